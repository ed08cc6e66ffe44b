package offchain_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/internal/venue"
	"github.com/dtwgate/dtwgate/signer"
)

// testSeed is a randomized test's seed: the environment variable env's, else the clock's,
// logged with how to replay it.
func testSeed(t *testing.T, env string) uint64 {
	t.Helper()
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv(env); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
	}
	t.Logf("seed %d (%s=%d replays it)", seed, env, seed)
	return seed
}

// TestTradingLedgerInvariant runs a random sequence of bank deposits, off-chain
// withdrawals (requested, then paid or rejected at any moment), market and limit swaps,
// bursts of concurrent swaps and withdrawals by every account (half of them a run on one
// asset at up to four times the usual amounts; every answered swap must be stored),
// RFQ quotes (actioned in time, late, or twice), price moves with the limit-order matcher,
// feeds going stale and back, and clock moves that expire orders and quotes, by several
// accounts, one of them lent credit (at its limits: it borrows as much as it may); after
// every step it checks the ledger: every asset's postings sum to zero, every book's
// derived balance is the sum of its postings, no account without credit has a negative
// balance or available balance, holds never exceed what they hold, the house never owes
// more than its inventory limits, what was paid out equals the holds captured, and after
// any step that took from an account it still covers its credit in use with its
// available collateral (valued independently here, at the prices of that step); and every
// account's signed receipts chain on without a gap to the ledger's balances.
// DTW_TRADING_SEED replays a run.
func TestTradingLedgerInvariant(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	tradingLedgerInvariant(t, dir, []store.Store{st})
}

// TestTradingLedgerInvariantOnPostgres is TestTradingLedgerInvariant on PostgreSQL, its
// steps taken at random by two replicas of one database: the same money surface through
// PostgreSQL's own paths (the swap's locks and reads in one statement, a group's writes
// kept back for one statement at its end, holds and withdrawals under row locks, no
// receipt head remembered in a process). It fails unless the bursts put units side by
// side in group commits. Under mutation it fails when a unit that sent its group's kept
// writes is rolled back to its savepoint (answered swaps go missing).
func TestTradingLedgerInvariantOnPostgres(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	var stores []store.Store
	for range 2 {
		st, err := store.OpenPostgres(ctx, dsn)
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, st.Close()) })
		stores = append(stores, st)
	}
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	tradingLedgerInvariant(t, dir, stores)
	var txs, units int64
	for _, st := range stores {
		tx, u := st.(*store.Postgres).GroupCommits()
		txs, units = txs+tx, units+u
	}
	t.Logf("group commits: %d transactions held %d units of work", txs, units)
	require.Greater(t, units, txs+30, "the bursts' units shared few transactions: the groups' paths went untested")
}

