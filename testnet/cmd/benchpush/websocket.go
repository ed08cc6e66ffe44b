package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"runtime/pprof"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

var (
	wsClients = flag.String("ws-clients", "1000,5000", "ws_fanout: websockets subscribed to the pair, a comma-separated list: one run per number")
	wsChanges = flag.Int("ws-changes", 50, "ws_fanout: price changes timed")
	wsPause   = flag.Duration("ws-pause", 20*time.Millisecond, "ws_fanout: wait between two changes once every socket has the last")
)

// wsPair is the pair every socket follows.
var wsPair = api.Subscription{ChannelType: api.ChannelPriceFeedUpdates,
	Body: &api.SubscriptionBody{Assets: []api.AssetPair{{SellingAsset: "eth", BuyingAsset: "usdt"}}}}

// fanoutRound is one price change: when its commit started, and what the sockets saw.
type fanoutRound struct {
	start time.Time
	// committed is when the event's write returned.
	committed time.Time
	mu        sync.Mutex
	lats      []time.Duration
	pending   atomic.Int64
	all       chan struct{}
}

// wsFanout prints, for each number of sockets N of -ws-clients, ws_fanout_p50_ms,
// ws_fanout_p99_ms and ws_fanout_max_ms, each followed by "sockets N": the time from a
// price change's commit (a PRICE event written to the gateway's store as its settler
// writes one; the clock starts just before the write, so the commit is included) to its
// receipt by each of N websockets (api/client Watch) subscribed to eth/usdt, over
// -ws-changes changes made one after another. The commit is in the window because a
// change is pushed only once it is durable (storeSync full: its fsync), which is what a
// client waits for; `#` lines give the write's own time, and the fan-out from the
// write's return to each change's first and last receipt. The write wakes the
// gateway's hub at once, as the settler's writes do in a process of role all; a
// gateway of role api beside a settler process on SQLite reads them at its
// websocket.pollInterval instead. The sockets belong to accounts of
// config.DefaultWSMaxConnectionsPerAccount sockets each, the default cap. It also prints
// ws_fanout_cpu_us_per_delivery: the CPU time this process (the gateway and its clients,
// both sides of every socket) spent over the changes, per message received, which the
// machine's other work disturbs less than the latencies.
func wsFanout(ctx context.Context) error {
	var sizes []int
	for _, f := range strings.Split(*wsClients, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			return fmt.Errorf("-ws-clients %q: want positive numbers separated by commas", *wsClients)
		}
		sizes = append(sizes, n)
	}
	if *wsChanges < 1 {
		return errors.New("-ws-changes must be positive")
	}
	for _, n := range sizes {
		if err := wsFanoutAt(ctx, n); err != nil {
			return fmt.Errorf("%d sockets: %w", n, err)
		}
	}
	return nil
}

