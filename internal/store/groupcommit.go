package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// maxGroup bounds how many units of work share one SQLite transaction: enough to take
// every request queued behind a commit under load (32 clients), few enough that one
// group's commit stays short.
const maxGroup = 64

// errStoreClosed answers writes that arrive after Close.
var errStoreClosed = errors.New("store is closed")

// errLockBusy is a unit's failure to take a lock another transaction holds while it
// shares its transaction with units before it: only a group's first unit waits for a
// lock, as a unit alone does, since it holds nothing else then (a group holding one
// unit's locks and waiting for another's could deadlock with another replica's group
// taking them in another order). The committer rolls the unit back to its savepoint and
// runs the busy units again after the group, together, the first of them waiting (a
// transaction each would cost a commit, and on PostgreSQL an fsync, per busy unit).
var errLockBusy = errors.New("lock held by another transaction")

// groupTx is a group's transaction: its savepoint statements and its end. Rollback after
// the end does nothing.
type groupTx interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	Commit() error
	Rollback() error
}

var _ groupTx = (*sql.Tx)(nil)

// groupDB is the database a groupCommitter runs its groups on.
type groupDB interface {
	// begin starts a group's transaction on a connection that the group holds until it
	// closes it, after the transaction ended (beginOn); run counts the group's runs, from
	// 1 (a rerun after lost conflicts may first queue behind other stores' reruns).
	begin(ctx context.Context, run int) (*sql.Conn, groupTx, error)
	// on returns what the units' statements run on in tx.
	on(tx groupTx) queryer
	// rerun reports whether a group whose transaction failed with err (a unit's error, a
	// savepoint's or the commit's) may succeed when all of it runs again from the start.
	rerun(err error) bool
	// chainsSavepoints reports whether a unit's savepoint is released by the statement
	// that opens the next one ("RELEASE unit; SAVEPOINT unit", one round trip) and the
	// last by the COMMIT, instead of by a RELEASE of its own.
	chainsSavepoints() bool
	// keepsWrites reports whether a group's swaps keep their writes back for one
	// statement at its end (groupwrites.go), in its first run (a rerun never does).
	keepsWrites() bool
}

// sqliteGroup runs groups on SQLite's writer: a group runs once.
type sqliteGroup struct{ db *sql.DB }

// begin implements groupDB: BEGIN IMMEDIATE (the writer's _txlock) waits up to
// busy_timeout for another process's write lock.
func (g sqliteGroup) begin(ctx context.Context, _ int) (*sql.Conn, groupTx, error) {
	c, tx, err := beginOn(ctx, g.db, nil)
	if err != nil {
		return nil, nil, err
	}
	return c, tx, nil
}

// beginOn takes a connection of db and begins a transaction on it. The caller closes the
// connection once the transaction ended; after a failed Commit it calls
// rollbackFailedCommit first.
func beginOn(ctx context.Context, db *sql.DB, opts *sql.TxOptions) (*sql.Conn, *sql.Tx, error) {
	c, err := db.Conn(ctx)
	if err != nil {
		return nil, nil, err
	}
	tx, err := c.BeginTx(ctx, opts)
	if err != nil {
		_ = c.Close()
		return nil, nil, err
	}
	return c, tx, nil
}

// rollbackFailedCommit ends, on its connection c, a transaction whose COMMIT failed.
// SQLite keeps the transaction open after some failed COMMITs (SQLITE_BUSY, a deferred
// foreign key violation), while database/sql takes the Tx for done whatever Commit
// returned and hands the connection on: a driver that does not roll back itself (modernc
// does today) would leave the next lone write running, unseen and uncommitted, inside the
// failed transaction, and every later BEGIN failing. So ROLLBACK runs here regardless;
// when it fails other than for there being no transaction, the connection is closed,
// which rolls back. (PostgreSQL ends the transaction at any COMMIT it received, and pgx
// closes a connection whose COMMIT failed in a transaction: ROLLBACK changes nothing.)
func rollbackFailedCommit(ctx context.Context, c *sql.Conn) {
	_, err := c.ExecContext(ctx, `ROLLBACK`)
	if err == nil || strings.Contains(err.Error(), "no transaction is active") {
		return
	}
	_ = c.Raw(func(any) error { return driver.ErrBadConn }) // database/sql closes it
}

