package store

import (
	"context"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
)

const (
	// pgBellTimeout bounds one notification, and the last one's wait at close.
	pgBellTimeout = 5 * time.Second
	// pgBellGap is the least time between two notifications of a store: a commit alone is
	// told at once, a burst of commits in notifications at most this often. It is what a
	// reader in another process waits at most, beyond the notification's delivery, for a
	// commit that rang the bell while another notification was just sent. Each
	// notification is a commit of PostgreSQL's (a cheap one, no WAL flush), and wakes
	// every other replica's listening backend and listener: at 5 ms a replica under load
	// rang about once per group commit (half of three replicas' commits per swap), at
	// 20 ms at most 50 times a second.
	pgBellGap = 20 * time.Millisecond
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
type pgBell struct {
	cfg             *pgx.ConnConfig
	channel, origin string
	rung            chan struct{}
	stop            context.CancelFunc
	done            chan struct{}
	closeOnce       sync.Once
}

// newPGBell starts a bell on a connection of cfg (opened at the first ring).
func newPGBell(cfg *pgx.ConnConfig, channel, origin string) *pgBell {
	c := cfg.Copy()
	c.RuntimeParams["synchronous_commit"] = "off"
	c.RuntimeParams["application_name"] = "dtwgate-bell"
	ctx, stop := context.WithCancel(context.Background())
	b := &pgBell{cfg: c, channel: channel, origin: origin, rung: make(chan struct{}, 1), stop: stop, done: make(chan struct{})}
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

// close sends the notification still asked for, then stops the bell.
func (b *pgBell) close() {
	b.closeOnce.Do(func() {
		b.stop()
		<-b.done
	})
}

func (b *pgBell) run(ctx context.Context) {
	defer close(b.done)
	var c *pgx.Conn
	defer func() {
		if c != nil {
			cctx, cancel := context.WithTimeout(context.Background(), time.Second)
			defer cancel()
			_ = c.Close(cctx)
		}
	}()
	for {
		select {
		case <-b.rung:
		case <-ctx.Done():
			select {
			case <-b.rung: // rung before the close: send it
			default:
				return
			}
		}
		c = b.send(c)
		select {
		case <-time.After(pgBellGap):
		case <-ctx.Done():
		}
	}
}

// send sends one notification on c, connecting first if c is nil, once more on a new
// connection if c failed; it returns the connection to use next (nil after a failure).
// Close does not cut it short: the notification would be lost.
func (b *pgBell) send(c *pgx.Conn) *pgx.Conn {
	ctx, cancel := context.WithTimeout(context.Background(), pgBellTimeout)
	defer cancel()
	for range 2 {
		var err error
		if c == nil {
			if c, err = pgx.ConnectConfig(ctx, b.cfg); err != nil {
				return nil
			}
		}
		if _, err = c.Exec(ctx, `SELECT pg_notify($1, $2)`, b.channel, b.origin); err == nil {
			return c
		}
		_ = c.Close(ctx)
		c = nil
	}
	return nil
}