// tradingLedgerInvariant is TestTradingLedgerInvariant's run on stores, replicas of one
// database: each step runs on one of them at random (its service a fresh one on that
// store when the prices moved), and the checks read the first.
func tradingLedgerInvariant(t *testing.T, dir string, stores []store.Store) {
	seed := testSeed(t, "DTW_TRADING_SEED")
	rng := rand.New(rand.NewPCG(seed, seed))
	ctx := context.Background()
	st := stores[0]

	cfg := config.Default()
	cfg.DataDir = dir
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}, {ID: "eth", Decimals: 18}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	limits := map[string]string{"eur": "5000", "usdc": "5000", "eth": "2"}
	cfg.Offchain.InventoryLimits = limits
	// Three house shards (each service picks its own first): each may owe a third of a
	// limit, so trades near it are paid by several shards.
	cfg.Offchain.HouseShards = 3
	prices := map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000", "usd": "1"}
	now := time.Now()
	clock := func() time.Time { return now }
	// One service per store, made again when the prices move; each step takes one.
	var services []*offchaintest.Service
	service := func() *offchaintest.Service {
		book, err := pricing.NewBook(pricing.Config{Prices: prices, SpreadBps: 20, CommissionBps: 10})
		require.NoError(t, err)
		services = services[:0]
		for _, st := range stores {
			services = append(services, offchaintest.New(cfg, st, book, clock))
		}
		return services[rng.IntN(len(services))]
	}
	s := service()

	accounts := []string{"acc_a", "acc_b", "acc_c"}
	for _, a := range accounts {
		require.NoError(t, st.CreateAccount(ctx, store.Account{ID: a, CreatedAt: now}))
	}
	// acc_c borrows: cap 2000 usd at leverage 2.
	lender := "acc_c"
	require.NoError(t, s.SetSetting(ctx, lender, api.SettingCreditCap, "2000"))
	require.NoError(t, s.SetSetting(ctx, lender, api.SettingCreditLeverage, "2"))
	stale := map[string]string{} // assets whose feed has no data now, with the price it had
	paid := map[string]decimal.Decimal{}
	assets := []string{"eur", "usdc", "eth"}
	amount := func(asset string) string {
		switch asset {
		case "eur":
			return fmt.Sprintf("%d.%02d", rng.IntN(300), rng.IntN(100))
		case "usdc":
			return fmt.Sprintf("%d.%06d", rng.IntN(300), rng.IntN(1_000_000))
		default:
			return fmt.Sprintf("0.%04d", 1+rng.IntN(2000))
		}
	}
	// Receipts: the receipt key signs what each step wrote, and every account's chain is
	// verified from where the previous step left it.
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	receiptKey := signer.NewPrivateKeySigner(key)
	anchors := map[string]receipt.Anchor{}
	var quotes []struct{ account, id string }
	var pending []api.OffchainWithdrawal
	stats := map[string][2]int{}
	count := func(name string, err error) {
		c := stats[name]
		if err == nil {
			c[0]++
		} else {
			c[1]++
			// Refusals are the service's client errors, never anything else.
			require.True(t, errors.Is(err, offchain.ErrInvalid) || errors.Is(err, offchain.ErrInsufficientFunds) ||
				errors.Is(err, offchain.ErrNotEnoughLiquidity) || errors.Is(err, offchain.ErrQuote) ||
				errors.Is(err, pricing.ErrDuplicatePair) || errors.Is(err, pricing.ErrNoMarketData) ||
				errors.Is(err, ledger.ErrUnpriced), "%s: unexpected error %v", name, err)
		}
		stats[name] = c
		if os.Getenv("DTW_TRADING_TRACE") != "" {
			t.Logf("%s: %v", name, err)
		}
	}

	kinds := []string{"deposit", "market swap", "burst swap", "limit swap", "quote", "action", "withdrawal", "withdrawal paid", "withdrawal rejected"}
	allSucceeded := func() bool {
		for _, name := range kinds {
			if stats[name][0] == 0 {
				return false
			}
		}
		return true
	}
	// 400 steps, and on until every kind of step has succeeded once (stale feeds refuse many).
	for step := 1; step <= 400 || (!allSucceeded() && step <= 2000); step++ {
		acct := accounts[rng.IntN(len(accounts))]
		if len(services) > 1 {
			s = services[rng.IntN(len(services))]
		}
		id := fmt.Sprintf("i%d", step)
		sell, buy := assets[rng.IntN(3)], assets[rng.IntN(3)]
		switch r := rng.IntN(100); {
		case r < 20: // a bank deposit of eur quoting the account's reference
			ref, err := st.DepositReference(ctx, acct, "REF"+strings.ToUpper(acct[len(acct)-1:]), now)
			require.NoError(t, err)
			_, err = s.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: amount("eur"), TransferID: id})
			count("deposit", err)
		case r < 35:
			_, err := s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: id, SellingAsset: sell, BuyingAsset: buy, AmountToSell: amount(sell)})
			count("market swap", err)
			if err == nil && acct == lender {
				checkCovered(t, st, lender, prices, step)
			}
		case r < 45: // a burst: every account swaps and withdraws at once, on any replica
			took := false
			for _, b := range burst(ctx, rng, services, accounts, id, assets, amount) {
				count(b.name, b.err)
				if b.err == nil && b.withdrawal != nil {
					pending = append(pending, *b.withdrawal)
				}
				took = took || (b.err == nil && b.acct == lender)
				if b.err == nil && b.order != nil { // an answered swap is stored, once
					o, err := st.OffchainOrder(ctx, b.acct, store.OrderKindSwap, b.id)
					require.NoError(t, err, "step %d: %s's answered swap %s", step, b.acct, b.id)
					require.Equal(t, b.order.OrderID, strconv.FormatInt(o.ID, 10), "step %d: %s's swap %s", step, b.acct, b.id)
				}
			}
			if took {
				checkCovered(t, st, lender, prices, step)
			}
		case r < 55:
			_, err := s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: id, SellingAsset: sell, BuyingAsset: buy, AmountToSell: amount(sell),
				OrderType: "LIMIT", LimitAmountToReceive: amount(buy), ExpiresAt: now.Add(time.Duration(1+rng.IntN(60)) * time.Minute).Format(time.RFC3339Nano)})
			count("limit swap", err)
		case r < 67:
			_, err := s.RequestQuote(ctx, acct, api.QuoteRequest{InstructionID: id, SellingAsset: sell, BuyingAsset: buy, AmountToBuy: amount(buy)})
			count("quote", err)
			if err == nil {
				quotes = append(quotes, struct{ account, id string }{acct, id})
			}
		case r < 77 && len(quotes) > 0:
			q := quotes[len(quotes)-1] // the newest, often still firm; else any (lapsed or actioned)
			if rng.IntN(2) == 0 {
				q = quotes[rng.IntN(len(quotes))]
			}
			count("action", s.ActionQuote(ctx, q.account, q.id))
		case r < 85:
			w, err := s.SubmitWithdrawal(ctx, acct, api.OffchainWithdrawalRequest{InstructionID: id, Asset: "eur", Amount: amount("eur"),
				BankDetail: &api.BankDetail{AccountName: "Client", IBAN: "FR7630006000011234567890189"}})
			if acct == lender && rng.IntN(2) == 0 { // as much as the snapshot offers
				if snap, serr := s.Snapshot(ctx, s.Venue(), venue.Caller{AccountID: acct}); serr == nil {
					for _, b := range snap.Balances {
						if b.Asset == "eur" && b.AvailableToWithdraw != "0" {
							w, err = s.SubmitWithdrawal(ctx, acct, api.OffchainWithdrawalRequest{InstructionID: id + "max", Asset: "eur", Amount: b.AvailableToWithdraw,
								BankDetail: &api.BankDetail{AccountName: "Client", IBAN: "FR7630006000011234567890189"}})
						}
					}
				}
			}
			count("withdrawal", err)
			if err == nil {
				pending = append(pending, w)
				if acct == lender {
					checkCovered(t, st, lender, prices, step)
				}
			}
		case r < 90 && len(pending) > 0:
			i := rng.IntN(len(pending))
			w := pending[i]
			pending = append(pending[:i], pending[i+1:]...)
			if rng.IntN(2) == 0 {
				_, err := s.CompleteFiat(ctx, w.AccountID, w.InstructionID, "SEPA-"+id)
				count("withdrawal paid", err)
				if err == nil {
					paid[w.Asset] = paid[w.Asset].Add(decimal.RequireFromString(w.Amount))
				}
			} else {
				_, err := s.Reject(ctx, w.AccountID, w.InstructionID, "test")
				count("withdrawal rejected", err)
			}
		case r < 93: // the feeds move; the matcher runs
			a := assets[rng.IntN(3)]
			if p, ok := stale[a]; ok {
				prices[a] = p
			}
			p := decimal.RequireFromString(prices[a]).Mul(decimal.NewFromFloat(0.8 + 0.4*rng.Float64())).Round(6)
			prices[a] = p.String()
			delete(stale, a)
			s = service()
			_, err := s.MatchLimitOrders(ctx)
			require.NoError(t, err)
		case r < 96: // a feed goes stale (no data), or comes back
			a := assets[rng.IntN(3)]
			if p, ok := stale[a]; ok {
				prices[a] = p
				delete(stale, a)
			} else {
				stale[a] = prices[a]
				delete(prices, a)
			}
			s = service()
			_, err := s.MatchLimitOrders(ctx)
			require.NoError(t, err)
		default: // time passes: quotes lapse, limit orders expire
			now = now.Add(time.Duration(rng.IntN(20)) * time.Minute)
			_, err := s.MatchLimitOrders(ctx)
			require.NoError(t, err)
		}
		if os.Getenv("DTW_TRADING_TRACE") != "" {
			t.Logf("step %d: %s", step, acct)
		}
		checkLedger(t, st, accounts, lender, limits, cfg.Offchain.HouseShards, step)
		checkPaid(t, st, accounts, paid, step)
		checkReceipts(t, st, receiptKey, accounts, anchors, step)
	}
	for name, c := range stats {
		t.Logf("%-20s ok %3d  refused %3d", name, c[0], c[1])
	}
	for _, name := range kinds {
		require.Positive(t, stats[name][0], "%s never succeeded (seed %d)", name, seed)
	}
}

