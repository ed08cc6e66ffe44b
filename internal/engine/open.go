package engine

import (
	"context"
	"sort"
	"sync"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// openBook is the engine's copy of its chain's open orders and open cancel requests,
// kept by the events its own follower applies, so that a round does not read every open
// order back from the store (issue 27 item 4: with 10,000 resting orders, that read was
// most of a round). An engine lives for one settler's lease (internal/app builds one per
// term) and the store fences every other settler's writes, so its follower is the only
// writer of its source's events: the copy equals the store's OpenOrders and
// OpenCancelRequests once loaded. A rollback, or a write whose outcome is unknown, drops
// it and the next round loads it again.
type openBook struct {
	chain.FollowerStore
	source string

	mu       sync.Mutex
	loaded   bool
	orders   map[uint64]dtw.Event
	requests map[uint64]dtw.Event
}

// openReader is the store's read of open orders and cancel requests.
type openReader interface {
	OpenOrders(ctx context.Context, source string) ([]dtw.Event, error)
	OpenCancelRequests(ctx context.Context, source string) ([]dtw.Event, error)
}

// ApplyBlocks implements chain.FollowerStore: the store first, then the copy.
func (b *openBook) ApplyBlocks(ctx context.Context, source string, refs []chain.BlockRef, events []dtw.Event, keep int) error {
	err := b.FollowerStore.ApplyBlocks(ctx, source, refs, events, keep)
	b.mu.Lock()
	defer b.mu.Unlock()
	if err != nil || source != b.source {
		b.loaded = false
		return err
	}
	if !b.loaded {
		return nil
	}
	for _, ev := range events {
		id := ev.OrderID
		if id == nil {
			continue
		}
		switch ev.Kind {
		case dtw.EventOrderPlaced:
			b.orders[id.Uint64()] = ev
		case dtw.EventCancelRequested:
			if _, open := b.orders[id.Uint64()]; open {
				b.requests[id.Uint64()] = ev
			}
		case dtw.EventOrderSettled, dtw.EventOrderCancelled:
			delete(b.orders, id.Uint64())
			delete(b.requests, id.Uint64())
		}
	}
	return nil
}

// RollbackFrom implements chain.FollowerStore; the copy is loaded again.
func (b *openBook) RollbackFrom(ctx context.Context, source string, number uint64) error {
	err := b.FollowerStore.RollbackFrom(ctx, source, number)
	b.mu.Lock()
	b.loaded = false
	b.mu.Unlock()
	return err
}

// open returns the open orders and open cancel requests, oldest first, loading them
// from st when the copy is not loaded.
func (b *openBook) open(ctx context.Context, st openReader) (orders, requests []dtw.Event, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.loaded {
		// Events the follower commits meanwhile are applied to the copy after it, again
		// if the reads saw them: every change is idempotent (set or delete by id).
		o, err := st.OpenOrders(ctx, b.source)
		if err != nil {
			return nil, nil, err
		}
		r, err := st.OpenCancelRequests(ctx, b.source)
		if err != nil {
			return nil, nil, err
		}
		b.orders, b.requests = make(map[uint64]dtw.Event, len(o)), make(map[uint64]dtw.Event, len(r))
		for _, ev := range o {
			b.orders[ev.OrderID.Uint64()] = ev
		}
		for _, ev := range r {
			b.requests[ev.OrderID.Uint64()] = ev
		}
		b.loaded = true
	}
	return sorted(b.orders), sorted(b.requests), nil
}

// sorted returns the events of m in chain order.
func sorted(m map[uint64]dtw.Event) []dtw.Event {
	out := make([]dtw.Event, 0, len(m))
	for _, ev := range m {
		out = append(out, ev)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].BlockNumber != out[j].BlockNumber {
			return out[i].BlockNumber < out[j].BlockNumber
		}
		return out[i].LogIndex < out[j].LogIndex
	})
	return out
}
