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
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestTradingLedgerInvariant runs a random sequence of bank deposits, off-chain
// withdrawals (requested, then paid or rejected), market and limit swaps, RFQ quotes
// (actioned in time, late, or twice), price moves with the limit-order matcher, and clock
// moves that expire orders and quotes, by several accounts; after every step it checks
// the ledger: every asset's postings sum to zero, every book's derived balance is the sum
// of its postings, no account (without credit) has a negative balance or available
// balance, holds never exceed balances, and the house never owes more than its
// inventory limits. DTW_TRADING_SEED replays a run.
func TestTradingLedgerInvariant(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("DTW_TRADING_SEED"); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
	}
	t.Logf("seed %d (DTW_TRADING_SEED=%d replays it)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	ctx := context.Background()

	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })

	cfg := config.Default()
	cfg.DataDir = dir
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}, {ID: "eth", Decimals: 18}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	limits := map[string]string{"eur": "5000", "usdc": "5000", "eth": "2"}
	cfg.Offchain.InventoryLimits = limits
	prices := map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000", "usd": "1"}
	now := time.Now()
	clock := func() time.Time { return now }
	service := func() *offchain.Service {
		book, err := pricing.NewBook(pricing.Config{Prices: prices, SpreadBps: 20, CommissionBps: 10})
		require.NoError(t, err)
		return offchain.New(cfg, st, book, clock)
	}
	s := service()

	accounts := []string{"acc_a", "acc_b", "acc_c"}
	for _, a := range accounts {
		require.NoError(t, st.CreateAccount(ctx, store.Account{ID: a, CreatedAt: now}))
	}
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
				errors.Is(err, pricing.ErrDuplicatePair), "%s: unexpected error %v", name, err)
		}
		stats[name] = c
	}

	for step := 1; step <= 400; step++ {
		acct := accounts[rng.IntN(len(accounts))]
		id := fmt.Sprintf("i%d", step)
		sell, buy := assets[rng.IntN(3)], assets[rng.IntN(3)]
		switch r := rng.IntN(100); {
		case r < 20: // a bank deposit of eur quoting the account's reference
			ref, err := st.DepositReference(ctx, acct, "REF"+strings.ToUpper(acct[len(acct)-1:]), now)
			require.NoError(t, err)
			_, err = s.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: amount("eur"), TransferID: id})
			count("deposit", err)
		case r < 45:
			_, err := s.SubmitSwap(ctx, acct, api.SwapRequest{InstructionID: id, SellingAsset: sell, BuyingAsset: buy, AmountToSell: amount(sell)})
			count("market swap", err)
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
			count("withdrawal", err)
			if err == nil {
				pending = append(pending, w)
			}
		case r < 90 && len(pending) > 0:
			i := rng.IntN(len(pending))
			w := pending[i]
			pending = append(pending[:i], pending[i+1:]...)
			if rng.IntN(2) == 0 {
				_, err := s.CompleteFiat(ctx, w.AccountID, w.InstructionID, "SEPA-"+id)
				count("withdrawal paid", err)
			} else {
				_, err := s.Reject(ctx, w.AccountID, w.InstructionID, "test")
				count("withdrawal rejected", err)
			}
		case r < 96: // the feeds move; the matcher runs
			a := assets[rng.IntN(3)]
			p := decimal.RequireFromString(prices[a]).Mul(decimal.NewFromFloat(0.8 + 0.4*rng.Float64())).Round(6)
			prices[a] = p.String()
			s = service()
			_, err := s.MatchLimitOrders(ctx)
			require.NoError(t, err)
		default: // time passes: quotes lapse, limit orders expire
			now = now.Add(time.Duration(rng.IntN(20)) * time.Minute)
			_, err := s.MatchLimitOrders(ctx)
			require.NoError(t, err)
		}
		checkLedger(t, st, accounts, limits, step)
	}
	for name, c := range stats {
		t.Logf("%-20s ok %3d  refused %3d", name, c[0], c[1])
	}
	for _, name := range []string{"deposit", "market swap", "limit swap", "quote", "action", "withdrawal"} {
		require.Positive(t, stats[name][0], "%s never succeeded (seed %d)", name, seed)
	}
}

// checkLedger checks the invariants of the ledger after a step.
func checkLedger(t *testing.T, st *store.SQLite, accounts []string, limits map[string]string, step int) {
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
			require.False(t, b.IsNegative(), "step %d: %s %s balance %s without credit", step, a, asset, b)
			require.True(t, held[asset].LessThanOrEqual(b), "step %d: %s %s holds %s above balance %s", step, a, asset, held[asset], b)
		}
	}
	inv, err := st.LedgerBalances(ctx, ledger.BookInventory)
	require.NoError(t, err)
	for asset, b := range inv {
		require.True(t, b.GreaterThanOrEqual(decimal.RequireFromString(limits[asset]).Neg()), "step %d: the house owes %s %s, beyond its limit", step, b.Neg(), asset)
	}
}
