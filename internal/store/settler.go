package store

import (
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
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

// Relay request states. A pending request whose relays row exists has been sent.
const (
	RelayRequestPending = "PENDING"
	RelayRequestFailed  = "FAILED"
)

// Reasons of FAILED relay requests besides the contract's other revert names.
const (
	// RelayReasonNonceUsed: the trader nonce is used, on chain or by another relay (the
	// DTW contract's revert name).
	RelayReasonNonceUsed = "NonceAlreadyUsed"
	// RelayReasonNotSent starts the reason of a request the settler could not send for
	// reasons of its own (RPC errors), after retrying; the rest is the error.
	RelayReasonNotSent = "not sent: "
	// RelayReasonReverted starts the reason of a relay whose transaction reverted on
	// chain; RelayReasonDropped of one never mined.
	RelayReasonReverted = "reverted"
	RelayReasonDropped  = "dropped"
)

// RelayRequest is a trader's signed order or withdrawal an API process accepted for the
// settler of its chain to relay.
type RelayRequest struct {
	ID     int64
	Source string
	Kind   string
	Trader common.Address
	Nonce  string
	// Digest is the EIP-712 digest of the signed request.
	Digest    common.Hash
	AccountID string
	// Data is the relay transaction's calldata to the DTW contract.
	Data  []byte
	State string
	// Reason says why a FAILED request failed (e.g. the contract's revert name).
	Reason string
	// FailedTx is the transaction a FAILED request was sent in (zero when it was refused
	// before sending).
	FailedTx  common.Hash
	CreatedAt time.Time
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
	// InsertRelayRequest stores a PENDING request. A FAILED request of the same (source,
	// trader, nonce) is replaced (the trader may have fixed what made the contract refuse
	// it); a PENDING one is ErrConflict.
	InsertRelayRequest(ctx context.Context, r RelayRequest) error
	// RelayRequestByNonce returns the request of a trader nonce, or ErrNotFound.
	RelayRequestByNonce(ctx context.Context, source string, trader common.Address, nonce string) (RelayRequest, error)
	// PendingRelayRequests returns the PENDING requests of a source that have no relays
	// row yet, oldest first.
	PendingRelayRequests(ctx context.Context, source string, limit int) ([]RelayRequest, error)
	// FailRelayRequest marks a request FAILED with reason. When the request was relayed
	// (its relays row exists) and its transaction reverted or was dropped, the relay
	// leaves relays in the same transaction, freeing the trader nonce, and RelayByTx
	// answers it with reason.
	FailRelayRequest(ctx context.Context, id int64, reason string) error
	// RelaysToFail returns the relays of a source whose transaction reverted or was
	// dropped (no transaction of its operator nonce is open or succeeded) and whose
	// request is not failed yet: FailRelayRequest each.
	RelaysToFail(ctx context.Context, source string) ([]RelayFailure, error)
}

// RelayFailure is a relay whose transaction reverted or was dropped.
type RelayFailure struct {
	Relay Relay
	// RequestID is the relay request that was relayed.
	RequestID int64
	// Data is the relay transaction's calldata.
	Data []byte
	// State is the final state of its transaction: chain.TxFailed (reverted) or
	// chain.TxDropped.
	State chain.TxState
	// TxHash and Block are the transaction that reverted (a fee bump of the relay's own,
	// perhaps) and its block; Block is 0 when dropped.
	TxHash common.Hash
	Block  uint64
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

// InsertRelayRequest implements SettlerStore.
func (s *conn) InsertRelayRequest(ctx context.Context, r RelayRequest) error {
	now := time.Now().UnixMilli()
	res, err := s.q.ExecContext(ctx, `INSERT INTO relay_requests (source, kind, trader, nonce, digest, account_id, data, state,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (source, trader, nonce) DO UPDATE SET kind = excluded.kind, digest = excluded.digest,
		account_id = excluded.account_id, data = excluded.data, state = excluded.state, reason = '',
		created_at = excluded.created_at, updated_at = excluded.updated_at WHERE relay_requests.state = ?`,
		r.Source, r.Kind, r.Trader.Hex(), r.Nonce, r.Digest.Hex(), r.AccountID, r.Data, RelayRequestPending, now, now, RelayRequestFailed)
	if err != nil {
		return wrap("insert relay request", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("relay request of %s nonce %s on %s: %w", r.Trader.Hex(), r.Nonce, r.Source, ErrConflict)
	}
	return nil
}

const relayRequestColumns = `id, source, kind, trader, nonce, digest, account_id, data, state, reason, failed_tx, created_at`

func scanRelayRequest(row scanner) (RelayRequest, error) {
	var r RelayRequest
	var trader, digest, failedTx string
	var at int64
	if err := row.Scan(&r.ID, &r.Source, &r.Kind, &trader, &r.Nonce, &digest, &r.AccountID, &r.Data, &r.State, &r.Reason, &failedTx, &at); err != nil {
		return r, err
	}
	if failedTx != "" {
		r.FailedTx = common.HexToHash(failedTx)
	}
	r.Trader, r.Digest, r.CreatedAt = common.HexToAddress(trader), common.HexToHash(digest), time.UnixMilli(at)
	return r, nil
}

// RelayRequestByNonce implements SettlerStore.
func (s *conn) RelayRequestByNonce(ctx context.Context, source string, trader common.Address, nonce string) (RelayRequest, error) {
	r, err := scanRelayRequest(s.r.QueryRowContext(ctx, `SELECT `+relayRequestColumns+` FROM relay_requests
		WHERE source = ? AND trader = ? AND nonce = ?`, source, trader.Hex(), nonce))
	return r, wrap("relay request", err)
}

// PendingRelayRequests implements SettlerStore.
func (s *conn) PendingRelayRequests(ctx context.Context, source string, limit int) ([]RelayRequest, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+relayRequestColumns+` FROM relay_requests q WHERE q.source = ? AND q.state = ?
		AND NOT EXISTS (SELECT 1 FROM relays r WHERE r.source = q.source AND r.trader = q.trader AND r.nonce = q.nonce)
		ORDER BY q.id LIMIT ?`, source, RelayRequestPending, limit)
	if err != nil {
		return nil, wrap("pending relay requests", err)
	}
	defer rows.Close()
	var out []RelayRequest
	for rows.Next() {
		r, err := scanRelayRequest(rows)
		if err != nil {
			return nil, wrap("pending relay requests", err)
		}
		out = append(out, r)
	}
	return out, wrap("pending relay requests", rows.Err())
}

// FailRelayRequest implements SettlerStore.
func (s *conn) FailRelayRequest(ctx context.Context, id int64, reason string) error {
	now := time.Now().UnixMilli()
	return s.tx(ctx, func(tx queryer) error {
		res, err := tx.ExecContext(ctx, `UPDATE relay_requests SET state = ?, reason = ?, updated_at = ?,
			failed_tx = COALESCE((SELECT r.tx_hash FROM relays r WHERE r.source = relay_requests.source AND r.trader = relay_requests.trader
				AND r.nonce = relay_requests.nonce AND r.digest = relay_requests.digest), '') WHERE id = ?`,
			RelayRequestFailed, reason, now, id)
		if err != nil {
			return wrap("fail relay request", err)
		}
		if n, err := res.RowsAffected(); err == nil && n == 0 {
			return fmt.Errorf("relay request %d: %w", id, ErrNotFound)
		}
		// Only the relay of this very request (its digest) moves; another request's relay
		// of the nonce stands.
		const ofRequest = `FROM relays r JOIN relay_requests q ON q.source = r.source AND q.trader = r.trader
			AND q.nonce = r.nonce AND q.digest = r.digest WHERE q.id = ?`
		if _, err := tx.ExecContext(ctx, `INSERT INTO failed_relays (tx_hash, source, kind, trader, nonce, digest, account_id,
			reason, failed_at) SELECT r.tx_hash, r.source, r.kind, r.trader, r.nonce, r.digest, r.account_id, ?, ? `+ofRequest,
			reason, now, id); err != nil {
			return wrap("fail relay", err)
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM relays WHERE tx_hash IN (SELECT r.tx_hash `+ofRequest+`)`, id)
		return wrap("fail relay", err)
	})
}

// RelaysToFail implements SettlerStore.
func (s *conn) RelaysToFail(ctx context.Context, source string) ([]RelayFailure, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT r.source, r.kind, r.trader, r.nonce, r.digest, r.tx_hash, r.account_id, '',
		q.id, q.data, j.state, j.tx_hash, j.block_number
		FROM relays r
		JOIN relay_requests q ON q.source = r.source AND q.trader = r.trader AND q.nonce = r.nonce AND q.digest = r.digest
			AND q.state = ?
		JOIN tx_journal j0 ON j0.tx_hash = r.tx_hash
		JOIN tx_journal j ON j.source = j0.source AND j.sender = j0.sender AND j.nonce = j0.nonce AND j.state IN (?, ?)
		WHERE r.source = ? AND NOT EXISTS (SELECT 1 FROM tx_journal k WHERE k.source = j0.source AND k.sender = j0.sender
			AND k.nonce = j0.nonce AND k.state IN (?, ?, ?))
		ORDER BY q.id, j.id`, RelayRequestPending, string(chain.TxFailed), string(chain.TxDropped), source,
		string(chain.TxPending), string(chain.TxMined), string(chain.TxConfirmed))
	if err != nil {
		return nil, wrap("relays to fail", err)
	}
	defer rows.Close()
	var out []RelayFailure
	for rows.Next() {
		var f RelayFailure
		var trader, digest, tx, state, failedTx string
		if err := rows.Scan(&f.Relay.Source, &f.Relay.Kind, &trader, &f.Relay.Nonce, &digest, &tx, &f.Relay.AccountID,
			&f.Relay.Reason, &f.RequestID, &f.Data, &state, &failedTx, &f.Block); err != nil {
			return nil, wrap("relays to fail", err)
		}
		if n := len(out); n > 0 && out[n-1].RequestID == f.RequestID {
			continue // a dropped relay and its fee bumps: one failure
		}
		f.Relay.Trader, f.Relay.Digest, f.Relay.TxHash = common.HexToAddress(trader), common.HexToHash(digest), common.HexToHash(tx)
		f.State, f.TxHash = chain.TxState(state), common.HexToHash(failedTx)
		out = append(out, f)
	}
	return out, wrap("relays to fail", rows.Err())
}
