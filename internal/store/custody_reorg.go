package store

import (
	"context"
	"errors"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
)

// CustodyDeposit is an OFFCHAIN crypto deposit credited to an account, with where on the
// chain it was read. Its identity is (Source, TxHash, Forwarder, Token, Amount,
// Occurrence): what a transaction does, which a re-mined transaction keeps, unlike its
// log index.
type CustodyDeposit struct {
	Source    string
	TxHash    common.Hash
	Forwarder common.Address
	// Token is the token contract; the zero address is native ETH.
	Token common.Address
	// Amount is in the token's base units.
	Amount *big.Int
	// Occurrence numbers equal transfers (same forwarder, token and amount) of one
	// transaction, from 0 in log order.
	Occurrence int
	// LogIndex, BlockNumber and BlockHash are where the deposit was last read.
	LogIndex    uint
	BlockNumber uint64
	BlockHash   common.Hash
	AccountID   string
	Asset       string
	// Credited is the amount credited, in the asset's units.
	Credited   string
	LedgerKey  string
	CreditedAt time.Time
	// MissingSince is when a deep reorg was found to have taken the deposit out of the
	// chain (it stays credited, for an operator to decide); zero while it is on the chain.
	MissingSince time.Time
}

// CustodyReorg is a chain's open deep reorg: a block whose deposits were credited is no
// longer canonical, and crediting waits until every deposit credited after the fork is on
// the chain again at the depth, or an operator asks for a rescan.
type CustodyReorg struct {
	Source     string
	DetectedAt time.Time
	CheckedAt  time.Time
	// Block and Hash are the credited block (the custody cursor) no longer canonical.
	Block uint64
	Hash  common.Hash
	// ForkKnown says Fork is the newest block read before that is still canonical: a
	// rescan starts at Fork+1. Without it no recorded block is canonical any more.
	ForkKnown bool
	Fork      uint64
	// Missing counts the deposits credited after Fork that the chain no longer has;
	// Waiting those mined again but not at the depth yet.
	Missing, Waiting int
}

// CustodyRescan is an operator's request that a chain's deposits be read again from a
// block; the chain's custodian carries it out at its next round.
type CustodyRescan struct {
	Source      string
	From        uint64
	RequestedAt time.Time
}

// CustodyReorgs owns what a deep reorg of OFFCHAIN deposit crediting needs: the credited
// deposits and where they were read, the blocks read (SetCustodyCursor records each), a
// chain's open deep reorg and an operator's rescan request.
type CustodyReorgs interface {
	// PutCustodyDeposit records a credited deposit; ErrConflict when its identity is
	// recorded.
	PutCustodyDeposit(ctx context.Context, d CustodyDeposit) error
	// CustodyDepositOf returns the recorded deposit with the identity of d, or ErrNotFound.
	CustodyDepositOf(ctx context.Context, d CustodyDeposit) (CustodyDeposit, error)
	// CustodyLedgerKeyUsed reports whether a recorded deposit of source was credited under
	// the ledger key.
	CustodyLedgerKeyUsed(ctx context.Context, source, key string) (bool, error)
	// SetCustodyDepositSeen records where the deposit with the identity of d was read last
	// (d's LogIndex, BlockNumber, BlockHash) and its MissingSince.
	SetCustodyDepositSeen(ctx context.Context, d CustodyDeposit) error
	// CustodyDepositsFrom returns the recorded deposits of source read in block `from` or
	// later, by block and log.
	CustodyDepositsFrom(ctx context.Context, source string, from uint64) ([]CustodyDeposit, error)
	// MissingCustodyDeposits returns the recorded deposits of source that a deep reorg took
	// out of the chain, by block and log.
	MissingCustodyDeposits(ctx context.Context, source string) ([]CustodyDeposit, error)
	// CustodyBlocks returns up to limit blocks of source below `below` through which
	// deposits were read, newest first.
	CustodyBlocks(ctx context.Context, source string, below uint64, limit int) ([]chain.BlockRef, error)
	// PutCustodyReorg records a source's open deep reorg (its DetectedAt kept when one is
	// recorded).
	PutCustodyReorg(ctx context.Context, r CustodyReorg) error
	// CustodyReorgOf returns a source's open deep reorg, or ErrNotFound.
	CustodyReorgOf(ctx context.Context, source string) (CustodyReorg, error)
	// DeleteCustodyReorg forgets a source's open deep reorg (a no-op without one).
	DeleteCustodyReorg(ctx context.Context, source string) error
	// RequestCustodyRescan records an operator's rescan request, replacing one not yet
	// carried out.
	RequestCustodyRescan(ctx context.Context, r CustodyRescan) error
	// CustodyRescanOf returns a source's rescan request not yet carried out, or ErrNotFound.
	CustodyRescanOf(ctx context.Context, source string) (CustodyRescan, error)
	// DeleteCustodyRescan forgets the rescan request r (carried out), unless the operator
	// replaced it since (a no-op then, and without one).
	DeleteCustodyRescan(ctx context.Context, r CustodyRescan) error
}

