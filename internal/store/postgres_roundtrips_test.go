package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// countingQueryer counts the statements run through it: on PostgreSQL each is a round
// trip, which costs both processes more CPU than most statements' own work.
type countingQueryer struct {
	q queryer
	n *int
}

func (c countingQueryer) onPostgres() bool {
	d, ok := c.q.(dialected)
	return ok && d.onPostgres()
}

func (c countingQueryer) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	*c.n++
	return c.q.ExecContext(ctx, query, args...)
}

func (c countingQueryer) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	*c.n++
	return c.q.QueryContext(ctx, query, args...)
}

func (c countingQueryer) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	*c.n++
	return c.q.QueryRowContext(ctx, query, args...)
}

// inCountedTx runs fn in a unit of work of p whose statements are counted; pending is
// what the unit announces after its commit (Postgres.InTx).
func inCountedTx(ctx context.Context, t *testing.T, p *Postgres, fn func(c *conn) error) (statements int, pending pendingSignals, err error) {
	t.Helper()
	err = p.conn.tx(ctx, func(q queryer) error {
		statements, pending = 0, pendingSignals{}
		cq := countingQueryer{q: q, n: &statements}
		return fn(&conn{q: cq, r: cq, notify: p.notify, access: p.access, relays: p.relays, pending: &pending})
	})
	return statements, pending, err
}

// TestPostgresLedgerEntryOneStatement: on PostgreSQL a ledger entry, its postings, the
// balances they move and its event are written in one statement, which returns the
// balances after it;
// an entry whose key is taken writes nothing of itself (ErrConflict).
func TestPostgresLedgerEntryOneStatement(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	entry := func(key string, amount int64) LedgerEntry {
		return LedgerEntry{ExternalKey: key, Kind: "TRADE", AccountID: "a", CreatedAt: time.UnixMilli(1000), Postings: []LedgerPosting{
			{Book: "user:a", Asset: "USD", Amount: decimal.NewFromInt(-amount)},
			{Book: "house:inventory/0", Asset: "USD", Amount: decimal.NewFromInt(amount)},
			{Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(amount)},
			{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(-amount)},
			{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(1)},
			{Book: "house:fees/0", Asset: "ETH", Amount: decimal.NewFromInt(-1)},
		}}
	}
	var first LedgerEntry
	n, pending, err := inCountedTx(ctx, t, p, func(c *conn) error {
		e := entry("k1", 5)
		e.Event = &outbox.Row{Kind: outbox.OrderSettled, Source: "OFFCHAIN", AccountID: "a", Payload: []byte(`{"orderId":1}`)}
		first, err = c.InsertLedgerEntry(ctx, e)
		return err
	})
	require.NoError(t, err)
	require.Equal(t, 1, n, "statements of one ledger entry and its event")
	require.True(t, pending.events, "the entry's event is announced after the commit")
	var kind, account, payload string
	require.NoError(t, p.db.QueryRowContext(ctx, `SELECT kind, account_id, payload FROM events`).Scan(&kind, &account, &payload))
	require.Equal(t, []string{string(outbox.OrderSettled), "a", `{"orderId":1}`}, []string{kind, account, payload})
	require.Positive(t, first.ID)
	want := map[string]map[string]decimal.Decimal{
		"user:a":            {"USD": decimal.NewFromInt(-5), "ETH": decimal.NewFromInt(5)},
		"house:inventory/0": {"USD": decimal.NewFromInt(5), "ETH": decimal.NewFromInt(-4)},
		"house:fees/0":      {"ETH": decimal.NewFromInt(-1)},
	}
	require.Equal(t, len(want), len(first.Balances))
	for book, assets := range want {
		for asset, d := range assets {
			require.True(t, d.Equal(first.Balances[book][asset]), "%s %s: got %s, want %s", book, asset, first.Balances[book][asset], d)
		}
	}

	second, err := p.InsertLedgerEntry(ctx, entry("k2", 2))
	require.NoError(t, err)
	require.Greater(t, second.ID, first.ID)
	require.True(t, decimal.NewFromInt(-7).Equal(second.Balances["user:a"]["USD"]), "got %s", second.Balances["user:a"]["USD"])

	_, err = p.InsertLedgerEntry(ctx, entry("k1", 9))
	require.ErrorIs(t, err, ErrConflict)
	bal, err := p.LedgerBalance(ctx, "user:a", "USD")
	require.NoError(t, err)
	require.True(t, decimal.NewFromInt(-7).Equal(bal), "a refused entry moved a balance: got %s, want -7", bal)
	got, err := p.LedgerEntryByKey(ctx, "k1")
	require.NoError(t, err)
	require.Equal(t, first.ID, got.ID)
	require.Len(t, got.Postings, 6)
	require.True(t, decimal.NewFromInt(-5).Equal(got.Postings[0].Amount), "got %s", got.Postings[0].Amount)
	require.Equal(t, "house:fees/0", got.Postings[5].Book)
}

