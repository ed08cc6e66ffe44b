package onchain

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Activity types of the history endpoints.
const (
	ActivityDeposit    = "DEPOSIT"
	ActivityWithdrawal = "WITHDRAWAL"
)

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidQuery, fmt.Sprintf(format, args...))
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

// activities answers GET /v3/deposits (kind Deposited) and GET /v3/withdrawals (kind
// Withdrawn) for the caller's wallets, with the interface's cursor paging: q is checked by
// the caller except for its cursors; NewestFirst reverses what Before and After mean so
// paging stays consistent.
func (s *Service) activities(ctx context.Context, c *Chain, accountID string, wallets []common.Address, kind dtw.EventKind, q api.PageRequest) (api.ActivityPage, error) {
	size := q.PageSize
	sq := store.ActivityQuery{Source: c.Source.Name, Kind: kind, Traders: wallets, Start: q.Start.UnixMilli(), End: q.End.UnixMilli(),
		NewestFirst: q.NewestFirst, Limit: size + 1}
	reverse := false
	if q.After != "" { // onward in the listing order
		cur, err := parseCursor(api.ParamAfter, q.After)
		if err != nil {
			return api.ActivityPage{}, err
		}
		if q.NewestFirst {
			sq.Before = cur
		} else {
			sq.After = cur
		}
	}
	if q.Before != "" { // back in the listing order: read nearest first, then flip
		cur, err := parseCursor(api.ParamBefore, q.Before)
		if err != nil {
			return api.ActivityPage{}, err
		}
		if q.NewestFirst {
			sq.After = cur
		} else {
			sq.Before = cur
		}
		sq.NewestFirst, reverse = !q.NewestFirst, true
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
		// A deposit names its transaction as a withdrawal does: on a chain, the
		// transaction is the instruction.
		act := api.AccountActivity{Asset: assetName(a, e.Token), Amount: a.FromBaseUnits(e.Amount).String(),
			TimestampMillis: strconv.FormatUint(e.BlockTime*1000, 10),
			Reference:       &api.ActivityReference{InstructionID: e.TxHash.Hex(), TransactionHash: e.TxHash.Hex(), ActivityLocation: c.Source.Name}}
		page.Transactions = append(page.Transactions, act)
	}
	if len(evs) > 0 {
		page.BeforeCursor, page.AfterCursor = formatCursor(evs[0]), formatCursor(evs[len(evs)-1])
	}
	return page, nil
}
