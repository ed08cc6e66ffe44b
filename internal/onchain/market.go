package onchain

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// MaxBatchPrices is the most pairs GET /v2/prices takes.
const MaxBatchPrices = 50

// commissionSource validates an optional commission_source.
func (s *Service) commissionSource(v string) (string, error) {
	if v == "" {
		return "", nil
	}
	src, err := s.reg.Source(v)
	if err != nil {
		return "", err
	}
	return src.Name, nil
}

// Price answers GET /v2/price/{sellingAsset}/{buyingAsset}.
func (s *Service) Price(sell, buy, commissionSource string) (api.PriceResponse, error) {
	src, err := s.commissionSource(commissionSource)
	if err != nil {
		return api.PriceResponse{}, err
	}
	p, err := pricing.NetPrice(s.pricing, src, sell, buy)
	if err != nil {
		return api.PriceResponse{}, err
	}
	return api.PriceResponse{Price: p.String()}, nil
}

// Prices answers GET /v2/prices: at most 50 distinct "sell/buy" pairs.
func (s *Service) Prices(pairs []string) (api.PricesResponse, error) {
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
		p, err := s.pricing.Price(sell, buy)
		if err != nil {
			return api.PricesResponse{}, err
		}
		out.Prices = append(out.Prices, api.BatchPrice{Assets: pair, Price: p.String()})
	}
	return out, nil
}

// CommissionRate answers GET /v2/commission-rate/{source}.
func (s *Service) CommissionRate(source, buying, selling string) (api.CommissionRateResponse, error) {
	src, err := s.reg.Source(source)
	if err != nil {
		return api.CommissionRateResponse{}, err
	}
	if buying == "" || selling == "" {
		return api.CommissionRateResponse{}, badQuery("buying_asset and selling_asset are required")
	}
	return api.CommissionRateResponse{BuyingAsset: buying, SellingAsset: selling,
		Commission: s.pricing.Commission(src.Name, selling, buying).String()}, nil
}

// MaxInventoryAge is the oldest inventory snapshot a quantity estimate trusts: the
// settler of a chain writes one every round (about every second).
const MaxInventoryAge = 2 * time.Minute

// QuantityEstimate answers GET /v2/quantity-estimate: the quantity of buying asset that
// sell_quantity gets, after commission, if some chain's operator inventory can fill it
// (the commission_source chain's when given). Inventory is the snapshot the chain's
// settler last wrote to the store.
func (s *Service) QuantityEstimate(ctx context.Context, sell, buy, qty, commissionSource string) (api.QuantityEstimateResponse, error) {
	src, err := s.commissionSource(commissionSource)
	if err != nil {
		return api.QuantityEstimateResponse{}, err
	}
	amount, err := chain.ParseDecimal(qty)
	if err != nil {
		return api.QuantityEstimateResponse{}, badQuery("sell_quantity %q: %v", echo.Value(qty), err)
	}
	if amount.Sign() <= 0 {
		return api.QuantityEstimateResponse{}, badQuery("sell_quantity %q: want a positive decimal", echo.Value(qty))
	}
	price, err := pricing.NetPrice(s.pricing, src, sell, buy)
	if err != nil {
		return api.QuantityEstimateResponse{}, err
	}
	estimate := amount.Mul(price)
	names := s.reg.Names()
	if src != "" {
		names = []string{src}
	}
	for _, name := range names {
		c := s.chains[name]
		if c == nil {
			continue
		}
		asset, err := c.Source.Asset(buy)
		if err != nil {
			continue
		}
		inv, err := s.store.Inventory(ctx, name)
		if errors.Is(err, store.ErrNotFound) {
			continue // its settler has not run yet
		}
		if err != nil {
			return api.QuantityEstimateResponse{}, err
		}
		if s.policy.Now().Sub(inv.At) > MaxInventoryAge {
			continue // its settler is not running: nothing would fill an order
		}
		have := inv.Balances[asset.Address]
		if have != nil && asset.FromBaseUnits(have).Cmp(estimate) >= 0 {
			return api.QuantityEstimateResponse{SellingAsset: sell, BuyingAsset: buy, SellingAmount: amount.String(),
				QuantityEstimate: estimate.Truncate(int32(asset.Decimals)).String()}, nil
		}
	}
	return api.QuantityEstimateResponse{}, fmt.Errorf("%w: %s %s cannot be filled in %s", ErrNotEnoughLiquidity, amount, echo.Value(sell), echo.Value(buy))
}
