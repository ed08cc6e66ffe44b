package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// EventKind names what an outbox event reports.
type EventKind string

// Event kinds.
const (
	// EventDeposit is a deposit at the confirmation depth (payload ChainActivity).
	EventDeposit EventKind = "DEPOSIT"
	// EventWithdrawal is a withdrawal at the confirmation depth (payload ChainActivity).
	EventWithdrawal EventKind = "WITHDRAWAL"
	// EventOrderSettled is a settled order whose return transaction was checked (payload
	// OrderClosed).
	EventOrderSettled EventKind = "ORDER_SETTLED"
	// EventOrderCancelled is a cancelled order whose return transaction was checked
	// (payload OrderClosed).
	EventOrderCancelled EventKind = "ORDER_CANCELLED"
	// EventWithdrawalAddressStatus is a withdrawal address added or approved (payload
	// WithdrawalAddressStatus).
	EventWithdrawalAddressStatus EventKind = "WITHDRAWAL_ADDRESS_STATUS"
	// EventAccessChanged is a change to what authenticates a caller: a key rotated, a
	// wallet linked, an address added to or removed from the whitelist (payload
	// AccessChange). Caches of callers drop what they hold when they see one; it is not
	// for clients.
	EventAccessChanged EventKind = "ACCESS_CHANGED"
	// EventPrice is a change of a live price feed's answer (payload PriceChange),
	// written by the one process that publishes prices (the settler).
	EventPrice EventKind = "PRICE"
)

// PriceChange is the payload of EventPrice.
type PriceChange struct {
	// Asset is the asset id the feed prices, e.g. "eth".
	Asset string `json:"asset"`
	// Price is the feed's new answer scaled by its decimals: a decimal string in the
	// feeds' common unit (that of pricing.prices, e.g. USD), e.g. "3100".
	Price string `json:"price"`
	// UpdatedAt is when the feed's round was updated, by the feed's chain clock.
	UpdatedAt time.Time `json:"updatedAt"`
}

