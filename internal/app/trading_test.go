package app_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestOffchainTradingOnFeeds: the whole process on an anvil chain whose price feeds are
// DevnetAggregators. A trader funds its OFFCHAIN balance through its deposit address,
// swaps at the feed's price, places a limit order above the market that the settler's
// matcher fills once the ETH feed moves down (a PRICE event for the move), and cannot
// trade while the feed is stale, until it answers again.
func TestOffchainTradingOnFeeds(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	cfg := chainConfig(t, c)
	for _, asset := range []string{"eth", "dai", "usdt"} {
		cfg.Pricing.Feeds = append(cfg.Pricing.Feeds, pricing.FeedConfig{Asset: asset, Source: c.Source, Address: c.Feeds[asset].Hex(), StaleAfter: 10 * time.Minute})
	}
	cfg.Offchain.InventoryLimits = map[string]string{"eth": "100", "dai": "1000000", "usdt": "1000000"}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	require.NoError(t, cfg.Check())
	a, err := app.New(ctx, cfg, app.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler),
		EngineInterval: 50 * time.Millisecond, PollInterval: 25 * time.Millisecond})
	require.NoError(t, err)
	run(t, a)

	tr := c.Traders[0]
	_, cl := traderClient(t, a, cfg, c)
	acc, err := cl.Accounts(ctx)
	require.NoError(t, err)

	// Fund: 1000 DAI to the account's own deposit address.
	addrs, err := cl.DepositAddresses(ctx)
	require.NoError(t, err)
	var fwd string
	for _, d := range addrs.Addresses {
		if d.DepositAddressReference == custody.ReferencePrefix+acc.AccountID {
			fwd = d.Address
		}
	}
	to, err := chain.ParseAddress(fwd)
	require.NoError(t, err)
	dai := c.MustToken("DAI")
	_, err = c.Transact(ctx, tr, &dai.Address, bindings.NewFeeToken().PackTransfer(to, dai.Units(1000)), nil)
	require.NoError(t, err)
	balance := func(asset string) string {
		res, err := cl.Balances(ctx, "", "OFFCHAIN")
		require.NoError(t, err)
		for _, b := range res.Balances {
			if b.Asset == asset {
				return b.Balance
			}
		}
		return "0"
	}
	require.Eventually(t, func() bool { return balance("dai") == "1000" }, 20*time.Second, 50*time.Millisecond, "deposit not credited")

	// A market swap at the feed's prices: 100 dai x 1/3000 less half the spread (0.1%) is
	// 0.0333 eth, less the 0.1% commission.
	o, err := cl.Swap(ctx, "", api.SwapRequest{InstructionID: "m-1", SellingAsset: "dai", BuyingAsset: "eth", AmountToSell: "100"})
	require.NoError(t, err)
	require.Equal(t, api.StatusSettled, o.Status)
	require.Equal(t, "0.0332667", o.QuantityBought)

	// A limit order above the market rests, then fills when ETH drops to 2900.
	events, err := a.Store().Events(ctx, 0, 10_000)
	require.NoError(t, err)
	from := events[len(events)-1].ID
	rest, err := cl.Swap(ctx, "", api.SwapRequest{InstructionID: "l-1", SellingAsset: "dai", BuyingAsset: "eth", AmountToSell: "100",
		OrderType: "LIMIT", LimitAmountToReceive: "0.0340"})
	require.NoError(t, err)
	require.Equal(t, api.StatusOpen, rest.Status)
	time.Sleep(300 * time.Millisecond) // more than one matching round at 3000
	got, err := cl.OrderStatusOf(ctx, "", "OFFCHAIN", rest.OrderID)
	require.NoError(t, err)
	require.Equal(t, api.StatusOpen, got.Status)
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "2900"))
	require.Eventually(t, func() bool {
		got, err = cl.OrderStatusOf(ctx, "", "OFFCHAIN", rest.OrderID)
		require.NoError(t, err)
		return got.Status == api.StatusSettled
	}, 20*time.Second, 50*time.Millisecond, "the limit order never filled after the feed moved")
	bought := decimal.RequireFromString(got.QuantityBought)
	require.True(t, bought.GreaterThanOrEqual(decimal.RequireFromString("0.034")), "at least the limit: %s", bought)
	require.True(t, bought.LessThan(decimal.NewFromInt(100).Div(decimal.NewFromInt(2900))), "at most the feed's price: %s", bought)
	require.Eventually(t, func() bool {
		evs, err := a.Store().Events(ctx, from, 1000)
		require.NoError(t, err)
		for _, e := range evs {
			if e.Kind == outbox.Price {
				return true
			}
		}
		return false
	}, 10*time.Second, 50*time.Millisecond, "no PRICE event for the move")

	// A stale feed: no market data, nothing trades; a fresh answer brings it back.
	require.NoError(t, c.IncreaseTime(ctx, time.Hour))
	require.Eventually(t, func() bool {
		_, err = cl.Swap(ctx, "", api.SwapRequest{InstructionID: "stale-" + time.Now().Format("150405.000"), SellingAsset: "dai", BuyingAsset: "eth", AmountToSell: "1"})
		var e *client.Error
		return errors.As(err, &e) && e.Code == api.CodeNoMarketDataFound
	}, 10*time.Second, 100*time.Millisecond, "trading went on with a stale feed: %v", err)
	before := balance("dai")
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "2950"))
	require.NoError(t, c.SetFeedAnswer(ctx, "dai", "1"))
	require.Eventually(t, func() bool {
		_, err = cl.Swap(ctx, "", api.SwapRequest{InstructionID: "fresh", SellingAsset: "dai", BuyingAsset: "eth", AmountToSell: "1"})
		return err == nil
	}, 10*time.Second, 100*time.Millisecond, "trading did not resume: %v", err)
	require.NotEqual(t, before, balance("dai"))
}
