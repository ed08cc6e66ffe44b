package config

import (
	"errors"
	"fmt"
	"net/url"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
)

// OFFCHAIN venue defaults.
const (
	// DefaultAccountAsset is the valuation currency of accounts created without one.
	DefaultAccountAsset = "usd"
	// DefaultFiatDecimals is the decimals of a fiat asset that names none.
	DefaultFiatDecimals = 2
	// DefaultCustodyProviderTimeout bounds a call to the custody provider.
	DefaultCustodyProviderTimeout = 5 * time.Second
)

// Offchain configures the OFFCHAIN venue: the custody ledger's assets, the banks that
// receive fiat deposits, an optional custody provider, and the defaults of new accounts.
type Offchain struct {
	// Assets are the venue's assets. Default: every chain token (lower-case symbol, its
	// decimals) and every bank's asset (fiat, DefaultFiatDecimals).
	Assets []OffchainAsset `yaml:"assets"`
	// Banks are the bank accounts users pay fiat deposits into, and from which fiat
	// withdrawals are paid (the first bank of the asset). Default none.
	Banks []Bank `yaml:"banks"`
	// CustodyProviderURL, when set, is asked for more bank details: GET
	// {url}/bank-details?asset=A answering {"bankDetails": [BankDetail...]}. When it
	// cannot be reached, GET /v2/deposit-bank-details answers 503. Default none.
	CustodyProviderURL string `yaml:"custodyProviderURL"`
	// CustodyProviderTimeout bounds a call to the custody provider. Default 5s.
	CustodyProviderTimeout time.Duration `yaml:"custodyProviderTimeout"`
	// AccountAsset is the valuation currency of accounts created without one. Default usd.
	AccountAsset string `yaml:"accountAsset"`
	// CreditCap is the COLLATERAL_CREDIT_CAP of accounts without their own, in the
	// account asset, a decimal string. Default "0" (no credit).
	CreditCap string `yaml:"creditCap"`
	// CreditLeverage is the COLLATERAL_CREDIT_LEVERAGE of accounts without their own: the
	// credit lent per unit of collateral value, a decimal string. Default "0".
	CreditLeverage string `yaml:"creditLeverage"`
	// InventoryLimits bound, per asset id, how much of the asset the house may owe
	// traders from trading (its inventory book may not go below minus the limit): a swap
	// or quote beyond it is NOT_ENOUGH_LIQUIDITY. An asset without a limit is not sold by
	// the house. Decimal strings.
	InventoryLimits map[string]string `yaml:"inventoryLimits"`
	// RFQSpreadBps is how much worse than a swap an RFQ quote is priced, in basis points.
	// Default 10.
	RFQSpreadBps int64 `yaml:"rfqSpreadBps"`
	// HouseShards is the number of shards the house's inventory and fees books are split
	// into (each trade posts to a shard it holds, so concurrent trades do not queue on one
	// balance row per asset); each shard may owe 1/HouseShards of an inventory limit, and
	// a trade its shard cannot pay takes the rest from others. 0 (the default) means
	// DefaultHouseShards. At most MaxHouseShards.
	HouseShards int `yaml:"houseShards"`
}

// MaxHouseShards bounds offchain.houseShards.
const MaxHouseShards = 256

// DefaultHouseShards is offchain.houseShards's default: four per CPU the process may use,
// at least eight, so that the transactions one replica's group commit keeps open and
// those of a few other replicas each find a free shard.
func DefaultHouseShards() int { return max(8, 4*runtime.GOMAXPROCS(0)) }

// HouseShardsOrDefault is offchain.houseShards, or its default.
func (o Offchain) HouseShardsOrDefault() int {
	if o.HouseShards == 0 {
		return DefaultHouseShards()
	}
	return o.HouseShards
}

// DefaultRFQSpreadBps is offchain.rfqSpreadBps's default.
const DefaultRFQSpreadBps = 10

// OffchainAsset is one asset of the OFFCHAIN venue.
type OffchainAsset struct {
	// ID is the asset's lower-case ticker, e.g. usdc or eur.
	ID string `yaml:"id"`
	// Decimals is the number of decimals amounts of the asset may have.
	Decimals uint8 `yaml:"decimals"`
	// Fiat marks a currency held at banks (withdrawn by bank transfer), not on chains.
	Fiat bool `yaml:"fiat"`
}

// Bank is a bank account of the house: the details users pay fiat deposits into.
type Bank struct {
	// Name identifies the bank account in the ledger (custody book bank:<name>) and in
	// fund locations, e.g. "eur-main".
	Name            string `yaml:"name"`
	Asset           string `yaml:"asset"`
	BankName        string `yaml:"bankName"`
	AccountName     string `yaml:"accountName"`
	IBAN            string `yaml:"iban"`
	BIC             string `yaml:"bic"`
	IntermediaryBIC string `yaml:"intermediaryBic"`
	AccountNumber   string `yaml:"accountNumber"`
	SortCode        string `yaml:"sortCode"`
}

// OffchainToken is an OFFCHAIN asset's token on one chain.
type OffchainToken struct {
	// Source is the chain's source name.
	Source   string
	Address  string
	Decimals uint8
}

// OffchainAssetInfo is an OFFCHAIN asset with its token on each chain.
type OffchainAssetInfo struct {
	OffchainAsset
	Tokens []OffchainToken
}