// on implements groupDB: tx is the *sql.Tx of begin.
func (sqliteGroup) on(tx groupTx) queryer { return tx.(*sql.Tx) }

// rerun implements groupDB: what fails on SQLite fails again.
func (sqliteGroup) rerun(error) bool { return false }

// chainsSavepoints implements groupDB: SQLite's statements are calls, not round trips,
// and the statement cache prepares one statement per text.
func (sqliteGroup) chainsSavepoints() bool { return false }

// keepsWrites implements groupDB: a statement on SQLite is a call, not a round trip.
func (sqliteGroup) keepsWrites() bool { return false }

// groupCommitter is the writer's group commit. A transaction's cost is mostly fixed
// (SQLite: BEGIN, the write lock, a WAL frame for every page it touched, and COMMIT;
// PostgreSQL: the round trips, the commit's WAL flush, and the conflicts with other
// replicas' transactions): concurrent units of work that modify the same rows (the
// house's balances, the events table, the indexes) each paid it and, on PostgreSQL,
// failed each other. The committer runs the units queued while the previous group
// committed in one transaction, each in its own SAVEPOINT, so each still commits or
// rolls back on its own: a unit whose fn fails is rolled back to its savepoint and told
// its error, the others go on. No unit is told it succeeded before the transaction
// holding it committed, and when that commit fails every unit of the group is told so
// (none of them is kept). A failure that the database says may pass when run again (on
// PostgreSQL a lost serialization conflict or a deadlock, in a unit or at the commit)
// rolls the whole group back and runs it again from the start, every unit's fn again,
// up to maxRuns runs.
//
// A unit's statements run with its caller's context values but without its
// cancellation: SQLite answers an interrupted write inside a transaction by rolling the
// whole transaction back, which would take the group's other units with it. A caller
// that gives up before its unit starts (or before its group runs again) is dropped,
// unrun (a queued one is told when its group starts, a few groups later at most).
type groupCommitter struct {
	db groupDB
	// maxUnits bounds a group; maxRuns bounds the runs of a group that is run again.
	maxUnits, maxRuns int
	reqs              chan *unit
	stop              chan struct{}
	done              chan struct{}
	once              sync.Once
	// waiting counts callers that have not yet been taken into a group; groups and units
	// count the transactions run and the units they held; reruns counts the groups run
	// again.
	waiting, groups, units, reruns atomic.Int64
	// keptSends counts the statements that wrote swaps' writes kept back for their
	// group's end (groupwrites.go), keptSwaps the swaps they wrote; readAheads the
	// statements that read ahead for a group's first swaps (readahead.go), readAheadUnits
	// the swaps they read for, readAheadTaken those whose rows their swap took.
	keptSends, keptSwaps                       atomic.Int64
	readAheads, readAheadUnits, readAheadTaken atomic.Int64
	// crowded, when set and true, keeps a lane from starting a group while another is in
	// a group younger than the grace (laneWait).
	crowded func() bool
	// turn is held by the one lane that may take the next unit (and waits first, when
	// crowded): lanes take units one after another.
	turn chan struct{}
	// laneSince holds, per lane, when its group began (unix nanoseconds; 0 when idle).
	laneSince []atomic.Int64
	// groupTime is a moving average of how long the lanes' groups take (nanoseconds).
	groupTime atomic.Int64
	// gather, when positive, is how long a lane waits for more units after taking those
	// queued, while callers queue behind the lanes, until its group holds gatherUnits
	// (gather.go); unitsAvg is a moving average of the units per group, in
	// 1/unitsScale.
	gather      time.Duration
	gatherUnits int
	unitsAvg    atomic.Int64
	// gathered counts the groups whose lane gathered, gatheredFor the time it took
	// (nanoseconds).
	gathered, gatheredFor atomic.Int64
}

