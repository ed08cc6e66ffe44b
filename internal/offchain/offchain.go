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
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Source is the venue's source name.
const Source = api.SourceOffchain

// Sentinel errors; their text is written for clients (the gateway sends it).
var (
	// ErrInvalid: a request field is missing or invalid.
	ErrInvalid = errors.New("invalid request")
	// ErrInvalidQuery: a query parameter (a cursor) is invalid.
	ErrInvalidQuery = errors.New("invalid query parameters")
	// ErrNotFound: the withdrawal, order or bank details do not exist.
	ErrNotFound = errors.New("not found")
	// ErrInsufficientFunds: a withdrawal exceeds what the account may withdraw.
	ErrInsufficientFunds = errors.New("insufficient funds")
	// ErrInstructionIDReused: an instructionId names a request with another body.
	ErrInstructionIDReused = errors.New("instructionId already used")
	// ErrUnavailable: the custody provider cannot be reached.
	ErrUnavailable = errors.New("custody provider unavailable")
	// ErrNoCredit: credit is asked of a venue that lends none (a chain).
	ErrNoCredit = errors.New("no credit on this source")
	// ErrState: an operator's action does not fit the withdrawal's kind or status.
	ErrState = errors.New("withdrawal is not in a state for this action")
)

// Service serves the OFFCHAIN venue's accounts. It is safe for concurrent use.
type Service struct {
	st      Store
	led     *ledger.Ledger
	prices  pricing.Source
	assets  map[string]config.OffchainAssetInfo
	ids     []string
	banks   []config.Bank
	off     config.Offchain
	custody *http.Client
	now     func() time.Time
}

// New returns the service of a checked configuration; prices values balances in account
// assets; now defaults to time.Now.
func New(cfg config.Config, st Store, prices pricing.Source, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	s := &Service{st: st, led: ledger.New(st, now), prices: prices, assets: map[string]config.OffchainAssetInfo{},
		banks: cfg.Offchain.Banks, off: cfg.Offchain, now: now}
	for _, a := range cfg.OffchainAssets() {
		s.assets[a.ID] = a
		s.ids = append(s.ids, a.ID)
	}
	timeout := cfg.Offchain.CustodyProviderTimeout
	if timeout <= 0 {
		timeout = config.DefaultCustodyProviderTimeout
	}
	s.custody = &http.Client{Timeout: timeout}
	return s
}

// Ledger returns the service's ledger.
func (s *Service) Ledger() *ledger.Ledger { return s.led }

// asset finds a configured asset by id, case-insensitively.
func (s *Service) asset(id string) (config.OffchainAssetInfo, bool) {
	a, ok := s.assets[strings.ToLower(id)]
	return a, ok
}

// decimals of an asset: its configured decimals, 18 for an asset the venue does not list.
func (s *Service) decimals(id string) int32 {
	if a, ok := s.asset(id); ok {
		return int32(a.Decimals)
	}
	return 18
}

// Balances returns an account's OFFCHAIN balances: every listed asset (zero when none)
// and any other the ledger holds for it, sorted by asset.
func (s *Service) Balances(ctx context.Context, accountID string) ([]api.BalanceV2, error) {
	bals, err := s.led.Balances(ctx, accountID)
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
func (s *Service) creditLimits(ctx context.Context, q store.OffchainAccounts, accountID string) (capacity, leverage decimal.Decimal, err error) {
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
func (s *Service) Settings(ctx context.Context, accountID string) (api.AccountSettingsResponse, error) {
	capacity, leverage, err := s.creditLimits(ctx, s.st, accountID)
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
func (s *Service) SetSetting(ctx context.Context, accountID, settingType, value string) error {
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
