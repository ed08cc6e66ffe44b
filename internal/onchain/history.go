package onchain

import (
	"context"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Paging limits of the history endpoints, as the interface states them.
const (
	DefaultPageSize = 500
	MaxPageSize     = 2000
)

// Activity types of the history endpoints.
const (
	ActivityDeposit    = "DEPOSIT"
	ActivityWithdrawal = "WITHDRAWAL"
)

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidQuery, fmt.Sprintf(format, args...))
}

func parseTime(name, v string) (time.Time, error) {
	if v == "" {
		return time.Time{}, badQuery("%s is required (ISO 8601, e.g. 2026-01-02T15:04:05.000Z)", name)
	}
	t, err := time.Parse(time.RFC3339Nano, v)
	if err != nil {
		return time.Time{}, badQuery("%s %q is not an ISO 8601 timestamp such as 2026-01-02T15:04:05.000Z", name, echo.Value(v))
	}
	return t, nil
}

func formatCursor(e dtw.Event) string {
	return strconv.FormatUint(e.BlockNumber, 10) + "-" + strconv.FormatUint(uint64(e.LogIndex), 10)
}

func parseCursor(name, v string) (*store.ActivityCursor, error) {
	block, idx, ok := strings.Cut(v, "-")
	b, err1 := strconv.ParseUint(block, 10, 64)
	i, err2 := strconv.ParseUint(idx, 10, 32)
	if !ok || err1 != nil || err2 != nil {
		return nil, badQuery("%s %q is not a cursor from a previous response", name, echo.Value(v))
	}
	return &store.ActivityCursor{Block: b, LogIndex: uint(i)}, nil
}

// Activities answers GET /v3/deposits (kind Deposited) and GET /v3/withdrawals (kind
// Withdrawn) for the caller's wallets, with the interface's cursor paging: page_size
// (default 500, at most 2000), before or after (not both), order_by oldest_first (default)
// or newest_first, which reverses what before and after mean so paging stays consistent.
func (s *Service) Activities(ctx context.Context, accountID string, wallets []common.Address, kind dtw.EventKind, q url.Values) (api.ActivityPage, error) {
	c, err := s.chain(q.Get("source"))
	if err != nil {
		return api.ActivityPage{}, err
	}
	start, err := parseTime("start_time", q.Get("start_time"))
	if err != nil {
		return api.ActivityPage{}, err
	}
	end, err := parseTime("end_time", q.Get("end_time"))
	if err != nil {
		return api.ActivityPage{}, err
	}
	if end.Before(start) {
		return api.ActivityPage{}, badQuery("end_time is before start_time")
	}
	size := DefaultPageSize
	if v := q.Get("page_size"); v != "" {
		if size, err = strconv.Atoi(v); err != nil || size < 1 || size > MaxPageSize {
			return api.ActivityPage{}, badQuery("page_size %q: want an integer from 1 to %d", echo.Value(v), MaxPageSize)
		}
	}
	newestFirst := false
	switch q.Get("order_by") {
	case "", "oldest_first":
	case "newest_first":
		newestFirst = true
	default:
		return api.ActivityPage{}, badQuery("order_by %q: use oldest_first or newest_first", echo.Value(q.Get("order_by")))
	}
	if q.Get("before") != "" && q.Get("after") != "" {
		return api.ActivityPage{}, badQuery("before and after cannot be combined")
	}
	sq := store.ActivityQuery{Source: c.Source.Name, Kind: kind, Traders: wallets, Start: start.UnixMilli(), End: end.UnixMilli(),
		NewestFirst: newestFirst, Limit: size + 1}
	reverse := false
	if v := q.Get("after"); v != "" { // onward in the listing order
		cur, err := parseCursor("after", v)
		if err != nil {
			return api.ActivityPage{}, err
		}
		if newestFirst {
			sq.Before = cur
		} else {
			sq.After = cur
		}
	}
	if v := q.Get("before"); v != "" { // back in the listing order: read nearest first, then flip
		cur, err := parseCursor("before", v)
		if err != nil {
			return api.ActivityPage{}, err
		}
		if newestFirst {
			sq.After = cur
		} else {
			sq.Before = cur
		}
		sq.NewestFirst, reverse = !newestFirst, true
	}
	evs, err := s.store.Activities(ctx, sq)
	if err != nil {
		return api.ActivityPage{}, err
	}
	hasMore := len(evs) > size
	if hasMore {
		evs = evs[:size]
	}
	if reverse {
		slices.Reverse(evs)
	}
	page := api.ActivityPage{User: accountID, OrderSource: c.Source.Name, ActivityType: ActivityDeposit, Transactions: []api.AccountActivity{}, HasMore: hasMore}
	if kind == dtw.EventWithdrawn {
		page.ActivityType = ActivityWithdrawal
	}
	for _, e := range evs {
		a, _ := c.Source.AssetByAddress(e.Token)
		act := api.AccountActivity{Asset: assetName(a, e.Token), Amount: a.FromBaseUnits(e.Amount).String(),
			TimestampMillis: strconv.FormatUint(e.BlockTime*1000, 10)}
		if kind == dtw.EventWithdrawn {
			act.Reference = &api.ActivityReference{InstructionID: e.TxHash.Hex(), TransactionHash: e.TxHash.Hex(), ActivityLocation: c.Source.Name}
		}
		page.Transactions = append(page.Transactions, act)
	}
	if len(evs) > 0 {
		page.BeforeCursor, page.AfterCursor = formatCursor(evs[0]), formatCursor(evs[len(evs)-1])
	}
	return page, nil
}
