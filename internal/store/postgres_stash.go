package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"github.com/shopspring/decimal"
)

// A swap on PostgreSQL writes its order, then its ledger entry, then the entry's receipt:
// three statements, three round trips, though what the swap goes on with is only the
// order's id, and the entry's id and the balances it leaves in the account's book. So a
// swap's first statement (TraderReadsLocking) also takes the order's and the entry's ids
// from their sequences, after it locked and read the account's book; CreateOffchainOrder
// keeps the order's insert back (stashedOrder) and answers its id; InsertLedgerEntry keeps
// its statement back, the order's insert first in it (stashedEntry), and answers its id
// and the book's balances after it (read under the lock, plus the entry's moves); and
// InsertReceipt sends that statement with the receipt's insert: one write statement, one
// round trip. The entry, its postings, balances, event and receipt are written only when
// the order was inserted (each part reads e, which reads o). Any other statement the unit
// sends first, and the unit's end, send what was kept back on its own before it
// (stashQueryer), so the unit reads and commits what it wrote as before. When the unit's
// group keeps its swaps' writes back for one statement at its end (groupwrites.go), the
// receipt is kept with the entry, and the unit's end hands both to the group.
//
// The order's idempotence holds: an order of the same account, kind and instructionId
// inserted meanwhile by another transaction (a retry racing its first try) makes the
// entry's statement write nothing, and the order sent on its own fail; either way the
// unit's transaction is run again (errRerunUnit), whose first statement then finds the
// order and answers it, as a retry after it would.

// errRerunUnit is a unit's failure that passes when its group runs again from the start:
// the order it kept back was taken by another transaction meanwhile (see above).
var errRerunUnit = errors.New("an order kept back for the entry's statement was inserted by another transaction: run again")

// stashedOrder is the insert of an order that CreateOffchainOrder kept back: the values
// of orderInsertColumns.
type stashedOrder struct {
	args []any
}

// orderColumns are the columns of an order's insert (orderArgs), and orderInsertColumns
// the same with its id first, as a swap's order kept back is inserted.
const (
	orderColumns = `account_id, kind, instruction_id, order_type, selling_asset, buying_asset, amount_to_sell,
	limit_amount_to_receive, quantity_sold, quantity_bought, price, commission, status, reason, request_hash, expires_at,
	created_at, updated_at`
	orderInsertColumns = `id, ` + orderColumns
)

// orderInsertValues are the typed placeholders of orderInsertColumns (typed: in the
// entry's statement they are a SELECT's, whose parameters PostgreSQL cannot type from the
// columns).
const orderInsertValues = `?::bigint, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text,
	?::text, ?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint, ?::bigint`

// stashedEntry is a ledger entry's statement that InsertLedgerEntry kept back for its
// receipt's: its common table expressions (the order's first when gated) and their
// arguments.
type stashedEntry struct {
	ctes string
	args []any
	// id and key are the entry's; gated says it is written only with its order (o).
	id    int64
	key   string
	gated bool
	// rows, instead of ctes and args, are its writes for its group's statement
	// (groupwrites.go), which sends them even when the unit sends them before the group's
	// end: a swap's entry written with its order, when its group keeps writes back.
	// receipt is the values of its receipt's row (InsertReceipt), nil before.
	rows    *keptRows
	receipt []any
}

// receiptCTE writes an entry's receipt in its statement (stashedEntry.send), the
// values of receipt's row its arguments.
const receiptCTE = `, r AS (INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
	SELECT ?::text, ?::bigint, ?::bigint, ?::text, ?::text, ?::bigint, ?::text, ?::bytea, ?::bytea FROM e WHERE true)`

// entryAhead is what InsertLedgerEntry may keep an entry back with: the id a swap's reads
// took for it, and the book they locked with its balances read after the lock.
type entryAhead struct {
	id       int64
	book     string
	balances map[string]decimal.Decimal
}

// entryAhead returns, once, what a swap's reads took for its entry (TraderReadsLocking);
// nil when they took nothing, or a write came after them.
func (s *conn) entryAhead() *entryAhead {
	l := s.swapLocks
	if l == nil || l.entryID == 0 || l.bookBalances == nil || s.stash() == nil {
		return nil
	}
	a := &entryAhead{id: l.entryID, book: l.book, balances: l.bookBalances}
	l.entryID = 0
	return a
}

// stashQueryer runs a unit's statements on PostgreSQL (Postgres.InTx), sending first the
// order or the entry its unit kept back, if any.
type stashQueryer struct {
	q     queryer
	order *stashedOrder
	entry *stashedEntry
	// failed is the first failure of a flush: every later flush, the unit's end's
	// included, returns it, so that a failure no statement reported (QueryRowContext's
	// flush, or an entry that wrote nothing and left the transaction sound) still fails
	// the unit and runs it again.
	failed error
	// group are the writes the unit's group keeps back (groupwrites.go), nil when it
	// keeps none; ahead says the statement running goes ahead of them.
	group *groupWrites
	ahead bool
}