// LastPrices returns the newest EventPrice payload of each of assets that has one. It walks the outbox
// from its newest event back until it has found every asset of `assets`, or to the
// start: call it once when a publisher starts, not per request.
func (s *conn) LastPrices(ctx context.Context, assets []string) (map[string]PriceChange, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT payload FROM events WHERE kind = ? ORDER BY id DESC`, string(EventPrice))
	if err != nil {
		return nil, wrap("last prices", err)
	}
	defer rows.Close()
	want := map[string]bool{}
	for _, a := range assets {
		want[a] = true
	}
	out := map[string]PriceChange{}
	for rows.Next() && len(want) > 0 {
		var payload string
		if err := rows.Scan(&payload); err != nil {
			return nil, wrap("last prices", err)
		}
		var p PriceChange
		if err := json.Unmarshal([]byte(payload), &p); err != nil {
			return nil, fmt.Errorf("last prices: decode %s event: %w", EventPrice, err)
		}
		if want[p.Asset] {
			out[p.Asset] = p
			delete(want, p.Asset)
		}
	}
	return out, wrap("last prices", rows.Err())
}

// AccessChange is the payload of EventAccessChanged.
type AccessChange struct {
	// What changed: "api_key", "wallet" or "whitelist".
	What string `json:"what"`
	// APIKeyID or Address names the changed key or address.
	APIKeyID string         `json:"apiKeyId,omitempty"`
	Address  common.Address `json:"address,omitempty"`
}

// Event is one row of the outbox.
//
// Chain events are written when the change is final at the chain's confirmation depth,
// which is also when the REST endpoints first show it (an order's SETTLED or CANCELLED
// status needs its checked return transaction, so those events come from PutOrderReturn).
// A reorg deeper than the depth removes applied changes (RollbackFrom): for each removed
// deposit, withdrawal or checked return it writes a compensating event of the same kind
// with Removed set, like an Ethereum log's removed flag; the re-applied change then writes
// a new event.
type Event struct {
	// ID increases with every event written and is never reused; readers page by it.
	ID   int64
	Kind EventKind
	// Source is the venue of the change ("" for none).
	Source string
	// AccountID owns the change, "" when the trader address had no account when the
	// event was written: readers resolve Trader then.
	AccountID string
	// Trader is the on-chain address of the change, zero for off-chain changes.
	Trader common.Address
	// Payload is the kind's JSON payload (ChainActivity, OrderClosed,
	// WithdrawalAddressStatus, AccessChange or PriceChange).
	Payload   json.RawMessage
	CreatedAt time.Time
}

// ChainActivity is the payload of EventDeposit and EventWithdrawal. Amounts are base-unit
// decimal strings.
type ChainActivity struct {
	Source      string         `json:"source"`
	TxHash      common.Hash    `json:"txHash"`
	BlockNumber uint64         `json:"blockNumber"`
	BlockHash   common.Hash    `json:"blockHash"`
	LogIndex    uint           `json:"logIndex"`
	BlockTime   uint64         `json:"blockTime"`
	Trader      common.Address `json:"trader"`
	Token       common.Address `json:"token"`
	Amount      string         `json:"amount"`
	// To is a withdrawal's destination.
	To *common.Address `json:"to,omitempty"`
	// Removed marks the compensating event of a change a reorg removed.
	Removed bool `json:"removed,omitempty"`
}

// OrderClosed is the payload of EventOrderSettled and EventOrderCancelled.
type OrderClosed struct {
	Source  string `json:"source"`
	OrderID uint64 `json:"orderId"`
	// Status is OrderSettled or OrderCancelled.
	Status string `json:"status"`
	// TxHash is the checked return transaction.
	TxHash      common.Hash `json:"txHash"`
	BlockNumber uint64      `json:"blockNumber"`
	// BuyAmount is what a settled order bought (base units), "" for a cancel.
	BuyAmount string `json:"buyAmount,omitempty"`
	Removed   bool   `json:"removed,omitempty"`
}

// WithdrawalAddressStatus is the payload of EventWithdrawalAddressStatus.
type WithdrawalAddressStatus struct {
	ID      string         `json:"id"`
	Source  string         `json:"source"`
	Address common.Address `json:"address"`
	// Status is AddressPending or AddressApproved.
	Status string `json:"status"`
}

// Outbox owns the events clients are told about. Events are written by the methods whose
// changes they report, in the same transaction; readers page by id.
type Outbox interface {
	// Events returns up to limit events with ids above afterID, in id order (limit <= 0
	// means 1000). Ids of committed events only increase, so a reader that remembers the
	// last id it handled misses none and sees none twice.
	Events(ctx context.Context, afterID int64, limit int) ([]Event, error)
	// LastEventID returns the id of the newest committed event (0 when there is none): a
	// reader that starts from it sees every event committed afterwards.
	LastEventID(ctx context.Context) (int64, error)
	// WriteEvent writes an event reporting a change made in the same transaction (call it
	// inside InTx with the change); an empty accountID is resolved from trader's wallet
	// link. Readers are woken after the commit.
	WriteEvent(ctx context.Context, kind EventKind, source, accountID string, trader common.Address, payload any) error
}

// WriteEvent implements Outbox.
func (s *conn) WriteEvent(ctx context.Context, kind EventKind, source, accountID string, trader common.Address, payload any) error {
	if err := insertEvent(ctx, s.q, kind, source, accountID, trader, payload); err != nil {
		return err
	}
	s.announce()
	return nil
}

// notifier wakes every reader waiting on its channel.
type notifier struct {
	mu sync.Mutex
	ch chan struct{}
}

func newNotifier() *notifier { return &notifier{ch: make(chan struct{})} }

func (n *notifier) wait() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ch
}

func (n *notifier) signal() {
	n.mu.Lock()
	defer n.mu.Unlock()
	close(n.ch)
	n.ch = make(chan struct{})
}

// announce wakes event readers after the events just written commit: at once outside
// InTx (the method's own transaction has committed), after InTx's commit inside it.
func (s *conn) announce() {
	if s.pending != nil {
		s.pending.events = true
		return
	}
	s.notify.signal()
}

// pendingSignals records, inside InTx, what to announce after the commit.
type pendingSignals struct{ events, access, relays bool }

// announceAccess wakes caller caches (and event readers) after an access change commits.
func (s *conn) announceAccess() {
	if s.pending != nil {
		s.pending.events, s.pending.access = true, true
		return
	}
	s.access.signal()
	s.notify.signal()
}

// accessEpochSQL reads the id of the newest access change, the epoch caches of callers
// compare.
const accessEpochSQL = `SELECT COALESCE(MAX(id), 0) FROM events WHERE kind = 'ACCESS_CHANGED'`

// AccessEpoch implements Access.
func (s *conn) AccessEpoch(ctx context.Context) (int64, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, accessEpochSQL).Scan(&id)
	return id, wrap("access epoch", err)
}

// accessChanged writes the outbox event of an access change in q's transaction; the
// caller announces it after the commit.
func accessChanged(ctx context.Context, q queryer, accountID string, c AccessChange) error {
	return insertEvent(ctx, q, EventAccessChanged, "", accountID, common.Address{}, c)
}

// insertEvent writes an event in q's transaction. An empty accountID is resolved from the
// wallet link of trader, if there is one.
func insertEvent(ctx context.Context, q queryer, kind EventKind, source, accountID string, trader common.Address, payload any) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return fmt.Errorf("encode %s event: %w", kind, err)
	}
	if accountID == "" && trader != (common.Address{}) {
		err := q.QueryRowContext(ctx, `SELECT account_id FROM wallets WHERE address = ?`, trader.Hex()).Scan(&accountID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return wrap("event account", err)
		}
	}
	_, err = q.ExecContext(ctx, `INSERT INTO events (kind, source, account_id, trader, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		string(kind), source, accountID, addrText(trader), string(body), time.Now().UnixMilli())
	return wrap("insert event", err)
}

