package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
)

// Relay states: a relay's row moves REQUESTED -> SENT -> CONFIRMED, or from REQUESTED or
// SENT to FAILED, and a FAILED row becomes REQUESTED again when the trader asks anew with
// the nonce; any other move is refused (ErrConflict).
const (
	// RelayRequested: an API process stored the signed request for the settler to send.
	RelayRequested = "REQUESTED"
	// RelaySent: the settler journaled its transaction (TxHash) in the same store
	// transaction as the state.
	RelaySent = "SENT"
	// RelayConfirmed: a transaction at the relay's operator nonce (the relay's, or a fee
	// bump of it) confirmed; a reorg that reopens it moves the relay back to SENT.
	RelayConfirmed = "CONFIRMED"
	// RelayFailed: refused before sending (TxHash zero), or its transaction reverted or
	// was dropped; Reason says why. The trader's nonce is free again.
	RelayFailed = "FAILED"
)

// Reasons of FAILED relays besides the contract's other revert names.
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

// Relay is a trader's signed order, withdrawal, cancel request or nonce invalidation that
// the gateway relays: one per (source, trader, nonce), from the API's request to the
// chain's outcome.
type Relay struct {
	ID     int64
	Source string
	Kind   string
	Trader common.Address
	Nonce  string
	// Digest is the EIP-712 digest of the signed request; equal digests are the same
	// request.
	Digest    common.Hash
	AccountID string
	// Data is the relay transaction's calldata to the DTW contract (empty for relays
	// journaled without a request).
	Data []byte
	// State is RelayRequested, RelaySent, RelayConfirmed or RelayFailed.
	State string
	// TxHash is the relay's transaction (its instructionId) once SENT; a FAILED relay's
	// when it was sent, zero when it was refused before.
	TxHash common.Hash
	// Reason says why a FAILED relay failed (e.g. the contract's revert name); empty
	// otherwise.
	Reason    string
	CreatedAt time.Time
}

// RelayFailure is a SENT relay whose transaction reverted or was dropped.
type RelayFailure struct {
	Relay Relay
	// State is the final state of its transaction: chain.TxFailed (reverted) or
	// chain.TxDropped.
	State chain.TxState
	// TxHash and Block are the transaction that reverted (a fee bump of the relay's own,
	// perhaps) and its block; Block is 0 when dropped.
	TxHash common.Hash
	Block  uint64
}

// announceRelays wakes relay waiters after a commit that moved a relay: at once outside
// InTx, after InTx's commit inside it; on SQLite it also rings the other processes'.
func (s *conn) announceRelays() {
	if s.pending != nil {
		s.pending.relays = true
		return
	}
	s.relays.signal()
	if s.ringRelays != nil {
		s.ringRelays()
	}
}

// relayNow is the clock of relay rows, in Unix milliseconds.
func relayNow() int64 { return time.Now().UnixMilli() }

const relayRowColumns = `id, source, kind, trader, nonce, digest, account_id, data, state, tx_hash, reason, created_at`

func scanRelayRow(row scanner) (Relay, error) {
	var r Relay
	var trader, digest, tx string
	var at int64
	if err := row.Scan(&r.ID, &r.Source, &r.Kind, &trader, &r.Nonce, &digest, &r.AccountID, &r.Data, &r.State, &tx,
		&r.Reason, &at); err != nil {
		return r, err
	}
	if tx != "" {
		r.TxHash = common.HexToHash(tx)
	}
	r.Trader, r.Digest, r.CreatedAt = common.HexToAddress(trader), common.HexToHash(digest), time.UnixMilli(at)
	return r, nil
}

