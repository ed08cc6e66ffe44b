package offchain

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// errorf wraps a sentinel with a client-facing description.
func errorf(kind error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))
}

// holding is one asset of an account, as the credit arithmetic sees it.
type holding struct {
	asset     string
	balance   decimal.Decimal
	available decimal.Decimal // balance less holds
}

// valued is an account's holdings valued in its account asset.
type valued struct {
	accountAsset string
	holdings     []holding
	prices       map[string]decimal.Decimal // asset -> account asset per unit
	capacity     decimal.Decimal
	leverage     decimal.Decimal
}

// value is a holding's balance in the account asset (zero without a price).
func (v valued) value(h holding) decimal.Decimal { return h.balance.Mul(v.prices[h.asset]) }

// collateral is the value of the positive balances; used the value of the negative ones.
func (v valued) collateral() (collateral, used decimal.Decimal) {
	for _, h := range v.holdings {
		if x := v.value(h); x.IsPositive() {
			collateral = collateral.Add(x)
		} else {
			used = used.Sub(x)
		}
	}
	return collateral, used
}

// totalCredit is min(cap, leverage x collateral).
func (v valued) totalCredit() decimal.Decimal {
	c, _ := v.collateral()
	return decimal.Min(v.capacity, v.leverage.Mul(c))
}

// withdrawable is how much of asset may leave: its available balance, less what must stay
// as collateral for the credit in use (creditUsed / leverage of collateral value, all of
// it without leverage), rounded down to decimals; never negative.
func (v valued) withdrawable(h holding, decimals int32) decimal.Decimal {
	avail := h.available
	if !avail.IsPositive() {
		return decimal.Zero
	}
	collateral, used := v.collateral()
	if used.IsPositive() {
		needed := collateral
		if v.leverage.IsPositive() {
			needed = used.DivRound(v.leverage, 40)
		}
		free := collateral.Sub(needed)
		price := v.prices[h.asset]
		if !free.IsPositive() || !price.IsPositive() {
			return decimal.Zero
		}
		avail = decimal.Min(avail, free.DivRound(price, 40))
	}
	return avail.RoundFloor(decimals)
}

// priceIn returns the value of one unit of asset in accountAsset: 1 for the same asset,
// zero when the price source has no market for the pair (the asset then counts for
// nothing as collateral).
func (s *Service) priceIn(ctx context.Context, asset, accountAsset string) (decimal.Decimal, error) {
	if strings.EqualFold(asset, accountAsset) {
		return decimal.NewFromInt(1), nil
	}
	if s.prices == nil {
		return decimal.Zero, nil
	}
	p, err := s.prices.Price(ctx, strings.ToLower(asset), accountAsset)
	if errors.Is(err, pricing.ErrNoMarketData) || errors.Is(err, pricing.ErrDuplicatePair) {
		return decimal.Zero, nil
	}
	return p, err
}

// pricesOf values every asset in accountAsset.
func (s *Service) pricesOf(ctx context.Context, accountAsset string, assets []string) (map[string]decimal.Decimal, error) {
	out := make(map[string]decimal.Decimal, len(assets))
	for _, a := range assets {
		if _, ok := out[a]; ok {
			continue
		}
		p, err := s.priceIn(ctx, a, accountAsset)
		if err != nil {
			return nil, err
		}
		out[a] = p
	}
	return out, nil
}

// accountAsset is an account's valuation currency.
func (s *Service) accountAsset(ctx context.Context, accountID string) (string, error) {
	a, err := s.st.GetAccount(ctx, accountID)
	if err != nil {
		return "", err
	}
	if a.AccountAsset == "" {
		return s.defaultAccountAsset(), nil
	}
	return a.AccountAsset, nil
}

func (s *Service) defaultAccountAsset() string {
	if s.off.AccountAsset == "" {
		return "usd"
	}
	return s.off.AccountAsset
}

// valuedBalances values balances of a venue for an account.
func (s *Service) valuedBalances(ctx context.Context, v venue.Venue, c venue.Caller) (valued, error) {
	b, ok := v.(venue.Balancer)
	if !ok {
		return valued{}, errorf(ErrNoCredit, "%s reports no balances", v.Source())
	}
	bals, err := b.Balances(ctx, c)
	if err != nil {
		return valued{}, err
	}
	out := valued{}
	if out.accountAsset, err = s.accountAsset(ctx, c.AccountID); err != nil {
		return valued{}, err
	}
	assets := make([]string, 0, len(bals))
	for _, x := range bals {
		bal, err1 := decimal.NewFromString(x.Balance)
		avail, err2 := decimal.NewFromString(x.Available)
		if err := errors.Join(err1, err2); err != nil {
			return valued{}, fmt.Errorf("balance of %s: %w", x.Asset, err)
		}
		out.holdings = append(out.holdings, holding{asset: x.Asset, balance: bal, available: avail})
		assets = append(assets, x.Asset)
	}
	if out.prices, err = s.pricesOf(ctx, out.accountAsset, assets); err != nil {
		return valued{}, err
	}
	if l, ok := v.(venue.Lender); ok {
		if out.capacity, out.leverage, err = l.CreditLimits(ctx, c.AccountID); err != nil {
			return valued{}, err
		}
	}
	return out, nil
}

// Snapshot answers GET /v2/account-snapshot/{source} for any venue that reports balances:
// each balance valued in the account asset, the total, the credit (zero on a venue that
// lends none) and what may be withdrawn of each asset.
func (s *Service) Snapshot(ctx context.Context, v venue.Venue, c venue.Caller) (api.AccountSnapshot, error) {
	val, err := s.valuedBalances(ctx, v, c)
	if err != nil {
		return api.AccountSnapshot{}, err
	}
	out := api.AccountSnapshot{AccountAsset: val.accountAsset, Balances: []api.BalanceEntry{}}
	total := decimal.Zero
	for _, h := range val.holdings {
		x := val.value(h)
		total = total.Add(x)
		out.Balances = append(out.Balances, api.BalanceEntry{Asset: h.asset, Balance: h.balance.String(),
			AccountAssetValuation: x.String(), AvailableToWithdraw: val.withdrawable(h, s.decimals(h.asset)).String()})
	}
	slices.SortFunc(out.Balances, func(a, b api.BalanceEntry) int { return strings.Compare(a.Asset, b.Asset) })
	_, used := val.collateral()
	out.TotalAccountAssetValuation, out.TotalCredit, out.CreditUsed = total.String(), val.totalCredit().String(), used.String()
	return out, nil
}

// Credit answers GET /v2/credit/{source}: OFFCHAIN only, chains lend no credit.
func (s *Service) Credit(ctx context.Context, v venue.Venue, c venue.Caller) (api.CreditResponse, error) {
	if _, ok := v.(venue.Lender); !ok {
		return api.CreditResponse{}, errorf(ErrNoCredit, "credit exists only for OFFCHAIN: %s is an on-chain source, whose trades are funded in the DTW contract", v.Source())
	}
	val, err := s.valuedBalances(ctx, v, c)
	if err != nil {
		return api.CreditResponse{}, err
	}
	_, used := val.collateral()
	return api.CreditResponse{TotalCredit: val.totalCredit().String(), CreditUsed: used.String()}, nil
}

// AccountSettings answers GET /v2/account-settings/{source}: a chain has no settings.
func (s *Service) AccountSettings(ctx context.Context, v venue.Venue, accountID string) (api.AccountSettingsResponse, error) {
	if _, ok := v.(venue.Lender); !ok {
		return api.AccountSettingsResponse{AccountSettings: []api.AccountSetting{}}, nil
	}
	return s.Settings(ctx, accountID)
}
