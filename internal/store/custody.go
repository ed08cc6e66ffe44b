package store

import (
	"context"
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
)

// DepositAddress is an account's OFFCHAIN deposit address on a chain: a forwarder of the
// chain's DepositForwarderFactory, handed out before it is deployed.
type DepositAddress struct {
	Source    string
	AccountID string
	Address   common.Address
	// Salt is the CREATE2 salt the factory deploys the forwarder with.
	Salt      common.Hash
	CreatedAt time.Time
	// DeployedAt is when the settler saw the forwarder's code on chain; zero before.
	DeployedAt time.Time
}

// Sweep is a forwarder holding funds of a token, to be swept to the treasury.
type Sweep struct {
	Source  string
	Address common.Address
	// Token is the token contract; the zero address is native ETH.
	Token common.Address
	Since time.Time
	// Ref is the journal ref of the sweep transaction in flight that takes this mark, ""
	// when none: the mark stays until that sweep is confirmed successful.
	Ref string
	// Attempts counts this mark's sweeps that reverted or were dropped.
	Attempts int
	// RetryAt is when the next sweep may take the mark after a failed one; zero at once.
	RetryAt time.Time
}

// Custody owns the OFFCHAIN venue's crypto custody records: deposit addresses, the block
// up to which each chain's deposits are credited, forwarders to sweep, and the journal's
// references (which transaction does which work).
type Custody interface {
	CustodyReorgs
	// PutDepositAddress records an account's deposit address on a source; recording the
	// same one again is a no-op. ErrConflict when the account has another address on the
	// source or the address is another account's.
	PutDepositAddress(ctx context.Context, a DepositAddress) error
	// DepositAddressOf returns an account's deposit address on a source, or ErrNotFound.
	DepositAddressOf(ctx context.Context, source, accountID string) (DepositAddress, error)
	// DepositAddresses returns every deposit address of a source, oldest first.
	DepositAddresses(ctx context.Context, source string) ([]DepositAddress, error)
	// SetForwarderDeployed records that a deposit address's forwarder is on chain.
	SetForwarderDeployed(ctx context.Context, source string, address common.Address, at time.Time) error
	// CustodyCursor returns the last block whose deposits are credited on a source, and
	// its hash; ok false before the first.
	CustodyCursor(ctx context.Context, source string) (block uint64, hash common.Hash, ok bool, err error)
	// SetCustodyCursor records the last block whose deposits are credited, and records it
	// among the blocks read (CustodyBlocks), forgetting those above it (a rescan goes back)
	// and the oldest beyond the last custodyBlocksKept.
	SetCustodyCursor(ctx context.Context, source string, block uint64, hash common.Hash) error
	// MarkSweep records that a forwarder holds funds of a token. When it is recorded, it
	// only forgets the sweep in flight that takes it (the new funds may have arrived after
	// that sweep: the mark needs a sweep of its own).
	MarkSweep(ctx context.Context, s Sweep) error
	// SweepsDue returns up to limit recorded sweeps of a source, in flight or not, oldest
	// first.
	SweepsDue(ctx context.Context, source string, limit int) ([]Sweep, error)
	// ClearSweep forgets a recorded sweep.
	ClearSweep(ctx context.Context, source string, address, token common.Address) error
	// SetSweepRef records that the sweep journaled under ref takes the recorded sweeps of
	// a source at (address, token).
	SetSweepRef(ctx context.Context, source, ref string, marks []Sweep) error
	// ClearSweepRef forgets the recorded sweeps that the sweep of ref took (it was
	// confirmed successful) and returns how many.
	ClearSweepRef(ctx context.Context, source, ref string) (int64, error)
	// RetrySweepRef releases the recorded sweeps that the sweep of ref took (it reverted,
	// was dropped or never sent): each counts one more attempt and may be swept again from
	// retryAt. It returns how many.
	RetrySweepRef(ctx context.Context, source, ref string, retryAt time.Time) (int64, error)
	// JournalRef returns the first journaled transaction of a ref on a source (its
	// sender, nonce and hash), or ErrNotFound.
	JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error)
	// TxsAtNonce returns the journaled transactions of a sender's nonce on a source (an
	// original and its fee bumps), oldest first, in any state; never a gap filler
	// (chain.KindGapFiller), which fills the nonce of dropped ones and does their work not.
	TxsAtNonce(ctx context.Context, source string, sender common.Address, nonce uint64) ([]chain.JournalTx, error)
}

var _ Custody = (*SQLite)(nil)

const depositAddressColumns = `source, account_id, address, salt, created_at, deployed_at`

