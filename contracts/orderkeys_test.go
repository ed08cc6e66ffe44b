package contracts_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestOrderKeysNeverRepeat: order ids are per trader, and an order's key (the slot of its
// hash, what closing events name it by) is never taken twice. A direct order's id counts
// its trader's placements of its sell token and only grows, also across closes; a relayed
// order's slot is its nonce's and stays used (CLOSED) after it closes, so the same
// signature, another request with that nonce or an invalidated nonce never opens it again.
func TestOrderKeysNeverRepeat(t *testing.T) {
	c := newChain(t, 2)
	trader, relayer := c.Traders[0], c.Traders[1]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	fund(t, c, trader, dai, dai.Units(10_000))
	fund(t, c, trader, usdt, usdt.Units(10_000))
	fund(t, c, c.Operator, usdt, usdt.Units(100_000))

	t.Run("direct ids count per trader and sell token, keys stay apart", func(t *testing.T) {
		c.Isolate(t)
		keys := map[string]bool{}
		take := func(o *testnet.PlacedOrder) {
			t.Helper()
			k := keyOf(o).String()
			require.False(t, keys[k], "key %s taken twice", k)
			keys[k] = true
		}
		first := place(t, c, trader, daiForUSDT(c))
		requireAmount(t, big.NewInt(0), first.ID, "first DAI order")
		take(first)
		_, err := c.Settle(ctx, c.Operator, first, first.Order.MinBuyAmount)
		require.NoError(t, err)
		requireOpen(t, c, first, false)
		for i := int64(1); i <= 3; i++ {
			o := place(t, c, trader, daiForUSDT(c))
			requireAmount(t, big.NewInt(i), o.ID, "DAI order %d: ids never go back after a close", i)
			take(o)
		}
		sellUSDT := testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(100), MinBuyAmount: dai.Units(99), Kind: dtw.KindLimit}
		o := place(t, c, trader, sellUSDT)
		requireAmount(t, big.NewInt(0), o.ID, "the first USDT order: same id as the first DAI one, another key")
		take(o)
		requireAmount(t, dai.Units(10_000), free(t, c, trader.Address, dai), "the count above the balance leaves balanceOf whole (place funds what it locks)")
	})

	t.Run("a relayed order's nonce stays used once the order closes", func(t *testing.T) {
		c.Isolate(t)
		so := signedOrder(t, c, trader.Address, 7)
		sig := signOrder(t, c, trader, so)
		o, err := c.RelaySignedOrder(ctx, relayer, so, sig)
		require.NoError(t, err)
		_, err = c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
		require.NoError(t, err)
		requireOpen(t, c, o, false) // CLOSED, not zero
		_, err = c.RelaySignedOrder(ctx, relayer, so, sig)
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
		w := dtw.SignedWithdrawal{Trader: trader.Address, Token: dai.Address, Amount: dai.Units(1), To: trader.Address, Nonce: big.NewInt(7), Deadline: now(t, c) + 600}
		_, err = transact(c, relayer, dtwABI.PackWithdrawSigned(w, signWithdrawal(t, c, trader, w)))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
		_, err = transact(c, trader, dtwABI.PackInvalidateNonce(big.NewInt(7)))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
	})

	t.Run("an invalidated nonce voids the signed order", func(t *testing.T) {
		c.Isolate(t)
		one, three := signedOrder(t, c, trader.Address, 300), signedOrder(t, c, trader.Address, 301)
		_, err := transact(c, trader, dtwABI.PackInvalidateNonce(one.Nonce))
		require.NoError(t, err)
		_, err = c.RelaySignedOrder(ctx, relayer, one, signOrder(t, c, trader, one))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
		// invalidateNonces: word 1 holds nonces 256-511; bit 45 is nonce 301.
		_, err = transact(c, trader, dtwABI.PackInvalidateNonces(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), 45)))
		require.NoError(t, err)
		_, err = c.RelaySignedOrder(ctx, relayer, three, signOrder(t, c, trader, three))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")
		later := signedOrder(t, c, trader.Address, 1000)
		_, err = transact(c, trader, dtwABI.PackSetMinNonce(big.NewInt(1001)))
		require.NoError(t, err)
		_, err = c.RelaySignedOrder(ctx, relayer, later, signOrder(t, c, trader, later))
		testnet.RequireRevert(t, err, "NonceBelowMinimum")
	})

	t.Run("invalidateNonces leaves an open relayed order open", func(t *testing.T) {
		c.Isolate(t)
		so := signedOrder(t, c, trader.Address, 5)
		o, err := c.RelaySignedOrder(ctx, relayer, so, signOrder(t, c, trader, so))
		require.NoError(t, err)
		_, err = transact(c, trader, dtwABI.PackInvalidateNonces(big.NewInt(0), big.NewInt(1<<5|1<<6)))
		require.NoError(t, err)
		requireOpen(t, c, o, true)
		requireNonceUsed(t, c, trader.Address, big.NewInt(6), true)
		_, err = c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
		require.NoError(t, err)
	})
}
