package client

import (
	"context"
	"errors"
	"iter"
	"net/url"
	"strconv"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// Orderings of the history endpoints' order_by parameter.
const (
	OldestFirst = api.OrderOldestFirst
	NewestFirst = api.OrderNewestFirst
)

// TimeFormat is how start_time and end_time are sent: ISO 8601 with milliseconds, UTC.
const TimeFormat = api.TimeFormat

// ActivityQuery selects a page of deposits or withdrawals.
type ActivityQuery struct {
	// Source is the chain; required.
	Source string
	// Start and End bound the activity's time; both required.
	Start, End time.Time
	// PageSize is the number of items per page, 1 to 2000; 0 leaves the gateway's
	// default (500).
	PageSize int
	// Before and After are cursors of a previous page (BeforeCursor, AfterCursor); at
	// most one may be set.
	Before, After string
	// OrderBy is OldestFirst (the gateway's default when empty) or NewestFirst.
	OrderBy string
}

func (q ActivityQuery) values() (url.Values, error) {
	if err := required(api.ParamSource, q.Source); err != nil {
		return nil, err
	}
	if q.Start.IsZero() || q.End.IsZero() {
		return nil, errors.New("start and end time are required")
	}
	if q.Before != "" && q.After != "" {
		return nil, errors.New("before and after cannot be combined")
	}
	v := url.Values{
		api.ParamSource:    {q.Source},
		api.ParamStartTime: {q.Start.UTC().Format(TimeFormat)},
		api.ParamEndTime:   {q.End.UTC().Format(TimeFormat)},
	}
	if q.PageSize > 0 {
		v.Set(api.ParamPageSize, strconv.Itoa(q.PageSize))
	}
	if q.Before != "" {
		v.Set(api.ParamBefore, q.Before)
	}
	if q.After != "" {
		v.Set(api.ParamAfter, q.After)
	}
	if q.OrderBy != "" {
		v.Set(api.ParamOrderBy, q.OrderBy)
	}
	return v, nil
}

// Deposits returns one page of the account's deposits (GET /v3/deposits).
func (c *Client) Deposits(ctx context.Context, q ActivityQuery) (api.ActivityPage, error) {
	return c.activityPage(ctx, api.PathDeposits, q)
}

// Withdrawals returns one page of the account's withdrawals (GET /v3/withdrawals).
func (c *Client) Withdrawals(ctx context.Context, q ActivityQuery) (api.ActivityPage, error) {
	return c.activityPage(ctx, api.PathWithdrawalHistory, q)
}

// AllDeposits iterates over every deposit q selects, page by page; see allActivities.
func (c *Client) AllDeposits(ctx context.Context, q ActivityQuery) iter.Seq2[api.AccountActivity, error] {
	return c.allActivities(ctx, api.PathDeposits, q)
}

// AllWithdrawals iterates over every withdrawal q selects, page by page.
func (c *Client) AllWithdrawals(ctx context.Context, q ActivityQuery) iter.Seq2[api.AccountActivity, error] {
	return c.allActivities(ctx, api.PathWithdrawalHistory, q)
}

func (c *Client) activityPage(ctx context.Context, path string, q ActivityQuery) (api.ActivityPage, error) {
	v, err := q.values()
	if err != nil {
		return api.ActivityPage{}, err
	}
	return get[api.ActivityPage](ctx, c, path, v)
}

// allActivities walks the pages onward from q.After (or the start) in q.OrderBy order,
// following each page's AfterCursor while HasMore. When q.Before is set it walks back
// instead, following BeforeCursor; items of each page still come in listing order. An
// error ends the sequence after it is yielded.
func (c *Client) allActivities(ctx context.Context, path string, q ActivityQuery) iter.Seq2[api.AccountActivity, error] {
	return func(yield func(api.AccountActivity, error) bool) {
		backward := q.Before != ""
		for {
			page, err := c.activityPage(ctx, path, q)
			if err != nil {
				yield(api.AccountActivity{}, err)
				return
			}
			for _, a := range page.Transactions {
				if !yield(a, nil) {
					return
				}
			}
			if !page.HasMore || len(page.Transactions) == 0 {
				return
			}
			if backward {
				q.Before = page.BeforeCursor
			} else {
				q.After = page.AfterCursor
			}
		}
	}
}
