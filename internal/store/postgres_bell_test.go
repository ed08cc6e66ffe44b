package store_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// listenEvents returns a connection of its own listening to the stores' notifications of
// commits that wrote events.
func listenEvents(t *testing.T, dsn string) *pgx.Conn {
	t.Helper()
	ctx := context.Background()
	listener, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = listener.Close(context.Background()) })
	_, err = listener.Exec(ctx, `LISTEN dtwgate_events`)
	require.NoError(t, err)
	return listener
}

// readEvents waits for s's commits until ctx ends, as the websocket hub does while a
// socket is open: EventsNotify again after every wake and every poll.
func readEvents(ctx context.Context, s *store.Postgres) {
	for {
		wake := s.EventsNotify()
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// burstEvents commits events on s for d, one transaction each, and returns how many.
func burstEvents(t *testing.T, s *store.Postgres, d time.Duration) int {
	t.Helper()
	ctx := context.Background()
	n := 0
	for start := time.Now(); time.Since(start) < d; n++ {
		require.NoError(t, s.InTx(ctx, func(tx store.Tx) error { return tagEvent(ctx, tx, fmt.Sprintf("burst %d", n)) }))
	}
	return n
}

// countNotifications drains the notifications queued on listener.
func countNotifications(ctx context.Context, listener *pgx.Conn) int {
	heard := 0
	for {
		wctx, cancel := context.WithTimeout(ctx, 300*time.Millisecond)
		_, err := listener.WaitForNotification(wctx)
		cancel()
		if err != nil {
			return heard
		}
		heard++
	}
}

// readersHeld waits until want sessions hold the events readers' lock.
func readersHeld(t *testing.T, s *store.Postgres, want int, within time.Duration, why string) {
	t.Helper()
	var held int
	require.Eventually(t, func() bool {
		var err error
		held, err = s.EventsReaders(context.Background())
		require.NoError(t, err)
		return held == want
	}, within, 10*time.Millisecond, "%s: %d sessions hold the readers' lock, want %d", why, held, want)
}

// TestPostgresBellQuietWithoutReaders: while no other process reads events, a burst of
// commits that wrote events is told at most every BellQuietGap (enough for other
// replicas to count this one busy), not every BellGap: each notification wakes every
// other replica's listening backend and listener. A process whose readers wait for
// commits holds the readers' lock on its bell's session, and other processes' bells
// then notify at the full rate, from their next notification on, also while they hold the
// lock for readers of their own; its own readers do not
// count for its own bell, nor does a background job's wait (EventsNotifyBackground); the
// lock goes once its readers stopped waiting for ReadersFor.
func TestPostgresBellQuietWithoutReaders(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	writer, reader := openPostgres(t, dsn), openPostgres(t, dsn)
	listener := listenEvents(t, dsn)
	readersHeld(t, writer, 0, time.Second, "no reader yet")

	// No reader anywhere: quiet.
	const burst = time.Second
	commits := burstEvents(t, writer, burst)
	heard := countNotifications(ctx, listener)
	most := int(burst/store.BellQuietGap) + 2
	t.Logf("no readers: %d notifications for %d commits in %s (at most %d)", heard, commits, burst, most)
	require.Positive(t, heard, "a replica's commits are still told (other replicas count it busy)")
	require.LessOrEqual(t, heard, most)
	sent, toReaders := writer.Notifications()
	require.Zero(t, toReaders, "no notification found a reader")
	require.GreaterOrEqual(t, sent, int64(heard))

	// The writer's own readers do not make its bell ring faster.
	wctx, stopWriterReader := context.WithCancel(ctx)
	go readEvents(wctx, writer)
	readersHeld(t, writer, 1, 5*time.Second, "the writer's reader")
	commits = burstEvents(t, writer, burst)
	heard = countNotifications(ctx, listener)
	t.Logf("the writer's own reader: %d notifications for %d commits (at most %d)", heard, commits, most)
	require.LessOrEqual(t, heard, most)
	stopWriterReader()
	readersHeld(t, writer, 0, store.ReadersFor+3*time.Second, "the writer's reader stopped")

	// A background job waiting on the other replica (the receipt signer) is no reader.
	bctx, stopBackground := context.WithCancel(ctx)
	go func() {
		for {
			select {
			case <-bctx.Done():
				return
			case <-reader.EventsNotifyBackground():
			case <-time.After(250 * time.Millisecond):
			}
		}
	}()
	require.Never(t, func() bool {
		held, err := writer.EventsReaders(ctx)
		require.NoError(t, err)
		return held > 0
	}, store.ReadersFor/2+300*time.Millisecond, 20*time.Millisecond, "a background waiter took the readers' lock")
	commits = burstEvents(t, writer, burst)
	heard = countNotifications(ctx, listener)
	t.Logf("a background waiter on the other replica: %d notifications for %d commits (at most %d)", heard, commits, most)
	require.LessOrEqual(t, heard, most)
	stopBackground()

	// A reader on the other replica: the full rate, from the first notification on.
	rctx, stopReader := context.WithCancel(ctx)
	defer stopReader()
	go readEvents(rctx, reader)
	readersHeld(t, writer, 1, 5*time.Second, "the other replica's reader")
	_, before := writer.Notifications()
	commits = burstEvents(t, writer, burst)
	heard = countNotifications(ctx, listener)
	_, after := writer.Notifications()
	least, most := int(burst/(4*store.BellGap)), int(burst/store.BellGap)+2
	t.Logf("a reader on the other replica: %d notifications for %d commits (from %d to %d)", heard, commits, least, most)
	require.GreaterOrEqual(t, heard, least, "notifications while another replica reads")
	require.LessOrEqual(t, heard, most)
	require.Equal(t, int64(heard), after-before, "each found the reader")

	// Readers on both: the writer's own hold does not hide the other's.
	wctx, stopWriterReader = context.WithCancel(ctx)
	go readEvents(wctx, writer)
	readersHeld(t, writer, 2, 5*time.Second, "readers on both replicas")
	_, before = writer.Notifications()
	commits = burstEvents(t, writer, burst)
	heard = countNotifications(ctx, listener)
	_, after = writer.Notifications()
	t.Logf("readers on both replicas: %d notifications for %d commits (from %d to %d)", heard, commits, least, most)
	require.GreaterOrEqual(t, heard, least, "notifications while both replicas read")
	require.Equal(t, int64(heard), after-before, "each found the other's reader")
	stopWriterReader()
	readersHeld(t, writer, 1, store.ReadersFor+3*time.Second, "the writer's reader stopped")

	// The reader stops: its process lets the lock go, and the writer is quiet again.
	stopReader()
	readersHeld(t, writer, 0, store.ReadersFor+3*time.Second, "the other replica's reader stopped")
	commits = burstEvents(t, writer, burst)
	heard = countNotifications(ctx, listener)
	t.Logf("the reader gone: %d notifications for %d commits (at most %d)", heard, commits, int(burst/store.BellQuietGap)+2)
	require.LessOrEqual(t, heard, int(burst/store.BellQuietGap)+2)
}

// TestPostgresBellReadersLockDiesWithItsSession: the readers' lock is a session's, so a
// process that dies (its connections cut) stops counting as a reader at once, and a
// process whose bell lost its connection takes the lock again on a new one.
func TestPostgresBellReadersLockDiesWithItsSession(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	s := openPostgres(t, dsn)
	rctx, stop := context.WithCancel(ctx)
	defer stop()
	go readEvents(rctx, s)
	readersHeld(t, s, 1, 5*time.Second, "a reader")

	admin, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	t.Cleanup(func() { _ = admin.Close(context.Background()) })
	var cut int
	require.NoError(t, admin.QueryRow(ctx, `SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND application_name = 'dtwgate-bell'`).Scan(&cut))
	require.Equal(t, 1, cut, "the bell's session")
	readersHeld(t, s, 1, store.ReadersFor+3*time.Second, "taken again on a new session")
}
