package gatewaycmd

import (
	"encoding/json"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// settleTimeout bounds the wait for an order to be settled or cancelled and checked.
const settleTimeout = 45 * time.Second

// TestChainE2EOrderSettled: an order placed on-chain is settled at the book's price; its
// status shows SETTLED with a return transaction whose receipt holds the settlement; the
// instruction-id form agrees; other accounts and unknown sources see nothing.
func TestChainE2EOrderSettled(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")

	deposit(t, c, trader, dai, 100)
	usdtBefore := dtwBalance(t, c, trader.Address, usdt)
	o := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindMarket})

	st := e.waitOrder(t, orderByTxPath("ETHEREUM", o.Receipt.TxHash), settleTimeout, "settled", isStatus(api.StatusSettled))
	require.NotNil(t, st.ReturnTxID)
	require.Equal(t, o.Receipt.TxHash.Hex(), st.InstructionID)
	require.Equal(t, "ETHEREUM", st.OrderSource)
	require.Equal(t, o.ID.String(), st.OnchainOrderID)
	require.Equal(t, o.Key().Hex(), st.OrderKey)
	require.Equal(t, "1", st.OrderID, "the gateway numbers the orders it follows")
	byIDPath := orderStatusPath("ETHEREUM", big.NewInt(1))
	require.Equal(t, "dai", st.SellingAsset)
	require.Equal(t, "usdt", st.BuyingAsset)
	require.Equal(t, "100", st.QuantitySold)
	require.Equal(t, "99.8001", st.QuantityBought, "100 DAI at 1 with half of 20 bps spread and 10 bps commission")
	require.Equal(t, "99", st.LimitAmount)
	require.Equal(t, api.OrderTypeMarket, st.OrderType)
	require.NotEqual(t, "0", st.ReturnTxConfirmations)

	ev := requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, o.Key())
	bought := units(t, st.QuantityBought, usdt.Decimals)
	require.Equal(t, bought.String(), ev.BuyAmount.String(), "event buyAmount vs quantityBought")
	from, err := c.TxSender(e2eCtx(t), ev.TxHash)
	require.NoError(t, err)
	require.Equal(t, c.Operator.Address, from, "the operator settled it")
	require.Equal(t, new(big.Int).Add(usdtBefore, bought).String(), dtwBalance(t, c, trader.Address, usdt).String())

	var byID api.OrderStatus
	status, body := e.gw.get(t, byIDPath, e.a.token, &byID)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Equal(t, st.InstructionID, byID.InstructionID)
	require.Equal(t, st.OrderID, byID.OrderID)
	require.Equal(t, st.OrderKey, byID.OrderKey)
	require.Equal(t, api.StatusSettled, byID.Status)
	require.Equal(t, *st.ReturnTxID, *byID.ReturnTxID)
	require.Equal(t, st.QuantityBought, byID.QuantityBought)

	// Another account's trader sees neither form of the order.
	status, body = e.gw.get(t, byIDPath, e.b.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)
	status, body = e.gw.get(t, orderByTxPath("ETHEREUM", o.Receipt.TxHash), e.b.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)

	// An unknown source is refused with the list of valid ones.
	status, body = e.gw.get(t, orderStatusPath("NOWHERE", big.NewInt(1)), e.a.token, nil)
	apiErr := requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidOrderSource)
	require.Contains(t, apiErr.Description, "ETHEREUM")
	status, body = e.gw.get(t, orderByTxPath("NOWHERE", o.Receipt.TxHash), e.a.token, nil)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidOrderSource)
}

