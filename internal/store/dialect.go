package store

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/jackc/pgx/v5/pgconn"
)

// The concept methods are written once, in SQL that SQLite and PostgreSQL both run, with
// SQLite's ? placeholders. On PostgreSQL the queryer rewrites them to $1, $2, ... (pgDB
// outside a transaction, pgTx inside one); the few statements that differ ask
// conn.postgres.

// rebind rewrites the ? placeholders of query to $1, $2, ..., leaving string literals,
// quoted identifiers and comments as they are.
func rebind(query string) string {
	if !strings.Contains(query, "?") {
		return query
	}
	var b strings.Builder
	b.Grow(len(query) + 16)
	n := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"': // copy through the closing quote (a doubled quote escapes)
			j := i + 1
			for j < len(query) {
				if query[j] == c {
					if j+1 < len(query) && query[j+1] == c {
						j += 2
						continue
					}
					break
				}
				j++
			}
			end := min(j+1, len(query))
			b.WriteString(query[i:end])
			i = end - 1
		case c == '-' && i+1 < len(query) && query[i+1] == '-': // to the end of the line
			j := strings.IndexByte(query[i:], '\n')
			if j < 0 {
				j = len(query) - i
			}
			b.WriteString(query[i : i+j])
			i += j - 1
		case c == '/' && i+1 < len(query) && query[i+1] == '*':
			j := strings.Index(query[i+2:], "*/")
			end := len(query)
			if j >= 0 {
				end = i + 2 + j + 2
			}
			b.WriteString(query[i:end])
			i = end - 1
		case c == '?':
			n++
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// Rewritten statements are cached by their text. Texts built with a variable number of
// placeholders (IN lists) are bounded by the callers' limits; the cache stops growing at
// maxRebound entries all the same.
var (
	rebound      sync.Map // string -> string
	reboundCount atomic.Int64
)

const maxRebound = 4096

// pgText returns query with PostgreSQL placeholders.
func pgText(query string) string {
	if v, ok := rebound.Load(query); ok {
		return v.(string)
	}
	out := rebind(query)
	if reboundCount.Load() < maxRebound {
		if _, loaded := rebound.LoadOrStore(query, out); !loaded {
			reboundCount.Add(1)
		}
	}
	return out
}

// pgDB runs statements on a PostgreSQL pool, each on its own (autocommit, READ
// COMMITTED) unless run through conn.tx (a group commit's transaction, pgGroup).
type pgDB struct {
	db *sql.DB
}

// ExecContext implements queryer.
func (p *pgDB) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.db.ExecContext(ctx, pgText(query), args...)
}

// QueryContext implements queryer.
func (p *pgDB) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.db.QueryContext(ctx, pgText(query), args...)
}

// QueryRowContext implements queryer.
func (p *pgDB) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.db.QueryRowContext(ctx, pgText(query), args...)
}

// pgTx runs statements in one PostgreSQL transaction: a *sql.Tx, or the connection a
// group's transaction runs on (pgGroup).
type pgTx struct {
	tx queryer
}

// ExecContext implements queryer.
func (p pgTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return p.tx.ExecContext(ctx, pgText(query), args...)
}

// QueryContext implements queryer.
func (p pgTx) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return p.tx.QueryContext(ctx, pgText(query), args...)
}

// QueryRowContext implements queryer.
func (p pgTx) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return p.tx.QueryRowContext(ctx, pgText(query), args...)
}

// dialected is a queryer that says whether it runs on PostgreSQL: pgDB and pgTx, and
// what wraps one (a unit of a group commit, a test's statement counter).
type dialected interface{ onPostgres() bool }

func (*pgDB) onPostgres() bool { return true }
func (pgTx) onPostgres() bool  { return true }
func (q unitQueryer) onPostgres() bool {
	d, ok := q.q.(dialected)
	return ok && d.onPostgres()
}

// postgres reports whether s runs on PostgreSQL, for the statements that differ.
func (s *conn) postgres() bool {
	d, ok := s.q.(dialected)
	return ok && d.onPostgres()
}

// forUpdate is the row-locking clause of a read that a transaction then writes:
// PostgreSQL's FOR UPDATE makes a concurrent transaction wait for the row instead of
// failing at commit; SQLite's writer lock already serializes them.
func (s *conn) forUpdate() string {
	if s.postgres() {
		return " FOR UPDATE"
	}
	return ""
}

// PostgreSQL error codes the store acts on.
const (
	pgUniqueViolation      = "23505"
	pgForeignKeyViolation  = "23503"
	pgSerializationFailure = "40001"
	pgDeadlockDetected     = "40P01"
	pgInFailedTransaction  = "25P02"
)

// pgSentinel maps a PostgreSQL constraint error to the package's sentinel (nil for any
// other error), as wrap does for SQLite's.
func pgSentinel(err error) error {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return nil
	}
	switch pe.Code {
	case pgUniqueViolation:
		return ErrConflict
	case pgForeignKeyViolation:
		return ErrNotFound
	}
	return nil
}

// pgRetryable reports whether a transaction that failed with err may succeed when run
// again from the start: it lost a serialization conflict or a deadlock, or a statement
// failed and fn carried on (25P02: the failed statement's error was handled by fn, and it
// may have been a conflict).
func pgRetryable(err error) bool {
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Code {
	case pgSerializationFailure, pgDeadlockDetected, pgInFailedTransaction:
		return true
	}
	return false
}
