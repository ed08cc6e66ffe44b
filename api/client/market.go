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
	if err := required("sellingAsset", sellingAsset); err != nil {
		return api.PriceResponse{}, err
	}
	if err := required("buyingAsset", buyingAsset); err != nil {
		return api.PriceResponse{}, err
	}
	q := url.Values{}
	if commissionSource != "" {
		q.Set(api.ParamCommissionSource, commissionSource)
	}
	return get[api.PriceResponse](ctx, c, expand(api.PathPrice, api.PathParamSellingAsset, sellingAsset, api.PathParamBuyingAsset, buyingAsset), q)
}

// Prices returns the prices of up to 50 distinct "sell/buy" pairs (GET /v2/prices).
func (c *Client) Prices(ctx context.Context, pairs ...string) (api.PricesResponse, error) {
	return get[api.PricesResponse](ctx, c, api.PathPrices, url.Values{api.ParamAssets: pairs})
}

// QuantityEstimate estimates what sellQuantity of sellingAsset buys (GET
// /v2/quantity-estimate); commissionSource is optional.
func (c *Client) QuantityEstimate(ctx context.Context, sellingAsset, buyingAsset, sellQuantity, commissionSource string) (api.QuantityEstimateResponse, error) {
	q := url.Values{api.ParamSellingAsset: {sellingAsset}, api.ParamBuyingAsset: {buyingAsset}, api.ParamSellQuantity: {sellQuantity}}
	if commissionSource != "" {
		q.Set(api.ParamCommissionSource, commissionSource)
	}
	return get[api.QuantityEstimateResponse](ctx, c, api.PathQuantityEstimate, q)
}

// CommissionRate returns the commission of a pair on a source (GET
// /v2/commission-rate/{source}).
func (c *Client) CommissionRate(ctx context.Context, source, buyingAsset, sellingAsset string) (api.CommissionRateResponse, error) {
	if err := required("source", source); err != nil {
		return api.CommissionRateResponse{}, err
	}
	q := url.Values{api.ParamBuyingAsset: {buyingAsset}, api.ParamSellingAsset: {sellingAsset}}
	return get[api.CommissionRateResponse](ctx, c, expand(api.PathCommissionRate, api.PathParamSource, source), q)
}
