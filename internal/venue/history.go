package venue

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
)

// OrderKey places an order in the order history of every venue: by time, then source,
// then the venue's order id. Cursors of GET /v3/order-history encode it.
type OrderKey struct {
	// TimeMillis is when the order was placed, in Unix milliseconds.
	TimeMillis int64
	// Source is the venue's source name.
	Source string
	// ID is the venue's order id (the DTW contract's orderId, the OFFCHAIN order's id).
	ID int64
}

// Less reports whether k comes before o in oldest-first order.
func (k OrderKey) Less(o OrderKey) bool {
	if k.TimeMillis != o.TimeMillis {
		return k.TimeMillis < o.TimeMillis
	}
	if k.Source != o.Source {
		return k.Source < o.Source
	}
	return k.ID < o.ID
}

// HistoryQuery asks a venue for a page of the caller's orders.
type HistoryQuery struct {
	// Start and End bound the placement time (inclusive start, exclusive end); zero for
	// no bound.
	Start, End time.Time
	// After, when set, returns only orders after it (in oldest-first order); Before only
	// orders before it. At most one is set.
	After, Before *OrderKey
	// NewestFirst returns the orders newest first (after Before, or from the newest).
	NewestFirst bool
	// Limit is the most orders returned (the page size plus one, to learn hasMore).
	Limit int
}

// HistoryOrder is one order of a venue's history with its key.
type HistoryOrder struct {
	Key   OrderKey
	Order api.OrderStatus
}

// OrderHistorian is a venue that keeps the caller's orders (GET /v3/order-history merges
// every venue's).
type OrderHistorian interface {
	// OrderHistory returns up to q.Limit of the caller's orders with placement time in
	// [Start, End) and keys strictly after q.After or strictly before q.Before (in
	// oldest-first key order). It takes the Limit keys nearest the bound it was given
	// (with neither: the oldest, or the newest when NewestFirst), and returns them newest
	// first when NewestFirst, oldest first otherwise.
	OrderHistory(ctx context.Context, c Caller, q HistoryQuery) ([]HistoryOrder, error)
}

// KindedOrders is a venue with several kinds of orders per instructionId (OFFCHAIN: SWAP
// and RFQ): GET /v2/order/{source}/{instructionId}?type=KIND asks it for one kind.
type KindedOrders interface {
	OrderByInstructionKind(ctx context.Context, c Caller, kind, instructionID string) (api.OrderStatus, error)
}

// Commissioner is a venue whose commission depends on the account (OFFCHAIN: an
// operator's per-account setting): GET /v2/commission-rate/{source} asks it.
type Commissioner interface {
	CommissionRate(ctx context.Context, c Caller, sell, buy string) (decimal.Decimal, error)
}
