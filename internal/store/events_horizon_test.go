package store_test

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

var errRolledBack = errors.New("rolled back on purpose")

// tagEvent writes an event whose payload carries tag.
func tagEvent(ctx context.Context, tx outbox.Tx, tag string) error {
	return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: tag, Price: "1", UpdatedAt: time.Now()}})
}

// eventTag returns the tag tagEvent wrote.
func eventTag(t *testing.T, e outbox.Record) string {
	p, err := outbox.As[outbox.PriceChange](e)
	require.NoError(t, err)
	return p.Asset
}

// holdXid opens a transaction on raw that takes a transaction id and writes nothing (no
// event, no notification), as a writer of other tables does; commit it.
func holdXid(ctx context.Context, raw *sql.DB) (*sql.Tx, error) {
	tx, err := raw.BeginTx(ctx, nil)
	if err != nil {
		return nil, err
	}
	var xid string
	if err := tx.QueryRowContext(ctx, `SELECT pg_current_xact_id()::text`).Scan(&xid); err != nil {
		_ = tx.Rollback()
		return nil, err
	}
	return tx, nil
}

// TestPostgresEventsReadOnceInOrder: writers on three replicas commit events in an order
// other than their ids' (transactions held open between their inserts, some rolled back,
// others that take a transaction id and write no event), while readers on two replicas
// page through the outbox with random page sizes, woken only by the store. Each reader
// sees every committed event exactly once, none rolled back, in one order that a full
// read afterwards gives again; with ids numbered at insert and read without the horizon,
// a reader would skip the events committed after a larger id (migration 0076).
func TestPostgresEventsReadOnceInOrder(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	replicas := []*store.Postgres{openPostgres(t, dsn), openPostgres(t, dsn), openPostgres(t, dsn)}
	raw, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = raw.Close() })
	seed := uint64(time.Now().UnixNano())
	t.Logf("seed %d", seed)

	// Readers follow from the start, each on its own replica, page sizes at random.
	type result struct {
		evs []outbox.Record
		err error
	}
	var readers []chan result
	var targets []chan int
	for i, st := range replicas[:2] {
		done, target := make(chan result, 1), make(chan int, 1)
		readers, targets = append(readers, done), append(targets, target)
		go func() {
			rng := rand.New(rand.NewPCG(seed, uint64(100+i)))
			var got []outbox.Record
			var cursor int64
			want := -1
			for want < 0 || len(got) < want {
				wake := st.EventsNotify()
				evs, err := st.Events(ctx, cursor, 1+rng.IntN(7))
				if err != nil {
					done <- result{err: err}
					return
				}
				got = append(got, evs...)
				if len(evs) > 0 {
					cursor = evs[len(evs)-1].ID
					continue
				}
				select {
				case <-wake:
				case want = <-target:
				case <-time.After(10 * time.Second):
					done <- result{evs: got, err: fmt.Errorf("reader %d: not woken for 10 s after %d events", i, len(got))}
					return
				}
			}
			done <- result{evs: got}
		}()
	}

	// Writers: each transaction writes 1 to 3 events, sleeping between them (now and
	// then for long), and one in eight rolls back.
	const writers, txsPerWriter = 6, 30
	var (
		mu        sync.Mutex
		committed = map[string]int64{} // tag -> the commit's rank
		ranks     atomic.Int64
		wg        sync.WaitGroup
		errs      = make(chan error, writers+1)
	)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, uint64(w)))
			for i := range txsPerWriter {
				st := replicas[rng.IntN(len(replicas))]
				n, rollback := 1+rng.IntN(3), rng.IntN(8) == 0
				hold := time.Duration(rng.IntN(15)) * time.Millisecond
				if rng.IntN(10) == 0 {
					hold = 150 * time.Millisecond
				}
				var tags []string
				err := st.InTx(ctx, func(tx store.Tx) error {
					tags = tags[:0]
					for k := range n {
						tag := fmt.Sprintf("w%d-t%d-e%d", w, i, k)
						if err := tagEvent(ctx, tx, tag); err != nil {
							return err
						}
						tags = append(tags, tag)
						time.Sleep(hold)
					}
					if rollback {
						return errRolledBack
					}
					return nil
				})
				if rollback && errors.Is(err, errRolledBack) {
					continue
				}
				if err != nil {
					errs <- fmt.Errorf("writer %d, transaction %d: %w", w, i, err)
					return
				}
				rank := ranks.Add(1)
				mu.Lock()
				for _, tag := range tags {
					committed[tag] = rank
				}
				mu.Unlock()
			}
		}()
	}
	// Transactions of other tables hold the horizon back without an event's wake.
	holders := make(chan struct{})
	var holding sync.WaitGroup
	holding.Add(1)
	go func() {
		defer holding.Done()
		rng := rand.New(rand.NewPCG(seed, 99))
		for {
			select {
			case <-holders:
				return
			default:
			}
			tx, err := holdXid(ctx, raw)
			if err == nil {
				time.Sleep(time.Duration(rng.IntN(60)) * time.Millisecond)
				err = tx.Commit()
			}
			if err != nil {
				errs <- fmt.Errorf("holder: %w", err)
				return
			}
		}
	}()
	wg.Wait()
	close(holders)
	holding.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}

	var all []outbox.Record
	for after := int64(0); ; {
		page, err := replicas[2].Events(ctx, after, 50)
		require.NoError(t, err)
		if len(page) == 0 {
			break
		}
		all = append(all, page...)
		after = page[len(page)-1].ID
	}
	require.Len(t, all, len(committed), "a full read afterwards: every committed event, none rolled back")
	inversions := 0
	for i, e := range all {
		rank, ok := committed[eventTag(t, e)]
		require.True(t, ok, "event %s was rolled back", eventTag(t, e))
		if i > 0 {
			require.Greater(t, e.ID, all[i-1].ID)
			if rank < committed[eventTag(t, all[i-1])] {
				inversions++
			}
		}
	}
	t.Logf("%d events of %d transactions; %d committed before an event of a smaller id", len(all), ranks.Load(), inversions)
	require.Positive(t, inversions, "the writers committed events out of their ids' order")

	for i, done := range readers {
		targets[i] <- len(committed)
		r := <-done
		require.NoError(t, r.err)
		require.Equal(t, all, r.evs, "reader %d: each committed event once, in the order of the full read", i)
	}
}

