package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/internal/store/storetest"
)

// TestMain stops the package's PostgreSQL server (pgtest) after the tests.
func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// pgtestDSN returns a new database on the package's PostgreSQL server.
func pgtestDSN(t *testing.T) string { return pgtest.Start(t) }

// openPostgres opens a store on dsn, closed when the test ends.
func openPostgres(t *testing.T, dsn string) *store.Postgres {
	t.Helper()
	s, err := store.OpenPostgres(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s
}

// TestPostgresConformance runs the backend conformance suite against PostgreSQL, a fresh
// database per subtest.
func TestPostgresConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openPostgres(t, pgtest.Start(t)) })
}

// TestPostgresMigrationsMatchSQLite: every SQLite migration has its PostgreSQL
// translation, by version number, and no translation lacks its original.
func TestPostgresMigrationsMatchSQLite(t *testing.T) {
	versions := func(glob string) []string {
		names, err := filepath.Glob(glob)
		require.NoError(t, err)
		var out []string
		for _, n := range names {
			out = append(out, strings.SplitN(filepath.Base(n), "_", 2)[0])
		}
		sort.Strings(out)
		return out
	}
	require.Equal(t, versions("migrations/*.sql"), versions("migrations/postgres/*.sql"),
		"translate each migrations/NNNN_name.sql to migrations/postgres/NNNN_name.sql")
}

// TestPostgresMigrateTogether: replicas opening one new database at once apply each
// migration once (the advisory lock), and all of them open.
func TestPostgresMigrateTogether(t *testing.T) {
	dsn := pgtest.Start(t)
	const replicas = 4
	var wg sync.WaitGroup
	stores := make([]*store.Postgres, replicas)
	errs := make([]error, replicas)
	for i := range replicas {
		wg.Add(1)
		go func() {
			defer wg.Done()
			stores[i], errs[i] = store.OpenPostgres(context.Background(), dsn)
		}()
	}
	wg.Wait()
	for i := range replicas {
		require.NoError(t, errs[i], "replica %d", i)
		defer stores[i].Close()
	}
	files, err := filepath.Glob("migrations/postgres/*.sql")
	require.NoError(t, err)
	db := openPostgres(t, dsn)
	n, err := db.SchemaVersions(context.Background())
	require.NoError(t, err)
	require.Equal(t, len(files), n, "each migration applied once")
	require.NoError(t, stores[0].CreateAccount(context.Background(), store.Account{ID: "a", CreatedAt: time.Now()}))
	_, err = stores[3].GetAccount(context.Background(), "a")
	require.NoError(t, err, "one schema, one database")
}

// TestPostgresNoLostUpdate: units of work on two handles (two replicas) that read a
// book's available balance and then hold part of it never hold more than it has: the
// replicas' transactions take turns (one that lost a conflict all the same runs again),
// each seeing the holds committed before it.
func TestPostgresNoLostUpdate(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	a, b := openPostgres(t, dsn), openPostgres(t, dsn)
	const book, asset = "user:acc", "usd"
	_, err := a.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "fund", Kind: "DEPOSIT", AccountID: "acc", CreatedAt: time.Now(),
		Postings: []store.LedgerPosting{{Book: book, Asset: asset, Amount: decimal.NewFromInt(100)}, {Book: "house:bank", Asset: asset, Amount: decimal.NewFromInt(-100)}}})
	require.NoError(t, err)

	// hold reserves 30 if the book has 30 available (balance less open holds).
	hold := func(s store.Store, key string) error {
		return s.InTx(ctx, func(tx store.Tx) error {
			bal, err := tx.LedgerBalance(ctx, book, asset)
			if err != nil {
				return err
			}
			held, err := tx.HeldAmounts(ctx, book)
			if err != nil {
				return err
			}
			if bal.Sub(held[asset]).LessThan(decimal.NewFromInt(30)) {
				return errInsufficient
			}
			return tx.PutLedgerHold(ctx, store.LedgerHold{Key: key, Book: book, Asset: asset, Amount: decimal.NewFromInt(30), CreatedAt: time.Now()})
		})
	}
	const racers = 12
	var wg sync.WaitGroup
	errs := make([]error, racers)
	start := make(chan struct{})
	for i := range racers {
		s := store.Store(a)
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			errs[i] = hold(s, fmt.Sprintf("h%d", i))
		}()
	}
	close(start)
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		require.ErrorIs(t, err, errInsufficient)
	}
	require.Equal(t, 3, won, "100 holds three times 30")
	held, err := a.HeldAmounts(ctx, book)
	require.NoError(t, err)
	require.True(t, held[asset].Equal(decimal.NewFromInt(90)), "held %s", held[asset])
}

var errInsufficient = errors.New("insufficient")

