package contracts_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// The tests of this file are issue 17's first finding: a trader could not get locked funds
// back before the deadline, and nothing capped the deadline.

// maxTTL is the contract's default maxOrderTTL in seconds.
var maxTTL = uint64(dtw.MaxOrderTTL / time.Second)

// passGrace moves the chain's clock past the end of a cancel request's grace period.
func passGrace(t *testing.T, c *testnet.Chain, cancelAfter uint64) {
	t.Helper()
	n := now(t, c)
	if cancelAfter >= n {
		require.NoError(t, c.IncreaseTime(ctx, time.Duration(cancelAfter-n+1)*time.Second))
	}
}

// requestCancel sends the trader's cancel request and returns its event.
func requestCancel(t *testing.T, c *testnet.Chain, trader testnet.Account, o *testnet.PlacedOrder) *bindings.DTWCancelRequested {
	t.Helper()
	r, err := c.RequestCancel(ctx, trader, o)
	require.NoError(t, err)
	return testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackCancelRequestedEvent)
}

func TestOrderDeadlineCap(t *testing.T) {
	c := newChain(t, 2)
	trader := c.Traders[0]
	dai, eth := c.MustToken("DAI"), c.MustToken("ETH")
	fund(t, c, trader, dai, dai.Units(1000))
	require.Equal(t, uint32(maxTTL), call(t, c, dtwABI.PackMaxOrderTTL(), dtwABI.UnpackMaxOrderTTL), "default maxOrderTTL")
	require.Equal(t, uint32(maxTTL), call(t, c, dtwABI.PackMAXORDERTTL(), dtwABI.UnpackMAXORDERTTL), "MAX_ORDER_TTL")

	withDeadline := func(deadline uint64) testnet.OrderParams {
		p := daiForUSDT(c)
		p.Deadline = deadline
		return p
	}
	t.Run("a deadline within maxOrderTTL", func(t *testing.T) {
		c.Isolate(t)
		_, err := c.PlaceOrder(ctx, trader, withDeadline(now(t, c)+maxTTL))
		require.NoError(t, err)
	})
	for _, tc := range []struct {
		name     string
		deadline func() uint64
	}{
		{"the largest deadline", func() uint64 { return ^uint64(0) }},
		{"ten years ahead", func() uint64 { return now(t, c) + 10*365*86400 }},
		{"a minute past maxOrderTTL", func() uint64 { return now(t, c) + maxTTL + 60 }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			p := withDeadline(tc.deadline())
			_, err := c.PlaceOrder(ctx, trader, p)
			testnet.RequireRevert(t, err, "DeadlineTooFar")
			_, err = c.DepositAndPlaceOrder(ctx, trader, testnet.OrderParams{Sell: eth, Buy: dai, SellAmount: eth.Units(1), MinBuyAmount: dai.Units(1), Deadline: p.Deadline})
			testnet.RequireRevert(t, err, "DeadlineTooFar")
			o, sig, err := c.SignOrder(ctx, trader, p, big.NewInt(1))
			require.NoError(t, err)
			_, err = c.RelaySignedOrder(ctx, c.Traders[1], o, sig)
			testnet.RequireRevert(t, err, "DeadlineTooFar")
		})
	}
	t.Run("the owner lowers maxOrderTTL", func(t *testing.T) {
		c.Isolate(t)
		r, err := transact(c, c.Owner, dtwABI.PackSetMaxOrderTTL(3600))
		require.NoError(t, err)
		require.Equal(t, uint32(3600), testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackMaxOrderTTLSetEvent).MaxOrderTTL)
		_, err = c.PlaceOrder(ctx, trader, withDeadline(now(t, c)+3600))
		require.NoError(t, err)
		deadline := now(t, c) + 3700
		_, err = c.PlaceOrder(ctx, trader, withDeadline(deadline))
		testnet.RequireRevert(t, err, "DeadlineTooFar")
		got, err := dtwABI.UnpackError(testnet.RevertData(err))
		require.NoError(t, err)
		tooFar := got.(*bindings.DTWDeadlineTooFar)
		require.Equal(t, deadline, tooFar.Deadline)
		require.InDelta(t, now(t, c)+3600, tooFar.Latest.Uint64(), 2, "latest allowed deadline: the block's time plus maxOrderTTL")
	})
	for _, tc := range []struct {
		name string
		from testnet.Account
		ttl  uint32
		want string
	}{
		{"zero", c.Owner, 0, "BadTTL"},
		{"above MAX_ORDER_TTL", c.Owner, uint32(maxTTL) + 1, "BadTTL"},
		{"by the operator", c.Operator, 3600, "NotOwner"},
		{"by a trader", trader, 3600, "NotOwner"},
	} {
		t.Run("setMaxOrderTTL "+tc.name, func(t *testing.T) {
			_, err := transact(c, tc.from, dtwABI.PackSetMaxOrderTTL(tc.ttl))
			testnet.RequireRevert(t, err, tc.want)
		})
	}
}

