package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

// The tests of this file are issue 17's fifth finding: any address was accepted as a
// token, including tokens the contract cannot account for (a negative rebase broke the
// holdings invariant).

// deployToken deploys an 18-decimal TestToken the DTW contract has not listed, and mints
// `whole` tokens to each of `to`.
func deployToken(t *testing.T, c *testnet.Chain, symbol string, whole int64, to ...testnet.Account) testnet.Token {
	t.Helper()
	code := append(common.FromHex(bindings.TestTokenMetaData.Bin), bindings.NewTestToken().PackConstructor(symbol, symbol, 18)...)
	r, err := c.Transact(ctx, c.Owner, nil, code, nil)
	require.NoError(t, err)
	tok := testnet.Token{Symbol: symbol, Address: r.ContractAddress, Decimals: 18, Kind: testnet.KindERC20}
	for _, a := range to {
		require.NoError(t, c.Mint(ctx, tok, a.Address, tok.Units(whole)))
	}
	return tok
}

func setListed(t *testing.T, c *testnet.Chain, listed bool, toks ...common.Address) {
	t.Helper()
	r, err := transact(c, c.Owner, dtwABI.PackSetTokensListed(toks, listed))
	require.NoError(t, err)
	evs := testnet.Events(r, c.DTW, dtwABI.UnpackTokenListedEvent)
	require.Len(t, evs, len(toks))
	for i, ev := range evs {
		require.Equal(t, toks[i], ev.Token)
		require.Equal(t, listed, ev.Listed)
	}
}

func requireListed(t *testing.T, c *testnet.Chain, tok common.Address, want bool) {
	t.Helper()
	require.Equal(t, want, call(t, c, dtwABI.PackIsListed(tok), dtwABI.UnpackIsListed), "isListed(%s)", tok)
}

func delistedHeld(t *testing.T, c *testnet.Chain) uint32 {
	t.Helper()
	return call(t, c, dtwABI.PackDelistedHeld(), dtwABI.UnpackDelistedHeld)
}