// TestPostgresRelayRaceAcrossReplicas: writers on two handles racing to relay one trader
// nonce: exactly one journals its transaction.
func TestPostgresRelayRaceAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	a, b := openPostgres(t, dsn), openPostgres(t, dsn)
	trader := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	operator := common.HexToAddress("0x0000000000000000000000000000000000000a11")
	const racers = 10
	var wg sync.WaitGroup
	errs := make([]error, racers)
	for i := range racers {
		s := store.Store(a)
		if i%2 == 1 {
			s = b
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.InsertTx(ctx, chain.JournalTx{Source: "ETHEREUM", Sender: operator, Nonce: uint64(i),
				Hash: common.BigToHash(big.NewInt(int64(1000 + i))), Raw: []byte{1}, Kind: "relay-order",
				State: chain.TxPending, Relay: &chain.Relay{Trader: trader, Nonce: big.NewInt(3), AccountID: "acct"}})
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		require.ErrorIs(t, err, chain.ErrRelayExists)
	}
	require.Equal(t, 1, won)
	open, err := b.OpenTxs(ctx, "ETHEREUM", operator)
	require.NoError(t, err)
	require.Len(t, open, 1, "the losers journal nothing")
}

// TestPostgresNotifyAcrossProcesses: a commit through one handle that writes events (or
// changes access) wakes the readers of another handle, also after the other's listening
// connection was cut.
func TestPostgresNotifyAcrossProcesses(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	reader, writer := openPostgres(t, dsn), openPostgres(t, dsn)
	acct := "acc"
	require.NoError(t, writer.CreateAccount(ctx, store.Account{ID: acct, CreatedAt: time.Now()}))
	woken := func(ch <-chan struct{}, what string) {
		t.Helper()
		select {
		case <-ch:
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: not woken by another process's commit", what)
		}
	}

	events, access := reader.EventsNotify(), reader.AccessNotify()
	require.NoError(t, writer.InTx(ctx, func(tx store.Tx) error {
		return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: acct, Payload: outbox.LedgerActivity{Amount: "1"}})
	}))
	woken(events, "events")
	select {
	case <-access:
		t.Fatal("access woken by a commit that changed no access")
	default:
	}

	access = reader.AccessNotify()
	require.NoError(t, writer.AddWhitelist(ctx, common.HexToAddress("0x01"), time.Now()))
	woken(access, "access")

	// Cut the reader's listening connection: it listens again and then hears commits.
	require.NoError(t, writer.TerminateListeners(ctx))
	time.Sleep(200 * time.Millisecond)
	require.Eventually(t, func() bool {
		events := reader.EventsNotify()
		if err := outbox.Write(ctx, writer, outbox.Event{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: acct, Payload: outbox.LedgerActivity{Amount: "2"}}); err != nil {
			return false
		}
		select {
		case <-events:
			return true
		case <-time.After(time.Second):
			return false
		}
	}, 20*time.Second, 10*time.Millisecond, "woken after the listener reconnected")
}

// TestPostgresWebhookClaimsAcrossReplicas: workers on two handles claiming together lease
// each subscription's head delivery to exactly one of them.
func TestPostgresWebhookClaimsAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	a, b := openPostgres(t, dsn), openPostgres(t, dsn)
	require.NoError(t, a.CreateAccount(ctx, store.Account{ID: "acc", CreatedAt: time.Now()}))
	const subs = 20
	at := time.Now()
	var ds []store.WebhookDelivery
	for i := range subs {
		id := fmt.Sprintf("w%02d", i)
		_, err := a.CreateWebhook(ctx, store.WebhookSubscription{ID: id, AccountID: "acc", EventTypes: []string{"ACCOUNT_ACTIVITY"},
			URL: "https://hooks.example.com/" + id, Secret: "whsec_" + id, CreatedAt: at}, subs)
		require.NoError(t, err)
		for ev := range 2 { // the second waits for the first
			ds = append(ds, store.WebhookDelivery{SubscriptionID: id, EventID: int64(ev + 1), MessageID: fmt.Sprintf("%s-%d", id, ev),
				Payload: []byte("{}"), EventAt: at})
		}
	}
	require.NoError(t, a.EnqueueWebhookDeliveries(ctx, ds, 2, at))

	const workers = 8
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		claimed = map[int64]string{}
	)
	for w := range workers {
		s := store.Store(a)
		if w%2 == 1 {
			s = b
		}
		owner := fmt.Sprintf("worker%d", w)
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 5 {
				got, err := s.ClaimWebhookDeliveries(ctx, owner, at.Add(time.Second), at.Add(time.Minute), 3)
				if err != nil { // not require: this is not the test's goroutine
					t.Error(err)
					return
				}
				mu.Lock()
				for _, d := range got {
					if prev, ok := claimed[d.ID]; ok {
						t.Errorf("delivery %d claimed by %s and %s", d.ID, prev, owner)
					}
					claimed[d.ID] = owner
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.Len(t, claimed, subs, "each subscription's head, once")
}
