package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// On PostgreSQL every statement the gateway sends is a round trip, and a round trip costs
// both processes more CPU than most of the store's statements do (the socket's writes and
// reads, the scheduler waking each side). A transaction's BEGIN and a unit's SAVEPOINT
// (and the RELEASE of the unit before it) answer nothing a caller reads: pipeConn holds
// them back and sends them in one pipeline with the statement after them, one round trip
// instead of two or three. Their failure, rare (the connection lost, a transaction
// already aborted), is that statement's.

// pipeConnector opens pgx's database/sql connections, each wrapped in a pipeConn.
type pipeConnector struct {
	inner driver.Connector
	// trips counts the round trips of every connection it opened (RoundTrips).
	trips *atomic.Int64
}

// Connect implements driver.Connector.
func (c pipeConnector) Connect(ctx context.Context) (driver.Conn, error) {
	dc, err := c.inner.Connect(ctx)
	if err != nil {
		return nil, err
	}
	sc, ok := dc.(*stdlib.Conn)
	if !ok {
		_ = dc.Close()
		return nil, fmt.Errorf("postgres connector: unexpected connection %T", dc)
	}
	return &pipeConn{Conn: sc, trips: c.trips}, nil
}

// Driver implements driver.Connector.
func (c pipeConnector) Driver() driver.Driver { return c.inner.Driver() }

// pipeConn is one connection whose BEGIN and savepoint statements wait for the next
// statement (see above). database/sql never uses a connection from two goroutines at
// once, so pending needs no lock.
type pipeConn struct {
	*stdlib.Conn
	trips *atomic.Int64
	// pending are the statements held back, in order; begun says the transaction's
	// BEGIN was sent (or is pending).
	pending []string
	begun   bool
}

// The optional interfaces database/sql looks for: the embedded connection's, with
// ExecContext, QueryContext and BeginTx overridden.
var (
	_ driver.ConnBeginTx        = (*pipeConn)(nil)
	_ driver.ExecerContext      = (*pipeConn)(nil)
	_ driver.QueryerContext     = (*pipeConn)(nil)
	_ driver.NamedValueChecker  = (*pipeConn)(nil)
	_ driver.SessionResetter    = (*pipeConn)(nil)
	_ driver.ConnPrepareContext = (*pipeConn)(nil)
)

// heldBack reports whether query, run with no arguments in a transaction, is held back
// for the next statement: a unit's savepoint statements (groupcommit.go).
func heldBack(query string) bool {
	switch query {
	case `SAVEPOINT unit`, `RELEASE unit`, `RELEASE unit; SAVEPOINT unit`:
		return true
	}
	return false
}

// The statements that begin and end a transaction run through ExecContext (pgGroup),
// and pgBegin's texts.
const (
	pgCommit   = "commit"
	pgRollback = "rollback"
)

// pgBegin is the BEGIN statement of a transaction at iso.
func pgBegin(iso sql.IsolationLevel, readOnly bool) (string, error) {
	begin := "begin"
	switch iso {
	case sql.LevelDefault:
	case sql.LevelReadCommitted:
		begin += " isolation level read committed"
	case sql.LevelRepeatableRead, sql.LevelSnapshot:
		begin += " isolation level repeatable read"
	case sql.LevelSerializable:
		begin += " isolation level serializable"
	default:
		return "", fmt.Errorf("unsupported isolation: %v", iso)
	}
	if readOnly {
		begin += " read only"
	}
	return begin, nil
}

// BeginTx implements driver.ConnBeginTx: the BEGIN waits for the transaction's first
// statement.
func (c *pipeConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if c.Conn.Conn().IsClosed() {
		return nil, driver.ErrBadConn
	}
	begin, err := pgBegin(sql.IsolationLevel(opts.Isolation), opts.ReadOnly)
	if err != nil {
		return nil, err
	}
	c.pending, c.begun = append(c.pending[:0], begin), true
	return pipeTx{c: c}, nil
}

// ExecContext implements driver.ExecerContext.
func (c *pipeConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	if len(args) == 0 && !c.begun && strings.HasPrefix(query, "begin") { // a group's (pgGroup)
		if c.Conn.Conn().IsClosed() {
			return nil, driver.ErrBadConn
		}
		c.pending, c.begun = append(c.pending[:0], query), true
		return driver.RowsAffected(0), nil
	}
	if len(args) == 0 && c.begun && (query == pgCommit || query == pgRollback) {
		return driver.RowsAffected(0), c.end(query)
	}
	if c.begun && len(args) == 0 && heldBack(query) {
		for _, q := range strings.Split(query, "; ") { // a pipeline's statements go one each
			c.pending = append(c.pending, q)
		}
		return driver.RowsAffected(0), nil
	}
	c.trips.Add(1)
	if len(c.pending) == 0 {
		return c.Conn.ExecContext(ctx, query, args)
	}
	br, n := c.sendPending(ctx, query, args)
	defer br.Close()
	if err := pendingResults(br, n); err != nil {
		return nil, err
	}
	tag, err := br.Exec()
	if err != nil {
		return nil, err
	}
	return driver.RowsAffected(tag.RowsAffected()), nil
}