// TestPostgresEventsHeldBackThenWoken: an event committed while an older transaction
// that writes no event is still open is not read yet (a smaller id may still commit);
// when that transaction ends, with no commit of an event to wake them, readers are woken
// all the same and read it.
func TestPostgresEventsHeldBackThenWoken(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	writer, reader := openPostgres(t, dsn), openPostgres(t, dsn)
	raw, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = raw.Close() })

	holder, err := holdXid(ctx, raw)
	require.NoError(t, err)
	wake := reader.EventsNotify()
	require.NoError(t, tagEvent(ctx, writer, "after the holder"))
	select {
	case <-wake: // the commit's notification
	case <-time.After(5 * time.Second):
		t.Fatal("the event's commit woke no reader")
	}
	wake = reader.EventsNotify()
	evs, err := reader.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Empty(t, evs, "an older transaction is still open")
	last, err := reader.LastEventID(ctx)
	require.NoError(t, err)
	require.Zero(t, last, "LastEventID stops where Events does")

	require.NoError(t, holder.Commit())
	select {
	case <-wake:
	case <-time.After(5 * time.Second):
		t.Fatal("readers not woken after the older transaction ended")
	}
	evs, err = reader.Events(ctx, last, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	require.Equal(t, "after the holder", eventTag(t, evs[0]))
}

