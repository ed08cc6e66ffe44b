package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// Lease sessions tie a lease to its holder's database session on PostgreSQL. A holder
// keeps a connection of its own (LeaseSession) holding a session-level advisory lock keyed
// by (lease, holder); PostgreSQL releases that lock the moment the connection ends (the
// process died, the connection was cut, the server restarted). Another process then takes
// the lease at once (TakeLease) instead of waiting for it to expire. The lease row, its
// TTL and its fencing token stay as they are: a paused holder, whose connection stays
// open, is still replaced when its lease expires, and every fenced write still checks the
// token.

// pgLeaseSessionKey is the SQL expression of the advisory lock key of (lease $name,
// holder $holder): the first 64 bits of a SHA-256, so that a holder's session and another
// process's TakeLease compute it alike from the lease row.
const pgLeaseSessionKey = `('x' || left(encode(sha256(convert_to('dtwgate lease session ' || length(%[1]s) || ':' || %[1]s || %[2]s, 'UTF8')), 'hex'), 16))::bit(64)::bigint`

// Lease session timing.
const (
	// leaseSessionIdle is how long a lease session waits on its connection before it checks
	// that the server still answers (a cut the server does not announce) and, when another
	// session still held its lock, tries to take it again. A connection the server ends
	// (terminated, restarting) is noticed at once, not after this.
	leaseSessionIdle = time.Second
	// leaseSessionPingTimeout bounds that check: a server that does not answer within it
	// counts as lost.
	leaseSessionPingTimeout = 3 * time.Second
	// leaseSessionAppName is the application_name of the sessions' connections
	// (pg_stat_activity), followed by the holder.
	leaseSessionAppName = "dtwgate-lease "
)

// LeaseSession is a connection of a Postgres store that holds the advisory lock of one
// (lease, holder) for as long as it lives: while it does, TakeLease leaves that holder's
// lease alone. Lost is closed when the connection ends; the holder must then stop acting
// as the lease's leader at once (another process may take the lease) and open a new
// session. Its methods are safe for concurrent use and on a nil *LeaseSession.
type LeaseSession struct {
	locked   atomic.Bool
	lost     chan struct{}
	lostOnce sync.Once
	lostErr  atomic.Pointer[error]
	stop     context.CancelFunc
	done     chan struct{}
}

// OpenLeaseSession connects a new session for holder's hold of lease and takes its lock.
// When another session still holds that lock (a previous connection of the same holder
// that the server has not closed yet) the session is opened all the same and takes the
// lock as soon as it is free (Locked).
func (p *Postgres) OpenLeaseSession(ctx context.Context, lease, holder string) (*LeaseSession, error) {
	if lease == "" || holder == "" {
		return nil, fmt.Errorf("open lease session: needs a lease and a holder")
	}
	cfg := p.cfg.Copy()
	cfg.RuntimeParams["application_name"] = leaseSessionAppName + holder
	c, err := pgx.ConnectConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open lease session: %w", err)
	}
	s := &LeaseSession{lost: make(chan struct{}), done: make(chan struct{})}
	lockSQL := `SELECT pg_try_advisory_lock(` + fmt.Sprintf(pgLeaseSessionKey, "$1::text", "$2::text") + `)`
	if err := s.tryLock(ctx, c, lockSQL, lease, holder); err != nil {
		closeConn(c)
		return nil, fmt.Errorf("open lease session: %w", err)
	}
	wctx, stop := context.WithCancel(context.Background())
	s.stop = stop
	go s.watch(wctx, c, lockSQL, lease, holder)
	return s, nil
}

// tryLock takes the session's lock unless it holds it.
func (s *LeaseSession) tryLock(ctx context.Context, c *pgx.Conn, lockSQL, lease, holder string) error {
	if s.locked.Load() {
		return nil
	}
	var ok bool
	if err := c.QueryRow(ctx, lockSQL, lease, holder).Scan(&ok); err != nil {
		return err
	}
	s.locked.Store(ok)
	return nil
}

