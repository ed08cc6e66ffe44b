package contracts_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestDevnetAggregator: the harness's feeds read as Chainlink's AggregatorV3Interface,
// each setAnswer by the owner starts a round at the block's time, earlier rounds stay
// readable, and nobody else can set an answer.
func TestDevnetAggregator(t *testing.T) {
	c := newChain(t, 1)
	agg := bindings.NewDevnetAggregator()
	feed := c.Feeds["eth"]
	read := func(data []byte) []byte {
		t.Helper()
		out, err := c.Call(ctx, feed, data)
		require.NoError(t, err)
		return out
	}

	dec, err := agg.UnpackDecimals(read(agg.PackDecimals()))
	require.NoError(t, err)
	require.Equal(t, uint8(testnet.FeedDecimals), dec)
	desc, err := agg.UnpackDescription(read(agg.PackDescription()))
	require.NoError(t, err)
	require.Equal(t, "ETH / USD", desc)
	ver, err := agg.UnpackVersion(read(agg.PackVersion()))
	require.NoError(t, err)
	require.Equal(t, "4", ver.String())

	first, err := agg.UnpackLatestRoundData(read(agg.PackLatestRoundData()))
	require.NoError(t, err)
	require.Equal(t, "1", first.RoundId.String())
	require.Equal(t, "300000000000", first.Answer.String(), "3000 with 8 decimals")
	require.Equal(t, first.RoundId.String(), first.AnsweredInRound.String())

	require.NoError(t, c.IncreaseTime(ctx, time.Hour))
	require.NoError(t, c.SetFeedAnswer(ctx, "ETH", "3100.5"))
	now, err := c.Now(ctx)
	require.NoError(t, err)
	latest, err := agg.UnpackLatestRoundData(read(agg.PackLatestRoundData()))
	require.NoError(t, err)
	require.Equal(t, "2", latest.RoundId.String())
	require.Equal(t, "310050000000", latest.Answer.String())
	require.Equal(t, now.Unix(), latest.UpdatedAt.Int64(), "a round starts at its block's timestamp")
	require.Equal(t, latest.UpdatedAt.String(), latest.StartedAt.String())

	old, err := agg.UnpackGetRoundData(read(agg.PackGetRoundData(big.NewInt(1))))
	require.NoError(t, err)
	require.Equal(t, first.Answer.String(), old.Answer.String())
	require.Equal(t, first.UpdatedAt.String(), old.UpdatedAt.String())
	_, err = c.Call(ctx, feed, agg.PackGetRoundData(big.NewInt(3)))
	require.Equal(t, "NoDataPresent", testnet.RevertName(err))

	_, err = c.Transact(ctx, c.Traders[0], &feed, agg.PackSetAnswer(big.NewInt(1)), nil)
	require.Equal(t, "NotOwner", testnet.RevertName(err))

	// Zero and negative answers are stored as they are: the reader decides they are no data.
	require.NoError(t, c.SetFeedAnswer(ctx, "usdt", "1"))
	_, err = c.Transact(ctx, c.Owner, &feed, agg.PackSetAnswer(big.NewInt(0)), nil)
	require.NoError(t, err)
	latest, err = agg.UnpackLatestRoundData(read(agg.PackLatestRoundData()))
	require.NoError(t, err)
	require.Equal(t, "0", latest.Answer.String())
}
