package reserves_test

import (
	"bytes"
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestHoldingsOnChain reads a listing's holdings from a real anvil chain at their block
// (wallet ERC-20, native, and the operator's balance in the DTW contract), reports the
// coverage, and catches a holding overstated, liabilities above the holdings and a
// listing on another chain.
func TestHoldingsOnChain(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chain("ETHEREUM")
	dai := c.MustToken("DAI")
	op := c.Operator.Address

	block, err := c.Client.BlockNumber(ctx)
	require.NoError(t, err)
	wallet, err := c.TokenBalance(ctx, dai, op)
	require.NoError(t, err)
	inDTW, err := c.DTWBalance(ctx, op, dai.Address)
	require.NoError(t, err)
	eth, err := c.Client.BalanceAt(ctx, op, nil)
	require.NoError(t, err)
	require.Positive(t, wallet.Sign())
	require.Positive(t, inDTW.Sign())
	// after the listed block the operator's wallet grows: the check reads the listed block
	require.NoError(t, c.Mint(ctx, dai, op, dai.Units(1_000_000_000)))

	dtw := c.DTW
	chainID := c.ChainID.Uint64()
	listing := func() []reserves.Holding {
		return []reserves.Holding{
			{Chain: "ETHEREUM", ChainID: chainID, Asset: "dai", Token: dai.Address, Decimals: 18, Address: op, Block: block, Amount: wallet.String()},
			{Chain: "ETHEREUM", ChainID: chainID, Asset: "dai", Token: dai.Address, Decimals: 18, Address: op, DTW: &dtw, Block: block, Amount: inDTW.String()},
			{Chain: "ETHEREUM", ChainID: chainID, Asset: "eth", Decimals: 18, Address: op, Block: block, Amount: eth.String()},
		}
	}
	daiTotal := new(big.Int).Add(wallet, inDTW)
	// liabilities in 6 decimals: just below the holdings for dai, half the eth
	st := reserves.Statement{Position: 9, TimestampMillis: snapshotTime, Roots: []reserves.Root{
		{Asset: "dai", Decimals: 6, Root: common.Hash{1}, Total: new(big.Int).Div(daiTotal, big.NewInt(1e12)).String(), Leaves: 3, Debts: "0"},
		{Asset: "eth", Decimals: 6, Root: common.Hash{2}, Total: new(big.Int).Div(eth, big.NewInt(2e12)).String(), Leaves: 2, Debts: "5"},
	}}
	readers := map[string]reserves.ChainReader{"ETHEREUM": c.Client}

	rep, err := reserves.CheckHoldings(ctx, st, listing(), readers)
	require.NoError(t, err)
	require.NoError(t, rep.Err())
	require.Len(t, rep.Assets, 2)
	ratio, ok := rep.Assets[1].Coverage()
	require.True(t, ok)
	require.Equal(t, "2.0000", ratio.StringFixed(4))
	var out bytes.Buffer
	require.NoError(t, rep.Write(&out))
	t.Logf("report:\n%s", out.String())
	require.Contains(t, out.String(), "ASSET")
	require.Regexp(t, `(?m)^eth\s+\S+\s+\S+\s+2\.0000\s+0\.000005`, out.String())

	t.Run("listed by the gateway", func(t *testing.T) {
		empty := common.HexToAddress("0x00000000000000000000000000000000000000e1")
		listed, err := reserves.List(ctx, c.Client, "ETHEREUM", block, []reserves.Candidate{
			{Asset: "dai", Token: dai.Address, Decimals: 18, Address: op},
			{Asset: "dai", Token: dai.Address, Decimals: 18, Address: op, DTW: &dtw},
			{Asset: "dai", Token: dai.Address, Decimals: 18, Address: empty},
			{Asset: "eth", Decimals: 18, Address: op},
		})
		require.NoError(t, err)
		require.Equal(t, listing(), listed) // the empty address is left out
	})
	t.Run("a holding overstated", func(t *testing.T) {
		hs := listing()
		hs[1].Amount = new(big.Int).Add(inDTW, big.NewInt(1)).String()
		rep, err := reserves.CheckHoldings(ctx, st, hs, readers)
		require.NoError(t, err)
		require.ErrorIs(t, rep.Err(), reserves.ErrOverstated)
		require.ErrorContains(t, rep.Err(), "in DTW")
	})
	t.Run("liabilities above the holdings", func(t *testing.T) {
		under := st
		under.Roots = append([]reserves.Root(nil), st.Roots...)
		under.Roots[0].Total = new(big.Int).Add(new(big.Int).Div(daiTotal, big.NewInt(1e12)), big.NewInt(1)).String()
		rep, err := reserves.CheckHoldings(ctx, under, listing(), readers)
		require.NoError(t, err)
		require.ErrorIs(t, rep.Err(), reserves.ErrUndercovered)
		require.NotErrorIs(t, rep.Err(), reserves.ErrOverstated)
	})
	t.Run("listed on another chain", func(t *testing.T) {
		hs := listing()
		hs[2].ChainID = 1
		rep, err := reserves.CheckHoldings(ctx, st, hs, readers)
		require.NoError(t, err)
		require.ErrorIs(t, rep.Err(), reserves.ErrHolding)
		require.ErrorIs(t, rep.Err(), reserves.ErrUndercovered) // the eth holding did not count
	})
}
