package gatewaycmd

import (
	"math/big"
	"net/http"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestChainE2ESameOnchainIDTwoTraders: the contract numbers orders per trader, so two
// traders' first orders both have on-chain id 0. The gateway never confuses them: each is
// its own orderId, each status shows its own key, one settles and the other, cancelled
// at its trader's request, is reported CANCELLED, each with the return transaction that
// names its own key; an account never sees the other's order by its orderId. A trader's
// direct orders are counted per sell token, so a signed cancel request names the sell
// token with the id: each of Alice's two order 0s is cancelled by its own signature, and
// neither the gateway nor the contract applies a signature to the other order.
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

	// Alice's first order selling USDT is her order 0 too, both open: the signed request
	// of each names its sell token.
	restingUSDT := place(t, c, alice, testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(10), MinBuyAmount: dai.Units(20), Kind: dtw.KindLimit})
	require.Equal(t, "0", restingUSDT.ID.String())
	wait(e.a, restingUSDT, api.StatusOpen)
	deadline := deadlineIn(t, c, time.Hour)
	forDAI := signedCancelRequest(t, c, alice, resting.ID, dai, deadline, 21)

	// Her DAI order's signature never cancels the USDT one: posted as the USDT order's,
	// it is not her signature of that request; relayed on-chain with the USDT order by
	// anyone else, the contract refuses it.
	wrong := forDAI
	wrong.SellingAsset = usdt.Symbol
	code, body := e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.a.token, wrong)
	require.Contains(t, requireAPIError(t, code, body, http.StatusBadRequest, api.CodeInvalidSchema).Description, "signature")
	signed := dtw.SignedCancelRequest{Trader: alice.Address, OrderId: resting.ID, Nonce: big.NewInt(21), Deadline: deadline}
	_, err := c.RelayCancelRequest(e2eCtx(t), bob, signed, restingUSDT, hexutil.MustDecode(forDAI.Signature))
	testnet.RequireRevert(t, err, "BadSignature")

	// Relayed by the gateway, it requests the cancel of her DAI order 0 only: the gateway
	// cancels it, her USDT order 0 stays open, and Bob's order 0 stays settled.
	sub := e.submit(t, api.PathCancelRequests, e.a.token, forDAI)
	require.Equal(t, api.StatusPending, sub.Status)
	requireCancelRequested(t, c, sub.InstructionID, resting.Key())
	alices = wait(e.a, resting, api.StatusCancelled)
	requireReturnEvent(t, c, *alices.ReturnTxID, dtw.EventOrderCancelled, resting.Key())
	require.NotEqual(t, *alices.ReturnTxID, *bobs.ReturnTxID)
	require.Empty(t, settlements(t, c, resting.Key()))
	require.Len(t, settlements(t, c, filled.Key()), 1)
	again := e.submit(t, api.PathCancelRequests, e.a.token, forDAI)
	require.Equal(t, sub.InstructionID, again.InstructionID, "the identical request: the same relay")
	require.Equal(t, api.StatusCancelled, again.Status)
	require.Equal(t, api.StatusOpen, wait(e.a, restingUSDT, api.StatusOpen).Status)

	// Her USDT order 0 by its own signature, the body naming the token by its address.
	forUSDT := signedCancelRequest(t, c, alice, restingUSDT.ID, usdt, deadline, 22)
	forUSDT.SellingAsset = usdt.Address.Hex()
	sub = e.submit(t, api.PathCancelRequests, e.a.token, forUSDT)
	require.Equal(t, api.StatusPending, sub.Status)
	requireCancelRequested(t, c, sub.InstructionID, restingUSDT.Key())
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

// requireCancelRequested requires that relay transaction tx requested the cancel of the
// order with key.
func requireCancelRequested(t *testing.T, c *testnet.Chain, tx string, key common.Hash) {
	t.Helper()
	r, err := c.WaitReceipt(e2eCtx(t), common.HexToHash(tx))
	require.NoError(t, err)
	ev := testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackCancelRequestedEvent)
	require.Equal(t, key, common.BigToHash(ev.OrderKey), "the relay requests the cancel of the signed order")
}
