package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
)

// ReservesSnapshot is one proof-of-reserves snapshot: its signed statement and holdings
// listing (JSON documents of api/reserves, stored as given) and the secret that salts its
// leaves, never published.
type ReservesSnapshot struct {
	// ID increases with every snapshot; 0 before insertion.
	ID int64
	// Position is the ledger position of the snapshot: the last entry id it includes.
	Position  int64
	Statement []byte
	Holdings  []byte
	Secret    []byte
	CreatedAt time.Time
}

// ReservesAssetBalances are the balances of every account of one asset at a snapshot,
// encoded by the caller.
type ReservesAssetBalances struct {
	Asset    string
	Decimals uint8
	Balances []byte
}

// Reserves owns the proof-of-reserves snapshots and reads the ledger for them.
type Reserves interface {
	// BookBalancesAt reads, in one read transaction (a consistent view of the ledger),
	// the ledger's position (the last entry id, 0 when none) and calls fn with every
	// non-zero balance of every book whose name starts with prefix, in book order.
	BookBalancesAt(ctx context.Context, prefix string, fn func(book, asset string, balance decimal.Decimal) error) (position int64, err error)
	// PutReservesSnapshot inserts a snapshot and its balances, and drops the balances of
	// all but the keep newest snapshots (their statements stay); it returns the id.
	PutReservesSnapshot(ctx context.Context, s ReservesSnapshot, balances []ReservesAssetBalances, keep int) (int64, error)
	// LatestReservesSnapshot returns the newest snapshot, or ErrNotFound.
	LatestReservesSnapshot(ctx context.Context) (ReservesSnapshot, error)
	// ReservesBalances returns a snapshot's balances per asset (none once dropped).
	ReservesBalances(ctx context.Context, snapshotID int64) ([]ReservesAssetBalances, error)
}

var _ Reserves = (*SQLite)(nil)

// readView runs fn on one read transaction: SQLite's read snapshot in WAL mode, or
// PostgreSQL's REPEATABLE READ. Inside InTx it runs on InTx's transaction.
func (s *conn) readView(ctx context.Context, fn func(q queryer) error) error {
	var (
		tx  *sql.Tx
		q   queryer
		err error
	)
	switch r := s.r.(type) {
	case *sql.DB:
		if tx, err = r.BeginTx(ctx, nil); err != nil {
			return wrap("begin read", err)
		}
		q = tx
	case *pgDB:
		if tx, err = r.db.BeginTx(ctx, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true}); err != nil {
			return wrap("begin read", err)
		}
		q = pgTx{tx: tx}
	default:
		return fn(s.r)
	}
	defer func() { _ = tx.Rollback() }()
	return fn(q)
}

// BookBalancesAt implements Reserves.
func (s *conn) BookBalancesAt(ctx context.Context, prefix string, fn func(book, asset string, balance decimal.Decimal) error) (int64, error) {
	if prefix == "" {
		return 0, fmt.Errorf("book balances: empty prefix")
	}
	// The books of the prefix are those in [prefix, prefix with its last byte + 1): a
	// range the primary key (book, asset) serves.
	upper := []byte(prefix)
	upper[len(upper)-1]++
	var position int64
	err := s.readView(ctx, func(q queryer) error {
		if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM ledger_entries`).Scan(&position); err != nil {
			return wrap("ledger position", err)
		}
		rows, err := q.QueryContext(ctx, `SELECT book, asset, balance FROM ledger_balances WHERE book >= ? AND book < ? ORDER BY book, asset`,
			prefix, string(upper))
		if err != nil {
			return wrap("book balances", err)
		}
		defer rows.Close()
		for rows.Next() {
			var book, asset, text string
			if err := rows.Scan(&book, &asset, &text); err != nil {
				return wrap("book balances", err)
			}
			d, err := decimal.NewFromString(text)
			if err != nil {
				return fmt.Errorf("balance of %s %s: %w", book, asset, err)
			}
			if d.IsZero() {
				continue
			}
			if err := fn(book, asset, d); err != nil {
				return err
			}
		}
		return wrap("book balances", rows.Err())
	})
	return position, err
}

// PutReservesSnapshot implements Reserves.
func (s *conn) PutReservesSnapshot(ctx context.Context, snap ReservesSnapshot, balances []ReservesAssetBalances, keep int) (int64, error) {
	err := s.tx(ctx, func(tx queryer) error {
		if err := tx.QueryRowContext(ctx, `INSERT INTO reserves_snapshots (position, statement, holdings, secret, created_at)
			VALUES (?, ?, ?, ?, ?) RETURNING id`, snap.Position, string(snap.Statement), string(snap.Holdings), snap.Secret,
			snap.CreatedAt.UnixMilli()).Scan(&snap.ID); err != nil {
			return wrap("insert reserves snapshot", err)
		}
		for _, b := range balances {
			blob := b.Balances
			if len(blob) == 0 {
				blob = []byte{} // an asset nobody holds: empty, not NULL
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO reserves_balances (snapshot_id, asset, decimals, balances) VALUES (?, ?, ?, ?)`,
				snap.ID, b.Asset, int(b.Decimals), blob); err != nil {
				return wrap("insert reserves balances", err)
			}
		}
		_, err := tx.ExecContext(ctx, `DELETE FROM reserves_balances WHERE snapshot_id <= ?`, snap.ID-int64(max(keep, 1)))
		return wrap("drop old reserves balances", err)
	})
	return snap.ID, err
}

// LatestReservesSnapshot implements Reserves.
func (s *conn) LatestReservesSnapshot(ctx context.Context) (ReservesSnapshot, error) {
	var (
		snap                ReservesSnapshot
		statement, holdings string
		at                  int64
	)
	err := s.r.QueryRowContext(ctx, `SELECT id, position, statement, holdings, secret, created_at FROM reserves_snapshots
		ORDER BY id DESC LIMIT 1`).Scan(&snap.ID, &snap.Position, &statement, &holdings, &snap.Secret, &at)
	if err != nil {
		return ReservesSnapshot{}, wrap("reserves snapshot", err)
	}
	snap.Statement, snap.Holdings, snap.CreatedAt = []byte(statement), []byte(holdings), time.UnixMilli(at)
	return snap, nil
}

// ReservesBalances implements Reserves.
func (s *conn) ReservesBalances(ctx context.Context, snapshotID int64) ([]ReservesAssetBalances, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT asset, decimals, balances FROM reserves_balances WHERE snapshot_id = ? ORDER BY asset`, snapshotID)
	if err != nil {
		return nil, wrap("reserves balances", err)
	}
	defer rows.Close()
	var out []ReservesAssetBalances
	for rows.Next() {
		var (
			b        ReservesAssetBalances
			decimals int
		)
		if err := rows.Scan(&b.Asset, &decimals, &b.Balances); err != nil {
			return nil, wrap("reserves balances", err)
		}
		if decimals < 0 || decimals > 255 {
			return nil, fmt.Errorf("reserves balances of %s: %d decimals", b.Asset, decimals)
		}
		b.Decimals = uint8(decimals)
		out = append(out, b)
	}
	return out, wrap("reserves balances", rows.Err())
}
