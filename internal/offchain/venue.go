package offchain

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// Activity types of the history pages (as the chains name them).
const (
	activityDeposit    = "DEPOSIT"
	activityWithdrawal = "WITHDRAWAL"
)

// Venue is the OFFCHAIN venue of the shared endpoints: balances and activity from
// Balances, orders and commissions from Trading.
type Venue struct {
	b *Balances
	t *Trading
}

var (
	_ venue.Venue    = Venue{}
	_ venue.Balancer = Venue{}
	_ venue.Lender   = Venue{}
)

// NewVenue returns the venue over b and t, for the router of the shared endpoints.
func NewVenue(b *Balances, t *Trading) Venue { return Venue{b: b, t: t} }

// Source implements venue.Venue.
func (Venue) Source() string { return Source }

// Assets implements venue.Venue: the lower-case tickers of the venue's assets.
func (v Venue) Assets(context.Context) (api.AssetsResponse, error) {
	return api.AssetsResponse{Assets: slices.Clone(v.b.ids)}, nil
}

// TokenInformation implements venue.Venue: each asset's token on every chain that has
// it (token is the chain's source name); a fiat asset has none.
func (v Venue) TokenInformation(context.Context) (api.TokenInformationResponse, error) {
	out := api.TokenInformationResponse{TokenInfoResponses: []api.TokenInfoResponse{}}
	for _, id := range v.b.ids {
		a := v.b.assets[id]
		info := api.TokenInfoResponse{Asset: id, Tokens: []api.TokenInfo{}}
		for _, t := range a.Tokens {
			info.Tokens = append(info.Tokens, api.TokenInfo{Token: t.Source, TokenAddress: t.Address, Decimals: strconv.Itoa(int(t.Decimals))})
		}
		out.TokenInfoResponses = append(out.TokenInfoResponses, info)
	}
	return out, nil
}

// Balances implements venue.Balancer: the account's ledger balances.
func (v Venue) Balances(ctx context.Context, c venue.Caller) ([]api.BalanceV2, error) {
	return v.b.Balances(ctx, c.AccountID)
}

// CreditLimits implements venue.Lender.
func (v Venue) CreditLimits(ctx context.Context, accountID string) (decimal.Decimal, decimal.Decimal, error) {
	return v.b.creditLimits(ctx, accountID)
}

// Deposits implements venue.Venue: the account's deposit entries.
func (v Venue) Deposits(ctx context.Context, c venue.Caller, q api.PageRequest) (api.ActivityPage, error) {
	return v.b.history(ctx, c.AccountID, ledger.KindDeposit, q)
}

// Withdrawals implements venue.Venue: the account's completed withdrawals, each with its
// reference (instructionId, transaction hash, location).
func (v Venue) Withdrawals(ctx context.Context, c venue.Caller, q api.PageRequest) (api.ActivityPage, error) {
	return v.b.history(ctx, c.AccountID, ledger.KindWithdrawal, q)
}

// parseCursor reads a cursor of history: an entry id.
func parseCursor(param, v string) (int64, error) {
	id, err := strconv.ParseInt(v, 10, 64)
	if err != nil || id <= 0 {
		return 0, errorf(ErrInvalidQuery, "%s %q is not a cursor of this listing", param, echo.Value(v))
	}
	return id, nil
}

// idPage is a page request's id bounds: cursors are ids of a previous page, and
// newest_first reverses what before and after mean; desc is the order to read in, and
// reverse says the page read must be reversed to answer.
type idPage struct {
	after, before int64
	desc, reverse bool
}

// idBounds reads q's cursors.
func idBounds(q api.PageRequest) (idPage, error) {
	b := idPage{desc: q.NewestFirst}
	if q.After != "" {
		id, err := parseCursor(api.ParamAfter, q.After)
		if err != nil {
			return b, err
		}
		if q.NewestFirst {
			b.before = id
		} else {
			b.after = id
		}
	}
	if q.Before != "" {
		id, err := parseCursor(api.ParamBefore, q.Before)
		if err != nil {
			return b, err
		}
		if q.NewestFirst {
			b.after = id
		} else {
			b.before = id
		}
		b.desc, b.reverse = !q.NewestFirst, true
	}
	return b, nil
}

// history pages an account's entries of a kind with the interface's cursor paging (as
// the chains do): newest_first reverses what before and after mean.
func (s *Balances) history(ctx context.Context, accountID, kind string, q api.PageRequest) (api.ActivityPage, error) {
	size := q.PageSize
	lq := store.LedgerQuery{AccountID: accountID, Kinds: []string{kind}, Start: q.Start.UnixMilli(), Newest: q.NewestFirst, Limit: size + 1}
	if !q.End.IsZero() {
		lq.End = q.End.UnixMilli()
	}
	b, err := idBounds(q)
	if err != nil {
		return api.ActivityPage{}, err
	}
	lq.AfterID, lq.BeforeID, lq.Newest = b.after, b.before, b.desc
	reverse := b.reverse
	entries, err := s.st.LedgerEntries(ctx, lq)
	if err != nil {
		return api.ActivityPage{}, err
	}
	hasMore := len(entries) > size
	if hasMore {
		entries = entries[:size]
	}
	if reverse {
		slices.Reverse(entries)
	}
	page := api.ActivityPage{User: accountID, OrderSource: Source, ActivityType: activityDeposit, Transactions: []api.AccountActivity{}, HasMore: hasMore}
	if kind == ledger.KindWithdrawal {
		page.ActivityType = activityWithdrawal
	}
	book := ledger.UserBook(accountID)
	for _, e := range entries {
		act := api.AccountActivity{TimestampMillis: strconv.FormatInt(e.CreatedAt.UnixMilli(), 10)}
		amount := decimal.Zero
		for _, p := range e.Postings {
			if p.Book == book {
				act.Asset, amount = p.Asset, amount.Add(p.Amount)
			}
		}
		act.Amount = amount.Abs().String()
		if kind == ledger.KindWithdrawal {
			var m WithdrawalMeta
			_ = json.Unmarshal(e.Meta, &m)
			act.Reference = &api.ActivityReference{InstructionID: m.InstructionID, TransactionHash: m.TransactionHash, ActivityLocation: m.Location}
		} else {
			// A deposit paid on a chain (to the account's deposit address) names its
			// transaction; a bank transfer has none.
			var m DepositMeta
			if json.Unmarshal(e.Meta, &m) == nil && m.TransactionHash != "" {
				act.Reference = &api.ActivityReference{TransactionHash: m.TransactionHash, ActivityLocation: m.Location}
			}
		}
		page.Transactions = append(page.Transactions, act)
	}
	if len(entries) > 0 {
		page.BeforeCursor = strconv.FormatInt(entries[0].ID, 10)
		page.AfterCursor = strconv.FormatInt(entries[len(entries)-1].ID, 10)
	}
	return page, nil
}
