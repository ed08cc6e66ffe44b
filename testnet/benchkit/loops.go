package benchkit

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

// Result is the outcome of a client loop.
type Result struct {
	// Latencies are those of 2xx answers, sorted.
	Latencies []time.Duration
	// Non2xx counts error answers, Failed requests without an answer.
	Non2xx, Failed int
	// FirstErr is the first failure, nil without one.
	FirstErr error
	// Elapsed is the loop's wall time, until the last request in flight at its end was
	// answered.
	Elapsed time.Duration
	// Answered are the instructionIds of swaps answered 2xx, per trader ID (Swaps only).
	Answered [][]string
}

// Add merges o, a later run of the same loop, into r: its latencies (kept sorted), its
// failures (r's first error stays first), its elapsed time and its answered swaps.
func (r *Result) Add(o Result) {
	r.Latencies = append(r.Latencies, o.Latencies...)
	slices.Sort(r.Latencies)
	r.Non2xx, r.Failed, r.Elapsed = r.Non2xx+o.Non2xx, r.Failed+o.Failed, r.Elapsed+o.Elapsed
	if r.FirstErr == nil {
		r.FirstErr = o.FirstErr
	}
	if len(r.Answered) < len(o.Answered) {
		r.Answered = append(r.Answered, make([][]string, len(o.Answered)-len(r.Answered))...)
	}
	for i, ids := range o.Answered {
		r.Answered[i] = append(r.Answered[i], ids...)
	}
}

// failures counts a loop's failures from concurrent workers.
type failures struct {
	non2xx, failed atomic.Int64
	first          atomic.Pointer[error]
}

func (f *failures) add(err error) {
	if client.StatusCode(err) != 0 {
		f.non2xx.Add(1)
	} else {
		f.failed.Add(1)
	}
	f.first.CompareAndSwap(nil, &err)
}

func (f *failures) fill(r *Result) {
	slices.Sort(r.Latencies)
	r.Non2xx, r.Failed = int(f.non2xx.Load()), int(f.failed.Load())
	if p := f.first.Load(); p != nil {
		r.FirstErr = *p
	}
}

// Swaps runs every trader's OFFCHAIN market swaps (POST /v2/orders), one at a time per
// trader, for d: 1 eur for usdc and 1 usdc for eur in turn, so the house's inventory
// stays level. A swap counts when it is answered SETTLED.
func Swaps(ctx context.Context, traders []*Trader, d time.Duration) Result {
	return SwapRound(ctx, traders, d, 0)
}

// SwapRound is Swaps for round round of a benchmark that swaps on the same traders more
// than once: round 0's instructionIds are Swaps', later rounds' new ones, so that no
// round replays another's (an idempotent replay is cheaper than a swap).
func SwapRound(ctx context.Context, traders []*Trader, d time.Duration, round int) Result {
	prefix := "bench-"
	if round > 0 {
		prefix = fmt.Sprintf("bench-r%d-", round)
	}
	begin := time.Now()
	end := begin.Add(d)
	res := traderSwaps(ctx, traders, prefix, func() (time.Time, bool) {
		now := time.Now()
		return now, now.Before(end)
	})
	res.Elapsed = time.Since(begin)
	return res
}

// traderSwaps runs every trader's swaps on a goroutine of its own, one at a time, 1 eur
// for usdc and 1 usdc for eur in turn, named prefix<trader ID>-<i>: each asks next for
// the moment its next swap starts (false: it stops) and counts the swap's latency from
// that moment. A swap counts when it is answered SETTLED.
func traderSwaps(ctx context.Context, traders []*Trader, prefix string, next func() (time.Time, bool)) Result {
	var (
		mu   sync.Mutex
		res  = Result{Answered: make([][]string, len(traders))}
		fail failures
		wg   sync.WaitGroup
	)
	for _, tr := range traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lats []time.Duration
			var ids []string
			for i := 0; ; i++ {
				start, ok := next()
				if !ok {
					break
				}
				req := api.SwapRequest{InstructionID: fmt.Sprintf("%s%d-%d", prefix, tr.ID, i), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}
				if i%2 == 1 {
					req.SellingAsset, req.BuyingAsset = "usdc", "eur"
				}
				o, err := tr.Client.Swap(ctx, "", req)
				took := time.Since(start)
				if err == nil && o.Status != api.StatusSettled {
					err = fmt.Errorf("swap %s answered %s", req.InstructionID, o.Status)
				}
				if err != nil {
					fail.add(err)
					continue
				}
				lats = append(lats, took)
				ids = append(ids, req.InstructionID)
			}
			mu.Lock()
			res.Latencies = append(res.Latencies, lats...)
			res.Answered[tr.ID] = ids
			mu.Unlock()
		}()
	}
	wg.Wait()
	fail.fill(&res)
	return res
}