// TestPostgresHouseShardBalanceOneStatement: claiming a house shard and reading its
// balance is one statement; the balance is the one committed when the shard was claimed
// (zero without a row), and a shard another transaction holds is refused without a
// balance.
func TestPostgresHouseShardBalanceOneStatement(t *testing.T) {
	ctx := RowLocked(context.Background())
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, err = p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "fund", Kind: "ADJUSTMENT", CreatedAt: time.UnixMilli(1), Postings: []LedgerPosting{
		{Book: "house:inventory/1", Asset: "ETH", Amount: decimal.NewFromInt(-3)},
		{Book: "house:custody:x", Asset: "ETH", Amount: decimal.NewFromInt(3)},
	}})
	require.NoError(t, err)

	other, err := p.db.BeginTx(ctx, nil) // holds shard 2
	require.NoError(t, err)
	defer func() { _ = other.Rollback() }()
	_, err = other.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockKey(shardLockPrefix, "2"))
	require.NoError(t, err)

	type claim struct {
		ok  bool
		bal decimal.Decimal
	}
	var got []claim
	n, _, err := inCountedTx(ctx, t, p, func(c *conn) error {
		got = got[:0]
		for _, shard := range []int{1, 2, 3} {
			ok, bal, err := c.TryLockHouseShardBalance(ctx, shard, "house:inventory/"+strconv.Itoa(shard), "ETH")
			if err != nil {
				return err
			}
			got = append(got, claim{ok, bal})
		}
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, 3, n, "statements of three shards claimed")
	require.True(t, got[0].ok)
	require.True(t, decimal.NewFromInt(-3).Equal(got[0].bal), "got %s, want -3", got[0].bal)
	require.False(t, got[1].ok, "shard 2 is held by another transaction")
	require.True(t, got[2].ok)
	require.True(t, got[2].bal.IsZero(), "got %s, want 0", got[2].bal)
}

