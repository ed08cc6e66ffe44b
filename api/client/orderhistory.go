package client

import (
	"context"
	"iter"
	"net/url"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// OrderHistoryQuery selects a page of the order history of every venue.
type OrderHistoryQuery struct {
	// Start and End bound the orders' placement time (Start inclusive, End exclusive);
	// zero for no bound.
	Start, End time.Time
	// PageSize is the number of orders per page, 1 to 2000; 0 leaves the gateway's
	// default (500).
	PageSize int
	// Before and After are cursors of a previous page (BeforeCursor, AfterCursor); at
	// most one may be set.
	Before, After string
	// OrderBy is OldestFirst (the gateway's default when empty) or NewestFirst.
	OrderBy string
}

func (q OrderHistoryQuery) values() (url.Values, error) {
	v := url.Values{}
	if !q.Start.IsZero() {
		v.Set(api.ParamStartTime, q.Start.UTC().Format(TimeFormat))
	}
	if !q.End.IsZero() {
		v.Set(api.ParamEndTime, q.End.UTC().Format(TimeFormat))
	}
	return v, pageValues(v, q.PageSize, q.Before, q.After, q.OrderBy)
}

// OrderHistory returns one page of the orders of every venue, OFFCHAIN and each chain
// (GET /v3/order-history); subAccount "" is the caller's own account, else one of its
// sub-accounts (GET /v3/accounts/{accountId}/order-history).
func (c *Client) OrderHistory(ctx context.Context, subAccount string, q OrderHistoryQuery) (api.OrderHistoryPage, error) {
	v, err := q.values()
	if err != nil {
		return api.OrderHistoryPage{}, err
	}
	return get[api.OrderHistoryPage](ctx, c, accountPath(api.PathOrderHistory, api.PathSubOrderHistory, subAccount), v)
}

// AllOrders iterates over every order q selects, page by page: onward from q.After (or
// the first order) in q.OrderBy order, or back from q.Before. An error ends the sequence
// after it is yielded.
func (c *Client) AllOrders(ctx context.Context, subAccount string, q OrderHistoryQuery) iter.Seq2[api.Order, error] {
	return walkPages(q.Before, q.After, func(before, after string) (cursorPage[api.Order], error) {
		q.Before, q.After = before, after
		p, err := c.OrderHistory(ctx, subAccount, q)
		return cursorPage[api.Order]{items: p.Orders, before: p.BeforeCursor, after: p.AfterCursor, more: p.HasMore}, err
	})
}