// burstDone is one request of a burst and its outcome.
type burstDone struct {
	name, acct, id string
	err            error
	order          *api.OrderStatus
	withdrawal     *api.OffchainWithdrawal
}

// burst sends, all at once, one to four requests per account (market swaps of any pair
// and eur withdrawals, mostly to one service), so that a group commit holds several
// accounts' units and an account's own units side by side, refusals among them; it
// returns when all are answered. Its choices come from rng before any request is sent.
func burst(ctx context.Context, rng *rand.Rand, services []*offchaintest.Service, accounts []string, id string, assets []string,
	amount func(string) string) []burstDone {
	type request struct {
		svc  *offchaintest.Service
		acct string
		swap *api.SwapRequest
		wd   *api.OffchainWithdrawalRequest
	}
	var reqs []request
	// Half the bursts are a run on one asset, for up to four times the usual amounts:
	// every swap of it buys the same asset, so that the house's shards near their limits
	// are claimed by several units of one group.
	run, scale := "", int64(1)
	if rng.IntN(2) == 0 {
		run, scale = assets[rng.IntN(len(assets))], 1+rng.Int64N(4)
	}
	// Mostly to one replica, whose group commit then holds most of the burst (its
	// lanes take the first units alone); else each request to either.
	svc, spread := services[rng.IntN(len(services))], rng.IntN(4) == 0
	for _, a := range accounts {
		for range 1 + rng.IntN(4) {
			q := request{svc: svc, acct: a}
			if spread {
				q.svc = services[rng.IntN(len(services))]
			}
			iid := fmt.Sprintf("%s-%d", id, len(reqs))
			if rng.IntN(4) == 0 {
				q.wd = &api.OffchainWithdrawalRequest{InstructionID: iid, Asset: "eur", Amount: amount("eur"),
					BankDetail: &api.BankDetail{AccountName: "Client", IBAN: "FR7630006000011234567890189"}}
			} else {
				sell, buy := assets[rng.IntN(len(assets))], assets[rng.IntN(len(assets))]
				if run != "" {
					buy = run
				}
				amt := decimal.RequireFromString(amount(sell)).Mul(decimal.NewFromInt(scale)).String()
				q.swap = &api.SwapRequest{InstructionID: iid, SellingAsset: sell, BuyingAsset: buy, AmountToSell: amt}
			}
			reqs = append(reqs, q)
		}
	}
	out := make([]burstDone, len(reqs))
	var wg sync.WaitGroup
	for i, q := range reqs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if q.swap != nil {
				o, err := q.svc.SubmitSwap(ctx, q.acct, *q.swap)
				out[i] = burstDone{name: "burst swap", acct: q.acct, id: q.swap.InstructionID, err: err}
				if err == nil {
					out[i].order = &o
				}
				return
			}
			w, err := q.svc.SubmitWithdrawal(ctx, q.acct, *q.wd)
			out[i] = burstDone{name: "burst withdrawal", acct: q.acct, id: q.wd.InstructionID, err: err}
			if err == nil {
				out[i].withdrawal = &w
			}
		}()
	}
	wg.Wait()
	return out
}