func scanDepositAddress(r scanner) (DepositAddress, error) {
	var (
		a                 DepositAddress
		addr, salt        string
		created, deployed int64
	)
	if err := r.Scan(&a.Source, &a.AccountID, &addr, &salt, &created, &deployed); err != nil {
		return a, err
	}
	a.Address, a.Salt, a.CreatedAt = common.HexToAddress(addr), common.HexToHash(salt), time.UnixMilli(created)
	if deployed != 0 {
		a.DeployedAt = time.UnixMilli(deployed)
	}
	return a, nil
}

// PutDepositAddress implements Custody.
func (s *conn) PutDepositAddress(ctx context.Context, a DepositAddress) error {
	res, err := s.q.ExecContext(ctx, `INSERT INTO deposit_addresses (`+depositAddressColumns+`) VALUES (?, ?, ?, ?, ?, 0)
		ON CONFLICT (source, account_id) DO NOTHING`, a.Source, a.AccountID, a.Address.Hex(), a.Salt.Hex(), a.CreatedAt.UnixMilli())
	if err != nil {
		return wrap("put deposit address", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 1 {
		return wrap("put deposit address", err)
	}
	old, err := s.DepositAddressOf(ctx, a.Source, a.AccountID)
	if err != nil {
		return err
	}
	if old.Address != a.Address {
		return wrap("put deposit address", ErrConflict)
	}
	return nil
}

// DepositAddressOf implements Custody.
func (s *conn) DepositAddressOf(ctx context.Context, source, accountID string) (DepositAddress, error) {
	a, err := scanDepositAddress(s.r.QueryRowContext(ctx, `SELECT `+depositAddressColumns+` FROM deposit_addresses
		WHERE source = ? AND account_id = ?`, source, accountID))
	return a, wrap("deposit address", err)
}

// DepositAddresses implements Custody.
func (s *conn) DepositAddresses(ctx context.Context, source string) ([]DepositAddress, error) {
	return queryAll(ctx, s.r, "deposit addresses", scanDepositAddress, `SELECT `+depositAddressColumns+` FROM deposit_addresses
		WHERE source = ? ORDER BY created_at, account_id`, source)
}

// SetForwarderDeployed implements Custody.
func (s *conn) SetForwarderDeployed(ctx context.Context, source string, address common.Address, at time.Time) error {
	return wrapAffected("set forwarder deployed")(s.q.ExecContext(ctx, `UPDATE deposit_addresses SET deployed_at = ?
		WHERE source = ? AND address = ?`, at.UnixMilli(), source, address.Hex()))
}

// CustodyCursor implements Custody.
func (s *conn) CustodyCursor(ctx context.Context, source string) (uint64, common.Hash, bool, error) {
	var (
		block uint64
		hash  string
	)
	err := wrap("custody cursor", s.r.QueryRowContext(ctx, `SELECT block, hash FROM custody_cursors WHERE source = ?`, source).Scan(&block, &hash))
	if errors.Is(err, ErrNotFound) {
		return 0, common.Hash{}, false, nil
	}
	return block, common.HexToHash(hash), err == nil, err
}

// SetCustodyCursor implements Custody.
func (s *conn) SetCustodyCursor(ctx context.Context, source string, block uint64, hash common.Hash) error {
	if _, err := s.q.ExecContext(ctx, `INSERT INTO custody_cursors (source, block, hash) VALUES (?, ?, ?)
		ON CONFLICT (source) DO UPDATE SET block = excluded.block, hash = excluded.hash`, source, block, hash.Hex()); err != nil {
		return wrap("set custody cursor", err)
	}
	if _, err := s.q.ExecContext(ctx, `DELETE FROM custody_blocks WHERE source = ? AND block >= ?`, source, block); err != nil {
		return wrap("set custody cursor", err)
	}
	if _, err := s.q.ExecContext(ctx, `INSERT INTO custody_blocks (source, block, hash) VALUES (?, ?, ?)`, source, block, hash.Hex()); err != nil {
		return wrap("set custody cursor", err)
	}
	_, err := s.q.ExecContext(ctx, `DELETE FROM custody_blocks WHERE source = ? AND block <
		(SELECT block FROM custody_blocks WHERE source = ? ORDER BY block DESC LIMIT 1 OFFSET ?)`, source, source, custodyBlocksKept-1)
	return wrap("set custody cursor", err)
}

// MarkSweep implements Custody.
func (s *conn) MarkSweep(ctx context.Context, sw Sweep) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO custody_sweeps (source, address, token, since) VALUES (?, ?, ?, ?)
		ON CONFLICT (source, address, token) DO UPDATE SET sweep_ref = ''`, sw.Source, sw.Address.Hex(), sw.Token.Hex(), sw.Since.UnixMilli())
	return wrap("mark sweep", err)
}

// SweepsDue implements Custody.
func (s *conn) SweepsDue(ctx context.Context, source string, limit int) ([]Sweep, error) {
	if limit <= 0 {
		limit = 100
	}
	return queryAll(ctx, s.r, "sweeps due", func(r scanner) (Sweep, error) {
		var (
			sw           Sweep
			addr, token  string
			since, retry int64
		)
		err := r.Scan(&sw.Source, &addr, &token, &since, &sw.Ref, &sw.Attempts, &retry)
		sw.Address, sw.Token, sw.Since = common.HexToAddress(addr), common.HexToAddress(token), time.UnixMilli(since)
		if retry != 0 {
			sw.RetryAt = time.UnixMilli(retry)
		}
		return sw, err
	}, `SELECT source, address, token, since, sweep_ref, attempts, retry_at FROM custody_sweeps WHERE source = ?
		ORDER BY since, address, token LIMIT ?`, source, limit)
}

// SetSweepRef implements Custody.
func (s *conn) SetSweepRef(ctx context.Context, source, ref string, marks []Sweep) error {
	for _, m := range marks {
		if _, err := s.q.ExecContext(ctx, `UPDATE custody_sweeps SET sweep_ref = ? WHERE source = ? AND address = ? AND token = ?`,
			ref, source, m.Address.Hex(), m.Token.Hex()); err != nil {
			return wrap("set sweep ref", err)
		}
	}
	return nil
}

// ClearSweepRef implements Custody.
func (s *conn) ClearSweepRef(ctx context.Context, source, ref string) (int64, error) {
	if ref == "" {
		return 0, nil
	}
	res, err := s.q.ExecContext(ctx, `DELETE FROM custody_sweeps WHERE source = ? AND sweep_ref = ?`, source, ref)
	if err != nil {
		return 0, wrap("clear sweep ref", err)
	}
	n, err := res.RowsAffected()
	return n, wrap("clear sweep ref", err)
}

// RetrySweepRef implements Custody.
func (s *conn) RetrySweepRef(ctx context.Context, source, ref string, retryAt time.Time) (int64, error) {
	if ref == "" {
		return 0, nil
	}
	res, err := s.q.ExecContext(ctx, `UPDATE custody_sweeps SET sweep_ref = '', attempts = attempts + 1, retry_at = ?
		WHERE source = ? AND sweep_ref = ?`, retryAt.UnixMilli(), source, ref)
	if err != nil {
		return 0, wrap("retry sweep ref", err)
	}
	n, err := res.RowsAffected()
	return n, wrap("retry sweep ref", err)
}

// ClearSweep implements Custody.
func (s *conn) ClearSweep(ctx context.Context, source string, address, token common.Address) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM custody_sweeps WHERE source = ? AND address = ? AND token = ?`,
		source, address.Hex(), token.Hex())
	return wrap("clear sweep", err)
}

