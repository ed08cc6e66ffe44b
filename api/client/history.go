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
	v := url.Values{
		api.ParamSource:    {q.Source},
		api.ParamStartTime: {q.Start.UTC().Format(TimeFormat)},
		api.ParamEndTime:   {q.End.UTC().Format(TimeFormat)},
	}
	return v, pageValues(v, q.PageSize, q.Before, q.After, q.OrderBy)
}

// pageValues adds the paging parameters that are set to v.
func pageValues(v url.Values, pageSize int, before, after, orderBy string) error {
	if before != "" && after != "" {
		return errors.New("before and after cannot be combined")
	}
	if pageSize > 0 {
		v.Set(api.ParamPageSize, strconv.Itoa(pageSize))
	}
	if before != "" {
		v.Set(api.ParamBefore, before)
	}
	if after != "" {
		v.Set(api.ParamAfter, after)
	}
	if orderBy != "" {
		v.Set(api.ParamOrderBy, orderBy)
	}
	return nil
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

// allActivities walks the pages of deposits or withdrawals; see walkPages.
func (c *Client) allActivities(ctx context.Context, path string, q ActivityQuery) iter.Seq2[api.AccountActivity, error] {
	return walkPages(q.Before, q.After, func(before, after string) (cursorPage[api.AccountActivity], error) {
		q.Before, q.After = before, after
		p, err := c.activityPage(ctx, path, q)
		return cursorPage[api.AccountActivity]{items: p.Transactions, before: p.BeforeCursor, after: p.AfterCursor, more: p.HasMore}, err
	})
}

// cursorPage is a page of a cursor-paged endpoint.
type cursorPage[T any] struct {
	items         []T
	before, after string
	more          bool
}

// walkPages walks the pages onward from after (or the start) in the listing order,
// following each page's after cursor while there are more. When before is set it walks
// back instead, following each page's before cursor; items of each page still come in
// listing order. An error ends the sequence after it is yielded.
func walkPages[T any](before, after string, fetch func(before, after string) (cursorPage[T], error)) iter.Seq2[T, error] {
	return func(yield func(T, error) bool) {
		backward := before != ""
		for {
			page, err := fetch(before, after)
			if err != nil {
				var zero T
				yield(zero, err)
				return
			}
			for _, item := range page.items {
				if !yield(item, nil) {
					return
				}
			}
			if !page.more || len(page.items) == 0 {
				return
			}
			if backward {
				before = page.before
			} else {
				after = page.after
			}
		}
	}
}
