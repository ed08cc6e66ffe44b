package engine

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestOpenBookEqualsTheStore: the engine's copy of the open orders and cancel requests,
// loaded once and then kept by the follower's events (placements, settlements,
// cancellations, cancel requests, a reorg's rollback), equals what the store reads.
func TestOpenBookEqualsTheStore(t *testing.T) {
	ctx := context.Background()
	c, st := ChainAndStore(t)
	book := &openBook{FollowerStore: st, source: c.Source}
	f := chain.NewFollower(chain.FollowerConfig{Source: c.Source, DTW: c.DTW, Confirmations: 1}, c.Client, book)
	sync := func() {
		t.Helper()
		for {
			_, caughtUp, err := f.Poll(ctx)
			require.NoError(t, err)
			if caughtUp {
				return
			}
		}
	}
	same := func(what string) {
		t.Helper()
		orders, requests, err := book.open(ctx, st)
		require.NoError(t, err)
		want, err := st.OpenOrders(ctx, c.Source)
		require.NoError(t, err)
		wantRequests, err := st.OpenCancelRequests(ctx, c.Source)
		require.NoError(t, err)
		// The store's ids, which the book holds from the events the store numbered.
		require.Equal(t, ids(want), ids(orders), "open orders %s", what)
		require.Equal(t, ids(wantRequests), ids(requests), "open cancel requests %s", what)
		require.Equal(t, keys(want), keys(orders), "open orders %s", what)
	}

	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[0]
	_, err := c.Deposit(ctx, trader, dai, dai.Units(1000))
	require.NoError(t, err)
	order := testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9), Kind: dtw.KindLimit}
	var placed []*testnet.PlacedOrder
	for i := 0; i < 5; i++ {
		p, err := c.PlaceOrder(ctx, trader, order)
		require.NoError(t, err)
		placed = append(placed, p)
	}
	sync()
	same("loaded")
	require.True(t, book.loaded)

	snapshot, err := c.Snapshot(ctx)
	require.NoError(t, err)
	_, err = c.Settle(ctx, c.Operator, placed[0], usdt.Units(10))
	require.NoError(t, err)
	_, err = c.Cancel(ctx, c.Operator, placed[1])
	require.NoError(t, err)
	_, err = c.RequestCancel(ctx, trader, placed[2])
	require.NoError(t, err)
	_, err = c.RequestCancel(ctx, trader, placed[3])
	require.NoError(t, err)
	_, err = c.Cancel(ctx, c.Operator, placed[3])
	require.NoError(t, err)
	more, err := c.PlaceOrder(ctx, trader, order)
	require.NoError(t, err)
	sync()
	require.True(t, book.loaded, "kept by the events, not loaded again")
	same("after a settlement, cancellations, cancel requests and a placement")
	orders, requests, err := book.open(ctx, st)
	require.NoError(t, err)
	require.Equal(t, []common.Hash{placed[2].Key(), placed[4].Key(), more.Key()}, keys(orders))
	require.Equal(t, []common.Hash{placed[2].Key()}, keys(requests))

	// A reorg takes the last blocks out: the copy is dropped and loaded again.
	require.NoError(t, c.Revert(ctx, snapshot))
	require.NoError(t, c.Mine(ctx, 8))
	sync()
	same("after a reorg")
	orders, _, err = book.open(ctx, st)
	require.NoError(t, err)
	require.Len(t, orders, 5, "the reorg took out what followed the snapshot")
}

// ChainAndStore starts a chain and opens a store for one of the engine's tests (the
// external ones too: it is exported to them by this test file).
func ChainAndStore(t *testing.T) (*testnet.Chain, *store.SQLite) {
	t.Helper()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	st, err := store.OpenSQLite(context.Background(), filepath.Join(testnet.PrivateDir(t), "dtwgate.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return n.Chains[0], st
}

func ids(evs []dtw.Event) []uint64 {
	out := []uint64{}
	for _, ev := range evs {
		out = append(out, ev.OrderID.Uint64())
	}
	return out
}

// keys returns the order keys of evs, which the contract and the store agree on.
func keys(evs []dtw.Event) []common.Hash {
	out := []common.Hash{}
	for _, ev := range evs {
		out = append(out, ev.OrderKey)
	}
	return out
}
