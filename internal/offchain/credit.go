package offchain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// errorf wraps a sentinel with a client-facing description.
func errorf(kind error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))
}

// priceIn returns the value of one unit of asset in accountAsset (1 for the same asset);
// ok is false when the price source has no market for the pair now (the asset is
// unpriced: no collateral, and a debt in it blocks what depends on it).
func (s *Balances) priceIn(ctx context.Context, asset, accountAsset string) (p decimal.Decimal, ok bool, err error) {
	if strings.EqualFold(asset, accountAsset) {
		return decimal.NewFromInt(1), true, nil
	}
	if s.prices == nil {
		return decimal.Zero, false, nil
	}
	p, err = s.prices.Price(ctx, strings.ToLower(asset), accountAsset)
	if errors.Is(err, pricing.ErrNoMarketData) || errors.Is(err, pricing.ErrDuplicatePair) {
		return decimal.Zero, false, nil
	}
	return p, err == nil && p.IsPositive(), err
}

// pricesOf values every asset in accountAsset; an asset without a price is left out.
func (s *Balances) pricesOf(ctx context.Context, accountAsset string, assets []string) (ledger.Prices, error) {
	out := make(ledger.Prices, len(assets))
	for _, a := range assets {
		if _, ok := out[a]; ok {
			continue
		}
		p, ok, err := s.priceIn(ctx, a, accountAsset)
		if err != nil {
			return nil, err
		}
		if ok {
			out[a] = p
		}
	}
	return out, nil
}

// terms are an account's credit terms, with the prices of assets (and of every asset
// the account holds) in its account asset. Prices may wait on a feed: read them before a
// transaction.
func (s *Balances) terms(ctx context.Context, accountID string, assets ...string) (ledger.Terms, error) {
	return s.termsIn(ctx, s.st, accountID, assets...)
}

// termsReader is what an account's credit terms are read from: a store, or a unit of
// work's transaction.
type termsReader interface {
	ledger.Reader
	GetAccount(ctx context.Context, id string) (store.Account, error)
	AccountSettings(ctx context.Context, accountID string) (map[string]string, error)
}

// termsIn is terms read through q: a swap reads them in its own transaction, so that it
// is one commit (its prices come from memory: the book, or the feeds' last answers).
func (s *Balances) termsIn(ctx context.Context, q termsReader, accountID string, assets ...string) (ledger.Terms, error) {
	a, err := q.GetAccount(ctx, accountID)
	if err != nil {
		return ledger.Terms{}, err
	}
	accountAsset := a.AccountAsset
	if accountAsset == "" {
		accountAsset = s.defaultAccountAsset()
	}
	held, err := ledger.AssetsIn(ctx, q, accountID)
	if err != nil {
		return ledger.Terms{}, err
	}
	assets = append(assets, held...)
	t := ledger.Terms{Unit: accountAsset}
	if t.Prices, err = s.pricesOf(ctx, accountAsset, assets); err != nil {
		return ledger.Terms{}, err
	}
	if t.Cap, t.Leverage, err = s.creditLimitsIn(ctx, q, accountID); err != nil {
		return ledger.Terms{}, err
	}
	return t, nil
}

// accountAsset is an account's valuation currency.
func (s *Balances) accountAsset(ctx context.Context, accountID string) (string, error) {
	a, err := s.st.GetAccount(ctx, accountID)
	if err != nil {
		return "", err
	}
	if a.AccountAsset == "" {
		return s.defaultAccountAsset(), nil
	}
	return a.AccountAsset, nil
}

func (s *catalog) defaultAccountAsset() string {
	if s.off.AccountAsset == "" {
		return "usd"
	}
	return s.off.AccountAsset
}

