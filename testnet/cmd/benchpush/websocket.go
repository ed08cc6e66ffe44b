package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

var (
	wsClients = flag.Int("ws-clients", 1000, "ws_fanout: websockets subscribed to the pair")
	wsChanges = flag.Int("ws-changes", 50, "ws_fanout: price changes timed")
	wsPause   = flag.Duration("ws-pause", 20*time.Millisecond, "ws_fanout: wait between two changes once every socket has the last")
)

// wsPair is the pair every socket follows.
var wsPair = api.Subscription{ChannelType: api.ChannelPriceFeedUpdates,
	Body: &api.SubscriptionBody{Assets: []api.AssetPair{{SellingAsset: "eth", BuyingAsset: "usdt"}}}}

// fanoutRound is one price change: when its commit started, and what the sockets saw.
type fanoutRound struct {
	start   time.Time
	mu      sync.Mutex
	lats    []time.Duration
	pending atomic.Int64
	all     chan struct{}
}

// wsFanout prints ws_fanout_p50_ms, ws_fanout_p99_ms and ws_fanout_max_ms: the time from
// a price change's commit (a PRICE event written to the gateway's store as its settler
// writes one; the clock starts just before the write, so the commit is included) to its
// receipt by each of -ws-clients websockets (api/client Watch) subscribed to eth/usdt,
// over -ws-changes changes made one after another. The sockets belong to accounts of
// config.DefaultWSMaxConnectionsPerAccount sockets each, the default cap.
func wsFanout(ctx context.Context) error {
	if *wsClients < 1 || *wsChanges < 1 {
		return errors.New("-ws-clients and -ws-changes must be positive")
	}
	g, err := startGateway(ctx, nil)
	if err != nil {
		return err
	}
	defer g.stop()

	per := config.DefaultWSMaxConnectionsPerAccount
	nAccounts := (*wsClients + per - 1) / per
	clients := make([]*client.Client, nAccounts)
	for i := range clients {
		if clients[i], _, err = g.account(ctx, api.PermRead); err != nil {
			return err
		}
	}
	watches := make([]*client.Watch, *wsClients)
	defer func() {
		for _, w := range watches {
			if w != nil {
				_ = w.Close()
			}
		}
	}()
	if err := openWatches(ctx, clients, per, watches); err != nil {
		return err
	}

	var current atomic.Pointer[fanoutRound]
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	var readers sync.WaitGroup
	for _, w := range watches {
		readers.Add(1)
		go func() {
			defer readers.Done()
			for {
				m, err := w.Next(readCtx)
				if err != nil {
					return
				}
				if m.Price == nil || m.Price.EventID == "" {
					continue
				}
				got := time.Now()
				r := current.Load()
				r.mu.Lock()
				r.lats = append(r.lats, got.Sub(r.start))
				r.mu.Unlock()
				if r.pending.Add(-1) == 0 {
					close(r.all)
				}
			}
		}()
	}

	change := func(i int) (*fanoutRound, error) {
		r := &fanoutRound{all: make(chan struct{})}
		r.pending.Store(int64(len(watches)))
		current.Store(r)
		r.start = time.Now()
		err := outbox.Write(ctx, g.store(), outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: strconv.Itoa(3000 + i), UpdatedAt: time.Now()}})
		if err != nil {
			return nil, err
		}
		select {
		case <-r.all:
			return r, nil
		case <-time.After(30 * time.Second):
			return nil, fmt.Errorf("change %d: %d of %d sockets never got it", i, r.pending.Load(), len(watches))
		}
	}
	if _, err := change(-1); err != nil { // warm-up, not timed
		return err
	}
	var lats []time.Duration
	for i := range *wsChanges {
		r, err := change(i)
		if err != nil {
			return err
		}
		lats = append(lats, r.lats...)
		time.Sleep(*wsPause)
	}
	stopReading()
	readers.Wait()

	fmt.Printf("# ws_fanout: %d websockets (api/client Watch) of %d accounts subscribed to eth/usdt; %d price changes, one at a time; "+
		"each from just before the PRICE event's write to each socket's receipt\n", len(watches), nAccounts, *wsChanges)
	fmt.Printf("ws_fanout_p50_ms %.2f\n", ms(percentile(lats, 50)))
	fmt.Printf("ws_fanout_p99_ms %.2f\n", ms(percentile(lats, 99)))
	fmt.Printf("ws_fanout_max_ms %.2f\n", ms(percentile(lats, 100)))
	return nil
}

// openWatches opens the sockets, per of them on each client, 64 at a time, and reads the
// price each is sent on subscribing.
func openWatches(ctx context.Context, clients []*client.Client, per int, watches []*client.Watch) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	slots := make(chan struct{}, 64)
	for i := range watches {
		wg.Add(1)
		slots <- struct{}{}
		go func() {
			defer func() { <-slots; wg.Done() }()
			w, err := clients[i/per].Watch(ctx, wsPair)
			if err == nil {
				watches[i] = w
				var m client.Message
				if m, err = w.Next(ctx); err == nil && m.Price == nil {
					err = fmt.Errorf("first message %s is no price", m.Raw)
				}
			}
			if err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("socket %d: %w", i, err))
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}
