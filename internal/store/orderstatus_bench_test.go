package store

import (
	"context"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// BenchmarkOrderStatusReads is the store's part of GET /v3/order-status (OrderView: the
// order's events, its checked return and the chain's head in one statement), from the
// read pool, in parallel, with 1,000 other orders in the store. Three separate reads
// measured 22 us/op.
//
//	go test -run '^$' -bench OrderStatusReads ./internal/store/
func BenchmarkOrderStatusReads(b *testing.B) {
	dir := b.TempDir()
	require.NoError(b, os.Chmod(dir, 0o700))
	s, err := OpenSQLite(context.Background(), filepath.Join(dir, "bench.db"))
	require.NoError(b, err)
	b.Cleanup(func() { s.Close() })
	ctx := context.Background()
	trader := common.HexToAddress("0xaa")
	var refs []chain.BlockRef
	var evs []dtw.Event
	for i := 1; i <= 1000; i++ {
		ref := chain.BlockRef{Number: uint64(i), Hash: common.BigToHash(big.NewInt(int64(i)))}
		refs = append(refs, ref)
		evs = append(evs, dtw.Event{Kind: dtw.EventOrderPlaced, BlockNumber: ref.Number, BlockHash: ref.Hash,
			TxHash: common.BigToHash(big.NewInt(int64(1e6 + i))), BlockTime: uint64(i), Trader: trader,
			TraderOrderID: big.NewInt(int64(i)), OrderKey: dtw.KeyOf(big.NewInt(int64(i)), dtw.Order{Trader: trader, SellToken: trader}), SellToken: trader, BuyToken: trader, SellAmount: big.NewInt(10),
			MinBuyAmount: big.NewInt(9), Deadline: 5000})
	}
	require.NoError(b, s.ApplyBlocks(ctx, "ETHEREUM", refs, evs, 1000))
	require.NoError(b, s.PutSettlerHead(ctx, SettlerHead{Source: "ETHEREUM", Head: 1000, Synced: 1000, UpdatedAt: time.Now()}))
	b.ReportAllocs()
	b.ResetTimer()
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			v, err := s.OrderView(ctx, "ETHEREUM", 500)
			if err != nil || v.Order.Placed.OrderID.Uint64() != 500 || v.Head.Head != 1000 {
				b.Fatal(err)
			}
		}
	})
}