// signedOrderRequest signs a gasless order with the trader's key and writes it as the
// wire request: decimal amounts, an EIP-712 signature over base units.
func signedOrderRequest(t *testing.T, c *testnet.Chain, trader testnet.Account, sell, buy testnet.Token, amountToSell, limit string, kind uint8, deadline uint64, nonce int64) api.SignedOrderRequest {
	t.Helper()
	o := dtw.SignedOrder{
		Trader: trader.Address, SellToken: sell.Address, BuyToken: buy.Address,
		SellAmount: units(t, amountToSell, sell.Decimals), MinBuyAmount: units(t, limit, buy.Decimals),
		Deadline: deadline, Kind: kind, Nonce: big.NewInt(nonce),
	}
	sig, err := trader.SignTypedData(dtw.OrderTypedData(c.ChainID, c.DTW, o))
	require.NoError(t, err)
	orderType := api.OrderTypeMarket
	if kind == dtw.KindLimit {
		orderType = api.OrderTypeLimit
	}
	return api.SignedOrderRequest{
		Source: c.Source, Trader: trader.Address.Hex(), SellingAsset: strings.ToLower(sell.Symbol), BuyingAsset: strings.ToLower(buy.Symbol),
		AmountToSell: amountToSell, LimitAmountToReceive: limit, OrderType: orderType,
		Deadline: strconv.FormatUint(deadline, 10), Nonce: strconv.FormatInt(nonce, 10), Signature: hexutil.Encode(sig),
	}
}

// TestChainE2EGaslessOrder: a signed order posted to POST /v2/order is relayed (its
// instructionId is the relay transaction) and settled; posting it again is idempotent; a
// tampered signature and a wallet of no account are refused.
func TestChainE2EGaslessOrder(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 50)
	now, err := c.Now(e2eCtx(t))
	require.NoError(t, err)
	deadline := uint64(now.Unix()) + 3600

	req := signedOrderRequest(t, c, trader, dai, usdt, "50", "49.5", dtw.KindMarket, deadline, 7)
	status, body := e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, req)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var sub api.SubmitResponse
	require.NoError(t, json.Unmarshal(body, &sub))
	require.Equal(t, "ETHEREUM", sub.OrderSource)
	relayTx := common.HexToHash(sub.InstructionID)
	require.Equal(t, sub.InstructionID, relayTx.Hex(), "instructionId is a transaction hash")

	// The same request again gets the same relay back, and nothing is sent twice.
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, req)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var again api.SubmitResponse
	require.NoError(t, json.Unmarshal(body, &again))
	require.Equal(t, sub.InstructionID, again.InstructionID)

	// A tampered signature, or amounts other than the signed ones, are a 400.
	tampered := req
	sig := common.FromHex(req.Signature)
	sig[10] ^= 0x01
	tampered.Signature, tampered.Nonce = hexutil.Encode(sig), "8"
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, tampered)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidSchema)
	tampered = req
	tampered.AmountToSell = "49"
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, tampered)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidSchema)

	// A trader that is not one of the caller's wallets: 403, whether signed by it or not.
	other := signedOrderRequest(t, c, e.traders[2], dai, usdt, "1", "0.9", dtw.KindMarket, deadline, 1)
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, other)
	requireAPIError(t, status, body, http.StatusForbidden, api.CodeInvalidPermissions)
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.b.token, req)
	requireAPIError(t, status, body, http.StatusForbidden, api.CodeInvalidPermissions)

	st := e.waitOrder(t, orderByTxPath("ETHEREUM", relayTx), settleTimeout, "settled", isStatus(api.StatusSettled))
	require.Equal(t, sub.InstructionID, st.InstructionID)
	require.Equal(t, "50", st.QuantitySold)
	require.Equal(t, "49.90005", st.QuantityBought)
	require.NotNil(t, st.ReturnTxID)
	id, ok := new(big.Int).SetString(st.OrderID, 10)
	require.True(t, ok, "orderId %q", st.OrderID)
	key := common.HexToHash(st.OrderKey) // what the chain's events name the order by
	ev := requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, key)
	require.Equal(t, units(t, st.QuantityBought, usdt.Decimals).String(), ev.BuyAmount.String())

	// Exactly one relay was mined: the placement is the instructionId's, and one order.
	r, err := c.Client.TransactionReceipt(e2eCtx(t), relayTx)
	require.NoError(t, err)
	placed := dtw.PlacedOrders(c.DTW, r.Logs)
	require.Len(t, placed, 1)
	require.Equal(t, key, dtw.DecodeLogs(c.DTW, r.Logs)[0].OrderKey)
	require.Equal(t, trader.Address, placed[0].Trader)
	require.Len(t, settlements(t, c, key), 1)
	require.Zero(t, dtwBalance(t, c, trader.Address, dai).Sign(), "the 50 DAI were sold once")

	var byID api.OrderStatus
	status, body = e.gw.get(t, orderStatusPath("ETHEREUM", id), e.a.token, &byID)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Equal(t, api.StatusSettled, byID.Status)
	require.Equal(t, sub.InstructionID, byID.InstructionID)
}

