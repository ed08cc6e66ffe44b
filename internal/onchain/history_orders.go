package onchain

import (
	"context"
	"errors"
	"math"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

var _ venue.OrderHistorian = chainVenue{}

// OrderHistory implements venue.OrderHistorian: the DTW orders the caller's wallets
// placed on the chain, keyed by the placing block's time and the gateway's order id, each
// as GET /v3/order-status answers it.
func (v chainVenue) OrderHistory(ctx context.Context, c venue.Caller, q venue.HistoryQuery) ([]venue.HistoryOrder, error) {
	src, ok := v.s.store.(store.ChainOrderHistory)
	if !ok {
		return nil, errors.New("the store keeps no order history")
	}
	name := v.c.Source.Name
	lo, hi := historyBounds(name, q)
	if hi.Compare(lo) <= 0 {
		return []venue.HistoryOrder{}, nil
	}
	views, err := src.ChainOrderHistory(ctx, store.ChainOrderQuery{Source: name, Traders: c.Wallets, After: &lo, Before: &hi,
		NewestFirst: q.NewestFirst, Limit: q.Limit})
	if err != nil {
		return nil, err
	}
	out := make([]venue.HistoryOrder, 0, len(views))
	for _, view := range views {
		st, err := formatOrderStatus(v.c, view)
		if err != nil {
			return nil, err
		}
		p := view.Order.Placed
		out = append(out, venue.HistoryOrder{Key: venue.OrderKey{TimeMillis: int64(p.BlockTime) * 1000, Source: name, ID: p.OrderID.Int64()}, Order: st})
	}
	return out, nil
}

// historyBounds turns q's times and keys into the exclusive positions, in the chain's
// order history, between which source's orders are in q. A key's time is in milliseconds
// and block times in seconds, and at equal times a key of another source comes before or
// after every order of this one.
func historyBounds(source string, q venue.HistoryQuery) (lo, hi store.OrderPosition) {
	lo, hi = store.OrderPosition{BlockTime: math.MinInt64, OrderID: math.MinInt64}, store.OrderPosition{BlockTime: math.MaxInt64, OrderID: math.MaxInt64}
	raise := func(p store.OrderPosition) {
		if p.Compare(lo) > 0 {
			lo = p
		}
	}
	lower := func(p store.OrderPosition) {
		if p.Compare(hi) < 0 {
			hi = p
		}
	}
	if !q.Start.IsZero() { // block time * 1000 >= start
		raise(store.OrderPosition{BlockTime: ceilSeconds(q.Start), OrderID: math.MinInt64})
	}
	if !q.End.IsZero() { // block time * 1000 < end
		lower(store.OrderPosition{BlockTime: ceilSeconds(q.End), OrderID: math.MinInt64})
	}
	if k := q.After; k != nil {
		secs, exact := splitMillis(k.TimeMillis)
		switch c := strings.Compare(source, k.Source); {
		case !exact || c < 0: // every order of the key's second is at or before it
			raise(store.OrderPosition{BlockTime: secs, OrderID: math.MaxInt64})
		case c > 0: // every order of the key's second is after it
			raise(store.OrderPosition{BlockTime: secs, OrderID: math.MinInt64})
		default:
			raise(store.OrderPosition{BlockTime: secs, OrderID: k.ID})
		}
	}
	if k := q.Before; k != nil {
		secs, exact := splitMillis(k.TimeMillis)
		switch c := strings.Compare(source, k.Source); {
		case !exact || c < 0: // every order of the key's second is before it
			lower(store.OrderPosition{BlockTime: secs + 1, OrderID: math.MinInt64})
		case c > 0: // every order of the key's second is at or after it
			lower(store.OrderPosition{BlockTime: secs, OrderID: math.MinInt64})
		default:
			lower(store.OrderPosition{BlockTime: secs, OrderID: k.ID})
		}
	}
	return lo, hi
}

// splitMillis returns the whole second at or before ms, and whether ms is that second.
func splitMillis(ms int64) (secs int64, exact bool) {
	secs = ms / 1000
	if ms%1000 < 0 {
		secs--
	}
	return secs, ms%1000 == 0
}

// ceilSeconds is the first whole second at or after t.
func ceilSeconds(t time.Time) int64 {
	secs, exact := splitMillis(t.UnixMilli())
	if !exact {
		secs++
	}
	return secs
}
