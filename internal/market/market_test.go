package market_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// source is a venue with a name only; market data never asks it anything else.
type source struct {
	venue.Venue
	name string
}

func (s source) Source() string { return s.name }

// inventory is what the house holds, by source and asset: a table, as the chains'
// settler snapshots would give it.
type inventory map[string]map[string]string

func (inv inventory) Available(_ context.Context, src, asset string) (decimal.Decimal, int32, bool, error) {
	v, ok := inv[src][asset]
	if !ok {
		return decimal.Zero, 0, false, nil
	}
	return decimal.RequireFromString(v), 6, true, nil
}

func newMarket(t *testing.T, inv inventory) *market.Service {
	t.Helper()
	book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eth": "3000", "usdt": "1"}, CommissionBps: 10,
		Commissions: []pricing.CommissionConfig{{Source: "OPTIMISM", Bps: 0}}})
	require.NoError(t, err)
	r, err := venue.NewRouter(source{name: "ETHEREUM"}, source{name: "OPTIMISM"})
	require.NoError(t, err)
	return market.New(book, r, inv)
}

func TestQuantityEstimateFindsAVenueThatCanDeliver(t *testing.T) {
	ctx := context.Background()
	m := newMarket(t, inventory{"ETHEREUM": {"usdt": "100"}, "OPTIMISM": {"usdt": "10000"}})
	got, err := m.QuantityEstimate(ctx, "eth", "usdt", "1", "")
	require.NoError(t, err)
	require.Equal(t, "3000", got.QuantityEstimate, "no commission source: the plain price; only OPTIMISM holds enough")

	got, err = m.QuantityEstimate(ctx, "eth", "usdt", "1", "ethereum")
	require.ErrorIs(t, err, market.ErrNotEnoughLiquidity, "got %+v: ETHEREUM holds 100 usdt", got)

	got, err = m.QuantityEstimate(ctx, "eth", "usdt", "0.01", "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, "29.97", got.QuantityEstimate, "ETHEREUM's 10 bps commission")

	_, err = m.QuantityEstimate(ctx, "eth", "usdt", "1", "MARS")
	require.ErrorIs(t, err, venue.ErrUnknownSource)
	for _, bad := range []string{"0", "-1", "1e10000000", "x"} {
		_, err = m.QuantityEstimate(ctx, "eth", "usdt", bad, "")
		require.ErrorIs(t, err, market.ErrInvalidQuery, bad)
	}
	_, err = m.QuantityEstimate(ctx, "eth", "eth", "1", "")
	require.ErrorIs(t, err, pricing.ErrDuplicatePair)
}

func TestPricesAndCommission(t *testing.T) {
	ctx := context.Background()
	m := newMarket(t, inventory{})
	got, err := m.Prices(ctx, []string{"eth/usdt", "usdt/eth"})
	require.NoError(t, err)
	require.Equal(t, []api.BatchPrice{{Assets: "eth/usdt", Price: "3000"}, {Assets: "usdt/eth", Price: "0.000333333333333333"}}, got.Prices)

	many := make([]string, market.MaxBatchPrices+1)
	for i := range many {
		many[i] = fmt.Sprintf("a%d/usdt", i)
	}
	for name, pairs := range map[string][]string{"none": nil, "too many": many, "repeated": {"eth/usdt", "ETH/USDT"}, "malformed": {"ethusdt"}} {
		_, err := m.Prices(ctx, pairs)
		require.ErrorIs(t, err, market.ErrInvalidQuery, name)
	}

	c, err := m.CommissionRate(ctx, venue.Caller{}, "optimism", "usdt", "eth")
	require.NoError(t, err)
	require.Equal(t, api.CommissionRateResponse{BuyingAsset: "usdt", SellingAsset: "eth", Commission: "0"}, c)
	_, err = m.CommissionRate(ctx, venue.Caller{}, "MARS", "usdt", "eth")
	require.ErrorIs(t, err, venue.ErrUnknownSource)

	p, err := m.Price(ctx, "eth", "usdt", "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, "2997", p.Price)
}
