package store

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/shopspring/decimal"
)

// A swap on PostgreSQL is two statements: its reads and locks (TraderReadsLocking) and
// its writes (postgres_stash.go), each paying a fixed cost that dwarfs its rows: the
// executor's start of every table and index it touches, a round trip. A group commit's
// swaps therefore keep their write statements back until the group's end (groupWrites),
// where one statement writes all of them, each table's rows in one multi-row insert
// (unnest of one array per column): the fixed cost of the writes is paid per group.
//
// What makes that sound:
//   - A swap's reads come before its writes, and what a later swap of the group reads
//     must include the earlier swaps' writes. Its reads are the account's own rows (its
//     book, holds, receipt head, orders) and the balance of the house shard it claims. A
//     swap of an account with writes kept back sends them first (as does every other
//     statement of a unit: only TraderReadsLocking of another account goes ahead of
//     them), and the shard's balance it read is added the moves kept back on it
//     (pendingMove): the group's transaction holds the shard's lock since it first
//     claimed it, so nothing else moved it meanwhile.
//   - Each unit still fails alone. The writes kept back are sent outside every unit's
//     savepoint (at the group's end) or, when a later unit's statement sends them, inside
//     that unit's: if that unit then fails, rolling it back to its savepoint would take the
//     earlier units' writes with it, so the whole group runs again instead (errRerunGroup),
//     without keeping writes back (a group's reruns never do); so does a group whose
//     writes' statement fails (a swap's order inserted meanwhile by its retry on another
//     replica, say), where each unit then writes and fails on its own again.
//   - The balances are moved relative to themselves (balance + the sum of the group's
//     moves of each row, exact numeric arithmetic), in (book, asset) order, as a swap's
//     own statement moves them, so the rows end as they would have.

// errRerunGroup is the failure of writes a group kept back, or of a unit whose savepoint
// holds them: the group runs again, keeping none back.
var errRerunGroup = errors.New("a group's kept-back writes failed: it runs again, each unit writing its own")

// groupWrites are the writes a group's swaps kept back for the group's end. Only the
// lane running the group touches it.
type groupWrites struct {
	// units counts the swaps kept back; accounts are their accounts, books the books
	// they move, moves what they move per balance row.
	units    int
	accounts map[string]bool
	books    map[string]bool
	moves    map[bookAsset]decimal.Decimal
	// The statement's arguments, a column each: orders, entries, postings, balance moves,
	// events and receipts.
	orders, entries, postings, balances, events, receipts columns
	// sentInUnit says a statement of the unit running now sent the writes kept back
	// (reset as each unit starts).
	sentInUnit bool
	// sends counts the statements that wrote kept-back writes, sent the swaps they wrote.
	sends, sent int
}

// The column types of each table's rows in the group's statement.
var (
	orderTypes   = []string{"bigint", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "text", "bigint", "bigint", "bigint"}
	entryTypes   = []string{"bigint", "text", "text", "text", "text", "bigint", "bigint"}
	postingTypes = []string{"bigint", "bigint", "text", "text", "text"}
	balanceTypes = []string{"text", "text", "text"}
	eventTypes   = []string{"text", "text", "text", "text", "text", "bigint"}
	receiptTypes = []string{"text", "bigint", "bigint", "text", "text", "bigint", "text", "bytea", "bytea"}
)

// unnestOf is unnest over one typed array parameter per column of types.
func unnestOf(types []string) string {
	parts := make([]string, len(types))
	for i, t := range types {
		parts[i] = "?::" + t + "[]"
	}
	return "unnest(" + strings.Join(parts, ", ") + ")"
}

// groupWritesSQL writes a group's swaps kept back, every table's rows in one insert, and
// answers how many orders it inserted: fewer than the swaps when a retry of one on
// another replica inserted its order meanwhile (then the group runs again).
var groupWritesSQL = `WITH o AS (INSERT INTO offchain_orders (` + orderInsertColumns + `)
		SELECT * FROM ` + unnestOf(orderTypes) + `
		ON CONFLICT (account_id, kind, instruction_id) DO NOTHING RETURNING 1),
	e AS (INSERT INTO ledger_entries (id, external_key, kind, account_id, meta, created_at, receipt_seq)
		SELECT * FROM ` + unnestOf(entryTypes) + `),
	p AS (INSERT INTO ledger_postings (entry_id, seq, book, asset, amount)
		SELECT * FROM ` + unnestOf(postingTypes) + `),
	b AS (INSERT INTO ledger_balances (book, asset, balance)
		SELECT v.book, v.asset, sum(v.move::numeric)::text FROM ` + unnestOf(balanceTypes) + ` AS v (book, asset, move)
		GROUP BY v.book, v.asset ORDER BY v.book, v.asset
		ON CONFLICT (book, asset) DO UPDATE SET balance = (ledger_balances.balance::numeric + excluded.balance::numeric)::text),
	ev AS (INSERT INTO events (kind, source, account_id, trader, payload, created_at)
		SELECT * FROM ` + unnestOf(eventTypes) + `),
	r AS (INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
		SELECT * FROM ` + unnestOf(receiptTypes) + `)
	SELECT count(*) FROM o`

// keptRows are one swap's rows, as the group's statement writes them: kept by
// InsertLedgerEntry with the entry's statement (stashedEntry.rows).
type keptRows struct {
	account  string
	order    []any
	entry    []any
	postings [][]any
	// moves are what the entry moves each balance row by.
	moves map[bookAsset]decimal.Decimal
	event []any
}