// TestPostgresEventCommitsNotifyAfterwards: a commit that wrote events is told to other
// processes by the store's bell, a session of its own, not by a NOTIFY in the commit
// (which would take PostgreSQL's one lock of notifying commits through the commit's WAL
// flush, migration 0077); a store closed right after such a commit still tells it.
func TestPostgresEventCommitsNotifyAfterwards(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	writer := openPostgres(t, dsn)
	listener := listenEvents(t, dsn)
	heard := func() *pgconn.Notification {
		t.Helper()
		wctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		n, err := listener.WaitForNotification(wctx)
		require.NoError(t, err, "no notification of the commit")
		return n
	}

	require.NoError(t, writer.InTx(ctx, func(tx store.Tx) error { return tagEvent(ctx, tx, "one") }))
	n := heard()
	var app string
	require.NoError(t, listener.QueryRow(ctx, `SELECT application_name FROM pg_stat_activity WHERE pid = $1`, n.PID).Scan(&app))
	require.Equal(t, "dtwgate-bell", app, "the notifying session")

	closing, err := store.OpenPostgres(ctx, dsn)
	require.NoError(t, err)
	require.NoError(t, tagEvent(ctx, closing, "two"))
	require.NoError(t, closing.Close())
	require.NotEqual(t, n.Payload, heard().Payload, "the closed store's notification")
}

// TestPostgresBellBurstAcrossReplicas: a burst of commits that wrote events on one replica
// (half a second of them) is told to the others at most 50 times a second (not once per
// commit, nor every 5 ms as before), and a reader
// on another replica that reads at every wake sees the burst's last event within a bound
// of its commit: no wake-up is lost to the gap.
func TestPostgresBellBurstAcrossReplicas(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	writer, reader := openPostgres(t, dsn), openPostgres(t, dsn)
	listener := listenEvents(t, dsn)

	cursor, err := reader.LastEventID(ctx)
	require.NoError(t, err)
	var (
		mu   sync.Mutex
		read = map[string]time.Time{} // when the reader read each tag
	)
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go func() { // a reader of the other replica, as the websocket hub reads
		for {
			wake := reader.EventsNotify()
			evs, err := reader.Events(rctx, cursor, 0)
			if err != nil {
				return
			}
			now := time.Now()
			mu.Lock()
			for _, e := range evs {
				cursor = e.ID
				read[eventTag(t, e)] = now
			}
			mu.Unlock()
			select {
			case <-rctx.Done():
				return
			case <-wake:
			}
		}
	}()

	readersHeld(t, writer, 1, 5*time.Second, "the reader's process tells it reads") // else the burst's first notifications are quiet ones

	const burst = 500 * time.Millisecond
	start := time.Now()
	var (
		committed time.Time
		last      string
		commits   int
	)
	for ; time.Since(start) < burst; commits++ {
		last = fmt.Sprintf("burst %d", commits)
		require.NoError(t, writer.InTx(ctx, func(tx store.Tx) error { return tagEvent(ctx, tx, last) }))
		committed = time.Now()
	}
	elapsed := committed.Sub(start)
	var at time.Time
	require.Eventually(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		at = read[last]
		return !at.IsZero()
	}, 10*time.Second, time.Millisecond, "the other replica never read the burst's last event")
	wait := at.Sub(committed)
	t.Logf("%d commits in %s; the other replica read the last %s after its commit", commits, elapsed, wait)
	require.Less(t, wait, store.BellGap+time.Second, "the last commit's event on the other replica")

	// Count the notifications of the burst (the listener has queued them all by now).
	heard := 0
	for {
		wctx, cancel := context.WithTimeout(ctx, 200*time.Millisecond)
		_, err := listener.WaitForNotification(wctx)
		cancel()
		if err != nil {
			break
		}
		heard++
	}
	most := int(elapsed/(20*time.Millisecond)) + 2
	t.Logf("%d notifications for %d commits over %s (at most %d)", heard, commits, elapsed, most)
	require.Positive(t, heard)
	require.LessOrEqual(t, heard, most, "notifications of the burst, got %d, want at most 50 a second", heard)
}