func TestTokenAllowlist(t *testing.T) {
	c := newChain(t, 3)
	trader, other := c.Traders[0], c.Traders[1]
	dai, usdt, eth := c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("ETH")
	for _, tok := range c.Tokens {
		requireListed(t, c, tok.Address, true)
	}
	reb := deployToken(t, c, "REB", 1000, trader)

	t.Run("an unlisted token can be neither deposited nor sold with a deposit", func(t *testing.T) {
		c.Isolate(t)
		requireListed(t, c, reb.Address, false)
		_, err := c.Deposit(ctx, trader, reb, reb.Units(10))
		requireRevertArgs(t, err, &bindings.DTWNotListed{Token: reb.Address})
		_, err = c.DepositAndPlaceOrder(ctx, trader, testnet.OrderParams{Sell: reb, Buy: dai, SellAmount: reb.Units(10), MinBuyAmount: dai.Units(1)})
		testnet.RequireRevert(t, err, "NotListed")
		require.Zero(t, held(t, c, reb, c.DTW).Sign())
	})
	t.Run("the owner lists a token", func(t *testing.T) {
		c.Isolate(t)
		_, err := transact(c, c.Operator, dtwABI.PackSetTokensListed([]common.Address{reb.Address}, true))
		testnet.RequireRevert(t, err, "NotOwner")
		_, err = transact(c, c.Owner, dtwABI.PackSetTokensListed([]common.Address{other.Address}, true))
		requireRevertArgs(t, err, &bindings.DTWNotAToken{Token: other.Address})
		setListed(t, c, true, reb.Address)
		requireListed(t, c, reb.Address, true)
		fund(t, c, trader, reb, reb.Units(10))
		o := place(t, c, trader, testnet.OrderParams{Sell: reb, Buy: dai, SellAmount: reb.Units(5), MinBuyAmount: dai.Units(1)})
		requireOpen(t, c, o, true)
	})
	t.Run("delisting stops deposits and new orders, never withdrawals", func(t *testing.T) {
		c.Isolate(t)
		fund(t, c, trader, dai, dai.Units(300))
		fund(t, c, trader, usdt, usdt.Units(300))
		open := place(t, c, trader, daiForUSDT(c))
		o, sig, err := c.SignOrder(ctx, trader, daiForUSDT(c), big.NewInt(1))
		require.NoError(t, err)

		setListed(t, c, false, dai.Address)
		requireListed(t, c, dai.Address, false)
		require.Equal(t, uint32(1), delistedHeld(t, c))
		_, err = c.Deposit(ctx, trader, dai, dai.Units(1))
		testnet.RequireRevert(t, err, "NotListed")
		_, err = c.PlaceOrder(ctx, trader, daiForUSDT(c))
		requireRevertArgs(t, err, &bindings.DTWNotListed{Token: dai.Address})
		_, err = c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(10), MinBuyAmount: dai.Units(9)})
		requireRevertArgs(t, err, &bindings.DTWNotListed{Token: dai.Address})
		_, err = c.RelaySignedOrder(ctx, other, o, sig)
		testnet.RequireRevert(t, err, "NotListed")
		_, err = c.DepositAndPlaceOrder(ctx, trader, testnet.OrderParams{Sell: eth, Buy: dai, SellAmount: eth.Units(1), MinBuyAmount: dai.Units(1)})
		testnet.RequireRevert(t, err, "NotListed")
		_, err = c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: usdt, Buy: eth, SellAmount: usdt.Units(10), MinBuyAmount: eth.Units(1)})
		require.NoError(t, err, "orders of listed tokens go on")

		// The open order still settles (or cancels), and every DAI balance can leave.
		_, err = c.Settle(ctx, c.Operator, open, open.Order.MinBuyAmount)
		require.NoError(t, err)
		_, err = c.Withdraw(ctx, trader, dai, free(t, c, trader.Address, dai), trader)
		require.NoError(t, err)
		require.Equal(t, uint32(1), delistedHeld(t, c), "the operator still holds DAI")
		_, err = c.Withdraw(ctx, c.Operator, dai, free(t, c, c.Operator.Address, dai), c.Operator)
		require.NoError(t, err)
		require.Equal(t, uint32(0), delistedHeld(t, c), "nobody holds DAI any more")
		requireAmount(t, new(big.Int), call(t, c, dtwABI.PackLiabilities(dai.Address), dtwABI.UnpackLiabilities), "DAI owed")

		setListed(t, c, true, dai.Address)
		fund(t, c, trader, dai, dai.Units(1))
	})
	t.Run("relisting a held token", func(t *testing.T) {
		c.Isolate(t)
		setListed(t, c, false, dai.Address, usdt.Address)
		require.Equal(t, uint32(2), delistedHeld(t, c))
		setListed(t, c, false, dai.Address) // again: no change
		require.Equal(t, uint32(2), delistedHeld(t, c))
		setListed(t, c, true, usdt.Address, dai.Address)
		require.Equal(t, uint32(0), delistedHeld(t, c))
		_, err := c.PlaceOrder(ctx, c.Operator, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(1), MinBuyAmount: usdt.Units(1)})
		require.NoError(t, err)
	})
	t.Run("an order buying an unlisted token nobody holds can never be settled", func(t *testing.T) {
		c.Isolate(t)
		// With no delisted token held, a placement reads no listing: the sell balance
		// proves its token listed, and nobody can hold (so pay out) an unlisted one.
		fund(t, c, trader, dai, dai.Units(10))
		o, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: reb, SellAmount: dai.Units(10), MinBuyAmount: big.NewInt(1)})
		require.NoError(t, err)
		_, err = c.Settle(ctx, c.Operator, o, big.NewInt(1))
		requireRevertArgs(t, err, &bindings.DTWInsufficientBalance{Token: reb.Address, Available: new(big.Int), Needed: big.NewInt(1)})
		_, err = c.Cancel(ctx, c.Operator, o)
		require.NoError(t, err)
	})
}