func (q *stashQueryer) onPostgres() bool {
	d, ok := q.q.(dialected)
	return ok && d.onPostgres()
}

// take returns the order kept back, and forgets it: its caller sends it.
func (q *stashQueryer) take() *stashedOrder {
	o := q.order
	q.order = nil
	return o
}

// takeEntry returns the entry kept back, and forgets it: its caller sends it.
func (q *stashQueryer) takeEntry() *stashedEntry {
	e := q.entry
	q.entry = nil
	return e
}

// send runs the entry's statement kept back, with its receipt's insert if it has one:
// errRerunUnit when its order was inserted by another transaction meanwhile (nothing
// written).
func (e *stashedEntry) send(ctx context.Context, q queryer) error {
	var id int64
	more, args := "", e.args
	if e.receipt != nil {
		more, args = receiptCTE, append(e.args[:len(e.args):len(e.args)], e.receipt...)
	}
	err := q.QueryRowContext(ctx, e.ctes+more+` SELECT e.id FROM e`, args...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) && e.gated {
		return fmt.Errorf("insert ledger entry %s with its order: %w", e.key, errRerunUnit)
	}
	if err != nil {
		op := "insert ledger entry"
		if more != "" {
			op = "insert ledger entry and receipt"
		}
		return wrap(op, err)
	}
	if id != e.id {
		return fmt.Errorf("insert ledger entry %s: got id %d, want %d", e.key, id, e.id)
	}
	return nil
}

// flush sends, before a statement of the unit, the writes its group kept back (unless
// the statement is one that goes ahead of them: ahead), then the entry or the order the
// unit kept back, if any: errRerunUnit when another transaction inserted an order
// meanwhile.
func (q *stashQueryer) flush(ctx context.Context) error {
	ahead := q.ahead
	if q.failed == nil && q.entry != nil && q.entry.rows != nil { // sent with the group's
		q.failed, ahead = q.group.add(q.takeEntry()), false
	}
	if q.failed == nil && q.group != nil && !ahead {
		q.failed = q.group.send(ctx, q.q)
	}
	if q.failed == nil {
		q.failed = q.send(ctx)
	}
	return q.failed
}

// finish ends the unit: a swap's entry kept back is kept for its group's statement
// (groupwrites.go) when the group keeps writes back; anything else kept back is sent
// now, after the group's.
func (q *stashQueryer) finish(ctx context.Context) error {
	if q.failed != nil {
		return q.failed
	}
	if q.order == nil && q.entry == nil {
		return nil
	}
	if q.order == nil && q.entry.rows != nil {
		return q.fail(q.group.add(q.takeEntry()))
	}
	return q.flush(ctx)
}

// fail records err as the unit's failure if it is the first (failed), and returns it:
// for the statements that send what was kept back themselves.
func (q *stashQueryer) fail(err error) error {
	if err != nil && q.failed == nil {
		q.failed = err
	}
	return err
}

// send sends what flush sends, once.
func (q *stashQueryer) send(ctx context.Context) error {
	if e := q.takeEntry(); e != nil {
		return e.send(ctx, q.q)
	}
	o := q.take()
	if o == nil {
		return nil
	}
	_, err := q.q.ExecContext(ctx, `INSERT INTO offchain_orders (`+orderInsertColumns+`) VALUES (`+orderInsertValues+`)`, o.args...)
	if err != nil {
		if errors.Is(pgSentinel(err), ErrConflict) {
			return fmt.Errorf("create offchain order: %w", errRerunUnit)
		}
		return wrap("create offchain order", err)
	}
	return nil
}

func (q *stashQueryer) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	if err := q.flush(ctx); err != nil {
		return nil, err
	}
	return q.q.ExecContext(ctx, query, args...)
}

func (q *stashQueryer) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	if err := q.flush(ctx); err != nil {
		return nil, err
	}
	return q.q.QueryContext(ctx, query, args...)
}

// QueryRowContext implements queryer: the statement runs after a failed flush too (its
// row cannot carry the failure), which the unit's end then returns (failed).
func (q *stashQueryer) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	_ = q.flush(ctx)
	return q.q.QueryRowContext(ctx, query, args...)
}

// stash returns the unit's stashQueryer, nil when s's statements do not run on one.
func (s *conn) stash() *stashQueryer {
	q, _ := s.q.(*stashQueryer)
	return q
}
