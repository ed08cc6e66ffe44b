package offchain

import (
	"context"
	"errors"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

var (
	_ venue.OrderHistorian = Venue{}
	_ venue.KindedOrders   = Venue{}
)

// OrderStatus implements venue.Venue: an OFFCHAIN order by its orderId.
func (v Venue) OrderStatus(ctx context.Context, c venue.Caller, orderID string) (api.OrderStatus, error) {
	id, err := strconv.ParseInt(orderID, 10, 64)
	if err != nil || id <= 0 {
		return api.OrderStatus{}, errorf(ErrInvalid, "orderId %q must be a positive integer", echo.Value(orderID))
	}
	o, err := v.t.st.OffchainOrderByID(ctx, c.AccountID, id)
	if errors.Is(err, store.ErrNotFound) {
		return api.OrderStatus{}, errorf(ErrNotFound, "no OFFCHAIN order %d of this account", id)
	}
	if err != nil {
		return api.OrderStatus{}, err
	}
	v2 := orderView(o)
	return v2, v.t.withReceipts(ctx, c.AccountID, &v2)
}

// OrderByInstruction implements venue.Venue: the swap with an instructionId.
func (v Venue) OrderByInstruction(ctx context.Context, c venue.Caller, instructionID string) (api.OrderStatus, error) {
	return v.OrderByInstructionKind(ctx, c, api.OrderKindSwap, instructionID)
}

// OrderByInstructionKind implements venue.KindedOrders: the swap or the RFQ trade with an
// instructionId.
func (v Venue) OrderByInstructionKind(ctx context.Context, c venue.Caller, kind, instructionID string) (api.OrderStatus, error) {
	kind = strings.ToUpper(kind)
	if kind != api.OrderKindSwap && kind != api.OrderKindRFQ {
		return api.OrderStatus{}, errorf(ErrInvalidQuery, "type %q must be SWAP or RFQ", echo.Value(kind))
	}
	o, err := v.t.st.OffchainOrder(ctx, c.AccountID, kind, instructionID)
	if errors.Is(err, store.ErrNotFound) {
		return api.OrderStatus{}, errorf(ErrNotFound, "no OFFCHAIN %s order with instructionId %q", kind, echo.Value(instructionID))
	}
	if err != nil {
		return api.OrderStatus{}, err
	}
	v2 := orderView(o)
	return v2, v.t.withReceipts(ctx, c.AccountID, &v2)
}

// storeCursor turns a history key bound into the store's (created_at, id) bound for
// OFFCHAIN orders: at the same time, a key of a source before OFFCHAIN comes before every
// OFFCHAIN order (id 0), one after it after every one (the largest id).
func storeCursor(k *venue.OrderKey) *store.OrderCursor {
	if k == nil {
		return nil
	}
	c := &store.OrderCursor{CreatedAt: millisTime(k.TimeMillis), ID: k.ID}
	switch {
	case k.Source < Source:
		c.ID = 0
	case k.Source > Source:
		c.ID = math.MaxInt64
	}
	return c
}

// OrderHistory implements venue.OrderHistorian over the account's OFFCHAIN orders.
func (v Venue) OrderHistory(ctx context.Context, c venue.Caller, q venue.HistoryQuery) ([]venue.HistoryOrder, error) {
	desc := q.Before != nil || (q.After == nil && q.NewestFirst)
	orders, err := v.t.st.OffchainOrderHistory(ctx, store.OrderHistoryQuery{AccountID: c.AccountID, Start: q.Start, End: q.End,
		After: storeCursor(q.After), Before: storeCursor(q.Before), Desc: desc, Limit: q.Limit})
	if err != nil {
		return nil, err
	}
	if desc != q.NewestFirst {
		slices.Reverse(orders)
	}
	out := make([]venue.HistoryOrder, len(orders))
	views := make([]*api.OrderStatus, len(orders))
	for i, o := range orders {
		out[i] = venue.HistoryOrder{Key: venue.OrderKey{TimeMillis: o.CreatedAt.UnixMilli(), Source: Source, ID: o.ID}, Order: orderView(o)}
		views[i] = &out[i].Order
	}
	return out, v.t.withReceipts(ctx, c.AccountID, views...)
}

// millisTime is a Unix-milliseconds time.
func millisTime(ms int64) time.Time { return time.UnixMilli(ms) }
