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

// TestEIP7702DelegatedTrader is issue 17's second finding: an EOA delegated with a real
// EIP-7702 SetCode transaction has code (0xef0100 and the delegate), and its own valid
// ECDSA signatures must still be accepted, also when the delegate has no ERC-1271
// isValidSignature. The delegate's ERC-1271 answer counts only for other signatures.
func TestEIP7702DelegatedTrader(t *testing.T) {
	c := newChain(t, 3)
	trader, relayer, walletOwner := c.Traders[0], c.Traders[1], c.Traders[2]
	dai := c.MustToken("DAI")
	fund(t, c, trader, dai, dai.Units(1000))

	delegate := func(t *testing.T, to common.Address) {
		t.Helper()
		_, err := c.Delegate(ctx, trader, to, relayer)
		require.NoError(t, err)
		code, err := c.Client.CodeAt(ctx, trader.Address, nil)
		require.NoError(t, err)
		require.Equal(t, append([]byte{0xef, 0x01, 0x00}, to.Bytes()...), code, "the trader's code is a delegation")
	}
	withdrawal := func(nonce int64) dtw.SignedWithdrawal {
		return dtw.SignedWithdrawal{Trader: trader.Address, Token: dai.Address, Amount: dai.Units(3), To: trader.Address, Nonce: big.NewInt(nonce), Deadline: now(t, c) + 600}
	}

	t.Run("delegate without isValidSignature", func(t *testing.T) {
		c.Isolate(t)
		delegate(t, dai.Address) // a token contract: no ERC-1271
		o := signedOrder(t, c, trader.Address, 1)
		placed, err := c.RelaySignedOrder(ctx, relayer, o, signOrder(t, c, trader, o))
		require.NoError(t, err, "the EOA's own signature")
		require.Equal(t, trader.Address, placed.Order.Trader)
		w := withdrawal(2)
		require.NoError(t, relayWithdrawal(c, relayer, w, signWithdrawal(t, c, trader, w)))

		o = signedOrder(t, c, trader.Address, 3)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, signOrder(t, c, relayer, o)), "BadSignature")
		testnet.RequireRevert(t, relayOrder(c, relayer, o, highS(signOrder(t, c, trader, o))), "BadSignature")
	})
	t.Run("delegate with isValidSignature", func(t *testing.T) {
		c.Isolate(t)
		ow := bindings.NewOwnerWallet()
		r, err := c.Transact(ctx, walletOwner, nil, append(common.FromHex(bindings.OwnerWalletMetaData.Bin), ow.PackConstructor(walletOwner.Address)...), nil)
		require.NoError(t, err)
		delegate(t, r.ContractAddress)
		o := signedOrder(t, c, trader.Address, 1)
		require.NoError(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)), "the EOA's own signature")
		o = signedOrder(t, c, trader.Address, 2)
		require.NoError(t, relayOrder(c, relayer, o, signOrder(t, c, walletOwner, o)), "the delegate's ERC-1271 answer")
		o = signedOrder(t, c, trader.Address, 3)
		testnet.RequireRevert(t, relayOrder(c, relayer, o, signOrder(t, c, relayer, o)), "BadSignature")
	})
	t.Run("delegation cleared", func(t *testing.T) {
		c.Isolate(t)
		delegate(t, dai.Address)
		_, err := c.Delegate(ctx, trader, common.Address{}, relayer)
		require.NoError(t, err)
		o := signedOrder(t, c, trader.Address, 1)
		require.NoError(t, relayOrder(c, relayer, o, signOrder(t, c, trader, o)))
	})
}