func TestCancelRequest(t *testing.T) {
	c := newChain(t, 3)
	trader, stranger := c.Traders[0], c.Traders[1]
	dai := c.MustToken("DAI")
	grace := uint64(dtw.CancelGrace / time.Second)
	require.Equal(t, grace, call(t, c, dtwABI.PackCANCELGRACE(), dtwABI.UnpackCANCELGRACE), "CANCEL_GRACE")

	cancelAfter := func(o *testnet.PlacedOrder) uint64 {
		return call(t, c, dtwABI.PackCancelAfter(keyOf(o)), dtwABI.UnpackCancelAfter)
	}
	t.Run("requested: the operator may settle within the grace period, a stranger may not cancel", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		ev := requestCancel(t, c, trader, o)
		requireAmount(t, keyOf(o), ev.OrderKey, "CancelRequested order key")
		require.Equal(t, trader.Address, ev.Trader)
		require.Equal(t, now(t, c)+grace, ev.CancelAfter, "cancelAfter is the request's block time plus CANCEL_GRACE")
		require.Equal(t, ev.CancelAfter, cancelAfter(o))
		requireOpen(t, c, o, true)

		_, err := c.Cancel(ctx, stranger, o)
		requireRevertArgs(t, err, &bindings.DTWCancelGraceNotOver{OrderKey: keyOf(o), CancelAfter: ev.CancelAfter})
		_, err = c.Cancel(ctx, trader, o)
		testnet.RequireRevert(t, err, "CancelGraceNotOver")
		_, err = c.RequestCancel(ctx, trader, o)
		requireRevertArgs(t, err, &bindings.DTWCancelAlreadyRequested{OrderKey: keyOf(o)})

		before := snapshotBalances(t, c, trader.Address)
		_, err = c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
		require.NoError(t, err)
		before.requireFreeDelta(trader.Address, c.MustToken("USDT"), o.Order.MinBuyAmount)
		requireOpen(t, c, o, false)
		require.Zero(t, cancelAfter(o))
	})
	t.Run("after the grace period anyone cancels, refunding the trader; the operator can no longer settle", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		ev := requestCancel(t, c, trader, o)
		passGrace(t, c, ev.CancelAfter)
		_, err := c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
		requireRevertArgs(t, err, &bindings.DTWCancelGraceOver{OrderKey: keyOf(o), CancelAfter: ev.CancelAfter})

		before := snapshotBalances(t, c, trader.Address, stranger.Address)
		r, err := c.Cancel(ctx, stranger, o)
		require.NoError(t, err)
		cancelled := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOrderCancelledEvent)
		require.Equal(t, stranger.Address, cancelled.Canceller)
		before.requireFreeDelta(trader.Address, dai, o.Order.SellAmount)
		before.requireFreeDelta(stranger.Address, dai, new(big.Int))
		requireOpen(t, c, o, false)
		require.Zero(t, cancelAfter(o))
	})
	t.Run("the operator honours a request at once", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		requestCancel(t, c, trader, o)
		before := snapshotBalances(t, c, trader.Address)
		_, err := c.Cancel(ctx, c.Operator, o)
		require.NoError(t, err)
		before.requireFreeDelta(trader.Address, dai, o.Order.SellAmount)
	})
	t.Run("a batch cancels requested orders after the grace period", func(t *testing.T) {
		c.Isolate(t)
		a, b := place(t, c, trader, daiForUSDT(c)), place(t, c, trader, daiForUSDT(c))
		requestCancel(t, c, trader, a)
		passGrace(t, c, requestCancel(t, c, trader, b).CancelAfter)
		before := snapshotBalances(t, c, trader.Address)
		_, err := c.CancelBatch(ctx, stranger, []*testnet.PlacedOrder{a, b})
		require.NoError(t, err)
		before.requireFreeDelta(trader.Address, dai, new(big.Int).Add(a.Order.SellAmount, b.Order.SellAmount))
	})
	t.Run("while paused", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		pause(t, c)
		passGrace(t, c, requestCancel(t, c, trader, o).CancelAfter)
		_, err := c.Cancel(ctx, trader, o)
		require.NoError(t, err)
	})
	t.Run("signed and relayed by anyone", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		req, sig, err := c.SignCancelRequest(ctx, trader, o, big.NewInt(77))
		require.NoError(t, err)
		r, err := c.RelayCancelRequest(ctx, stranger, req, o, sig)
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackCancelRequestedEvent)
		require.Equal(t, trader.Address, ev.Trader)
		requireAmount(t, big.NewInt(77), testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackNonceUsedEvent).Nonce, "NonceUsed")
		requireNonceUsed(t, c, trader.Address, big.NewInt(77), true)
		_, err = c.RelayCancelRequest(ctx, stranger, req, o, sig)
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
		passGrace(t, c, ev.CancelAfter)
		_, err = c.Cancel(ctx, stranger, o)
		require.NoError(t, err)
	})

	other := place(t, c, stranger, daiForUSDT(c))
	for _, tc := range []struct {
		name    string
		request func(t *testing.T, o *testnet.PlacedOrder) error
		want    string
	}{
		{"by a stranger", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.RequestCancel(ctx, stranger, o)
			return err
		}, "NotOrderTrader"},
		{"by the operator", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.RequestCancel(ctx, c.Operator, o)
			return err
		}, "NotOrderTrader"},
		{"after a settle", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
			require.NoError(t, err)
			_, err = c.RequestCancel(ctx, trader, o)
			return err
		}, "UnknownOrder"},
		{"tampered order", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.RequestCancel(ctx, trader, tampered(o, func(o *dtw.Order) { o.SellAmount = plus(o.SellAmount, 1) }))
			return err
		}, "UnknownOrder"},
		{"signed by another key", func(t *testing.T, o *testnet.PlacedOrder) error {
			req, _, err := c.SignCancelRequest(ctx, trader, o, big.NewInt(5))
			require.NoError(t, err)
			sig, err := stranger.SignTypedData(dtw.CancelRequestTypedData(c.ChainID, c.DTW, req))
			require.NoError(t, err)
			_, err = c.RelayCancelRequest(ctx, stranger, req, o, sig)
			return err
		}, "BadSignature"},
		{"signed for another trader's order", func(t *testing.T, o *testnet.PlacedOrder) error {
			req, sig, err := c.SignCancelRequest(ctx, trader, other, big.NewInt(5))
			require.NoError(t, err)
			_, err = c.RelayCancelRequest(ctx, stranger, req, other, sig)
			return err
		}, "NotOrderTrader"},
		{"signed, expired", func(t *testing.T, o *testnet.PlacedOrder) error {
			req, _, err := c.SignCancelRequest(ctx, trader, o, big.NewInt(5))
			require.NoError(t, err)
			req.Deadline = now(t, c) - 1
			sig, err := trader.SignTypedData(dtw.CancelRequestTypedData(c.ChainID, c.DTW, req))
			require.NoError(t, err)
			_, err = c.RelayCancelRequest(ctx, stranger, req, o, sig)
			return err
		}, "DeadlinePassed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			testnet.RequireRevert(t, tc.request(t, o), tc.want)
		})
	}
}

