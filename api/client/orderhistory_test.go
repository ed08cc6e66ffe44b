package client_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/store"
)

// sameOrder drops what changes with the chain's head (confirmations), so that records read
// at two moments compare.
func sameOrder(o api.Order) api.Order {
	o.Confirmations, o.ReturnTxConfirmations = "", ""
	return o
}

func collect(t *testing.T, seq func(func(api.Order, error) bool)) []api.Order {
	t.Helper()
	var out []api.Order
	for o, err := range seq {
		require.NoError(t, err)
		out = append(out, sameOrder(o))
	}
	return out
}

// TestOrderHistoryOnChain: DTW orders a trader places on anvil (two market orders the
// engine settles, a limit order that rests) show in GET /v3/order-history in placement
// order, each as order status reports it; the client pages through them both ways and
// in both orders, bounds them by time, reads a sub-account's (empty) history, and gets
// the gateway's 400 for a cursor it did not make and 403 for an account not the caller's.
func TestOrderHistoryOnChain(t *testing.T) {
	ctx := context.Background()
	g := newChainGateway(t)
	c, tr, usdt, dai := g.signedInTrader(t)
	start := time.Now().Add(-time.Minute)
	_, err := tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)

	var txs []string
	for _, p := range []trader.OrderParams{
		{Sell: usdt, Buy: dai, SellAmount: big.NewInt(1_000_000), MinBuyAmount: units(17, 9)},
		{Sell: usdt, Buy: dai, SellAmount: big.NewInt(1_000_000), MinBuyAmount: units(18, 5), Kind: dtw.KindLimit},
		{Sell: usdt, Buy: dai, SellAmount: big.NewInt(2_000_000), MinBuyAmount: units(17, 18)},
	} {
		o, err := tr.PlaceOrder(ctx, p)
		require.NoError(t, err)
		txs = append(txs, o.Tx.Hex())
	}
	var want []api.Order
	for i, status := range []string{api.StatusSettled, api.StatusOpen, api.StatusSettled} {
		st := waitOrder(t, func() (api.OrderStatus, error) { return c.OrderByInstruction(ctx, "ETHEREUM", txs[i]) }, status)
		want = append(want, sameOrder(st))
	}

	page, err := c.OrderHistory(ctx, "", client.OrderHistoryQuery{})
	require.NoError(t, err)
	require.False(t, page.HasMore)
	got := make([]api.Order, len(page.Orders))
	for i, o := range page.Orders {
		got[i] = sameOrder(o)
	}
	require.Equal(t, want, got, "the orders in placement order, as order status reports them")
	require.Equal(t, api.OrderTypeLimit, got[1].OrderType)
	require.NotNil(t, got[0].ReturnTxID)

	one := client.OrderHistoryQuery{PageSize: 1}
	require.Equal(t, want, collect(t, c.AllOrders(ctx, "", one)))
	newest := client.OrderHistoryQuery{PageSize: 2, OrderBy: client.NewestFirst}
	require.Equal(t, []api.Order{want[2], want[1], want[0]}, collect(t, c.AllOrders(ctx, "", newest)))
	first, err := c.OrderHistory(ctx, "", one)
	require.NoError(t, err)
	require.True(t, first.HasMore)
	last, err := c.OrderHistory(ctx, "", client.OrderHistoryQuery{PageSize: 1, OrderBy: client.NewestFirst})
	require.NoError(t, err)
	require.Equal(t, []api.Order{want[1], want[0]}, collect(t, c.AllOrders(ctx, "", client.OrderHistoryQuery{PageSize: 1, Before: last.BeforeCursor})),
		"back from the newest, each page in listing order")

	since, err := c.OrderHistory(ctx, "", client.OrderHistoryQuery{Start: start, End: time.Now().Add(time.Minute)})
	require.NoError(t, err)
	require.Len(t, since.Orders, 3)
	later, err := c.OrderHistory(ctx, "", client.OrderHistoryQuery{Start: time.Now().Add(time.Minute)})
	require.NoError(t, err)
	require.Empty(t, later.Orders)

	account, err := g.store.WalletAccount(ctx, tr.Address())
	require.NoError(t, err)
	sub := "acc_history_sub"
	require.NoError(t, g.store.CreateAccount(ctx, store.Account{ID: sub, ParentID: account, CreatedAt: time.Now()}))
	subPage, err := c.OrderHistory(ctx, sub, client.OrderHistoryQuery{})
	require.NoError(t, err)
	require.Empty(t, subPage.Orders, "the sub-account has no wallets, so no DTW orders")
	_, err = c.OrderHistory(ctx, "acc_not_mine", client.OrderHistoryQuery{})
	requireAPIError(t, err, 403, api.CodeInvalidPermissions)

	_, err = c.OrderHistory(ctx, "", client.OrderHistoryQuery{After: "bogus"})
	requireAPIError(t, err, 400, api.CodeInvalidQueryParams)
	_, err = c.OrderHistory(ctx, "", client.OrderHistoryQuery{After: first.AfterCursor, Before: first.AfterCursor})
	require.ErrorContains(t, err, "cannot be combined")
	for _, err := range c.AllOrders(ctx, "", client.OrderHistoryQuery{Before: "bogus"}) {
		requireAPIError(t, err, 400, api.CodeInvalidQueryParams)
	}
}