// Lane grace bounds: while the committer is crowded, a lane's group runs twice the
// recent groups' average before the next lane may start one beside it, at least
// laneGrace and at most laneGraceMax, so that a group waiting for a lock (another
// transaction holds an account's book) holds back the others' units at most that long,
// while groups that are only slow (a loaded machine) do not open the next lane.
const (
	laneGrace    = 10 * time.Millisecond
	laneGraceMax = 40 * time.Millisecond
)

// grace returns the current lane grace (see laneGrace).
func (g *groupCommitter) grace() int64 {
	return min(max(2*g.groupTime.Load(), int64(laneGrace)), int64(laneGraceMax))
}

// timed records a group's duration and its units in the moving averages (1/8 weight;
// lanes racing here lose a sample, no more).
func (g *groupCommitter) timed(d time.Duration, units int) {
	avg := g.groupTime.Load()
	g.groupTime.Store(avg + (int64(d)-avg)/8)
	avg = g.unitsAvg.Load()
	g.unitsAvg.Store(avg + (int64(units)*unitsScale-avg)/8)
}

// laneWait reports whether lane i, whose turn it is to take the next unit, should leave
// it for a while: the committer is crowded and another lane is in a group younger than
// the grace. Other replicas busy on the same database (Postgres.peersBusy) make it crowded:
// their groups already keep the CPUs busy, and each transaction more in flight made
// every replica's groups smaller (more commits per swap) and the database's hot pages
// and locks more contended.
func (g *groupCommitter) laneWait(i int) bool {
	if g.crowded == nil || !g.crowded() {
		return false
	}
	now, grace := time.Now().UnixNano(), g.grace()
	for j := range g.laneSince {
		if since := g.laneSince[j].Load(); j != i && since != 0 && now-since < grace {
			return true
		}
	}
	return false
}

// lane is what one of a committer's lanes (the goroutine running its groups, one after
// another) remembers across its transactions: the house shard its units claimed last
// (LastHouseShard), where its next units start, so that two lanes of one store, whose
// units would all start from their Trading's home shard, each keep to a shard of their
// own instead of trying first the one the other lane's transaction holds. Only the
// lane's goroutine touches it.
type lane struct {
	houseShard int
	claimed    bool
	// writes are what the units of the lane's group keep back for its end
	// (groupwrites.go), nil when the group keeps none.
	writes *groupWrites
	// statements counts the statements the lane's units ran; ahead is what the lane read
	// ahead for its group's first swaps (readahead.go), nil when nothing was, taken how
	// many of them took their rows in the group.
	statements, taken int
	ahead             *readAhead
}

// unit is one caller's transaction.
type unit struct {
	ctx context.Context
	fn  func(tx queryer) error
	err error
	// panicked is what fn panicked with; the caller panics with it again.
	panicked any
	// busy: fn found a lock taken (errLockBusy) in a group; it runs again after it.
	busy bool
	done chan struct{}
}

func newGroupCommitter(db groupDB, maxUnits, maxRuns int) *groupCommitter {
	return newGroupCommitterLanes(db, maxUnits, maxRuns, 1)
}

