package app_test

import (
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// priceEvents returns the PRICE events of the outbox, in order.
func priceEvents(t *testing.T, st store.Outbox) []outbox.PriceChange {
	t.Helper()
	events, err := st.Events(context.Background(), 0, 0)
	require.NoError(t, err)
	var out []outbox.PriceChange
	for _, e := range events {
		if e.Kind != outbox.Price {
			continue
		}
		var p outbox.PriceChange
		require.NoError(t, json.Unmarshal(e.Payload, &p))
		out = append(out, p)
	}
	return out
}

// TestLiveFeeds: with pricing.feeds, GET /v2/price and the settlement engine price from
// the chain's feeds; a new round moves both; a stale feed is 404 NO_MARKET_DATA_FOUND, or
// the book's price where the feed falls back. Price events are written by the settler
// only, once per change of an answer.
func TestLiveFeeds(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	src := c.ChainSource(1)
	cfg := chainConfig(t, c)
	cfg.Pricing.Feeds = []pricing.FeedConfig{
		{Asset: "eth", Source: c.Source, Address: c.Feeds["eth"].Hex(), StaleAfter: 30 * time.Second},
		{Asset: "dai", Source: c.Source, Address: c.Feeds["dai"].Hex(), StaleAfter: 30 * time.Second, Fallback: true},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	log := slog.New(slog.DiscardHandler)

	apiApp, err := app.New(ctx, cfg, app.Options{Role: app.RoleAPI, Listener: ln, Logger: log})
	require.NoError(t, err)
	run(t, apiApp)
	s, cl := traderClient(t, apiApp, cfg, c)
	eventuallyPrice := func(sell, buy, want string) {
		t.Helper()
		var got api.PriceResponse
		require.Eventually(t, func() bool {
			got, err = cl.Price(ctx, sell, buy, "")
			return err == nil && got.Price == want
		}, 10*time.Second, 20*time.Millisecond, "%s/%s: got %+v (%v), want %s", sell, buy, got, err, want)
	}

	eventuallyPrice("eth", "usdt", "2997")
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3100"))
	eventuallyPrice("eth", "usdt", "3096.9")
	require.Empty(t, priceEvents(t, apiApp.Store()), "an API process publishes no prices")

	settler, err := app.New(ctx, cfg, app.Options{Role: app.RoleSettler, Logger: log, Listener: loopback(t),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	run(t, settler)
	require.Eventually(t, func() bool { return len(priceEvents(t, settler.Store())) == 2 }, 10*time.Second, 20*time.Millisecond,
		"the settler publishes each feed's answer when it starts")

	// The engine settles at the feed's price: 310 usdt buy 310 * 0.999 / 3100 eth, less
	// the 0.1% commission (0.0998001, but for the price's rounding to 18 places).
	tr, err := trader.New(ctx, src, s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	usdt, err := tr.Asset("usdt")
	require.NoError(t, err)
	eth, err := tr.Asset("eth")
	require.NoError(t, err)
	before, err := tr.FreeBalance(ctx, eth)
	require.NoError(t, err)
	_, err = tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: usdt, Buy: eth, SellAmount: big.NewInt(310_000_000),
		MinBuyAmount: big.NewInt(99_000_000_000_000_000)})
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		after, err := tr.FreeBalance(ctx, eth)
		return err == nil && after.Cmp(before) > 0
	}, 30*time.Second, 50*time.Millisecond, "the order never settled")
	after, err := tr.FreeBalance(ctx, eth)
	require.NoError(t, err)
	require.Equal(t, "99800099999999990", new(big.Int).Sub(after, before).String())

	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3200"))
	eventuallyPrice("eth", "usdt", "3196.8")
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3200")) // a new round, the same answer
	require.NoError(t, c.SetFeedAnswer(ctx, "dai", "0.98"))
	eventuallyPrice("dai", "usdt", "0.97902")

	// Past staleAfter by the chain's clock: eth has no market data, dai falls back to
	// the book's 1.
	require.NoError(t, c.IncreaseTime(ctx, 31*time.Second))
	var e *client.Error
	require.Eventually(t, func() bool {
		_, err = cl.Price(ctx, "eth", "usdt", "")
		return err != nil
	}, 10*time.Second, 20*time.Millisecond)
	require.ErrorAs(t, err, &e)
	require.Equal(t, http.StatusNotFound, e.StatusCode, "%v", err)
	require.Equal(t, api.CodeNoMarketDataFound, e.Code)
	require.Contains(t, e.Description, "stale")
	eventuallyPrice("dai", "usdt", "0.999")

	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "3300"))
	eventuallyPrice("eth", "usdt", "3296.7")
	require.Eventually(t, func() bool { return len(priceEvents(t, settler.Store())) == 5 }, 10*time.Second, 20*time.Millisecond)
	time.Sleep(200 * time.Millisecond) // more reads publish nothing new
	var got []string
	for _, p := range priceEvents(t, settler.Store()) {
		got = append(got, p.Asset+" "+p.Price)
		require.False(t, p.UpdatedAt.IsZero())
	}
	require.ElementsMatch(t, []string{"eth 3100", "dai 1"}, got[:2], "the answers when the settler started")
	require.Equal(t, []string{"eth 3200", "dai 0.98", "eth 3300"}, got[2:])
}
