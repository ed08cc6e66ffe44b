package store

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
)

// Inventory move states. A PENDING move is the settler's to carry out: it journals the
// move's transactions under the move's reference and marks it DONE once the move's
// transfer is confirmed, FAILED when it reverted or could not be sent.
const (
	InventoryMovePending = "PENDING"
	InventoryMoveDone    = "DONE"
	InventoryMoveFailed  = "FAILED"
)

// InventoryMove is a move of an asset between the operator's DTW inventory and its
// treasury wallet on a chain.
type InventoryMove struct {
	ID     int64
	Source string
	Asset  string
	// From is the place the funds leave ("dtw" or "treasury"); they go to the other.
	From string
	// Amount is in whole tokens.
	Amount decimal.Decimal
	// Reason says who asked for it and why (e.g. "auto: dtw below its band", "manual").
	Reason string
	State  string
	// TxHash is the transfer's transaction once journaled; Error why a FAILED move failed.
	TxHash    string
	Error     string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// InventoryPlace is where one watched place of an asset stood when the settler last read
// it: its balance in whole tokens, its band and its state against the band ("below",
// "within", "above").
type InventoryPlace struct {
	Source, Asset, Place      string
	Balance, Min, Target, Max decimal.Decimal
	State                     string
	UpdatedAt                 time.Time
}

// InventoryMoves owns the inventory moves and the settler's last inventory report.
type InventoryMoves interface {
	// AddInventoryMove records a PENDING move and returns its id.
	AddInventoryMove(ctx context.Context, m InventoryMove) (int64, error)
	// OpenInventoryMoves returns a source's PENDING moves, oldest first.
	OpenInventoryMoves(ctx context.Context, source string) ([]InventoryMove, error)
	// InventoryMoveByID returns a move, or ErrNotFound.
	InventoryMoveByID(ctx context.Context, id int64) (InventoryMove, error)
	// SetInventoryMove records a PENDING move's transaction hash, or its final state
	// (DONE, FAILED with errText); ErrNotFound when the move is not PENDING.
	SetInventoryMove(ctx context.Context, id int64, state, txHash, errText string, at time.Time) error
	// PutInventoryPlaces replaces a source's inventory report.
	PutInventoryPlaces(ctx context.Context, source string, places []InventoryPlace) error
	// InventoryPlaces returns the inventory report of every source, by source, asset and
	// place.
	InventoryPlaces(ctx context.Context) ([]InventoryPlace, error)
}

const inventoryMoveColumns = `id, source, asset, from_place, amount, reason, state, tx_hash, error, created_at, updated_at`

func scanInventoryMove(sc scanner) (InventoryMove, error) {
	var m InventoryMove
	var amount string
	var created, updated int64
	if err := sc.Scan(&m.ID, &m.Source, &m.Asset, &m.From, &amount, &m.Reason, &m.State, &m.TxHash, &m.Error, &created, &updated); err != nil {
		return m, err
	}
	var err error
	m.Amount, err = decimal.NewFromString(amount)
	m.CreatedAt, m.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	return m, err
}

// AddInventoryMove implements InventoryMoves.
func (s *conn) AddInventoryMove(ctx context.Context, m InventoryMove) (int64, error) {
	var id int64
	err := s.q.QueryRowContext(ctx, `INSERT INTO inventory_moves (source, asset, from_place, amount, reason, state, created_at, updated_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, m.Source, m.Asset, m.From, m.Amount.String(), m.Reason, InventoryMovePending,
		m.CreatedAt.UnixMilli(), m.CreatedAt.UnixMilli()).Scan(&id)
	return id, wrap("add inventory move", err)
}

// OpenInventoryMoves implements InventoryMoves.
func (s *conn) OpenInventoryMoves(ctx context.Context, source string) ([]InventoryMove, error) {
	return queryAll(ctx, s.r, "open inventory moves", scanInventoryMove,
		`SELECT `+inventoryMoveColumns+` FROM inventory_moves WHERE source = ? AND state = ? ORDER BY id`, source, InventoryMovePending)
}

// InventoryMoveByID implements InventoryMoves.
func (s *conn) InventoryMoveByID(ctx context.Context, id int64) (InventoryMove, error) {
	m, err := scanInventoryMove(s.r.QueryRowContext(ctx, `SELECT `+inventoryMoveColumns+` FROM inventory_moves WHERE id = ?`, id))
	return m, wrap("inventory move", err)
}

// SetInventoryMove implements InventoryMoves.
func (s *conn) SetInventoryMove(ctx context.Context, id int64, state, txHash, errText string, at time.Time) error {
	return wrapAffected("set inventory move")(s.q.ExecContext(ctx, `UPDATE inventory_moves SET state = ?, tx_hash = ?, error = ?, updated_at = ?
		WHERE id = ? AND state = ?`, state, txHash, errText, at.UnixMilli(), id, InventoryMovePending))
}

// PutInventoryPlaces implements InventoryMoves.
func (s *conn) PutInventoryPlaces(ctx context.Context, source string, places []InventoryPlace) error {
	return wrap("put inventory places", s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM inventory_places WHERE source = ?`, source); err != nil {
			return err
		}
		for _, p := range places {
			if _, err := tx.ExecContext(ctx, `INSERT INTO inventory_places (source, asset, place, balance, band_min, band_target, band_max, state, updated_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`, source, p.Asset, p.Place, p.Balance.String(), p.Min.String(), p.Target.String(),
				p.Max.String(), p.State, p.UpdatedAt.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	}))
}

// InventoryPlaces implements InventoryMoves.
func (s *conn) InventoryPlaces(ctx context.Context) ([]InventoryPlace, error) {
	return queryAll(ctx, s.r, "inventory places", func(sc scanner) (InventoryPlace, error) {
		var p InventoryPlace
		var bal, lo, target, hi string
		var at int64
		if err := sc.Scan(&p.Source, &p.Asset, &p.Place, &bal, &lo, &target, &hi, &p.State, &at); err != nil {
			return p, err
		}
		p.UpdatedAt = time.UnixMilli(at)
		for _, f := range []struct {
			s string
			d *decimal.Decimal
		}{{bal, &p.Balance}, {lo, &p.Min}, {target, &p.Target}, {hi, &p.Max}} {
			v, err := decimal.NewFromString(f.s)
			if err != nil {
				return p, err
			}
			*f.d = v
		}
		return p, nil
	}, `SELECT source, asset, place, balance, band_min, band_target, band_max, state, updated_at FROM inventory_places
		ORDER BY source, asset, place`)
}
