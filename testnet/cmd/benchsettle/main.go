// Command benchsettle measures the settlement engine on a local chain with 1-second
// blocks and a confirmation depth of 1 (`make bench-settle`). Traders place a steady flow
// of market orders; it prints blocks_to_settle_median (blocks from an order's confirmation
// to its settle transaction's inclusion), orders_settled and orders_per_minute.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

func main() {
	traders := flag.Int("traders", 10, "traders placing orders concurrently")
	perTrader := flag.Int("orders", 12, "orders per trader")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	if err := run(ctx, *traders, *perTrader); err != nil {
		fmt.Fprintf(os.Stderr, "benchsettle: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, nTraders, perTrader int) error {
	n, err := testnet.Start(ctx, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: nTraders, BlockTime: time.Second})
	if err != nil {
		return err
	}
	defer n.Stop()
	c := n.Chains[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	dir, err := os.MkdirTemp("", "benchsettle")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "dtwgate.db"))
	if err != nil {
		return err
	}
	defer st.Close()

	// Fund every trader's DTW balance in parallel (a block per round trip otherwise).
	dtwABI, erc := bindings.NewDTW(), bindings.NewTestToken()
	amount := dai.Units(int64(100 * perTrader))
	var hashes []common.Hash
	for _, tr := range c.Traders {
		for _, data := range []struct {
			to   common.Address
			data []byte
		}{{dai.Address, erc.PackApprove(c.DTW, amount)}, {c.DTW, dtwABI.PackDeposit(dai.Address, amount)}} {
			tx, err := c.SendTx(ctx, tr, &data.to, data.data, nil, 200_000)
			if err != nil {
				return fmt.Errorf("fund %s: %w", tr.Name, err)
			}
			hashes = append(hashes, tx.Hash())
		}
	}
	for _, h := range hashes {
		if _, err := c.WaitReceipt(ctx, h); err != nil {
			return fmt.Errorf("fund: %w", err)
		}
	}

	book, err := pricing.NewBook(pricing.DefaultConfig())
	if err != nil {
		return err
	}
	src := c.ChainSource(1)
	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	eng := engine.New(engine.Config{Source: &src, Pricing: book, Interval: 200 * time.Millisecond, PollInterval: 100 * time.Millisecond, Logger: logger},
		c.Client, st, c.Operator.Signer())
	engCtx, stopEngine := context.WithCancel(ctx)
	defer stopEngine()
	go func() { _ = eng.Run(engCtx) }()

	// Each trader places one order per block, perTrader times.
	now, err := c.Now(ctx)
	if err != nil {
		return err
	}
	deadline := uint64(now.Unix()) + 3600
	type placed struct {
		id    uint64
		block uint64
	}
	var mu sync.Mutex
	var orders []placed
	var wg sync.WaitGroup
	errs := make(chan error, len(c.Traders))
	start := time.Now()
	for _, tr := range c.Traders {
		wg.Add(1)
		go func(tr testnet.Account) {
			defer wg.Done()
			for i := 0; i < perTrader; i++ {
				data := dtwABI.PackPlaceOrder(dai.Address, usdt.Address, dai.Units(100), usdt.Units(99), deadline, 0)
				r, err := c.Transact(ctx, tr, &c.DTW, data, nil)
				if err != nil {
					errs <- fmt.Errorf("place order of %s: %w", tr.Name, err)
					return
				}
				evs := testnetPlaced(c, r)
				mu.Lock()
				for _, id := range evs {
					orders = append(orders, placed{id, r.BlockNumber.Uint64()})
				}
				mu.Unlock()
			}
		}(tr)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		return err
	}

	var blocks []uint64
	var last time.Time
	for _, o := range orders {
		for {
			r, err := st.OrderReturn(ctx, c.Source, o.id)
			if err == nil {
				if r.Status != store.OrderSettled {
					return fmt.Errorf("order %d was %s, want SETTLED", o.id, r.Status)
				}
				blocks = append(blocks, r.BlockNumber-o.block)
				if r.VerifiedAt.After(last) {
					last = r.VerifiedAt
				}
				break
			}
			select {
			case <-ctx.Done():
				return fmt.Errorf("order %d not settled: %w", o.id, ctx.Err())
			case <-time.After(100 * time.Millisecond):
			}
		}
	}
	sort.Slice(blocks, func(i, j int) bool { return blocks[i] < blocks[j] })
	median := blocks[len(blocks)/2]
	if len(blocks)%2 == 0 {
		median = (blocks[len(blocks)/2-1] + blocks[len(blocks)/2]) / 2
	}
	elapsed := last.Sub(start)
	fmt.Printf("blocks_to_settle_median %d\n", median)
	fmt.Printf("blocks_to_settle_max %d\n", blocks[len(blocks)-1])
	fmt.Printf("orders_settled %d\n", len(blocks))
	fmt.Printf("orders_per_minute %.0f\n", float64(len(blocks))/elapsed.Minutes())
	return nil
}

func testnetPlaced(c *testnet.Chain, r *types.Receipt) []uint64 {
	var ids []uint64
	for _, l := range r.Logs {
		if ev, err := bindings.NewDTW().UnpackOrderPlacedEvent(l); err == nil && l.Address == c.DTW {
			ids = append(ids, ev.OrderId.Uint64())
		}
	}
	return ids
}
