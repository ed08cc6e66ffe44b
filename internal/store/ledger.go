package store

import (
	"cmp"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/outbox"
)

// LedgerPosting is one line of a ledger entry: Amount (signed) added to Book's balance of
// Asset.
type LedgerPosting struct {
	Book   string
	Asset  string
	Amount decimal.Decimal
}

// LedgerEntry is one movement of the OFFCHAIN ledger. Its postings sum to zero per asset
// (the ledger package checks it before the store sees it).
type LedgerEntry struct {
	// ID increases with every entry; 0 before insertion.
	ID int64
	// ExternalKey makes the entry idempotent: the chain transaction and log, the bank's
	// transfer id, the account and instructionId.
	ExternalKey string
	// Kind names the movement (ledger.KindDeposit, ...).
	Kind string
	// AccountID is the account the entry is about ("" for house-only movements).
	AccountID string
	Postings  []LedgerPosting
	// Meta is the kind's JSON detail (location, transaction hash, reference...).
	Meta      json.RawMessage
	CreatedAt time.Time
	// ReceiptSeq is the sequence of the entry's account's receipt of it (0 when it has
	// none), written with the entry (where ReceiptsOfEntries finds the receipt) and
	// corrected by SetEntryReceiptSeq in the rare case its receipt took another.
	ReceiptSeq uint64
	// Event, when set on an entry to insert, is the outbox event written with it
	// (InsertLedgerEntry inserts it in the entry's statement on PostgreSQL).
	Event *outbox.Row
	// Balances are, on the entry InsertLedgerEntry returns, the resulting balances of the
	// books and assets it posted to (book, then asset): what its receipts state, without
	// reading them again. On PostgreSQL, for a swap's entry kept back for its receipt's
	// statement (postgres_stash.go), those of the account's locked book only. Nil on an
	// entry read back.
	Balances map[string]map[string]decimal.Decimal
}

// Hold states.
const (
	HoldOpen     = "OPEN"
	HoldReleased = "RELEASED"
	HoldCaptured = "CAPTURED"
)