// touches reports whether writes kept back are account's or move book.
func (w *groupWrites) touches(account, book string) bool { return w.accounts[account] || w.books[book] }

// pendingMove is what the writes kept back move the balance of (book, asset) by.
func (w *groupWrites) pendingMove(book, asset string) decimal.Decimal {
	return w.moves[bookAsset{book, asset}]
}

// add keeps back a unit's entry (its rows and receipt) for the group's statement.
func (w *groupWrites) add(e *stashedEntry) error {
	r := e.rows
	if w.accounts == nil {
		w.reset()
	}
	type keptRow struct {
		c   *columns
		row []any
	}
	rows := []keptRow{{&w.orders, r.order}, {&w.entries, r.entry}}
	if r.event != nil {
		rows = append(rows, keptRow{&w.events, r.event})
	}
	if e.receipt != nil {
		rows = append(rows, keptRow{&w.receipts, e.receipt})
	}
	for _, p := range r.postings {
		rows = append(rows, keptRow{&w.postings, p})
	}
	for k, m := range r.moves {
		rows = append(rows, keptRow{&w.balances, []any{k.book, k.asset, m.String()}})
	}
	// Checked first, appended after: a row of the wrong shape leaves nothing half kept.
	for _, x := range rows {
		if err := x.c.check(x.row); err != nil {
			return fmt.Errorf("keep back the writes of %s's entry %s: %w", r.account, e.key, err)
		}
	}
	for _, x := range rows {
		x.c.append(x.row)
	}
	w.units++
	w.accounts[r.account] = true
	for k, m := range r.moves {
		w.moves[k] = w.moves[k].Add(m)
		w.books[k.book] = true
	}
	return nil
}

// send writes what is kept back, if anything, in one statement on q, and forgets it:
// errRerunGroup when it fails, or an order of it was inserted by another transaction
// meanwhile: the group runs again.
func (w *groupWrites) send(ctx context.Context, q queryer) error {
	if w == nil || w.units == 0 {
		return nil
	}
	w.sentInUnit, w.sends, w.sent = true, w.sends+1, w.sent+w.units
	args := make([]any, 0, len(orderTypes)+len(entryTypes)+len(postingTypes)+len(balanceTypes)+len(eventTypes)+len(receiptTypes))
	for _, c := range []*columns{&w.orders, &w.entries, &w.postings, &w.balances, &w.events, &w.receipts} {
		args = append(args, c.args()...)
	}
	n := w.units
	w.reset()
	var inserted int
	if err := q.QueryRowContext(ctx, groupWritesSQL, args...).Scan(&inserted); err != nil {
		// The group's failure, not one unit's: it runs again, keeping nothing back.
		return fmt.Errorf("write %d swaps kept back for their group: %w: %w", n, errRerunGroup, wrap("group writes", err))
	}
	if inserted != n {
		return fmt.Errorf("write %d swaps kept back for their group: %d orders inserted, the others by another transaction meanwhile: %w",
			n, inserted, errRerunGroup)
	}
	return nil
}

// reset forgets what is kept back.
func (w *groupWrites) reset() {
	*w = groupWrites{sends: w.sends, sent: w.sent, sentInUnit: w.sentInUnit,
		accounts: map[string]bool{}, books: map[string]bool{}, moves: map[bookAsset]decimal.Decimal{},
		orders: columns{types: orderTypes}, entries: columns{types: entryTypes}, postings: columns{types: postingTypes},
		balances: columns{types: balanceTypes}, events: columns{types: eventTypes}, receipts: columns{types: receiptTypes}}
}

// columns are rows kept back as one slice per column, each of its column's Go type
// (int64, string or []byte; a bigint column takes a uint64 that fits), as pgx encodes PostgreSQL's arrays.
type columns struct {
	types []string
	cols  []any
}

// check returns an error unless row fits the columns' types (a bigint, a string or a
// []byte each, as its type says).
func (c *columns) check(row []any) error {
	if len(row) != len(c.types) {
		return fmt.Errorf("%d values for %d columns", len(row), len(c.types))
	}
	for i, v := range row {
		ok := false
		switch c.types[i] {
		case "bigint":
			_, ok = bigint(v)
		case "text":
			_, ok = v.(string)
		case "bytea":
			_, ok = v.([]byte)
		}
		if !ok {
			return fmt.Errorf("column %d (%s): a %T", i, c.types[i], v)
		}
	}
	return nil
}

// append adds a row that check accepted.
func (c *columns) append(row []any) {
	c.init()
	for i, v := range row {
		switch col := c.cols[i].(type) {
		case []int64:
			n, _ := bigint(v)
			c.cols[i] = append(col, n)
		case []string:
			c.cols[i] = append(col, v.(string))
		case [][]byte:
			c.cols[i] = append(col, v.([]byte))
		}
	}
}

// bigint is v as a bigint column's value: an int64, or a uint64 that fits one.
func bigint(v any) (int64, bool) {
	switch n := v.(type) {
	case int64:
		return n, true
	case uint64:
		return int64(n), n <= math.MaxInt64
	}
	return 0, false
}

// init makes the columns' empty slices.
func (c *columns) init() {
	if c.cols != nil {
		return
	}
	c.cols = make([]any, len(c.types))
	for i, t := range c.types {
		switch t {
		case "bigint":
			c.cols[i] = []int64{}
		case "text":
			c.cols[i] = []string{}
		case "bytea":
			c.cols[i] = [][]byte{}
		}
	}
}

// args are the columns' arrays as the statement's arguments (empty for a table with no
// rows kept back).
func (c *columns) args() []any {
	c.init()
	return c.cols
}