// watch owns the connection until ctx ends: it waits on it, so that the server's end of
// the connection is seen at once, and checks it when idle; then it closes it.
func (s *LeaseSession) watch(ctx context.Context, c *pgx.Conn, lockSQL, lease, holder string) {
	defer close(s.done)
	defer closeConn(c)
	for {
		wctx, cancel := context.WithTimeout(ctx, leaseSessionIdle)
		err := c.PgConn().WaitForNotification(wctx)
		cancel()
		if ctx.Err() != nil {
			return
		}
		if err != nil && !pgconn.Timeout(err) {
			s.setLost(err)
			return
		}
		pctx, cancel := context.WithTimeout(ctx, leaseSessionPingTimeout)
		if s.locked.Load() {
			err = c.Ping(pctx)
		} else {
			err = s.tryLock(pctx, c, lockSQL, lease, holder)
		}
		cancel()
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			s.setLost(err)
			return
		}
	}
}

func (s *LeaseSession) setLost(err error) {
	s.lostOnce.Do(func() {
		err = fmt.Errorf("lease session lost: %w", err)
		s.lostErr.Store(&err)
		s.locked.Store(false)
		close(s.lost)
	})
}

// Lost is closed when the session's connection ended (nil for a nil session: never).
func (s *LeaseSession) Lost() <-chan struct{} {
	if s == nil {
		return nil
	}
	return s.lost
}

// Err returns why the session was lost, nil while it lives.
func (s *LeaseSession) Err() error {
	if s == nil {
		return nil
	}
	if p := s.lostErr.Load(); p != nil {
		return *p
	}
	return nil
}

// Locked reports whether the session holds its lock, so that its holder's lease is taken
// only once the session ends.
func (s *LeaseSession) Locked() bool { return s != nil && s.locked.Load() }

// Close ends the session (its lock with it) and waits until its connection is closed.
func (s *LeaseSession) Close() error {
	if s == nil {
		return nil
	}
	s.stop()
	<-s.done
	s.setLost(errors.New("closed"))
	return nil
}

func closeConn(c *pgx.Conn) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	_ = c.Close(ctx)
}

// takeLeaseSQL takes lease $4 from another holder whose lease session has ended (its lock
// is free: the statement holds it until its commit, so the holder cannot take it back
// meanwhile), with the next token; when it does not, it returns the lease as it is.
var takeLeaseSQL = `WITH took AS (
		UPDATE leases SET holder = $1, token = token + 1, expires_at = $2, acquired_at = $3, renewed_at = $3
		WHERE name = $4 AND holder <> '' AND holder <> $1 AND expires_at > $3
			AND pg_try_advisory_xact_lock(` + fmt.Sprintf(pgLeaseSessionKey, "name", "holder") + `)
		RETURNING ` + leaseColumns + `)
	SELECT true, ` + leaseColumns + ` FROM took
	UNION ALL
	SELECT false, ` + leaseColumns + ` FROM leases WHERE name = $4 AND NOT EXISTS (SELECT 1 FROM took)`

// TakeLease is AcquireLease for a holder that keeps a LeaseSession open for lease: it also
// takes the lease from another holder whose lease session has ended, before the lease
// expires, bumping the token as any change of holder does. It fails with ErrLeaseHeld
// (and returns the lease) only while another holder's lease is unexpired and its session
// lives, or never had its lock. Of concurrent takers, exactly one succeeds.
func (p *Postgres) TakeLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (Lease, error) {
	if name == "" || holder == "" || ttl <= 0 {
		return Lease{}, fmt.Errorf("take lease: needs a name, a holder and a positive ttl")
	}
	now, expires := at.UnixMilli(), at.Add(ttl).UnixMilli()
	var (
		took                       bool
		l                          Lease
		expiresAt, acquired, renew int64
	)
	err := p.db.QueryRowContext(ctx, takeLeaseSQL, holder, expires, now, name).
		Scan(&took, &l.Name, &l.Holder, &l.Token, &expiresAt, &acquired, &renew)
	l.ExpiresAt, l.AcquiredAt, l.RenewedAt = time.UnixMilli(expiresAt), time.UnixMilli(acquired), time.UnixMilli(renew)
	switch {
	case errors.Is(err, sql.ErrNoRows): // never taken
	case err != nil:
		return Lease{}, wrap("take lease", err)
	case took:
		return l, nil
	case l.Holder != holder && l.HeldAt(at):
		return l, fmt.Errorf("take lease %s: held by %s until %s, its session alive: %w", name, l.Holder, l.ExpiresAt.Format(time.RFC3339Nano), ErrLeaseHeld)
	}
	return p.AcquireLease(ctx, name, holder, ttl, at)
}
