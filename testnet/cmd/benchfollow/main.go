// Command benchfollow measures how fast the follower catches up after a day down on a
// busy chain (`make bench-follow`). It generates -events DTW events over -blocks blocks
// on anvil (12 seconds apart; deposits with orders, their settlements and cancellations
// in batches, withdrawals; 100 to a block by default), then it starts a fresh follower (chain.Follower, as a settler
// runs it: an RPC pool of one endpoint, the SQLite store with its default durability)
// from block 0 and times it to the head. It prints follow_events, follow_blocks,
// follow_seconds, follow_events_per_second, follow_peak_heap_mib and follow_peak_rss_mib
// (of the catch-up alone), with the load average at start and end.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

// options are the bench's sizes.
type options struct {
	events, blocks, traders int
	// maxRange is the follower's MaxRange; 0 is its default.
	maxRange uint64
	// cpuProfile, when set, receives a CPU profile of the catch-up.
	cpuProfile string
	keep       bool
}

// targetEventsPerSecond is issue 27's target for the catch-up.
const targetEventsPerSecond = 5_000

func main() {
	var o options
	flag.IntVar(&o.events, "events", 100_000, "DTW events on the generated chain")
	flag.IntVar(&o.blocks, "blocks", 1_000, "blocks they are spread over, 12 seconds apart")
	flag.IntVar(&o.traders, "traders", 8, "traders sending the transactions")
	flag.Uint64Var(&o.maxRange, "max-range", 0, "the follower's MaxRange, blocks per eth_getLogs (0: its default)")
	flag.StringVar(&o.cpuProfile, "cpuprofile", "", "write a CPU profile of the catch-up to this file")
	flag.BoolVar(&o.keep, "keep", false, "keep the follower's store for a look afterwards")
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	fmt.Printf("# load average at start: %s\n", benchkit.LoadAverage())
	err := run(ctx, o)
	fmt.Printf("# load average at end: %s\n", benchkit.LoadAverage())
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchfollow: %v\n", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, o options) error {
	if o.events <= 0 || o.blocks <= 0 || o.traders <= 0 {
		return errors.New("-events, -blocks and -traders must be positive")
	}
	c, err := obtain(ctx, o)
	if err != nil {
		return err
	}
	defer c.stop()
	dir, cleanup, err := benchkit.TempDir("benchfollow-", o.keep)
	if err != nil {
		return err
	}
	defer cleanup()
	res, err := follow(ctx, c, filepath.Join(dir, "dtwgate.db"), o)
	if err != nil {
		return err
	}
	fmt.Printf("# chain: %d blocks, events by kind %v\n", c.gen.Head+1, c.gen.Kinds)
	fmt.Printf("follow_events %d\n", res.events)
	fmt.Printf("follow_blocks %d\n", c.gen.Head+1)
	fmt.Printf("follow_seconds %.2f\n", res.elapsed.Seconds())
	rate := float64(res.events) / res.elapsed.Seconds()
	fmt.Printf("follow_events_per_second %.0f\n", rate)
	fmt.Printf("follow_peak_heap_mib %d\n", res.peakHeap>>20)
	fmt.Printf("follow_peak_rss_mib %d\n", res.peakRSS)
	fmt.Printf("# polls %d (eth_getLogs ranges), %.0f ms of them in the store's ApplyBlocks\n", res.polls, benchkit.Ms(res.applying))
	fmt.Printf("# target (%d events/s) met: %v\n", targetEventsPerSecond, rate >= targetEventsPerSecond)
	return nil
}

// result is what one catch-up measured.
type result struct {
	events   int
	polls    int
	elapsed  time.Duration
	applying time.Duration
	peakHeap uint64
	peakRSS  int64
}

// counted is the follower's store, counting and timing what it applies.
type counted struct {
	chain.FollowerStore
	events   atomic.Int64
	applying atomic.Int64
}

// ApplyBlocks implements chain.FollowerStore.
func (c *counted) ApplyBlocks(ctx context.Context, source string, refs []chain.BlockRef, events []dtw.Event, keep int) error {
	start := time.Now()
	err := c.FollowerStore.ApplyBlocks(ctx, source, refs, events, keep)
	c.applying.Add(int64(time.Since(start)))
	if err == nil {
		c.events.Add(int64(len(events)))
	}
	return err
}

// follow runs a fresh follower on a new store at path from block 0 until it has applied
// the head, and checks that it applied every generated event.
func follow(ctx context.Context, c *chainUnderTest, path string, o options) (result, error) {
	st, err := store.OpenSQLite(ctx, path)
	if err != nil {
		return result{}, err
	}
	defer st.Close()
	eth, err := ethclient.DialContext(ctx, c.anvil.URL)
	if err != nil {
		return result{}, err
	}
	timed := chain.NewTimedClient(eth, time.Minute)
	defer timed.Close()
	log := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	pool, err := chain.NewPool(chain.PoolConfig{Source: "ETHEREUM", Logger: log}, []chain.PoolEndpoint{{URL: c.anvil.URL, Client: timed}})
	if err != nil {
		return result{}, err
	}
	cs := &counted{FollowerStore: st}
	f := chain.NewFollower(chain.FollowerConfig{Source: "ETHEREUM", DTW: c.gen.DTW, StartBlock: 0, Confirmations: 1,
		MaxRange: o.maxRange, Logger: log}, pool, cs)

	runtime.GC()
	if err := benchkit.ResetPeakRSS(); err != nil {
		fmt.Printf("# peak RSS not reset (%v): it includes the generation's\n", err)
	}
	peakHeap, stopSampling := sampleHeap()
	if o.cpuProfile != "" {
		pf, err := os.Create(o.cpuProfile)
		if err != nil {
			return result{}, err
		}
		defer pf.Close()
		if err := pprof.StartCPUProfile(pf); err != nil {
			return result{}, err
		}
	}
	start := time.Now()
	polls := 0
	for {
		polls++
		_, caughtUp, err := f.Poll(ctx)
		if err != nil {
			return result{}, fmt.Errorf("poll %d: %w", polls, err)
		}
		if caughtUp {
			break
		}
	}
	res := result{elapsed: time.Since(start), polls: polls}
	if o.cpuProfile != "" {
		pprof.StopCPUProfile()
	}
	stopSampling()
	res.peakHeap, res.peakRSS = peakHeap.Load(), benchkit.PeakRSSMiB()
	res.events, res.applying = int(cs.events.Load()), time.Duration(cs.applying.Load())
	if f.Synced() != c.gen.Head {
		return res, fmt.Errorf("the follower stopped at block %d, the head is %d", f.Synced(), c.gen.Head)
	}
	if res.events != c.gen.Events {
		return res, fmt.Errorf("the follower applied %d events, the chain has %d", res.events, c.gen.Events)
	}
	return res, nil
}

// sampleHeap records the peak of the live heap (HeapAlloc) every 20 ms until stop.
func sampleHeap() (peak *atomic.Uint64, stop func()) {
	peak = new(atomic.Uint64)
	done := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	read := func() {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		if ms.HeapAlloc > peak.Load() {
			peak.Store(ms.HeapAlloc)
		}
	}
	go func() {
		defer wg.Done()
		t := time.NewTicker(20 * time.Millisecond)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-t.C:
				read()
			}
		}
	}()
	return peak, func() {
		close(done)
		wg.Wait()
		read()
	}
}
