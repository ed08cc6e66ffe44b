package offchain_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// BenchmarkSwapWriter runs market swaps from 32 goroutines, each on an account of its
// own, through the services on one SQLite store (newCreditEnv's: synchronous FULL, as the gateway), with
// and without receipts (and then the receipt key's job signing beside them): what
// receipts cost the one writer, without HTTP. It reports swaps/s; ns/op is wall time per
// swap at that concurrency.
func BenchmarkSwapWriter(b *testing.B) {
	for _, receipts := range []bool{false, true} {
		name := "no-receipts"
		if receipts {
			name = "receipts"
		}
		b.Run(name, func(b *testing.B) { benchSwapWriter(b, receipts) })
	}
}

func benchSwapWriter(b *testing.B, receipts bool) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e := newCreditEnv(b) // its store and config; its account is not used
	st := e.st
	e.cfg.Offchain.InventoryLimits = map[string]string{"eur": "1000000000", "usdc": "1000000000"}
	e.cfg.Receipts.Off = !receipts
	book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eur": "1.1", "usdc": "1"}, SpreadBps: 20, CommissionBps: 10})
	require.NoError(b, err)
	s := offchaintest.New(e.cfg, st, book, nil)
	const clients = 32
	for i := range clients {
		acct := fmt.Sprintf("acc%02d", i)
		require.NoError(b, st.CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
		ref, err := st.DepositReference(ctx, acct, fmt.Sprintf("REF%02d", i), time.Now())
		require.NoError(b, err)
		_, err = s.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "100000000", TransferID: "t" + acct})
		require.NoError(b, err)
	}
	var signerDone sync.WaitGroup
	if receipts {
		key, err := crypto.GenerateKey()
		require.NoError(b, err)
		signerDone.Add(1)
		go func() {
			defer signerDone.Done()
			ledger.RunReceiptSigner(ctx, st, signer.NewPrivateKeySigner(key), st.EventsNotify, time.Second, slog.New(slog.NewTextHandler(io.Discard, nil)))
		}()
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	errs := make(chan error, clients)
	b.ResetTimer()
	start, cpu0 := time.Now(), processCPU(b)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			acct := fmt.Sprintf("acc%02d", i)
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
	if receipts { // the signer's round for the last swaps' receipts counts too
		time.Sleep(300 * time.Millisecond)
	}
	cpu := processCPU(b) - cpu0
	cancel()
	signerDone.Wait()
	close(errs)
	require.NoError(b, <-errs)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "swaps/s")
	b.ReportMetric(float64(cpu.Microseconds())/float64(b.N), "cpu-us/swap")
}

// processCPU is the process's CPU time (user and system) so far.
func processCPU(b *testing.B) time.Duration {
	var ru syscall.Rusage
	require.NoError(b, syscall.Getrusage(syscall.RUSAGE_SELF, &ru))
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
