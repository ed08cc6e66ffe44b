package store

import (
	"context"
	"crypto/rand"
	"database/sql"
	"database/sql/driver"
	"embed"
	"encoding/hex"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

//go:embed migrations/postgres/*.sql
var pgMigrationFiles embed.FS

// Postgres is the Store shared by several gateway processes (replicas) on one PostgreSQL
// database, through pgx's database/sql driver: the concept methods are SQLite's, with the
// placeholders rewritten (dialect.go).
//
// Every transaction the store opens (InTx, and the methods that write several rows) runs
// at SERIALIZABLE isolation, unless its unit of work says it locks what it decides on
// (RowLocked): PostgreSQL then guarantees that concurrent transactions of all replicas
// have the effect of some serial order, which is what SQLite's single writer gives, so a
// unit of work may read a balance, a hold or a quote and write on what it read (the
// ledger, relays, quotes and withdrawals do) without a lost update or a write skew. No
// transaction takes a global lock: those of unrelated accounts run side by side, in every
// replica. What would make them collide is locked narrowly: a book's balance is written
// relative to itself (no read-then-write), the ledger locks the user books an entry
// moves (LockLedgerBooks, one global order) before it reads what it decides on, the
// house's books are split into shards a trade claims without waiting (TryLockHouseShard),
// and events are numbered by their transaction's id with no lock, readers stopping at
// their snapshot's horizon (migration 0076). A unit marked RowLocked (a swap)
// runs at READ COMMITTED in a group of its own kind: each of its statements sees what
// committed before it, and every row it decides on is one it locked first.
//
// As on SQLite, a store runs its units of work queued behind a commit in one
// transaction, each in its own savepoint (groupcommit.go). A unit after the first of its
// transaction never waits for a lock (errLockBusy): it is rolled back to its savepoint
// and run again after the group, first in a transaction, when it may wait, taking its
// locks in one order. A group that
// loses a conflict all the same (SQLSTATE 40001, or a deadlock, 40P01, in any unit or at
// the commit) is rolled back and run again from the start, every unit's fn again, up to
// pgTxAttempts times, from its pgQueuedRun'th run on one rerun at a time across the
// replicas (pgGroup.begin); so InTx's fn may run more than once and must not act outside tx. A
// lone statement outside a transaction runs at READ COMMITTED: each is atomic, and its
// WHERE clause re-checks the row it changes (no money path reads, then writes, outside a
// transaction).
//
// Outbox readers in any replica are woken by LISTEN/NOTIFY: each store keeps one
// listening connection, re-established after a loss, and after its own commits that wrote
// events notifies the others from a connection of its own (pgBell), not in the commit.
type Postgres struct {
	db  *sql.DB
	cfg *pgx.ConnConfig
	// origin marks this store's commits in their notifications, so the listener skips them
	// (InTx and the methods signal their own commits at once).
	origin string
	conn
	// bell tells other processes of this store's commits that wrote events.
	bell      *pgBell
	stop      context.CancelFunc
	done      chan struct{}
	closeOnce sync.Once
	closeErr  error
	// trips counts the round trips of the pool's connections (RoundTrips).
	trips *atomic.Int64
	// queued counts the group runs that queued behind other replicas' reruns (pgGroup).
	queued atomic.Int64
	// peerHeard is when the listener last heard another process's commit that wrote
	// events (unix nanoseconds).
	peerHeard atomic.Int64
}

var _ Store = (*Postgres)(nil)

// Transaction retry and pool settings.
const (
	// pgTxAttempts bounds the runs of a transaction that keeps losing conflicts.
	pgTxAttempts = 12
	// pgQueuedRun is the first run of a group that queues behind other replicas' reruns
	// (pgRerunLock): after two lost conflicts.
	pgQueuedRun = 3
	// pgRerunLock is the advisory lock key of reruns ("dtwg" "rrn").
	pgRerunLock int64 = 0x64747767_0072726e
	// pgMaxGroup bounds the units of work of one transaction: its savepoints' subtransaction
	// ids stay within what PostgreSQL caches per transaction (64), so other sessions'
	// snapshots need not look them up.
	pgMaxGroup = 32
	// pgMigrateLock is the advisory lock key of migrations ("dtwg" "mig").
	pgMigrateLock int64 = 0x64747767_006d6967
	// pgListenRetryMax is the longest wait between attempts to re-establish the listener.
	pgListenRetryMax = 5 * time.Second
)

// pgLockedLanes is how many groups of RowLocked units (swaps) one store runs at once:
// with no global lock their transactions run side by side, and a unit's statements are
// round trips, so one group at a time would leave the CPUs idle while the next waits.
// One per CPU, at least two; the house's shards (config.DefaultHouseShards) outnumber
// the lanes of a few replicas. While other replicas are busy (peersBusy) a lane after
// the first starts a group only beside one older than laneGrace.
func pgLockedLanes() int { return max(2, runtime.GOMAXPROCS(0)) }

// pgPeerBusyFor is how long after another process's notification (pgBell) the store
// counts other replicas as busy on the database: under load each rings every pgBellGap.
const pgPeerBusyFor = time.Second

// peersBusy reports whether another process committed events within pgPeerBusyFor: then
// this store's RowLocked lanes after the first start a group only beside a group older
// than laneGrace (groupCommitter.laneWait), so that three replicas sharing the clients
// run about as many transactions at once as one replica does, each with more units.
func (p *Postgres) peersBusy() bool {
	heard := p.peerHeard.Load()
	return heard != 0 && time.Since(time.Unix(0, heard)) < pgPeerBusyFor
}

// Notification channels (migration 0004).
const (
	pgEventsChannel = "dtwgate_events"
	pgAccessChannel = "dtwgate_access"
	// pgRelaysChannel is notified by commits that wrote relays (migration 0066).
	pgRelaysChannel = "dtwgate_relays"
)

// OpenPostgres connects to the database at dsn (a postgres:// URL or a key=value
// connection string), applies migrations, and starts listening for other processes'
// commits.
func OpenPostgres(ctx context.Context, dsn string) (*Postgres, error) {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil {
		return nil, fmt.Errorf("postgres dsn: %w", err)
	}
	var id [8]byte
	_, _ = rand.Read(id[:])
	origin := hex.EncodeToString(id[:])
	cfg.RuntimeParams["dtwgate.origin"] = origin
	cfg.RuntimeParams["application_name"] = "dtwgate"
	trips := new(atomic.Int64)
	db := sql.OpenDB(pipeConnector{inner: stdlib.GetConnector(*cfg), trips: trips})
	conns := max(8, 4*runtime.GOMAXPROCS(0))
	db.SetMaxOpenConns(conns)
	db.SetMaxIdleConns(conns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	pg := &pgDB{db: db}
	p := &Postgres{
		db: db, cfg: cfg, origin: origin, trips: trips,
		conn: conn{q: pg, r: pg, root: db, notify: newNotifier(), access: newNotifier(), relays: newNotifier()},
		done: make(chan struct{}),
	}
	if err := p.migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	p.group = newGroupCommitter(pgGroup{db: db, iso: sql.LevelSerializable, queued: &p.queued}, pgMaxGroup, pgTxAttempts)
	p.locked = newGroupCommitterLanes(pgGroup{db: db, iso: sql.LevelReadCommitted, queued: &p.queued}, pgMaxGroup, pgTxAttempts, pgLockedLanes(),
		func(g *groupCommitter) {
			g.crowded = p.peersBusy
			g.gather, g.gatherUnits = pgGather, pgGatherUnits
		})
	listening := make(chan error, 1)
	lctx, stop := context.WithCancel(context.Background())
	p.stop = stop
	go p.listen(lctx, listening)
	select {
	case err = <-listening:
	case <-ctx.Done():
		err = ctx.Err()
	}
	if err != nil {
		stop()
		<-p.done
		p.group.close()
		p.locked.close()
		db.Close()
		return nil, fmt.Errorf("postgres listen: %w", err)
	}
	p.bell = newPGBell(cfg, pgEventsChannel, origin, func() bool { return p.notify.waitedWithin(pgReadersFor) })
	p.notify.ring, p.notify.reading = p.bell.ring, p.bell.poke
	return p, nil
}

// migrate applies the migrations not applied yet, in one transaction holding an advisory
// lock: replicas starting together apply each migration once, the others wait and find
// them applied.
func (p *Postgres) migrate(ctx context.Context) error {
	tx, err := p.db.BeginTx(ctx, nil) // READ COMMITTED: after the lock, each statement sees the others' migrations
	if err != nil {
		return fmt.Errorf("migrate: begin: %w", err)
	}
	defer func() { _ = tx.Rollback() }()
	if _, err := tx.ExecContext(ctx, `SELECT pg_advisory_xact_lock($1)`, pgMigrateLock); err != nil {
		return fmt.Errorf("migrate: lock: %w", err)
	}
	if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	if err := applyMigrations(ctx, tx, pgMigrationFiles, "migrations/postgres", "$1"); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("migrate: commit: %w", err)
	}
	return nil
}

// pgGroup runs a group commit's transactions at its isolation level: SERIALIZABLE for
// the store's units of work, READ COMMITTED for those that lock what they decide on
// (RowLocked). No transaction takes a global lock (see Postgres).
type pgGroup struct {
	db  *sql.DB
	iso sql.IsolationLevel
	// queued counts the runs that queued behind other replicas' reruns (begin).
	queued *atomic.Int64
}

// begin implements groupDB. The transaction runs on the *sql.Conn itself, not on a
// *sql.Tx: database/sql watches a Tx's context with a goroutine per transaction and one
// more per query (each Rows' awaitDone), started and ended for every statement of a
// swap, while a group's statements run without cancellation (unitQueryer), so there is
// nothing to watch. The BEGIN waits for the first statement (pipeConn).
//
// From its pgQueuedRun'th run on, a group that kept losing conflicts first takes the
// session lock pgRerunLock, held until its transaction ended: the reruns of every
// replica's losers run one at a time, each meeting only first runs, so one that lost to
// the same rivals over and over does not spend its runs meeting them again (each
// rerun alone would still lose as often as it did). Taken before the BEGIN, the wait is
// outside the transaction, whose snapshot is taken once it holds the lock.
func (g pgGroup) begin(ctx context.Context, run int) (*sql.Conn, groupTx, error) {
	begin, err := pgBegin(g.iso, false)
	if err != nil {
		return nil, nil, err
	}
	c, err := g.db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	tx := &pgConnTx{c: c}
	if run >= pgQueuedRun {
		if _, err := c.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, pgRerunLock); err != nil {
			_ = c.Close()
			return nil, nil, fmt.Errorf("queue behind other reruns: %w", err)
		}
		tx.queued = true
		g.queued.Add(1)
	}
	if _, err := c.ExecContext(ctx, begin); err != nil {
		tx.unqueue()
		_ = c.Close()
		return nil, nil, err
	}
	return c, tx, nil
}