// LedgerHold reserves part of a book's balance until released or captured.
type LedgerHold struct {
	Key       string
	Book      string
	Asset     string
	Amount    decimal.Decimal
	State     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// LedgerQuery selects an account's entries of some kinds, oldest first by id.
type LedgerQuery struct {
	AccountID string
	Kinds     []string
	// Start and End bound created_at (unix millis, inclusive); End 0 means no bound.
	Start, End int64
	// AfterID and BeforeID page by entry id (0: no bound).
	AfterID, BeforeID int64
	// Newest returns newest first.
	Newest bool
	Limit  int
}

// Ledger owns the OFFCHAIN ledger's rows. Its writes are meant to run inside InTx, where
// the ledger package checks balances and holds and inserts the entry, its postings and
// its outbox event together.
type Ledger interface {
	// LedgerEntryByKey returns the entry with an external key, or ErrNotFound.
	LedgerEntryByKey(ctx context.Context, key string) (LedgerEntry, error)
	// InsertLedgerEntry inserts an entry and its postings and adds each posting to its
	// book's balance; ErrConflict when the external key exists (on PostgreSQL a swap's
	// entry kept back for its receipt's statement, postgres_stash.go, fails there).
	InsertLedgerEntry(ctx context.Context, e LedgerEntry) (LedgerEntry, error)
	// LedgerBalance returns a book's balance of an asset (zero when it has none).
	LedgerBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	// LedgerBalances returns a book's balance of every asset it ever held.
	LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error)
	// PutLedgerHold inserts a hold; ErrConflict when its key exists.
	PutLedgerHold(ctx context.Context, h LedgerHold) error
	// LedgerHold returns a hold by key, or ErrNotFound.
	LedgerHold(ctx context.Context, key string) (LedgerHold, error)
	// SetLedgerHoldState moves an OPEN hold to state; ErrNotFound when it is not open.
	SetLedgerHoldState(ctx context.Context, key, state string, at time.Time) error
	// UncaptureLedgerHold moves a CAPTURED hold to RELEASED (its capture reversed: the
	// payment it paid was taken out of the chain by a reorg and then failed); ErrNotFound
	// when it is not captured.
	UncaptureLedgerHold(ctx context.Context, key string, at time.Time) error
	// HeldAmounts returns the sums of a book's open holds per asset.
	HeldAmounts(ctx context.Context, book string) (map[string]decimal.Decimal, error)
	// LedgerBook returns, in one statement, what LedgerBalances and HeldAmounts return of
	// book.
	LedgerBook(ctx context.Context, book string) (balances, held map[string]decimal.Decimal, err error)
	// LedgerEntries returns entries of an account, paged by id.
	LedgerEntries(ctx context.Context, q LedgerQuery) ([]LedgerEntry, error)
	// LockLedgerBooks locks books for the rest of the transaction, in one global order,
	// before a unit reads what it decides on (their balances and holds): the ledger's
	// writes lock the user books they move. Outside a transaction, and on SQLite (one
	// writer), it does nothing. A unit after others in its transaction does not wait for
	// a book another transaction holds: the store runs it again, first in a transaction.
	LockLedgerBooks(ctx context.Context, books []string) error
	// TryLockHouseShard locks one shard of the house's books for the rest of the
	// transaction without waiting; false when another transaction holds it.
	TryLockHouseShard(ctx context.Context, shard int) (bool, error)
	// TryLockHouseShardBalance is TryLockHouseShard that also returns, once the shard is
	// held, book's balance of asset (zero when it has none), read after the lock as
	// LedgerBalance would read it: one round trip on PostgreSQL instead of two. ok false
	// (and no balance) when another transaction holds the shard.
	TryLockHouseShardBalance(ctx context.Context, shard int, book, asset string) (ok bool, balance decimal.Decimal, err error)
	// LastHouseShard returns the house shard that units run by the same lane of the group
	// commit as this one claimed last (in this transaction or an earlier one); false
	// when none did, and outside a group commit. It is a hint, read from memory: where a
	// trade's search for a free shard starts, so that the lanes of one store keep apart
	// (the shard may have been released since, by a rollback or a commit).
	LastHouseShard() (shard int, ok bool)
	// LockHouseShard locks one shard of the house's books for the rest of the
	// transaction, waiting for another transaction that holds it; a unit after others in
	// its transaction does not wait: the store runs it again, first in a transaction. A
	// unit waits for a shard only while it holds none (it locks its books first), so
	// shard waits cannot form a cycle.
	LockHouseShard(ctx context.Context, shard int) error
	// HouseBalance returns the balance of asset in a house book summed over its shards
	// (the book itself and each "book/N").
	HouseBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	// LedgerPostingSums returns, per asset, the sum of every posting, and per book and
	// asset, the sum of its postings: what the invariant tests compare with zero and with
	// the derived balances.
	LedgerPostingSums(ctx context.Context) (perAsset map[string]decimal.Decimal, perBook map[string]map[string]decimal.Decimal, err error)
}

var _ Ledger = (*SQLite)(nil)

const ledgerEntryColumns = `id, external_key, kind, account_id, meta, created_at`

func scanLedgerEntry(r scanner) (LedgerEntry, error) {
	var (
		e    LedgerEntry
		meta string
		at   int64
	)
	if err := r.Scan(&e.ID, &e.ExternalKey, &e.Kind, &e.AccountID, &meta, &at); err != nil {
		return e, err
	}
	e.Meta, e.CreatedAt = json.RawMessage(meta), time.UnixMilli(at)
	return e, nil
}

// postings loads the postings of entries (in place).
func (s *conn) postings(ctx context.Context, entries []LedgerEntry) error {
	if len(entries) == 0 {
		return nil
	}
	index := make(map[int64]int, len(entries))
	ids := make([]any, len(entries))
	for i, e := range entries {
		index[e.ID] = i
		ids[i] = e.ID
	}
	rows, err := s.r.QueryContext(ctx, `SELECT entry_id, book, asset, amount FROM ledger_postings WHERE entry_id IN (?`+
		strings.Repeat(", ?", len(ids)-1)+`) ORDER BY entry_id, seq`, ids...)
	if err != nil {
		return wrap("ledger postings", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			id     int64
			p      LedgerPosting
			amount string
		)
		if err := rows.Scan(&id, &p.Book, &p.Asset, &amount); err != nil {
			return wrap("ledger postings", err)
		}
		if p.Amount, err = decimal.NewFromString(amount); err != nil {
			return fmt.Errorf("ledger posting of entry %d: %w", id, err)
		}
		e := &entries[index[id]]
		e.Postings = append(e.Postings, p)
	}
	return wrap("ledger postings", rows.Err())
}

