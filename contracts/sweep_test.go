package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

// The tests of this file are issue 17's sixth finding: ETH forced on the contract and
// plain ERC-20 transfers to it could not be recovered. The owner sweeps the surplus above
// what the contract owes, and never a trader's funds.

func owed(t *testing.T, c *testnet.Chain, tok testnet.Token) *big.Int {
	t.Helper()
	return call(t, c, dtwABI.PackLiabilities(tok.Address), dtwABI.UnpackLiabilities)
}

func surplus(t *testing.T, c *testnet.Chain, tok testnet.Token) *big.Int {
	t.Helper()
	return call(t, c, dtwABI.PackSurplus(tok.Address), dtwABI.UnpackSurplus)
}

// donate sends amount of tok to the DTW contract without a deposit: a plain transfer, or
// for ETH a balance forced on it (as a selfdestruct or a block reward would).
func donate(t *testing.T, c *testnet.Chain, from testnet.Account, tok testnet.Token, amount *big.Int) {
	t.Helper()
	if tok.Kind == testnet.KindNative {
		require.NoError(t, c.SetBalance(ctx, c.DTW, new(big.Int).Add(held(t, c, tok, c.DTW), amount)))
		return
	}
	_, err := c.Transact(ctx, from, &tok.Address, bindings.NewTestToken().PackTransfer(c.DTW, amount), nil)
	require.NoError(t, err)
}

// requireOwedCovered checks that the contract holds exactly what it owes plus want more.
func requireOwedCovered(t *testing.T, c *testnet.Chain, tok testnet.Token, want *big.Int) {
	t.Helper()
	requireAmount(t, new(big.Int).Add(owed(t, c, tok), want), held(t, c, tok, c.DTW), "%s held by DTW", tok.Symbol)
}

func TestSweep(t *testing.T) {
	c := newChain(t, 3)
	trader, stranger := c.Traders[0], c.Traders[1]
	to, err := testnet.NewAccount("treasury", testnet.RoleTrader)
	require.NoError(t, err)
	locked := map[common.Address]*big.Int{} // by the trader's open orders
	for _, tok := range c.Tokens {
		fund(t, c, trader, tok, tok.Units(50))
		buy := c.MustToken("ETH")
		if tok.Kind == testnet.KindNative {
			buy = c.MustToken("DAI")
		}
		o := place(t, c, trader, testnet.OrderParams{Sell: tok, Buy: buy, SellAmount: tok.Units(20), MinBuyAmount: big.NewInt(1)})
		locked[tok.Address] = o.Order.SellAmount
	}

	for _, tok := range c.Tokens {
		t.Run("surplus of "+tok.Symbol, func(t *testing.T) {
			c.Isolate(t)
			requireOwedCovered(t, c, tok, new(big.Int))
			extra := tok.Units(7)
			donate(t, c, stranger, tok, extra)
			arrived := afterFee(tok, extra)
			requireAmount(t, arrived, surplus(t, c, tok), "surplus")
			before := snapshotBalances(t, c, trader.Address, c.Operator.Address, to.Address)
			r, err := transact(c, c.Owner, dtwABI.PackSweep(tok.Address, to.Address))
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackSweptEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWSwept{Token: tok.Address, To: to.Address, Amount: arrived}, ev)
			before.requireHeldDelta(to.Address, tok, afterFee(tok, arrived))
			before.requireHeldDelta(c.DTW, tok, neg(arrived))
			before.requireFreeDelta(trader.Address, tok, new(big.Int))
			before.requireFreeDelta(c.Operator.Address, tok, new(big.Int))
			requireOwedCovered(t, c, tok, new(big.Int))
			_, err = transact(c, c.Owner, dtwABI.PackSweep(tok.Address, to.Address))
			requireRevertArgs(t, err, &bindings.DTWNothingToSweep{Token: tok.Address})
		})
	}
	t.Run("a sweep never takes a trader's funds", func(t *testing.T) {
		c.Isolate(t)
		for _, tok := range c.Tokens {
			_, err := transact(c, c.Owner, dtwABI.PackSweep(tok.Address, c.Owner.Address))
			testnet.RequireRevert(t, err, "NothingToSweep")
			donate(t, c, stranger, tok, big.NewInt(1))
			_, err = transact(c, c.Owner, dtwABI.PackSweep(tok.Address, c.Owner.Address))
			require.NoError(t, err)
		}
		// Every free balance still leaves in full; what is left is what the orders lock.
		for _, acct := range []testnet.Account{trader, c.Operator} {
			for _, tok := range c.Tokens {
				if amount := free(t, c, acct.Address, tok); amount.Sign() > 0 {
					_, err := c.Withdraw(ctx, acct, tok, amount, acct)
					require.NoError(t, err)
				}
			}
		}
		for _, tok := range c.Tokens {
			requireAmount(t, locked[tok.Address], owed(t, c, tok), "%s owed once free balances left", tok.Symbol)
			requireOwedCovered(t, c, tok, new(big.Int))
		}
	})
	t.Run("holdings below what is owed (a negative rebase): nothing to sweep", func(t *testing.T) {
		c.Isolate(t)
		dai := c.MustToken("DAI")
		donate(t, c, stranger, dai, dai.Units(3))
		// TestToken keeps balanceOf in slot 3: the contract's balance shrinks by 10 DAI.
		slot := crypto.Keccak256Hash(common.LeftPadBytes(c.DTW.Bytes(), 32), common.LeftPadBytes([]byte{3}, 32))
		shrunk := new(big.Int).Sub(held(t, c, dai, c.DTW), dai.Units(10))
		require.NoError(t, c.RPC.CallContext(ctx, nil, "anvil_setStorageAt", dai.Address, slot, common.BigToHash(shrunk)))
		requireAmount(t, new(big.Int), surplus(t, c, dai), "surplus")
		_, err := transact(c, c.Owner, dtwABI.PackSweep(dai.Address, c.Owner.Address))
		testnet.RequireRevert(t, err, "NothingToSweep")
	})
	t.Run("a token sent by mistake, listed or not", func(t *testing.T) {
		c.Isolate(t)
		stray := deployToken(t, c, "STRAY", 100, stranger)
		donate(t, c, stranger, stray, stray.Units(100))
		_, err := transact(c, c.Owner, dtwABI.PackSweep(stray.Address, stranger.Address))
		require.NoError(t, err)
		requireAmount(t, stray.Units(100), held(t, c, stray, stranger.Address), "returned")
	})
	for _, tc := range []struct {
		name string
		from testnet.Account
		to   common.Address
		want string
	}{
		{"by the operator", c.Operator, c.Operator.Address, "NotOwner"},
		{"by a trader", trader, trader.Address, "NotOwner"},
		{"to the zero address", c.Owner, common.Address{}, "ZeroAddress"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			donate(t, c, stranger, c.MustToken("DAI"), big.NewInt(5))
			_, err := transact(c, tc.from, dtwABI.PackSweep(c.MustToken("DAI").Address, tc.to))
			testnet.RequireRevert(t, err, tc.want)
		})
	}
}