// TestChainE2ELimitRestsThenCancelled: a limit order the book cannot fill rests OPEN until
// its deadline, then is cancelled and refunded; a market order that cannot fill is
// cancelled at once.
func TestChainE2ELimitRestsThenCancelled(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 300)
	free := dtwBalance(t, c, trader.Address, dai)
	now, err := c.Now(e2eCtx(t))
	require.NoError(t, err)

	limit := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(200),
		Kind: dtw.KindLimit, Deadline: uint64(now.Unix()) + 300})
	path := orderByTxPath("ETHEREUM", limit.Receipt.TxHash)
	st := e.waitOrder(t, path, settleTimeout, "open", isStatus(api.StatusOpen))
	require.Equal(t, api.OrderTypeLimit, st.OrderType)
	require.Nil(t, st.ReturnTxID)

	// It rests: several engine rounds (1s apart) and new blocks leave it open and locked.
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
		require.NoError(t, c.Mine(e2eCtx(t), 1))
		var now api.OrderStatus
		status, body := e.gw.get(t, path, e.a.token, &now)
		require.Equal(t, http.StatusOK, status, "body: %s", body)
		require.Equal(t, api.StatusOpen, now.Status, "round %d", i)
		require.Nil(t, now.ReturnTxID)
	}
	require.Equal(t, new(big.Int).Sub(free, dai.Units(100)).String(), dtwBalance(t, c, trader.Address, dai).String())
	require.Empty(t, settlements(t, c, limit.Key()))

	// Past the deadline it is cancelled and the sell amount is free again.
	require.NoError(t, c.IncreaseTime(e2eCtx(t), 400*time.Second))
	st = e.waitOrder(t, path, settleTimeout, "cancelled", isStatus(api.StatusCancelled))
	require.NotNil(t, st.ReturnTxID)
	require.Equal(t, "0", st.QuantityBought)
	ev := requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderCancelled, limit.Key())
	require.Equal(t, dai.Units(100).String(), ev.SellAmount.String())
	require.Equal(t, free.String(), dtwBalance(t, c, trader.Address, dai).String())

	// A market order asking more than the quote (99.8001) is cancelled at once.
	market := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(100), Kind: dtw.KindMarket})
	st = e.waitOrder(t, orderByTxPath("ETHEREUM", market.Receipt.TxHash), settleTimeout, "cancelled", isStatus(api.StatusCancelled))
	require.NotNil(t, st.ReturnTxID)
	require.Equal(t, api.OrderTypeMarket, st.OrderType)
	requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderCancelled, market.Key())
	require.Empty(t, settlements(t, c, market.Key()))
	require.Equal(t, free.String(), dtwBalance(t, c, trader.Address, dai).String())
}

