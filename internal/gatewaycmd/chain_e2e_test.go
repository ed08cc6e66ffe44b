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

	st := e.waitOrder(t, orderStatusPath("ETHEREUM", o.ID), settleTimeout, "settled", isStatus(api.StatusSettled))
	require.NotNil(t, st.ReturnTxID)
	require.Equal(t, o.Receipt.TxHash.Hex(), st.InstructionID)
	require.Equal(t, "ETHEREUM", st.OrderSource)
	require.Equal(t, o.ID.String(), st.OrderID)
	require.Equal(t, "dai", st.SellingAsset)
	require.Equal(t, "usdt", st.BuyingAsset)
	require.Equal(t, "100", st.QuantitySold)
	require.Equal(t, "99.8001", st.QuantityBought, "100 DAI at 1 with half of 20 bps spread and 10 bps commission")
	require.Equal(t, "99", st.LimitAmount)
	require.Equal(t, api.OrderTypeMarket, st.OrderType)
	require.NotEqual(t, "0", st.ReturnTxConfirmations)

	ev := requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, o.ID)
	bought := units(t, st.QuantityBought, usdt.Decimals)
	require.Equal(t, bought.String(), ev.BuyAmount.String(), "event buyAmount vs quantityBought")
	require.Equal(t, trader.Address, ev.Trader)
	require.Equal(t, c.Operator.Address, ev.Closer)
	require.Equal(t, new(big.Int).Add(usdtBefore, bought).String(), dtwBalance(t, c, trader.Address, usdt).String())

	var byTx api.OrderStatus
	status, body := e.gw.get(t, orderByTxPath("ETHEREUM", o.Receipt.TxHash), e.a.token, &byTx)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Equal(t, st.InstructionID, byTx.InstructionID)
	require.Equal(t, st.OrderID, byTx.OrderID)
	require.Equal(t, api.StatusSettled, byTx.Status)
	require.Equal(t, *st.ReturnTxID, *byTx.ReturnTxID)
	require.Equal(t, st.QuantityBought, byTx.QuantityBought)

	// Another account's trader sees neither form of the order.
	status, body = e.gw.get(t, orderStatusPath("ETHEREUM", o.ID), e.b.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)
	status, body = e.gw.get(t, orderByTxPath("ETHEREUM", o.Receipt.TxHash), e.b.token, nil)
	requireAPIError(t, status, body, http.StatusNotFound, api.CodeNotFound)

	// An unknown source is refused with the list of valid ones.
	status, body = e.gw.get(t, orderStatusPath("NOWHERE", o.ID), e.a.token, nil)
	apiErr := requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidOrderSource)
	require.Contains(t, apiErr.Description, "ETHEREUM")
	status, body = e.gw.get(t, orderByTxPath("NOWHERE", o.Receipt.TxHash), e.a.token, nil)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeInvalidOrderSource)
}
