// Package market answers the market-data endpoints (price, batch prices, quantity
// estimate, commission rate) over a price source that takes a ctx, so a live feed can
// replace the configured book without touching the endpoints. Sources are resolved by the
// venue router; what the house can deliver comes from each venue's inventory.
package market

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// Errors of the market-data endpoints; the gateway maps them to the interface's codes.
var (
	// ErrInvalidQuery: a query parameter is missing or invalid (INVALID_QUERY_PARAMS).
	ErrInvalidQuery = errs.ErrInvalidQuery
	// ErrNotEnoughLiquidity: no venue's inventory can deliver the estimate
	// (NOT_ENOUGH_LIQUIDITY).
	ErrNotEnoughLiquidity = errs.ErrNotEnoughLiquidity
)

// MaxBatchPrices is the most pairs GET /v2/prices takes.
const MaxBatchPrices = 50

// Inventory is what the house can deliver now on one venue.
type Inventory interface {
	// Available returns how much of asset the house can deliver on source and the asset's
	// decimals; ok is false when source does not trade asset or has no fresh inventory
	// (its settler is not running).
	Available(ctx context.Context, source, asset string) (amount decimal.Decimal, decimals int32, ok bool, err error)
}

// Service answers the market-data endpoints. It is safe for concurrent use.
type Service struct {
	prices pricing.Source
	venues *venue.Router
	inv    Inventory
}

// New returns a service pricing with prices, resolving sources with venues and asking inv
// what the house can deliver.
func New(prices pricing.Source, venues *venue.Router, inv Inventory) *Service {
	return &Service{prices: prices, venues: venues, inv: inv}
}

func badQuery(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalidQuery, fmt.Sprintf(format, args...))
}

// commissionSource resolves an optional commission_source to its venue's name.
func (s *Service) commissionSource(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	ven, err := s.venues.Venue(v)
	if err != nil {
		return "", err
	}
	return ven.Source(), nil
}

// Price answers GET /v2/price/{sellingAsset}/{buyingAsset}: the price after the
// commission of commissionSource (none when empty).
func (s *Service) Price(ctx context.Context, sell, buy, commissionSource string) (api.PriceResponse, error) {
	src, err := s.commissionSource(commissionSource)
	if err != nil {
		return api.PriceResponse{}, err
	}
	p, err := pricing.NetPrice(ctx, s.prices, src, sell, buy)
	if err != nil {
		return api.PriceResponse{}, err
	}
	return api.PriceResponse{Price: p.String()}, nil
}

// Prices answers GET /v2/prices: at most 50 distinct "sell/buy" pairs.
func (s *Service) Prices(ctx context.Context, pairs []string) (api.PricesResponse, error) {
	if len(pairs) == 0 {
		return api.PricesResponse{}, badQuery("assets is required, e.g. ?assets=eth/usdt&assets=dai/usdt")
	}
	if len(pairs) > MaxBatchPrices {
		return api.PricesResponse{}, badQuery("at most %d assets pairs, got %d", MaxBatchPrices, len(pairs))
	}
	seen := map[string]bool{}
	out := api.PricesResponse{Prices: []api.BatchPrice{}}
	for _, pair := range pairs {
		sell, buy, ok := strings.Cut(pair, "/")
		if !ok || sell == "" || buy == "" {
			return api.PricesResponse{}, badQuery("assets %q: want {sellingAsset}/{buyingAsset}", echo.Value(pair))
		}
		key := strings.ToLower(pair)
		if seen[key] {
			return api.PricesResponse{}, badQuery("assets %q is repeated", echo.Value(pair))
		}
		seen[key] = true
		p, err := s.prices.Price(ctx, sell, buy)
		if err != nil {
			return api.PricesResponse{}, err
		}
		out.Prices = append(out.Prices, api.BatchPrice{Assets: pair, Price: p.String()})
	}
	return out, nil
}

// CommissionRate answers GET /v2/commission-rate/{source}: the configured rate, or the
// caller's own where the venue sets rates per account (venue.Commissioner).
func (s *Service) CommissionRate(ctx context.Context, c venue.Caller, source, buying, selling string) (api.CommissionRateResponse, error) {
	v, err := s.venues.Venue(source)
	if err != nil {
		return api.CommissionRateResponse{}, err
	}
	if buying == "" || selling == "" {
		return api.CommissionRateResponse{}, badQuery("buying_asset and selling_asset are required")
	}
	rate := s.prices.Commission(v.Source(), selling, buying)
	if cv, ok := v.(venue.Commissioner); ok { // the account's own rate
		if rate, err = cv.CommissionRate(ctx, c, selling, buying); err != nil {
			return api.CommissionRateResponse{}, err
		}
	}
	return api.CommissionRateResponse{BuyingAsset: buying, SellingAsset: selling, Commission: rate.String()}, nil
}

// QuantityEstimate answers GET /v2/quantity-estimate: the quantity of buying asset that
// sellQty gets, after commission, if some venue's inventory can deliver it (the
// commission_source venue's when given).
func (s *Service) QuantityEstimate(ctx context.Context, sell, buy, sellQty, commissionSource string) (api.QuantityEstimateResponse, error) {
	if err := errs.RequiredOf(errs.ErrInvalidQuery, api.ParamSellingAsset, sell, api.ParamBuyingAsset, buy, api.ParamSellQuantity, sellQty); err != nil {
		return api.QuantityEstimateResponse{}, err
	}
	src, err := s.commissionSource(commissionSource)
	if err != nil {
		return api.QuantityEstimateResponse{}, err
	}
	amount, err := chain.ParseDecimal(sellQty)
	if err != nil {
		return api.QuantityEstimateResponse{}, badQuery("sell_quantity %q: %v", echo.Value(sellQty), err)
	}
	if amount.Sign() <= 0 {
		return api.QuantityEstimateResponse{}, badQuery("sell_quantity %q: want a positive decimal", echo.Value(sellQty))
	}
	price, err := pricing.NetPrice(ctx, s.prices, src, sell, buy)
	if err != nil {
		return api.QuantityEstimateResponse{}, err
	}
	estimate := amount.Mul(price)
	sources := s.venues.Sources()
	if src != "" {
		sources = []string{src}
	}
	for _, name := range sources {
		have, decimals, ok, err := s.inv.Available(ctx, name, buy)
		if err != nil {
			return api.QuantityEstimateResponse{}, err
		}
		if ok && have.Cmp(estimate) >= 0 {
			return api.QuantityEstimateResponse{SellingAsset: sell, BuyingAsset: buy, SellingAmount: amount.String(),
				QuantityEstimate: estimate.Truncate(decimals).String()}, nil
		}
	}
	return api.QuantityEstimateResponse{}, fmt.Errorf("%w: %s %s cannot be filled in %s", ErrNotEnoughLiquidity, amount, echo.Value(sell), echo.Value(buy))
}