// checkLedger checks the invariants of the ledger after a step; lender alone may owe.
func checkLedger(t *testing.T, st store.Store, accounts []string, lender string, limits map[string]string, shards, step int) {
	t.Helper()
	ctx := context.Background()
	require.NoError(t, ledger.Audit(ctx, st), "step %d", step)
	for _, a := range accounts {
		book := ledger.UserBook(a)
		bals, err := st.LedgerBalances(ctx, book)
		require.NoError(t, err)
		held, err := st.HeldAmounts(ctx, book)
		require.NoError(t, err)
		for asset, b := range bals {
			if a != lender {
				require.False(t, b.IsNegative(), "step %d: %s %s balance %s without credit", step, a, asset, b)
			}
			// A lender's held funds stay reserved while it borrows the same asset.
			require.True(t, a == lender || held[asset].LessThanOrEqual(b), "step %d: %s %s holds %s above balance %s", step, a, asset, held[asset], b)
		}
	}
	decimals := map[string]int32{"eur": 2, "usdc": 6, "eth": 18}
	for asset, l := range limits {
		limit := decimal.RequireFromString(l)
		b, err := st.HouseBalance(ctx, ledger.BookInventory, asset)
		require.NoError(t, err)
		require.True(t, b.GreaterThanOrEqual(limit.Neg()), "step %d: the house owes %s %s, beyond its limit", step, b.Neg(), asset)
		// Each shard owes at most its part of the limit (shard 0 the remainder).
		part := limit.Div(decimal.NewFromInt(int64(shards))).Truncate(decimals[asset])
		sum := decimal.Zero
		for i := range shards {
			sb, err := st.LedgerBalance(ctx, ledger.ShardBook(ledger.BookInventory, i), asset)
			require.NoError(t, err)
			floor := part
			if i == 0 {
				floor = limit.Sub(part.Mul(decimal.NewFromInt(int64(shards - 1))))
			}
			require.True(t, sb.GreaterThanOrEqual(floor.Neg()), "step %d: house shard %d owes %s %s, beyond its part %s", step, i, sb.Neg(), asset, floor)
			sum = sum.Add(sb)
		}
		require.True(t, sum.Equal(b), "step %d: the shards of %s sum to %s, the house's balance is %s", step, asset, sum, b)
	}
}

