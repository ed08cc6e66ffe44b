package store

import (
	"context"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	// pgBellTimeout bounds one statement of the bell, and the last notification's wait at
	// close.
	pgBellTimeout = 5 * time.Second
	// pgBellGap is the least time between two notifications of a store while another
	// process reads events (pgEventsReadersLock): a commit alone is told at once, a
	// burst of commits in notifications at most this often. It is what a reader in
	// another process waits at most, beyond the notification's delivery, for a commit
	// that rang the bell while another notification was just sent. Each notification is a
	// commit of PostgreSQL's (a cheap one, no WAL flush), and wakes every other replica's
	// listening backend and listener: at 5 ms a replica under load rang about once per
	// group commit (half of three replicas' commits per swap), at 20 ms at most 50 times
	// a second.
	pgBellGap = 20 * time.Millisecond
	// pgBellQuietGap is the least time between two notifications while no other process
	// reads events: they then serve only to tell other replicas that this one is busy
	// (Postgres.peersBusy, which counts a notification for pgPeerBusyFor). A reader
	// that starts meanwhile polls at least as often (websocket.pollInterval and the
	// webhook fan-out's poll, 250 ms by default), and is told at the full rate from the
	// first notification after its process took the readers' lock.
	pgBellQuietGap = 250 * time.Millisecond
	// pgEventsReadersLock is the advisory lock key ("dtwg" "evr") that a process holds
	// shared, on its bell's session, while it has readers of events (a websocket hub
	// following the outbox, a webhook fan-out with subscriptions; not the receipt signer,
	// which waits with EventsNotifyBackground): each notification tries it exclusively,
	// which fails while another session holds it (the session's own hold does not
	// conflict), and PostgreSQL releases it with a session that dies.
	pgEventsReadersLock int64 = 0x64747767_00657672
	// pgReadersFor is how long after a reader last waited for commits (notifier.wait) a
	// process counts as having readers: longer than the readers' polls (at most a
	// second), so a reader that waits on and on keeps its process's hold.
	pgReadersFor = 2 * time.Second
)

// pgBell notifies other processes' stores of this store's commits that wrote events
// (NOTIFY dtwgate_events with the store's origin), after the commits and outside them.
//
// A NOTIFY in the writing transaction, as migration 0004's trigger sent it, takes
// PostgreSQL's one lock of all notifying transactions (the "database 0" object lock,
// which keeps the notification queue in commit order) at the commit and holds it through
// the commit's WAL flush: every event-writing commit of every replica waited for the one
// before. The bell sends its NOTIFY in a transaction of its own, with synchronous_commit
// off, so the lock is held for no flush, and at most one at a time, pgBellGap apart:
// commits made meanwhile are told by the next. A notification lost (the connection failed, or
// the server crashed before the bell's commit reached the disk) costs readers a poll
// interval, as a lost listening connection does.
//
// While no other process has readers of events the notifications are pgBellQuietGap
// apart: each wakes every other replica's listening backend and listener, which under
// load cost three replicas sharing two cores about a tenth of their swaps for wakes no
// reader needed. A process tells that it has readers by holding pgEventsReadersLock on
// its bell's session (hold); each notification asks whether another session holds it.
type pgBell struct {
	cfg             *pgx.ConnConfig
	channel, origin string
	// reading reports whether this process has readers of events (pgReadersFor).
	reading   func() bool
	rung      chan struct{}
	poked     chan struct{}
	stop      context.CancelFunc
	done      chan struct{}
	closeOnce sync.Once
	// sent counts the notifications sent and those sent while another process had
	// readers (Notifications).
	sent, sentRead atomic.Int64
}

// newPGBell starts a bell on a connection of cfg (opened at the first ring, or once this
// process has readers).
func newPGBell(cfg *pgx.ConnConfig, channel, origin string, reading func() bool) *pgBell {
	c := cfg.Copy()
	c.RuntimeParams["synchronous_commit"] = "off"
	c.RuntimeParams["application_name"] = "dtwgate-bell"
	ctx, stop := context.WithCancel(context.Background())
	b := &pgBell{cfg: c, channel: channel, origin: origin, reading: reading,
		rung: make(chan struct{}, 1), poked: make(chan struct{}, 1), stop: stop, done: make(chan struct{})}
	go b.run(ctx)
	return b
}

