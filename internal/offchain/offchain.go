// Package offchain is the OFFCHAIN venue: balances, credit and account settings over the
// double-entry ledger (internal/ledger), fiat funding (deposit bank details, booking
// received bank transfers), off-chain withdrawal requests and their fiat completion,
// trading against the house (market and limit swaps, the limit-order matcher, RFQ
// quotes), introducers' shares of commissions, and the venue that serves OFFCHAIN on the
// shared endpoints (assets, token information, deposit and withdrawal history). Crypto
// deposits to the accounts' own addresses and the payment of crypto withdrawals are
// package custody's, run by each chain's settler.
package offchain

import (
	"context"
	"math/rand/v2"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/pricing"
)

// Source is the venue's source name.
const Source = api.SourceOffchain

// Sentinel errors; their text is written for clients (the gateway sends it).
var (
	// ErrInvalid: a request field is missing or invalid.
	ErrInvalid = errs.ErrInvalid
	// ErrInvalidQuery: a query parameter (a cursor) is invalid.
	ErrInvalidQuery = errs.ErrInvalidQuery
	// ErrNotFound: the withdrawal, order or bank details do not exist.
	ErrNotFound = errs.ErrNotFound
	// ErrInsufficientFunds: a withdrawal exceeds what the account may withdraw.
	ErrInsufficientFunds = errs.ErrInsufficientFunds
	// ErrInstructionIDReused: an instructionId names a request with another body.
	ErrInstructionIDReused = errs.ErrInstructionIDReused
	// ErrUnavailable: the custody provider cannot be reached.
	ErrUnavailable = errs.New(errs.ErrUnavailable, "custody provider unavailable")
	// ErrNoCredit: credit is asked of a venue that lends none (a chain).
	ErrNoCredit = errs.New(errs.ErrUnknownSource, "no credit on this source")
	// ErrState: an operator's action does not fit the withdrawal's kind or status.
	ErrState = errs.New(errs.ErrInvalid, "withdrawal is not in a state for this action")
)

// The package's services, one concept each: Balances (balances, credit and account
// settings), Funding (bank funding and withdrawals), Trading (swaps, RFQ and the
// limit-order matcher) and Introducers (commissions and introducer relationships). Each
// takes only its own store (store.go); Funding and Trading judge credit through a
// Balances. All are safe for concurrent use.

// catalog is what every service knows of the configuration: the venue's assets, banks
// and settings, and the clock.
type catalog struct {
	assets map[string]config.OffchainAssetInfo
	ids    []string
	banks  []config.Bank
	off    config.Offchain
	now    func() time.Time
	// noReceipts is config receipts.off.
	noReceipts bool
}

// ledger is a ledger over st with the catalog's clock and receipts.
func (c catalog) ledger(st ledger.Store) *ledger.Ledger {
	l := ledger.New(st, c.now)
	if c.noReceipts {
		l.WithoutReceipts()
	}
	return l
}

// newCatalog reads a checked configuration; now defaults to time.Now.
func newCatalog(cfg config.Config, now func() time.Time) catalog {
	if now == nil {
		now = time.Now
	}
	c := catalog{assets: map[string]config.OffchainAssetInfo{}, banks: cfg.Offchain.Banks, off: cfg.Offchain, now: now,
		noReceipts: cfg.Receipts.Off}
	for _, a := range cfg.OffchainAssets() {
		c.assets[a.ID] = a
		c.ids = append(c.ids, a.ID)
	}
	return c
}

// Balances serves an account's OFFCHAIN balances, its credit (and the valuation behind
// it, for every venue's snapshot) and its credit settings.
type Balances struct {
	catalog
	st     BalancesStore
	prices pricing.Source
}

// NewBalances returns the balances of a checked configuration; prices values balances in
// account assets (nil: only an account asset's own balance has a value); now defaults
// to time.Now.
func NewBalances(cfg config.Config, st BalancesStore, prices pricing.Source, now func() time.Time) *Balances {
	return &Balances{catalog: newCatalog(cfg, now), st: st, prices: prices}
}

// Funding serves bank funding (deposit bank details, booking received transfers) and
// off-chain withdrawal requests with their fiat completion.
type Funding struct {
	catalog
	st      FundingStore
	led     *ledger.Ledger
	bal     *Balances
	custody *http.Client
}

// NewFunding returns the funding of a checked configuration; bal judges withdrawals'
// credit; now defaults to time.Now.
func NewFunding(cfg config.Config, st FundingStore, bal *Balances, now func() time.Time) *Funding {
	c := newCatalog(cfg, now)
	timeout := cfg.Offchain.CustodyProviderTimeout
	if timeout <= 0 {
		timeout = config.DefaultCustodyProviderTimeout
	}
	return &Funding{catalog: c, st: st, led: c.ledger(ledger.Over[FundingTx](st)), bal: bal,
		custody: &http.Client{Timeout: timeout}}
}

