package store

import (
	"context"
	"time"

	"github.com/shopspring/decimal"
)

// OFFCHAIN withdrawal kinds and statuses.
const (
	WithdrawalCrypto = "CRYPTO"
	WithdrawalFiat   = "FIAT"

	// WithdrawalPending: funds held, not paid yet.
	WithdrawalPending = "PENDING"
	// WithdrawalSent: the transfer is sent (a transaction hash, or an operator marked the
	// bank transfer sent), not final yet.
	WithdrawalSent = "SENT"
	// WithdrawalCompleted: paid and final; the hold is captured.
	WithdrawalCompleted = "COMPLETED"
	// WithdrawalFailed: the transfer failed; the hold is released.
	WithdrawalFailed = "FAILED"
	// WithdrawalRejected: an operator refused it; the hold is released.
	WithdrawalRejected = "REJECTED"
)

// OffchainWithdrawal is a withdrawal of OFFCHAIN funds.
type OffchainWithdrawal struct {
	AccountID     string
	InstructionID string
	Asset         string
	Amount        decimal.Decimal
	// Kind is WithdrawalCrypto or WithdrawalFiat.
	Kind string
	// Location is the chain's source or the bank's name; Destination the address or the
	// bank detail's id.
	Location    string
	Destination string
	// RequestHash is the request's digest: a retry with the same instructionId must match.
	RequestHash string
	Status      string
	TxHash      string
	Reason      string
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// HoldKey is the ledger hold of a withdrawal's funds.
func (w OffchainWithdrawal) HoldKey() string {
	return "withdrawal:" + w.AccountID + ":" + w.InstructionID
}

// OffchainWithdrawals owns OFFCHAIN withdrawal records. Their writes run inside InTx with
// the ledger changes they go with (a hold, its capture or release).
type OffchainWithdrawals interface {
	// CreateOffchainWithdrawal inserts a PENDING withdrawal; ErrConflict when the account
	// already used the instructionId.
	CreateOffchainWithdrawal(ctx context.Context, w OffchainWithdrawal) error
	// OffchainWithdrawal returns an account's withdrawal, or ErrNotFound.
	OffchainWithdrawal(ctx context.Context, accountID, instructionID string) (OffchainWithdrawal, error)
	// OffchainWithdrawalsByStatus returns up to limit withdrawals of a kind and location in
	// a status, oldest first (the payer's work queue).
	OffchainWithdrawalsByStatus(ctx context.Context, kind, location, status string, limit int) ([]OffchainWithdrawal, error)
	// OffchainWithdrawalsAfter returns up to limit withdrawals of a kind and location in a
	// status that come after `after` in the order (created_at, account, instruction id);
	// the zero position starts at the oldest. A payer pages through its whole queue with
	// it, so that withdrawals it cannot pay do not hide the later ones.
	OffchainWithdrawalsAfter(ctx context.Context, kind, location, status string, after WithdrawalPosition, limit int) ([]OffchainWithdrawal, error)
	// SetOffchainWithdrawalStatus moves a withdrawal from status from to status to,
	// recording txHash and reason when not empty; ErrNotFound when it is not in from.
	SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error
}

var _ OffchainWithdrawals = (*SQLite)(nil)

// WithdrawalPosition is a withdrawal's place in a payer's queue: OffchainWithdrawalsAfter
// resumes after it. The zero position is before the first.
type WithdrawalPosition struct {
	CreatedAt     time.Time
	AccountID     string
	InstructionID string
}

// Position is w's place in the queue.
func (w OffchainWithdrawal) Position() WithdrawalPosition {
	return WithdrawalPosition{CreatedAt: w.CreatedAt, AccountID: w.AccountID, InstructionID: w.InstructionID}
}

const offchainWithdrawalColumns = `account_id, instruction_id, asset, amount, kind, location, destination, request_hash, status,
	tx_hash, reason, created_at, updated_at`

func scanOffchainWithdrawal(r scanner) (OffchainWithdrawal, error) {
	var (
		w                OffchainWithdrawal
		amount           string
		created, updated int64
	)
	if err := r.Scan(&w.AccountID, &w.InstructionID, &w.Asset, &amount, &w.Kind, &w.Location, &w.Destination, &w.RequestHash,
		&w.Status, &w.TxHash, &w.Reason, &created, &updated); err != nil {
		return w, err
	}
	var err error
	w.Amount, err = decimal.NewFromString(amount)
	w.CreatedAt, w.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	return w, err
}

// CreateOffchainWithdrawal implements OffchainWithdrawals.
func (s *conn) CreateOffchainWithdrawal(ctx context.Context, w OffchainWithdrawal) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO offchain_withdrawals (`+offchainWithdrawalColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`, w.AccountID, w.InstructionID, w.Asset, w.Amount.String(), w.Kind,
		w.Location, w.Destination, w.RequestHash, WithdrawalPending, w.TxHash, w.Reason, w.CreatedAt.UnixMilli(), w.CreatedAt.UnixMilli())
	return wrap("create offchain withdrawal", err)
}

// OffchainWithdrawal implements OffchainWithdrawals.
func (s *conn) OffchainWithdrawal(ctx context.Context, accountID, instructionID string) (OffchainWithdrawal, error) {
	w, err := scanOffchainWithdrawal(s.r.QueryRowContext(ctx, `SELECT `+offchainWithdrawalColumns+` FROM offchain_withdrawals
		WHERE account_id = ? AND instruction_id = ?`, accountID, instructionID))
	return w, wrap("offchain withdrawal", err)
}

// OffchainWithdrawalsByStatus implements OffchainWithdrawals.
func (s *conn) OffchainWithdrawalsByStatus(ctx context.Context, kind, location, status string, limit int) ([]OffchainWithdrawal, error) {
	if limit <= 0 {
		limit = 100
	}
	return queryAll(ctx, s.r, "offchain withdrawals", scanOffchainWithdrawal, `SELECT `+offchainWithdrawalColumns+`
		FROM offchain_withdrawals WHERE kind = ? AND location = ? AND status = ? ORDER BY created_at LIMIT ?`,
		kind, location, status, limit)
}

// OffchainWithdrawalsAfter implements OffchainWithdrawals.
func (s *conn) OffchainWithdrawalsAfter(ctx context.Context, kind, location, status string, after WithdrawalPosition, limit int) ([]OffchainWithdrawal, error) {
	if limit <= 0 {
		limit = 100
	}
	created := int64(-1) // before every withdrawal, even one created at the epoch
	if after != (WithdrawalPosition{}) {
		created = after.CreatedAt.UnixMilli()
	}
	return queryAll(ctx, s.r, "offchain withdrawals after", scanOffchainWithdrawal, `SELECT `+offchainWithdrawalColumns+`
		FROM offchain_withdrawals WHERE kind = ? AND location = ? AND status = ?
		AND (created_at, account_id, instruction_id) > (?, ?, ?)
		ORDER BY created_at, account_id, instruction_id LIMIT ?`,
		kind, location, status, created, after.AccountID, after.InstructionID, limit)
}

// SetOffchainWithdrawalStatus implements OffchainWithdrawals.
func (s *conn) SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error {
	return wrapAffected("set offchain withdrawal status")(s.q.ExecContext(ctx, `UPDATE offchain_withdrawals
		SET status = ?, tx_hash = CASE WHEN ? = '' THEN tx_hash ELSE ? END, reason = CASE WHEN ? = '' THEN reason ELSE ? END,
		updated_at = ? WHERE account_id = ? AND instruction_id = ? AND status = ?`,
		to, txHash, txHash, reason, reason, at.UnixMilli(), accountID, instructionID, from))
}
