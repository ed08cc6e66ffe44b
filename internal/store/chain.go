package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// Order statuses of on-chain and OFFCHAIN orders.
const (
	OrderOpen      = "OPEN"
	OrderSettled   = "SETTLED"
	OrderCancelled = "CANCELLED"
)

// ChainOrder is an on-chain order as the follower saw it: its placement and, once
// closed at the confirmation depth, the closing event.
type ChainOrder struct {
	Placed dtw.Event
	// Closed is the settle or cancel event, nil while open.
	Closed *dtw.Event
	// CancelRequest is the trader's cancel request (its Deadline is when the grace period
	// ends), nil when none was made.
	CancelRequest *dtw.Event
}

// OrderView is an order with its checked return transaction (nil until checked) and the
// head its settler last recorded (the zero head before its first round).
type OrderView struct {
	Order  ChainOrder
	Return *OrderReturn
	Head   SettlerHead
}

// OrderReturn is a return transaction whose receipt the engine checked.
type OrderReturn struct {
	Source      string
	OrderID     uint64
	Status      string
	TxHash      common.Hash
	BlockNumber uint64
	BuyAmount   *big.Int
	VerifiedAt  time.Time
}

// ActivityQuery selects deposits or withdrawals for the paged history endpoints.
type ActivityQuery struct {
	Source  string
	Kind    dtw.EventKind
	Traders []common.Address
	// Start and End bound the block time (inclusive, unix milliseconds).
	Start, End int64
	// After and Before are exclusive cursor positions (block_number, log_index); zero
	// values are unset.
	After, Before *ActivityCursor
	// NewestFirst orders by time descending.
	NewestFirst bool
	Limit       int
}

// ActivityCursor is a position in the event log.
type ActivityCursor struct {
	Block    uint64
	LogIndex uint
}

// ChainStore is the on-chain part of the store: the follower's events, the engine's
// journal and return transactions, relays and withdrawal addresses.
type ChainStore interface {
	ChainEvents
	chain.Journal
	Relays
	WithdrawalAddresses
}

// ChainEvents owns the DTW events the follower applied at the confirmation depth and the
// return transactions the engine checked. ApplyBlocks, RollbackFrom and PutOrderReturn
// write the Outbox events of the changes they make, in the same transaction.
type ChainEvents interface {
	chain.FollowerStore
	// OpenOrders returns the placed orders of source with no closing event, oldest first.
	OpenOrders(ctx context.Context, source string) ([]dtw.Event, error)
	// OpenCancelRequests returns the cancel requests of source's orders that have no
	// closing event, oldest first.
	OpenCancelRequests(ctx context.Context, source string) ([]dtw.Event, error)
	// Order returns an order by id, or ErrNotFound.
	Order(ctx context.Context, source string, orderID uint64) (ChainOrder, error)
	// OrderView returns what an order's status shows, read at one moment: the order, its
	// checked return and the chain's head; ErrNotFound when there is no such order.
	OrderView(ctx context.Context, source string, orderID uint64) (OrderView, error)
	// OrdersByTx returns the orders placed by a transaction.
	OrdersByTx(ctx context.Context, source string, tx common.Hash) ([]ChainOrder, error)
	// OrderByKey returns the order the contract keys key (dtw.OrderKey), or ErrNotFound.
	OrderByKey(ctx context.Context, source string, key common.Hash) (ChainOrder, error)
	// OrdersByTraderID returns trader's orders whose on-chain id is id: one per sell token
	// at most for an order placed directly (the contract counts them per sell token), one
	// for a relayed order.
	OrdersByTraderID(ctx context.Context, source string, trader common.Address, id uint64) ([]ChainOrder, error)
	// UncheckedCloses returns closing events that have no OrderReturn yet.
	UncheckedCloses(ctx context.Context, source string) ([]dtw.Event, error)
	// PutOrderReturn records a checked return transaction.
	PutOrderReturn(ctx context.Context, r OrderReturn) error
	// OrderReturn returns the checked return transaction of an order, or ErrNotFound.
	OrderReturn(ctx context.Context, source string, orderID uint64) (OrderReturn, error)
	// Activities returns deposits or withdrawals.
	Activities(ctx context.Context, q ActivityQuery) ([]dtw.Event, error)
	// WithdrawalsByTx returns the withdrawals made by a transaction.
	WithdrawalsByTx(ctx context.Context, source string, tx common.Hash) ([]dtw.Event, error)
}

// Relays owns the relayed gasless orders and withdrawals: one relay per (source, trader,
// nonce), recorded by chain.Journal's InsertTx with its transaction.
type Relays interface {
	// RelayByNonce returns the relay of a trader nonce on a source (an order or a
	// withdrawal), or ErrNotFound.
	RelayByNonce(ctx context.Context, source string, trader common.Address, nonce string) (Relay, error)
	// RelayByTx returns the relay with a transaction hash, one that failed (Reason set)
	// included, or ErrNotFound.
	RelayByTx(ctx context.Context, tx common.Hash) (Relay, error)
	// FeeBumps returns the hashes of the transactions journaled at the same sender and
	// nonce as tx (the fee bumps of a relay, or what they bump), tx excluded, newest first:
	// whichever is mined placed the relayed order or withdrawal.
	FeeBumps(ctx context.Context, tx common.Hash) ([]common.Hash, error)
}

// WithdrawalAddresses owns the withdrawal destinations of accounts. Adding and approving
// write an EventWithdrawalAddressStatus in the same transaction.
type WithdrawalAddresses interface {
	// AddWithdrawalAddress stores a new withdrawal address; ErrConflict if it exists.
	AddWithdrawalAddress(ctx context.Context, w WithdrawalAddress) error
	// ApproveWithdrawalAddress marks an address APPROVED; ErrNotFound if there is none.
	ApproveWithdrawalAddress(ctx context.Context, id string) error
	// WithdrawalAddresses lists withdrawal addresses, of one account or (accountID "") all.
	WithdrawalAddresses(ctx context.Context, accountID string) ([]WithdrawalAddress, error)
}

