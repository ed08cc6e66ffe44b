package offchain_test

import (
	"context"
	"fmt"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// BenchmarkSwapWriterPostgres runs market swaps from 32 goroutines, each on an account of
// its own, through the services on one store per replica on one PostgreSQL database
// (pgtest's server, fsync off), with receipts: the gateway's own CPU per swap on the
// PostgreSQL path without HTTP (cpu-us/swap, this process only: the server's CPU is not
// in it), with allocations per swap. One replica, then three in this process sharing the
// 32 goroutines (what three processes' stores cost, without their runtimes).
//
//	go test -run '^$' -bench SwapWriterPostgres -benchtime 4000x -cpuprofile /tmp/cpu.out ./internal/offchain/
func BenchmarkSwapWriterPostgres(b *testing.B) {
	for _, replicas := range []int{1, 3} {
		b.Run(fmt.Sprintf("replicas-%d", replicas), func(b *testing.B) { benchSwapWriterPostgres(b, replicas) })
	}
}

func benchSwapWriterPostgres(b *testing.B, replicas int) {
	ctx := context.Background()
	dsn := pgtest.Start(b)
	cfg := config.Default()
	cfg.DataDir = b.TempDir()
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	cfg.Offchain.InventoryLimits = map[string]string{"eur": "1000000000", "usdc": "1000000000"}
	var (
		stores   []store.Store
		services []*offchaintest.Service
	)
	for range replicas {
		st, err := store.OpenPostgres(ctx, dsn)
		require.NoError(b, err)
		b.Cleanup(func() { require.NoError(b, st.Close()) })
		book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eur": "1.1", "usdc": "1"}, SpreadBps: 20, CommissionBps: 10})
		require.NoError(b, err)
		stores, services = append(stores, st), append(services, offchaintest.New(cfg, st, book, nil))
	}
	const clients = 32
	for i := range clients {
		st, s := stores[i%replicas], services[i%replicas]
		acct := fmt.Sprintf("acc%02d", i)
		require.NoError(b, st.CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
		ref, err := st.DepositReference(ctx, acct, fmt.Sprintf("REF%02d", i), time.Now())
		require.NoError(b, err)
		_, err = s.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "100000000", TransferID: "t" + acct})
		require.NoError(b, err)
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	b.ReportAllocs()
	b.ResetTimer()
	start, cpu0, rt0 := time.Now(), processCPU(b), readRuntime(b)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, acct := services[i%replicas], fmt.Sprintf("acc%02d", i)
			for n := next.Add(1); n <= int64(b.N); n = next.Add(1) {
				_, err := s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: fmt.Sprintf("b%d", n), SellingAsset: "eur",
					BuyingAsset: "usdc", AmountToSell: "1"})
				if err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	cpu, rt := processCPU(b)-cpu0, readRuntime(b).minus(rt0)
	close(errs)
	require.NoError(b, <-errs)
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
