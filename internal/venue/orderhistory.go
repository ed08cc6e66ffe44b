package venue

import (
	"context"
	"fmt"
	"slices"
)

var _ OrderHistorian = (*Router)(nil)

// Compare orders k and o in oldest-first order: -1 when k comes first, 0 when equal, +1
// when after.
func (k OrderKey) Compare(o OrderKey) int {
	switch {
	case k.Less(o):
		return -1
	case o.Less(k):
		return 1
	}
	return 0
}

// OrderHistory implements OrderHistorian over every venue that keeps order history (GET
// /v3/order-history): each answers q, the q.Limit orders nearest the bound it was given,
// and of their union the q.Limit nearest are those nearest overall.
func (r *Router) OrderHistory(ctx context.Context, c Caller, q HistoryQuery) ([]HistoryOrder, error) {
	out := []HistoryOrder{}
	for _, name := range r.names {
		h, ok := r.venues[name].(OrderHistorian)
		if !ok {
			continue
		}
		page, err := h.OrderHistory(ctx, c, q)
		if err != nil {
			return nil, fmt.Errorf("order history of %s: %w", name, err)
		}
		out = append(out, page...)
	}
	slices.SortFunc(out, func(a, b HistoryOrder) int {
		if q.NewestFirst {
			return b.Key.Compare(a.Key)
		}
		return a.Key.Compare(b.Key)
	})
	return out[:min(len(out), max(q.Limit, 0))], nil
}
