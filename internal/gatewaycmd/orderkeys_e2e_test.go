package gatewaycmd

import (
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestChainE2ESameOnchainIDTwoTraders: the contract numbers orders per trader, so two
// traders' first orders both have on-chain id 0. The gateway never confuses them: each is
// its own orderId, each status shows its own key, one settles and the other, cancelled
// at its trader's request, is reported CANCELLED, each with the return transaction that
// names its own key; an account never sees the other's order by its orderId. A trader's
// direct orders are counted per sell token, and a signed cancel request names the id
// alone: the gateway relays it for the trader's one open order with that id, and refuses
// it while two are open.
func TestChainE2ESameOnchainIDTwoTraders(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c := e.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	alice, bob := e.traders[0], e.traders[1] // accounts a and b
	deposit(t, c, alice, dai, 100)
	deposit(t, c, alice, usdt, 100)
	deposit(t, c, bob, dai, 100)

	// Alice's order rests (it asks for more than the price gives); Bob's fills at once.
	resting := place(t, c, alice, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(20), Kind: dtw.KindLimit})
	filled := place(t, c, bob, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9), Kind: dtw.KindMarket})
	require.Equal(t, "0", resting.ID.String())
	require.Equal(t, resting.ID, filled.ID, "both traders' first order: the same on-chain id")
	require.NotEqual(t, resting.Key(), filled.Key())

	wait := func(acct *e2eAccount, o *testnet.PlacedOrder, status string) api.OrderStatus {
		t.Helper()
		var st api.OrderStatus
		require.Eventually(t, func() bool {
			code, _ := e.gw.get(t, orderByTxPath(c.Source, o.Receipt.TxHash), acct.token, &st)
			return code == http.StatusOK && st.Status == status
		}, settleTimeout, 200*time.Millisecond, "order %s: want %s, last %+v", o.Key(), status, st)
		return st
	}
	bobs := wait(e.b, filled, api.StatusSettled)
	alices := wait(e.a, resting, api.StatusOpen)
	require.NotEqual(t, alices.OrderID, bobs.OrderID, "two orders, two orderIds")
	require.Equal(t, []string{"0", "0"}, []string{alices.OnchainOrderID, bobs.OnchainOrderID})
	require.Equal(t, []string{resting.Key().Hex(), filled.Key().Hex()}, []string{alices.OrderKey, bobs.OrderKey})
	require.Equal(t, alice.Address.Hex(), alices.Trader)
	require.Equal(t, bob.Address.Hex(), bobs.Trader)
	require.Equal(t, "10", bobs.QuantitySold)
	ev := requireReturnEvent(t, c, *bobs.ReturnTxID, dtw.EventOrderSettled, filled.Key())
	require.Equal(t, units(t, bobs.QuantityBought, usdt.Decimals).String(), ev.BuyAmount.String())

	// Alice's first order selling USDT is her order 0 too: a signed request to cancel
	// "order 0" cannot say which of her two open orders it means.
	restingUSDT := place(t, c, alice, testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(10), MinBuyAmount: dai.Units(20), Kind: dtw.KindLimit})
	require.Equal(t, "0", restingUSDT.ID.String())
	wait(e.a, restingUSDT, api.StatusOpen)
	deadline := deadlineIn(t, c, time.Hour)
	code, body := e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.a.token, signedCancelRequest(t, c, alice, resting.ID, deadline, 21))
	apiErr := requireAPIError(t, code, body, http.StatusBadRequest, api.CodeInvalidSchema)
	require.Contains(t, apiErr.Description, "2 open orders")

	// Alice asks to cancel her order 0: the gateway cancels hers, and Bob's stays settled.
	_, err := c.RequestCancel(e2eCtx(t), alice, resting)
	require.NoError(t, err)
	alices = wait(e.a, resting, api.StatusCancelled)
	requireReturnEvent(t, c, *alices.ReturnTxID, dtw.EventOrderCancelled, resting.Key())
	require.NotEqual(t, *alices.ReturnTxID, *bobs.ReturnTxID)
	require.Empty(t, settlements(t, c, resting.Key()))
	require.Len(t, settlements(t, c, filled.Key()), 1)

	// Now the signed request names her one open order 0, the one selling USDT.
	sub := e.submit(t, api.PathCancelRequests, e.a.token, signedCancelRequest(t, c, alice, restingUSDT.ID, deadline, 22))
	require.Equal(t, api.StatusPending, sub.Status)
	usdts := wait(e.a, restingUSDT, api.StatusCancelled)
	requireReturnEvent(t, c, *usdts.ReturnTxID, dtw.EventOrderCancelled, restingUSDT.Key())

	// By the gateway's orderId: each account its own order, never the other's.
	for _, tc := range []struct {
		acct   *e2eAccount
		mine   api.OrderStatus
		theirs string
	}{{e.a, alices, bobs.OrderID}, {e.b, bobs, alices.OrderID}} {
		id, ok := new(big.Int).SetString(tc.mine.OrderID, 10)
		require.True(t, ok)
		var st api.OrderStatus
		code, body := e.gw.get(t, orderStatusPath(c.Source, id), tc.acct.token, &st)
		require.Equal(t, http.StatusOK, code, "body: %s", body)
		require.Equal(t, tc.mine.Status, st.Status)
		require.Equal(t, tc.mine.OrderKey, st.OrderKey)
		require.Equal(t, tc.mine.ReturnTxID, st.ReturnTxID)
		other, _ := new(big.Int).SetString(tc.theirs, 10)
		code, body = e.gw.get(t, orderStatusPath(c.Source, other), tc.acct.token, nil)
		requireAPIError(t, code, body, http.StatusNotFound, api.CodeNotFound)
	}
}
