package store

import (
	"context"
	"database/sql/driver"
	"errors"
	"strings"

	"modernc.org/sqlite"
)

// maxCachedStmts bounds each connection's statement cache. The store's SQL is a fixed set
// of texts (a few dozen), so the bound only guards against a future query built from input.
const maxCachedStmts = 256

// connector opens modernc SQLite connections to one DSN, each wrapped with a statement
// cache (cachingConn) and, when onCommit is set, a commit hook calling it. database/sql
// prepares, runs and finalizes a statement on every QueryContext/ExecContext of a *sql.DB
// or *sql.Tx; SQLite parsing and planning the same text again was a third of the CPU of
// a read request.
type connector struct {
	dsn string
	// onCommit runs inside SQLite's commit of every write transaction on the connection:
	// it must be quick and must not use the database.
	onCommit func()
	// gate, when set, is entered by every read on the connection.
	gate *readGate
}

var sqliteDriver = &sqlite.Driver{}

// Connect implements driver.Connector.
func (c connector) Connect(context.Context) (driver.Conn, error) {
	conn, err := sqliteDriver.Open(c.dsn)
	if err != nil {
		return nil, err
	}
	if c.onCommit != nil {
		h, ok := conn.(sqlite.HookRegisterer)
		if !ok {
			_ = conn.Close()
			return nil, errors.New("sqlite driver cannot register a commit hook")
		}
		h.RegisterCommitHook(func() int32 { c.onCommit(); return 0 })
	}
	return &cachingConn{Conn: conn, stmts: map[string]*cachedStmt{}, gate: c.gate}, nil
}

// Driver implements driver.Connector.
func (connector) Driver() driver.Driver { return sqliteDriver }

// cachingConn is one connection with its statement cache. database/sql never uses a
// connection from two goroutines at once, so the cache needs no lock.
type cachingConn struct {
	driver.Conn
	stmts map[string]*cachedStmt
	gate  *readGate
}

// cachedStmt is a prepared statement and whether open rows are still reading from it.
type cachedStmt struct {
	stmt  driver.Stmt
	inUse bool
}

// The optional interfaces database/sql looks for, forwarded to the wrapped connection.
var (
	_ driver.ConnBeginTx        = (*cachingConn)(nil)
	_ driver.ConnPrepareContext = (*cachingConn)(nil)
	_ driver.ExecerContext      = (*cachingConn)(nil)
	_ driver.QueryerContext     = (*cachingConn)(nil)
	_ driver.Pinger             = (*cachingConn)(nil)
	_ driver.SessionResetter    = (*cachingConn)(nil)
	_ driver.Validator          = (*cachingConn)(nil)
)

var errNoContextSupport = errors.New("sqlite driver lacks context support")

// BeginTx implements driver.ConnBeginTx.
func (c *cachingConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	b, ok := c.Conn.(driver.ConnBeginTx)
	if !ok {
		return nil, errNoContextSupport
	}
	if c.gate == nil {
		return b.BeginTx(ctx, opts)
	}
	c.gate.enter()
	tx, err := b.BeginTx(ctx, opts)
	if err != nil {
		c.gate.exit()
		return nil, err
	}
	return &gatedTx{Tx: tx, exit: c.gate.exit}, nil
}

// PrepareContext implements driver.ConnPrepareContext: an explicit Prepare gets its own
// statement, owned and closed by the caller.
func (c *cachingConn) PrepareContext(ctx context.Context, query string) (driver.Stmt, error) {
	p, ok := c.Conn.(driver.ConnPrepareContext)
	if !ok {
		return nil, errNoContextSupport
	}
	return p.PrepareContext(ctx, query)
}

// Ping implements driver.Pinger.
func (c *cachingConn) Ping(ctx context.Context) error {
	if p, ok := c.Conn.(driver.Pinger); ok {
		return p.Ping(ctx)
	}
	return nil
}

// ResetSession implements driver.SessionResetter.
func (c *cachingConn) ResetSession(ctx context.Context) error {
	if r, ok := c.Conn.(driver.SessionResetter); ok {
		return r.ResetSession(ctx)
	}
	return nil
}

// IsValid implements driver.Validator.
func (c *cachingConn) IsValid() bool {
	if v, ok := c.Conn.(driver.Validator); ok {
		return v.IsValid()
	}
	return true
}

// Close closes the cached statements, then the connection.
func (c *cachingConn) Close() error {
	for q, s := range c.stmts {
		_ = s.stmt.Close()
		delete(c.stmts, q)
	}
	return c.Conn.Close()
}

// acquire returns a statement for query: the cached one when it is free, else a new one,
// cached when the text is a single statement and the cache has room. release must be
// called when the statement (and any rows from it) is done with.
func (c *cachingConn) acquire(ctx context.Context, query string) (driver.Stmt, func(), error) {
	if c.gate == nil {
		return c.acquireStmt(ctx, query)
	}
	c.gate.enter()
	st, release, err := c.acquireStmt(ctx, query)
	if err != nil {
		c.gate.exit()
		return nil, nil, err
	}
	return st, func() { release(); c.gate.exit() }, nil
}

// acquireStmt is acquire without the gate.
func (c *cachingConn) acquireStmt(ctx context.Context, query string) (driver.Stmt, func(), error) {
	if s, ok := c.stmts[query]; ok && !s.inUse {
		s.inUse = true
		return s.stmt, func() { s.inUse = false }, nil
	}
	st, err := c.PrepareContext(ctx, query)
	if err != nil {
		return nil, nil, err
	}
	_, cached := c.stmts[query]
	if cached || len(c.stmts) >= maxCachedStmts || strings.Contains(strings.TrimRight(query, "; \t\n"), ";") {
		return st, func() { _ = st.Close() }, nil // in use, full, or a script: not kept
	}
	s := &cachedStmt{stmt: st, inUse: true}
	c.stmts[query] = s
	return st, func() { s.inUse = false }, nil
}

// ExecContext implements driver.ExecerContext through the statement cache.
func (c *cachingConn) ExecContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Result, error) {
	st, release, err := c.acquire(ctx, query)
	if err != nil {
		return nil, err
	}
	defer release()
	e, ok := st.(driver.StmtExecContext)
	if !ok {
		return nil, errNoContextSupport
	}
	return e.ExecContext(ctx, args)
}

// QueryContext implements driver.QueryerContext through the statement cache; the
// statement is free again when its rows are closed.
func (c *cachingConn) QueryContext(ctx context.Context, query string, args []driver.NamedValue) (driver.Rows, error) {
	st, release, err := c.acquire(ctx, query)
	if err != nil {
		return nil, err
	}
	q, ok := st.(driver.StmtQueryContext)
	if !ok {
		release()
		return nil, errNoContextSupport
	}
	rows, err := q.QueryContext(ctx, args)
	if err != nil {
		release()
		return nil, err
	}
	return &releasingRows{Rows: rows, release: release}, nil
}

// releasingRows frees its statement when closed.
type releasingRows struct {
	driver.Rows
	release func()
}

// Close implements driver.Rows.
func (r *releasingRows) Close() error {
	err := r.Rows.Close()
	if r.release != nil {
		r.release()
		r.release = nil
	}
	return err
}
