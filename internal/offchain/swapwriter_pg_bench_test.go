package offchain_test

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// BenchmarkSwapWriterPostgres runs market swaps from 32 goroutines, each on an account of
// its own, through the services on one store per replica on one PostgreSQL database
// (pgtest's server, fsync off), with receipts: the gateway's own CPU per swap on the
// PostgreSQL path without HTTP (cpu-us/swap, this process only: the server's CPU is not
// in it), with allocations, goroutines started, context switches and GC cycles per swap,
// which depend less on the machine's load than its CPU time does. One replica, then
// three in this process sharing the 32 goroutines (what three stores cost, without
// three runtimes).
//
//	go test -run '^$' -bench SwapWriterPostgres -benchtime 4000x -cpuprofile /tmp/cpu.out ./internal/offchain/
func BenchmarkSwapWriterPostgres(b *testing.B) {
	for _, replicas := range []int{1, 3} {
		b.Run(fmt.Sprintf("replicas-%d", replicas), func(b *testing.B) { benchSwapWriterPostgres(b, replicas) })
	}
}

func benchSwapWriterPostgres(b *testing.B, replicas int) {
	ctx := context.Background()
	stores, services := pgReplicas(b, replicas, func(c *config.Config) {
		c.Offchain.InventoryLimits = map[string]string{"eur": "1000000000", "usdc": "1000000000"}
	})
	const clients = 32
	for i := range clients {
		st, acct := stores[i%replicas], fmt.Sprintf("acc%02d", i)
		require.NoError(b, st.CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
		ref, err := st.DepositReference(ctx, acct, fmt.Sprintf("REF%02d", i), time.Now())
		require.NoError(b, err)
		_, err = services[i%replicas].BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "100000000", TransferID: "t" + acct})
		require.NoError(b, err)
	}
	var client, swap atomic.Int64
	procs := runtime.GOMAXPROCS(0)
	b.SetParallelism((clients + procs - 1) / procs) // RunParallel starts procs times that many goroutines
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu0, rt0 := time.Now(), processCPU(b), readRuntime(b)
	b.RunParallel(func(pb *testing.PB) {
		i := int(client.Add(1)-1) % clients
		s, acct := services[i%replicas], fmt.Sprintf("acc%02d", i)
		for pb.Next() {
			if _, err := s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: fmt.Sprintf("b%d", swap.Add(1)), SellingAsset: "eur",
				BuyingAsset: "usdc", AmountToSell: "1"}); err != nil {
				b.Error(err)
				return
			}
		}
	})
	elapsed := time.Since(start)
	b.StopTimer()
	cpu, rt := processCPU(b)-cpu0, readRuntime(b).minus(rt0)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "swaps/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/swap")
	b.ReportMetric(rt.goroutines/float64(b.N), "goroutines/swap")
	b.ReportMetric(rt.switches/float64(b.N), "ctxsw/swap")
	b.ReportMetric(1000*rt.gcs/float64(b.N), "gc/1000swaps")
}

// runtimeCounts are counters of this process that do not depend on the machine's load
// the way its CPU time does.
type runtimeCounts struct {
	// goroutines started, the process's context switches (voluntary and not), GC cycles.
	goroutines, switches, gcs float64
}

func (r runtimeCounts) minus(o runtimeCounts) runtimeCounts {
	return runtimeCounts{r.goroutines - o.goroutines, r.switches - o.switches, r.gcs - o.gcs}
}

// readRuntime reads the process's runtimeCounts.
func readRuntime(b *testing.B) runtimeCounts {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}, {Name: "/gc/cycles/total:gc-cycles"}}
	metrics.Read(s)
	var ru syscall.Rusage
	require.NoError(b, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return runtimeCounts{goroutines: float64(s[0].Value.Uint64()), gcs: float64(s[1].Value.Uint64()),
		switches: float64(ru.Nvcsw + ru.Nivcsw)}
}