// wsFanoutAt measures the fan-out to n sockets on a gateway of its own.
func wsFanoutAt(ctx context.Context, n int) error {
	g, err := startGateway(ctx, nil)
	if err != nil {
		return err
	}
	defer g.stop()

	per := config.DefaultWSMaxConnectionsPerAccount
	nAccounts := (n + per - 1) / per
	clients := make([]*client.Client, nAccounts)
	for i := range clients {
		if clients[i], _, err = g.account(ctx, api.PermRead); err != nil {
			return err
		}
	}
	watches := make([]*client.Watch, n)
	defer func() {
		for _, w := range watches {
			if w != nil {
				_ = w.Close()
			}
		}
	}()
	if err := openWatches(ctx, clients, per, watches); err != nil {
		return err
	}

	var current atomic.Pointer[fanoutRound]
	readCtx, stopReading := context.WithCancel(ctx)
	defer stopReading()
	var readers sync.WaitGroup
	for _, w := range watches {
		readers.Add(1)
		go pprof.Do(readCtx, sideClients, func(context.Context) {
			defer readers.Done()
			for {
				m, err := w.Next(readCtx)
				if err != nil {
					return
				}
				if m.Price == nil || m.Price.EventID == "" {
					continue
				}
				got := time.Now()
				r := current.Load()
				r.mu.Lock()
				r.lats = append(r.lats, got.Sub(r.start))
				r.mu.Unlock()
				if r.pending.Add(-1) == 0 {
					close(r.all)
				}
			}
		})
	}

	change := func(i int) (*fanoutRound, error) {
		r := &fanoutRound{all: make(chan struct{})}
		r.pending.Store(int64(len(watches)))
		current.Store(r)
		r.start = time.Now()
		err := outbox.Write(ctx, g.store(), outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: strconv.Itoa(3000 + i), UpdatedAt: time.Now()}})
		if err != nil {
			return nil, err
		}
		r.committed = time.Now()
		select {
		case <-r.all:
			return r, nil
		case <-time.After(30 * time.Second):
			return nil, fmt.Errorf("change %d: %d of %d sockets never got it", i, r.pending.Load(), len(watches))
		}
	}
	if _, err := change(-1); err != nil { // warm-up, not timed
		return err
	}
	// firsts and lasts are, per change, from its write's return to its first and last
	// receipt: the fan-out without the commit.
	var lats, commits, firsts, lasts []time.Duration
	profile := ""
	if *cpuProfile != "" {
		profile = fmt.Sprintf("%s-%d", *cpuProfile, n)
	}
	stopProfile, err := startProfile(profile)
	if err != nil {
		return err
	}
	defer stopProfile()
	cpu0 := cpuTime()
	for i := range *wsChanges {
		r, err := change(i)
		if err != nil {
			return err
		}
		lats = append(lats, r.lats...)
		commit := r.committed.Sub(r.start)
		commits = append(commits, commit)
		firsts = append(firsts, slices.Min(r.lats)-commit)
		lasts = append(lasts, slices.Max(r.lats)-commit)
		time.Sleep(*wsPause)
	}
	cpu := cpuTime() - cpu0 // the pauses between changes cost next to nothing
	stopProfile()
	stopReading()
	readers.Wait()

	fmt.Printf("# ws_fanout: %d websockets (api/client Watch) of %d accounts subscribed to eth/usdt; %d price changes, one at a time; "+
		"each from just before the PRICE event's write to each socket's receipt; load average %s\n", len(watches), nAccounts, *wsChanges, loadAverage())
	fmt.Printf("# ws_fanout: the PRICE event's write itself (commit, fsync) took p50 %.2f ms p99 %.2f ms max %.2f ms\n",
		ms(percentile(commits, 50)), ms(percentile(commits, 99)), ms(percentile(commits, 100)))
	fmt.Printf("# ws_fanout: from the write's return to the change's first receipt p50 %.2f ms max %.2f ms, to its last p50 %.2f ms max %.2f ms\n",
		ms(percentile(firsts, 50)), ms(percentile(firsts, 100)), ms(percentile(lasts, 50)), ms(percentile(lasts, 100)))
	fmt.Printf("ws_fanout_p50_ms %.2f sockets %d\n", ms(percentile(lats, 50)), n)
	fmt.Printf("ws_fanout_p99_ms %.2f sockets %d\n", ms(percentile(lats, 99)), n)
	fmt.Printf("ws_fanout_max_ms %.2f sockets %d\n", ms(percentile(lats, 100)), n)
	fmt.Printf("ws_fanout_cpu_us_per_delivery %.1f sockets %d\n", float64(cpu)/float64(time.Microsecond)/float64(len(lats)), n)
	return nil
}

// cpuTime is the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// openWatches opens the sockets, per of them on each client, 64 at a time, and reads the
// price each is sent on subscribing.
func openWatches(ctx context.Context, clients []*client.Client, per int, watches []*client.Watch) error {
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		errs []error
	)
	slots := make(chan struct{}, 64)
	for i := range watches {
		wg.Add(1)
		slots <- struct{}{}
		go pprof.Do(ctx, sideClients, func(ctx context.Context) {
			defer func() { <-slots; wg.Done() }()
			w, err := clients[i/per].Watch(ctx, wsPair)
			if err == nil {
				watches[i] = w
				var m client.Message
				if m, err = w.Next(ctx); err == nil && m.Price == nil {
					err = fmt.Errorf("first message %s is no price", m.Raw)
				}
			}
			if err != nil {
				mu.Lock()
				errs = append(errs, fmt.Errorf("socket %d: %w", i, err))
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}