// TestPostgresPostingsCostOnlyTheirRows: a ledger posting writes its row and its primary
// key, no index that no statement reads (ledger_postings_book, migration 0078) and no
// check of its entry per posting (migration 0079: they are written in one statement).
func TestPostgresPostingsCostOnlyTheirRows(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	var indexes, foreign int
	require.NoError(t, p.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_indexes WHERE tablename = 'ledger_postings'`).Scan(&indexes))
	require.Equal(t, 1, indexes, "ledger_postings' indexes: its primary key only")
	require.NoError(t, p.db.QueryRowContext(ctx, `SELECT count(*) FROM pg_constraint WHERE conrelid = 'ledger_postings'::regclass AND contype = 'f'`).Scan(&foreign))
	require.Zero(t, foreign, "ledger_postings' foreign keys")
}

// TestPostgresBookLockReadsTheBook: locking a user book reads its balances and open holds
// in the same statement, which LedgerBook answers once, then reads again after a write of
// the unit; what the lock read is what a read after it finds.
func TestPostgresBookLockReadsTheBook(t *testing.T) {
	ctx := RowLocked(context.Background())
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, err = p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "fund", Kind: "DEPOSIT", AccountID: "a", CreatedAt: time.UnixMilli(1), Postings: []LedgerPosting{
		{Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(7)},
		{Book: "house:custody:x", Asset: "ETH", Amount: decimal.NewFromInt(-7)},
	}})
	require.NoError(t, err)
	require.NoError(t, p.PutLedgerHold(ctx, LedgerHold{Key: "h1", Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(2), CreatedAt: time.UnixMilli(2)}))
	require.NoError(t, p.PutLedgerHold(ctx, LedgerHold{Key: "h2", Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(1), CreatedAt: time.UnixMilli(2)}))

	type read struct{ bal, held decimal.Decimal }
	var reads []read
	n, _, err := inCountedTx(ctx, t, p, func(c *conn) error {
		reads = reads[:0]
		if err := c.LockLedgerBooks(ctx, []string{"user:a", "user:empty"}); err != nil {
			return err
		}
		bals, held, err := c.LedgerBook(ctx, "user:a")
		if err != nil {
			return err
		}
		reads = append(reads, read{bals["ETH"], held["ETH"]})
		if bals, held, err = c.LedgerBook(ctx, "user:empty"); err != nil {
			return err
		}
		if len(bals)+len(held) != 0 {
			return fmt.Errorf("an empty book read %v %v", bals, held)
		}
		if err := c.SetLedgerHoldState(ctx, "h2", HoldReleased, time.UnixMilli(3)); err != nil {
			return err
		}
		if bals, held, err = c.LedgerBook(ctx, "user:a"); err != nil {
			return err
		}
		reads = append(reads, read{bals["ETH"], held["ETH"]})
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, 3, n, "the lock with its read, the hold's release, a read after it")
	require.True(t, reads[0].bal.Equal(decimal.NewFromInt(7)) && reads[0].held.Equal(decimal.NewFromInt(3)), "with the lock: got %v", reads[0])
	require.True(t, reads[1].bal.Equal(decimal.NewFromInt(7)) && reads[1].held.Equal(decimal.NewFromInt(2)), "after the release: got %v", reads[1])
}

// TestPostgresLaneStartsWhereItClaimedLast: a lane of the group commit remembers the
// house shard its units claimed last, across its transactions, and a refused claim
// changes nothing; outside a group commit there is no such shard.
func TestPostgresLaneStartsWhereItClaimedLast(t *testing.T) {
	ctx := RowLocked(context.Background())
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, ok := p.LastHouseShard()
	require.False(t, ok, "outside a unit of work")

	other, err := p.db.BeginTx(ctx, nil) // holds shard 6
	require.NoError(t, err)
	defer func() { _ = other.Rollback() }()
	_, err = other.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockKey(shardLockPrefix, "6"))
	require.NoError(t, err)

	g := newGroupCommitterLanes(pgGroup{db: p.db, iso: sql.LevelReadCommitted, queued: &p.queued}, pgMaxGroup, pgTxAttempts, 1)
	t.Cleanup(g.close)
	unit := func(fn func(c *conn) error) {
		require.NoError(t, g.do(ctx, func(q queryer) error {
			return fn(&conn{q: q, r: q, notify: p.notify, access: p.access, relays: p.relays, pending: &pendingSignals{}})
		}))
	}
	// Each unit reads the lane's shard, then claims one; the lane's goroutine runs it, so
	// the test asserts after.
	type seen struct {
		shard   int
		ok, got bool
	}
	unitClaiming := func(shard int) seen {
		var v seen
		unit(func(c *conn) (err error) {
			v.shard, v.ok = c.LastHouseShard()
			v.got, _, err = c.TryLockHouseShardBalance(ctx, shard, "house:inventory/"+strconv.Itoa(shard), "ETH")
			return err
		})
		return v
	}
	require.Equal(t, seen{shard: 0, ok: false, got: true}, unitClaiming(5), "the lane claimed no shard yet")
	require.Equal(t, seen{shard: 5, ok: true, got: false}, unitClaiming(6), "a later transaction of the lane; shard 6 is held by another transaction")
	require.Equal(t, seen{shard: 5, ok: true, got: true}, unitClaiming(7), "a refused claim is not remembered")
	require.Equal(t, seen{shard: 7, ok: true, got: true}, unitClaiming(7))
}

// TestPostgresBeginAndSavepointsRideWithTheNextStatement: a transaction's BEGIN and a
// unit's savepoint statements are sent in one pipeline with the statement after them,
// so a unit alone costs its statements and the COMMIT, and a group of two one statement
// each, the failed one's rollback and the COMMIT; a unit that fails after its write is still rolled back to its
// savepoint, and the group's other unit kept.
func TestPostgresBeginAndSavepointsRideWithTheNextStatement(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	_, err = p.db.ExecContext(ctx, `CREATE TABLE pipe_test (k TEXT PRIMARY KEY)`)
	require.NoError(t, err)

	g := newGroupCommitterLanes(pgGroup{db: p.db, iso: sql.LevelReadCommitted, queued: &p.queued}, pgMaxGroup, pgTxAttempts, 1)
	t.Cleanup(g.close)
	insert := func(q queryer, k string) error {
		_, err := q.ExecContext(ctx, `INSERT INTO pipe_test (k) VALUES ($1)`, k)
		return err
	}
	before := p.RoundTrips()
	release, first := make(chan struct{}), make(chan error, 1)
	go func() {
		first <- g.do(ctx, func(q queryer) error { // alone: BEGIN with its insert, then COMMIT
			<-release
			return insert(q, "alone")
		})
	}()
	require.Eventually(t, func() bool { return g.groups.Load() == 1 }, 10*time.Second, time.Millisecond)
	errs := make(chan error, 2)
	failed := errors.New("unit fails after its write")
	go func() { errs <- g.do(ctx, func(q queryer) error { return insert(q, "kept") }) }()
	require.Eventually(t, func() bool { return g.waiting.Load() == 1 }, 10*time.Second, time.Millisecond)
	go func() {
		errs <- g.do(ctx, func(q queryer) error {
			if err := insert(q, "rolled back"); err != nil {
				return err
			}
			return failed
		})
	}()
	require.Eventually(t, func() bool { return g.waiting.Load() == 2 }, 10*time.Second, time.Millisecond)
	close(release)
	require.NoError(t, <-first)
	got := []error{<-errs, <-errs}
	require.Contains(t, got, nil)
	require.Contains(t, got, failed)
	require.Equal(t, int64(2), g.groups.Load(), "the two queued units share one transaction")
	require.Equal(t, int64(2+4), p.RoundTrips()-before, "round trips: the lone unit's insert (with BEGIN) and COMMIT; "+
		"the group's two inserts (with BEGIN and the savepoints), the failed unit's ROLLBACK TO and COMMIT (10 when each statement was one)")

	var keys []string
	rows, err := p.db.QueryContext(ctx, `SELECT k FROM pipe_test ORDER BY k`)
	require.NoError(t, err)
	defer rows.Close()
	for rows.Next() {
		var k string
		require.NoError(t, rows.Scan(&k))
		keys = append(keys, k)
	}
	require.NoError(t, rows.Err())
	require.Equal(t, []string{"alone", "kept"}, keys)
}

// TestPostgresSwapLocksOneStatement: a swap's reads of its account, its book's lock and
// read, its receipt head's and the first free house shard's claim are one statement
// (TraderReadsLocking), whose answers LockLedgerBooks, LedgerBook, TryLockHouseShardBalance
// and ReceiptHead then give without a round trip, the locks held for the transaction;
// an account with an active introducer gets its reads alone.
func TestPostgresSwapLocksOneStatement(t *testing.T) {
	ctx := RowLocked(context.Background())
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	at := time.UnixMilli(1000)
	for _, id := range []string{"a", "b", "intro"} {
		require.NoError(t, p.CreateAccount(ctx, Account{ID: id, CreatedAt: at}))
	}
	require.NoError(t, p.PutIntroducer(ctx, IntroducerRelationship{IntroducerID: "intro", ClientID: "b", Share: decimal.RequireFromString("0.1"),
		Active: true, CreatedAt: at, UpdatedAt: at}))
	_, err = p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "fund", Kind: "DEPOSIT", AccountID: "a", CreatedAt: at, Postings: []LedgerPosting{
		{Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(7)},
		{Book: "house:inventory/1", Asset: "ETH", Amount: decimal.NewFromInt(-7)},
	}})
	require.NoError(t, err)
	require.NoError(t, p.PutLedgerHold(ctx, LedgerHold{Key: "h", Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(2), CreatedAt: at}))
	for seq := uint64(1); seq <= 2; seq++ {
		require.NoError(t, p.InsertReceipt(ctx, StoredReceipt{AccountID: "a", Seq: seq, Kind: "TEST", CreatedAt: at.Add(time.Duration(seq) * time.Millisecond),
			Body: []byte(`{}`), Hash: common.BigToHash(big.NewInt(int64(seq)))}))
	}
	other, err := p.db.BeginTx(ctx, nil) // holds shard 0
	require.NoError(t, err)
	defer func() { _ = other.Rollback() }()
	_, err = other.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, lockKey(shardLockPrefix, "0"))
	require.NoError(t, err)
	free := func(prefix, name string) bool { // whether another session could take the lock now
		var ok bool
		require.NoError(t, p.db.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock($1)`, lockKey(prefix, name)).Scan(&ok))
		return ok
	}
	claim := HouseClaim{Shards: []int{0, 1, 2}, Books: []string{"house:inventory/0", "house:inventory/1", "house:inventory/2"}, Asset: "ETH"}

	type seen struct {
		balance, held, shardBalance decimal.Decimal
		shard0, shard1              bool
		head                        uint64
		headHash                    common.Hash
		bookFree, shardFree         bool
	}
	var v seen
	n, _, err := inCountedTx(ctx, t, p, func(c *conn) error {
		r, err := c.TraderReadsLocking(ctx, "a", "OFFCHAIN", "user:a", OrderKindSwap, "i1", claim)
		if err != nil {
			return err
		}
		if r.Account.ID != "a" || r.OrderID != 0 {
			return fmt.Errorf("reads: %+v", r)
		}
		if err := c.LockLedgerBooks(ctx, []string{"user:a"}); err != nil {
			return err
		}
		bals, held, err := c.LedgerBook(ctx, "user:a")
		if err != nil {
			return err
		}
		v.balance, v.held = bals["ETH"], held["ETH"]
		if v.shard0, _, err = c.TryLockHouseShardBalance(ctx, 0, "house:inventory/0", "ETH"); err != nil {
			return err
		}
		if v.shard1, v.shardBalance, err = c.TryLockHouseShardBalance(ctx, 1, "house:inventory/1", "ETH"); err != nil {
			return err
		}
		head, err := c.ReceiptHead(ctx, "a")
		if err != nil {
			return err
		}
		v.head, v.headHash = head.Seq, head.Hash
		v.bookFree, v.shardFree = free(bookLockPrefix, "user:a"), free(shardLockPrefix, "1")
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, 1, n, "statements: the reads with the locks; the rest answered from them")
	require.True(t, v.balance.Equal(decimal.NewFromInt(7)) && v.held.Equal(decimal.NewFromInt(2)), "book: got %s held %s", v.balance, v.held)
	require.False(t, v.shard0, "shard 0 is held by another transaction")
	require.True(t, v.shard1)
	require.True(t, v.shardBalance.Equal(decimal.NewFromInt(-7)), "shard 1: got %s", v.shardBalance)
	require.Equal(t, uint64(2), v.head)
	require.Equal(t, common.BigToHash(big.NewInt(2)), v.headHash)
	require.False(t, v.bookFree, "the account's book stays locked")
	require.False(t, v.shardFree, "the claimed shard stays locked")
	shard, ok := p.LastHouseShard()
	require.False(t, ok, "outside a unit of work: %d", shard)

	n, _, err = inCountedTx(ctx, t, p, func(c *conn) error {
		if _, err := c.TraderReadsLocking(ctx, "b", "OFFCHAIN", "user:b", OrderKindSwap, "i1", claim); err != nil {
			return err
		}
		v.bookFree = free(bookLockPrefix, "user:b")
		_, _, err := c.TryLockHouseShardBalance(ctx, 1, "house:inventory/1", "ETH")
		return err
	})
	require.NoError(t, err)
	require.Equal(t, 2, n, "an account with an introducer: its reads, then the shard's own statement")
	require.True(t, v.bookFree, "an account with an introducer: its two books are locked together, later")
}
