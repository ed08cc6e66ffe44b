package store

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"hash/fnv"
	"slices"
	"strconv"
	"strings"

	"github.com/shopspring/decimal"
)

// The narrow locks that replace a global one on PostgreSQL (see Postgres). SQLite has one
// writer: there they take nothing and always succeed.

// rowLockedKey marks a context whose unit of work locks what it decides on.
type rowLockedKey struct{}

// RowLocked marks the unit of work InTx runs with ctx as one that locks every row it
// decides on before reading it (the ledger's LockLedgerBooks, a house shard's
// TryLockHouseShard, a unique key it inserts), and reads nothing else that a decision
// rests on: on PostgreSQL it then runs at READ COMMITTED (each statement sees what
// committed before it), not SERIALIZABLE, and so never fails a conflict it did not
// have. A unit that is not sure must not be marked.
func RowLocked(ctx context.Context) context.Context {
	return context.WithValue(ctx, rowLockedKey{}, true)
}

func isRowLocked(ctx context.Context) bool {
	v, _ := ctx.Value(rowLockedKey{}).(bool)
	return v
}

// Advisory lock spaces: a book's key and a house shard's key are hashes of their names
// with a prefix of their own.
const (
	bookLockPrefix  = "dtwgate-book:"
	shardLockPrefix = "dtwgate-house-shard:"
)

// lockKey is the advisory lock key of a name (FNV-1a, 64 bits).
func lockKey(prefix, name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte(prefix))
	_, _ = h.Write([]byte(name))
	return int64(h.Sum64())
}

// waits reports whether s's statements may wait for a lock: outside a group, or alone or
// first in its transaction (errLockBusy).
func (s *conn) waits() bool {
	if q, ok := s.unit(); ok {
		return q.waits
	}
	return true
}

// unit is the group committer's queryer running s's unit of work, under its stashQueryer
// on PostgreSQL; false outside one.
func (s *conn) unit() (unitQueryer, bool) {
	q := s.q
	if st, ok := q.(*stashQueryer); ok {
		q = st.q
	}
	u, ok := q.(unitQueryer)
	return u, ok
}

// lane is the group committer's lane running s's unit of work, nil outside one.
func (s *conn) lane() *lane {
	if q, ok := s.unit(); ok {
		return q.lane
	}
	return nil
}

// groupWrites are the writes s's group keeps back (groupwrites.go), nil when it keeps
// none.
func (s *conn) groupWrites() *groupWrites {
	if st := s.stash(); st != nil {
		return st.group
	}
	return nil
}

// claimedHouseShard remembers, in the lane running s's unit, the house shard the unit
// claimed (LastHouseShard).
func (s *conn) claimedHouseShard(shard int) {
	if l := s.lane(); l != nil {
		l.houseShard, l.claimed = shard, true
	}
}

// LastHouseShard implements Ledger: the shard the units of this transaction's lane of
// the group commit claimed last, in this transaction or an earlier one of the lane.
func (s *conn) LastHouseShard() (int, bool) {
	if l := s.lane(); l != nil && l.claimed {
		return l.houseShard, true
	}
	return 0, false
}

// inTx reports whether s runs inside a transaction (a unit of work).
func (s *conn) inTx() bool { return s.root == nil && s.pending != nil }

// LockLedgerBooks implements Ledger. The books' locks are taken in one global order (by
// key), so two units that wait for each other's books cannot both be waiting.
func (s *conn) LockLedgerBooks(ctx context.Context, books []string) error {
	if !s.postgres() || !s.inTx() || len(books) == 0 {
		return nil
	}
	type lock struct {
		key  int64
		book string
	}
	todo := make([]lock, 0, len(books))
	for _, b := range books {
		if k := lockKey(bookLockPrefix, b); !s.bookLocks[k] {
			todo = append(todo, lock{k, b})
		}
	}
	if len(todo) == 0 {
		return nil
	}
	slices.SortFunc(todo, func(a, b lock) int { return cmp.Compare(a.key, b.key) })
	todo = slices.CompactFunc(todo, func(a, b lock) bool { return a.key == b.key })
	keys, names := make([]int64, len(todo)), make([]string, len(todo))
	for i, l := range todo {
		keys[i], names[i] = l.key, l.book
	}
	// One statement (migration 0078's dtwgate_lock_books) takes the locks in the keys'
	// order, bumps the books' versions (migration 0073), which fails a SERIALIZABLE unit
	// whose snapshot is older than another's commit on a book, and reads the books'
	// balances and open holds after the locks: what LedgerBook answers next (bookReads).
	rows, err := s.q.QueryContext(ctx, `SELECT lb_book, lb_key, lb_amount FROM dtwgate_lock_books(?::bigint[], ?, ?::text[])`, keys, s.waits(), names)
	if err != nil {
		return wrap("lock ledger books", err)
	}
	defer rows.Close()
	read := make(map[string]bookRead, len(names))
	for _, b := range names {
		read[b] = bookRead{balances: map[string]decimal.Decimal{}, held: map[string]decimal.Decimal{}}
	}
	for rows.Next() {
		var book, key, amount sql.NullString
		if err := rows.Scan(&book, &key, &amount); err != nil {
			return wrap("lock ledger books", err)
		}
		if !book.Valid {
			return errLockBusy
		}
		r, ok := read[book.String]
		if !ok || len(key.String) < 2 {
			return fmt.Errorf("lock ledger books: unexpected row %q %q", book.String, key.String)
		}
		d, err := decimal.NewFromString(amount.String)
		if err != nil {
			return fmt.Errorf("ledger book %s: %s: %w", book.String, key.String, err)
		}
		m, asset := r.held, key.String[1:]
		if key.String[0] == 'b' {
			m = r.balances
		}
		m[asset] = m[asset].Add(d)
	}
	if err := rows.Err(); err != nil {
		return wrap("lock ledger books", err)
	}
	if s.bookLocks == nil {
		s.bookLocks = map[int64]bool{}
	}
	for _, k := range keys {
		s.bookLocks[k] = true
	}
	s.bookReads = read
	return nil
}

