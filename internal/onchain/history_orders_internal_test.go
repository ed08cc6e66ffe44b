package onchain

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// TestHistoryBounds: an order of the chain lies between the positions historyBounds
// gives exactly when its key is in the query: time in [Start, End), key strictly after
// After and before Before in the order of every venue's keys, whatever the keys' sources
// and millisecond times.
func TestHistoryBounds(t *testing.T) {
	const source = "MIDDLE"
	var keys []*venue.OrderKey
	for _, ms := range []int64{9_999, 10_000, 10_001, 10_999, 11_000} {
		for _, src := range []string{"AAA", source, "ZZZ"} {
			for _, id := range []int64{0, 2, 3} {
				keys = append(keys, &venue.OrderKey{TimeMillis: ms, Source: src, ID: id})
			}
		}
	}
	keys = append(keys, nil)
	times := []time.Time{{}, time.UnixMilli(9_999), time.UnixMilli(10_000), time.UnixMilli(10_001), time.UnixMilli(11_000)}
	in := func(k venue.OrderKey, q venue.HistoryQuery) bool {
		return (q.Start.IsZero() || k.TimeMillis >= q.Start.UnixMilli()) && (q.End.IsZero() || k.TimeMillis < q.End.UnixMilli()) &&
			(q.After == nil || q.After.Less(k)) && (q.Before == nil || k.Less(*q.Before))
	}
	check := func(q venue.HistoryQuery) {
		lo, hi := historyBounds(source, q)
		for secs := int64(9); secs <= 11; secs++ {
			for id := int64(0); id <= 3; id++ {
				p := store.OrderPosition{BlockTime: secs, OrderID: id}
				k := venue.OrderKey{TimeMillis: secs * 1000, Source: source, ID: id}
				require.Equal(t, in(k, q), lo.Compare(p) < 0 && p.Compare(hi) < 0, "order %+v, query %s: bounds %+v %+v", p, describe(q), lo, hi)
			}
		}
	}
	for _, k := range keys {
		check(venue.HistoryQuery{After: k})
		check(venue.HistoryQuery{Before: k})
	}
	for _, start := range times {
		for _, end := range times {
			check(venue.HistoryQuery{Start: start, End: end})
			check(venue.HistoryQuery{Start: start, End: end, After: keys[4]})
			check(venue.HistoryQuery{Start: start, End: end, Before: keys[len(keys)-3]})
		}
	}
}

func describe(q venue.HistoryQuery) string {
	s := fmt.Sprintf("start %d end %d", q.Start.UnixMilli(), q.End.UnixMilli())
	if q.After != nil {
		s += fmt.Sprintf(" after %+v", *q.After)
	}
	if q.Before != nil {
		s += fmt.Sprintf(" before %+v", *q.Before)
	}
	return s
}