// newGroupCommitterLanes is a committer with lanes groups in flight at once, each on its
// own connection and transaction, taking units from one queue: for a database where
// transactions run side by side (PostgreSQL without a global lock), so that one group's
// round trips do not hold back the next. Each of tune sets what the committer is told
// beyond that (crowded, gather) before its lanes start.
func newGroupCommitterLanes(db groupDB, maxUnits, maxRuns, lanes int, tune ...func(*groupCommitter)) *groupCommitter {
	lanes = max(1, lanes)
	g := &groupCommitter{db: db, maxUnits: maxUnits, maxRuns: maxRuns,
		reqs: make(chan *unit, maxUnits*lanes), stop: make(chan struct{}), done: make(chan struct{}),
		laneSince: make([]atomic.Int64, lanes), turn: make(chan struct{}, 1)}
	for _, t := range tune {
		t(g)
	}
	var wg sync.WaitGroup
	for i := range lanes {
		wg.Add(1)
		go func() {
			defer wg.Done()
			g.run(i)
		}()
	}
	go func() {
		wg.Wait()
		close(g.done)
	}()
	return g
}

// do runs fn in a transaction shared with other callers' units and returns once that
// transaction has committed (nil) or fn's own error, or the commit's.
func (g *groupCommitter) do(ctx context.Context, fn func(tx queryer) error) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	u := &unit{ctx: ctx, fn: fn, done: make(chan struct{})}
	g.waiting.Add(1)
	// The queue holds a few groups' units, so that a caller arriving while every lane
	// commits parks once, until its unit is done, instead of once more in the send, to be
	// woken only to wait for done. A unit queued and then given up is dropped unrun when
	// its group starts (started).
	select {
	case g.reqs <- u:
	case <-ctx.Done():
		g.waiting.Add(-1)
		return ctx.Err()
	case <-g.stop:
		g.waiting.Add(-1)
		return errStoreClosed
	}
	select {
	case <-u.done: // bounded: a group runs only database work
	case <-g.done: // the lanes have stopped: a unit still queued never runs
		select {
		case <-u.done:
		default:
			return errStoreClosed
		}
	}
	if u.panicked != nil {
		panic(u.panicked)
	}
	return u.err
}

// close stops the committer after the group it is running; later writes fail.
func (g *groupCommitter) close() {
	g.once.Do(func() { close(g.stop) })
	<-g.done
}

// take waits, on lane i's turn, until the lane may start a group (laneWait), then for
// the group's first unit; false when the committer stops.
func (g *groupCommitter) take(i int, pause *time.Timer, group *[]*unit) bool {
	for g.laneWait(i) {
		pause.Reset(laneGrace / 2) // the least grace
		select {
		case <-pause.C:
		case <-g.stop:
			return false
		}
	}
	select {
	case u := <-g.reqs:
		*group = append((*group)[:0], u)
		return true
	case <-g.stop:
		return false
	}
}

// run is lane i: it runs groups one after another.
func (g *groupCommitter) run(i int) {
	group := make([]*unit, 0, g.maxUnits)
	l := &lane{}
	pause := time.NewTimer(0)
	defer pause.Stop()
	for {
		select {
		case g.turn <- struct{}{}:
		case <-g.stop:
			return
		}
		if !g.take(i, pause, &group) {
			<-g.turn
			return
		}
		g.laneSince[i].Store(time.Now().UnixNano())
		g.drain(&group)
		if g.gathering(len(group)) {
			g.gatherMore(pause, &group)
			g.drain(&group)
		}
		<-g.turn
		g.waiting.Add(-int64(len(group)))
		g.commit(group, l)
		g.timed(time.Duration(time.Now().UnixNano()-g.laneSince[i].Load()), len(group))
		g.laneSince[i].Store(0)
		for _, u := range group {
			close(u.done)
		}
	}
}

// commit runs a group in one transaction, again while it fails in a way that may pass,
// and sets each unit's outcome.
func (g *groupCommitter) commit(group []*unit, l *lane) {
	live := started(group)
	for run := 1; len(live) > 0; run++ {
		g.groups.Add(1)
		g.units.Add(int64(len(live)))
		if g.try(live, l, run) == nil || run == g.maxRuns {
			break
		}
		g.reruns.Add(1)
		time.Sleep(rerunBackoff(run))
		live = started(live)
	}
	// The busy units run again as a group, whose first waits for the locks it found
	// taken; the others get them in its transaction or are busy again, fewer each time.
	var busy []*unit
	for _, u := range group {
		if u.busy {
			u.busy = false
			busy = append(busy, u)
		}
	}
	if len(busy) > 0 {
		g.commit(busy, l)
	}
}