var (
	_ Store = (*SQLite)(nil)
	_ Tx    = (*conn)(nil)
)

// RecentBlocks implements chain.FollowerStore.
func (s *conn) RecentBlocks(ctx context.Context, source string, n int) ([]chain.BlockRef, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT number, hash FROM chain_blocks WHERE source = ? ORDER BY number DESC LIMIT ?`, source, n)
	if err != nil {
		return nil, wrap("recent blocks", err)
	}
	defer rows.Close()
	var out []chain.BlockRef
	for rows.Next() {
		var ref chain.BlockRef
		var hash string
		if err := rows.Scan(&ref.Number, &hash); err != nil {
			return nil, wrap("recent blocks", err)
		}
		ref.Hash = common.HexToHash(hash)
		out = append(out, ref)
	}
	return out, wrap("recent blocks", rows.Err())
}

// ApplyBlocks implements chain.FollowerStore. A deposit or withdrawal not applied before
// writes its outbox event in the same transaction.
func (s *conn) ApplyBlocks(ctx context.Context, source string, refs []chain.BlockRef, events []dtw.Event, keep int) error {
	wrote := false
	err := s.tx(ctx, func(tx queryer) error {
		for _, ref := range refs {
			if _, err := tx.ExecContext(ctx, `INSERT INTO chain_blocks (source, number, hash) VALUES (?, ?, ?)
				ON CONFLICT (source, number) DO UPDATE SET hash = excluded.hash`,
				source, ref.Number, ref.Hash.Hex()); err != nil {
				return wrap("apply block", err)
			}
		}
		applied, err := appliedActivities(ctx, tx, source, events)
		if err != nil {
			return err
		}
		if err := assignOrderIDs(ctx, tx, source, events); err != nil {
			return err
		}
		for _, e := range events {
			ev, announce := activityEvent(source, e, false)
			if announce {
				announce = !applied[eventKey{e.BlockNumber, e.LogIndex, e.BlockHash.Hex()}]
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO chain_events (source, block_number, log_index, block_hash,
				block_time, tx_hash, kind, trader, token, amount, to_address, order_id, sell_token, buy_token, sell_amount,
				min_buy_amount, buy_amount, deadline, order_kind, closer, order_key, trader_order_id)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
				ON CONFLICT (source, block_number, log_index) DO UPDATE SET block_hash = excluded.block_hash,
				block_time = excluded.block_time, tx_hash = excluded.tx_hash, kind = excluded.kind, trader = excluded.trader,
				token = excluded.token, amount = excluded.amount, to_address = excluded.to_address, order_id = excluded.order_id,
				sell_token = excluded.sell_token, buy_token = excluded.buy_token, sell_amount = excluded.sell_amount,
				min_buy_amount = excluded.min_buy_amount, buy_amount = excluded.buy_amount, deadline = excluded.deadline,
				order_kind = excluded.order_kind, closer = excluded.closer, order_key = excluded.order_key,
				trader_order_id = excluded.trader_order_id`,
				source, e.BlockNumber, e.LogIndex, e.BlockHash.Hex(), e.BlockTime, e.TxHash.Hex(), string(e.Kind), addrText(e.Trader),
				addrText(e.Token), bigText(e.Amount), addrText(e.To), orderIDValue(e.OrderID), addrText(e.SellToken),
				addrText(e.BuyToken), bigText(e.SellAmount), bigText(e.MinBuyAmount), bigText(e.BuyAmount), e.Deadline,
				e.OrderKind, addrText(e.Closer), keyText(e.OrderKey), orderIDValue(e.TraderOrderID)); err != nil {
				return wrap("apply event", err)
			}
			if announce {
				if err := outbox.Write(ctx, eventRows{tx}, ev); err != nil {
					return err
				}
				wrote = true
			}
		}
		_, err = tx.ExecContext(ctx, `DELETE FROM chain_blocks WHERE source = ? AND number NOT IN
			(SELECT number FROM chain_blocks WHERE source = ? ORDER BY number DESC LIMIT ?)`, source, source, keep)
		return wrap("prune blocks", err)
	})
	if err == nil && wrote {
		s.announce()
	}
	return err
}

// eventKey is an applied event's position and block.
type eventKey struct {
	block    uint64
	logIndex uint
	hash     string
}

// appliedActivities returns which of the deposits and withdrawals among events are
// stored already (as applied before, in the same block), read in one query over their
// blocks rather than one per event: a follower catching up applies thousands at once.
func appliedActivities(ctx context.Context, tx queryer, source string, events []dtw.Event) (map[eventKey]bool, error) {
	lo, hi, found := blockSpan(events, dtw.EventDeposited, dtw.EventWithdrawn)
	if !found {
		return nil, nil
	}
	rows, err := tx.QueryContext(ctx, `SELECT block_number, log_index, block_hash FROM chain_events WHERE source = ?
		AND block_number >= ? AND block_number <= ?`, source, lo, hi)
	if err != nil {
		return nil, wrap("apply event", err)
	}
	defer rows.Close()
	out := map[eventKey]bool{}
	for rows.Next() {
		var k eventKey
		if err := rows.Scan(&k.block, &k.logIndex, &k.hash); err != nil {
			return nil, wrap("apply event", err)
		}
		out[k] = true
	}
	return out, wrap("apply event", rows.Err())
}

// blockSpan returns the lowest and highest block of the events of kinds; found is false
// when there is none.
func blockSpan(events []dtw.Event, kinds ...dtw.EventKind) (lo, hi uint64, found bool) {
	for _, e := range events {
		if !slices.Contains(kinds, e.Kind) {
			continue
		}
		if !found || e.BlockNumber < lo {
			lo = e.BlockNumber
		}
		hi, found = max(hi, e.BlockNumber), true
	}
	return lo, hi, found
}