// on implements groupDB: the units' statements have their placeholders rewritten.
func (pgGroup) on(tx groupTx) queryer { return pgTx{tx: tx.(*pgConnTx).c} }

// pgConnTx is a group's transaction on its connection (pgGroup.begin): its end is a
// statement on the connection, which pipeConn sends unless the transaction never
// reached the server.
type pgConnTx struct {
	c    *sql.Conn
	done bool
	// queued: the connection holds pgRerunLock, released once the transaction ended.
	queued bool
}

// ExecContext implements groupTx.
func (t *pgConnTx) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return t.c.ExecContext(ctx, query, args...)
}

// Commit implements groupTx.
func (t *pgConnTx) Commit() error { return t.end(pgCommit) }

// Rollback implements groupTx.
func (t *pgConnTx) Rollback() error { return t.end(pgRollback) }

func (t *pgConnTx) end(query string) error {
	if t.done {
		return sql.ErrTxDone
	}
	t.done = true
	_, err := t.c.ExecContext(context.Background(), query)
	t.unqueue()
	return err
}

// unqueue releases pgRerunLock if the connection holds it. A connection that could not
// release it (lost, or the server says it held none) is not used again: closed, it
// releases the lock with its session.
func (t *pgConnTx) unqueue() {
	if !t.queued {
		return
	}
	t.queued = false
	var released bool
	if err := t.c.QueryRowContext(context.Background(), `SELECT pg_advisory_unlock($1)`, pgRerunLock).Scan(&released); err != nil || !released {
		_ = t.c.Raw(func(any) error { return driver.ErrBadConn })
	}
}