// rerunBackoff is how long a group that lost a conflict (PostgreSQL: a serialization
// failure or a deadlock) waits before its run after run: a random time up to 0.5 ms
// doubled per run (at most 16 ms), so that the transactions that met do not meet again
// in lockstep until their runs are spent.
func rerunBackoff(run int) time.Duration {
	ceiling := 500 * time.Microsecond << min(run-1, 5)
	return time.Duration(rand.Int64N(int64(ceiling)))
}

// started returns the units whose callers still wait, and tells the others why not.
func started(group []*unit) []*unit {
	live := group[:0:0]
	for _, u := range group {
		if err := u.ctx.Err(); err != nil {
			u.err, u.panicked = err, nil
			continue
		}
		live = append(live, u)
	}
	return live
}

// try runs the units in one transaction, the group's run'th, and sets their outcomes; it
// returns the failure that calls for running them all again, if any.
func (g *groupCommitter) try(live []*unit, l *lane, run int) (rerun error) {
	for _, u := range live {
		u.err, u.panicked, u.busy = nil, nil, false
	}
	ctx := context.WithoutCancel(live[0].ctx)
	c, tx, err := g.db.begin(ctx, run)
	if err != nil {
		for _, u := range live {
			u.err = fmt.Errorf("begin: %w", err)
		}
		return g.rerunOn(err)
	}
	defer func() {
		_ = tx.Rollback() // after the commit, a no-op
		_ = c.Close()
	}()
	q := g.db.on(tx)
	l.writes = nil
	if run == 1 && g.db.keepsWrites() {
		l.writes = &groupWrites{}
	}
	defer func() {
		if w := l.writes; w != nil {
			g.keptSends.Add(int64(w.sends))
			g.keptSwaps.Add(int64(w.sent))
		}
		g.readAheadTaken.Add(int64(l.taken))
		l.writes, l.ahead, l.taken = nil, nil, 0
	}()
	if l.writes != nil && len(live) > 1 { // the first swaps' reads in one statement
		if err := l.readAhead(ctx, q, live); err != nil {
			for _, u := range live {
				u.err = err
			}
			return g.rerunOn(err)
		}
		if l.ahead != nil {
			g.readAheads.Add(1)
			g.readAheadUnits.Add(int64(len(l.ahead.units)))
		}
	}
	kept := live[:0:0]
	if len(live) == 1 { // alone: no savepoint needed, the transaction is the unit's
		u := live[0]
		if u.err = u.call(q, true, l); u.err != nil {
			return g.rerunOn(u.err)
		}
		kept = live
	} else {
		for i, u := range live {
			ok, abort := g.inSavepoint(tx, q, u, i == 0, l)
			if abort != nil { // the transaction is gone: nothing of the group is kept
				for _, v := range append(kept, live[i+1:]...) {
					v.err = fmt.Errorf("group transaction aborted by another unit's failure, nothing was written: %w", abort)
				}
				return g.rerunOn(abort)
			}
			if ok {
				kept = append(kept, u)
			}
		}
	}
	if len(kept) == 0 {
		return nil
	}
	if err := l.writes.send(ctx, q); err != nil { // what the kept units kept back
		for _, u := range kept {
			u.err = err
		}
		return g.rerunOn(err)
	}
	if err := tx.Commit(); err != nil {
		rollbackFailedCommit(ctx, c)
		for _, u := range kept {
			u.err = fmt.Errorf("commit: %w", err)
		}
		return g.rerunOn(err)
	}
	return nil
}

// rerunOn returns err when it calls for running the group again, else nil.
func (g *groupCommitter) rerunOn(err error) error {
	if g.db.rerun(err) {
		return err
	}
	return nil
}