// RollbackFrom implements chain.FollowerStore: it also drops checked return transactions
// from the removed blocks, and writes a compensating outbox event (Removed set) for each
// deposit, withdrawal and checked return it removes.
func (s *conn) RollbackFrom(ctx context.Context, source string, number uint64) error {
	wrote := false
	err := s.tx(ctx, func(tx queryer) error {
		removed, err := queryEvents(ctx, tx, "rollback", `SELECT `+eventColumns+` FROM chain_events WHERE source = ?
			AND block_number >= ? AND kind IN (?, ?) ORDER BY block_number, log_index`,
			source, number, string(dtw.EventDeposited), string(dtw.EventWithdrawn))
		if err != nil {
			return err
		}
		for _, e := range removed {
			ev, _ := activityEvent(source, e, true)
			if err := outbox.Write(ctx, eventRows{tx}, ev); err != nil {
				return err
			}
			wrote = true
		}
		returns, err := queryAll(ctx, tx, "rollback", scanOrderReturn, `SELECT `+orderReturnColumns+` FROM order_returns
			WHERE source = ? AND block_number >= ? ORDER BY block_number, order_id`, source, number)
		if err != nil {
			return err
		}
		for _, r := range returns {
			trader, err := orderTrader(ctx, tx, source, r.OrderID)
			if err != nil {
				return err
			}
			if err := outbox.Write(ctx, eventRows{tx}, orderClosedEvent(r, trader, true)); err != nil {
				return err
			}
			wrote = true
		}
		for _, q := range []string{
			`DELETE FROM chain_blocks WHERE source = ? AND number >= ?`,
			`DELETE FROM chain_events WHERE source = ? AND block_number >= ?`,
			`DELETE FROM order_returns WHERE source = ? AND block_number >= ?`,
		} {
			if _, err := tx.ExecContext(ctx, q, source, number); err != nil {
				return wrap("rollback", err)
			}
		}
		return nil
	})
	if err == nil && wrote {
		s.announce()
	}
	return err
}

