package chain

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// TxState is where a journaled transaction stands.
type TxState string

// Journal states. Pending and Mined are open: the sender still watches them.
const (
	// TxPending: signed and journaled; broadcast or about to be.
	TxPending TxState = "PENDING"
	// TxMined: included in a block, not yet at the confirmation depth.
	TxMined TxState = "MINED"
	// TxConfirmed: at the confirmation depth with a successful receipt. Final.
	TxConfirmed TxState = "CONFIRMED"
	// TxFailed: at the confirmation depth with a failed receipt. Final.
	TxFailed TxState = "FAILED"
	// TxReplaced: another transaction with the same nonce (a fee bump) was mined. Final.
	TxReplaced TxState = "REPLACED"
	// TxDropped: its nonce was used by a transaction the journal does not know. Final.
	TxDropped TxState = "DROPPED"
)

// Open reports whether the sender still watches a transaction in this state.
func (s TxState) Open() bool { return s == TxPending || s == TxMined }

// JournalTx is one signed transaction in the durable journal.
type JournalTx struct {
	ID     int64
	Source string
	Sender common.Address
	Nonce  uint64
	Hash   common.Hash
	// Raw is the signed transaction's binary encoding, re-broadcast as is after a restart.
	Raw []byte
	// Kind says what it does ("settle", "cancel").
	Kind string
	// OrderIDs are the orders it closes.
	OrderIDs []uint64
	State    TxState
	// Replaces is the id of the transaction this one bumps the fee of, or 0.
	Replaces int64
	// BlockNumber is the block that included it (Mined and later).
	BlockNumber uint64
	CreatedAt   time.Time
	UpdatedAt   time.Time
}

// Journal is the durable record of every transaction a Sender signs. Insert happens before
// broadcast, so a crash at any point leaves a record to resume from.
type Journal interface {
	// InsertTx stores a signed transaction and returns its id.
	InsertTx(ctx context.Context, tx JournalTx) (int64, error)
	// OpenTxs returns the Pending and Mined transactions of a sender on a source, by nonce.
	OpenTxs(ctx context.Context, source string, sender common.Address) ([]JournalTx, error)
	// SetTxState records a transaction's state and inclusion block.
	SetTxState(ctx context.Context, id int64, state TxState, block uint64) error
	// MaxNonce returns the highest nonce journaled for a sender on a source.
	MaxNonce(ctx context.Context, source string, sender common.Address) (nonce uint64, ok bool, err error)
	// ReopenFrom sets the Confirmed and Failed transactions of a sender with a nonce at or
	// above `nonce` back to Pending and returns how many it reopened: the chain no longer
	// has them (a reorg deeper than the confirmation depth), so they must be sent again.
	ReopenFrom(ctx context.Context, source string, sender common.Address, nonce uint64) (int64, error)
}
