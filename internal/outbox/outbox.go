// Package outbox owns the events clients (and caches of callers) are told about: their
// kinds, their payload types and Write, the one way an event is written. Every change a
// client can be told about writes its event with Write in the change's own store
// transaction; the push hub, the webhooks, the activity views and the caches of callers
// read the committed rows (Record) back and decode them with Decode or As.
//
// The package imports nothing of the gateway's: the store persists rows (it implements
// Tx) and every writer and reader imports this package.
package outbox

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// Kind names what an event reports. The names are stored in the events table: never
// change one.
type Kind string

// Event kinds.
const (
	// Deposit is a deposit: a chain's at the confirmation depth (payload ChainActivity),
	// or a ledger's credited deposit (payload LedgerActivity).
	Deposit Kind = "DEPOSIT"
	// Withdrawal is a withdrawal: a chain's at the confirmation depth (payload
	// ChainActivity), or a ledger's completed withdrawal (payload LedgerActivity).
	Withdrawal Kind = "WITHDRAWAL"
	// OrderSettled is a settled order, on a chain once its return transaction was checked
	// (payload OrderClosed).
	OrderSettled Kind = "ORDER_SETTLED"
	// OrderCancelled is a cancelled order, on a chain once its return transaction was
	// checked (payload OrderClosed).
	OrderCancelled Kind = "ORDER_CANCELLED"
	// WithdrawalAddressStatus is a withdrawal address added or approved (payload
	// WithdrawalAddress).
	WithdrawalAddressStatus Kind = "WITHDRAWAL_ADDRESS_STATUS"
	// AccessChanged is a change to what authenticates a caller: a key rotated, a wallet
	// linked, an address added to or removed from the whitelist (payload AccessChange).
	// Caches of callers drop what they hold when they see one; it is not for clients.
	AccessChanged Kind = "ACCESS_CHANGED"
	// Price is a change of a live price feed's answer (payload PriceChange), written by
	// the one process that publishes prices (the settler).
	Price Kind = "PRICE"
)

// Payload is the body of an event: one of this package's payload types. The interface
// is sealed, so an event carries no body a reader cannot decode.
type Payload interface {
	// kinds lists the event kinds that carry this payload type.
	kinds() []Kind
}

// Event is an event to write: what changed (Kind, Payload) and whose change it is.
type Event struct {
	Kind Kind
	// Source is the venue of the change ("" for none).
	Source string
	// AccountID owns the change. Empty for a chain's change: the store resolves Trader's
	// account when it writes the row, and readers resolve Trader when it had none then.
	AccountID string
	// Trader is the on-chain address of a chain's change, zero for any other. A deposit
	// or withdrawal names a trader exactly when its payload is a ChainActivity (Write
	// refuses it otherwise): that is how Decode tells the two apart.
	Trader  common.Address
	Payload Payload
}

// Row is an event encoded for the store: what Tx inserts.
type Row struct {
	Kind      Kind
	Source    string
	AccountID string
	Trader    common.Address
	// Payload is the JSON encoding of the event's payload.
	Payload json.RawMessage
}

// Tx inserts one event row in the caller's store transaction (the store implements it;
// it resolves an empty AccountID from Trader's wallet link and wakes readers after the
// commit).
type Tx interface {
	InsertEvent(ctx context.Context, r Row) error
}

// Write writes ev in tx's transaction: the caller makes the change it reports in the same
// transaction, so readers see the event exactly when the change committed. It refuses a
// payload of another kind's type.
func Write(ctx context.Context, tx Tx, ev Event) error {
	r, err := Encode(ev)
	if err != nil {
		return err
	}
	if err := tx.InsertEvent(ctx, r); err != nil {
		return fmt.Errorf("write %s event: %w", ev.Kind, err)
	}
	return nil
}

// Encode checks ev as Write does and encodes it into the row Write inserts, for a writer
// that inserts the row with its change (the ledger's entry, store.LedgerEntry.Event).
func Encode(ev Event) (Row, error) {
	if ev.Payload == nil {
		return Row{}, fmt.Errorf("%s event without a payload", ev.Kind)
	}
	if !slices.Contains(ev.Payload.kinds(), ev.Kind) {
		return Row{}, fmt.Errorf("%s event with a %T payload", ev.Kind, ev.Payload)
	}
	switch ev.Payload.(type) {
	case ChainActivity:
		if ev.Trader == (common.Address{}) {
			return Row{}, fmt.Errorf("chain %s event without its trader", ev.Kind)
		}
	case LedgerActivity:
		if ev.Trader != (common.Address{}) || ev.AccountID == "" {
			return Row{}, fmt.Errorf("ledger %s event names a trader or no account", ev.Kind)
		}
	}
	body, err := json.Marshal(ev.Payload)
	if err != nil {
		return Row{}, fmt.Errorf("encode %s event: %w", ev.Kind, err)
	}
	return Row{Kind: ev.Kind, Source: ev.Source, AccountID: ev.AccountID, Trader: ev.Trader, Payload: body}, nil
}

// Record is a committed event as readers read it.
//
// Chain events are written when the change is final at the chain's confirmation depth,
// which is also when the REST endpoints first show it (an order's SETTLED or CANCELLED
// status needs its checked return transaction). A reorg deeper than the depth removes
// applied changes: for each removed deposit, withdrawal or checked return the store writes
// a compensating event of the same kind with Removed set, like an Ethereum log's removed
// flag; the re-applied change then writes a new event.
type Record struct {
	// ID increases with every event written and is never reused; readers page by it.
	ID     int64
	Kind   Kind
	Source string
	// AccountID owns the change, "" when the trader address had no account when the
	// event was written: readers resolve Trader then.
	AccountID string
	Trader    common.Address
	// Payload is the kind's JSON payload; Decode reads it.
	Payload   json.RawMessage
	CreatedAt time.Time
}

// Decode returns r's payload as its type (a value of ChainActivity, LedgerActivity,
// OrderClosed, WithdrawalAddress, AccessChange or PriceChange). A row of an unknown
// kind or an unreadable payload is an error.
func (r Record) Decode() (Payload, error) {
	var p Payload
	var err error
	switch r.Kind {
	case Deposit, Withdrawal:
		if r.Trader != (common.Address{}) {
			p, err = decode[ChainActivity](r.Payload)
		} else {
			p, err = decode[LedgerActivity](r.Payload)
		}
	case OrderSettled, OrderCancelled:
		p, err = decode[OrderClosed](r.Payload)
	case WithdrawalAddressStatus:
		p, err = decode[WithdrawalAddress](r.Payload)
	case AccessChanged:
		p, err = decode[AccessChange](r.Payload)
	case Price:
		p, err = decode[PriceChange](r.Payload)
	default:
		return nil, fmt.Errorf("event %d of unknown kind %q", r.ID, r.Kind)
	}
	if err != nil {
		return nil, fmt.Errorf("event %d: decode %s payload: %w", r.ID, r.Kind, err)
	}
	return p, nil
}

// As returns r's payload as a T: an error when r's kind carries another type.
func As[T Payload](r Record) (T, error) {
	var zero T
	p, err := r.Decode()
	if err != nil {
		return zero, err
	}
	t, ok := p.(T)
	if !ok {
		return zero, fmt.Errorf("event %d: %s carries a %T, not a %T", r.ID, r.Kind, p, zero)
	}
	return t, nil
}

func decode[T Payload](body []byte) (T, error) {
	var t T
	err := json.Unmarshal(body, &t)
	return t, err
}
