package chain

import (
	"context"
	"errors"
	"math/big"
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

// KindGapFiller is the kind of the transaction a Sender signs to fill a nonce gap: a
// transfer of nothing to itself at a nonce whose journaled transactions were all dropped
// (their nonce used by another transaction) and which a reorg freed again. It does
// nothing, so that nothing that was reported dropped is ever done after all; whatever
// joins journal entries by nonce (relays, payments, fee bumps) leaves it out.
const KindGapFiller = "gap-filler"

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
	// Relay, when set on insert, is the trader's signed request the transaction relays;
	// InsertTx records it with the transaction. Journal reads leave it nil.
	Relay *Relay
	// Ref, when set on insert, names the work the transaction does (e.g. an OFFCHAIN
	// withdrawal's payment); InsertTx records it with the transaction, once per source.
	// Journal reads leave it empty.
	Ref string
}

// Relay is a trader's signed order or withdrawal that a journaled transaction relays. The
// journal records it in the same store transaction as the transaction itself, so a relay
// is never broadcast without its record, and a crash at any point leaves both or neither.
type Relay struct {
	// Trader is the signer of the request.
	Trader common.Address
	// Nonce is the trader's signature nonce; the DTW contract accepts each once per trader,
	// for orders and withdrawals alike.
	Nonce *big.Int
	// Digest is the EIP-712 digest of the signed request: equal digests are the same request.
	Digest common.Hash
	// AccountID is the gateway account that asked for the relay.
	AccountID string
}

// ErrRelayExists is returned by Journal.InsertTx when the transaction's Relay has the
// (source, trader, nonce) of a relay already recorded; nothing was journaled.
var ErrRelayExists = errors.New("a relay with this trader nonce is already recorded")

// ErrRefExists is returned by Journal.InsertTx when the transaction's Ref is already
// recorded on its source: that work was sent before; nothing was journaled.
var ErrRefExists = errors.New("a transaction with this reference is already journaled")

// ErrRefClosed is returned by Journal.InsertTx when the transaction's Ref names funds that
// are no longer reserved for it (an OFFCHAIN withdrawal's hold was released: the
// withdrawal was rejected or failed); nothing was journaled, and nothing may be sent.
var ErrRefClosed = errors.New("the reference's funds are no longer reserved")

// Journal is the durable record of every transaction a Sender signs. Insert happens before
// broadcast, so a crash at any point leaves a record to resume from.
type Journal interface {
	// InsertTx stores a signed transaction, with its Relay record and its Ref if it has
	// them, and returns its id. It fails with ErrRelayExists, storing nothing, when the
	// Relay's (source, trader, nonce) is already recorded, with ErrRefExists when the Ref
	// is, and with ErrRefClosed when the Ref names funds no longer reserved for it.
	InsertTx(ctx context.Context, tx JournalTx) (int64, error)
	// OpenTxs returns the Pending and Mined transactions of a sender on a source, by nonce.
	OpenTxs(ctx context.Context, source string, sender common.Address) ([]JournalTx, error)
	// SetTxState records a transaction's state and inclusion block.
	SetTxState(ctx context.Context, id int64, state TxState, block uint64) error
	// MaxNonce returns the highest nonce journaled for a sender on a source.
	MaxNonce(ctx context.Context, source string, sender common.Address) (nonce uint64, ok bool, err error)
	// ReopenFrom sets the Confirmed and Failed transactions of a sender with a nonce at or
	// above `nonce` back to Pending and returns how many it reopened: the chain no longer
	// has them (a reorg deeper than the confirmation depth), so they must be sent again
	// (their nonces would be gaps otherwise). A return transaction is sent again as is:
	// the DTW contract closes an order once. A Failed transaction whose Ref named funds
	// released when it failed has them reserved again in the same store transaction:
	// what the new chain makes of it is settled with its funds held.
	ReopenFrom(ctx context.Context, source string, sender common.Address, nonce uint64) (int64, error)
}