// assignOrderIDs gives each order event of events its gateway order id, in place, so
// that the caller (the follower's copy of the open orders) sees it too. An OrderPlaced
// event keeps the id it was stored with when it is applied again, and otherwise takes the
// next of source: the follower applies events in chain order, so a rollback frees the
// newest ids and the same events applied again take the same ones. An event that names
// an order by its key takes the id of that key's OrderPlaced, from events or the store; a
// settlement also takes what OrderSettled leaves to it (trader, tokens, sell amount), so
// that a settled row is found by its trader like every other. An order placed before the
// follower's start block is not known: its events keep no id.
func assignOrderIDs(ctx context.Context, q queryer, source string, events []dtw.Event) error {
	stored, err := storedPlacements(ctx, q, source, events)
	if err != nil {
		return err
	}
	next := int64(-1)
	placed := map[common.Hash]dtw.Event{}
	for i := range events {
		e := &events[i]
		switch e.Kind {
		case dtw.EventOrderPlaced:
			if id, ok := stored[eventKey{e.BlockNumber, e.LogIndex, keyText(e.OrderKey)}]; ok {
				e.OrderID = big.NewInt(id)
			} else {
				if next < 0 {
					if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(order_id), 0) FROM chain_events WHERE source = ?`,
						source).Scan(&next); err != nil {
						return wrap("next order id", err)
					}
				}
				next++
				e.OrderID = big.NewInt(next)
			}
			placed[e.OrderKey] = *e
		case dtw.EventOrderSettled, dtw.EventOrderCancelled, dtw.EventCancelRequested:
			p, ok := placed[e.OrderKey]
			if !ok {
				evs, err := queryEvents(ctx, q, "order by key", orderByKeySQL, source, keyText(e.OrderKey), string(dtw.EventOrderPlaced))
				if err != nil {
					return err
				}
				if len(evs) == 0 {
					continue
				}
				p = evs[0]
				placed[e.OrderKey] = p
			}
			e.OrderID = p.OrderID
			e.FromPlaced(p)
		}
	}
	return nil
}

// orderByKeySQL reads an order's placement by its key through chain_events_key.
const orderByKeySQL = `SELECT ` + eventColumns + ` FROM chain_events WHERE source = ? AND order_key = ? AND kind = ?
	ORDER BY block_number DESC LIMIT 1`

// storedPlacements returns the ids of the OrderPlaced events among events that are stored
// already (applied again), by position and key, read in one query over their blocks.
func storedPlacements(ctx context.Context, q queryer, source string, events []dtw.Event) (map[eventKey]int64, error) {
	lo, hi, found := blockSpan(events, dtw.EventOrderPlaced)
	if !found {
		return nil, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT block_number, log_index, order_key, order_id FROM chain_events WHERE source = ?
		AND block_number >= ? AND block_number <= ? AND kind = ? AND order_id IS NOT NULL`, source, lo, hi, string(dtw.EventOrderPlaced))
	if err != nil {
		return nil, wrap("stored orders", err)
	}
	defer rows.Close()
	out := map[eventKey]int64{}
	for rows.Next() {
		var k eventKey
		var id int64
		if err := rows.Scan(&k.block, &k.logIndex, &k.hash, &id); err != nil {
			return nil, wrap("stored orders", err)
		}
		out[k] = id
	}
	return out, wrap("stored orders", rows.Err())
}

const eventColumns = `block_number, log_index, block_hash, block_time, tx_hash, kind, trader, token, amount, to_address,
	order_id, sell_token, buy_token, sell_amount, min_buy_amount, buy_amount, deadline, order_kind, closer, order_key,
	trader_order_id`

func scanEvent(r scanner) (dtw.Event, error) {
	var e dtw.Event
	var blockHash, txHash, kind, trader, token, amount, to, sellToken, buyToken, sellAmount, minBuy, buyAmount, closer, key string
	var orderID, traderOrderID sql.NullInt64
	if err := r.Scan(&e.BlockNumber, &e.LogIndex, &blockHash, &e.BlockTime, &txHash, &kind, &trader, &token, &amount, &to,
		&orderID, &sellToken, &buyToken, &sellAmount, &minBuy, &buyAmount, &e.Deadline, &e.OrderKind, &closer, &key,
		&traderOrderID); err != nil {
		return e, err
	}
	if key != "" {
		e.OrderKey = common.HexToHash(key)
	}
	if traderOrderID.Valid {
		e.TraderOrderID = new(big.Int).SetInt64(traderOrderID.Int64)
	}
	e.BlockHash, e.TxHash, e.Kind = common.HexToHash(blockHash), common.HexToHash(txHash), dtw.EventKind(kind)
	e.Trader, e.Token, e.To = common.HexToAddress(trader), common.HexToAddress(token), common.HexToAddress(to)
	e.SellToken, e.BuyToken, e.Closer = common.HexToAddress(sellToken), common.HexToAddress(buyToken), common.HexToAddress(closer)
	e.Amount, e.SellAmount, e.MinBuyAmount, e.BuyAmount = textBig(amount), textBig(sellAmount), textBig(minBuy), textBig(buyAmount)
	if orderID.Valid {
		e.OrderID = new(big.Int).SetInt64(orderID.Int64)
	}
	return e, nil
}

func (s *conn) queryEvents(ctx context.Context, op, query string, args ...any) ([]dtw.Event, error) {
	return queryEvents(ctx, s.r, op, query, args...)
}

func queryEvents(ctx context.Context, q queryer, op, query string, args ...any) ([]dtw.Event, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(op, err)
	}
	defer rows.Close()
	var out []dtw.Event
	for rows.Next() {
		e, err := scanEvent(rows)
		if err != nil {
			return nil, wrap(op, err)
		}
		out = append(out, e)
	}
	return out, wrap(op, rows.Err())
}

// OpenOrders implements ChainEvents.
func (s *conn) OpenOrders(ctx context.Context, source string) ([]dtw.Event, error) {
	return s.queryEvents(ctx, "open orders", `SELECT `+eventColumns+` FROM chain_events p WHERE p.source = ? AND p.kind = ?
		AND NOT EXISTS (SELECT 1 FROM chain_events c WHERE c.source = p.source AND c.order_id = p.order_id AND c.kind IN (?, ?))
		ORDER BY p.block_number, p.log_index`, source, dtw.EventOrderPlaced, dtw.EventOrderSettled, dtw.EventOrderCancelled)
}

// OpenCancelRequests implements ChainEvents.
func (s *conn) OpenCancelRequests(ctx context.Context, source string) ([]dtw.Event, error) {
	return s.queryEvents(ctx, "open cancel requests", `SELECT `+eventColumns+` FROM chain_events p WHERE p.source = ? AND p.kind = ?
		AND p.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chain_events c WHERE c.source = p.source AND c.order_id = p.order_id AND c.kind IN (?, ?))
		ORDER BY p.block_number, p.log_index`, source, dtw.EventCancelRequested, dtw.EventOrderSettled, dtw.EventOrderCancelled)
}

// Hot-path queries, named so the index test can check their plans.
const (
	// orderByIDSQL reads one order's events through chain_events_order.
	orderByIDSQL = `SELECT ` + eventColumns + ` FROM chain_events WHERE source = ? AND order_id = ? ORDER BY block_number, log_index`
	// orderReturnSQL reads an order's checked return by primary key.
	orderReturnSQL = `SELECT ` + orderReturnColumns + ` FROM order_returns WHERE source = ? AND order_id = ?`
)

func (s *conn) orderEvents(ctx context.Context, source string, where string, args ...any) ([]ChainOrder, error) {
	evs, err := s.queryEvents(ctx, "order", `SELECT `+eventColumns+` FROM chain_events WHERE source = ? AND order_id IN
		(SELECT order_id FROM chain_events WHERE source = ? AND kind = ? AND `+where+`) ORDER BY block_number, log_index`,
		append([]any{source, source, dtw.EventOrderPlaced}, args...)...)
	if err != nil {
		return nil, err
	}
	return groupOrders(evs), nil
}

// groupOrders pairs each placed order in evs with the event that closed it; events of
// orders whose placement is not in evs are dropped.
func groupOrders(evs []dtw.Event) []ChainOrder {
	var out []ChainOrder
	index := map[uint64]int{}
	for _, e := range evs {
		id := e.OrderID.Uint64()
		if e.Kind == dtw.EventOrderPlaced {
			index[id] = len(out)
			out = append(out, ChainOrder{Placed: e})
			continue
		}
		i, ok := index[id]
		switch {
		case !ok:
		case e.Kind == dtw.EventCancelRequested:
			req := e
			out[i].CancelRequest = &req
		case e.Kind == dtw.EventOrderSettled, e.Kind == dtw.EventOrderCancelled:
			closed := e
			out[i].Closed = &closed
		}
	}
	return out
}

// orderViewSQL reads an order's events with its return and its chain's head in one
// statement (one read transaction: order status is the API's most frequent read).
var orderViewSQL = `SELECT ` + prefixColumns("e", eventColumns) + `,
	r.order_id IS NOT NULL, COALESCE(r.status, ''), COALESCE(r.tx_hash, ''), COALESCE(r.block_number, 0),
	COALESCE(r.buy_amount, ''), COALESCE(r.verified_at, 0),
	COALESCE(h.head, 0), COALESCE(h.synced, 0), COALESCE(h.updated_at, 0)
	FROM chain_events e
	LEFT JOIN order_returns r ON r.source = e.source AND r.order_id = e.order_id
	LEFT JOIN settler_heads h ON h.source = e.source
	WHERE e.source = ? AND e.order_id = ? ORDER BY e.block_number, e.log_index`

// prefixColumns qualifies each of a comma-separated column list with table.
func prefixColumns(table, cols string) string {
	parts := strings.Split(cols, ",")
	for i, c := range parts {
		parts[i] = table + "." + strings.TrimSpace(c)
	}
	return strings.Join(parts, ", ")
}

// extraScanner scans a row's leading columns with the dest its caller passes and the
// trailing ones into extra.
type extraScanner struct {
	r     scanner
	extra []any
}

func (x extraScanner) Scan(dest ...any) error { return x.r.Scan(append(dest, x.extra...)...) }

// OrderView implements ChainEvents.
func (s *conn) OrderView(ctx context.Context, source string, orderID uint64) (OrderView, error) {
	rows, err := s.r.QueryContext(ctx, orderViewSQL, source, orderID)
	if err != nil {
		return OrderView{}, wrap("order view", err)
	}
	defer rows.Close()
	var (
		evs       []dtw.Event
		hasReturn bool
		ret       = OrderReturn{Source: source, OrderID: orderID}
		retTx     string
		retBuy    string
		retAt     int64
		head      = SettlerHead{Source: source}
		headAt    int64
	)
	x := extraScanner{r: rows, extra: []any{&hasReturn, &ret.Status, &retTx, &ret.BlockNumber, &retBuy, &retAt,
		&head.Head, &head.Synced, &headAt}}
	for rows.Next() {
		e, err := scanEvent(x)
		if err != nil {
			return OrderView{}, wrap("order view", err)
		}
		evs = append(evs, e)
	}
	if err := rows.Err(); err != nil {
		return OrderView{}, wrap("order view", err)
	}
	orders := groupOrders(evs)
	if len(orders) == 0 {
		return OrderView{}, fmt.Errorf("order %s/%d: %w", source, orderID, ErrNotFound)
	}
	v := OrderView{Order: orders[0], Head: head}
	if headAt != 0 {
		v.Head.UpdatedAt = time.UnixMilli(headAt)
	}
	if hasReturn {
		ret.TxHash, ret.BuyAmount, ret.VerifiedAt = common.HexToHash(retTx), textBig(retBuy), time.UnixMilli(retAt)
		v.Return = &ret
	}
	return v, nil
}

// Order implements ChainEvents.
func (s *conn) Order(ctx context.Context, source string, orderID uint64) (ChainOrder, error) {
	evs, err := s.queryEvents(ctx, "order", orderByIDSQL, source, orderID)
	if err != nil {
		return ChainOrder{}, err
	}
	orders := groupOrders(evs)
	if len(orders) == 0 {
		return ChainOrder{}, fmt.Errorf("order %s/%d: %w", source, orderID, ErrNotFound)
	}
	return orders[0], nil
}

// OrdersByTx implements ChainEvents.
func (s *conn) OrdersByTx(ctx context.Context, source string, tx common.Hash) ([]ChainOrder, error) {
	return s.orderEvents(ctx, source, "tx_hash = ?", tx.Hex())
}

// OrderByKey implements ChainEvents.
func (s *conn) OrderByKey(ctx context.Context, source string, key common.Hash) (ChainOrder, error) {
	orders, err := s.orderEvents(ctx, source, "order_key = ?", keyText(key))
	if err != nil {
		return ChainOrder{}, err
	}
	if len(orders) == 0 {
		return ChainOrder{}, fmt.Errorf("order key %s on %s: %w", key, source, ErrNotFound)
	}
	return orders[0], nil
}

// OrdersByTraderID implements ChainEvents.
func (s *conn) OrdersByTraderID(ctx context.Context, source string, trader common.Address, id uint64) ([]ChainOrder, error) {
	return s.orderEvents(ctx, source, "trader = ? AND trader_order_id = ?", addrText(trader), int64(id))
}

// UncheckedCloses implements ChainEvents.
func (s *conn) UncheckedCloses(ctx context.Context, source string) ([]dtw.Event, error) {
	return s.queryEvents(ctx, "unchecked closes", `SELECT `+eventColumns+` FROM chain_events c WHERE c.source = ? AND c.kind IN (?, ?)
		AND c.order_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM order_returns r WHERE r.source = c.source AND r.order_id = c.order_id)
		ORDER BY c.block_number, c.log_index`, source, dtw.EventOrderSettled, dtw.EventOrderCancelled)
}

// PutOrderReturn implements ChainEvents. This is when an order's SETTLED or CANCELLED
// status becomes visible, so a new or changed return writes its outbox event in the same
// transaction.
func (s *conn) PutOrderReturn(ctx context.Context, r OrderReturn) error {
	wrote := false
	err := s.tx(ctx, func(tx queryer) error {
		old, err := scanOrderReturn(tx.QueryRowContext(ctx, `SELECT `+orderReturnColumns+` FROM order_returns
			WHERE source = ? AND order_id = ?`, r.Source, r.OrderID))
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return wrap("put order return", err)
		}
		same := err == nil && old.Status == r.Status && old.TxHash == r.TxHash && old.BlockNumber == r.BlockNumber
		if _, err := tx.ExecContext(ctx, `INSERT INTO order_returns (source, order_id, status, tx_hash, block_number,
			buy_amount, verified_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (source, order_id) DO UPDATE SET
			status = excluded.status, tx_hash = excluded.tx_hash, block_number = excluded.block_number,
			buy_amount = excluded.buy_amount, verified_at = excluded.verified_at`, r.Source, r.OrderID, r.Status, r.TxHash.Hex(), r.BlockNumber,
			bigText(r.BuyAmount), r.VerifiedAt.UnixMilli()); err != nil {
			return wrap("put order return", err)
		}
		if same {
			return nil
		}
		trader, err := orderTrader(ctx, tx, r.Source, r.OrderID)
		if err != nil {
			return err
		}
		wrote = true
		return outbox.Write(ctx, eventRows{tx}, orderClosedEvent(r, trader, false))
	})
	if err == nil && wrote {
		s.announce()
	}
	return err
}

