package chain_test

import (
	"context"
	"math/big"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), filepath.Join(testnet.PrivateDir(t), "dtwgate.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// pollUntilCaughtUp polls until the follower has applied every confirmed block.
func pollUntilCaughtUp(t *testing.T, f *chain.Follower) {
	t.Helper()
	for i := 0; i < 100; i++ {
		_, caughtUp, err := f.Poll(context.Background())
		require.NoError(t, err)
		if caughtUp {
			return
		}
	}
	t.Fatal("follower did not catch up in 100 polls")
}

func TestFollowerAppliesEventsAndSurvivesRestart(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[0]

	_, err := c.Deposit(ctx, trader, dai, dai.Units(100))
	require.NoError(t, err)
	placed, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9)})
	require.NoError(t, err)

	cfg := chain.FollowerConfig{Source: c.Source, DTW: c.DTW, StartBlock: c.DeployBlock, Confirmations: 2, MaxRange: 3}
	f := chain.NewFollower(cfg, c.Client, st)
	pollUntilCaughtUp(t, f)
	open, err := st.OpenOrders(ctx, c.Source)
	require.NoError(t, err)
	require.Empty(t, open, "the placement has 1 confirmation, the follower waits for 2")

	require.NoError(t, c.Mine(ctx, 1))
	pollUntilCaughtUp(t, f)
	open, err = st.OpenOrders(ctx, c.Source)
	require.NoError(t, err)
	require.Len(t, open, 1)
	require.Equal(t, uint64(1), open[0].OrderID.Uint64(), "the store numbers the orders it follows")
	require.Equal(t, placed.ID.String(), open[0].TraderOrderID.String(), "beside the contract's id")
	require.Equal(t, placed.Key(), open[0].OrderKey)
	require.Equal(t, dtw.OrderHash(placed.Order), dtw.OrderHash(open[0].Order()), "the stored order must hash like the contract's")
	require.NotZero(t, open[0].BlockTime)
	require.Equal(t, uint64(2), f.Confirmations(open[0].BlockNumber))

	deposits, err := st.Activities(ctx, store.ActivityQuery{Source: c.Source, Kind: dtw.EventDeposited,
		Traders: []common.Address{trader.Address}, Start: 0, End: 1 << 62, Limit: 10})
	require.NoError(t, err)
	require.Len(t, deposits, 1)
	require.Equal(t, dai.Units(100).String(), deposits[0].Amount.String())

	// Settle, then restart the follower on the same store: the settle is applied once.
	_, err = c.Settle(ctx, c.Operator, placed, usdt.Units(10))
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, 1))
	f2 := chain.NewFollower(cfg, c.Client, st)
	pollUntilCaughtUp(t, f2)
	pollUntilCaughtUp(t, f2)
	o, err := st.OrderByKey(ctx, c.Source, placed.Key())
	require.NoError(t, err)
	require.NotNil(t, o.Closed)
	require.Equal(t, dtw.EventOrderSettled, o.Closed.Kind)
	require.Equal(t, usdt.Units(10).String(), o.Closed.BuyAmount.String())
	open, err = st.OpenOrders(ctx, c.Source)
	require.NoError(t, err)
	require.Empty(t, open)
}

// followerMetrics records what a follower reports, with no registry.
type followerMetrics struct {
	chain.NoopMetrics
	head, synced, lag uint64
	reorgs            int
}

func (m *followerMetrics) RecordFollowerHead(head, synced, lag uint64) {
	m.head, m.synced, m.lag = head, synced, lag
}
func (m *followerMetrics) RecordReorg() { m.reorgs++ }

func TestFollowerRollsBackReorg(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"OPTIMISM"}})
	c := n.Chains[0]
	st := openStore(t)
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[1]
	_, err := c.Deposit(ctx, trader, dai, dai.Units(100))
	require.NoError(t, err)

	m := &followerMetrics{}
	f := chain.NewFollower(chain.FollowerConfig{Source: c.Source, DTW: c.DTW, StartBlock: c.DeployBlock, Confirmations: 1, Metrics: m}, c.Client, st)
	pollUntilCaughtUp(t, f)
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)
	placed, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9)})
	require.NoError(t, err)
	pollUntilCaughtUp(t, f)
	first, err := st.OrderByKey(ctx, c.Source, placed.Key())
	require.NoError(t, err, "the placement is applied at depth 1")

	// The reorg drops the placement; the new branch is longer and places another order.
	require.NoError(t, c.Revert(ctx, snap))
	other, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(20), MinBuyAmount: usdt.Units(19)})
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, 2))
	pollUntilCaughtUp(t, f)
	require.Equal(t, 1, m.reorgs)
	require.NotZero(t, m.head)
	require.Equal(t, m.head, m.synced, "at depth 1 a caught-up follower has applied the head")
	require.Zero(t, m.lag)

	require.Equal(t, placed.ID, other.ID, "the new branch reuses the order id")
	require.Equal(t, placed.Key(), other.Key(), "and so its key")
	o, err := st.Order(ctx, c.Source, first.Placed.OrderID.Uint64())
	require.NoError(t, err, "the store's id of the order is the same too")
	require.Equal(t, dai.Units(20).String(), o.Placed.SellAmount.String(), "the reorged placement must be replaced")
	require.Equal(t, other.Receipt.TxHash, o.Placed.TxHash)
	open, err := st.OpenOrders(ctx, c.Source)
	require.NoError(t, err)
	require.Len(t, open, 1)
}

