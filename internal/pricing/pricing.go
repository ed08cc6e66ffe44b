// Package pricing prices conversions between assets. The embedded default source is a
// configured book: a reference price per asset (in a common unit, e.g. USD), a spread,
// and commissions per source and pair. Settlement and the market-data endpoints both
// price through it, so what a trader is quoted is what the engine pays.
package pricing

import (
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// Errors of a price source.
var (
	ErrNoMarketData  = errs.ErrNoMarketData
	ErrDuplicatePair = errs.ErrDuplicatePair
)

// Source prices conversions. Implementations are safe for concurrent use.
type Source interface {
	// Price returns how much of buy one unit of sell gets, before commission. A live
	// source may block on its feed: it returns when ctx ends.
	Price(ctx context.Context, sell, buy string) (decimal.Decimal, error)
	// Commission returns the commission rate (a fraction, e.g. 0.001) on a source for a pair.
	Commission(source, sell, buy string) decimal.Decimal
}

// Config is the configured book.
type Config struct {
	// Unit is the currency every reference price and feed is quoted in (lower case).
	// It is priced 1 by definition, so accounts can always be valued in it. Default usd.
	Unit string `yaml:"unit,omitempty"`
	// Prices maps an asset id (lowercase ticker) to its reference price in a common unit.
	Prices map[string]string `yaml:"prices"`
	// SpreadBps is the spread around the reference price, in basis points; a conversion
	// pays half of it. Default 20 (0.2%).
	SpreadBps int64 `yaml:"spreadBps"`
	// CommissionBps is the default commission, in basis points. Default 10 (0.1%).
	CommissionBps int64 `yaml:"commissionBps"`
	// Commissions override the default per source, and optionally per pair.
	Commissions []CommissionConfig `yaml:"commissions"`
	// Feeds are live price feeds (Chainlink AggregatorV3Interface contracts) that price
	// their assets instead of Prices; see FeedConfig. Empty: the book alone.
	Feeds []FeedConfig `yaml:"feeds,omitempty"`
}

// CommissionConfig overrides the commission for a source ("*" for all) and a pair
// ("sell/buy"; empty for all pairs).
type CommissionConfig struct {
	Source string `yaml:"source"`
	Pair   string `yaml:"pair"`
	Bps    int64  `yaml:"bps"`
}

// DefaultConfig prices the devnet's assets.
func DefaultConfig() Config {
	return Config{
		Prices:        map[string]string{"eth": "3000", "dai": "1", "usdt": "1", "fot": "0.5"},
		SpreadBps:     20,
		CommissionBps: 10,
	}
}

// Book is the configured price source.
type Book struct {
	unit        string
	prices      map[string]decimal.Decimal
	halfSpread  decimal.Decimal
	commission  decimal.Decimal
	commissions []CommissionConfig
}

var _ Source = (*Book)(nil)

var bps = decimal.New(1, 4)

// NewBook validates cfg and returns its book.
func NewBook(cfg Config) (*Book, error) {
	if cfg.SpreadBps < 0 || cfg.SpreadBps >= 10_000 {
		return nil, fmt.Errorf("pricing.spreadBps %d: want 0 to 9999", cfg.SpreadBps)
	}
	if cfg.CommissionBps < 0 || cfg.CommissionBps >= 10_000 {
		return nil, fmt.Errorf("pricing.commissionBps %d: want 0 to 9999", cfg.CommissionBps)
	}
	b := &Book{
		unit:       cfg.UnitOrDefault(),
		prices:     map[string]decimal.Decimal{},
		halfSpread: decimal.NewFromInt(cfg.SpreadBps).Div(bps).Div(decimal.NewFromInt(2)),
		commission: decimal.NewFromInt(cfg.CommissionBps).Div(bps),
	}
	for asset, p := range cfg.Prices {
		d, err := chain.ParseDecimal(p)
		if err != nil || d.Sign() <= 0 {
			return nil, fmt.Errorf("pricing.prices.%s %q: want a positive decimal", asset, echo.Value(p))
		}
		b.prices[strings.ToLower(asset)] = d
	}
	for i, c := range cfg.Commissions {
		if c.Bps < 0 || c.Bps >= 10_000 {
			return nil, fmt.Errorf("pricing.commissions[%d].bps %d: want 0 to 9999", i, c.Bps)
		}
		c.Source, c.Pair = strings.ToUpper(c.Source), strings.ToLower(c.Pair)
		b.commissions = append(b.commissions, c)
	}
	return b, nil
}

// DefaultUnit is the currency of reference prices when Config.Unit is empty.
const DefaultUnit = "usd"

// UnitOrDefault is c.Unit, lower case, or DefaultUnit.
func (c Config) UnitOrDefault() string {
	if c.Unit == "" {
		return DefaultUnit
	}
	return strings.ToLower(c.Unit)
}

// Priced reports whether the configuration prices asset: the unit, an asset of Prices
// or an asset with a feed.
func (c Config) Priced(asset string) bool {
	if strings.EqualFold(asset, c.UnitOrDefault()) || c.hasPrice(asset) {
		return true
	}
	for _, f := range c.Feeds {
		if strings.EqualFold(f.Asset, asset) {
			return true
		}
	}
	return false
}

// Assets returns the priced assets, sorted.
func (b *Book) Assets() []string {
	out := make([]string, 0, len(b.prices))
	for a := range b.prices {
		out = append(out, a)
	}
	sort.Strings(out)
	return out
}

// Price implements Source: ref(sell)/ref(buy) less half the spread.
func (b *Book) Price(_ context.Context, sell, buy string) (decimal.Decimal, error) {
	sell, buy = strings.ToLower(sell), strings.ToLower(buy)
	if sell == buy {
		return decimal.Zero, ErrDuplicatePair
	}
	ps, ok1 := b.ref(sell)
	pb, ok2 := b.ref(buy)
	if !ok1 || !ok2 {
		return decimal.Zero, fmt.Errorf("%w for %s/%s", ErrNoMarketData, echo.Value(sell), echo.Value(buy))
	}
	return b.convert(ps, pb), nil
}

// ref is an asset's reference price: its configured price, or 1 for the unit.
func (b *Book) ref(asset string) (decimal.Decimal, bool) {
	if p, ok := b.prices[asset]; ok {
		return p, true
	}
	if asset == b.unit {
		return decimal.NewFromInt(1), true
	}
	return decimal.Zero, false
}

// convert is the price of sell in buy from their reference prices: ps/pb less half the
// spread.
func (b *Book) convert(ps, pb decimal.Decimal) decimal.Decimal {
	return ps.Mul(decimal.NewFromInt(1).Sub(b.halfSpread)).DivRound(pb, 18)
}

// Commission implements Source: the most specific override wins (source and pair, then
// source, then "*" and pair, then "*"), else the default.
func (b *Book) Commission(source, sell, buy string) decimal.Decimal {
	source, pair := strings.ToUpper(source), strings.ToLower(sell+"/"+buy)
	best, rank := b.commission, 0
	for _, c := range b.commissions {
		r := 0
		switch {
		case c.Source == source && c.Pair == pair:
			r = 4
		case c.Source == source && c.Pair == "":
			r = 3
		case c.Source == "*" && c.Pair == pair:
			r = 2
		case c.Source == "*" && c.Pair == "":
			r = 1
		}
		if r > rank {
			best, rank = decimal.NewFromInt(c.Bps).Div(bps), r
		}
	}
	return best
}

// NetPrice returns the price after the commission of a source; an empty source means
// no commission.
func NetPrice(ctx context.Context, s Source, source, sell, buy string) (decimal.Decimal, error) {
	p, err := s.Price(ctx, sell, buy)
	if err != nil || source == "" {
		return p, err
	}
	return p.Mul(decimal.NewFromInt(1).Sub(s.Commission(source, sell, buy))), nil
}

// Quote returns how much of buy sellQty of sell gets on a source, after commission,
// rounded down to `decimals` places so the payer never pays more than quoted.
func Quote(ctx context.Context, s Source, source, sell, buy string, sellQty decimal.Decimal, decimals int32) (decimal.Decimal, error) {
	p, err := NetPrice(ctx, s, source, sell, buy)
	if err != nil {
		return decimal.Zero, err
	}
	return sellQty.Mul(p).Truncate(decimals), nil
}