// checkReceipts signs the receipts the step wrote and checks each account's new
// receipts against its chain so far (receipt.VerifyChain: no gap, no rewrite, hashes,
// signatures, each balance the previous one plus the postings), then that the chain's
// balances are the ledger's: a movement without its receipt, or a receipt without its
// movement, shows as a difference.
func checkReceipts(t *testing.T, st store.Store, key signer.Signer, accounts []string, anchors map[string]receipt.Anchor, step int) {
	t.Helper()
	ctx := context.Background()
	for {
		n, err := ledger.SignReceipts(ctx, st, key, 1000)
		require.NoError(t, err, "step %d", step)
		if n == 0 {
			break
		}
	}
	keys := receipt.Keys{{Address: key.Address()}}
	for _, a := range accounts {
		from := anchors[a]
		for {
			rows, err := st.ReceiptsAfter(ctx, a, from.Head.Sequence, 0)
			require.NoError(t, err)
			if len(rows) == 0 {
				break
			}
			signed := make([]receipt.Signed, len(rows))
			for i, r := range rows {
				signed[i], err = ledger.SignedReceipt(r)
				require.NoError(t, err)
			}
			from, err = receipt.VerifyChain(a, signed, keys, from)
			require.NoError(t, err, "step %d: %s", step, a)
		}
		anchors[a] = from
		bals, err := st.LedgerBalances(ctx, ledger.UserBook(a))
		require.NoError(t, err)
		require.NoError(t, receipt.CheckBalances(from.Balances, bals), "step %d: %s's receipts and ledger differ", step, a)
	}
}

// checkCovered checks, right after a step that took from account, that its available
// collateral covers its credit in use at leverage 2 (the test's own arithmetic over the
// store's balances, at the book's prices of that step less nothing: the venue's prices
// carry half the spread, so its valuation is the stricter one). An owed asset whose feed
// is stale cannot have been taken further.
func checkCovered(t *testing.T, st store.Store, account string, prices map[string]string, step int) {
	t.Helper()
	ctx := context.Background()
	book := ledger.UserBook(account)
	bals, err := st.LedgerBalances(ctx, book)
	require.NoError(t, err)
	held, err := st.HeldAmounts(ctx, book)
	require.NoError(t, err)
	collateral, used := decimal.Zero, decimal.Zero
	for asset, b := range bals {
		avail := b.Sub(held[asset])
		p, ok := prices[asset]
		if !ok {
			require.False(t, avail.IsNegative(), "step %d: %s took while owing %s %s, whose feed is stale", step, account, avail.Neg(), asset)
			continue
		}
		v := avail.Mul(decimal.RequireFromString(p)).Div(decimal.RequireFromString(prices["usd"]))
		if v.IsPositive() {
			collateral = collateral.Add(v)
		} else {
			used = used.Sub(v)
		}
	}
	require.True(t, used.LessThanOrEqual(collateral.Mul(decimal.NewFromInt(2)).Mul(decimal.RequireFromString("1.002"))),
		"step %d: %s owes %s usd against %s usd of available collateral at leverage 2", step, account, used, collateral)
}

// checkPaid checks that what was paid out equals what the withdrawals' captured holds
// took: the custody books received exactly the paid amounts.
func checkPaid(t *testing.T, st store.Store, accounts []string, paid map[string]decimal.Decimal, step int) {
	t.Helper()
	sum := decimal.Zero
	for _, a := range accounts {
		entries, err := st.LedgerEntries(context.Background(), store.LedgerQuery{AccountID: a, Kinds: []string{ledger.KindWithdrawal}, Limit: 10_000})
		require.NoError(t, err)
		for _, e := range entries {
			for _, p := range e.Postings {
				if p.Book == ledger.CustodyBook("bank:eur-main") {
					sum = sum.Add(p.Amount)
				}
			}
		}
	}
	require.True(t, sum.Equal(paid["eur"]), "step %d: withdrawal entries paid %s eur, the operator paid %s", step, sum, paid["eur"])
}