// bookRead is what LedgerBook answers of a book, read with its lock (LockLedgerBooks).
type bookRead struct{ balances, held map[string]decimal.Decimal }

// takeBookRead returns, once, the read of book that LockLedgerBooks made with its lock,
// if nothing of this unit wrote a balance or a hold since (forgetBookReads).
func (s *conn) takeBookRead(book string) (bookRead, bool) {
	r, ok := s.bookReads[book]
	if ok {
		delete(s.bookReads, book)
	}
	return r, ok
}

// forgetBookReads drops the reads LockLedgerBooks and TraderReadsLocking made: every
// write of a balance or a hold calls it first.
func (s *conn) forgetBookReads() {
	s.bookReads = nil
	s.forgetSwapShards()
}

// TryLockHouseShard implements Ledger: PostgreSQL's pg_try_advisory_xact_lock, which
// never waits (a transaction holding the shard already gets it again).
func (s *conn) TryLockHouseShard(ctx context.Context, shard int) (bool, error) {
	if !s.postgres() || !s.inTx() {
		return true, nil
	}
	var ok bool
	err := s.q.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock(?)`, lockKey(shardLockPrefix, strconv.Itoa(shard))).Scan(&ok)
	if ok && err == nil {
		s.claimedHouseShard(shard)
	}
	return ok, wrap("lock house shard", err)
}

// TryLockHouseShardBalance implements Ledger: on PostgreSQL in a transaction, one call of
// migration 0078's dtwgate_try_lock_balance, whose read takes its snapshot after the
// lock; elsewhere TryLockHouseShard's answer (always true) and LedgerBalance.
func (s *conn) TryLockHouseShardBalance(ctx context.Context, shard int, book, asset string) (bool, decimal.Decimal, error) {
	if !s.postgres() || !s.inTx() {
		d, err := ledgerBalance(ctx, s.r, book, asset)
		return err == nil, d, err
	}
	if answered, ok, d := s.takeSwapShard(shard, book, asset); answered {
		return ok, d, nil
	}
	var text sql.NullString
	if err := s.q.QueryRowContext(ctx, `SELECT dtwgate_try_lock_balance(?, ?, ?)`, lockKey(shardLockPrefix, strconv.Itoa(shard)), book, asset).
		Scan(&text); err != nil {
		return false, decimal.Zero, wrap("lock house shard", err)
	}
	if !text.Valid {
		return false, decimal.Zero, nil
	}
	s.claimedHouseShard(shard)
	d, err := decimal.NewFromString(text.String)
	if err != nil {
		return false, decimal.Zero, fmt.Errorf("ledger balance of %s %s: %w", book, asset, err)
	}
	return true, d, nil
}

// LockHouseShard implements Ledger: PostgreSQL's pg_advisory_xact_lock when the unit may
// wait, and when it follows others in its transaction, the try form, whose failure
// (errLockBusy) runs the unit again after them, first in a transaction, where it waits.
func (s *conn) LockHouseShard(ctx context.Context, shard int) error {
	if !s.postgres() || !s.inTx() {
		return nil
	}
	key := lockKey(shardLockPrefix, strconv.Itoa(shard))
	if s.waits() {
		_, err := s.q.ExecContext(ctx, `SELECT pg_advisory_xact_lock(?)`, key)
		if err == nil {
			s.claimedHouseShard(shard)
		}
		return wrap("lock house shard", err)
	}
	var ok bool
	if err := s.q.QueryRowContext(ctx, `SELECT pg_try_advisory_xact_lock(?)`, key).Scan(&ok); err != nil {
		return wrap("lock house shard", err)
	}
	if !ok {
		return errLockBusy
	}
	s.claimedHouseShard(shard)
	return nil
}

// HouseBalance implements Ledger: the rows of book and of its shards ("book/N").
func (s *conn) HouseBalance(ctx context.Context, book, asset string) (decimal.Decimal, error) {
	m, err := decimalsByKey(ctx, s.r, "house balance", `SELECT asset, balance FROM ledger_balances WHERE (book = ? OR book LIKE ? ESCAPE '\') AND asset = ?`,
		book, likePrefix(book+ShardSeparator), asset)
	if err != nil {
		return decimal.Zero, err
	}
	return m[asset], nil
}

// ShardSeparator joins a house book's name and a shard's number in the shard's book name.
const ShardSeparator = "/"

// likePrefix is a LIKE pattern matching what starts with p.
func likePrefix(p string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(p) + "%"
}
