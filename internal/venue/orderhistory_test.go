package venue_test

import (
	"context"
	"errors"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// historian is a venue whose order history is keys, paged as OrderHistorian says.
type historian struct {
	named
	keys []venue.OrderKey
	err  error
}

func (h historian) OrderHistory(_ context.Context, _ venue.Caller, q venue.HistoryQuery) ([]venue.HistoryOrder, error) {
	if h.err != nil {
		return nil, h.err
	}
	var in []venue.HistoryOrder
	for _, k := range h.keys {
		t := k.TimeMillis
		if (q.Start.IsZero() || t >= q.Start.UnixMilli()) && (q.End.IsZero() || t < q.End.UnixMilli()) &&
			(q.After == nil || q.After.Less(k)) && (q.Before == nil || k.Less(*q.Before)) {
			in = append(in, venue.HistoryOrder{Key: k, Order: api.OrderStatus{OrderSource: k.Source}})
		}
	}
	slices.SortFunc(in, func(a, b venue.HistoryOrder) int { return a.Key.Compare(b.Key) })
	if q.NewestFirst {
		slices.Reverse(in)
	}
	return in[:min(len(in), q.Limit)], nil
}

func keysOf(orders []venue.HistoryOrder) []venue.OrderKey {
	out := []venue.OrderKey{}
	for _, o := range orders {
		out = append(out, o.Key)
	}
	return out
}

// TestRouterOrderHistory: the router's order history is every historian venue's, merged in
// key order (time, then source, then id), the Limit nearest the bound; venues without
// order history are skipped; a venue's failure fails the whole.
func TestRouterOrderHistory(t *testing.T) {
	eth := historian{named: named{name: "ETHEREUM"}, keys: []venue.OrderKey{
		{TimeMillis: 1000, Source: "ETHEREUM", ID: 1}, {TimeMillis: 2000, Source: "ETHEREUM", ID: 2}, {TimeMillis: 2000, Source: "ETHEREUM", ID: 3},
	}}
	off := historian{named: named{name: "OFFCHAIN"}, keys: []venue.OrderKey{
		{TimeMillis: 1500, Source: "OFFCHAIN", ID: 9}, {TimeMillis: 2000, Source: "OFFCHAIN", ID: 1}, {TimeMillis: 2001, Source: "OFFCHAIN", ID: 2},
	}}
	r, err := venue.NewRouter(eth, off, named{name: "OPTIMISM"})
	require.NoError(t, err)
	all := append(slices.Clone(eth.keys), off.keys...)
	slices.SortFunc(all, venue.OrderKey.Compare)
	require.Equal(t, venue.OrderKey{TimeMillis: 2000, Source: "ETHEREUM", ID: 3}, all[3], "ETHEREUM before OFFCHAIN at the same time")

	ctx := context.Background()
	for _, c := range []struct {
		name string
		q    venue.HistoryQuery
		want []venue.OrderKey
	}{
		{"all", venue.HistoryQuery{Limit: 10}, all},
		{"oldest", venue.HistoryQuery{Limit: 2}, all[:2]},
		{"newest", venue.HistoryQuery{Limit: 2, NewestFirst: true}, []venue.OrderKey{all[5], all[4]}},
		{"after", venue.HistoryQuery{Limit: 3, After: &all[1]}, all[2:5]},
		{"before, nearest first", venue.HistoryQuery{Limit: 2, Before: &all[4], NewestFirst: true}, []venue.OrderKey{all[3], all[2]}},
		{"no limit", venue.HistoryQuery{}, []venue.OrderKey{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := r.OrderHistory(ctx, venue.Caller{}, c.q)
			require.NoError(t, err)
			require.Equal(t, c.want, keysOf(got))
		})
	}

	broken := historian{named: named{name: "ETHEREUM"}, err: errors.New("disk on fire")}
	r, err = venue.NewRouter(broken, off)
	require.NoError(t, err)
	_, err = r.OrderHistory(ctx, venue.Caller{}, venue.HistoryQuery{Limit: 1})
	require.ErrorContains(t, err, "disk on fire")
}