const orderReturnColumns = `source, order_id, status, tx_hash, block_number, buy_amount, verified_at`

func scanOrderReturn(row scanner) (OrderReturn, error) {
	var r OrderReturn
	var tx, buy string
	var at int64
	if err := row.Scan(&r.Source, &r.OrderID, &r.Status, &tx, &r.BlockNumber, &buy, &at); err != nil {
		return r, err
	}
	r.TxHash, r.BuyAmount, r.VerifiedAt = common.HexToHash(tx), textBig(buy), time.UnixMilli(at)
	return r, nil
}

// OrderReturn implements ChainEvents.
func (s *conn) OrderReturn(ctx context.Context, source string, orderID uint64) (OrderReturn, error) {
	r, err := scanOrderReturn(s.r.QueryRowContext(ctx, orderReturnSQL, source, orderID))
	if err != nil {
		return OrderReturn{Source: source, OrderID: orderID}, wrap("order return", err)
	}
	return r, nil
}

// Activities implements ChainEvents.
func (s *conn) Activities(ctx context.Context, q ActivityQuery) ([]dtw.Event, error) {
	if len(q.Traders) == 0 {
		return nil, nil
	}
	where := []string{"source = ?", "kind = ?", "block_time * 1000 >= ?", "block_time * 1000 <= ?"}
	args := []any{q.Source, string(q.Kind), q.Start, q.End}
	marks := make([]string, len(q.Traders))
	for i, t := range q.Traders {
		marks[i] = "?"
		args = append(args, addrText(t))
	}
	where = append(where, "trader IN ("+strings.Join(marks, ",")+")")
	if q.After != nil {
		where = append(where, "(block_number, log_index) > (?, ?)")
		args = append(args, q.After.Block, q.After.LogIndex)
	}
	if q.Before != nil {
		where = append(where, "(block_number, log_index) < (?, ?)")
		args = append(args, q.Before.Block, q.Before.LogIndex)
	}
	order := "block_number, log_index"
	if q.NewestFirst {
		order = "block_number DESC, log_index DESC"
	}
	args = append(args, q.Limit)
	return s.queryEvents(ctx, "activities", `SELECT `+eventColumns+` FROM chain_events WHERE `+strings.Join(where, " AND ")+
		` ORDER BY `+order+` LIMIT ?`, args...)
}

