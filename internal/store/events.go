package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// LastPrices returns the newest outbox.Price payload of each of assets that has one. It walks the outbox
// from its newest event back until it has found every asset of `assets`, or to the
// start: call it once when a publisher starts, not per request.
func (s *conn) LastPrices(ctx context.Context, assets []string) (map[string]outbox.PriceChange, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT payload FROM events WHERE kind = ? ORDER BY id DESC`, string(outbox.Price))
	if err != nil {
		return nil, wrap("last prices", err)
	}
	defer rows.Close()
	want := map[string]bool{}
	for _, a := range assets {
		want[a] = true
	}
	out := map[string]outbox.PriceChange{}
	for rows.Next() && len(want) > 0 {
		var payload string
		if err := rows.Scan(&payload); err != nil {
			return nil, wrap("last prices", err)
		}
		var p outbox.PriceChange
		if err := json.Unmarshal([]byte(payload), &p); err != nil {
			return nil, fmt.Errorf("last prices: decode %s event: %w", outbox.Price, err)
		}
		if want[p.Asset] {
			out[p.Asset] = p
			delete(want, p.Asset)
		}
	}
	return out, wrap("last prices", rows.Err())
}

// Outbox stores the events clients are told about (package outbox owns their kinds and
// payloads). Events are written with outbox.Write by the code whose changes they report,
// in the same transaction; readers page by id.
type Outbox interface {
	// Events returns up to limit events with ids above afterID, in id order (limit <= 0
	// means 1000). The events it returns are followed only by events of larger ids, so a
	// reader that remembers the last id it handled misses none and sees none twice; on
	// PostgreSQL an event committed after one of a transaction that began writing earlier
	// waits for it (migration 0076). Inside InTx, the transaction's own events are read too.
	Events(ctx context.Context, afterID int64, limit int) ([]outbox.Record, error)
	// LastEventID returns the id of the newest event Events returns now (0 when there is
	// none): a reader that starts from it sees every event committed afterwards.
	LastEventID(ctx context.Context) (int64, error)
	// InsertEvent implements outbox.Tx: outbox.Write calls it in the transaction of the
	// change the event reports (inside InTx); an empty AccountID is resolved from the
	// trader's wallet link. Readers are woken after the commit.
	InsertEvent(ctx context.Context, r outbox.Row) error
}

var _ outbox.Tx = Outbox(nil)

// InsertEvent implements Outbox.
func (s *conn) InsertEvent(ctx context.Context, r outbox.Row) error {
	if err := (eventRows{s.q}).InsertEvent(ctx, r); err != nil {
		return err
	}
	s.announce()
	return nil
}

// heldBackRetry is how long after a read stopped at events held back (Events on
// PostgreSQL) readers are woken to read again, unless a commit wakes them first.
const heldBackRetry = 5 * time.Millisecond

// notifier wakes every reader waiting on its channel.
type notifier struct {
	mu sync.Mutex
	ch chan struct{}
	// soon, while set, is signalSoon's pending wake.
	soon *time.Timer
	// ring, when set, tells other processes of a commit of this one (Postgres's bell).
	ring func()
	// waited is when a reader last asked for the channel (unix nanoseconds, 0: never):
	// readers wait on it again after each read and at least every poll, so a recent wait
	// says this process has readers (waitedWithin).
	waited atomic.Int64
	// reading, when set, is called by wait when no reader had asked for a while
	// (readersLapse): this process may have readers again (Postgres's bell tells other
	// processes, pgBell.poke).
	reading func()
}

// readersLapse is how long without a wait makes the next wait call reading.
const readersLapse = time.Second

func newNotifier() *notifier { return &notifier{ch: make(chan struct{})} }

// wait returns the channel the next wake closes, and records a reader's wait.
func (n *notifier) wait() <-chan struct{} {
	now := time.Now().UnixNano()
	if prev := n.waited.Swap(now); n.reading != nil && now-prev > int64(readersLapse) {
		n.reading()
	}
	return n.waitQuietly()
}

// waitQuietly returns the channel the next wake closes, recording no reader.
func (n *notifier) waitQuietly() <-chan struct{} {
	n.mu.Lock()
	defer n.mu.Unlock()
	return n.ch
}

// waitedWithin reports whether a reader asked for the channel within d.
func (n *notifier) waitedWithin(d time.Duration) bool {
	w := n.waited.Load()
	return w != 0 && time.Since(time.Unix(0, w)) < d
}

// signal wakes the readers after a commit of this process, and rings the bell.
func (n *notifier) signal() {
	n.wake()
	if n.ring != nil {
		n.ring()
	}
}

// wake wakes the readers.
func (n *notifier) wake() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.soon != nil {
		n.soon.Stop()
		n.soon = nil
	}
	close(n.ch)
	n.ch = make(chan struct{})
}

// signalSoon wakes the readers after heldBackRetry (without ringing the bell: nothing
// committed), once however often it is asked until then; a wake before then takes its
// place.
func (n *notifier) signalSoon() {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.soon == nil {
		n.soon = time.AfterFunc(heldBackRetry, n.wake)
	}
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
type pendingSignals struct {
	events, access, relays bool
	// receipts are the receipts the transaction inserted (SQLite: receiptMemory).
	receipts []StoredReceipt
}

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
// compare. On PostgreSQL it stops at Events' horizon: an access change committed with a
// smaller id than one already counted would not move the newest.
const accessEpochSQL = `SELECT COALESCE(MAX(id), 0) FROM events WHERE kind = '` + string(outbox.AccessChanged) + `'`

// AccessEpoch implements Access.
func (s *conn) AccessEpoch(ctx context.Context) (int64, error) {
	query := accessEpochSQL
	if s.postgres() {
		query += ` AND id < ` + pgHorizon
	}
	var id int64
	err := s.r.QueryRowContext(ctx, query).Scan(&id)
	return id, wrap("access epoch", err)
}

// accessChanged writes the outbox event of an access change in q's transaction; the
// caller announces it after the commit.
func accessChanged(ctx context.Context, q queryer, accountID string, c outbox.AccessChange) error {
	return outbox.Write(ctx, eventRows{q}, outbox.Event{Kind: outbox.AccessChanged, AccountID: accountID, Payload: c})
}

// eventRows is the outbox.Tx of a transaction of the store's own methods (those that
// write the events of their changes), which announce the events after their commit.
type eventRows struct{ q queryer }

// InsertEvent implements outbox.Tx: the one insert of an event row. An empty AccountID
// is resolved from the wallet link of the trader, if there is one.
func (w eventRows) InsertEvent(ctx context.Context, r outbox.Row) error {
	accountID := r.AccountID
	if accountID == "" && r.Trader != (common.Address{}) {
		err := w.q.QueryRowContext(ctx, `SELECT account_id FROM wallets WHERE address = ?`, r.Trader.Hex()).Scan(&accountID)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return wrap("event account", err)
		}
	}
	_, err := w.q.ExecContext(ctx, `INSERT INTO events (kind, source, account_id, trader, payload, created_at) VALUES (?, ?, ?, ?, ?, ?)`,
		string(r.Kind), r.Source, accountID, addrText(r.Trader), string(r.Payload), time.Now().UnixMilli())
	return wrap("insert event", err)
}

// activityEvent returns the outbox event of a deposit or withdrawal, ok false for other
// chain events.
func activityEvent(source string, e dtw.Event, removed bool) (ev outbox.Event, ok bool) {
	var kind outbox.Kind
	switch e.Kind {
	case dtw.EventDeposited:
		kind = outbox.Deposit
	case dtw.EventWithdrawn:
		kind = outbox.Withdrawal
	default:
		return outbox.Event{}, false
	}
	payload := outbox.ChainActivity{Source: source, TxHash: e.TxHash, BlockNumber: e.BlockNumber, BlockHash: e.BlockHash,
		LogIndex: e.LogIndex, BlockTime: e.BlockTime, Trader: e.Trader, Token: e.Token, Amount: bigText(e.Amount),
		Removed: removed}
	if e.Kind == dtw.EventWithdrawn {
		to := e.To
		payload.To = &to
	}
	return outbox.Event{Kind: kind, Source: source, Trader: e.Trader, Payload: payload}, true
}

// orderClosedEvent returns the outbox event of a checked return transaction of an order
// trader placed.
func orderClosedEvent(r OrderReturn, trader common.Address, removed bool) outbox.Event {
	kind := outbox.OrderCancelled
	if r.Status == OrderSettled {
		kind = outbox.OrderSettled
	}
	return outbox.Event{Kind: kind, Source: r.Source, Trader: trader, Payload: outbox.OrderClosed{Source: r.Source,
		OrderID: r.OrderID, Status: r.Status, TxHash: r.TxHash, BlockNumber: r.BlockNumber, BuyAmount: bigText(r.BuyAmount),
		Removed: removed}}
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

// pgHorizon is, on PostgreSQL, the first event id a reader may not return yet: events of
// transactions that had not ended when the reader's snapshot was taken, or that took their
// ids after it, are at or above it (migration 0076 numbers events by transaction id).
const pgHorizon = `(SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint << 20)`

// eventRecordColumns are the columns an outbox.Record is scanned from.
const eventRecordColumns = `id, kind, source, account_id, trader, payload, created_at`

// Events implements Outbox. On PostgreSQL it returns the events below its snapshot's
// horizon (pgHorizon) and the transaction's own: the first event above it ends the page,
// and readers are woken again shortly (notifier.signalSoon), when the transactions holding
// it back may have ended without writing an event of their own (whose commit would wake
// them).
func (s *conn) Events(ctx context.Context, afterID int64, limit int) ([]outbox.Record, error) {
	if limit <= 0 {
		limit = 1000
	}
	query := `SELECT ` + eventRecordColumns + `, 1 FROM events WHERE id > ? ORDER BY id LIMIT ?`
	if s.postgres() {
		query = `SELECT ` + eventRecordColumns + `, id < ` + pgHorizon + ` OR id >> 20 = (SELECT pg_current_xact_id_if_assigned()::text::bigint)
			FROM events WHERE id > ? ORDER BY id LIMIT ?`
	}
	held := -1 // the index of the first event above the horizon
	n := 0
	evs, err := queryAll(ctx, s.r, "events", func(r scanner) (outbox.Record, error) {
		var (
			e              outbox.Record
			kind, trader   string
			payload        string
			createdAtMilli int64
			settled        sql.NullBool
		)
		if err := r.Scan(&e.ID, &kind, &e.Source, &e.AccountID, &trader, &payload, &createdAtMilli, &settled); err != nil {
			return e, err
		}
		if !settled.Bool && held < 0 {
			held = n
		}
		n++
		e.Kind, e.Payload, e.CreatedAt = outbox.Kind(kind), json.RawMessage(payload), time.UnixMilli(createdAtMilli)
		if trader != "" {
			e.Trader = common.HexToAddress(trader)
		}
		return e, nil
	}, query, afterID, limit)
	if err != nil || held < 0 {
		return evs, err
	}
	s.notify.signalSoon()
	return evs[:held], nil
}

// lastEventSQL reads the id of the newest event a reader may return (Events' horizon on
// PostgreSQL): a reader starting after it misses none that commit later.
func (s *conn) lastEventSQL() string {
	if s.postgres() {
		return `SELECT COALESCE(MAX(id), 0) FROM events WHERE id < ` + pgHorizon
	}
	return `SELECT COALESCE(MAX(id), 0) FROM events`
}

// LastEventID implements Outbox.
func (s *conn) LastEventID(ctx context.Context) (int64, error) {
	var id int64
	err := s.r.QueryRowContext(ctx, s.lastEventSQL()).Scan(&id)
	return id, wrap("last event id", err)
}