// activityEvent returns the outbox event of a deposit or withdrawal, ok false for other
// chain events.
func activityEvent(source string, e dtw.Event, removed bool) (kind EventKind, payload ChainActivity, ok bool) {
	switch e.Kind {
	case dtw.EventDeposited:
		kind = EventDeposit
	case dtw.EventWithdrawn:
		kind = EventWithdrawal
	default:
		return "", ChainActivity{}, false
	}
	payload = ChainActivity{Source: source, TxHash: e.TxHash, BlockNumber: e.BlockNumber, BlockHash: e.BlockHash,
		LogIndex: e.LogIndex, BlockTime: e.BlockTime, Trader: e.Trader, Token: e.Token, Amount: bigText(e.Amount),
		Removed: removed}
	if e.Kind == dtw.EventWithdrawn {
		to := e.To
		payload.To = &to
	}
	return kind, payload, true
}

// orderClosedEvent returns the outbox event of a checked return transaction.
func orderClosedEvent(r OrderReturn, removed bool) (EventKind, OrderClosed) {
	kind := EventOrderCancelled
	if r.Status == OrderSettled {
		kind = EventOrderSettled
	}
	return kind, OrderClosed{Source: r.Source, OrderID: r.OrderID, Status: r.Status, TxHash: r.TxHash,
		BlockNumber: r.BlockNumber, BuyAmount: bigText(r.BuyAmount), Removed: removed}
}

// orderTrader returns the trader who placed an order, zero if the order is unknown.
func orderTrader(ctx context.Context, q queryer, source string, orderID uint64) (common.Address, error) {
	var trader string
	err := q.QueryRowContext(ctx, `SELECT trader FROM chain_events WHERE source = ? AND order_id = ? AND kind = ?`,
		source, orderID, string(dtw.EventOrderPlaced)).Scan(&trader)
	if errors.Is(err, sql.ErrNoRows) {
		return common.Address{}, nil
	}
	if err != nil {
		return common.Address{}, wrap("order trader", err)
	}
	return common.HexToAddress(trader), nil
}

// Events implements Outbox.
func (s *conn) Events(ctx context.Context, afterID int64, limit int) ([]Event, error) {
	if limit <= 0 {
		limit = 1000
	}
	return queryAll(ctx, s.r, "events", func(r scanner) (Event, error) {
		var (
			e              Event
			kind, trader   string
			payload        string
			createdAtMilli int64
		)
		if err := r.Scan(&e.ID, &kind, &e.Source, &e.AccountID, &trader, &payload, &createdAtMilli); err != nil {
			return e, err
		}
		e.Kind, e.Payload, e.CreatedAt = EventKind(kind), json.RawMessage(payload), time.UnixMilli(createdAtMilli)
		if trader != "" {
			e.Trader = common.HexToAddress(trader)
		}
		return e, nil
	}, `SELECT id, kind, source, account_id, trader, payload, created_at FROM events WHERE id > ? ORDER BY id LIMIT ?`,
		afterID, limit)
}

// LastEventID implements Outbox.
func (s *conn) LastEventID(ctx context.Context) (int64, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) FROM events`).Scan(&id)
	return id, wrap("last event id", err)
}