// QueryContext implements driver.QueryerContext.
func (c *pipeConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	c.trips.Add(1)
	if len(c.pending) == 0 {
		return c.Conn.QueryContext(ctx, query, args)
	}
	br, n := c.sendPending(ctx, query, args)
	if err := pendingResults(br, n); err != nil {
		_ = br.Close()
		return nil, err
	}
	rows, err := br.Query()
	if err != nil {
		rows.Close()
		_ = br.Close()
		return nil, err
	}
	return &pipeRows{rows: rows, br: br}, nil
}

// sendPending sends the n pending statements and query in one pipeline; the caller reads
// the pending ones' results (pendingResults), then query's, and closes the results.
func (c *pipeConn) sendPending(ctx context.Context, query string, args []driver.NamedValue) (br pgx.BatchResults, n int) {
	b := &pgx.Batch{}
	for _, q := range c.pending {
		b.Queue(q)
	}
	n = len(c.pending)
	c.pending = c.pending[:0]
	a := make([]any, len(args))
	for i, v := range args {
		a[i] = v.Value
	}
	b.Queue(query, a...)
	return c.Conn.Conn().SendBatch(ctx, b), n
}

// pendingResults reads the results of the n held-back statements sent before the
// caller's: the first failure is the caller's.
func pendingResults(br pgx.BatchResults, n int) error {
	for range n {
		if _, err := br.Exec(); err != nil {
			return err
		}
	}
	return nil
}

// ResetSession implements driver.SessionResetter: nothing is pending between
// transactions, and a connection returned inside a transaction (a group's that did not
// end it, which would be a bug) is not used again.
func (c *pipeConn) ResetSession(ctx context.Context) error {
	c.pending, c.begun = c.pending[:0], false
	if pc := c.Conn.Conn(); !pc.IsClosed() && pc.PgConn().TxStatus() != 'I' {
		return driver.ErrBadConn
	}
	return c.Conn.ResetSession(ctx)
}

// end sends COMMIT or ROLLBACK unless the transaction never reached the server (its
// BEGIN still pending): then there is nothing to end. Statements still pending are
// savepoints, which the end makes moot.
func (c *pipeConn) end(query string) error {
	sent := c.begun && (len(c.pending) == 0 || !strings.HasPrefix(c.pending[0], "begin"))
	c.pending, c.begun = c.pending[:0], false
	if !sent {
		return nil
	}
	c.trips.Add(1)
	pc := c.Conn.Conn()
	tag, err := pc.Exec(context.Background(), query)
	if err != nil {
		if pc.PgConn().TxStatus() != 'I' {
			_ = pc.Close(context.Background()) // as pgx does: a connection left in a transaction is not reused
		}
		return err
	}
	if query == pgCommit && tag.String() == "ROLLBACK" {
		return pgx.ErrTxCommitRollback
	}
	return nil
}

// pipeTx is a transaction of a pipeConn.
type pipeTx struct{ c *pipeConn }

// Commit implements driver.Tx.
func (t pipeTx) Commit() error { return t.c.end(pgCommit) }

// Rollback implements driver.Tx.
func (t pipeTx) Rollback() error { return t.c.end(pgRollback) }

// pipeRows are the rows of the last statement of a pipeline, as database/sql reads them.
type pipeRows struct {
	rows pgx.Rows
	br   pgx.BatchResults
	cols []string
}

// Columns implements driver.Rows.
func (r *pipeRows) Columns() []string {
	if r.cols == nil {
		fields := r.rows.FieldDescriptions()
		r.cols = make([]string, len(fields))
		for i, f := range fields {
			r.cols[i] = f.Name
		}
	}
	return r.cols
}

// Close implements driver.Rows: the rows, then the pipeline's results.
func (r *pipeRows) Close() error {
	r.rows.Close()
	err := r.rows.Err()
	if cerr := r.br.Close(); err == nil {
		err = cerr
	}
	return err
}

// Next implements driver.Rows: pgx's decoded values, as database/sql's driver values.
func (r *pipeRows) Next(dest []driver.Value) error {
	if !r.rows.Next() {
		if err := r.rows.Err(); err != nil {
			return err
		}
		return io.EOF
	}
	vals, err := r.rows.Values()
	if err != nil {
		return err
	}
	for i, v := range vals {
		if dest[i], err = driverValue(v); err != nil {
			return fmt.Errorf("column %s: %w", r.Columns()[i], err)
		}
	}
	return nil
}

// driverValue converts a value pgx decoded to one of database/sql's driver values.
func driverValue(v any) (driver.Value, error) {
	switch x := v.(type) {
	case nil, int64, float64, bool, []byte, string, time.Time:
		return x, nil
	case int16:
		return int64(x), nil
	case int32:
		return int64(x), nil
	case int8:
		return int64(x), nil
	case uint32:
		return int64(x), nil
	case float32:
		return float64(x), nil
	case driver.Valuer:
		return x.Value()
	}
	if t, ok := v.(interface{ MarshalText() ([]byte, error) }); ok {
		b, err := t.MarshalText()
		return string(b), err
	}
	return nil, fmt.Errorf("unsupported value %T", v)
}