// ring asks for a notification; it never waits.
func (b *pgBell) ring() {
	select {
	case b.rung <- struct{}{}:
	default: // one is asked for already: it tells of this commit too
	}
}

// poke tells the bell that this process may have readers again, so that it takes the
// readers' lock now rather than at its next check; it never waits.
func (b *pgBell) poke() {
	select {
	case b.poked <- struct{}{}:
	default:
	}
}

// close sends the notification still asked for, then stops the bell.
func (b *pgBell) close() {
	b.closeOnce.Do(func() {
		b.stop()
		<-b.done
	})
}

func (b *pgBell) run(ctx context.Context) {
	defer close(b.done)
	s := &bellSession{}
	defer s.close()
	check := time.NewTicker(pgReadersFor / 2)
	defer check.Stop()
	var gap <-chan time.Time // while set, the last notification is too recent for another
	for {
		rung := b.rung
		if gap != nil {
			rung = nil
		}
		select {
		case <-rung:
			gap = time.After(b.send(s))
		case <-gap:
			gap = nil
		case <-b.poked:
		case <-check.C:
			b.check(s)
		case <-ctx.Done():
			select {
			case <-b.rung: // rung before the close: send it
				b.send(s)
			default:
			}
			return
		}
		b.hold(s)
	}
}

// bellSession is the bell's connection (nil until needed, and after a failure) and
// whether it holds the readers' lock.
type bellSession struct {
	c    *pgx.Conn
	held bool
}

// fail drops a failed connection; PostgreSQL releases its locks.
func (s *bellSession) fail(ctx context.Context) {
	_ = s.c.Close(ctx)
	s.c, s.held = nil, false
}

func (s *bellSession) close() {
	if s.c != nil {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = s.c.Close(ctx)
	}
}

// connect opens the session's connection if it has none.
func (b *pgBell) connect(ctx context.Context, s *bellSession) error {
	if s.c != nil {
		return nil
	}
	c, err := pgx.ConnectConfig(ctx, b.cfg)
	if err != nil {
		return err
	}
	s.c, s.held = c, false
	return nil
}

// send sends one notification, once more on a new connection if the session's failed,
// and returns how long the bell waits before the next: pgBellGap if another session
// held the readers' lock, else pgBellQuietGap. Close does not cut it short: the
// notification would be lost.
func (b *pgBell) send(s *bellSession) time.Duration {
	ctx, cancel := context.WithTimeout(context.Background(), pgBellTimeout)
	defer cancel()
	for range 2 {
		if err := b.connect(ctx, s); err != nil {
			return pgBellGap
		}
		var alone bool
		err := s.c.QueryRow(ctx, `SELECT pg_try_advisory_xact_lock($3) FROM pg_notify($1, $2)`, b.channel, b.origin, pgEventsReadersLock).Scan(&alone)
		if err == nil {
			b.sent.Add(1)
			if alone {
				return pgBellQuietGap
			}
			b.sentRead.Add(1)
			return pgBellGap
		}
		s.fail(ctx)
	}
	return pgBellGap
}

// check makes sure the session that holds the readers' lock is still there (one cheap
// round trip): a connection cut by the server shows only at its next statement, and the
// lock went with it.
func (b *pgBell) check(s *bellSession) {
	if !s.held {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), pgBellTimeout)
	defer cancel()
	if _, err := s.c.Exec(ctx, ";"); err != nil {
		s.fail(ctx)
	}
}

// hold takes the readers' lock on the session while this process has readers, and lets
// it go once it has none. A failure is retried at the next check.
func (b *pgBell) hold(s *bellSession) {
	want := b.reading()
	if want == s.held || (!want && s.c == nil) {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), pgBellTimeout)
	defer cancel()
	if err := b.connect(ctx, s); err != nil {
		return
	}
	q := `SELECT pg_advisory_unlock_shared($1)`
	if want {
		q = `SELECT pg_advisory_lock_shared($1)` // waits only for another bell's try, a statement's length
	}
	if _, err := s.c.Exec(ctx, q, pgEventsReadersLock); err != nil {
		s.fail(ctx)
		return
	}
	s.held = want
}
