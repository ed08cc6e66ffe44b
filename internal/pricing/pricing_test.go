package pricing_test

import (
	"context"
	"strings"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/pricing"
)

func TestBook(t *testing.T) {
	b, err := pricing.NewBook(pricing.Config{
		Prices:        map[string]string{"ETH": "3000", "usdt": "1"},
		SpreadBps:     20,
		CommissionBps: 10,
		Commissions:   []pricing.CommissionConfig{{Source: "optimism", Bps: 5}, {Source: "OPTIMISM", Pair: "eth/usdt", Bps: 2}, {Source: "*", Bps: 7}},
	})
	require.NoError(t, err)

	p, err := b.Price(context.Background(), "eth", "usdt")
	require.NoError(t, err)
	require.Equal(t, "2997", p.String(), "3000 less half of a 0.2% spread")
	p, err = b.Price(context.Background(), "USDT", "ETH")
	require.NoError(t, err)
	require.Equal(t, "0.000333", p.Truncate(6).String())

	_, err = b.Price(context.Background(), "eth", "eth")
	require.ErrorIs(t, err, pricing.ErrDuplicatePair)
	_, err = b.Price(context.Background(), "eth", "btc")
	require.ErrorIs(t, err, pricing.ErrNoMarketData)

	for _, tc := range []struct{ source, sell, buy, want string }{
		{"OPTIMISM", "eth", "usdt", "0.0002"},
		{"OPTIMISM", "usdt", "eth", "0.0005"},
		{"ETHEREUM", "eth", "usdt", "0.0007"},
	} {
		t.Run(tc.source+" "+tc.sell+"/"+tc.buy, func(t *testing.T) {
			require.Equal(t, tc.want, b.Commission(tc.source, tc.sell, tc.buy).String())
		})
	}

	q, err := pricing.Quote(context.Background(), b, "ETHEREUM", "eth", "usdt", decimal.RequireFromString("2"), 6)
	require.NoError(t, err)
	require.Equal(t, "5989.8042", q.String(), "2 * 2997 * (1 - 0.0007), rounded down to 6 places")
}

func TestBookRejectsBadConfig(t *testing.T) {
	for name, cfg := range map[string]pricing.Config{
		"negative price": {Prices: map[string]string{"eth": "-1"}},
		"not a number":   {Prices: map[string]string{"eth": "abc"}},
		"spread":         {SpreadBps: 10_000},
		"commission":     {CommissionBps: -1},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := pricing.NewBook(cfg)
			require.Error(t, err)
		})
	}
}

func TestBookBoundsInput(t *testing.T) {
	for _, p := range []string{"1e10000000", "1e-10000000", strings.Repeat("1", 101)} {
		_, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eth": p}})
		require.Error(t, err, p)
		require.Less(t, len(err.Error()), 200, "got %d bytes, want the price cut short", len(err.Error()))
	}
	b, err := pricing.NewBook(pricing.DefaultConfig())
	require.NoError(t, err)
	_, err = b.Price(context.Background(), strings.Repeat("x", 1<<20), "usdt")
	require.ErrorIs(t, err, pricing.ErrNoMarketData)
	require.Less(t, len(err.Error()), 200, "got %d bytes, want the asset cut short", len(err.Error()))
}