// traderChain starts a chain of source and a store for a follower, and names the token
// and the trader of the deposits a test makes.
func traderChain(t *testing.T, source string) (*testnet.Chain, *store.SQLite, testnet.Token, testnet.Account) {
	t.Helper()
	c := testnet.New(t, testnet.Options{Sources: []string{source}}).Chains[0]
	return c, openStore(t), c.MustToken("DAI"), c.Traders[0]
}

// depositAmounts returns the amounts of the trader's deposits the store holds, in chain
// order.
func depositAmounts(t *testing.T, st *store.SQLite, source string, trader testnet.Account) []string {
	t.Helper()
	deposits, err := st.Activities(context.Background(), store.ActivityQuery{Source: source, Kind: dtw.EventDeposited,
		Traders: []common.Address{trader.Address}, Start: 0, End: 1 << 62, Limit: 10})
	require.NoError(t, err)
	var out []string
	for _, d := range deposits {
		out = append(out, d.Amount.String())
	}
	return out
}

// TestFollowerHalvesARangeTheProviderRefuses: an endpoint that refuses an eth_getLogs
// answer of more than 3 logs (as hosted providers refuse more than 10,000) in front of a
// chain with more DTW events than that in the follower's first range: the follower halves
// the range until the endpoint answers, and so applies every event, instead of asking for
// the same refused range forever.
func TestFollowerHalvesARangeTheProviderRefuses(t *testing.T) {
	ctx := context.Background()
	c, st, dai, trader := traderChain(t, "ETHEREUM")
	for i := 0; i < 6; i++ {
		_, err := c.Deposit(ctx, trader, dai, dai.Units(int64(1+i)))
		require.NoError(t, err)
	}
	limited := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{MaxLogs: 3})
	client, err := ethclient.Dial(limited.URL)
	require.NoError(t, err)
	t.Cleanup(client.Close)
	_, err = client.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: big.NewInt(0), Addresses: []common.Address{c.DTW}})
	require.ErrorContains(t, err, "more than the limit", "the endpoint must refuse the whole chain's logs")

	f := chain.NewFollower(chain.FollowerConfig{Source: c.Source, DTW: c.DTW, Confirmations: 1, MaxRange: 64, TargetLogs: 1000}, client, st)
	pollUntilCaughtUp(t, f)
	var want []string
	for i := 0; i < 6; i++ {
		want = append(want, dai.Units(int64(1+i)).String())
	}
	require.Equal(t, want, depositAmounts(t, st, c.Source, trader))

	// A quiet stretch after the busy one is read in ranges that grow again.
	require.NoError(t, c.Mine(ctx, 300))
	polls := 0
	for caughtUp := false; !caughtUp; polls++ {
		_, caughtUp, err = f.Poll(ctx)
		require.NoError(t, err)
	}
	require.LessOrEqual(t, polls, 16, "300 empty blocks in ranges of at least 1 block, doubling up to 64")
}

// TestFollowerDropsARangeReadBeforeAReorg: while catching up in ranges of 2 blocks, the
// follower reads the next range while it stores one; the chain then reorganizes under
// both. The follower rolls back what it stored and drops what it read ahead, and ends
// with the new branch's deposits only.
func TestFollowerDropsARangeReadBeforeAReorg(t *testing.T) {
	ctx := context.Background()
	c, st, dai, trader := traderChain(t, "OPTIMISM")
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)
	head, err := c.Client.BlockNumber(ctx)
	require.NoError(t, err)
	deposit := func(units ...int64) {
		for _, u := range units {
			_, err := c.Deposit(ctx, trader, dai, dai.Units(u))
			require.NoError(t, err)
		}
	}
	deposit(1, 2, 3)

	f := chain.NewFollower(chain.FollowerConfig{Source: c.Source, DTW: c.DTW, StartBlock: head + 1, MaxRange: 2}, c.Client, st)
	_, caughtUp, err := f.Poll(ctx)
	require.NoError(t, err)
	require.False(t, caughtUp, "the first poll stores 2 of 6 blocks and reads the next 2 meanwhile")

	require.NoError(t, c.Revert(ctx, snap))
	deposit(10, 20, 30)
	require.NoError(t, c.Mine(ctx, 2))
	pollUntilCaughtUp(t, f)
	require.Equal(t, []string{dai.Units(10).String(), dai.Units(20).String(), dai.Units(30).String()},
		depositAmounts(t, st, c.Source, trader))
}