// Trading serves swaps, RFQ quotes and the limit-order matcher: the house fills them
// from its inventory at its feeds' prices.
type Trading struct {
	catalog
	st     TradingStore
	led    *ledger.Ledger
	bal    *Balances
	prices pricing.Source
	// homeShard is the house shard this Trading's trades try first (houseShardsFor).
	homeShard int
}

// NewTrading returns the trading of a checked configuration; bal judges trades' credit;
// prices prices them; now defaults to time.Now.
func NewTrading(cfg config.Config, st TradingStore, bal *Balances, prices pricing.Source, now func() time.Time) *Trading {
	c := newCatalog(cfg, now)
	return &Trading{catalog: c, st: st, led: c.ledger(ledger.Over[TradingTx](st)), bal: bal, prices: prices,
		homeShard: rand.IntN(c.off.HouseShardsOrDefault())}
}

// Introducers serves accounts' commissions and introducer relationships and revenue.
type Introducers struct {
	catalog
	st IntroducersStore
}

// NewIntroducers returns the introducers of a checked configuration; now defaults to
// time.Now.
func NewIntroducers(cfg config.Config, st IntroducersStore, now func() time.Time) *Introducers {
	return &Introducers{catalog: newCatalog(cfg, now), st: st}
}

// asset finds a configured asset by id, case-insensitively.
func (s *catalog) asset(id string) (config.OffchainAssetInfo, bool) {
	a, ok := s.assets[strings.ToLower(id)]
	return a, ok
}

// decimals of an asset: its configured decimals, 18 for an asset the venue does not list.
func (s *catalog) decimals(id string) int32 {
	if a, ok := s.asset(id); ok {
		return int32(a.Decimals)
	}
	return 18
}

// Balances returns an account's OFFCHAIN balances: every listed asset (zero when none)
// and any other the ledger holds for it, sorted by asset.
func (s *Balances) Balances(ctx context.Context, accountID string) ([]api.BalanceV2, error) {
	bals, err := ledger.BalancesIn(ctx, s.st, accountID)
	if err != nil {
		return nil, err
	}
	for _, id := range s.ids {
		if _, ok := bals[id]; !ok {
			bals[id] = ledger.Balance{Asset: id}
		}
	}
	out := make([]api.BalanceV2, 0, len(bals))
	for _, b := range bals {
		out = append(out, api.BalanceV2{Asset: b.Asset, Balance: b.Balance.String(), Held: b.Held.String(), Available: b.Available.String()})
	}
	slices.SortFunc(out, func(a, b api.BalanceV2) int { return strings.Compare(a.Asset, b.Asset) })
	return out, nil
}

// creditLimits returns an account's COLLATERAL_CREDIT_CAP and _LEVERAGE: its own, else the
// configured defaults.
func (s *Balances) creditLimits(ctx context.Context, accountID string) (capacity, leverage decimal.Decimal, err error) {
	return s.creditLimitsIn(ctx, s.st, accountID)
}

// creditLimitsIn is creditLimits read through q.
func (s *Balances) creditLimitsIn(ctx context.Context, q termsReader, accountID string) (capacity, leverage decimal.Decimal, err error) {
	set, err := q.AccountSettings(ctx, accountID)
	if err != nil {
		return decimal.Zero, decimal.Zero, err
	}
	get := func(typ, def string) decimal.Decimal {
		v, ok := set[typ]
		if !ok {
			v = def
		}
		d, err := config.ParseCreditSetting(v)
		if err != nil {
			return decimal.Zero // stored values are checked on the way in
		}
		return d
	}
	return get(api.SettingCreditCap, s.off.CreditCap), get(api.SettingCreditLeverage, s.off.CreditLeverage), nil
}

// Settings answers GET /v2/account-settings/OFFCHAIN.
func (s *Balances) Settings(ctx context.Context, accountID string) (api.AccountSettingsResponse, error) {
	capacity, leverage, err := s.creditLimits(ctx, accountID)
	if err != nil {
		return api.AccountSettingsResponse{}, err
	}
	return api.AccountSettingsResponse{AccountSettings: []api.AccountSetting{
		{SettingType: api.SettingCreditCap, Setting: capacity.String()},
		{SettingType: api.SettingCreditLeverage, Setting: leverage.String()},
	}}, nil
}

// SetSetting sets an account's COLLATERAL_CREDIT_CAP or COLLATERAL_CREDIT_LEVERAGE (an
// operator's command).
func (s *Balances) SetSetting(ctx context.Context, accountID, settingType, value string) error {
	settingType = strings.ToUpper(settingType)
	if settingType != api.SettingCreditCap && settingType != api.SettingCreditLeverage {
		return errorf(ErrInvalid, "setting %q: must be %s or %s", settingType, api.SettingCreditCap, api.SettingCreditLeverage)
	}
	d, err := config.ParseCreditSetting(value)
	if err != nil || value == "" {
		return errorf(ErrInvalid, "%s %q: must be a non-negative decimal", settingType, value)
	}
	return s.st.SetAccountSetting(ctx, accountID, settingType, d.String(), s.now())
}