// OrderStatuses has clients[i] look up the swaps ids[i] (its account's) by instructionId
// (GET /v2/order/OFFCHAIN/{instructionId}), one at a time and over and over, for d. A
// lookup counts when it answers the order SETTLED. Clients without ids do nothing.
func OrderStatuses(ctx context.Context, clients []*client.Client, ids [][]string, d time.Duration) Result {
	var (
		mu   sync.Mutex
		res  Result
		fail failures
		wg   sync.WaitGroup
	)
	begin := time.Now()
	end := begin.Add(d)
	for i, c := range clients {
		if len(ids[i]) == 0 {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lats []time.Duration
			for j := 0; time.Now().Before(end); j++ {
				id := ids[i][j%len(ids[i])]
				start := time.Now()
				o, err := c.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindSwap, id)
				took := time.Since(start)
				if err == nil && o.Status != api.StatusSettled {
					err = fmt.Errorf("swap %s is %s", id, o.Status)
				}
				if err != nil {
					fail.add(err)
					continue
				}
				lats = append(lats, took)
			}
			mu.Lock()
			res.Latencies = append(res.Latencies, lats...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	res.Elapsed = time.Since(begin)
	fail.fill(&res)
	return res
}

// CheckSettled looks up every swap in answered (per trader ID; a trader past its end has
// none) by its instructionId, each trader's on its own client, and fails unless each is
// SETTLED.
func CheckSettled(ctx context.Context, traders []*Trader, answered [][]string) error {
	var wg sync.WaitGroup
	errs := make([]error, len(traders))
	for _, tr := range traders {
		if tr.ID >= len(answered) {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, id := range answered[tr.ID] {
				o, err := tr.Client.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindSwap, id)
				if err == nil && o.Status != api.StatusSettled {
					err = fmt.Errorf("swap %s is %s", id, o.Status)
				}
				if err != nil {
					errs[tr.ID] = err
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// SwapsAtRate offers the traders' swaps (those of SwapRound) at rate swaps per second
// for d, whatever the gateway's pace, and measures each one's latency from the moment it
// was due: an open loop, where SwapRound's clients wait for each answer before the next
// swap (a closed loop, whose latency at saturation only restates its throughput). The
// swaps are due at exponentially distributed intervals (Poisson arrivals, a fixed seed
// per round, so every gateway is offered the same sequence); each is taken by a trader
// free at that moment, one swap at a time per trader, and a swap due while every trader
// is busy waits, its wait counted in its latency. Answered counts as SwapRound's; the
// instructionIds are round's own ("bench-a<round>-").
func SwapsAtRate(ctx context.Context, traders []*Trader, rate float64, d time.Duration, round int) Result {
	due := make(chan time.Time, max(int(rate*d.Seconds())+1, 1))
	rng := rand.New(rand.NewPCG(uint64(round)+1, 0x5eed)) //nolint:gosec // arrivals, not secrets
	begin := time.Now()
	// The swaps due so far are handed out as the clock passes them; a sleep that
	// overshoots hands out the late ones at once, each keeping its own due time.
	go func() {
		defer close(due)
		mean := float64(time.Second) / rate
		end := begin.Add(d)
		for next := begin; next.Before(end) && ctx.Err() == nil; next = next.Add(time.Duration(rng.ExpFloat64() * mean)) {
			if wait := time.Until(next); wait > 0 {
				time.Sleep(wait)
			}
			due <- next
		}
	}()
	res := traderSwaps(ctx, traders, fmt.Sprintf("bench-a%d-", round), func() (time.Time, bool) {
		at, ok := <-due
		return at, ok
	})
	res.Elapsed = time.Since(begin)
	return res
}