// TestChainE2EReorgRemovesPlacement: a reorg (anvil snapshot/revert) removes a confirmed
// placement: the order disappears, and the new branch's order under the same id replaces it.
func TestChainE2EReorgRemovesPlacement(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 200)

	snap, err := c.Snapshot(e2eCtx(t))
	require.NoError(t, err)
	gone := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(150), Kind: dtw.KindLimit})
	require.NoError(t, c.Mine(e2eCtx(t), 2))
	goneSt := e.waitOrder(t, orderByTxPath("ETHEREUM", gone.Receipt.TxHash), settleTimeout, "open", isStatus(api.StatusOpen))
	goneID, ok := new(big.Int).SetString(goneSt.OrderID, 10)
	require.True(t, ok, "orderId %q", goneSt.OrderID)
	path := orderStatusPath("ETHEREUM", goneID)

	require.NoError(t, c.Revert(e2eCtx(t), snap))
	require.NoError(t, c.Mine(e2eCtx(t), 4))
	require.Eventually(t, func() bool {
		status, _ := e.gw.get(t, path, e.a.token, nil)
		return status == http.StatusNotFound
	}, settleTimeout, 200*time.Millisecond, "the reorged placement is still reported")
	status, body := e.gw.get(t, orderByTxPath("ETHEREUM", gone.Receipt.TxHash), e.a.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)

	// The new branch's order takes the ids (the contract's and the gateway's), and settles.
	repl := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9), Kind: dtw.KindMarket})
	require.Equal(t, gone.ID.String(), repl.ID.String(), "the contract reuses the reorged id")
	st := e.waitOrder(t, path, settleTimeout, "settled", isStatus(api.StatusSettled))
	require.Equal(t, repl.Receipt.TxHash.Hex(), st.InstructionID)
	require.Equal(t, "10", st.QuantitySold)
	require.Equal(t, api.OrderTypeMarket, st.OrderType)
	requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, repl.Key())
	require.Len(t, settlements(t, c, repl.Key()), 1)
	require.Equal(t, dai.Units(190).String(), dtwBalance(t, c, trader.Address, dai).String())
}

// TestChainE2EReorgRemovesSettlement: a reorg removes the block holding the gateway's
// settle transaction after the order was reported SETTLED; the gateway rolls back and ends
// SETTLED again with exactly one settlement on the final chain.
func TestChainE2EReorgRemovesSettlement(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	usdtBefore := dtwBalance(t, c, trader.Address, usdt)
	nonceBefore := operatorNonce(t, c)

	require.NoError(t, c.SetAutomine(e2eCtx(t), false))
	placeTx := sendPlace(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindMarket})
	require.NoError(t, c.Mine(e2eCtx(t), 1))
	key := placedKey(t, c, placeTx)
	require.Eventually(t, func() bool { return operatorTxPending(t, c) }, settleTimeout, 100*time.Millisecond, "no settle transaction in the pool")

	snap, err := c.Snapshot(e2eCtx(t))
	require.NoError(t, err)
	require.NoError(t, c.Mine(e2eCtx(t), 1))
	path := orderByTxPath("ETHEREUM", placeTx)
	first := e.waitOrder(t, path, settleTimeout, "settled before the reorg", isStatus(api.StatusSettled))
	require.Len(t, settlements(t, c, key), 1)

	require.NoError(t, c.Revert(e2eCtx(t), snap))
	require.Empty(t, settlements(t, c, key), "the revert removed the settlement")
	require.NoError(t, c.Mine(e2eCtx(t), 3))
	// Blocks keep coming (one every 300ms) while the gateway rolls back and settles again.
	var st api.OrderStatus
	require.Eventually(t, func() bool {
		require.NoError(t, c.Mine(e2eCtx(t), 1))
		status, _ := e.gw.get(t, path, e.a.token, &st)
		return status == http.StatusOK && st.Status == api.StatusSettled && len(settlements(t, c, key)) > 0
	}, settleTimeout, 300*time.Millisecond, "not settled again after the reorg; first return tx %s", *first.ReturnTxID)
	require.NoError(t, c.Mine(e2eCtx(t), 2))
	e.waitOrder(t, path, settleTimeout, "settled on the final chain", func(s api.OrderStatus) bool {
		st = s
		return s.Status == api.StatusSettled
	})

	evs := settlements(t, c, key)
	require.Len(t, evs, 1, "exactly one settlement on the final chain")
	require.Equal(t, evs[0].TxHash.Hex(), *st.ReturnTxID, "the status reports the surviving settlement")
	requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, key)
	require.Equal(t, new(big.Int).Add(usdtBefore, evs[0].BuyAmount).String(), dtwBalance(t, c, trader.Address, usdt).String(),
		"the trader received one buy amount")
	require.Equal(t, units(t, st.QuantityBought, usdt.Decimals).String(), evs[0].BuyAmount.String())
	require.Equal(t, nonceBefore+1, operatorNonce(t, c), "one operator transaction on the final chain")
	require.Contains(t, e.gw.Logs.String(), "reorg: rolling back")
}

