package ledger_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

func open(t *testing.T) (*store.SQLite, *ledger.Ledger) {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "ledger.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st, ledger.New(store.Narrow[ledger.Tx](st), nil)
}

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// deposit is a crypto deposit of amount to an account from a chain's custody.
func deposit(key, account, asset, amount string) store.LedgerEntry {
	return store.LedgerEntry{ExternalKey: key, Kind: ledger.KindDeposit, AccountID: account, Postings: []store.LedgerPosting{
		{Book: ledger.CustodyBook("ETHEREUM"), Asset: asset, Amount: d(amount).Neg()},
		{Book: ledger.UserBook(account), Asset: asset, Amount: d(amount)},
	}}
}

// withdrawal pays amount out of an account to a chain's custody.
func withdrawal(key, account, asset, amount string) store.LedgerEntry {
	e := deposit(key, account, asset, amount)
	e.Kind = ledger.KindWithdrawal
	for i := range e.Postings {
		e.Postings[i].Amount = e.Postings[i].Amount.Neg()
	}
	return e
}

func TestPostIdempotentAndBalanced(t *testing.T) {
	st, l := open(t)
	ctx := context.Background()
	e, created, err := l.Post(ctx, deposit("eth:0xaa:1", "acc1", "usdt", "100.5"),
		&outbox.Event{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: "acc1", Payload: outbox.LedgerActivity{Asset: "usdt", Amount: "100.5"}}, ledger.Options{})
	require.NoError(t, err)
	require.True(t, created)
	again, created, err := l.Post(ctx, deposit("eth:0xaa:1", "acc1", "usdt", "100.5"), nil, ledger.Options{})
	require.NoError(t, err)
	require.False(t, created, "the same key posts once")
	require.Equal(t, e.ID, again.ID)
	_, _, err = l.Post(ctx, deposit("eth:0xaa:1", "acc1", "usdt", "999"), nil, ledger.Options{})
	require.ErrorIs(t, err, ledger.ErrKeyReused)

	bals, err := l.Balances(ctx, "acc1")
	require.NoError(t, err)
	require.Equal(t, "100.5", bals["usdt"].Balance.String())
	evs, err := st.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1, "one event, written with the first posting only")

	unbalanced := deposit("x", "acc1", "usdt", "1")
	unbalanced.Postings[0].Amount = d("-0.9")
	_, _, err = l.Post(ctx, unbalanced, nil, ledger.Options{})
	require.ErrorIs(t, err, ledger.ErrUnbalanced)
	_, _, err = l.Post(ctx, withdrawal("w1", "acc1", "usdt", "100.6"), nil, ledger.Options{})
	require.ErrorIs(t, err, ledger.ErrInsufficientFunds)
	_, _, err = l.Post(ctx, withdrawal("w1", "acc1", "usdt", "100.5"), nil, ledger.Options{})
	require.NoError(t, err)
}

// TestConcurrentHoldsNeverOverdraw: 50 concurrent withdrawals of 1 against a balance of
// 10: exactly 10 are held.
// TestPostNewKey: an entry whose caller vouches for its key (Options.NewKey, a swap's)
// posts without looking the key up, and a key taken all the same is refused
// ErrKeyReused with nothing written: no second entry, balances and events unchanged.
func TestPostNewKey(t *testing.T) {
	st, l := open(t)
	ctx := context.Background()
	_, created, err := l.Post(ctx, deposit("k1", "acc1", "usdt", "10"), nil, ledger.Options{NewKey: true})
	require.NoError(t, err)
	require.True(t, created)
	ev := &outbox.Event{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: "acc1", Payload: outbox.LedgerActivity{Asset: "usdt", Amount: "10"}}
	_, created, err = l.Post(ctx, deposit("k1", "acc1", "usdt", "10"), ev, ledger.Options{NewKey: true})
	require.ErrorIs(t, err, ledger.ErrKeyReused)
	require.False(t, created)

	bals, err := l.Balances(ctx, "acc1")
	require.NoError(t, err)
	require.Equal(t, "10", bals["usdt"].Balance.String(), "the refused entry moved nothing")
	evs, err := st.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Empty(t, evs, "the refused entry wrote no event")
	entries, err := st.LedgerEntries(ctx, store.LedgerQuery{AccountID: "acc1", Limit: 10})
	require.NoError(t, err)
	require.Len(t, entries, 1)
}

