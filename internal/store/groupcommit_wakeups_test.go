package store

import (
	"context"
	"database/sql"
	"errors"
	"runtime/metrics"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// goroutinesCreated is how many goroutines the process has started so far.
func goroutinesCreated() uint64 {
	s := []metrics.Sample{{Name: "/sched/goroutines-created:goroutines"}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// TestPostgresGroupStatementsStartNoGoroutine: the statements of a group's units start
// no goroutine. On a *sql.Tx, database/sql watched the transaction's context with a
// goroutine per transaction and one per query (each Rows), 3.4 per swap; a group's
// transaction runs on its connection, with no cancellation to watch.
func TestPostgresGroupStatementsStartNoGoroutine(t *testing.T) {
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	g := newGroupCommitterLanes(pgGroup{db: p.db, iso: sql.LevelReadCommitted, queued: &p.queued}, pgMaxGroup, pgTxAttempts, 1)
	t.Cleanup(g.close)
	unit := func(q queryer) error {
		for range 3 {
			var n int
			if err := q.QueryRowContext(ctx, `SELECT 1`).Scan(&n); err != nil {
				return err
			}
		}
		rows, err := q.QueryContext(ctx, `SELECT generate_series(1, 3)`)
		if err != nil {
			return err
		}
		return errors.Join(rows.Close(), rows.Err())
	}
	require.NoError(t, g.do(ctx, unit)) // the connection opened, the statements prepared
	const units = 50
	before := goroutinesCreated()
	for range units {
		require.NoError(t, g.do(ctx, unit))
	}
	got := goroutinesCreated() - before
	// The store's listener and bell may start one now and then; a goroutine per
	// statement would be 200, per transaction 50.
	require.Less(t, got, uint64(units/5), "got %d goroutines started for %d units of 4 queries, want about none", got, units)
}

// TestGroupCommitCallersQueueWithoutALane: callers arriving while the lane commits put
// their units in the queue and wait only for them to be done (not first for a lane to
// take them from a send), and a store closed while units are queued tells their callers
// so instead of leaving them waiting.
func TestGroupCommitCallersQueueWithoutALane(t *testing.T) {
	ctx := context.Background()
	g := newGroupCommitter(sqliteGroup{db: openInternal(t).root}, maxGroup, 1)

	release := holdLane(g)
	const n = 5
	errs := make(chan error, n)
	var wg sync.WaitGroup
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- g.do(ctx, func(queryer) error { return nil })
		}()
	}
	require.Eventually(t, func() bool { return len(g.reqs) == n }, 10*time.Second, time.Millisecond,
		"the units wait in the queue while the lane commits")
	require.Equal(t, int64(n), g.waiting.Load())

	closed := make(chan struct{})
	go func() {
		g.close()
		close(closed)
	}()
	require.NoError(t, release())
	select {
	case <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("close did not return")
	}
	wg.Wait()
	close(errs)
	for err := range errs { // run before the lane saw the stop, or told the store closed
		if err != nil {
			require.ErrorIs(t, err, errStoreClosed)
		}
	}
}

// holdLane runs a unit on g that holds its lane until release, which returns the
// unit's error once it is done; holdLane returns once the unit runs.
func holdLane(g *groupCommitter) (release func() error) {
	hold, held := make(chan struct{}), make(chan struct{})
	first := make(chan error, 1)
	go func() {
		first <- g.do(context.Background(), func(queryer) error {
			close(held)
			<-hold
			return nil
		})
	}()
	<-held
	return func() error {
		close(hold)
		return <-first
	}
}
