package chain_test

import (
	"context"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestVerifyReturnTx(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	trader := c.Traders[0]
	orders := placeOrders(t, c, trader, 2)
	usdt := c.MustToken("USDT")
	settled, err := c.Settle(ctx, c.Operator, orders[0], usdt.Units(10))
	require.NoError(t, err)
	cancelled, err := c.Cancel(ctx, c.Operator, orders[1])
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, 1))

	good := chain.ReturnExpectation{
		DTW: c.DTW, OrderKey: orders[0].Key(), Trader: trader.Address, Kind: dtw.EventOrderSettled,
		SellAmount: orders[0].Order.SellAmount, BuyAmount: usdt.Units(10), MinBuyAmount: orders[0].Order.MinBuyAmount,
		Confirmations: 2,
	}
	check, err := chain.VerifyReturnTx(ctx, c.Client, settled.TxHash, good)
	require.NoError(t, err)
	require.Equal(t, uint64(3), check.Confirmations, "settle block, cancel block and one mined block")
	require.Equal(t, usdt.Units(10).String(), check.Event.BuyAmount.String())

	tampered := func(f func(*chain.ReturnExpectation)) chain.ReturnExpectation {
		e := good
		f(&e)
		return e
	}
	goodCancel := chain.ReturnExpectation{
		DTW: c.DTW, OrderKey: orders[1].Key(), Trader: trader.Address, Kind: dtw.EventOrderCancelled, SellAmount: orders[1].Order.SellAmount,
	}
	// OrderSettled names only the order's id: a settle is bound to the order by it, and its
	// trader and sell amount are compared on cancels, whose event carries them.
	cancelTampered := func(f func(*chain.ReturnExpectation)) chain.ReturnExpectation {
		e := goodCancel
		f(&e)
		return e
	}
	for _, tc := range []struct {
		name string
		tx   common.Hash
		exp  chain.ReturnExpectation
		want error
	}{
		{"other contract", settled.TxHash, tampered(func(e *chain.ReturnExpectation) { e.DTW = c.MustToken("DAI").Address }), chain.ErrVerification},
		{"other order", settled.TxHash, tampered(func(e *chain.ReturnExpectation) { e.OrderKey = orders[1].Key() }), chain.ErrVerification},
		{"other trader", cancelled.TxHash, cancelTampered(func(e *chain.ReturnExpectation) { e.Trader = c.Traders[1].Address }), chain.ErrVerification},
		{"other sell amount", cancelled.TxHash, cancelTampered(func(e *chain.ReturnExpectation) { e.SellAmount = usdt.Units(1) }), chain.ErrVerification},
		{"other buy amount", settled.TxHash, tampered(func(e *chain.ReturnExpectation) { e.BuyAmount = usdt.Units(11) }), chain.ErrVerification},
		{"cancel reported as settle", cancelled.TxHash, tampered(func(e *chain.ReturnExpectation) { e.OrderKey = orders[1].Key() }), chain.ErrVerification},
		{"too few confirmations", settled.TxHash, tampered(func(e *chain.ReturnExpectation) { e.Confirmations = 10 }), chain.ErrNotConfirmed},
		{"unknown transaction", common.HexToHash("0x1234"), good, chain.ErrNotConfirmed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := chain.VerifyReturnTx(ctx, c.Client, tc.tx, tc.exp)
			require.ErrorIs(t, err, tc.want)
		})
	}

	check, err = chain.VerifyReturnTx(ctx, c.Client, cancelled.TxHash, goodCancel)
	require.NoError(t, err)
	require.Equal(t, c.Operator.Address, check.Event.Closer)
}