// rerun implements groupDB: a lost conflict or deadlock, a failed statement that a
// unit's fn carried on after (pgRetryable), an order kept back that another
// transaction inserted meanwhile (errRerunUnit), or a failure of the writes a group kept
// back (errRerunGroup).
func (pgGroup) rerun(err error) bool {
	return pgRetryable(err) || errors.Is(err, errRerunUnit) || errors.Is(err, errRerunGroup)
}

// chainsSavepoints implements groupDB: each statement is a round trip, and pgx sends a
// statement without arguments as a simple query, which may hold two.
func (pgGroup) chainsSavepoints() bool { return true }

// keepsWrites implements groupDB: a statement is a round trip and a fixed cost of the
// executor's per table, paid once per group for its swaps' writes.
func (pgGroup) keepsWrites() bool { return true }

// InTx implements Store. fn's Tx runs every method on one SERIALIZABLE transaction (READ
// COMMITTED when ctx is RowLocked), which it may share with other callers' units of work, each in its own savepoint
// (groupCommitter); fn may run more than once (see Postgres), must not use tx after
// returning, must not act outside tx nor write through the Postgres itself (that would
// wait for the transaction fn runs in), and should do only database work (other units
// wait for it).
func (p *Postgres) InTx(ctx context.Context, fn func(tx Tx) error) error {
	var pending pendingSignals
	err := p.conn.tx(ctx, func(q queryer) error {
		pending = pendingSignals{} // what an earlier, rolled-back run wrote is gone
		sq := &stashQueryer{q: q}
		if u, ok := q.(unitQueryer); ok && u.lane != nil {
			sq.group = u.lane.writes
		}
		if err := fn(&conn{q: sq, r: sq, notify: p.notify, access: p.access, relays: p.relays, pending: &pending}); err != nil {
			return err
		}
		return sq.finish(ctx) // what was kept back for a statement that did not come (postgres_stash.go)
	})
	if err == nil && pending.access {
		p.access.signal()
	}
	if err == nil && pending.events {
		p.notify.signal()
	}
	if err == nil && pending.relays {
		p.relays.signal()
	}
	return err
}