// WithdrawalsByTx implements ChainEvents.
func (s *conn) WithdrawalsByTx(ctx context.Context, source string, tx common.Hash) ([]dtw.Event, error) {
	return s.queryEvents(ctx, "withdrawals by tx", `SELECT `+eventColumns+` FROM chain_events WHERE source = ? AND kind = ?
		AND tx_hash = ? ORDER BY log_index`, source, dtw.EventWithdrawn, tx.Hex())
}

// InsertTx implements chain.Journal: the transaction and its relay record, if any, are
// written in one store transaction.
func (s *conn) InsertTx(ctx context.Context, t chain.JournalTx) (int64, error) {
	ids := make([]string, len(t.OrderIDs))
	for i, id := range t.OrderIDs {
		ids[i] = strconv.FormatUint(id, 10)
	}
	now := time.Now().UnixMilli()
	var id int64
	err := s.tx(ctx, func(tx queryer) error {
		err := tx.QueryRowContext(ctx, `INSERT INTO tx_journal (source, sender, nonce, tx_hash, raw, kind, order_ids, state,
			replaces, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING id`, t.Source, addrText(t.Sender),
			t.Nonce, t.Hash.Hex(), t.Raw, t.Kind, strings.Join(ids, ","), string(t.State), t.Replaces, now, now).Scan(&id)
		if err != nil {
			return wrap("insert tx", err)
		}
		if t.Relay != nil {
			if err := sendRelay(ctx, tx, t.Source, t.Kind, t.Hash, t.Relay, now); err != nil {
				return err
			}
		}
		if t.Ref != "" {
			// A ref that names a ledger hold (an OFFCHAIN withdrawal's payment) is journaled
			// only while the hold is open: funds released by a reject or a failure are never
			// paid. The read locks the hold's row, so a concurrent release waits or fails.
			var state string
			err := tx.QueryRowContext(ctx, `SELECT state FROM ledger_holds WHERE hold_key = ?`+s.forUpdate(), t.Ref).Scan(&state)
			switch {
			case errors.Is(err, sql.ErrNoRows):
			case err != nil:
				return wrap("journal ref hold", err)
			case state != HoldOpen:
				return fmt.Errorf("%s on %s: its hold is %s: %w", t.Ref, t.Source, state, chain.ErrRefClosed)
			}
			_, err = tx.ExecContext(ctx, `INSERT INTO journal_refs (source, ref, sender, nonce, tx_hash, created_at)
				VALUES (?, ?, ?, ?, ?, ?)`, t.Source, t.Ref, addrText(t.Sender), t.Nonce, t.Hash.Hex(), now)
			if err = wrap("insert journal ref", err); errors.Is(err, ErrConflict) {
				return fmt.Errorf("%s on %s: %w", t.Ref, t.Source, chain.ErrRefExists)
			}
			return err
		}
		return nil
	})
	if err == nil && t.Relay != nil {
		s.announceRelays()
	}
	return id, err
}