// requireOneSettlement checks the final chain: one OrderSettled for the order, the trader
// credited one buy amount, one operator transaction, and the status reporting it.
func requireOneSettlement(t *testing.T, e *chainEnv, placeTx common.Hash, trader testnet.Account, usdtBefore *big.Int, nonceBefore uint64) api.OrderStatus {
	t.Helper()
	c, usdt := e.c, e.c.MustToken("USDT")
	st := e.waitOrder(t, orderByTxPath("ETHEREUM", placeTx), settleTimeout, "settled", isStatus(api.StatusSettled))
	key := placedKey(t, c, placeTx)
	evs := settlements(t, c, key)
	require.Len(t, evs, 1, "exactly one settlement")
	require.Equal(t, evs[0].TxHash.Hex(), *st.ReturnTxID)
	require.Equal(t, units(t, st.QuantityBought, usdt.Decimals).String(), evs[0].BuyAmount.String())
	require.Equal(t, new(big.Int).Add(usdtBefore, evs[0].BuyAmount).String(), dtwBalance(t, c, trader.Address, usdt).String())
	require.Equal(t, nonceBefore+1, operatorNonce(t, c), "the operator sent one transaction")
	return st
}

// TestChainE2ECrashBeforeBroadcast: the gateway is SIGKILLed after journaling its settle
// transaction and before broadcasting it; restarted, it broadcasts that same transaction.
func TestChainE2ECrashBeforeBroadcast(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t, EnvHoldBeforeBroadcast+"=1")
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	usdtBefore, nonceBefore := dtwBalance(t, c, trader.Address, usdt), operatorNonce(t, c)
	o := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindMarket})

	var held string
	require.Eventually(t, func() bool {
		m := holdTxRE.FindStringSubmatch(e.gw.Logs.String())
		if m != nil {
			held = m[1]
		}
		return m != nil
	}, settleTimeout, 50*time.Millisecond, "no \"holding before broadcast\"")
	e.gw.kill(t)
	require.False(t, operatorTxPending(t, c), "nothing was broadcast")
	require.Equal(t, nonceBefore, operatorNonce(t, c))
	require.Empty(t, settlements(t, c, o.Key()))

	e.start(t)
	st := requireOneSettlement(t, e, o.Receipt.TxHash, trader, usdtBefore, nonceBefore)
	require.Equal(t, held, *st.ReturnTxID, "the journaled transaction is the one broadcast after the restart")
}

