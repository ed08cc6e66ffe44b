package store_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
)

var (
	histA = common.HexToAddress("0x00000000000000000000000000000000000000aa")
	histB = common.HexToAddress("0x00000000000000000000000000000000000000bb")
	histC = common.HexToAddress("0x00000000000000000000000000000000000000cc")
)

// historyEvent is an event of block n at time secs.
func historyEvent(kind dtw.EventKind, n uint64, logIndex uint, secs uint64, trader common.Address, orderID int64) dtw.Event {
	return dtw.Event{Kind: kind, BlockNumber: n, BlockHash: common.BytesToHash([]byte{byte(n)}), LogIndex: logIndex, BlockTime: secs,
		TxHash: common.BytesToHash([]byte{0x70, byte(n), byte(logIndex)}), Trader: trader, TraderOrderID: big.NewInt(orderID),
		OrderKey: dtw.KeyOf(big.NewInt(orderID), dtw.Order{Trader: trader, SellToken: common.HexToAddress("0xd1")}), SellToken: common.HexToAddress("0xd1"), BuyToken: common.HexToAddress("0xd2"), SellAmount: big.NewInt(10),
		MinBuyAmount: big.NewInt(9), BuyAmount: big.NewInt(11), Deadline: 5000}
}

func historyIDs(views []store.OrderView) []uint64 {
	ids := []uint64{}
	for _, v := range views {
		ids = append(ids, v.Order.Placed.OrderID.Uint64())
	}
	return ids
}

