package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestGroupCommitUnitsStandAlone: units that share one SQLite transaction still commit
// or roll back on their own: a unit that fails, or panics, leaves nothing, while the
// others of its group are kept; a caller that gives up before its unit runs has nothing
// written either.
func TestGroupCommitUnitsStandAlone(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	s, err := OpenSQLite(ctx, filepath.Join(dir, "group.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })

	// Hold the writer so that the units below queue up and go in one group.
	hold, held := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		require.NoError(t, s.InTx(ctx, func(tx Tx) error {
			close(held)
			<-hold
			return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
		}))
	}()
	<-held

	const n = 12
	errs := make([]error, n)
	panics := make([]any, n)
	gone, cancel := context.WithCancel(ctx)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			uctx := ctx
			if i == 7 {
				uctx = gone // cancelled while queued
			}
			errs[i] = s.InTx(uctx, func(tx Tx) error {
				if err := tx.CreateAccount(ctx, Account{ID: fmt.Sprintf("a%d", i), CreatedAt: time.Now()}); err != nil {
					return err
				}
				switch i {
				case 3:
					return errors.New("unit 3 fails after writing")
				case 5:
					panic("unit 5 panics after writing")
				case 9: // a conflict inside the unit: the statement fails, the group goes on
					return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
				}
				return nil
			})
		}()
	}
	require.Eventually(t, func() bool { return s.group.waiting.Load() == n }, 5*time.Second, time.Millisecond)
	cancel()
	groupsBefore := s.group.groups.Load()
	close(hold)
	wg.Wait()

	for i := range n {
		_, err := s.GetAccount(ctx, fmt.Sprintf("a%d", i))
		switch i {
		case 3:
			require.EqualError(t, errs[i], "unit 3 fails after writing")
			require.ErrorIs(t, err, ErrNotFound, "a failed unit's writes are rolled back")
		case 5:
			require.Equal(t, "unit 5 panics after writing", panics[i], "the caller panics with its unit's panic")
			require.ErrorIs(t, err, ErrNotFound, "a panicked unit's writes are rolled back")
		case 7:
			require.ErrorIs(t, errs[i], context.Canceled)
			require.ErrorIs(t, err, ErrNotFound, "a unit given up before it ran is not run")
		case 9:
			require.ErrorIs(t, errs[i], ErrConflict)
			require.ErrorIs(t, err, ErrNotFound)
		default:
			require.NoError(t, errs[i], "unit %d", i)
			require.NoError(t, err, "unit %d's account was committed", i)
		}
	}
	_, err = s.GetAccount(ctx, "holder")
	require.NoError(t, err)
	groups, units := s.group.groups.Load()-groupsBefore, int64(n-1)
	require.Less(t, groups, units, "the queued units shared transactions (%d transactions for %d units)", groups, units)
}