// TestChainE2ECrashAfterBroadcast: the gateway is SIGKILLed while its settle transaction
// waits in anvil's pool; the transaction is mined while it is down; restarted, it finds
// the settlement instead of sending another.
func TestChainE2ECrashAfterBroadcast(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	usdtBefore, nonceBefore := dtwBalance(t, c, trader.Address, usdt), operatorNonce(t, c)

	require.NoError(t, c.SetAutomine(e2eCtx(t), false))
	placeTx := sendPlace(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindMarket})
	require.NoError(t, c.Mine(e2eCtx(t), 1))
	key := placedKey(t, c, placeTx)
	require.Eventually(t, func() bool { return operatorTxPending(t, c) }, settleTimeout, 100*time.Millisecond, "no settle transaction in the pool")
	e.gw.kill(t)

	require.NoError(t, c.SetAutomine(e2eCtx(t), true))
	require.NoError(t, c.Mine(e2eCtx(t), 1))
	require.Len(t, settlements(t, c, key), 1, "the pooled settle transaction was mined")
	e.start(t)
	requireOneSettlement(t, e, placeTx, trader, usdtBefore, nonceBefore)
	// A few more rounds with new blocks: still one settlement, no second transaction.
	for i := 0; i < 3; i++ {
		time.Sleep(time.Second)
		require.NoError(t, c.Mine(e2eCtx(t), 1))
	}
	requireOneSettlement(t, e, placeTx, trader, usdtBefore, nonceBefore)
}

// TestChainE2ERPCOutage: the gateway reaches anvil through a proxy; while the proxy refuses
// connections an order is placed, and once it is restored the order settles.
func TestChainE2ERPCOutage(t *testing.T) {
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	proxy := startRPCProxy(t, n.Chains[0].RPCURL)
	e := newChainEnvOn(t, n, envOptions{rpcURL: proxy.URL()})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	usdtBefore, nonceBefore := dtwBalance(t, c, trader.Address, usdt), operatorNonce(t, c)
	// The price feeds are read through the same RPC: a gateway that has not read them yet
	// when the RPC goes away has no quote for the order when it comes back, and cancels it
	// (seen on a loaded machine). Cut only once the pair is priced.
	require.Eventually(t, func() bool {
		var p api.PriceResponse
		status, _ := e.gw.get(t, "/v2/price/dai/usdt", e.a.token, &p)
		return status == http.StatusOK && p.Price != ""
	}, 30*time.Second, 100*time.Millisecond, "the gateway prices DAI/USDT before the outage")

	proxy.setCut(true)
	o := place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindMarket})
	path := orderByTxPath("ETHEREUM", o.Receipt.TxHash)
	for deadline := time.Now().Add(3 * time.Second); time.Now().Before(deadline); time.Sleep(500 * time.Millisecond) {
		var st api.OrderStatus
		status, body := e.gw.get(t, path, e.a.token, &st)
		require.Contains(t, []int{http.StatusOK, http.StatusNotFound}, status, "the API answers during the outage: %s", body)
		require.NotEqual(t, api.StatusSettled, st.Status, "settled without an RPC")
	}
	require.Empty(t, settlements(t, c, o.Key()))
	require.Contains(t, e.gw.Logs.String(), "follower poll failed", "the gateway noticed the outage")

	proxy.setCut(false)
	requireOneSettlement(t, e, o.Receipt.TxHash, trader, usdtBefore, nonceBefore)
}

// historyQuery is the query of GET /v3/deposits and /v3/withdrawals over the test's hour.
func historyQuery(from, to time.Time, extra ...string) string {
	q := url.Values{}
	q.Set("source", "ETHEREUM")
	q.Set("start_time", from.UTC().Format("2006-01-02T15:04:05.000Z"))
	q.Set("end_time", to.UTC().Format("2006-01-02T15:04:05.000Z"))
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return "?" + q.Encode()
}

func amounts(p api.ActivityPage) []string {
	out := []string{}
	for _, tx := range p.Transactions {
		out = append(out, tx.Amount)
	}
	return out
}

