package gatewaycmd

import (
	"math/big"
	"net/http"
	"strconv"
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

// signedCancelRequest signs a gasless cancel request of order id.
func signedCancelRequest(t *testing.T, c *testnet.Chain, trader testnet.Account, id *big.Int, deadline uint64, nonce int64) api.SignedCancelRequest {
	t.Helper()
	r := dtw.SignedCancelRequest{Trader: trader.Address, OrderId: id, Nonce: big.NewInt(nonce), Deadline: deadline}
	sig, err := trader.SignTypedData(dtw.CancelRequestTypedData(c.ChainID, c.DTW, r))
	require.NoError(t, err)
	return api.SignedCancelRequest{Source: c.Source, Trader: trader.Address.Hex(), OrderID: id.String(), Nonce: strconv.FormatInt(nonce, 10),
		Deadline: strconv.FormatUint(deadline, 10), Signature: hexutil.Encode(sig)}
}

// TestChainE2ECancelRequests: a resting order whose trader asks to cancel it, gaslessly
// (POST /v2/order-cancel-requests) or directly on-chain, is cancelled by the gateway
// within the grace period and reported CANCELLED with its checked return transaction; the
// identical request again answers the same relay and the order's status; requests for
// orders closed, unknown or of another trader are refused. A signed nonce invalidation
// (POST /v2/nonce-invalidations) voids a signed order before it is relayed.
func TestChainE2ECancelRequests(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 300)
	free := dtwBalance(t, c, trader.Address, dai)
	deadline := deadlineIn(t, c, time.Hour)
	resting := func() *testnet.PlacedOrder {
		o := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(200), Kind: dtw.KindLimit})
		e.waitOrder(t, orderByTxPath(c.Source, o.Receipt.TxHash), settleTimeout, "open", isStatus(api.StatusOpen))
		return o
	}
	requireCancelled := func(o *testnet.PlacedOrder) {
		st := e.waitOrder(t, orderByTxPath(c.Source, o.Receipt.TxHash), settleTimeout, "cancelled", isStatus(api.StatusCancelled))
		require.NotNil(t, st.ReturnTxID)
		ev := requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderCancelled, o.Key())
		require.Equal(t, c.Operator.Address, ev.Closer, "the gateway honoured the request")
	}

	gasless := resting()
	req := signedCancelRequest(t, c, trader, gasless.ID, deadline, 11)
	sub := e.submit(t, api.PathCancelRequests, e.a.token, req)
	require.Equal(t, api.StatusPending, sub.Status)
	r, err := c.WaitReceipt(e2eCtx(t), common.HexToHash(sub.InstructionID))
	require.NoError(t, err)
	testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackCancelRequestedEvent)
	requireCancelled(gasless)
	again := e.submit(t, api.PathCancelRequests, e.a.token, req)
	require.Equal(t, sub.InstructionID, again.InstructionID)
	require.Equal(t, api.StatusCancelled, again.Status)

	direct := resting()
	_, err = c.RequestCancel(e2eCtx(t), trader, direct)
	require.NoError(t, err)
	requireCancelled(direct)
	// The same request through the MCP tool.
	viaMCP := resting()
	callTool(t, mcpSession(t, e, e.a.token), "submit_signed_cancel_request", toolArgs(t, signedCancelRequest(t, c, trader, viaMCP.ID, deadline, 15)), &sub)
	require.Equal(t, api.StatusPending, sub.Status)
	requireCancelled(viaMCP)
	require.Equal(t, free.String(), dtwBalance(t, c, trader.Address, dai).String(), "all refunded")

	// Refusals: a closed order, an unknown one, another trader's, another account's wallet.
	status, body := e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.a.token, signedCancelRequest(t, c, trader, direct.ID, deadline, 12))
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidSchema)
	status, body = e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.a.token, signedCancelRequest(t, c, trader, big.NewInt(999), deadline, 13))
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)
	deposit(t, c, e.traders[1], dai, 1)
	theirs := place(t, c, e.traders[1], testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(1), MinBuyAmount: usdt.Units(2), Kind: dtw.KindLimit})
	// The contract numbers orders per trader: the other trader's on-chain id, signed by
	// this trader, names this trader's own order of that id (closed here), never theirs.
	require.Equal(t, gasless.ID, theirs.ID)
	status, body = e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.a.token, signedCancelRequest(t, c, trader, theirs.ID, deadline, 14))
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidSchema)
	status, body = e.gw.do(t, http.MethodPost, api.PathCancelRequests, e.b.token, req)
	requireAPIError(t, status, body, http.StatusForbidden, api.CodeInvalidPermissions)

	// A signed order voided by a signed invalidation of its nonce is refused when relayed.
	order := signedOrderRequest(t, c, trader, dai, usdt, "10", "9.9", dtw.KindMarket, deadline, 300)
	word, mask := dtw.NonceBit(big.NewInt(300))
	inv := dtw.SignedNonceInvalidation{Trader: trader.Address, Word: word, Mask: mask, MinNonce: new(big.Int), Nonce: big.NewInt(301), Deadline: deadline}
	sig, err := trader.SignTypedData(dtw.NonceInvalidationTypedData(c.ChainID, c.DTW, inv))
	require.NoError(t, err)
	sub = e.submit(t, api.PathNonceInvalidations, e.a.token, api.SignedNonceInvalidationRequest{Source: c.Source, Trader: trader.Address.Hex(),
		Word: word.String(), Mask: mask.String(), MinNonce: "0", Nonce: "301", Deadline: strconv.FormatUint(deadline, 10), Signature: hexutil.Encode(sig)})
	r, err = c.WaitReceipt(e2eCtx(t), common.HexToHash(sub.InstructionID))
	require.NoError(t, err)
	testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackNoncesInvalidatedEvent)
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, order)
	requireAPIError(t, status, body, http.StatusConflict, api.CodeNonceAlreadyUsed)
}
