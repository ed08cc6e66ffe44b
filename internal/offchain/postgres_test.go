package offchain_test

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestMain stops the package's PostgreSQL server (pgtest) after the tests.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// twoReplicas opens two stores on one new PostgreSQL database, each with the OFFCHAIN
// services of eur and usdc (limits 100000 each), the config changed by edit if given.
func twoReplicas(t *testing.T, edit func(*config.Config)) ([]store.Store, []*offchaintest.Service) {
	t.Helper()
	return pgReplicas(t, 2, edit)
}

// pgReplicas is twoReplicas with n stores.
func pgReplicas(t testing.TB, n int, edit func(*config.Config)) ([]store.Store, []*offchaintest.Service) {
	t.Helper()
	ctx := context.Background()
	dsn := pgtest.Start(t)
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	cfg.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": "100000"}
	if edit != nil {
		edit(&cfg)
	}
	var (
		stores   []store.Store
		services []*offchaintest.Service
	)
	for range n {
		st, err := store.OpenPostgres(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, st.Close()) })
		book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eur": "1.1", "usdc": "1", "usd": "1"}, SpreadBps: 20, CommissionBps: 10})
		require.NoError(t, err)
		stores, services = append(stores, st), append(services, offchaintest.New(cfg, st, book, nil))
	}
	return stores, services
}

// fundEUR opens account id on st with deposit reference ref and books a bank deposit of
// amount eur to it.
func fundEUR(ctx context.Context, t *testing.T, st store.Store, svc *offchaintest.Service, id, ref, amount string) {
	t.Helper()
	require.NoError(t, st.CreateAccount(ctx, store.Account{ID: id, CreatedAt: time.Now()}))
	ref, err := st.DepositReference(ctx, id, ref, time.Now())
	require.NoError(t, err)
	_, err = svc.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: amount, TransferID: id})
	require.NoError(t, err)
}

// TestConcurrentTradingOnPostgres: two replicas (two stores on one PostgreSQL database,
// each with its service) take swaps and withdrawals of one account at once. The account
// never spends more than it has (each unit of work reads the balance and then posts:
// SERIALIZABLE runs a loser again), a swap retried on both replicas at once is one order,
// a quote one replica issued is actioned once when both action it at once, and the ledger
// audits clean.
func TestConcurrentTradingOnPostgres(t *testing.T) {
	ctx := context.Background()
	stores, services := twoReplicas(t, nil)
	const acct = "acc"
	require.NoError(t, stores[0].CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
	ref, err := stores[0].DepositReference(ctx, acct, "REFACC", time.Now())
	require.NoError(t, err)
	_, err = services[0].BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "100", TransferID: "t1"})
	require.NoError(t, err)

	// 24 spends of 15 eur (swaps and withdrawals) race on both replicas: 6 fit in 100.
	const racers = 24
	var wg sync.WaitGroup
	errs := make([]error, racers)
	start := make(chan struct{})
	for i := range racers {
		s := services[i%2]
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			id := fmt.Sprintf("spend%d", i)
			if i%3 == 0 {
				_, errs[i] = s.SubmitWithdrawal(ctx, acct, api.OffchainWithdrawalRequest{InstructionID: id, Asset: "eur", Amount: "15",
					BankDetail: &api.BankDetail{AccountName: "Client", IBAN: "FR7630006000011234567890189"}})
				return
			}
			_, errs[i] = s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: id, SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "15"})
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for i, err := range errs {
		if err == nil {
			won++
			continue
		}
		require.ErrorIs(t, err, offchain.ErrInsufficientFunds, "spend %d", i)
	}
	require.Equal(t, 6, won, "100 eur pay for six spends of 15")
	bal, err := stores[1].LedgerBalance(ctx, ledger.UserBook(acct), "eur")
	require.NoError(t, err)
	held, err := stores[1].HeldAmounts(ctx, ledger.UserBook(acct))
	require.NoError(t, err)
	require.True(t, bal.Sub(held["eur"]).Equal(decimal.NewFromInt(10)), "balance %s, held %s", bal, held["eur"])

	// The same swap request posted on both replicas at once is one order.
	var (
		orders [2]api.OrderStatus
		oerrs  [2]error
	)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			orders[i], oerrs[i] = services[i].SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: "twice", SellingAsset: "eur",
				BuyingAsset: "usdc", AmountToSell: "5"})
		}()
	}
	wg.Wait()
	require.NoError(t, oerrs[0])
	require.NoError(t, oerrs[1])
	require.Equal(t, orders[0].OrderID, orders[1].OrderID)
	bal, err = stores[0].LedgerBalance(ctx, ledger.UserBook(acct), "eur")
	require.NoError(t, err)
	require.True(t, bal.Sub(held["eur"]).Equal(decimal.NewFromInt(5)), "the retried swap spent once: balance %s", bal)

	// A quote issued by replica 0 is actioned by either, once: both at once, one wins.
	q, err := services[0].RequestQuote(ctx, acct, api.QuoteRequest{InstructionID: "q1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "2"})
	require.NoError(t, err)
	for i := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			oerrs[i] = services[i].ActionQuote(ctx, acct, "q1")
		}()
	}
	wg.Wait()
	require.True(t, (oerrs[0] == nil) != (oerrs[1] == nil), "one action wins: %v, %v", oerrs[0], oerrs[1])
	for _, err := range oerrs {
		if err != nil {
			require.ErrorIs(t, err, offchain.ErrQuote)
		}
	}
	after, err := stores[1].LedgerBalance(ctx, ledger.UserBook(acct), "eur")
	require.NoError(t, err)
	sold, err := decimal.NewFromString(q.AmountToSell)
	require.NoError(t, err)
	require.True(t, bal.Sub(after).Equal(sold), "the quote traded once at its amount: %s then %s, quoted %s", bal, after, sold)

	require.NoError(t, ledger.Audit(ctx, stores[0]))
}

