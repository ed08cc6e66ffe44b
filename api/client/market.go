package client

import (
	"context"
	"net/url"

	"github.com/dtwgate/dtwgate/api"
)

// Price returns how much of buying asset one unit of selling asset gets (GET
// /v2/price/{sellingAsset}/{buyingAsset}); commissionSource, when not empty, nets the
// commission of that source.
func (c *Client) Price(ctx context.Context, sellingAsset, buyingAsset, commissionSource string) (api.PriceResponse, error) {
	var out api.PriceResponse
	if err := required("sellingAsset", sellingAsset); err != nil {
		return out, err
	}
	if err := required("buyingAsset", buyingAsset); err != nil {
		return out, err
	}
	q := url.Values{}
	if commissionSource != "" {
		q.Set("commission_source", commissionSource)
	}
	err := c.get(ctx, expand(api.PathPrice, "sellingAsset", sellingAsset, "buyingAsset", buyingAsset), q, &out)
	return out, err
}

// Prices returns the prices of up to 50 distinct "sell/buy" pairs (GET /v2/prices).
func (c *Client) Prices(ctx context.Context, pairs ...string) (api.PricesResponse, error) {
	var out api.PricesResponse
	err := c.get(ctx, api.PathPrices, url.Values{"assets": pairs}, &out)
	return out, err
}

// QuantityEstimate estimates what sellQuantity of sellingAsset buys (GET
// /v2/quantity-estimate); commissionSource is optional.
func (c *Client) QuantityEstimate(ctx context.Context, sellingAsset, buyingAsset, sellQuantity, commissionSource string) (api.QuantityEstimateResponse, error) {
	var out api.QuantityEstimateResponse
	q := url.Values{"selling_asset": {sellingAsset}, "buying_asset": {buyingAsset}, "sell_quantity": {sellQuantity}}
	if commissionSource != "" {
		q.Set("commission_source", commissionSource)
	}
	err := c.get(ctx, api.PathQuantityEstimate, q, &out)
	return out, err
}

// CommissionRate returns the commission of a pair on a source (GET
// /v2/commission-rate/{source}).
func (c *Client) CommissionRate(ctx context.Context, source, buyingAsset, sellingAsset string) (api.CommissionRateResponse, error) {
	var out api.CommissionRateResponse
	if err := required("source", source); err != nil {
		return out, err
	}
	q := url.Values{"buying_asset": {buyingAsset}, "selling_asset": {sellingAsset}}
	err := c.get(ctx, expand(api.PathCommissionRate, "source", source), q, &out)
	return out, err
}