func TestConcurrentHoldsNeverOverdraw(t *testing.T) {
	st, l := open(t)
	ctx := context.Background()
	_, _, err := l.Post(ctx, deposit("dep", "acc1", "eth", "10"), nil, ledger.Options{})
	require.NoError(t, err)
	var (
		wg       sync.WaitGroup
		mu       sync.Mutex
		accepted int
	)
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			err := st.InTx(ctx, func(tx store.Tx) error {
				return l.HoldTx(ctx, tx, "w"+strconv.Itoa(i), "acc1", "eth", d("1"), ledger.Options{})
			})
			if err == nil {
				mu.Lock()
				accepted++
				mu.Unlock()
				return
			}
			if !errors.Is(err, ledger.ErrInsufficientFunds) {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	require.Equal(t, 10, accepted)
	bals, err := l.Balances(ctx, "acc1")
	require.NoError(t, err)
	require.Equal(t, "10", bals["eth"].Held.String())
	require.True(t, bals["eth"].Available.IsZero())
}

// TestLedgerInvariant runs random deposits, withdrawals (held, then paid or failed) and
// transfers, and after every step checks: each asset's postings sum to zero, each book's
// derived balance equals the sum of its postings, no user's available balance is below
// zero, and holds never exceed balances. DTW_LEDGER_SEED replays a run.
func TestLedgerInvariant(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv("DTW_LEDGER_SEED"); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err)
	}
	t.Logf("seed %d (DTW_LEDGER_SEED=%d replays it)", seed, seed)
	rng := rand.New(rand.NewPCG(seed, seed))
	st, l := open(t)
	ctx := context.Background()
	accounts := []string{"a", "b", "c"}
	assets := []string{"eth", "usdt"}
	amount := func() decimal.Decimal { return decimal.New(rng.Int64N(5000)+1, -int32(rng.IntN(7))) }
	var openHolds []string
	holdEntry := map[string]store.LedgerEntry{}
	for step := range 300 {
		acc, asset := accounts[rng.IntN(len(accounts))], assets[rng.IntN(len(assets))]
		key := fmt.Sprintf("k%d", step)
		var err error
		switch op := rng.IntN(5); {
		case op == 0 || op == 1: // deposit
			_, _, err = l.Post(ctx, deposit(key, acc, asset, amount().String()), nil, ledger.Options{})
		case op == 2: // withdrawal request: hold
			e := withdrawal(key, acc, asset, amount().String())
			err = st.InTx(ctx, func(tx store.Tx) error {
				return l.HoldTx(ctx, tx, key, acc, asset, e.Postings[1].Amount.Neg(), ledger.Options{})
			})
			if err == nil {
				openHolds = append(openHolds, key)
				holdEntry[key] = e
			}
		case op == 3 && len(openHolds) > 0: // a held withdrawal is paid or fails
			i := rng.IntN(len(openHolds))
			h := openHolds[i]
			openHolds = append(openHolds[:i], openHolds[i+1:]...)
			err = st.InTx(ctx, func(tx store.Tx) error {
				if rng.IntN(2) == 0 {
					return l.ReleaseTx(ctx, tx, h)
				}
				_, err := l.CaptureTx(ctx, tx, h, holdEntry[h], nil)
				return err
			})
		default: // transfer between users
			to := accounts[rng.IntN(len(accounts))]
			amt := amount()
			_, _, err = l.Post(ctx, store.LedgerEntry{ExternalKey: key, Kind: ledger.KindTransfer, AccountID: acc, Postings: []store.LedgerPosting{
				{Book: ledger.UserBook(acc), Asset: asset, Amount: amt.Neg()},
				{Book: ledger.UserBook(to), Asset: asset, Amount: amt},
			}}, nil, ledger.Options{})
		}
		if err != nil && !errors.Is(err, ledger.ErrInsufficientFunds) {
			require.NoError(t, err, "step %d", step)
		}
		require.NoError(t, ledger.Audit(ctx, st), "step %d", step)
		for _, acc := range accounts {
			bals, err := l.Balances(ctx, acc)
			require.NoError(t, err)
			for asset, b := range bals {
				require.False(t, b.Available.IsNegative(), "step %d: %s %s available %s", step, acc, asset, b.Available)
				require.True(t, b.Held.LessThanOrEqual(b.Balance), "step %d: %s %s held %s > balance %s", step, acc, asset, b.Held, b.Balance)
			}
		}
	}
}