// TestContendedTradingOnPostgres: 32 clients on two replicas swap at once, each on its own
// account: every trade posts to the house's books, so their transactions keep colliding
// there; every swap still succeeds (each replica commits its swaps in groups, the
// replicas' groups take turns, and one that lost a conflict runs again) and the ledger
// audits clean.
func TestContendedTradingOnPostgres(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	cfg := config.Default()
	cfg.DataDir = t.TempDir()
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	cfg.Offchain.InventoryLimits = map[string]string{"eur": "1000000", "usdc": "1000000"}
	var services []*offchaintest.Service
	var st store.Store
	for range 2 {
		s, err := store.OpenPostgres(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, s.Close()) })
		book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eur": "1.1", "usdc": "1", "usd": "1"}, SpreadBps: 20, CommissionBps: 10})
		require.NoError(t, err)
		st, services = s, append(services, offchaintest.New(cfg, s, book, nil))
	}
	const clients, swaps = 32, 15
	for i := range clients {
		acct := fmt.Sprintf("acc%d", i)
		require.NoError(t, st.CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
		ref, err := st.DepositReference(ctx, acct, fmt.Sprintf("REF%d", i), time.Now())
		require.NoError(t, err)
		_, err = services[0].BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "1000", TransferID: acct})
		require.NoError(t, err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, clients*swaps)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range swaps {
				_, err := services[i%2].SubmitSwap(ctx, fmt.Sprintf("acc%d", i), api.SwapRequest{InstructionID: fmt.Sprintf("s%d", j),
					SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
				if err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	require.NoError(t, ledger.Audit(ctx, st))
}

// TestNoGlobalLockOnPostgres: two replicas (two stores on one PostgreSQL database). On
// the first, a transaction of account A does what a swap does (locks A's books, holds
// every house shard but one, posts to A's book and a house shard, writes an outbox
// event) and then stays open for 2 s; meanwhile account B's swaps on the second replica
// are not delayed by more than 50 ms (their median against B's median alone): no lock
// is global, neither a transaction gate, nor the house's balance rows, nor the events'
// numbering. A's transaction then commits, and the ledger audits clean.
func TestNoGlobalLockOnPostgres(t *testing.T) {
	ctx := context.Background()
	const shards = 4
	stores, services := twoReplicas(t, func(cfg *config.Config) { cfg.Offchain.HouseShards = shards })
	for i, acct := range []string{"acc_a", "acc_b"} {
		require.NoError(t, stores[0].CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
		ref, err := stores[0].DepositReference(ctx, acct, fmt.Sprintf("REF%d", i), time.Now())
		require.NoError(t, err)
		_, err = services[0].BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: "1000", TransferID: acct})
		require.NoError(t, err)
	}
	swapB := func(id string) time.Duration {
		start := time.Now()
		_, err := services[1].SubmitSwap(ctx, "acc_b", api.SwapRequest{InstructionID: id, SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
		require.NoError(t, err)
		return time.Since(start)
	}
	const rounds = 7
	median := func(ds []time.Duration) time.Duration {
		slices.Sort(ds)
		return ds[len(ds)/2]
	}
	var alone []time.Duration
	for i := range rounds {
		alone = append(alone, swapB(fmt.Sprintf("alone%d", i)))
	}

	// A's transaction on the first replica, held open for 2 s once it has written.
	const hold = 2 * time.Second
	written := make(chan struct{})
	held := make(chan error, 1)
	led := ledger.New(ledger.Over[store.Tx](stores[0]), nil)
	go func() {
		held <- stores[0].InTx(store.RowLocked(ctx), func(tx store.Tx) error {
			for shard := range shards - 1 {
				ok, err := tx.TryLockHouseShard(ctx, shard)
				if err != nil || !ok {
					return fmt.Errorf("house shard %d: %v, %w", shard, ok, err)
				}
			}
			e := store.LedgerEntry{ExternalKey: "held:a", Kind: ledger.KindTrade, AccountID: "acc_a", Postings: []store.LedgerPosting{
				{Book: ledger.UserBook("acc_a"), Asset: "eur", Amount: decimal.RequireFromString("-1")},
				{Book: ledger.ShardBook(ledger.BookInventory, 0), Asset: "eur", Amount: decimal.RequireFromString("1")},
			}}
			ev := &outbox.Event{Kind: outbox.OrderSettled, Source: offchain.Source, AccountID: "acc_a",
				Payload: outbox.OrderClosed{Source: offchain.Source, OrderID: 1, Status: store.OrderSettled}}
			if _, _, err := led.PostTx(ctx, tx, e, ev, ledger.Options{}); err != nil {
				return err
			}
			close(written)
			time.Sleep(hold)
			return nil
		})
	}()
	select {
	case <-written:
	case err := <-held:
		t.Fatalf("A's transaction ended before it wrote: %v", err)
	}
	heldSince := time.Now()
	var during []time.Duration
	for i := range rounds {
		during = append(during, swapB(fmt.Sprintf("during%d", i)))
	}
	elapsed := time.Since(heldSince)
	delay := median(during) - median(alone)
	t.Logf("B's swap: median %v alone, %v while A's transaction is open (delay %v)", median(alone), median(during), delay)
	require.Less(t, delay, 50*time.Millisecond, "got B's swaps delayed by %v, want under 50ms", delay)
	require.Less(t, elapsed, hold, "B's swaps outlasted A's transaction: the test proves nothing on this machine now")

	require.NoError(t, <-held)
	_, err := stores[1].LedgerEntryByKey(ctx, "held:a")
	require.NoError(t, err)
	require.NoError(t, ledger.Audit(ctx, stores[1]))
}

// TestSwapWaitsWhenEveryHouseShardIsBusy: while another transaction holds every house
// shard, a swap the house can pay waits for its home shard and fills, rather than being
// refused (a contended run of more transactions than shards got NOT_ENOUGH_LIQUIDITY).
func TestSwapWaitsWhenEveryHouseShardIsBusy(t *testing.T) {
	ctx := context.Background()
	const shards = 2
	stores, services := twoReplicas(t, func(cfg *config.Config) { cfg.Offchain.HouseShards = shards })
	fundEUR(ctx, t, stores[0], services[0], "acc_w", "REFW", "100")

	const hold = 500 * time.Millisecond
	locked := make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- stores[0].InTx(store.RowLocked(ctx), func(tx store.Tx) error {
			for shard := range shards {
				if err := tx.LockHouseShard(ctx, shard); err != nil {
					return err
				}
			}
			close(locked)
			time.Sleep(hold)
			return nil
		})
	}()
	select {
	case <-locked:
	case err := <-held:
		t.Fatalf("the holding transaction ended early: %v", err)
	}
	start := time.Now()
	_, err := services[1].SubmitSwap(ctx, "acc_w", api.SwapRequest{InstructionID: "busy1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
	require.NoError(t, err, "a swap the house can pay waits for a shard rather than being refused")
	require.NoError(t, <-held)
	t.Logf("the swap answered %v after it was sent, the shards held %v", time.Since(start), hold)
}

// TestSwapsStartFromTheirLanesShard: a replica's swaps claim first the house shard their
// lane of the store's group commit claimed last, not their Trading's home shard, so the
// lanes of one replica do not each try first the shard the other's transaction holds. A
// first swap finds the home shard; while another replica holds every shard but the next
// one, swaps on every lane claim that one; once it lets go, they keep to it.
func TestSwapsStartFromTheirLanesShard(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(2)) // two lanes (pgLockedLanes), which take sequential swaps in turn
	ctx := context.Background()
	const shards = 8
	stores, services := twoReplicas(t, func(cfg *config.Config) { cfg.Offchain.HouseShards = shards })
	fundEUR(ctx, t, stores[0], services[0], "acc_l", "REFL", "1000")
	n := 0
	// swap swaps on the first replica and returns the shard whose usdc it paid.
	swap := func() int {
		t.Helper()
		before := make([]decimal.Decimal, shards)
		for i := range shards {
			var err error
			before[i], err = stores[0].LedgerBalance(ctx, ledger.ShardBook(ledger.BookInventory, i), "usdc")
			require.NoError(t, err)
		}
		n++
		_, err := services[0].SubmitSwap(ctx, "acc_l", api.SwapRequest{InstructionID: fmt.Sprintf("lane%d", n), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
		require.NoError(t, err)
		paid := -1
		for i := range shards {
			after, err := stores[0].LedgerBalance(ctx, ledger.ShardBook(ledger.BookInventory, i), "usdc")
			require.NoError(t, err)
			if !after.Equal(before[i]) {
				require.Equal(t, -1, paid, "one shard pays a small swap")
				paid = i
			}
		}
		require.NotEqual(t, -1, paid)
		return paid
	}
	home := swap()
	next := (home + 1) % shards

	locked, release := make(chan struct{}), make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- stores[1].InTx(store.RowLocked(ctx), func(tx store.Tx) error {
			for shard := range shards {
				if shard == next {
					continue
				}
				if err := tx.LockHouseShard(ctx, shard); err != nil {
					return err
				}
			}
			close(locked)
			<-release
			return nil
		})
	}()
	select {
	case <-locked:
	case err := <-held:
		t.Fatalf("the holding transaction ended early: %v", err)
	}
	for range 4 {
		require.Equal(t, next, swap(), "the only free shard")
	}
	close(release)
	require.NoError(t, <-held)
	for range 4 {
		require.Equal(t, next, swap(), "home shard %d is free again, but the lanes claimed %d last", home, next)
	}
	require.NoError(t, ledger.Audit(ctx, stores[0]))
}