// OffchainAssets returns the venue's assets, sorted by id, each with its token on every
// configured chain whose token symbol is the asset id (case-insensitively).
func (c *Config) OffchainAssets() []OffchainAssetInfo {
	assets := c.Offchain.Assets
	if len(assets) == 0 {
		seen := map[string]bool{}
		for _, ch := range c.Chains {
			for _, t := range ch.Tokens {
				id := strings.ToLower(t.Symbol)
				if !seen[id] {
					seen[id] = true
					assets = append(assets, OffchainAsset{ID: id, Decimals: t.Decimals})
				}
			}
		}
		for _, b := range c.Offchain.Banks {
			if id := strings.ToLower(b.Asset); !seen[id] {
				seen[id] = true
				assets = append(assets, OffchainAsset{ID: id, Decimals: DefaultFiatDecimals, Fiat: true})
			}
		}
	}
	out := make([]OffchainAssetInfo, 0, len(assets))
	for _, a := range assets {
		info := OffchainAssetInfo{OffchainAsset: a, Tokens: []OffchainToken{}}
		for _, ch := range c.Chains {
			for _, t := range ch.Tokens {
				if strings.EqualFold(t.Symbol, a.ID) {
					info.Tokens = append(info.Tokens, OffchainToken{Source: ch.Source, Address: t.Address, Decimals: t.Decimals})
				}
			}
		}
		out = append(out, info)
	}
	slices.SortFunc(out, func(a, b OffchainAssetInfo) int { return strings.Compare(a.ID, b.ID) })
	return out
}

// OffchainAccountAsset is the account asset of new accounts.
func (c *Config) OffchainAccountAsset() string {
	if c.Offchain.AccountAsset == "" {
		return DefaultAccountAsset
	}
	return c.Offchain.AccountAsset
}

// checkOffchain validates the offchain section; bad reports a field's problem.
func (c *Config) checkOffchain(bad func(field, format string, args ...any)) {
	o := c.Offchain
	ids := map[string]bool{}
	for i, a := range o.Assets {
		field := fmt.Sprintf("offchain.assets[%d].id", i)
		switch {
		case a.ID == "" || a.ID != strings.ToLower(a.ID) || strings.ContainsAny(a.ID, " /?#"):
			bad(field, "%q must be a lower-case ticker", a.ID)
		case ids[a.ID]:
			bad(field, "%q appears twice", a.ID)
		}
		ids[a.ID] = true
		if a.Decimals > 36 {
			bad(fmt.Sprintf("offchain.assets[%d].decimals", i), "must be at most 36")
		}
	}
	names := map[string]bool{}
	for i, b := range o.Banks {
		field := fmt.Sprintf("offchain.banks[%d]", i)
		if b.Name == "" || strings.ContainsAny(b.Name, " /?#:") {
			bad(field+".name", "%q must be a name without spaces, /, ?, # or :", b.Name)
		} else if names[b.Name] {
			bad(field+".name", "%q appears twice", b.Name)
		}
		names[b.Name] = true
		if b.Asset == "" || b.Asset != strings.ToLower(b.Asset) {
			bad(field+".asset", "%q must be a lower-case ticker", b.Asset)
		} else if len(o.Assets) > 0 && !ids[b.Asset] {
			bad(field+".asset", "%q is not one of offchain.assets", b.Asset)
		}
		if b.IBAN == "" && b.AccountNumber == "" {
			bad(field, "an iban or an accountNumber is needed")
		}
	}
	if o.CustodyProviderURL != "" {
		if u, err := url.Parse(o.CustodyProviderURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			bad("offchain.custodyProviderURL", "%q is not an http(s) URL", o.CustodyProviderURL)
		}
	}
	if o.CustodyProviderTimeout < 0 {
		bad("offchain.custodyProviderTimeout", "must not be negative")
	}
	if o.AccountAsset != "" && o.AccountAsset != strings.ToLower(o.AccountAsset) {
		bad("offchain.accountAsset", "%q must be a lower-case ticker", o.AccountAsset)
	} else if a := c.OffchainAccountAsset(); !c.Pricing.Priced(a) {
		// Accounts are valued, and lent credit, in their account asset: one the gateway
		// cannot price would value every balance at zero.
		bad("offchain.accountAsset", "%q has no price: set it to pricing.unit (%s, the currency of the reference prices) "+
			"or to an asset of pricing.prices or pricing.feeds", a, c.Pricing.UnitOrDefault())
	}
	for asset, v := range o.InventoryLimits {
		if asset != strings.ToLower(asset) {
			bad("offchain.inventoryLimits."+asset, "asset ids are lower-case tickers")
		}
		if _, err := ParseCreditSetting(v); err != nil {
			bad("offchain.inventoryLimits."+asset, "%v", err)
		}
	}
	if o.HouseShards < 0 || o.HouseShards > MaxHouseShards {
		bad("offchain.houseShards", "%d: want 0 (the default) to %d", o.HouseShards, MaxHouseShards)
	}
	if o.RFQSpreadBps < 0 || o.RFQSpreadBps >= 10_000 {
		bad("offchain.rfqSpreadBps", "%d: want 0 to 9999", o.RFQSpreadBps)
	}
	for name, v := range map[string]string{"offchain.creditCap": o.CreditCap, "offchain.creditLeverage": o.CreditLeverage} {
		if _, err := ParseCreditSetting(v); err != nil {
			bad(name, "%v", err)
		}
	}
}

// ErrBadSetting: a credit setting is not a non-negative decimal.
var ErrBadSetting = errors.New("not a non-negative decimal")

// ParseCreditSetting reads a credit setting (a non-negative decimal; "" is zero).
func ParseCreditSetting(v string) (decimal.Decimal, error) {
	if v == "" {
		return decimal.Zero, nil
	}
	d, err := chain.ParseDecimal(v)
	if err != nil || d.IsNegative() {
		return decimal.Zero, fmt.Errorf("%w: %q", ErrBadSetting, v)
	}
	return d, nil
}
