package contracts_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// The tests of this file are issue 17's third finding: a signature stayed live until its
// deadline and could not be voided in bulk.

// signNonceInvalidation signs n for the DTW contract of c with the trader's key.
func signNonceInvalidation(t *testing.T, c *testnet.Chain, signer testnet.Account, n dtw.SignedNonceInvalidation) []byte {
	t.Helper()
	sig, err := signer.SignTypedData(dtw.NonceInvalidationTypedData(c.ChainID, c.DTW, n))
	require.NoError(t, err)
	return sig
}

func minNonce(t *testing.T, c *testnet.Chain, trader testnet.Account) *big.Int {
	t.Helper()
	return call(t, c, dtwABI.PackMinNonce(trader.Address), dtwABI.UnpackMinNonce)
}

func TestInvalidateNonces(t *testing.T) {
	c := newChain(t, 2)
	trader, relayer := c.Traders[0], c.Traders[1]
	dai := c.MustToken("DAI")

	t.Run("a failed relay leaves the signature live until the trader voids it", func(t *testing.T) {
		c.Isolate(t)
		o := signedOrder(t, c, trader.Address, 700)
		sig := signOrder(t, c, trader, o)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, sig), "InsufficientBalance")
		fund(t, c, trader, dai, dai.Units(1000)) // for something else

		word, mask := dtw.NonceBit(o.Nonce)
		r, err := transact(c, trader, dtwABI.PackInvalidateNonces(word, mask))
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackNoncesInvalidatedEvent)
		ev.Raw = nil
		require.Equal(t, &bindings.DTWNoncesInvalidated{Trader: trader.Address, Word: word, Mask: mask}, ev)
		before := snapshotBalances(t, c, trader.Address)
		requireRevertArgs(t, relayOrder(c, relayer, o, sig), &bindings.DTWNonceAlreadyUsed{Nonce: o.Nonce})
		before.requireUnchanged()
	})
	t.Run("one call voids every nonce of a mask", func(t *testing.T) {
		c.Isolate(t)
		word := big.NewInt(3)
		mask := new(big.Int).SetBit(new(big.Int).SetBit(new(big.Int).SetBit(new(big.Int), 0, 1), 5, 1), 255, 1)
		_, err := transact(c, trader, dtwABI.PackInvalidateNonces(word, mask))
		require.NoError(t, err)
		for nonce, used := range map[int64]bool{768: true, 773: true, 1023: true, 769: false, 767: false, 1024: false} {
			requireNonceUsed(t, c, trader.Address, big.NewInt(nonce), used)
			requireNonceUsed(t, c, relayer.Address, big.NewInt(nonce), false)
		}
		_, err = transact(c, trader, dtwABI.PackInvalidateNonces(word, mask))
		require.NoError(t, err, "invalidating again is harmless")
		o := signedOrder(t, c, trader.Address, 773)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)), "NonceAlreadyUsed")
	})
}

