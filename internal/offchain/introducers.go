package offchain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// ErrNotIntroducer: introducer revenue is asked by an account that introduced nobody.
var ErrNotIntroducer = errors.New("not an introducer")

var _ venue.Commissioner = Venue{}

// CommissionRate implements venue.Commissioner: the account's OFFCHAIN commission.
func (v Venue) CommissionRate(ctx context.Context, c venue.Caller, sell, buy string) (decimal.Decimal, error) {
	return v.t.commissionRate(ctx, c.AccountID, strings.ToLower(sell), strings.ToLower(buy))
}

// SetCommission records an account's OFFCHAIN commission (an operator's command): bps
// for a pair ("sell/buy" of the venue's assets), or for every pair when pair is empty.
func (s *Introducers) SetCommission(ctx context.Context, accountID string, bps int64, pair string) error {
	if bps < 0 || bps >= 10_000 {
		return errorf(ErrInvalid, "commission %d bps: want 0 to 9999", bps)
	}
	if pair != "" {
		sell, buy, ok := strings.Cut(strings.ToLower(pair), "/")
		if !ok {
			return errorf(ErrInvalid, "pair %q must be SELL/BUY, e.g. eth/usdc", echo.Value(pair))
		}
		if _, _, err := s.checkPair(sell, buy); err != nil {
			return err
		}
		pair = sell + "/" + buy
	}
	if _, err := s.st.GetAccount(ctx, accountID); errors.Is(err, store.ErrNotFound) {
		return errorf(ErrInvalid, "no account %q", echo.Value(accountID))
	} else if err != nil {
		return err
	}
	return s.st.SetAccountCommission(ctx, store.AccountCommission{AccountID: accountID, Source: Source, Pair: pair, Bps: bps, UpdatedAt: s.now()})
}

// SetIntroducer records that introducer takes share (0 < share <= 1) of the commission
// client pays on OFFCHAIN trades while active (an operator's command). A client has at
// most one active introducer.
func (s *Introducers) SetIntroducer(ctx context.Context, introducerID, clientID, share string, active bool) error {
	d, err := chain.ParseDecimal(share)
	if err != nil || !d.IsPositive() || d.GreaterThan(decimal.NewFromInt(1)) || -d.Exponent() > 18 {
		return errorf(ErrInvalid, "share %q must be a fraction of the commission, above 0 and at most 1", echo.Value(share))
	}
	if introducerID == clientID {
		return errorf(ErrInvalid, "an account cannot introduce itself")
	}
	for _, id := range []string{introducerID, clientID} {
		if _, err := s.st.GetAccount(ctx, id); errors.Is(err, store.ErrNotFound) {
			return errorf(ErrInvalid, "no account %q", echo.Value(id))
		} else if err != nil {
			return err
		}
	}
	now := s.now()
	err = s.st.PutIntroducer(ctx, store.IntroducerRelationship{IntroducerID: introducerID, ClientID: clientID, Share: d, Active: active,
		CreatedAt: now, UpdatedAt: now})
	if errors.Is(err, store.ErrConflict) {
		return errorf(ErrInvalid, "account %s has another active introducer: deactivate that relationship first", clientID)
	}
	return err
}

// Relationships answers GET /v3/introducer-relationships: those the account is part of,
// as introducer or as client.
func (s *Introducers) Relationships(ctx context.Context, accountID string) (api.RelationshipsResponse, error) {
	rels, err := s.st.IntroducerRelationships(ctx, accountID)
	if err != nil {
		return api.RelationshipsResponse{}, err
	}
	out := api.RelationshipsResponse{Relationships: []api.Relationship{}}
	for _, r := range rels {
		out.Relationships = append(out.Relationships, api.Relationship{IntroducerAccountID: r.IntroducerID, ClientAccountID: r.ClientID,
			FeeShare: r.Share.String(), Active: r.Active, CreatedMillis: fmt.Sprint(r.CreatedAt.UnixMilli())})
	}
	return out, nil
}

// Revenue answers GET /v3/introducer-revenue: the introducer's shares of its clients'
// OFFCHAIN trades, with the interface's cursor paging. An account that introduced nobody
// is ErrNotIntroducer; a source other than OFFCHAIN is invalid (off-chain trading only).
func (s *Introducers) Revenue(ctx context.Context, accountID string, q api.PageRequest) (api.RevenuePage, error) {
	if !strings.EqualFold(q.Source, Source) {
		return api.RevenuePage{}, errorf(ErrInvalidQuery, "introducer revenue is earned on OFFCHAIN trades only: source must be OFFCHAIN")
	}
	rels, err := s.st.IntroducerRelationships(ctx, accountID)
	if err != nil {
		return api.RevenuePage{}, err
	}
	if !slices.ContainsFunc(rels, func(r store.IntroducerRelationship) bool { return r.IntroducerID == accountID }) {
		return api.RevenuePage{}, errorf(ErrNotIntroducer, "introducer revenue is for accounts that introduced clients; this account introduced nobody")
	}
	b, err := idBounds(q)
	if err != nil {
		return api.RevenuePage{}, err
	}
	rows, err := s.st.IntroducerRevenues(ctx, store.RevenueQuery{IntroducerID: accountID, Start: q.Start, End: q.End,
		AfterID: b.after, BeforeID: b.before, Desc: b.desc, Limit: q.PageSize + 1})
	if err != nil {
		return api.RevenuePage{}, err
	}
	page := api.RevenuePage{Transactions: []api.RevenueTransaction{}, HasMore: len(rows) > q.PageSize}
	if page.HasMore {
		rows = rows[:q.PageSize]
	}
	if b.reverse {
		slices.Reverse(rows)
	}
	for _, r := range rows {
		page.Transactions = append(page.Transactions, api.RevenueTransaction{ClientAccountID: r.ClientID, OrderID: fmt.Sprint(r.OrderID),
			Type: r.Kind, InstructionID: r.InstructionID, Asset: r.Asset, Amount: r.Amount.String(), TimestampMillis: fmt.Sprint(r.CreatedAt.UnixMilli())})
	}
	if len(rows) > 0 {
		page.BeforeCursor, page.AfterCursor = fmt.Sprint(rows[0].ID), fmt.Sprint(rows[len(rows)-1].ID)
	}
	return page, nil
}