// OpenTxs implements chain.Journal.
func (s *conn) OpenTxs(ctx context.Context, source string, sender common.Address) ([]chain.JournalTx, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, nonce, tx_hash, raw, kind, order_ids, state, replaces, block_number,
		created_at, updated_at FROM tx_journal WHERE source = ? AND sender = ? AND state IN (?, ?) ORDER BY nonce, id`,
		source, addrText(sender), string(chain.TxPending), string(chain.TxMined))
	if err != nil {
		return nil, wrap("open txs", err)
	}
	defer rows.Close()
	var out []chain.JournalTx
	for rows.Next() {
		t := chain.JournalTx{Source: source, Sender: sender}
		var hash, ids, state string
		var created, updated int64
		if err := rows.Scan(&t.ID, &t.Nonce, &hash, &t.Raw, &t.Kind, &ids, &state, &t.Replaces, &t.BlockNumber, &created, &updated); err != nil {
			return nil, wrap("open txs", err)
		}
		t.Hash, t.State = common.HexToHash(hash), chain.TxState(state)
		t.CreatedAt, t.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
		for _, id := range strings.Split(ids, ",") {
			if n, err := strconv.ParseUint(id, 10, 64); err == nil {
				t.OrderIDs = append(t.OrderIDs, n)
			}
		}
		out = append(out, t)
	}
	return out, wrap("open txs", rows.Err())
}

// SetTxState implements chain.Journal.
// A confirmed transaction confirms, in the same store transaction, the relay it (or the
// transaction it bumps) sent.
func (s *conn) SetTxState(ctx context.Context, id int64, state chain.TxState, block uint64) error {
	now := time.Now().UnixMilli()
	const set = `UPDATE tx_journal SET state = ?, block_number = ?, updated_at = ? WHERE id = ?`
	if state != chain.TxConfirmed {
		return wrapAffected("set tx state")(s.q.ExecContext(ctx, set, string(state), block, now, id))
	}
	var confirmed bool
	err := s.tx(ctx, func(tx queryer) error {
		if err := wrapAffected("set tx state")(tx.ExecContext(ctx, set, string(state), block, now, id)); err != nil {
			return err
		}
		var err error
		confirmed, err = confirmRelay(ctx, tx, id, now)
		return err
	})
	if err == nil && confirmed {
		s.announceRelays()
	}
	return err
}

// ReopenFrom implements chain.Journal. A reopened payment of an OFFCHAIN withdrawal that
// was settled FAILED (its payment reverted, its hold released) has its hold opened again
// and the withdrawal moved back to SENT, in the same transaction: the payment is sent
// again only with its funds reserved, and its withdrawal ends as the new chain decides.
// A reopened payment of a COMPLETED withdrawal moves it back to SENT with its hold left
// captured: if the payment is confirmed again the withdrawal completes again on the same
// capture, and if it fails the custodian reverses the capture (ledger.UncaptureTx).
func (s *conn) ReopenFrom(ctx context.Context, source string, sender common.Address, nonce uint64) (int64, error) {
	s.forgetBookReads() // it may move holds
	var n int64
	var unconfirmed bool
	err := s.tx(ctx, func(tx queryer) error {
		now := time.Now().UnixMilli()
		rows, err := tx.QueryContext(ctx, `SELECT r.ref, j.tx_hash, j.state FROM tx_journal j JOIN journal_refs r
			ON r.source = j.source AND r.sender = j.sender AND r.nonce = j.nonce
			WHERE j.source = ? AND j.sender = ? AND j.nonce >= ? AND j.state IN (?, ?) AND j.kind <> ?`,
			source, addrText(sender), nonce, string(chain.TxFailed), string(chain.TxConfirmed), chain.KindGapFiller)
		if err != nil {
			return wrap("reopen refs", err)
		}
		type reopened struct{ ref, hash, state string }
		var refs []reopened
		for rows.Next() {
			var r reopened
			if err := rows.Scan(&r.ref, &r.hash, &r.state); err != nil {
				rows.Close()
				return wrap("reopen refs", err)
			}
			refs = append(refs, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return wrap("reopen refs", err)
		}
		for _, r := range refs {
			if err := reopenWithdrawal(ctx, tx, source, r.ref, r.hash, r.state == string(chain.TxConfirmed), now); err != nil {
				return err
			}
		}
		if unconfirmed, err = unconfirmRelays(ctx, tx, source, sender, nonce, now); err != nil {
			return err
		}
		res, err := tx.ExecContext(ctx, `UPDATE tx_journal SET state = ?, block_number = 0, updated_at = ? WHERE source = ?
			AND sender = ? AND nonce >= ? AND state IN (?, ?)`, string(chain.TxPending), now, source,
			addrText(sender), nonce, string(chain.TxConfirmed), string(chain.TxFailed))
		if err != nil {
			return wrap("reopen txs", err)
		}
		n, err = res.RowsAffected()
		return err
	})
	if err == nil && unconfirmed {
		s.announceRelays()
	}
	return n, err
}

// reopenWithdrawal moves the withdrawal that ref pays (if any) back to SENT, in
// ReopenFrom's transaction q: a reorg took out the block of its payment, now pending again
// with the transaction hash. A FAILED one (its payment had reverted, confirmed false) has
// its released hold opened again: it is never sent again unheld. A COMPLETED one (its
// payment confirmed) keeps its hold captured: the funds stay out of the account while the
// payment may still be mined, and the custodian completes it again, or reverses the
// capture if the payment fails.
func reopenWithdrawal(ctx context.Context, q queryer, source, ref, hash string, confirmed bool, now int64) error {
	from, reason, holdFrom, holdTo := WithdrawalFailed, "a reorg took out the block of its reverted payment: the payment is pending again", HoldReleased, HoldOpen
	if confirmed {
		from, reason, holdFrom, holdTo = WithdrawalCompleted, "a reorg took out the block of its payment: the payment is pending again", HoldCaptured, HoldCaptured
	}
	res, err := q.ExecContext(ctx, `UPDATE offchain_withdrawals SET status = ?, tx_hash = ?, reason = ?, updated_at = ?
		WHERE kind = ? AND location = ? AND status = ? AND 'withdrawal:' || account_id || ':' || instruction_id = ?`,
		WithdrawalSent, hash, reason, now, WithdrawalCrypto, source, from, ref)
	if err != nil {
		return wrap("reopen withdrawal", err)
	}
	moved, err := res.RowsAffected()
	if err != nil {
		return wrap("reopen withdrawal", err)
	}
	if moved == 0 { // not a withdrawal's payment, or its withdrawal is not in that state
		return nil
	}
	// The hold moved with its withdrawal (released with FAILED, captured with COMPLETED).
	res, err = q.ExecContext(ctx, `UPDATE ledger_holds SET state = ?, updated_at = ? WHERE hold_key = ? AND state = ?`,
		holdTo, now, ref, holdFrom)
	if err != nil {
		return wrap("reopen hold", err)
	}
	held, err := res.RowsAffected()
	if err != nil {
		return wrap("reopen hold", err)
	}
	if held != 1 {
		return fmt.Errorf("reopen %s: its hold is not %s: %w", ref, strings.ToLower(holdFrom), ErrConflict)
	}
	return nil
}

// MaxNonce implements chain.Journal.
func (s *conn) MaxNonce(ctx context.Context, source string, sender common.Address) (uint64, bool, error) {
	var n sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT MAX(nonce) FROM tx_journal WHERE source = ? AND sender = ?`, source, addrText(sender)).Scan(&n)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return 0, false, wrap("max nonce", err)
	}
	return uint64(n.Int64), n.Valid, nil
}