// TestPostgresGroupCommit: on PostgreSQL too, units that share a transaction commit or
// roll back on their own (a failing unit, or one whose statement failed, leaves nothing;
// the others are kept), and a unit that loses a serialization conflict (to another
// replica's lone statement, which takes no turn at the gate) has the whole group run
// again, every unit's effect landing exactly once.
func TestPostgresGroupCommit(t *testing.T) {
	ctx := context.Background()
	s, other := twoReplicas(t)
	const n = 10
	entry := func(i int) LedgerEntry {
		return LedgerEntry{ExternalKey: fmt.Sprintf("e%d", i), Kind: "TEST", CreatedAt: time.Now(), Postings: []LedgerPosting{
			{Book: fmt.Sprintf("in:%d", i), Asset: "usd", Amount: decimal.NewFromInt(1)},
			{Book: fmt.Sprintf("out:%d", i), Asset: "usd", Amount: decimal.NewFromInt(-1)}}}
	}
	// The row the conflicting unit writes, so that another replica can change it.
	const conflicting = 6
	_, err := s.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "setup", Kind: "TEST", CreatedAt: time.Now(), Postings: []LedgerPosting{
		{Book: fmt.Sprintf("in:%d", conflicting), Asset: "usd", Amount: decimal.NewFromInt(100)},
		{Book: "setup", Asset: "usd", Amount: decimal.NewFromInt(-100)}}})
	require.NoError(t, err)

	// Hold the committer so that the units below queue up and go in one group.
	hold, held := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		require.NoError(t, s.InTx(ctx, func(tx Tx) error {
			close(held)
			<-hold
			return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
		}))
	}()
	<-held

	errs := make([]error, n)
	runs := make([]atomic.Int64, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.InTx(ctx, func(tx Tx) error {
				run := runs[i].Add(1)
				if i == conflicting && run == 1 {
					// Read (the group's snapshot is taken by now), then let another replica
					// change the row this unit writes next: the write loses a conflict.
					if _, err := tx.LedgerBalance(ctx, fmt.Sprintf("in:%d", i), "usd"); err != nil {
						return err
					}
					if _, err := other.db.ExecContext(ctx, `UPDATE ledger_balances SET balance = balance WHERE book = $1`,
						fmt.Sprintf("in:%d", i)); err != nil {
						return err
					}
				}
				if err := tx.CreateAccount(ctx, Account{ID: fmt.Sprintf("a%d", i), CreatedAt: time.Now()}); err != nil {
					return err
				}
				if _, err := tx.InsertLedgerEntry(ctx, entry(i)); err != nil {
					return err
				}
				switch i {
				case 2:
					return errors.New("unit 2 fails after writing")
				case 4: // a statement fails (the transaction is aborted until ROLLBACK TO)
					return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
				}
				return nil
			})
		}()
	}
	require.Eventually(t, func() bool { return s.group.waiting.Load() == n }, 5*time.Second, time.Millisecond)
	reruns := s.group.reruns.Load()
	close(hold)
	wg.Wait()

	require.Equal(t, int64(1), s.group.reruns.Load()-reruns, "the conflict ran the group again, once")
	require.Equal(t, int64(2), runs[conflicting].Load(), "the conflicting unit ran twice")
	for i := range n {
		_, aerr := s.GetAccount(ctx, fmt.Sprintf("a%d", i))
		_, eerr := s.LedgerEntryByKey(ctx, fmt.Sprintf("e%d", i))
		bal, err := s.LedgerBalance(ctx, fmt.Sprintf("out:%d", i), "usd")
		require.NoError(t, err)
		switch i {
		case 2:
			require.EqualError(t, errs[i], "unit 2 fails after writing")
			require.ErrorIs(t, aerr, ErrNotFound, "a failed unit's writes are rolled back")
			require.ErrorIs(t, eerr, ErrNotFound)
			require.True(t, bal.IsZero(), "unit %d: out balance %s", i, bal)
		case 4:
			require.ErrorIs(t, errs[i], ErrConflict)
			require.ErrorIs(t, aerr, ErrNotFound, "a unit whose statement failed is rolled back")
			require.ErrorIs(t, eerr, ErrNotFound)
			require.True(t, bal.IsZero(), "unit %d: out balance %s", i, bal)
		default:
			require.NoError(t, errs[i], "unit %d", i)
			require.NoError(t, aerr, "unit %d's account was committed", i)
			require.NoError(t, eerr, "unit %d's entry was committed", i)
			require.True(t, bal.Equal(decimal.NewFromInt(-1)), "unit %d's entry landed once: out balance %s", i, bal)
		}
	}
	bal, err := s.LedgerBalance(ctx, fmt.Sprintf("in:%d", conflicting), "usd")
	require.NoError(t, err)
	require.True(t, bal.Equal(decimal.NewFromInt(101)), "in balance %s", bal)
}

// TestPostgresBusyUnitsShareARun: units of a group that find a lock held by another
// replica's transaction are not each run again in a transaction of their own (a commit,
// and an fsync, apiece): the group's first unit waits for the lock, and the units after
// it, in its transaction, then get it again; all of them commit in one transaction.
func TestPostgresBusyUnitsShareARun(t *testing.T) {
	ctx := context.Background()
	s, other := twoReplicas(t)

	// Another replica holds the house shard 0 for a while.
	locked, release, released := make(chan struct{}), make(chan struct{}), make(chan error, 1)
	go func() {
		released <- other.InTx(ctx, func(tx Tx) error {
			if err := tx.LockHouseShard(ctx, 0); err != nil {
				return err
			}
			close(locked)
			<-release
			return nil
		})
	}()
	<-locked
	// Hold this store's committer so that the units below queue up and go in one group.
	hold, held := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		require.NoError(t, s.InTx(ctx, func(Tx) error {
			close(held)
			<-hold
			return nil
		}))
	}()
	<-held
	const n = 8
	errs := make([]error, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = s.InTx(ctx, func(tx Tx) error {
				if err := tx.LockHouseShard(ctx, 0); err != nil {
					return err
				}
				return tx.CreateAccount(ctx, Account{ID: fmt.Sprintf("b%d", i), CreatedAt: time.Now()})
			})
		}()
	}
	require.Eventually(t, func() bool { return s.group.waiting.Load() == n }, 10*time.Second, time.Millisecond)
	before := s.group.groups.Load()
	close(hold)
	time.Sleep(300 * time.Millisecond) // the group runs, its first unit waiting for the shard
	close(release)
	require.NoError(t, <-released)
	wg.Wait()
	for i, err := range errs {
		require.NoError(t, err, "unit %d", i)
	}
	// The holder's transaction ended as the group began: n units in one transaction (two
	// when the committer took the holder's group's successor before all had queued).
	got := s.group.groups.Load() - before
	require.LessOrEqual(t, got, int64(2), "got %d transactions for %d units that found a lock busy, want 1 (2 at most)", got, n)
}