// LedgerEntryByKey implements Ledger.
func (s *conn) LedgerEntryByKey(ctx context.Context, key string) (LedgerEntry, error) {
	e, err := scanLedgerEntry(s.r.QueryRowContext(ctx, `SELECT `+ledgerEntryColumns+` FROM ledger_entries WHERE external_key = ?`, key))
	if err != nil {
		return LedgerEntry{}, wrap("ledger entry", err)
	}
	es := []LedgerEntry{e}
	if err := s.postings(ctx, es); err != nil {
		return LedgerEntry{}, err
	}
	return es[0], nil
}

// bookAsset names one balance: a book's of an asset.
type bookAsset struct{ book, asset string }

// InsertLedgerEntry implements Ledger. It runs a few statements whatever the number of
// postings (on SQLite: the entry; its postings; the balances they move, read together;
// those balances written; on PostgreSQL one, insertLedgerEntryPG): a trade's six
// postings, one statement each way, were most of the write transaction of a swap.
func (s *conn) InsertLedgerEntry(ctx context.Context, e LedgerEntry) (LedgerEntry, error) {
	ahead := s.entryAhead() // before the write forgets the book's read
	s.forgetBookReads()
	meta := string(e.Meta)
	if meta == "" {
		meta = "{}"
	}
	type key = bookAsset
	moves := map[key]decimal.Decimal{}
	var keys []key // once each, sorted below
	for _, p := range e.Postings {
		k := key{p.Book, p.Asset}
		if _, ok := moves[k]; !ok {
			keys = append(keys, k)
		}
		moves[k] = moves[k].Add(p.Amount)
	}
	slices.SortFunc(keys, func(a, b key) int { return cmp.Or(strings.Compare(a.book, b.book), strings.Compare(a.asset, b.asset)) })
	if s.postgres() && len(e.Postings) > 0 {
		err := s.tx(ctx, func(tx queryer) error { return s.insertLedgerEntryPG(ctx, tx, &e, meta, keys, moves, ahead) })
		if err == nil && e.Event != nil {
			s.announce()
		}
		return e, err
	}
	err := s.tx(ctx, func(tx queryer) error {
		if err := s.insertLedgerEntry(ctx, tx, &e, meta, keys, moves); err != nil {
			return err
		}
		if e.Event == nil {
			return nil
		}
		return eventRows{tx}.InsertEvent(ctx, *e.Event)
	})
	if err == nil && e.Event != nil {
		s.announce()
	}
	return e, err
}

