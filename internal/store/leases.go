package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Sentinel errors of leases.
var (
	// ErrLeaseHeld means another holder holds the lease and it has not expired.
	ErrLeaseHeld = errors.New("lease held by another holder")
	// ErrFenced means a write was refused because the writer's lease token is no longer
	// the lease's current one, or the lease has expired: another process may lead now.
	ErrFenced = errors.New("lease lost: write fenced off")
)

// Lease names one piece of work that runs in one process at a time (the settler of a
// chain, the OFFCHAIN matcher) and who runs it.
type Lease struct {
	// Name is the work, e.g. "settler:ETHEREUM".
	Name string
	// Holder identifies the process that holds it ("" once released).
	Holder string
	// Token is the fencing token: it grows with every change of holder, so a holder's
	// writes are checked against the token it acquired (Leases.CheckLease).
	Token int64
	// ExpiresAt ends the lease unless the holder renews it.
	ExpiresAt time.Time
	// AcquiredAt is when the holder took it; RenewedAt when it last renewed it.
	AcquiredAt time.Time
	RenewedAt  time.Time
}

// HeldAt reports whether the lease is held (by anyone) at at.
func (l Lease) HeldAt(at time.Time) bool { return l.Holder != "" && at.Before(l.ExpiresAt) }

// Leases elects one process for work that must run once per store and fences the writes
// of that work. Times are the caller's clock (every process of a store must keep its
// clock in sync within a small fraction of the ttl). Safe for concurrent use by several
// processes.
type Leases interface {
	// AcquireLease takes the lease name for holder until at+ttl when it is free, released,
	// expired or already holder's, and returns it. Taking it from another holder or after
	// it expired bumps the token; renewing an unexpired lease of holder keeps it. When
	// another holder holds it unexpired it returns that lease and ErrLeaseHeld. Of
	// concurrent acquirers of a free lease, exactly one succeeds.
	AcquireLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (Lease, error)
	// ReleaseLease frees the lease when holder still holds it with token, so that
	// another process may take it at once; ErrNotFound when it does not.
	ReleaseLease(ctx context.Context, name, holder string, token int64, at time.Time) error
	// Leases returns every lease by name, held, expired or released.
	Leases(ctx context.Context) ([]Lease, error)
	// CheckLease fails with ErrFenced unless token is the current token of the lease name
	// and the lease has not expired at at. Inside InTx it fences the transaction's writes:
	// it locks the lease row until the commit, so no other process takes the lease between
	// the check and the commit.
	CheckLease(ctx context.Context, name string, token int64, at time.Time) error
}

// The lease statements (portable SQL: the PostgreSQL store runs them too). A renewal
// keeps the token only while the holder's lease has not expired.
const (
	acquireLeaseSQL = `INSERT INTO leases (name, holder, token, expires_at, acquired_at, renewed_at) VALUES (?, ?, 1, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET
			token = CASE WHEN leases.holder = excluded.holder AND leases.expires_at > ? THEN leases.token ELSE leases.token + 1 END,
			acquired_at = CASE WHEN leases.holder = excluded.holder AND leases.expires_at > ? THEN leases.acquired_at ELSE excluded.acquired_at END,
			holder = excluded.holder, expires_at = excluded.expires_at, renewed_at = excluded.renewed_at
		WHERE leases.holder = excluded.holder OR leases.expires_at <= ?
		RETURNING ` + leaseColumns
	leaseColumns    = `name, holder, token, expires_at, acquired_at, renewed_at`
	releaseLeaseSQL = `UPDATE leases SET holder = '', expires_at = 0, renewed_at = ? WHERE name = ? AND holder = ? AND token = ?`
	// checkLeaseSQL writes the row it checks (to itself) so that PostgreSQL locks it until
	// the commit, as SQLite's write lock does.
	checkLeaseSQL = `UPDATE leases SET token = token WHERE name = ? AND token = ? AND expires_at > ?`
)

func scanLease(r scanner) (Lease, error) {
	var (
		l                          Lease
		expires, acquired, renewed int64
	)
	err := r.Scan(&l.Name, &l.Holder, &l.Token, &expires, &acquired, &renewed)
	l.ExpiresAt, l.AcquiredAt, l.RenewedAt = time.UnixMilli(expires), time.UnixMilli(acquired), time.UnixMilli(renewed)
	return l, err
}

// AcquireLease implements Leases.
func (s *conn) AcquireLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (Lease, error) {
	if name == "" || holder == "" || ttl <= 0 {
		return Lease{}, fmt.Errorf("acquire lease: needs a name, a holder and a positive ttl")
	}
	now, expires := at.UnixMilli(), at.Add(ttl).UnixMilli()
	l, err := scanLease(s.q.QueryRowContext(ctx, acquireLeaseSQL, name, holder, expires, now, now, now, now, now))
	if errors.Is(err, sql.ErrNoRows) { // held by another
		cur, err := scanLease(s.q.QueryRowContext(ctx, `SELECT `+leaseColumns+` FROM leases WHERE name = ?`, name))
		if err != nil {
			return Lease{}, wrap("acquire lease", err)
		}
		return cur, fmt.Errorf("acquire lease %s: held by %s until %s: %w", name, cur.Holder, cur.ExpiresAt.Format(time.RFC3339Nano), ErrLeaseHeld)
	}
	return l, wrap("acquire lease", err)
}

// ReleaseLease implements Leases.
func (s *conn) ReleaseLease(ctx context.Context, name, holder string, token int64, at time.Time) error {
	return wrapAffected("release lease")(s.q.ExecContext(ctx, releaseLeaseSQL, at.UnixMilli(), name, holder, token))
}

// Leases implements Leases.
func (s *conn) Leases(ctx context.Context) ([]Lease, error) {
	return queryAll(ctx, s.r, "leases", scanLease, `SELECT `+leaseColumns+` FROM leases ORDER BY name`)
}

// CheckLease implements Leases.
func (s *conn) CheckLease(ctx context.Context, name string, token int64, at time.Time) error {
	err := wrapAffected("check lease")(s.q.ExecContext(ctx, checkLeaseSQL, name, token, at.UnixMilli()))
	if errors.Is(err, ErrNotFound) {
		return fmt.Errorf("lease %s token %d: %w", name, token, ErrFenced)
	}
	return err
}