func TestMinNonce(t *testing.T) {
	c := newChain(t, 2)
	trader, relayer := c.Traders[0], c.Traders[1]
	dai := c.MustToken("DAI")
	fund(t, c, trader, dai, dai.Units(1000))
	low, high := big.NewInt(10), new(big.Int).Lsh(big.NewInt(1), 200)
	floor := new(big.Int).Lsh(big.NewInt(1), 100)

	t.Run("voids every older signature at once", func(t *testing.T) {
		c.Isolate(t)
		older := signedOrder(t, c, trader.Address, low.Int64())
		olderSig := signOrder(t, c, trader, older)
		w := dtw.SignedWithdrawal{Trader: trader.Address, Token: dai.Address, Amount: dai.Units(1), To: trader.Address, Nonce: big.NewInt(11), Deadline: now(t, c) + 600}
		wSig := signWithdrawal(t, c, trader, w)

		r, err := transact(c, trader, dtwABI.PackSetMinNonce(floor))
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackMinNonceSetEvent)
		require.Equal(t, trader.Address, ev.Trader)
		requireAmount(t, floor, ev.MinNonce, "MinNonceSet")
		requireAmount(t, floor, minNonce(t, c, trader), "minNonce")
		requireNonceUsed(t, c, trader.Address, low, true)
		requireNonceUsed(t, c, trader.Address, new(big.Int).Sub(floor, big.NewInt(1)), true)
		requireNonceUsed(t, c, trader.Address, floor, false)

		requireRevertArgs(t, relayOrder(c, relayer, older, olderSig), &bindings.DTWNonceBelowMinimum{Nonce: low, MinNonce: floor})
		testnet.RequireRevert(t, relayWithdrawal(c, relayer, w, wSig), "NonceBelowMinimum")
		_, err = transact(c, trader, dtwABI.PackInvalidateNonce(low))
		testnet.RequireRevert(t, err, "NonceBelowMinimum")
		newer := signedOrder(t, c, trader.Address, 0)
		newer.Nonce = high
		require.NoError(t, relayOrder(c, relayer, newer, signOrder(t, c, trader, newer)))
		requireNonceUsed(t, c, relayer.Address, low, false)
	})
	t.Run("only raises", func(t *testing.T) {
		c.Isolate(t)
		_, err := transact(c, trader, dtwABI.PackSetMinNonce(floor))
		require.NoError(t, err)
		for _, m := range []*big.Int{floor, low} {
			_, err = transact(c, trader, dtwABI.PackSetMinNonce(m))
			requireRevertArgs(t, err, &bindings.DTWMinNonceNotRaised{MinNonce: m, Current: floor})
		}
	})
	t.Run("signed and relayed", func(t *testing.T) {
		c.Isolate(t)
		older := signedOrder(t, c, trader.Address, low.Int64())
		olderSig := signOrder(t, c, trader, older)
		masked := signedOrder(t, c, trader.Address, 0)
		masked.Nonce = new(big.Int).Add(high, big.NewInt(3))
		word, mask := dtw.NonceBit(masked.Nonce)
		n := dtw.SignedNonceInvalidation{Trader: trader.Address, Word: word, Mask: mask, MinNonce: floor, Nonce: high, Deadline: now(t, c) + 600}
		sig := signNonceInvalidation(t, c, trader, n)
		r, err := transact(c, relayer, dtwABI.PackInvalidateNoncesSigned(n, sig))
		require.NoError(t, err)
		testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackNoncesInvalidatedEvent)
		testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackMinNonceSetEvent)
		requireNonceUsed(t, c, trader.Address, high, true)
		requireAmount(t, floor, minNonce(t, c, trader), "minNonce")
		testnet.RequireRevert(t, relayOrder(c, relayer, older, olderSig), "NonceBelowMinimum")
		testnet.RequireRevert(t, relayOrder(c, relayer, masked, signOrder(t, c, trader, masked)), "NonceAlreadyUsed")
		_, err = transact(c, relayer, dtwABI.PackInvalidateNoncesSigned(n, sig))
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")

		// A signed invalidation with a lower minimum leaves the minimum where it is.
		lower := dtw.SignedNonceInvalidation{Trader: trader.Address, Word: new(big.Int), Mask: new(big.Int), MinNonce: low, Nonce: new(big.Int).Add(high, big.NewInt(1000)), Deadline: now(t, c) + 600}
		_, err = transact(c, relayer, dtwABI.PackInvalidateNoncesSigned(lower, signNonceInvalidation(t, c, trader, lower)))
		require.NoError(t, err)
		requireAmount(t, floor, minNonce(t, c, trader), "minNonce after a lower signed minimum")
	})
	for _, tc := range []struct {
		name string
		edit func(n *dtw.SignedNonceInvalidation) []byte
		want string
	}{
		{"signed by another key", func(n *dtw.SignedNonceInvalidation) []byte { return signNonceInvalidation(t, c, relayer, *n) }, "BadSignature"},
		{"expired", func(n *dtw.SignedNonceInvalidation) []byte {
			n.Deadline = now(t, c) - 1
			return signNonceInvalidation(t, c, trader, *n)
		}, "DeadlinePassed"},
		{"tampered minimum", func(n *dtw.SignedNonceInvalidation) []byte {
			sig := signNonceInvalidation(t, c, trader, *n)
			n.MinNonce = high
			return sig
		}, "BadSignature"},
	} {
		t.Run("signed, "+tc.name, func(t *testing.T) {
			c.Isolate(t)
			n := dtw.SignedNonceInvalidation{Trader: trader.Address, Word: new(big.Int), Mask: big.NewInt(1), MinNonce: floor, Nonce: high, Deadline: now(t, c) + 600}
			sig := tc.edit(&n)
			_, err := transact(c, relayer, dtwABI.PackInvalidateNoncesSigned(n, sig))
			testnet.RequireRevert(t, err, tc.want)
			requireAmount(t, new(big.Int), minNonce(t, c, trader), "minNonce")
		})
	}
}