// GroupCommits returns how many transactions this store's group commits have run (both
// kinds: the SERIALIZABLE units' and the RowLocked ones') and how many units of work they
// held.
func (p *Postgres) GroupCommits() (transactions, units int64) {
	return p.group.groups.Load() + p.locked.groups.Load(), p.group.units.Load() + p.locked.units.Load()
}

// ReadAheads returns how many swaps the store's group commits read ahead for
// (readahead.go) and how many of them took what was read (the others read on their own,
// after a statement of their group dropped it).
func (p *Postgres) ReadAheads() (read, taken int64) {
	return p.locked.readAheadUnits.Load(), p.locked.readAheadTaken.Load()
}

// Gathers returns how many groups of swaps a lane gathered (gather.go) and how long it
// waited for them in all.
func (p *Postgres) Gathers() (groups int64, waited time.Duration) {
	return p.locked.gathered.Load(), time.Duration(p.locked.gatheredFor.Load())
}

// RoundTrips returns how many round trips to PostgreSQL the store's pool has made (a
// pipeline of held-back statements and the one after them counts one; the listener's
// and the bell's connections are not counted).
func (p *Postgres) RoundTrips() int64 { return p.trips.Load() }

// EventsNotify implements Store: the channel is also closed by other processes' commits
// that wrote events (LISTEN/NOTIFY).
func (p *Postgres) EventsNotify() <-chan struct{} { return p.notify.wait() }