// InsertRelayRequest implements SettlerStore: the row of (source, trader, nonce) becomes
// REQUESTED, new or from FAILED (a sent attempt's transaction, kind and reason stay,
// for RelayByTx); in any other state it is ErrConflict.
func (s *conn) InsertRelayRequest(ctx context.Context, r Relay) error {
	now := relayNow()
	res, err := s.q.ExecContext(ctx, `INSERT INTO relays (source, kind, trader, nonce, digest, account_id, data, state,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (source, trader, nonce) DO UPDATE SET kind = excluded.kind, digest = excluded.digest,
		account_id = excluded.account_id, data = excluded.data, state = excluded.state, reason = '', tx_hash = '',
		prev_tx = CASE WHEN relays.tx_hash = '' THEN relays.prev_tx ELSE relays.tx_hash END,
		prev_kind = CASE WHEN relays.tx_hash = '' THEN relays.prev_kind ELSE relays.kind END,
		prev_reason = CASE WHEN relays.tx_hash = '' THEN relays.prev_reason ELSE relays.reason END,
		created_at = excluded.created_at, updated_at = excluded.updated_at WHERE relays.state = ?`,
		r.Source, r.Kind, r.Trader.Hex(), r.Nonce, r.Digest.Hex(), r.AccountID, r.Data, RelayRequested, now, now, RelayFailed)
	if err != nil {
		return wrap("insert relay request", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return fmt.Errorf("relay request of %s nonce %s on %s: %w", r.Trader.Hex(), r.Nonce, r.Source, ErrConflict)
	}
	s.announceRelays()
	return nil
}

// RelayRequestByNonce implements SettlerStore.
func (s *conn) RelayRequestByNonce(ctx context.Context, source string, trader common.Address, nonce string) (Relay, error) {
	r, err := scanRelayRow(s.r.QueryRowContext(ctx, `SELECT `+relayRowColumns+` FROM relays
		WHERE source = ? AND trader = ? AND nonce = ?`, source, trader.Hex(), nonce))
	return r, wrap("relay request", err)
}

// PendingRelayRequests implements SettlerStore.
func (s *conn) PendingRelayRequests(ctx context.Context, source string, limit int) ([]Relay, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT `+relayRowColumns+` FROM relays WHERE source = ? AND state = ?
		ORDER BY id LIMIT ?`, source, RelayRequested, limit)
	if err != nil {
		return nil, wrap("pending relay requests", err)
	}
	defer rows.Close()
	var out []Relay
	for rows.Next() {
		r, err := scanRelayRow(rows)
		if err != nil {
			return nil, wrap("pending relay requests", err)
		}
		out = append(out, r)
	}
	return out, wrap("pending relay requests", rows.Err())
}

// FailRelayRequest implements SettlerStore: REQUESTED or SENT (from) becomes FAILED with
// reason (a SENT relay keeps its transaction); a relay in another state is ErrConflict.
func (s *conn) FailRelayRequest(ctx context.Context, id int64, from, reason string) error {
	if from != RelayRequested && from != RelaySent {
		return fmt.Errorf("fail relay %d: only a REQUESTED or SENT relay fails, not %q: %w", id, from, ErrConflict)
	}
	var state string
	err := s.q.QueryRowContext(ctx, `UPDATE relays SET state = ?, reason = ?, updated_at = ? WHERE id = ? AND state = ?
		RETURNING state`, RelayFailed, reason, relayNow(), id, from).Scan(&state)
	if err == nil {
		s.announceRelays()
		return nil
	}
	if err = wrap("fail relay", err); !errors.Is(err, ErrNotFound) {
		return err
	}
	if err := s.r.QueryRowContext(ctx, `SELECT state FROM relays WHERE id = ?`, id).Scan(&state); err != nil {
		return fmt.Errorf("relay %d: %w", id, wrap("fail relay", err))
	}
	return fmt.Errorf("fail relay %d: it is %s, not %s: %w", id, state, from, ErrConflict)
}

// sendRelay moves, in the journal's transaction q, the request r relays from REQUESTED
// (with r's digest) to SENT with transaction hash; a relay journaled without a request is
// written SENT. Any other relay of the nonce is chain.ErrRelayExists.
func sendRelay(ctx context.Context, q queryer, source, kind string, hash common.Hash, r *chain.Relay, now int64) error {
	res, err := q.ExecContext(ctx, `INSERT INTO relays (source, kind, trader, nonce, digest, account_id, data, state, tx_hash,
		created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (source, trader, nonce) DO UPDATE SET state = excluded.state, tx_hash = excluded.tx_hash,
		kind = excluded.kind, updated_at = excluded.updated_at WHERE relays.state = ? AND relays.digest = excluded.digest`,
		source, kind, r.Trader.Hex(), r.Nonce.String(), r.Digest.Hex(), r.AccountID, []byte{}, RelaySent, hash.Hex(), now, now,
		RelayRequested)
	if err != nil {
		return wrap("send relay", err)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return wrap("send relay", err)
	}
	if n == 0 {
		return fmt.Errorf("relay of %s nonce %s on %s: %w", r.Trader.Hex(), r.Nonce, source, chain.ErrRelayExists)
	}
	return nil
}

// confirmRelay moves, in the journal's transaction q, the SENT relay whose transaction
// has the operator nonce of journal entry id to CONFIRMED; it reports whether one moved.
func confirmRelay(ctx context.Context, q queryer, id int64, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE relays SET state = ?, updated_at = ? WHERE state = ? AND tx_hash IN
		(SELECT k.tx_hash FROM tx_journal j JOIN tx_journal k ON k.source = j.source AND k.sender = j.sender
		AND k.nonce = j.nonce AND k.kind = j.kind WHERE j.id = ?)`, RelayConfirmed, now, RelaySent, id)
	if err != nil {
		return false, wrap("confirm relay", err)
	}
	n, err := res.RowsAffected()
	return n > 0, wrap("confirm relay", err)
}

// unconfirmRelays moves, in ReopenFrom's transaction q, the CONFIRMED relays of the
// journal entries it reopens back to SENT: the chain's outcome is undone.
func unconfirmRelays(ctx context.Context, q queryer, source string, sender common.Address, nonce uint64, now int64) (bool, error) {
	res, err := q.ExecContext(ctx, `UPDATE relays SET state = ?, updated_at = ? WHERE state = ? AND source = ? AND tx_hash IN
		(SELECT tx_hash FROM tx_journal WHERE source = ? AND sender = ? AND nonce >= ?)`,
		RelaySent, now, RelayConfirmed, source, source, addrText(sender), nonce)
	if err != nil {
		return false, wrap("unconfirm relays", err)
	}
	n, err := res.RowsAffected()
	return n > 0, wrap("unconfirm relays", err)
}

// relayColumns are a standing relay's columns for scanRelay.
const relayColumns = `source, kind, trader, nonce, digest, tx_hash, account_id`

func scanRelay(row scanner) (Relay, error) {
	var r Relay
	var trader, digest, tx string
	if err := row.Scan(&r.Source, &r.Kind, &trader, &r.Nonce, &digest, &tx, &r.AccountID, &r.Reason); err != nil {
		return r, err
	}
	r.Trader, r.Digest, r.TxHash = common.HexToAddress(trader), common.HexToHash(digest), common.HexToHash(tx)
	return r, nil
}

// RelayByNonce implements Relays: the SENT or CONFIRMED relay of the nonce.
func (s *conn) RelayByNonce(ctx context.Context, source string, trader common.Address, nonce string) (Relay, error) {
	r, err := scanRelay(s.r.QueryRowContext(ctx, `SELECT `+relayColumns+`, '' FROM relays WHERE source = ? AND trader = ?
		AND nonce = ? AND state IN (?, ?)`, source, trader.Hex(), nonce, RelaySent, RelayConfirmed))
	return r, wrap("relay by nonce", err)
}

// RelayByTx implements Relays: a SENT or CONFIRMED relay, or a FAILED one (Reason set),
// also the failed attempt a newer request of its nonce replaced.
func (s *conn) RelayByTx(ctx context.Context, tx common.Hash) (Relay, error) {
	r, err := scanRelay(s.r.QueryRowContext(ctx, `SELECT `+relayColumns+`, CASE WHEN state = ? THEN reason ELSE '' END
		FROM relays WHERE tx_hash = ? AND state IN (?, ?, ?)
		UNION ALL SELECT source, prev_kind, trader, nonce, '', prev_tx, account_id, prev_reason FROM relays WHERE prev_tx = ?`,
		RelayFailed, tx.Hex(), RelaySent, RelayConfirmed, RelayFailed, tx.Hex()))
	return r, wrap("relay by tx", err)
}

// RelaysToFail implements SettlerStore.
func (s *conn) RelaysToFail(ctx context.Context, source string) ([]RelayFailure, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT r.id, r.source, r.kind, r.trader, r.nonce, r.digest, r.account_id, r.data,
		r.state, r.tx_hash, r.reason, r.created_at, j.state, j.tx_hash, j.block_number
		FROM relays r
		JOIN tx_journal j0 ON j0.tx_hash = r.tx_hash
		JOIN tx_journal j ON j.source = j0.source AND j.sender = j0.sender AND j.nonce = j0.nonce AND j.state IN (?, ?)
		WHERE r.source = ? AND r.state = ? AND NOT EXISTS (SELECT 1 FROM tx_journal k WHERE k.source = j0.source
			AND k.sender = j0.sender AND k.nonce = j0.nonce AND k.kind = j0.kind AND k.state IN (?, ?, ?))
		ORDER BY r.id, j.id`, string(chain.TxFailed), string(chain.TxDropped), source, RelaySent,
		string(chain.TxPending), string(chain.TxMined), string(chain.TxConfirmed))
	if err != nil {
		return nil, wrap("relays to fail", err)
	}
	defer rows.Close()
	var out []RelayFailure
	for rows.Next() {
		var f RelayFailure
		var trader, digest, tx, state, failedTx string
		var at int64
		if err := rows.Scan(&f.Relay.ID, &f.Relay.Source, &f.Relay.Kind, &trader, &f.Relay.Nonce, &digest, &f.Relay.AccountID,
			&f.Relay.Data, &f.Relay.State, &tx, &f.Relay.Reason, &at, &state, &failedTx, &f.Block); err != nil {
			return nil, wrap("relays to fail", err)
		}
		if n := len(out); n > 0 && out[n-1].Relay.ID == f.Relay.ID {
			continue // a dropped relay and its fee bumps: one failure
		}
		f.Relay.Trader, f.Relay.Digest, f.Relay.TxHash = common.HexToAddress(trader), common.HexToHash(digest), common.HexToHash(tx)
		f.Relay.CreatedAt = time.UnixMilli(at)
		f.State, f.TxHash = chain.TxState(state), common.HexToHash(failedTx)
		out = append(out, f)
	}
	return out, wrap("relays to fail", rows.Err())
}