// twoReplicas opens two stores on one fresh PostgreSQL database, as two replicas do.
func twoReplicas(t *testing.T) (*Postgres, *Postgres) {
	t.Helper()
	dsn := pgtest.Start(t)
	open := func() *Postgres {
		s, err := OpenPostgres(context.Background(), dsn)
		require.NoError(t, err)
		t.Cleanup(func() { require.NoError(t, s.Close()) })
		return s
	}
	return open(), open()
}

// TestPostgresLanesNarrowWhilePeersBusy: a store counts other replicas as busy once it
// heard one's commit of events (its bell), not before; while they are busy, a
// RowLocked lane after the first starts a group only beside a group older than the lane
// grace (twice the recent groups' time, 10 to 40 ms), so a unit stuck on a lock another
// replica holds (an account's book, here a house shard) holds back the other units of
// its store by about the grace, not until the lock is released.
func TestPostgresLanesNarrowWhilePeersBusy(t *testing.T) {
	ctx := context.Background()
	s, other := twoReplicas(t)
	require.GreaterOrEqual(t, pgLockedLanes(), 2)
	require.False(t, s.peersBusy(), "no other replica committed yet")
	require.False(t, s.locked.laneWait(1))
	require.NoError(t, tagEventIn(ctx, other))
	require.Eventually(t, s.peersBusy, 5*time.Second, time.Millisecond, "another replica's commit heard")
	s.locked.laneSince[0].Store(time.Now().UnixNano())
	require.True(t, s.locked.laneWait(1), "lane 1 waits while lane 0's group is young")
	require.False(t, s.locked.laneWait(0), "a lane does not wait for itself")
	s.locked.laneSince[0].Store(0)
	require.False(t, other.peersBusy(), "a store's own commits are not a peer's")

	// Another replica holds house shard 0 for 2 s; this store's unit waits for it.
	const hold = 2 * time.Second
	locked, released := make(chan struct{}), make(chan error, 1)
	go func() {
		released <- other.InTx(RowLocked(ctx), func(tx Tx) error {
			if err := tx.LockHouseShard(ctx, 0); err != nil {
				return err
			}
			close(locked)
			time.Sleep(hold)
			return nil
		})
	}()
	<-locked
	stuck := make(chan error, 1)
	go func() {
		stuck <- s.InTx(RowLocked(ctx), func(tx Tx) error { return tx.LockHouseShard(ctx, 0) })
	}()
	require.Eventually(t, func() bool { // whichever lane's turn it was
		for i := range s.locked.laneSince {
			if s.locked.laneSince[i].Load() != 0 {
				return true
			}
		}
		return false
	}, 5*time.Second, time.Millisecond, "a lane runs the stuck unit")
	keep := make(chan struct{})
	defer close(keep)
	go func() { // keep the peer busy meanwhile, as a loaded replica does
		for {
			select {
			case <-keep:
				return
			case <-time.After(100 * time.Millisecond):
				_ = tagEventIn(ctx, other)
			}
		}
	}()
	start := time.Now()
	require.NoError(t, s.InTx(RowLocked(ctx), func(tx Tx) error {
		return tx.CreateAccount(ctx, Account{ID: "free", CreatedAt: time.Now()})
	}))
	took := time.Since(start)
	t.Logf("a free unit beside a stuck one, other replicas busy: %s (lane grace %s to %s)", took, laneGrace, laneGraceMax)
	require.True(t, s.peersBusy())
	require.Less(t, took, hold/2, "the free unit waited for the stuck one's lock")
	require.NoError(t, <-released)
	require.NoError(t, <-stuck)
}

// tagEventIn commits an event through s, as a swap's commit does.
func tagEventIn(ctx context.Context, s *Postgres) error {
	return s.InTx(ctx, func(tx Tx) error {
		return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "x", Price: "1", UpdatedAt: time.Now()}})
	})
}