// insertLedgerEntry is InsertLedgerEntry's entry, postings and balances on SQLite (on
// PostgreSQL, an entry without postings).
func (s *conn) insertLedgerEntry(ctx context.Context, tx queryer, e *LedgerEntry, meta string, keys []bookAsset, moves map[bookAsset]decimal.Decimal) error {
	type key = bookAsset
	err := tx.QueryRowContext(ctx, `INSERT INTO ledger_entries (external_key, kind, account_id, meta, created_at, receipt_seq)
		VALUES (?, ?, ?, ?, ?, ?) RETURNING id`, e.ExternalKey, e.Kind, e.AccountID, meta, e.CreatedAt.UnixMilli(), e.ReceiptSeq).Scan(&e.ID)
	if err != nil {
		return wrap("insert ledger entry", err)
	}
	if len(e.Postings) == 0 {
		return nil
	}
	args := make([]any, 0, 5*len(e.Postings))
	for i, p := range e.Postings {
		args = append(args, e.ID, i, p.Book, p.Asset, p.Amount.String())
	}
	if _, err := tx.ExecContext(ctx, `INSERT INTO ledger_postings (entry_id, seq, book, asset, amount) VALUES `+
		repeatList("(?, ?, ?, ?, ?)", len(e.Postings)), args...); err != nil {
		return wrap("insert ledger postings", err)
	}
	e.Balances = make(map[string]map[string]decimal.Decimal, len(keys))
	args = args[:0]
	for _, k := range keys {
		args = append(args, k.book, k.asset)
	}
	rows, err := tx.QueryContext(ctx, `SELECT book, asset, balance FROM ledger_balances WHERE `+
		repeatList("(book = ? AND asset = ?)", len(keys), " OR "), args...)
	if err != nil {
		return wrap("ledger balances", err)
	}
	balances := make(map[key]decimal.Decimal, len(keys))
	for rows.Next() {
		var (
			k    key
			text string
		)
		if err := rows.Scan(&k.book, &k.asset, &text); err != nil {
			rows.Close()
			return wrap("ledger balances", err)
		}
		d, err := decimal.NewFromString(text)
		if err != nil {
			rows.Close()
			return fmt.Errorf("ledger balance of %s %s: %w", k.book, k.asset, err)
		}
		balances[k] = d
	}
	if err := rows.Close(); err != nil {
		return wrap("ledger balances", err)
	}
	args = args[:0]
	for _, k := range keys {
		after := balances[k].Add(moves[k])
		e.setBalance(k.book, k.asset, after)
		args = append(args, k.book, k.asset, after.String())
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO ledger_balances (book, asset, balance) VALUES `+repeatList("(?, ?, ?)", len(keys))+
		` ON CONFLICT (book, asset) DO UPDATE SET balance = excluded.balance`, args...)
	return wrap("update ledger balances", err)
}

// insertLedgerEntryPG is InsertLedgerEntry on PostgreSQL: the entry, its postings, the
// balances they move and its event in one statement, one round trip (four before; per
// statement the round trip, not the row, was most of both processes' CPU). Each balance is written
// relative to itself (balance + move, exact numeric arithmetic), so a transaction that
// did not lock a book (READ COMMITTED) cannot lose another's update of it, and the rows
// are written in keys' order, (book, asset), so two entries never lock each other's rows
// the other way round. A taken external key fails the whole statement (ErrConflict):
// nothing of it is written.
func (s *conn) insertLedgerEntryPG(ctx context.Context, tx queryer, e *LedgerEntry, meta string, keys []bookAsset,
	moves map[bookAsset]decimal.Decimal, ahead *entryAhead) error {
	var (
		order *stashedOrder
		st    = s.stash()
		// lookedUp: the event names a trader whose account is looked up first (eventRows),
		// in a statement of its own before the entry's.
		lookedUp = e.Event != nil && e.Event.AccountID == "" && e.Event.Trader != (common.Address{})
	)
	if lookedUp {
		if err := (eventRows{tx}).InsertEvent(ctx, *e.Event); err != nil {
			return err
		}
	} else if st != nil {
		order = st.take()
	}
	// Kept back for the receipt's statement (postgres_stash.go): a swap's entry, with the
	// id its reads took; the balances it leaves in the book they locked and read are
	// known now, and are all it returns (a receipt of another book reads its balances,
	// which sends the entry first).
	if st == nil || lookedUp {
		ahead = nil
	}
	if ahead != nil && order != nil && st.group != nil {
		// Kept for the group's statement (groupwrites.go), which also writes it when
		// the unit sends it before the group's end: its rows only.
		answerAhead(e, ahead, keys, moves)
		st.entry = &stashedEntry{id: ahead.id, key: e.ExternalKey, gated: true, rows: keptRowsOf(order, e, meta, keys, moves)}
		return nil
	}
	var args []any
	if order != nil {
		args = append(args, order.args...)
	}
	if ahead != nil {
		args = append(args, ahead.id)
	}
	args = append(args, e.ExternalKey, e.Kind, e.AccountID, meta, e.CreatedAt.UnixMilli(), e.ReceiptSeq)
	for i, p := range e.Postings {
		args = append(args, i, p.Book, p.Asset, p.Amount.String())
	}
	for _, k := range keys {
		args = append(args, k.book, k.asset, moves[k].String())
	}
	// With a swap's order kept back (postgres_stash.go), the order first, and the rest
	// only when it was inserted (each part reads e, which reads o).
	with, columns, entry, gate := `WITH `, ``, `VALUES (?, ?, ?, ?, ?, ?)`, ""
	if ahead != nil {
		columns, entry = `id, `, `VALUES (?, ?, ?, ?, ?, ?, ?)`
	}
	if order != nil {
		with = `WITH o AS (INSERT INTO offchain_orders (` + orderInsertColumns + `) VALUES (` + orderInsertValues + `)
			ON CONFLICT (account_id, kind, instruction_id) DO NOTHING RETURNING id), `
		entry, gate = `SELECT ?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint FROM o`, ` FROM e WHERE true`
		if ahead != nil {
			entry = `SELECT ?::bigint, ?::text, ?::text, ?::text, ?::text, ?::bigint, ?::bigint FROM o`
		}
	}
	balances := `VALUES ` + repeatList("(?, ?, ?)", len(keys))
	if order != nil {
		balances = `SELECT v.book, v.asset, v.balance FROM e, (VALUES ` + repeatList("(?::text, ?::text, ?::text)", len(keys)) +
			`) AS v (book, asset, balance) WHERE true`
	}
	event := ""
	if r := e.Event; r != nil && !lookedUp {
		event = `, ev AS (INSERT INTO events (kind, source, account_id, trader, payload, created_at) VALUES (?, ?, ?, ?, ?, ?))`
		if order != nil {
			event = `, ev AS (INSERT INTO events (kind, source, account_id, trader, payload, created_at)
				SELECT ?::text, ?::text, ?::text, ?::text, ?::text, ?::bigint` + gate + `)`
		}
		args = append(args, string(r.Kind), r.Source, r.AccountID, addrText(r.Trader), string(r.Payload), time.Now().UnixMilli())
	}
	ctes := with + `e AS (INSERT INTO ledger_entries (` + columns + `external_key, kind, account_id, meta, created_at, receipt_seq)
			` + entry + ` RETURNING id),
		p AS (INSERT INTO ledger_postings (entry_id, seq, book, asset, amount)
			SELECT e.id, v.seq, v.book, v.asset, v.amount FROM e, (VALUES ` + repeatList("(?::bigint, ?::text, ?::text, ?::text)", len(e.Postings)) + `) AS v (seq, book, asset, amount)),
		b AS (INSERT INTO ledger_balances (book, asset, balance) ` + balances + `
			ON CONFLICT (book, asset) DO UPDATE SET balance = (ledger_balances.balance::numeric + excluded.balance::numeric)::text
			RETURNING book, asset, balance)` + event
	if ahead != nil {
		answerAhead(e, ahead, keys, moves)
		st.entry = &stashedEntry{ctes: ctes, args: args, id: ahead.id, key: e.ExternalKey, gated: order != nil}
		return nil
	}
	rows, err := tx.QueryContext(ctx, ctes+`
		SELECT e.id, b.book, b.asset, b.balance FROM e, b`, args...)
	if err != nil {
		return wrap("insert ledger entry", err)
	}
	defer rows.Close()
	e.Balances = make(map[string]map[string]decimal.Decimal, len(keys))
	for rows.Next() {
		var book, asset, text string
		if err := rows.Scan(&e.ID, &book, &asset, &text); err != nil {
			return wrap("insert ledger entry", err)
		}
		d, err := decimal.NewFromString(text)
		if err != nil {
			return fmt.Errorf("ledger balance of %s %s: %w", book, asset, err)
		}
		e.setBalance(book, asset, d)
	}
	if err := rows.Err(); err != nil {
		return wrap("insert ledger entry", err)
	}
	if e.ID == 0 && order != nil { // the order was inserted by another transaction meanwhile: nothing was written
		return st.fail(fmt.Errorf("insert ledger entry %s with its order: %w", e.ExternalKey, errRerunUnit))
	}
	if e.ID == 0 {
		return fmt.Errorf("insert ledger entry %s: no row returned", e.ExternalKey)
	}
	return nil
}

// answerAhead gives e, kept back with the id its swap's reads took, that id and the
// balances it leaves in the book they locked and read.
func answerAhead(e *LedgerEntry, ahead *entryAhead, keys []bookAsset, moves map[bookAsset]decimal.Decimal) {
	e.ID, e.Balances = ahead.id, map[string]map[string]decimal.Decimal{}
	for _, k := range keys {
		if k.book == ahead.book {
			e.setBalance(k.book, k.asset, ahead.balances[k.asset].Add(moves[k]))
		}
	}
}

// keptRowsOf are the rows of a swap's entry e (its id taken), its order and event (not
// one looked up: the caller's), for its group's statement (groupwrites.go): what the
// entry's own statement writes.
func keptRowsOf(order *stashedOrder, e *LedgerEntry, meta string, keys []bookAsset, moves map[bookAsset]decimal.Decimal) *keptRows {
	r := &keptRows{account: e.AccountID, order: order.args,
		entry: []any{e.ID, e.ExternalKey, e.Kind, e.AccountID, meta, e.CreatedAt.UnixMilli(), e.ReceiptSeq},
		moves: make(map[bookAsset]decimal.Decimal, len(keys))}
	for i, p := range e.Postings {
		r.postings = append(r.postings, []any{e.ID, int64(i), p.Book, p.Asset, p.Amount.String()})
	}
	for _, k := range keys {
		r.moves[k] = moves[k]
	}
	if ev := e.Event; ev != nil {
		r.event = []any{string(ev.Kind), ev.Source, ev.AccountID, addrText(ev.Trader), string(ev.Payload), time.Now().UnixMilli()}
	}
	return r
}

// repeatList is n copies of item joined by sep (", " when none is given): the tuples of
// a multi-row statement. Its texts are few (one per count), so statement caches hold them.
func repeatList(item string, n int, sep ...string) string {
	j := ", "
	if len(sep) > 0 {
		j = sep[0]
	}
	return strings.TrimSuffix(strings.Repeat(item+j, n), j)
}

func ledgerBalance(ctx context.Context, q queryer, book, asset string) (decimal.Decimal, error) {
	var text string
	err := q.QueryRowContext(ctx, `SELECT balance FROM ledger_balances WHERE book = ? AND asset = ?`, book, asset).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return decimal.Zero, nil
	}
	if err != nil {
		return decimal.Zero, wrap("ledger balance", err)
	}
	d, err := decimal.NewFromString(text)
	if err != nil {
		return decimal.Zero, fmt.Errorf("ledger balance of %s %s: %w", book, asset, err)
	}
	return d, nil
}

// LedgerBalance implements Ledger.
func (s *conn) LedgerBalance(ctx context.Context, book, asset string) (decimal.Decimal, error) {
	return ledgerBalance(ctx, s.r, book, asset)
}

// decimalsByKey scans (key, decimal text) rows into a map, summing repeated keys.
func decimalsByKey(ctx context.Context, q queryer, op, query string, args ...any) (map[string]decimal.Decimal, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(op, err)
	}
	defer rows.Close()
	out := map[string]decimal.Decimal{}
	for rows.Next() {
		var k, text string
		if err := rows.Scan(&k, &text); err != nil {
			return nil, wrap(op, err)
		}
		d, err := decimal.NewFromString(text)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", op, k, err)
		}
		out[k] = out[k].Add(d)
	}
	return out, wrap(op, rows.Err())
}

// setBalance records book's resulting balance of asset on e.
func (e *LedgerEntry) setBalance(book, asset string, d decimal.Decimal) {
	if e.Balances[book] == nil {
		e.Balances[book] = map[string]decimal.Decimal{}
	}
	e.Balances[book][asset] = d
}

// LedgerBalances implements Ledger.
func (s *conn) LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return decimalsByKey(ctx, s.r, "ledger balances", `SELECT asset, balance FROM ledger_balances WHERE book = ?`, book)
}

// PutLedgerHold implements Ledger.
func (s *conn) PutLedgerHold(ctx context.Context, h LedgerHold) error {
	s.forgetBookReads()
	_, err := s.q.ExecContext(ctx, `INSERT INTO ledger_holds (hold_key, book, asset, amount, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, h.Key, h.Book, h.Asset, h.Amount.String(), HoldOpen, h.CreatedAt.UnixMilli(), h.CreatedAt.UnixMilli())
	return wrap("put ledger hold", err)
}

// LedgerHold implements Ledger.
func (s *conn) LedgerHold(ctx context.Context, key string) (LedgerHold, error) {
	var (
		h               LedgerHold
		amount          string
		created, update int64
	)
	err := s.r.QueryRowContext(ctx, `SELECT hold_key, book, asset, amount, state, created_at, updated_at FROM ledger_holds WHERE hold_key = ?`, key).
		Scan(&h.Key, &h.Book, &h.Asset, &amount, &h.State, &created, &update)
	if err != nil {
		return LedgerHold{}, wrap("ledger hold", err)
	}
	if h.Amount, err = decimal.NewFromString(amount); err != nil {
		return LedgerHold{}, fmt.Errorf("ledger hold %s: %w", key, err)
	}
	h.CreatedAt, h.UpdatedAt = time.UnixMilli(created), time.UnixMilli(update)
	return h, nil
}

// SetLedgerHoldState implements Ledger.
func (s *conn) SetLedgerHoldState(ctx context.Context, key, state string, at time.Time) error {
	s.forgetBookReads()
	return wrapAffected("set ledger hold state")(s.q.ExecContext(ctx,
		`UPDATE ledger_holds SET state = ?, updated_at = ? WHERE hold_key = ? AND state = ?`, state, at.UnixMilli(), key, HoldOpen))
}

// UncaptureLedgerHold implements Ledger.
func (s *conn) UncaptureLedgerHold(ctx context.Context, key string, at time.Time) error {
	s.forgetBookReads()
	return wrapAffected("uncapture ledger hold")(s.q.ExecContext(ctx,
		`UPDATE ledger_holds SET state = ?, updated_at = ? WHERE hold_key = ? AND state = ?`, HoldReleased, at.UnixMilli(), key, HoldCaptured))
}

// HeldAmounts implements Ledger.
func (s *conn) HeldAmounts(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return decimalsByKey(ctx, s.r, "held amounts", `SELECT asset, amount FROM ledger_holds WHERE book = ? AND state = ?`, book, HoldOpen)
}

// LedgerBook implements Ledger: the rows of both tables, each asset marked with its
// table's letter.
func (s *conn) LedgerBook(ctx context.Context, book string) (balances, held map[string]decimal.Decimal, err error) {
	if r, ok := s.takeBookRead(book); ok { // read with its lock, nothing written since
		return r.balances, r.held, nil
	}
	both, err := decimalsByKey(ctx, s.r, "ledger book", `SELECT 'b' || asset, balance FROM ledger_balances WHERE book = ?
		UNION ALL SELECT 'h' || asset, amount FROM ledger_holds WHERE book = ? AND state = ?`, book, book, HoldOpen)
	if err != nil {
		return nil, nil, err
	}
	balances, held = map[string]decimal.Decimal{}, map[string]decimal.Decimal{}
	for k, d := range both {
		if k[0] == 'b' {
			balances[k[1:]] = d
		} else {
			held[k[1:]] = d
		}
	}
	return balances, held, nil
}

// LedgerEntries implements Ledger.
func (s *conn) LedgerEntries(ctx context.Context, q LedgerQuery) ([]LedgerEntry, error) {
	where := []string{"account_id = ?", "created_at >= ?"}
	args := []any{q.AccountID, q.Start}
	if q.End > 0 {
		where, args = append(where, "created_at <= ?"), append(args, q.End)
	}
	if len(q.Kinds) > 0 {
		where = append(where, "kind IN (?"+strings.Repeat(", ?", len(q.Kinds)-1)+")")
		for _, k := range q.Kinds {
			args = append(args, k)
		}
	}
	if q.AfterID > 0 {
		where, args = append(where, "id > ?"), append(args, q.AfterID)
	}
	if q.BeforeID > 0 {
		where, args = append(where, "id < ?"), append(args, q.BeforeID)
	}
	order := "id"
	if q.Newest {
		order = "id DESC"
	}
	limit := q.Limit
	if limit <= 0 {
		limit = 500
	}
	args = append(args, limit)
	entries, err := queryAll(ctx, s.r, "ledger entries", scanLedgerEntry, `SELECT `+ledgerEntryColumns+` FROM ledger_entries WHERE `+
		strings.Join(where, " AND ")+` ORDER BY `+order+` LIMIT ?`, args...)
	if err != nil {
		return nil, err
	}
	return entries, s.postings(ctx, entries)
}

// LedgerPostingSums implements Ledger.
func (s *conn) LedgerPostingSums(ctx context.Context) (map[string]decimal.Decimal, map[string]map[string]decimal.Decimal, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT book, asset, amount FROM ledger_postings`)
	if err != nil {
		return nil, nil, wrap("ledger sums", err)
	}
	defer rows.Close()
	perAsset := map[string]decimal.Decimal{}
	perBook := map[string]map[string]decimal.Decimal{}
	for rows.Next() {
		var book, asset, text string
		if err := rows.Scan(&book, &asset, &text); err != nil {
			return nil, nil, wrap("ledger sums", err)
		}
		d, err := decimal.NewFromString(text)
		if err != nil {
			return nil, nil, fmt.Errorf("ledger sums: %w", err)
		}
		perAsset[asset] = perAsset[asset].Add(d)
		if perBook[book] == nil {
			perBook[book] = map[string]decimal.Decimal{}
		}
		perBook[book][asset] = perBook[book][asset].Add(d)
	}
	return perAsset, perBook, wrap("ledger sums", rows.Err())
}