// TestTraderExitsWithoutOperator is the audit's case: an order with the longest deadline,
// then the operator revoked. The trader gets the funds back within the grace period of a
// cancel request, and nobody else's balance moves.
func TestTraderExitsWithoutOperator(t *testing.T) {
	c := newChain(t, 2)
	trader := c.Traders[0]
	dai := c.MustToken("DAI")
	p := daiForUSDT(c)
	p.Deadline = now(t, c) + maxTTL
	o := place(t, c, trader, p)
	_, err := transact(c, c.Owner, dtwABI.PackSetOperator(c.Operator.Address, false))
	require.NoError(t, err)

	_, err = c.Cancel(ctx, trader, o)
	testnet.RequireRevert(t, err, "DeadlineNotPassed")
	ev := requestCancel(t, c, trader, o)
	require.LessOrEqual(t, ev.CancelAfter, now(t, c)+uint64(dtw.CancelGrace/time.Second))
	passGrace(t, c, ev.CancelAfter)
	before := snapshotBalances(t, c, trader.Address, c.Operator.Address)
	_, err = c.Cancel(ctx, trader, o)
	require.NoError(t, err)
	before.requireFreeDelta(trader.Address, dai, o.Order.SellAmount)
	before.requireFreeDelta(c.Operator.Address, dai, new(big.Int))
	_, err = c.Withdraw(ctx, trader, dai, o.Order.SellAmount, trader)
	require.NoError(t, err)

	// Without a request, the deadline bounds the wait: at most maxOrderTTL.
	p.Deadline = now(t, c) + maxTTL
	o = place(t, c, trader, p)
	passDeadline(t, c, o.Order)
	_, err = c.Cancel(ctx, c.Traders[1], o)
	require.NoError(t, err)
	require.Equal(t, common.Hash{}, common.Hash(call(t, c, dtwABI.PackOrderHash(o.ID), dtwABI.UnpackOrderHash)))
}