// position values a venue's balances of an account: the OFFCHAIN ledger's (with the
// account's credit terms), or a chain's (no credit).
func (s *Balances) position(ctx context.Context, v venue.Venue, c venue.Caller) (ledger.Position, error) {
	if _, ok := v.(venue.Lender); ok {
		terms, err := s.terms(ctx, c.AccountID)
		if err != nil {
			return ledger.Position{}, err
		}
		return ledger.PositionIn(ctx, s.st, c.AccountID, terms)
	}
	b, ok := v.(venue.Balancer)
	if !ok {
		return ledger.Position{}, errorf(ErrNoCredit, "%s reports no balances", v.Source())
	}
	bals, err := b.Balances(ctx, c)
	if err != nil {
		return ledger.Position{}, err
	}
	accountAsset, err := s.accountAsset(ctx, c.AccountID)
	if err != nil {
		return ledger.Position{}, err
	}
	pos := ledger.Position{Terms: ledger.Terms{Unit: accountAsset}, Balances: map[string]ledger.Balance{}}
	assets := make([]string, 0, len(bals))
	for _, x := range bals {
		bal, err1 := decimal.NewFromString(x.Balance)
		avail, err2 := decimal.NewFromString(x.Available)
		if err := errors.Join(err1, err2); err != nil {
			return ledger.Position{}, fmt.Errorf("balance of %s: %w", x.Asset, err)
		}
		pos.Balances[x.Asset] = ledger.Balance{Asset: x.Asset, Balance: bal, Held: bal.Sub(avail), Available: avail}
		assets = append(assets, x.Asset)
	}
	if pos.Prices, err = s.pricesOf(ctx, accountAsset, assets); err != nil {
		return ledger.Position{}, err
	}
	return pos, nil
}

// Snapshot answers GET /v2/account-snapshot/{source} for any venue that reports balances:
// each balance valued in the account asset, the total, the credit (zero on a venue that
// lends none) and what may be withdrawn of each asset. While an owed asset has no price
// the credit in use cannot be valued, and the snapshot is refused (ledger.ErrUnpriced)
// rather than show a debt as zero.
func (s *Balances) Snapshot(ctx context.Context, v venue.Venue, c venue.Caller) (api.AccountSnapshot, error) {
	pos, err := s.position(ctx, v, c)
	if err != nil {
		return api.AccountSnapshot{}, err
	}
	used, err := pos.Used()
	if err != nil {
		return api.AccountSnapshot{}, err
	}
	out := api.AccountSnapshot{AccountAsset: pos.Unit, Balances: []api.BalanceEntry{}}
	total := decimal.Zero
	for asset := range pos.Balances {
		x, _ := pos.Value(asset) // an asset without a price is worth nothing here: it is not owed (Used)
		total = total.Add(x)
		max, err := pos.Withdrawable(asset, s.decimals(asset))
		if err != nil {
			return api.AccountSnapshot{}, err
		}
		out.Balances = append(out.Balances, api.BalanceEntry{Asset: asset, Balance: pos.Balances[asset].Balance.String(),
			AccountAssetValuation: x.String(), AvailableToWithdraw: max.String()})
	}
	slices.SortFunc(out.Balances, func(a, b api.BalanceEntry) int { return strings.Compare(a.Asset, b.Asset) })
	out.TotalAccountAssetValuation, out.TotalCredit, out.CreditUsed = total.String(), pos.TotalCredit().String(), used.String()
	return out, nil
}

// Credit answers GET /v2/credit/{source}: OFFCHAIN only, chains lend no credit.
func (s *Balances) Credit(ctx context.Context, v venue.Venue, c venue.Caller) (api.CreditResponse, error) {
	if _, ok := v.(venue.Lender); !ok {
		return api.CreditResponse{}, errorf(ErrNoCredit, "credit exists only for OFFCHAIN: %s is an on-chain source, whose trades are funded in the DTW contract", v.Source())
	}
	pos, err := s.position(ctx, v, c)
	if err != nil {
		return api.CreditResponse{}, err
	}
	used, err := pos.Used()
	if err != nil {
		return api.CreditResponse{}, err
	}
	return api.CreditResponse{TotalCredit: pos.TotalCredit().String(), CreditUsed: used.String()}, nil
}

// AccountSettings answers GET /v2/account-settings/{source}: a chain has no settings.
func (s *Balances) AccountSettings(ctx context.Context, v venue.Venue, accountID string) (api.AccountSettingsResponse, error) {
	if _, ok := v.(venue.Lender); !ok {
		return api.AccountSettingsResponse{AccountSettings: []api.AccountSetting{}}, nil
	}
	return s.Settings(ctx, accountID)
}