// TestChainOrderHistory: a page holds the asked traders' placed orders of one chain,
// strictly between its bounds, the Limit nearest the bound it reads from (After oldest
// first, Before newest first), ordered by (block time, order id) across traders, each with
// its closing event, checked return and the chain's head.
func TestChainOrderHistory(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	blocks := []chain.BlockRef{{Number: 1, Hash: common.BytesToHash([]byte{1})}, {Number: 2, Hash: common.BytesToHash([]byte{2})},
		{Number: 3, Hash: common.BytesToHash([]byte{3})}}
	require.NoError(t, s.ApplyBlocks(ctx, "ETHEREUM", blocks, []dtw.Event{
		historyEvent(dtw.EventOrderPlaced, 1, 0, 1001, histA, 1),
		historyEvent(dtw.EventOrderPlaced, 1, 1, 1001, histB, 2),
		historyEvent(dtw.EventOrderPlaced, 1, 2, 1001, histC, 3),
		historyEvent(dtw.EventDeposited, 2, 0, 1002, histA, 0),
		historyEvent(dtw.EventOrderPlaced, 2, 1, 1002, histA, 4),
		historyEvent(dtw.EventOrderSettled, 2, 2, 1002, histA, 1),
		// Block 3 has block 2's time: the order id orders them.
		historyEvent(dtw.EventOrderPlaced, 3, 0, 1002, histB, 5),
		historyEvent(dtw.EventOrderCancelled, 3, 1, 1002, histB, 2),
	}, 10))
	require.NoError(t, s.ApplyBlocks(ctx, "OTHER", blocks[:1], []dtw.Event{historyEvent(dtw.EventOrderPlaced, 1, 0, 1001, histA, 1)}, 10))
	require.NoError(t, s.PutOrderReturn(ctx, store.OrderReturn{Source: "ETHEREUM", OrderID: 1, Status: store.OrderSettled,
		TxHash: common.HexToHash("0x5e"), BlockNumber: 2, BuyAmount: big.NewInt(11), VerifiedAt: time.UnixMilli(7)}))
	require.NoError(t, s.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 9, Synced: 8, UpdatedAt: time.UnixMilli(5)}))

	ab := []common.Address{histA, histB}
	pos := func(secs, id int64) *store.OrderPosition { return &store.OrderPosition{BlockTime: secs, OrderID: id} }
	for _, c := range []struct {
		name string
		q    store.ChainOrderQuery
		want []uint64
	}{
		{"oldest first", store.ChainOrderQuery{Traders: ab, Limit: 10}, []uint64{1, 2, 4, 5}},
		{"newest first", store.ChainOrderQuery{Traders: ab, NewestFirst: true, Limit: 10}, []uint64{5, 4, 2, 1}},
		{"limit from the oldest", store.ChainOrderQuery{Traders: ab, Limit: 2}, []uint64{1, 2}},
		{"limit from the newest", store.ChainOrderQuery{Traders: ab, NewestFirst: true, Limit: 3}, []uint64{5, 4, 2}},
		{"after", store.ChainOrderQuery{Traders: ab, After: pos(1001, 2), Limit: 10}, []uint64{4, 5}},
		{"after a time, before its orders", store.ChainOrderQuery{Traders: ab, After: pos(1002, -1), Limit: 10}, []uint64{4, 5}},
		{"before, nearest first", store.ChainOrderQuery{Traders: ab, Before: pos(1002, 5), NewestFirst: true, Limit: 2}, []uint64{4, 2}},
		{"between", store.ChainOrderQuery{Traders: ab, After: pos(1001, 1), Before: pos(1002, 5), Limit: 10}, []uint64{2, 4}},
		{"nothing between", store.ChainOrderQuery{Traders: ab, After: pos(1001, 2), Before: pos(1002, 4), Limit: 10}, []uint64{}},
		{"one trader", store.ChainOrderQuery{Traders: []common.Address{histB}, Limit: 10}, []uint64{2, 5}},
		{"a trader twice", store.ChainOrderQuery{Traders: []common.Address{histA, histA}, Limit: 10}, []uint64{1, 4}},
		{"no traders", store.ChainOrderQuery{Limit: 10}, []uint64{}},
		{"no limit", store.ChainOrderQuery{Traders: ab}, []uint64{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.q.Source = "ETHEREUM"
			got, err := s.ChainOrderHistory(ctx, c.q)
			require.NoError(t, err)
			require.Equal(t, c.want, historyIDs(got))
		})
	}

	other, err := s.ChainOrderHistory(ctx, store.ChainOrderQuery{Source: "OTHER", Traders: ab, Limit: 10})
	require.NoError(t, err)
	require.Equal(t, []uint64{1}, historyIDs(other))
	require.Nil(t, other[0].Order.Closed)
	require.Nil(t, other[0].Return)
	require.Equal(t, store.SettlerHead{Source: "OTHER"}, other[0].Head, "no head recorded: the zero head")

	// Each order as OrderView reads it.
	got, err := s.ChainOrderHistory(ctx, store.ChainOrderQuery{Source: "ETHEREUM", Traders: ab, Limit: 10})
	require.NoError(t, err)
	for _, v := range got {
		want, err := s.OrderView(ctx, "ETHEREUM", v.Order.Placed.OrderID.Uint64())
		require.NoError(t, err)
		require.Equal(t, want.Order.Placed, v.Order.Placed)
		require.Equal(t, want.Order.Closed == nil, v.Order.Closed == nil)
		if want.Order.Closed != nil {
			require.Equal(t, want.Order.Closed.Kind, v.Order.Closed.Kind)
			require.Equal(t, want.Order.Closed.BlockTime, v.Order.Closed.BlockTime)
			require.Equal(t, want.Order.Closed.BlockNumber, v.Order.Closed.BlockNumber)
			require.Equal(t, want.Order.Closed.TxHash, v.Order.Closed.TxHash)
		}
		require.Equal(t, want.Return, v.Return)
		require.Equal(t, want.Head.Head, v.Head.Head)
		require.Equal(t, want.Head.UpdatedAt.UnixMilli(), v.Head.UpdatedAt.UnixMilli())
	}
	require.Equal(t, dtw.EventOrderSettled, got[0].Order.Closed.Kind)
	require.Equal(t, store.OrderSettled, got[0].Return.Status)
	require.Equal(t, dtw.EventOrderCancelled, got[1].Order.Closed.Kind)
	require.Nil(t, got[1].Return, "closed, its return not yet checked")
	require.Nil(t, got[2].Order.Closed)
	require.Equal(t, uint64(9), got[2].Head.Head)

	// A reorg drops the orders of the removed blocks.
	require.NoError(t, s.RollbackFrom(ctx, "ETHEREUM", 3))
	got, err = s.ChainOrderHistory(ctx, store.ChainOrderQuery{Source: "ETHEREUM", Traders: ab, Limit: 10})
	require.NoError(t, err)
	require.Equal(t, []uint64{1, 2, 4}, historyIDs(got))
	require.Nil(t, got[1].Order.Closed, "its cancellation was in the removed block")
}
