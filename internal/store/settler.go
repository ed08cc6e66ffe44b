package store

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// SettlerHead is where the settler of a chain stands: the chain head its follower last
// saw and the last block it applied.
type SettlerHead struct {
	Source    string
	Head      uint64
	Synced    uint64
	UpdatedAt time.Time
}

// Confirmations returns how many confirmations block has at the head (0 for block 0 or a
// block above the head).
func (h SettlerHead) Confirmations(block uint64) uint64 {
	if block == 0 || h.Head < block {
		return 0
	}
	return h.Head - block + 1
}

// Inventory is the operator's free balances in the DTW contract of a chain, by token.
type Inventory struct {
	Source   string
	Operator common.Address
	Balances map[common.Address]*big.Int
	// At is when the settler read them.
	At time.Time
}

// SettlerStore is the part of the store through which the settler of each chain and the
// API processes meet: the settler writes its head and the operator's inventory and sends
// the relay requests the API processes insert. Methods are safe for concurrent use, also
// by several processes on one store.
type SettlerStore interface {
	// PutSettlerHead records a settler's head.
	PutSettlerHead(ctx context.Context, h SettlerHead) error
	// SettlerHead returns the head of a source, or ErrNotFound before its settler ran.
	SettlerHead(ctx context.Context, source string) (SettlerHead, error)
	// PutInventory replaces the inventory snapshot of a source.
	PutInventory(ctx context.Context, inv Inventory) error
	// Inventory returns the inventory snapshot of a source, or ErrNotFound.
	Inventory(ctx context.Context, source string) (Inventory, error)
	// InsertRelayRequest stores a REQUESTED relay of (source, trader, nonce). A FAILED
	// relay of it is replaced (the trader may have fixed what made the contract refuse
	// it); one REQUESTED, SENT or CONFIRMED is ErrConflict. chain.Journal's InsertTx moves
	// it to SENT with its transaction.
	InsertRelayRequest(ctx context.Context, r Relay) error
	// RelayRequestByNonce returns the relay of a trader nonce in whatever state, or
	// ErrNotFound.
	RelayRequestByNonce(ctx context.Context, source string, trader common.Address, nonce string) (Relay, error)
	// PendingRelayRequests returns the REQUESTED relays of a source, oldest first.
	PendingRelayRequests(ctx context.Context, source string, limit int) ([]Relay, error)
	// FailRelayRequest moves a relay from state from (RelayRequested: refused before
	// sending; RelaySent: its transaction reverted or was dropped) to FAILED with reason,
	// freeing its trader nonce; RelayByTx answers a sent one with reason. ErrNotFound
	// without the relay; ErrConflict when it is not in state from (any other move, e.g.
	// of a CONFIRMED or FAILED relay, is refused).
	FailRelayRequest(ctx context.Context, id int64, from, reason string) error
	// RelaysToFail returns the SENT relays of a source whose transaction reverted or was
	// dropped (no transaction of its operator nonce is open or succeeded): FailRelayRequest
	// each.
	RelaysToFail(ctx context.Context, source string) ([]RelayFailure, error)
}

var _ SettlerStore = (*SQLite)(nil)

// PutSettlerHead implements SettlerStore.
func (s *conn) PutSettlerHead(ctx context.Context, h SettlerHead) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO settler_heads (source, head, synced, updated_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (source) DO UPDATE SET head = excluded.head, synced = excluded.synced, updated_at = excluded.updated_at`,
		h.Source, h.Head, h.Synced, h.UpdatedAt.UnixMilli())
	return wrap("put settler head", err)
}

// settlerHeadSQL reads a chain's head by primary key (order status reads it).
const settlerHeadSQL = `SELECT head, synced, updated_at FROM settler_heads WHERE source = ?`

// SettlerHead implements SettlerStore.
func (s *conn) SettlerHead(ctx context.Context, source string) (SettlerHead, error) {
	h := SettlerHead{Source: source}
	var at int64
	err := s.r.QueryRowContext(ctx, settlerHeadSQL, source).
		Scan(&h.Head, &h.Synced, &at)
	h.UpdatedAt = time.UnixMilli(at)
	return h, wrap("settler head", err)
}

// PutInventory implements SettlerStore.
func (s *conn) PutInventory(ctx context.Context, inv Inventory) error {
	return wrap("put inventory", s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM settler_inventory WHERE source = ?`, inv.Source); err != nil {
			return err
		}
		for token, b := range inv.Balances {
			if _, err := tx.ExecContext(ctx, `INSERT INTO settler_inventory (source, token, operator, balance, updated_at)
				VALUES (?, ?, ?, ?, ?)`, inv.Source, token.Hex(), inv.Operator.Hex(), b.String(), inv.At.UnixMilli()); err != nil {
				return err
			}
		}
		return nil
	}))
}

// Inventory implements SettlerStore.
func (s *conn) Inventory(ctx context.Context, source string) (Inventory, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT token, operator, balance, updated_at FROM settler_inventory WHERE source = ?`, source)
	if err != nil {
		return Inventory{}, wrap("inventory", err)
	}
	defer rows.Close()
	inv := Inventory{Source: source, Balances: map[common.Address]*big.Int{}}
	for rows.Next() {
		var token, operator, balance string
		var at int64
		if err := rows.Scan(&token, &operator, &balance, &at); err != nil {
			return inv, wrap("inventory", err)
		}
		b, ok := new(big.Int).SetString(balance, 10)
		if !ok {
			return inv, fmt.Errorf("inventory of %s %s: bad balance %q", source, token, balance)
		}
		inv.Balances[common.HexToAddress(token)] = b
		inv.Operator, inv.At = common.HexToAddress(operator), time.UnixMilli(at)
	}
	if err := rows.Err(); err != nil {
		return inv, wrap("inventory", err)
	}
	if len(inv.Balances) == 0 {
		return inv, fmt.Errorf("inventory of %s: %w", source, ErrNotFound)
	}
	return inv, nil
}