// JournalRef implements Custody.
func (s *conn) JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error) {
	var (
		sender, hash string
		created      int64
	)
	t := chain.JournalTx{Source: source, Ref: ref}
	err := s.r.QueryRowContext(ctx, `SELECT sender, nonce, tx_hash, created_at FROM journal_refs WHERE source = ? AND ref = ?`,
		source, ref).Scan(&sender, &t.Nonce, &hash, &created)
	if err != nil {
		return t, wrap("journal ref", err)
	}
	t.Sender, t.Hash, t.CreatedAt = common.HexToAddress(sender), common.HexToHash(hash), time.UnixMilli(created)
	return t, nil
}

// TxsAtNonce implements Custody.
func (s *conn) TxsAtNonce(ctx context.Context, source string, sender common.Address, nonce uint64) ([]chain.JournalTx, error) {
	return queryAll(ctx, s.r, "txs at nonce", func(r scanner) (chain.JournalTx, error) {
		t := chain.JournalTx{Source: source, Sender: sender}
		var (
			hash, state      string
			created, updated int64
		)
		err := r.Scan(&t.ID, &t.Nonce, &hash, &t.Raw, &t.Kind, &state, &t.Replaces, &t.BlockNumber, &created, &updated)
		t.Hash, t.State = common.HexToHash(hash), chain.TxState(state)
		t.CreatedAt, t.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
		return t, err
	}, `SELECT id, nonce, tx_hash, raw, kind, state, replaces, block_number, created_at, updated_at FROM tx_journal
		WHERE source = ? AND sender = ? AND nonce = ? AND kind <> ? ORDER BY id`, source, addrText(sender), nonce, chain.KindGapFiller)
}