// requirePaging pages through a history endpoint one entry at a time, both ways and in
// both orders, and checks the entries' amounts against want (oldest first).
func requirePaging(t *testing.T, e *chainEnv, path string, from, to time.Time, want []string) []api.ActivityPage {
	t.Helper()
	page := func(extra ...string) api.ActivityPage {
		t.Helper()
		var p api.ActivityPage
		status, body := e.gw.get(t, path+historyQuery(from, to, append([]string{"page_size", "1"}, extra...)...), e.a.token, &p)
		require.Equal(t, http.StatusOK, status, "%s %v: %s", path, extra, body)
		require.Len(t, p.Transactions, 1, "%s %v: %s", path, extra, body)
		require.Equal(t, "ETHEREUM", p.OrderSource)
		return p
	}
	var oldestFirst []api.ActivityPage
	for _, order := range []string{"oldest_first", "newest_first"} {
		expect := slices.Clone(want)
		if order == "newest_first" {
			slices.Reverse(expect)
		}
		pages := []api.ActivityPage{page("order_by", order)}
		for len(pages) < len(expect) {
			require.True(t, pages[len(pages)-1].HasMore, "%s %s page %d", path, order, len(pages))
			pages = append(pages, page("order_by", order, "after", pages[len(pages)-1].AfterCursor))
		}
		var got []string
		for _, p := range pages {
			got = append(got, amounts(p)...)
		}
		require.Equal(t, expect, got, "%s %s forward", path, order)
		require.False(t, pages[len(pages)-1].HasMore, "%s %s: last page", path, order)
		for i := len(pages) - 1; i > 0; i-- {
			back := page("order_by", order, "before", pages[i].BeforeCursor)
			require.Equal(t, expect[i-1:i], amounts(back), "%s %s back from page %d", path, order, i)
		}
		if order == "oldest_first" {
			oldestFirst = pages
		}
	}
	return oldestFirst
}

