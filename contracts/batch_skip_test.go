package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestBatchesSkipStaleOrders is issue 17's fourth finding: an order that can no longer be
// settled or cancelled when the batch is mined (expired meanwhile, closed by another
// operator or by a permissionless canceller, its cancel request's grace period over) is
// skipped with OrderSkipped, and the rest of the batch goes through.
func TestBatchesSkipStaleOrders(t *testing.T) {
	c := newChain(t, 4)
	stranger, otherOperator := c.Traders[2], c.Traders[3]
	_, err := transact(c, c.Owner, dtwABI.PackSetOperator(otherOperator.Address, true))
	require.NoError(t, err)
	soon := daiForUSDT(c)
	soon.Deadline = now(t, c) + 600
	expiring := place(t, c, c.Traders[0], soon)
	a, b := place(t, c, c.Traders[0], daiForUSDT(c)), place(t, c, c.Traders[1], daiForUSDT(c))
	live := []*testnet.PlacedOrder{a, b}
	accounts := []common.Address{c.Traders[0].Address, c.Traders[1].Address, c.Operator.Address}
	usdt := c.MustToken("USDT")

	settleAll := func(t *testing.T, orders ...*testnet.PlacedOrder) *types.Receipt {
		t.Helper()
		var buys []*big.Int
		for _, o := range orders {
			buys = append(buys, o.Order.MinBuyAmount)
		}
		r, err := c.SettleBatch(ctx, c.Operator, orders, buys)
		require.NoError(t, err)
		return r
	}
	requireSettled := func(t *testing.T, before *balances, r *types.Receipt, orders ...*testnet.PlacedOrder) {
		t.Helper()
		evs := testnet.Events(r, c.DTW, dtwABI.UnpackOrderSettledEvent)
		require.Len(t, evs, len(orders))
		for i, o := range orders {
			requireAmount(t, keyOf(o), evs[i].OrderKey, "settled order %d", i)
			requireOpen(t, c, o, false)
		}
		paid := new(big.Int)
		for _, o := range orders {
			paid.Add(paid, o.Order.MinBuyAmount)
		}
		before.requireFreeDelta(c.Operator.Address, usdt, neg(paid))
	}

	t.Run("expired between submission and inclusion", func(t *testing.T) {
		c.Isolate(t)
		passDeadline(t, c, expiring.Order)
		before := snapshotBalances(t, c, accounts...)
		r := settleAll(t, expiring, a, b)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{expiring: dtw.SkipExpired})
		requireSettled(t, before, r, live...)
		requireOpen(t, c, expiring, true) // still there to be cancelled
	})
	t.Run("closed first by a permissionless canceller", func(t *testing.T) {
		c.Isolate(t)
		passDeadline(t, c, expiring.Order)
		_, err := c.Cancel(ctx, stranger, expiring)
		require.NoError(t, err)
		before := snapshotBalances(t, c, accounts...)
		r := settleAll(t, a, expiring, b)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{expiring: dtw.SkipClosed})
		requireSettled(t, before, r, live...)
	})
	t.Run("closed first by another operator", func(t *testing.T) {
		c.Isolate(t)
		_, err := c.Cancel(ctx, otherOperator, a)
		require.NoError(t, err)
		before := snapshotBalances(t, c, accounts...)
		r := settleAll(t, a, b)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{a: dtw.SkipClosed})
		requireSettled(t, before, r, b)
	})
	t.Run("cancel requested and the grace period over", func(t *testing.T) {
		c.Isolate(t)
		passGrace(t, c, requestCancel(t, c, c.Traders[1], b).CancelAfter)
		before := snapshotBalances(t, c, accounts...)
		r := settleAll(t, b, a)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{b: dtw.SkipCancelRequested})
		requireSettled(t, before, r, a)
		requireOpen(t, c, b, true)
	})
	t.Run("cancel batch skips orders closed meanwhile", func(t *testing.T) {
		c.Isolate(t)
		_, err := c.Settle(ctx, otherOperator, a, a.Order.MinBuyAmount)
		testnet.RequireRevert(t, err, "InsufficientBalance") // the other operator has no inventory
		_, err = c.Cancel(ctx, otherOperator, a)
		require.NoError(t, err)
		before := snapshotBalances(t, c, accounts...)
		r, err := c.CancelBatch(ctx, c.Operator, []*testnet.PlacedOrder{a, b, expiring})
		require.NoError(t, err)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{a: dtw.SkipClosed})
		require.Len(t, testnet.Events(r, c.DTW, dtwABI.UnpackOrderCancelledEvent), 2)
		before.requireFreeDelta(c.Traders[1].Address, c.MustToken("DAI"), b.Order.SellAmount)
	})
	t.Run("what an operator got wrong still reverts the batch", func(t *testing.T) {
		c.Isolate(t)
		_, err := c.SettleBatch(ctx, c.Operator, []*testnet.PlacedOrder{a, b}, []*big.Int{a.Order.MinBuyAmount, plus(b.Order.MinBuyAmount, -1)})
		testnet.RequireRevert(t, err, "BelowMinBuyAmount")
		_, err = c.SettleBatch(ctx, c.Operator, []*testnet.PlacedOrder{a, tampered(b, func(o *dtw.Order) { o.MinBuyAmount = plus(o.MinBuyAmount, -1) })},
			[]*big.Int{a.Order.MinBuyAmount, b.Order.MinBuyAmount})
		testnet.RequireRevert(t, err, "UnknownOrder")
	})
}
