package offchain_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// creditEnv is one account on a real SQLite store with eur, usdc and eth, credit cap
// 100000 and leverage 1, priced in usd by a book; service(prices) builds the venue at
// other prices (a price left out is one whose feed has no data, as a stale feed).
type creditEnv struct {
	st      *store.SQLite
	cfg     config.Config
	now     time.Time
	account string
}

func newCreditEnv(t testing.TB) *creditEnv {
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
	cfg.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": "100000", "eth": "100"}
	e := &creditEnv{st: st, cfg: cfg, now: time.Now(), account: "acc_credit"}
	require.NoError(t, st.CreateAccount(ctx, store.Account{ID: e.account, CreatedAt: e.now}))
	s := e.service(t, map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"})
	require.NoError(t, s.SetSetting(ctx, e.account, api.SettingCreditCap, "100000"))
	require.NoError(t, s.SetSetting(ctx, e.account, api.SettingCreditLeverage, "1"))
	return e
}

func (e *creditEnv) service(t testing.TB, prices map[string]string) *offchaintest.Service {
	book, err := pricing.NewBook(pricing.Config{Prices: prices, SpreadBps: 0, CommissionBps: 0})
	require.NoError(t, err)
	return offchaintest.New(e.cfg, e.st, book, func() time.Time { return e.now })
}

func (e *creditEnv) deposit(t *testing.T, s *offchaintest.Service, amount, id string) {
	ctx := context.Background()
	ref, err := e.st.DepositReference(ctx, e.account, "REFCREDIT", e.now)
	require.NoError(t, err)
	_, err = s.BookBankDeposit(ctx, offchain.BankDeposit{Reference: ref, Asset: "eur", Amount: amount, TransferID: id})
	require.NoError(t, err)
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func venueCaller(accountID string) venue.Caller { return venue.Caller{AccountID: accountID} }

func withdraw(ctx context.Context, s *offchaintest.Service, account, id, amount string) (api.OffchainWithdrawal, error) {
	return s.SubmitWithdrawal(ctx, account, api.OffchainWithdrawalRequest{InstructionID: id, Asset: "eur", Amount: amount,
		BankDetail: &api.BankDetail{AccountName: "Client", IBAN: "FR7630006000011234567890189"}})
}

func eurWithdrawable(t *testing.T, snap api.AccountSnapshot) string {
	for _, b := range snap.Balances {
		if b.Asset == "eur" {
			return b.AvailableToWithdraw
		}
	}
	t.Fatalf("no eur in the snapshot %+v", snap)
	return ""
}

// TestCreditCollateralCountedOnce is the audit's bug 1: with credit in use, funds held for
// a pending withdrawal are no longer collateral, so a second withdrawal is not offered the
// same collateral again and a paid account never holds a loan without collateral.
func TestCreditCollateralCountedOnce(t *testing.T) {
	ctx := context.Background()
	e := newCreditEnv(t)
	s := e.service(t, map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"})
	e.deposit(t, s, "1000", "T1")
	// Borrow 0.2 eth (600 usd) by selling it for eur.
	_, err := s.SubmitSwap(ctx, e.account, api.SwapRequest{InstructionID: "borrow", SellingAsset: "eth", BuyingAsset: "eur", AmountToSell: "0.2"})
	require.NoError(t, err)

	snap, err := s.Snapshot(ctx, s.Venue(), venueCaller(e.account))
	require.NoError(t, err)
	require.Equal(t, "600", snap.CreditUsed)
	first := eurWithdrawable(t, snap)
	require.Equal(t, "999.99", first, "1545.45 eur (1699.995 usd) of collateral less the 600 owed, at 1.1")

	_, err = withdraw(ctx, s, e.account, "w1", first)
	require.NoError(t, err)
	snap, err = s.Snapshot(ctx, s.Venue(), venueCaller(e.account))
	require.NoError(t, err)
	require.Equal(t, "0", eurWithdrawable(t, snap), "the held 1000 eur is no collateral: the rest covers the debt exactly")
	_, err = withdraw(ctx, s, e.account, "w2", "0.01")
	require.ErrorIs(t, err, offchain.ErrInsufficientFunds)

	// Paid, the account still covers its debt.
	_, err = s.CompleteFiat(ctx, e.account, "w1", "SEPA-1")
	require.NoError(t, err)
	pos, err := ledger.PositionIn(ctx, e.st, e.account, ledger.Terms{Unit: "usd", Prices: ledger.Prices{"eur": d("1.1"), "eth": d("3000")}, Cap: d("100000"), Leverage: d("1")})
	require.NoError(t, err)
	used, err := pos.Used()
	require.NoError(t, err)
	require.True(t, pos.Collateral().GreaterThanOrEqual(used), "collateral %s, credit used %s", pos.Collateral(), used)

	// A resting limit order's hold is no collateral either, and may not take the
	// collateral a debt needs.
	_, err = s.SubmitSwap(ctx, e.account, api.SwapRequest{InstructionID: "rest", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "100",
		OrderType: "LIMIT", LimitAmountToReceive: "1000", ExpiresAt: e.now.Add(time.Hour).Format(time.RFC3339Nano)})
	require.ErrorIs(t, err, offchain.ErrInsufficientFunds)
}

// TestCreditStalePriceKeepsDebt is the audit's bug 2: a borrowed asset without a price is
// never valued at zero. While it has none, the snapshot and the credit report are refused
// and so is every withdrawal and every trade that takes from the account (naming the
// missing price); once the price is back, the debt counts again.
func TestCreditStalePriceKeepsDebt(t *testing.T) {
	ctx := context.Background()
	e := newCreditEnv(t)
	fresh := map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"}
	s := e.service(t, fresh)
	e.deposit(t, s, "1000", "T1")
	_, err := s.SubmitSwap(ctx, e.account, api.SwapRequest{InstructionID: "borrow", SellingAsset: "eth", BuyingAsset: "eur", AmountToSell: "0.2"})
	require.NoError(t, err)

	stale := e.service(t, map[string]string{"eur": "1.1", "usdc": "1"}) // eth's feed has no data
	_, err = stale.Snapshot(ctx, stale.Venue(), venueCaller(e.account))
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	require.Contains(t, err.Error(), "0.2 eth")
	_, err = stale.Credit(ctx, stale.Venue(), venueCaller(e.account))
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	_, err = withdraw(ctx, stale, e.account, "w1", "1")
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	_, err = stale.SubmitSwap(ctx, e.account, api.SwapRequest{InstructionID: "more", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"})
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	_, err = stale.RequestQuote(ctx, e.account, api.QuoteRequest{InstructionID: "q", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "10"})
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	_, err = stale.SubmitSwap(ctx, e.account, api.SwapRequest{InstructionID: "lim", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10",
		OrderType: "LIMIT", LimitAmountToReceive: "100", ExpiresAt: e.now.Add(time.Hour).Format(time.RFC3339Nano)})
	require.ErrorIs(t, err, ledger.ErrUnpriced)
	bals, err := stale.Balances.Balances(ctx, e.account)
	require.NoError(t, err)
	for _, b := range bals {
		require.True(t, d(b.Held).IsZero(), "nothing was held while the debt was unpriced: %+v", b)
	}

	// A price back: the debt counts again and only the free collateral may leave.
	snap, err := s.Snapshot(ctx, s.Venue(), venueCaller(e.account))
	require.NoError(t, err)
	require.Equal(t, "600", snap.CreditUsed)
	require.Equal(t, "999.99", eurWithdrawable(t, snap))
}