// TestChainE2EHistoryAndWithdrawals: deposits and withdrawals (direct and gasless) of a
// chain source show in GET /v3/deposits and /v3/withdrawals with cursor paging; gasless
// withdrawals go only to approved addresses and end COMPLETED.
func TestChainE2EHistoryAndWithdrawals(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai := c.MustToken("DAI")
	ctx := e2eCtx(t)
	now, err := c.Now(ctx)
	require.NoError(t, err)
	from, to := now.Add(-time.Hour), now.Add(time.Hour)

	for _, whole := range []int64{10, 20, 30} {
		deposit(t, c, trader, dai, whole)
	}
	var direct []string
	for _, whole := range []int64{5, 7} {
		r, err := c.Withdraw(ctx, trader, dai, dai.Units(whole), trader)
		require.NoError(t, err)
		direct = append(direct, r.TxHash.Hex())
	}

	// The gasless withdrawal: only to an approved address of the account.
	approved, err := testnet.NewAccount("approved", testnet.RoleTrader)
	require.NoError(t, err)
	pending, err := testnet.NewAccount("pending", testnet.RoleTrader)
	require.NoError(t, err)
	e.gw.admin(t, "withdrawal-addresses", "add", "--account", e.a.id, "--source", "ETHEREUM", "--approve", approved.Address.Hex())
	e.gw.admin(t, "withdrawal-addresses", "add", "--account", e.a.id, "--source", "ETHEREUM", pending.Address.Hex())
	var addrs api.WithdrawalAddressesResponse
	status, body := e.gw.get(t, api.PathWithdrawalAddresses, e.a.token, &addrs)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	states := map[string]string{}
	for _, a := range addrs.Addresses {
		states[a.WithdrawalLocationReference] = a.Status
	}
	require.Equal(t, map[string]string{approved.Address.Hex(): "APPROVED", pending.Address.Hex(): "PENDING"}, states)

	signed := func(dest common.Address, amount string, nonce int64) api.SignedWithdrawalRequest {
		w := dtw.SignedWithdrawal{Trader: trader.Address, Token: dai.Address, Amount: units(t, amount, dai.Decimals), To: dest,
			Nonce: big.NewInt(nonce), Deadline: uint64(now.Unix()) + 3600}
		sig, err := trader.SignTypedData(dtw.WithdrawalTypedData(c.ChainID, c.DTW, w))
		require.NoError(t, err)
		return api.SignedWithdrawalRequest{Source: "ETHEREUM", Trader: trader.Address.Hex(), Asset: "dai", Amount: amount, To: dest.Hex(),
			Nonce: strconv.FormatInt(nonce, 10), Deadline: strconv.FormatUint(w.Deadline, 10), Signature: hexutil.Encode(sig)}
	}
	for _, dest := range []common.Address{pending.Address, e.traders[2].Address} {
		status, body = e.gw.do(t, http.MethodPost, api.PathWithdrawals, e.a.token, signed(dest, "4", 11))
		requireAPIError(t, status, body, http.StatusForbidden, api.CodeInvalidPermissions)
	}
	status, body = e.gw.do(t, http.MethodPost, api.PathWithdrawals, e.a.token, signed(approved.Address, "4", 11))
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	var sub api.SubmitResponse
	require.NoError(t, json.Unmarshal(body, &sub))
	var ws api.WithdrawalStatus
	require.Eventually(t, func() bool {
		status, _ := e.gw.get(t, "/v2/withdrawals/"+sub.InstructionID, e.a.token, &ws)
		return status == http.StatusOK && ws.Status == api.StatusCompleted
	}, settleTimeout, 200*time.Millisecond, "gasless withdrawal not COMPLETED: %+v", ws)
	require.Equal(t, "4", ws.Amount)
	require.Equal(t, "dai", ws.Asset)
	require.Equal(t, approved.Address.Hex(), ws.To)
	got, err := c.TokenBalance(ctx, dai, approved.Address)
	require.NoError(t, err)
	require.Equal(t, dai.Units(4).String(), got.String())
	require.Equal(t, dai.Units(60-16).String(), dtwBalance(t, c, trader.Address, dai).String())

	status, body = e.gw.get(t, "/v2/withdrawals/"+direct[0], e.a.token, &ws)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Equal(t, api.StatusCompleted, ws.Status)
	require.Equal(t, "5", ws.Amount)
	status, body = e.gw.get(t, "/v2/withdrawals/"+direct[0], e.b.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)

	// History: the follower has everything once the withdrawal above is COMPLETED.
	requirePaging(t, e, api.PathDeposits, from, to, []string{"10", "20", "30"})
	pages := requirePaging(t, e, api.PathWithdrawalHistory, from, to, []string{"5", "7", "4"})
	for i, hash := range append(direct, sub.InstructionID) {
		ref := pages[i].Transactions[0].Reference
		require.NotNil(t, ref)
		require.Equal(t, hash, ref.TransactionHash)
		require.Equal(t, "ETHEREUM", ref.ActivityLocation)
	}

	// Another account sees none of it; the time window bounds it.
	var other api.ActivityPage
	status, body = e.gw.get(t, api.PathDeposits+historyQuery(from, to), e.b.token, &other)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Empty(t, other.Transactions)
	var before api.ActivityPage
	status, body = e.gw.get(t, api.PathDeposits+historyQuery(from.Add(-time.Hour), from), e.a.token, &before)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Empty(t, before.Transactions)

	// Bad queries.
	first := pages[0]
	for name, q := range map[string]string{
		"before and after": historyQuery(from, to, "before", first.BeforeCursor, "after", first.AfterCursor),
		"bad cursor":       historyQuery(from, to, "after", "not-a-cursor"),
		"bad before":       historyQuery(from, to, "before", "12"),
		"page size":        historyQuery(from, to, "page_size", "2001"),
		"order":            historyQuery(from, to, "order_by", "sideways"),
	} {
		for _, path := range []string{api.PathDeposits, api.PathWithdrawalHistory} {
			status, body = e.gw.get(t, path+q, e.a.token, nil)
			require.Equal(t, http.StatusBadRequest, status, "%s %s: %s", name, path, body)
			requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidQueryParams)
		}
	}
	status, body = e.gw.get(t, api.PathDeposits+"?source=NOWHERE&start_time=2026-01-01T00:00:00.000Z&end_time=2026-01-02T00:00:00.000Z", e.a.token, nil)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidOrderSource)
}
