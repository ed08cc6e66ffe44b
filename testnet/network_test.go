package testnet_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestNetworkDeploysAndFunds(t *testing.T) {
	n := testnet.New(t, testnet.Options{Traders: 2})
	ctx := context.Background()
	require.Len(t, n.Chains, 2)
	eth, op := n.Chain("ETHEREUM"), n.Chain("OPTIMISM")
	require.NotNil(t, eth)
	require.NotNil(t, op)
	require.NotEqual(t, eth.ChainID, op.ChainID, "chains must have distinct ids")
	require.Equal(t, eth.DTW, op.DTW, "same deployer nonce gives the same DTW address on every chain")
	for _, c := range n.Chains {
		id, err := c.Client.ChainID(ctx)
		require.NoError(t, err)
		require.Equal(t, c.ChainID.Uint64(), id.Uint64())
		for _, tok := range c.Tokens {
			bal, err := c.DTWBalance(ctx, c.Operator.Address, tok.Address)
			require.NoError(t, err)
			want := tok.Units(testnet.OperatorDeposit)
			switch tok.Kind {
			case testnet.KindNative:
				want = tok.Units(testnet.OperatorEthFloat)
			case testnet.KindFee:
				want.Sub(want, tok.Units(testnet.OperatorDeposit/100)) // 1% fee on the way in
			}
			require.Equalf(t, want.String(), bal.String(), "operator inventory of %s on %s", tok.Symbol, c.Source)
			if tok.Kind != testnet.KindNative {
				got, err := c.TokenBalance(ctx, tok, c.Traders[1].Address)
				require.NoError(t, err)
				require.Equal(t, tok.Units(testnet.TraderFunding).String(), got.String())
			}
		}
	}
}

// TestNetworkDeploysFeeds: every chain has a price feed per token, deployed after
// everything else (so no earlier address moved), answering the demo book's price.
func TestNetworkDeploysFeeds(t *testing.T) {
	n := testnet.New(t, testnet.Options{Traders: 1})
	ctx := context.Background()
	agg := bindings.NewDevnetAggregator()
	want := map[string]string{"eth": "300000000000", "dai": "100000000", "usdt": "100000000", "fot": "50000000"}
	eth, op := n.Chain("ETHEREUM"), n.Chain("OPTIMISM")
	require.Equal(t, eth.Feeds, op.Feeds, "same deployer nonces give the same feed addresses on every chain")
	for _, c := range n.Chains {
		require.Len(t, c.Feeds, len(c.Tokens))
		for asset, addr := range c.Feeds {
			out, err := c.Call(ctx, addr, agg.PackLatestRoundData())
			require.NoError(t, err)
			round, err := agg.UnpackLatestRoundData(out)
			require.NoError(t, err)
			require.Equalf(t, want[asset], round.Answer.String(), "%s feed on %s", asset, c.Source)
		}
	}
	require.NoError(t, eth.SetFeedAnswer(ctx, "eth", "3100"))
	_, err := testnet.FeedAnswer("0.000000001")
	require.ErrorContains(t, err, "at most 8 decimals")
	_, err = testnet.FeedAnswer("-1")
	require.ErrorContains(t, err, "positive")
	require.ErrorContains(t, eth.SetFeedAnswer(ctx, "btc", "1"), "no feed")

	// The heartbeat renews rounds the wall clock finds old enough, with the same answer,
	// and leaves alone those the chain's clock dates ahead of it.
	round := func(c *testnet.Chain, asset string) (id, answer string) {
		out, err := c.Call(ctx, c.Feeds[asset], agg.PackLatestRoundData())
		require.NoError(t, err)
		r, err := agg.UnpackLatestRoundData(out)
		require.NoError(t, err)
		return r.RoundId.String(), r.Answer.String()
	}
	require.NoError(t, op.RefreshFeeds(ctx, time.Hour))
	id, _ := round(op, "dai")
	require.Equal(t, "1", id, "a fresh round stays")
	require.NoError(t, op.RefreshFeeds(ctx, 0))
	id, answer := round(op, "dai")
	require.Equal(t, "2", id)
	require.Equal(t, want["dai"], answer)
	require.NoError(t, op.IncreaseTime(ctx, time.Hour))
	require.NoError(t, op.SetFeedAnswer(ctx, "dai", "1"))
	require.NoError(t, op.RefreshFeeds(ctx, time.Second))
	id, _ = round(op, "dai")
	require.Equal(t, "3", id, "a round dated ahead of the wall clock stays")
}

func TestIntervalMining(t *testing.T) {
	n := testnet.New(t, testnet.Options{Sources: []string{"POLYGON"}, BlockTime: time.Second})
	c := n.Chains[0]
	ctx := context.Background()
	first, err := c.Client.BlockNumber(ctx)
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		now, err := c.Client.BlockNumber(ctx)
		return err == nil && now >= first+2
	}, 10*time.Second, 100*time.Millisecond, "blocks must be mined every second")
}
