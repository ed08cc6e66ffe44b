package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// A swap on PostgreSQL writes its order, then its ledger entry: two statements, two round
// trips, though nothing the swap decides on needs the order's row, only its id. So a swap's
// first statement (TraderReadsLocking) also takes the order's id from its sequence, and
// CreateOffchainOrder keeps the order's insert back (stashedOrder) and answers that id:
// the entry's statement then inserts the order first, and the entry, its postings,
// balances and event only when the order was inserted (insertLedgerEntryPG), one round
// trip. Any other statement the unit sends first, and the unit's end, send the order on
// its own before it (stashQueryer), so the unit reads and commits what it wrote as before.
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

// orderInsertColumns are the columns of an order's insert, its id first, as CreateOffchainOrder
// writes them.
const orderInsertColumns = `id, account_id, kind, instruction_id, order_type, selling_asset, buying_asset, amount_to_sell,
	limit_amount_to_receive, quantity_sold, quantity_bought, price, commission, status, reason, request_hash, expires_at,
	created_at, updated_at`

// orderInsertValues are the typed placeholders of orderInsertColumns (typed: in the
// entry's statement they are a SELECT's, whose parameters PostgreSQL cannot type from the
// columns).
const orderInsertValues = `?::bigint, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text, ?::text,
	?::text, ?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint, ?::bigint`

// stashQueryer runs a unit's statements on PostgreSQL (Postgres.InTx), sending first the
// order its unit kept back, if any.
type stashQueryer struct {
	q     queryer
	order *stashedOrder
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

// flush sends the order kept back, if any, on its own: errRerunUnit when another
// transaction inserted it meanwhile.
func (q *stashQueryer) flush(ctx context.Context) error {
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

// QueryRowContext implements queryer: a failed flush left the transaction aborted, so the
// statement fails too (25P02, which runs the group again).
func (q *stashQueryer) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	_ = q.flush(ctx)
	return q.q.QueryRowContext(ctx, query, args...)
}

// stash returns the unit's stashQueryer, nil when s's statements do not run on one.
func (s *conn) stash() *stashQueryer {
	q, _ := s.q.(*stashQueryer)
	return q
}