// call runs the unit's fn on q, turning a panic into an error (the caller re-panics);
// waits says whether it may wait for locks (alone in its transaction, or first in it); l
// is the lane running it.
func (u *unit) call(q queryer, waits bool, l *lane) (err error) {
	defer func() {
		if p := recover(); p != nil {
			u.panicked = p
			err = fmt.Errorf("panic in transaction: %v", p)
		}
	}()
	return u.fn(unitQueryer{q: q, ctx: context.WithoutCancel(u.ctx), waits: waits, lane: l})
}

// inSavepoint runs the unit inside a savepoint of tx, its statements on q: ok when it is
// kept; abort when the transaction cannot go on (a savepoint statement failed, e.g.
// SQLite rolled the whole transaction back after an I/O error) or the group is to run
// again (the unit's failure calls for it). first: the unit runs first in tx, holding
// nothing else, so it may wait for locks as a unit alone does. Any later unit finds an
// earlier unit's savepoint open: where the database chains savepoints (chainsSavepoints),
// the statement opening this unit's releases it, and this unit's is left to the next unit
// or the commit.
func (g *groupCommitter) inSavepoint(tx groupTx, q queryer, u *unit, first bool, l *lane) (ok bool, abort error) {
	ctx := context.WithoutCancel(u.ctx)
	chain := g.db.chainsSavepoints()
	open := `SAVEPOINT unit`
	if chain && !first {
		open = `RELEASE unit; SAVEPOINT unit`
	}
	if _, err := tx.ExecContext(ctx, open); err != nil {
		u.err = fmt.Errorf("savepoint: %w", err)
		return false, err
	}
	if l.writes != nil {
		l.writes.sentInUnit = false
	}
	if u.err = u.call(q, first, l); u.err != nil {
		if g.db.rerun(u.err) {
			return false, u.err
		}
		if l.writes != nil && l.writes.sentInUnit {
			// Its savepoint holds earlier units' writes, sent by its statements: the group
			// runs again, keeping none back (groupwrites.go).
			return false, fmt.Errorf("a unit failed after writing its group's earlier units' writes (%w): %w", u.err, errRerunGroup)
		}
		u.busy = errors.Is(u.err, errLockBusy)
		if _, err := tx.ExecContext(ctx, `ROLLBACK TO unit`); err != nil {
			return false, fmt.Errorf("roll back to savepoint: %w", err)
		}
	}
	if chain {
		return u.err == nil, nil
	}
	if _, err := tx.ExecContext(ctx, `RELEASE unit`); err != nil {
		if u.err == nil {
			u.err = fmt.Errorf("release savepoint: %w", err)
		}
		return false, fmt.Errorf("release savepoint: %w", err)
	}
	return u.err == nil, nil
}

// unitQueryer runs a unit's statements on the group's transaction with the unit's
// context values but not its cancellation (see groupCommitter).
type unitQueryer struct {
	q   queryer
	ctx context.Context
	// waits: the unit runs first (or alone) in its transaction and may wait for locks
	// (see errLockBusy).
	waits bool
	// lane is the committer's lane running the unit.
	lane *lane
}

func (q unitQueryer) ExecContext(_ context.Context, query string, args ...any) (sql.Result, error) {
	q.ran()
	return q.q.ExecContext(q.ctx, query, args...)
}

func (q unitQueryer) QueryContext(_ context.Context, query string, args ...any) (*sql.Rows, error) {
	q.ran()
	return q.q.QueryContext(q.ctx, query, args...)
}

func (q unitQueryer) QueryRowContext(_ context.Context, query string, args ...any) *sql.Row {
	q.ran()
	return q.q.QueryRowContext(q.ctx, query, args...)
}

// ran counts a statement of the unit in its lane (lane.statements).
func (q unitQueryer) ran() {
	if q.lane != nil {
		q.lane.statements++
	}
}
