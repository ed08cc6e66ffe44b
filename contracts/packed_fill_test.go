package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestSettlePackedFieldsOutOfRange: settle's Fill carries the order id, deadline and kind
// in the high bits of the address words. A value beyond its type there (which a word
// leaves room for) must never pass for the stored order.
func TestSettlePackedFieldsOutOfRange(t *testing.T) {
	c := newChain(t, 1)
	trader := c.Traders[0]
	high := func(bit uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), bit) }
	for _, tc := range []struct {
		name string
		f    func(*dtw.Fill)
	}{
		// deadline + 2**64 and kind + 256 still fit their 96 bits.
		{"deadline", func(f *dtw.Fill) { f.DeadlineAndSellToken.Add(f.DeadlineAndSellToken, high(160+64)) }},
		{"kind", func(f *dtw.Fill) { f.KindAndBuyToken.Add(f.KindAndBuyToken, high(160+8)) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			fill := dtw.PackFill(o.ID, o.Order, o.Order.MinBuyAmount)
			tc.f(&fill)
			_, err := transact(c, c.Operator, dtwABI.PackSettle(fill))
			requireRevertArgs(t, err, &bindings.DTWUnknownOrder{OrderKey: keyOf(o)}) // the key is the id, trader and sell token's
			requireOpen(t, c, o, true)
		})
	}
	t.Run("order id + 2**64", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		other := *o
		other.ID = new(big.Int).Add(o.ID, high(64))
		_, err := c.Settle(ctx, c.Operator, &other, o.Order.MinBuyAmount)
		requireRevertArgs(t, err, &bindings.DTWUnknownOrder{OrderKey: fillKey(dtw.PackFill(other.ID, other.Order, nil))})
		r, err := c.SettleBatch(ctx, c.Operator, []*testnet.PlacedOrder{&other}, []*big.Int{o.Order.MinBuyAmount})
		require.NoError(t, err)
		skipped := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOrderSkippedEvent)
		requireAmount(t, fillKey(dtw.PackFill(other.ID, other.Order, nil)), skipped.OrderKey, "skipped key")
		require.Equal(t, dtw.SkipClosed, skipped.Reason)
		requireOpen(t, c, o, true)
	})
	t.Run("ids of 2**96 and more are never open", func(t *testing.T) {
		for _, id := range []*big.Int{high(96), high(255), new(big.Int).Sub(high(256), big.NewInt(1))} {
			require.Equal(t, [32]byte{}, call(t, c, dtwABI.PackOrderHash(id), dtwABI.UnpackOrderHash), "orderHash(%s)", id)
		}
	})
}

// TestSettleBatchOperatorRuns: a batch moves the operator's balances once per run of fills
// that sell or buy the same token. Runs that alternate tokens, a payment that needs what an
// earlier fill of the batch brought in, and an order of the operator itself (whose buy
// credit lands on the token being paid) must all end at the exact balances.
func TestSettleBatchOperatorRuns(t *testing.T) {
	c := newChain(t, 2)
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	op := c.Operator
	require.NoError(t, c.Mint(ctx, dai, op.Address, dai.Units(1_000)))
	// Leave the operator 100 USDT, so that paying more needs the batch's own proceeds.
	left := usdt.Units(100)
	_, err := c.Withdraw(ctx, op, usdt, new(big.Int).Sub(free(t, c, op.Address, usdt), left), op)
	require.NoError(t, err)

	usdtForDAI := testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(100), MinBuyAmount: dai.Units(99), Kind: dtw.KindLimit}
	daiForUSDT := daiForUSDT(c)
	daiForUSDT.MinBuyAmount = usdt.Units(50)

	t.Run("exact balances", func(t *testing.T) {
		c.Isolate(t)
		orders := []*testnet.PlacedOrder{
			place(t, c, c.Traders[0], usdtForDAI), // the operator receives 100 USDT, pays DAI
			place(t, c, c.Traders[1], daiForUSDT), // pays 105 USDT: only with the 100 just received
			place(t, c, op, daiForUSDT),           // the operator's own order: its USDT credit meets its USDT payment
			place(t, c, c.Traders[0], usdtForDAI),
			place(t, c, c.Traders[1], daiForUSDT),
		}
		buys := []*big.Int{dai.Units(99), usdt.Units(105), usdt.Units(60), dai.Units(100), usdt.Units(50)}
		accounts := []common.Address{c.Traders[0].Address, c.Traders[1].Address, op.Address}
		before := snapshotBalances(t, c, accounts...)
		liabilities := map[common.Address]*big.Int{}
		for _, tok := range c.Tokens {
			liabilities[tok.Address] = call(t, c, dtwABI.PackLiabilities(tok.Address), dtwABI.UnpackLiabilities)
		}

		r, err := c.SettleBatch(ctx, op, orders, buys)
		require.NoError(t, err)
		require.Len(t, testnet.Events(r, c.DTW, dtwABI.UnpackOrderSettledEvent), len(orders))
		want := map[common.Address]map[common.Address]*big.Int{}
		add := func(who, tok common.Address, d *big.Int) {
			if want[who] == nil {
				want[who] = map[common.Address]*big.Int{}
			}
			if want[who][tok] == nil {
				want[who][tok] = new(big.Int)
			}
			want[who][tok].Add(want[who][tok], d)
		}
		for i, o := range orders {
			requireOpen(t, c, o, false)
			add(o.Order.Trader, o.Order.BuyToken, buys[i])
			add(op.Address, o.Order.SellToken, o.Order.SellAmount)
			add(op.Address, o.Order.BuyToken, neg(buys[i]))
		}
		for _, who := range accounts {
			for _, tok := range c.Tokens {
				d := want[who][tok.Address]
				if d == nil {
					d = new(big.Int)
				}
				before.requireFreeDelta(who, tok, d)
			}
		}
		for _, tok := range c.Tokens {
			before.requireHeldDelta(c.DTW, tok, new(big.Int))
			requireAmount(t, liabilities[tok.Address], call(t, c, dtwABI.PackLiabilities(tok.Address), dtwABI.UnpackLiabilities), "liabilities of %s", tok.Symbol)
		}
	})
	t.Run("a payment beyond what is left reverts with what is left", func(t *testing.T) {
		c.Isolate(t)
		orders := []*testnet.PlacedOrder{place(t, c, c.Traders[0], daiForUSDT), place(t, c, c.Traders[1], daiForUSDT)}
		before := snapshotBalances(t, c, c.Traders[0].Address, c.Traders[1].Address, op.Address)
		_, err := c.SettleBatch(ctx, op, orders, []*big.Int{usdt.Units(60), usdt.Units(60)})
		requireRevertArgs(t, err, &bindings.DTWInsufficientBalance{Token: usdt.Address, Available: usdt.Units(40), Needed: usdt.Units(60)})
		before.requireUnchanged()
		for _, o := range orders {
			requireOpen(t, c, o, true)
		}
	})
}