// custodyBlocksKept bounds the blocks read recorded per source: a deep reorg is searched
// for its fork among them.
const custodyBlocksKept = 1000

const custodyDepositColumns = `source, tx_hash, forwarder, token, amount, occurrence, log_index, block_number, block_hash,
	account_id, asset, credited_amount, ledger_key, credited_at, missing_since`

func scanCustodyDeposit(r scanner) (CustodyDeposit, error) {
	var (
		d                          CustodyDeposit
		tx, fwd, tok, amount, hash string
		credited, missing          int64
	)
	if err := r.Scan(&d.Source, &tx, &fwd, &tok, &amount, &d.Occurrence, &d.LogIndex, &d.BlockNumber, &hash,
		&d.AccountID, &d.Asset, &d.Credited, &d.LedgerKey, &credited, &missing); err != nil {
		return d, err
	}
	d.TxHash, d.Forwarder, d.Token, d.BlockHash = common.HexToHash(tx), common.HexToAddress(fwd), common.HexToAddress(tok), common.HexToHash(hash)
	var ok bool
	if d.Amount, ok = new(big.Int).SetString(amount, 10); !ok {
		return d, errors.New("custody deposit: bad amount " + amount)
	}
	d.CreditedAt = time.UnixMilli(credited)
	if missing != 0 {
		d.MissingSince = time.UnixMilli(missing)
	}
	return d, nil
}

func unixMilliOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// PutCustodyDeposit implements CustodyReorgs.
func (s *conn) PutCustodyDeposit(ctx context.Context, d CustodyDeposit) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO custody_deposits (`+custodyDepositColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, d.Source, d.TxHash.Hex(), d.Forwarder.Hex(), d.Token.Hex(),
		d.Amount.String(), d.Occurrence, d.LogIndex, d.BlockNumber, d.BlockHash.Hex(), d.AccountID, d.Asset, d.Credited,
		d.LedgerKey, d.CreditedAt.UnixMilli(), unixMilliOrZero(d.MissingSince))
	return wrap("put custody deposit", err)
}

// CustodyDepositOf implements CustodyReorgs.
func (s *conn) CustodyDepositOf(ctx context.Context, d CustodyDeposit) (CustodyDeposit, error) {
	got, err := scanCustodyDeposit(s.r.QueryRowContext(ctx, `SELECT `+custodyDepositColumns+` FROM custody_deposits
		WHERE source = ? AND tx_hash = ? AND forwarder = ? AND token = ? AND amount = ? AND occurrence = ?`,
		d.Source, d.TxHash.Hex(), d.Forwarder.Hex(), d.Token.Hex(), d.Amount.String(), d.Occurrence))
	return got, wrap("custody deposit", err)
}

// CustodyLedgerKeyUsed implements CustodyReorgs.
func (s *conn) CustodyLedgerKeyUsed(ctx context.Context, source, key string) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM custody_deposits WHERE source = ? AND ledger_key = ?`, source, key).Scan(&n)
	return n > 0, wrap("custody ledger key", err)
}

// SetCustodyDepositSeen implements CustodyReorgs.
func (s *conn) SetCustodyDepositSeen(ctx context.Context, d CustodyDeposit) error {
	return wrapAffected("set custody deposit seen")(s.q.ExecContext(ctx, `UPDATE custody_deposits
		SET log_index = ?, block_number = ?, block_hash = ?, missing_since = ?
		WHERE source = ? AND tx_hash = ? AND forwarder = ? AND token = ? AND amount = ? AND occurrence = ?`,
		d.LogIndex, d.BlockNumber, d.BlockHash.Hex(), unixMilliOrZero(d.MissingSince),
		d.Source, d.TxHash.Hex(), d.Forwarder.Hex(), d.Token.Hex(), d.Amount.String(), d.Occurrence))
}

// CustodyDepositsFrom implements CustodyReorgs.
func (s *conn) CustodyDepositsFrom(ctx context.Context, source string, from uint64) ([]CustodyDeposit, error) {
	return queryAll(ctx, s.r, "custody deposits", scanCustodyDeposit, `SELECT `+custodyDepositColumns+` FROM custody_deposits
		WHERE source = ? AND block_number >= ? ORDER BY block_number, log_index, tx_hash`, source, from)
}