// EventsNotifyBackground implements Store.
func (p *Postgres) EventsNotifyBackground() <-chan struct{} { return p.notify.waitQuietly() }

// AccessNotify implements Store: the channel is also closed by other processes' commits
// that changed access (LISTEN/NOTIFY).
func (p *Postgres) AccessNotify() <-chan struct{} { return p.access.wait() }

// RelaysNotify implements Store: the channel is also closed by other processes' commits
// that moved relays (LISTEN/NOTIFY).
func (p *Postgres) RelaysNotify() <-chan struct{} { return p.relays.wait() }

// Ping implements Store.
func (p *Postgres) Ping(ctx context.Context) error { return p.db.PingContext(ctx) }

// Close implements Store: it stops the listener and closes the pool.
func (p *Postgres) Close() error {
	p.closeOnce.Do(func() {
		p.group.close()
		p.locked.close()
		p.bell.close()
		p.stop()
		<-p.done
		p.closeErr = p.db.Close()
	})
	return p.closeErr
}

// listen keeps a connection listening to the notification channels and wakes this
// store's readers on other processes' commits. The first outcome (listening, or the
// first connection's error) goes to ready; after that, a lost connection is re-established
// with a growing wait, and readers are woken once it listens again, as commits made
// meanwhile were not heard.
func (p *Postgres) listen(ctx context.Context, ready chan<- error) {
	defer close(p.done)
	wait := 100 * time.Millisecond
	started := false
	for {
		err := p.listenOnce(ctx, func() {
			if !started {
				started = true
				ready <- nil
			} else {
				p.notify.wake()
				p.access.wake()
				p.relays.wake()
			}
			wait = 100 * time.Millisecond
		})
		if ctx.Err() != nil {
			return
		}
		if !started {
			ready <- err
			return
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
		wait = min(2*wait, pgListenRetryMax)
	}
}

// listenOnce connects, listens (then calls listening) and relays notifications until the
// connection fails or ctx ends.
func (p *Postgres) listenOnce(ctx context.Context, listening func()) error {
	c, err := pgx.ConnectConfig(ctx, p.cfg.Copy())
	if err != nil {
		return err
	}
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		_ = c.Close(cctx)
	}()
	if _, err := c.Exec(ctx, "LISTEN "+pgEventsChannel+"; LISTEN "+pgAccessChannel+"; LISTEN "+pgRelaysChannel); err != nil {
		return err
	}
	listening()
	for {
		n, err := c.WaitForNotification(ctx)
		if err != nil {
			return err
		}
		if n.Payload == p.origin {
			continue // this store's own commit, signalled when it committed
		}
		switch n.Channel {
		case pgEventsChannel:
			p.peerHeard.Store(time.Now().UnixNano())
			p.notify.wake()
		case pgAccessChannel:
			p.access.wake()
			p.notify.wake()
		case pgRelaysChannel:
			p.relays.wake()
		}
	}
}

// Notifications returns how many notifications of commits that wrote events the store's
// bell sent, and how many of them found another process reading events (those go at most
// pgBellGap apart, the others pgBellQuietGap).
func (p *Postgres) Notifications() (sent, toReaders int64) {
	return p.bell.sent.Load(), p.bell.sentRead.Load()
}
