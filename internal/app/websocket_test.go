package app_test

import (
	"context"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet"
)

// nextPush returns the next push of a Watch (failing after 30 s).
func nextPush(t *testing.T, w *client.Watch) client.Message {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	m, err := w.Next(ctx)
	require.NoError(t, err)
	return m
}

// TestWebsocketOnChain: the whole process on anvil with price feeds. Two traders signed
// in with SIWE watch ACCOUNT_ACTIVITY and ORDERS. The first one's deposit arrives as the
// history shows it, its direct order settled by the gateway arrives on ORDERS with the
// checked return transaction the order status reports (which the trader verifies on its
// own RPC), and a feed's new answer arrives on PRICE_FEED_UPDATES as GET /v2/price's new
// price. The second trader is sent nothing of the first one's: its own deposit, written
// after them all, is the first thing it gets.
func TestWebsocketOnChain(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	c := n.Chains[0]
	cfg := chainConfig(t, c)
	for _, asset := range []string{"eth", "dai", "usdt"} {
		cfg.Pricing.Feeds = append(cfg.Pricing.Feeds, pricing.FeedConfig{Asset: asset, Source: c.Source, Address: c.Feeds[asset].Hex(), StaleAfter: 10 * time.Minute})
	}
	a, cfg := serveAll(t, cfg)

	type party struct {
		cl      *client.Client
		tr      *trader.Trader
		account string
		w       *client.Watch
	}
	src := c.ChainSource(1)
	join := func(acct testnet.Account) party {
		s, cl := accountClient(t, a, cfg, c, acct)
		acc, err := cl.Accounts(ctx)
		require.NoError(t, err)
		tr, err := trader.New(ctx, src, s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
		require.NoError(t, err)
		w, err := cl.Watch(ctx, api.Subscription{ChannelType: api.ChannelAccountActivity}, api.Subscription{ChannelType: api.ChannelOrders})
		require.NoError(t, err)
		t.Cleanup(func() { w.Close() })
		return party{cl: cl, tr: tr, account: acc.AccountID, w: w}
	}
	alice, bob := join(c.Traders[0]), join(c.Traders[1])
	usdt, err := alice.tr.Asset("usdt")
	require.NoError(t, err)
	dai, err := alice.tr.Asset("dai")
	require.NoError(t, err)

	// A deposit: ACCOUNT_ACTIVITY once it is at the confirmation depth, as GET /v3/deposits.
	dep, err := alice.tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)
	m := nextPush(t, alice.w)
	require.NotNil(t, m.Activity, "%s", m.Raw)
	require.Equal(t, api.ActivityDeposit, m.Activity.ActivityType)
	require.Equal(t, "ETHEREUM", m.Activity.Source)
	require.Equal(t, alice.account, m.Activity.AccountID)
	require.Equal(t, "usdt", m.Activity.Asset)
	require.Equal(t, "10", m.Activity.Amount)
	require.Equal(t, dep.Receipt.TxHash.Hex(), m.Activity.TransactionHash)
	history, err := alice.cl.Deposits(ctx, client.ActivityQuery{Source: "ETHEREUM", Start: time.Now().Add(-time.Hour), End: time.Now().Add(time.Hour)})
	require.NoError(t, err)
	require.Equal(t, history.Transactions[0], m.Activity.AccountActivity)

	// A direct order the gateway settles: ORDERS with its checked return transaction.
	o, err := alice.tr.PlaceOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000), MinBuyAmount: new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))})
	require.NoError(t, err)
	m = nextPush(t, alice.w)
	require.NotNil(t, m.Order, "%s", m.Raw)
	require.Equal(t, api.StatusSettled, m.Order.Status)
	require.Equal(t, o.ID.String(), m.Order.OnchainOrderID)
	require.Equal(t, o.Key().Hex(), m.Order.OrderKey)
	require.Equal(t, o.Tx.Hex(), m.Order.InstructionID)
	require.NotNil(t, m.Order.ReturnTxID)
	id, err := strconv.ParseUint(m.Order.OrderID, 10, 64) // the gateway's
	require.NoError(t, err)
	st, err := alice.cl.OrderStatus(ctx, "ETHEREUM", id)
	require.NoError(t, err)
	require.Equal(t, st.ReturnTxID, m.Order.ReturnTxID)
	require.Equal(t, st.QuantityBought, m.Order.QuantityBought)
	_, err = alice.tr.Verifier().VerifyOrder(ctx, alice.cl, id)
	require.NoError(t, err, "the pushed return transaction is the one the trader verifies")

	// A feed moves: the settler's PRICE event reaches a price subscriber.
	require.NoError(t, alice.w.Subscribe(ctx, api.Subscription{ChannelType: api.ChannelPriceFeedUpdates,
		Body: &api.SubscriptionBody{Assets: []api.AssetPair{{SellingAsset: "eth", BuyingAsset: "dai"}}}}))
	before := nextPush(t, alice.w).Price
	require.NotNil(t, before)
	require.NoError(t, c.SetFeedAnswer(ctx, "eth", "2900"))
	after := nextPush(t, alice.w).Price
	require.NotNil(t, after)
	require.NotEmpty(t, after.EventID)
	require.NotEqual(t, before.Price, after.Price)
	now, err := alice.cl.Price(ctx, "eth", "dai", "")
	require.NoError(t, err)
	require.Equal(t, now.Price, after.Price)

	// Bob: nothing of Alice's; his own deposit first.
	_, err = bob.tr.Deposit(ctx, usdt, big.NewInt(3_000_000))
	require.NoError(t, err)
	m = nextPush(t, bob.w)
	require.NotNil(t, m.Activity, "%s", m.Raw)
	require.Equal(t, bob.account, m.Activity.AccountID)
	require.Equal(t, "3", m.Activity.Amount)
}