func addrText(a common.Address) string {
	if a == (common.Address{}) {
		return ""
	}
	return a.Hex()
}

func bigText(b *big.Int) string {
	if b == nil {
		return ""
	}
	return b.String()
}

func textBig(s string) *big.Int {
	if s == "" {
		return nil
	}
	b, ok := new(big.Int).SetString(s, 10)
	if !ok {
		return nil
	}
	return b
}

// keyText is an order key's column value: "" for none (an event of no order).
func keyText(k common.Hash) string {
	if k == (common.Hash{}) {
		return ""
	}
	return k.Hex()
}

func orderIDValue(id *big.Int) any {
	if id == nil {
		return nil
	}
	return id.Int64()
}

// FeeBumps implements Relays.
func (s *conn) FeeBumps(ctx context.Context, tx common.Hash) ([]common.Hash, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT k.tx_hash FROM tx_journal j JOIN tx_journal k ON k.source = j.source
		AND k.sender = j.sender AND k.nonce = j.nonce AND k.kind = j.kind WHERE j.tx_hash = ? AND k.tx_hash <> j.tx_hash
		ORDER BY k.id DESC`, tx.Hex())
	if err != nil {
		return nil, wrap("fee bumps", err)
	}
	defer rows.Close()
	var out []common.Hash
	for rows.Next() {
		var h string
		if err := rows.Scan(&h); err != nil {
			return nil, wrap("fee bumps", err)
		}
		out = append(out, common.HexToHash(h))
	}
	return out, wrap("fee bumps", rows.Err())
}

// WithdrawalAddress is a withdrawal destination of an account.
type WithdrawalAddress struct {
	ID        string
	AccountID string
	Source    string
	Address   common.Address
	// Status is PENDING or APPROVED.
	Status    string
	CreatedAt time.Time
}

// Withdrawal address statuses.
const (
	AddressPending  = "PENDING"
	AddressApproved = "APPROVED"
)

// AddWithdrawalAddress implements WithdrawalAddresses.
func (s *conn) AddWithdrawalAddress(ctx context.Context, w WithdrawalAddress) error {
	err := s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO withdrawal_addresses (id, account_id, source, address, status, created_at)
			VALUES (?, ?, ?, ?, ?, ?)`, w.ID, w.AccountID, w.Source, w.Address.Hex(), w.Status, w.CreatedAt.UnixMilli()); err != nil {
			return wrap("add withdrawal address", err)
		}
		return outbox.Write(ctx, eventRows{tx}, outbox.Event{Kind: outbox.WithdrawalAddressStatus, Source: w.Source,
			AccountID: w.AccountID, Payload: outbox.WithdrawalAddress{ID: w.ID, Source: w.Source, Address: w.Address, Status: w.Status}})
	})
	if err == nil {
		s.announce()
	}
	return err
}

// ApproveWithdrawalAddress implements WithdrawalAddresses.
func (s *conn) ApproveWithdrawalAddress(ctx context.Context, id string) error {
	err := s.tx(ctx, func(tx queryer) error {
		var w WithdrawalAddress
		var addr string
		if err := tx.QueryRowContext(ctx, `UPDATE withdrawal_addresses SET status = ? WHERE id = ?
			RETURNING account_id, source, address`, AddressApproved, id).Scan(&w.AccountID, &w.Source, &addr); err != nil {
			return wrap("approve withdrawal address", err)
		}
		return outbox.Write(ctx, eventRows{tx}, outbox.Event{Kind: outbox.WithdrawalAddressStatus, Source: w.Source,
			AccountID: w.AccountID, Payload: outbox.WithdrawalAddress{ID: id, Source: w.Source, Address: common.HexToAddress(addr),
				Status: AddressApproved}})
	})
	if err == nil {
		s.announce()
	}
	return err
}

// WithdrawalAddresses implements WithdrawalAddresses.
func (s *conn) WithdrawalAddresses(ctx context.Context, accountID string) ([]WithdrawalAddress, error) {
	rows, err := s.r.QueryContext(ctx, `SELECT id, account_id, source, address, status, created_at FROM withdrawal_addresses
		WHERE ? = '' OR account_id = ? ORDER BY created_at, id`, accountID, accountID)
	if err != nil {
		return nil, wrap("withdrawal addresses", err)
	}
	defer rows.Close()
	var out []WithdrawalAddress
	for rows.Next() {
		var w WithdrawalAddress
		var addr string
		var created int64
		if err := rows.Scan(&w.ID, &w.AccountID, &w.Source, &addr, &w.Status, &created); err != nil {
			return nil, wrap("withdrawal addresses", err)
		}
		w.Address, w.CreatedAt = common.HexToAddress(addr), time.UnixMilli(created)
		out = append(out, w)
	}
	return out, wrap("withdrawal addresses", rows.Err())
}