// MissingCustodyDeposits implements CustodyReorgs.
func (s *conn) MissingCustodyDeposits(ctx context.Context, source string) ([]CustodyDeposit, error) {
	return queryAll(ctx, s.r, "missing custody deposits", scanCustodyDeposit, `SELECT `+custodyDepositColumns+` FROM custody_deposits
		WHERE source = ? AND missing_since <> 0 ORDER BY block_number, log_index, tx_hash`, source)
}

// CustodyBlocks implements CustodyReorgs.
func (s *conn) CustodyBlocks(ctx context.Context, source string, below uint64, limit int) ([]chain.BlockRef, error) {
	return queryAll(ctx, s.r, "custody blocks", func(r scanner) (chain.BlockRef, error) {
		var (
			b    chain.BlockRef
			hash string
		)
		err := r.Scan(&b.Number, &hash)
		b.Hash = common.HexToHash(hash)
		return b, err
	}, `SELECT block, hash FROM custody_blocks WHERE source = ? AND block < ? ORDER BY block DESC LIMIT ?`, source, below, limit)
}

// PutCustodyReorg implements CustodyReorgs.
func (s *conn) PutCustodyReorg(ctx context.Context, r CustodyReorg) error {
	fork := 0
	if r.ForkKnown {
		fork = 1
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO custody_reorgs (source, detected_at, checked_at, block, hash, fork_known, fork_block, missing, waiting)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (source) DO UPDATE SET checked_at = excluded.checked_at, block = excluded.block, hash = excluded.hash,
			fork_known = excluded.fork_known, fork_block = excluded.fork_block, missing = excluded.missing, waiting = excluded.waiting`,
		r.Source, r.DetectedAt.UnixMilli(), r.CheckedAt.UnixMilli(), r.Block, r.Hash.Hex(), fork, r.Fork, r.Missing, r.Waiting)
	return wrap("put custody reorg", err)
}

// CustodyReorgOf implements CustodyReorgs.
func (s *conn) CustodyReorgOf(ctx context.Context, source string) (CustodyReorg, error) {
	var (
		r                 CustodyReorg
		detected, checked int64
		hash              string
		fork              int
	)
	err := s.r.QueryRowContext(ctx, `SELECT source, detected_at, checked_at, block, hash, fork_known, fork_block, missing, waiting
		FROM custody_reorgs WHERE source = ?`, source).Scan(&r.Source, &detected, &checked, &r.Block, &hash, &fork, &r.Fork, &r.Missing, &r.Waiting)
	if err != nil {
		return r, wrap("custody reorg", err)
	}
	r.DetectedAt, r.CheckedAt, r.Hash, r.ForkKnown = time.UnixMilli(detected), time.UnixMilli(checked), common.HexToHash(hash), fork == 1
	return r, nil
}

// DeleteCustodyReorg implements CustodyReorgs.
func (s *conn) DeleteCustodyReorg(ctx context.Context, source string) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM custody_reorgs WHERE source = ?`, source)
	return wrap("delete custody reorg", err)
}

// RequestCustodyRescan implements CustodyReorgs.
func (s *conn) RequestCustodyRescan(ctx context.Context, r CustodyRescan) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO custody_rescans (source, from_block, requested_at) VALUES (?, ?, ?)
		ON CONFLICT (source) DO UPDATE SET from_block = excluded.from_block, requested_at = excluded.requested_at`,
		r.Source, r.From, r.RequestedAt.UnixMilli())
	return wrap("request custody rescan", err)
}

// CustodyRescanOf implements CustodyReorgs.
func (s *conn) CustodyRescanOf(ctx context.Context, source string) (CustodyRescan, error) {
	r := CustodyRescan{Source: source}
	var at int64
	err := s.r.QueryRowContext(ctx, `SELECT from_block, requested_at FROM custody_rescans WHERE source = ?`, source).Scan(&r.From, &at)
	r.RequestedAt = time.UnixMilli(at)
	return r, wrap("custody rescan", err)
}

// DeleteCustodyRescan implements CustodyReorgs.
func (s *conn) DeleteCustodyRescan(ctx context.Context, r CustodyRescan) error {
	_, err := s.q.ExecContext(ctx, `DELETE FROM custody_rescans WHERE source = ? AND from_block = ? AND requested_at = ?`,
		r.Source, r.From, r.RequestedAt.UnixMilli())
	return wrap("delete custody rescan", err)
}
