package trader_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestCancelRequest(t *testing.T) {
	ctx := context.Background()
	c := startChain(t)
	tr := newTrader(t, c, c.Traders[0])
	dai, usdt := asset(t, tr, "dai"), asset(t, tr, "usdt")
	_, err := tr.Deposit(ctx, dai, units(dai, 100))
	require.NoError(t, err)
	place := func(t *testing.T) *trader.PlacedOrder {
		t.Helper()
		o, err := tr.PlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(dai, 10), MinBuyAmount: units(usdt, 9), Kind: dtw.KindLimit})
		require.NoError(t, err)
		return o
	}

	t.Run("direct, then cancelled by the trader after the grace period", func(t *testing.T) {
		c.Isolate(t)
		o := place(t)
		_, ok, err := tr.CancelAfter(ctx, o)
		require.NoError(t, err)
		require.False(t, ok, "no request yet")
		_, err = tr.CancelOrder(ctx, o)
		requireRevert(t, err, "DeadlineNotPassed")

		r, err := tr.RequestCancel(ctx, o)
		require.NoError(t, err)
		after, ok, err := tr.CancelAfter(ctx, o)
		require.NoError(t, err)
		require.True(t, ok)
		head, err := c.Client.HeaderByNumber(ctx, r.BlockNumber)
		require.NoError(t, err)
		require.Equal(t, time.Unix(int64(head.Time), 0).Add(dtw.CancelGrace), after)
		_, err = tr.CancelOrder(ctx, o)
		requireRevert(t, err, "CancelGraceNotOver")
		_, err = tr.RequestCancel(ctx, o)
		requireRevert(t, err, "CancelAlreadyRequested")

		require.NoError(t, c.IncreaseTime(ctx, dtw.CancelGrace+time.Second))
		before := freeBalance(t, tr, dai)
		_, err = tr.CancelOrder(ctx, o)
		require.NoError(t, err)
		requireBig(t, new(big.Int).Add(before, o.Order.SellAmount), freeBalance(t, tr, dai), "refunded")
	})
	t.Run("signed and relayed by anyone", func(t *testing.T) {
		c.Isolate(t)
		o := place(t)
		signed, err := tr.SignCancelRequest(ctx, o.ID, nil)
		require.NoError(t, err)
		require.Equal(t, o.ID.String(), signed.Request.OrderID)
		require.Equal(t, signed.CancelRequest.Nonce.String(), signed.Request.Nonce)
		_, err = c.Transact(ctx, c.Traders[1], &c.DTW, bindings.NewDTW().PackRequestCancelSigned(signed.CancelRequest, o.Order, signed.Signature), nil)
		require.NoError(t, err)
		_, ok, err := tr.CancelAfter(ctx, o)
		require.NoError(t, err)
		require.True(t, ok)
		used, err := tr.NonceUsed(ctx, signed.CancelRequest.Nonce)
		require.NoError(t, err)
		require.True(t, used)
	})
}

func requireRevert(t *testing.T, err error, reason string) {
	t.Helper()
	var rev *trader.RevertError
	require.ErrorAs(t, err, &rev)
	require.Equal(t, reason, rev.Reason)
}

func TestNonces(t *testing.T) {
	ctx := context.Background()
	c := startChain(t)
	tr := newTrader(t, c, c.Traders[0])
	dai, usdt := asset(t, tr, "dai"), asset(t, tr, "usdt")
	_, err := tr.Deposit(ctx, dai, units(dai, 100))
	require.NoError(t, err)
	order := trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(dai, 1), MinBuyAmount: units(usdt, 1)}
	relay := func(s *trader.SignedOrder) error {
		_, err := c.RelaySignedOrder(ctx, c.Traders[1], s.Order, s.Signature)
		return err
	}

	t.Run("nonces sort by time", func(t *testing.T) {
		a, err := trader.NewNonce()
		require.NoError(t, err)
		time.Sleep(time.Millisecond)
		b, err := trader.NewNonce()
		require.NoError(t, err)
		require.Negative(t, a.Cmp(b))
		require.Negative(t, b.Cmp(trader.MinNonceAt(time.Now().Add(time.Millisecond))))
		require.Positive(t, a.Cmp(trader.MinNonceAt(time.Now().Add(-time.Minute))))
		require.LessOrEqual(t, b.BitLen(), 256)
	})
	t.Run("invalidate signed orders by nonce", func(t *testing.T) {
		c.Isolate(t)
		var signed []*trader.SignedOrder
		for _, n := range []int64{5, 6, 300} { // two bitmap words
			s, err := tr.SignOrder(ctx, order, big.NewInt(n))
			require.NoError(t, err)
			signed = append(signed, s)
		}
		rs, err := tr.InvalidateNonces(ctx, big.NewInt(5), big.NewInt(6), big.NewInt(300))
		require.NoError(t, err)
		require.Len(t, rs, 2, "one transaction per word")
		for _, s := range signed {
			testnet.RequireRevert(t, relay(s), "NonceAlreadyUsed")
		}
		_, err = tr.InvalidateNonces(ctx)
		require.ErrorIs(t, err, trader.ErrNoNonces)
	})
	t.Run("a minimum voids every older signature", func(t *testing.T) {
		c.Isolate(t)
		older, err := tr.SignOrder(ctx, order, nil)
		require.NoError(t, err)
		_, err = tr.SetMinNonce(ctx, trader.MinNonceAt(time.Now()))
		require.NoError(t, err)
		testnet.RequireRevert(t, relay(older), "NonceBelowMinimum")
		newer, err := tr.SignOrder(ctx, order, nil)
		require.NoError(t, err)
		require.NoError(t, relay(newer))
		_, err = tr.SetMinNonce(ctx, big.NewInt(1))
		requireRevert(t, err, "MinNonceNotRaised")
	})
	t.Run("signed invalidation", func(t *testing.T) {
		c.Isolate(t)
		older, err := tr.SignOrder(ctx, order, nil)
		require.NoError(t, err)
		masked, err := tr.SignOrder(ctx, order, big.NewInt(7))
		require.NoError(t, err)
		inv, err := tr.SignNonceInvalidation(ctx, trader.NonceInvalidationParams{Nonces: []*big.Int{big.NewInt(7)}, MinNonce: trader.MinNonceAt(time.Now())})
		require.NoError(t, err)
		_, err = c.Transact(ctx, c.Traders[1], &c.DTW, bindings.NewDTW().PackInvalidateNoncesSigned(inv.Invalidation, inv.Signature), nil)
		require.NoError(t, err)
		testnet.RequireRevert(t, relay(older), "NonceBelowMinimum")
		testnet.RequireRevert(t, relay(masked), "NonceBelowMinimum")
		min, err := tr.MinNonce(ctx)
		require.NoError(t, err)
		requireBig(t, inv.Invalidation.MinNonce, min)

		_, err = tr.SignNonceInvalidation(ctx, trader.NonceInvalidationParams{Nonces: []*big.Int{big.NewInt(1), big.NewInt(256)}})
		require.ErrorContains(t, err, "bitmap words")
		_, err = tr.SignNonceInvalidation(ctx, trader.NonceInvalidationParams{})
		require.ErrorIs(t, err, trader.ErrNoNonces)
	})
}
