package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/shopspring/decimal"
)

// OFFCHAIN order kinds and types. Statuses are those of on-chain orders: OrderOpen (a
// limit order resting, its funds held), OrderSettled (filled, its trade in the ledger),
// OrderCancelled (closed unfilled, its hold released).
const (
	OrderKindSwap = "SWAP"
	OrderKindRFQ  = "RFQ"

	OrderTypeMarket = "MARKET"
	OrderTypeLimit  = "LIMIT"
)

// OffchainOrder is a swap or an RFQ trade on the OFFCHAIN venue.
type OffchainOrder struct {
	// ID is the order's orderId, given by the store.
	ID            int64
	AccountID     string
	Kind          string
	InstructionID string
	OrderType     string
	SellingAsset  string
	BuyingAsset   string
	AmountToSell  decimal.Decimal
	// LimitAmountToReceive is a limit order's least amount to receive; zero for market.
	LimitAmountToReceive decimal.Decimal
	QuantitySold         decimal.Decimal
	QuantityBought       decimal.Decimal
	// Price is buying per selling after commission; zero before the fill.
	Price decimal.Decimal
	// Commission is in the buying asset.
	Commission  decimal.Decimal
	Status      string
	Reason      string
	RequestHash string
	// ExpiresAt is when a limit order is cancelled unfilled; zero for market orders.
	ExpiresAt time.Time
	CreatedAt time.Time
	UpdatedAt time.Time
}

// HoldKey is the ledger hold of a resting limit order's funds.
func (o OffchainOrder) HoldKey() string { return "order:" + o.AccountID + ":" + o.InstructionID }

// RFQQuote is a firm quote: amountToSell for amountToBuy, until ExpiresAt.
type RFQQuote struct {
	AccountID     string
	InstructionID string
	SellingAsset  string
	BuyingAsset   string
	AmountToBuy   decimal.Decimal
	AmountToSell  decimal.Decimal
	// Price is buying per selling, inclusive of commission.
	Price decimal.Decimal
	// Commission is in the buying asset.
	Commission  decimal.Decimal
	RequestHash string
	CreatedAt   time.Time
	ExpiresAt   time.Time
	// ActionedAt is when it was filled (zero before); OrderID the order that filled it.
	ActionedAt time.Time
	OrderID    int64
}

// OrderCursor is a position in an account's OFFCHAIN order history: placement time and id.
type OrderCursor struct {
	CreatedAt time.Time
	ID        int64
}

// OrderHistoryQuery pages an account's OFFCHAIN orders by (created_at, id).
type OrderHistoryQuery struct {
	AccountID string
	// Start and End bound created_at (inclusive, exclusive); zero for none.
	Start, End time.Time
	// After and Before bound the key, exclusively; at most one is set.
	After, Before *OrderCursor
	// Desc returns the orders in descending key order.
	Desc  bool
	Limit int
}

// Trading owns OFFCHAIN orders and RFQ quotes. Fills run inside InTx with their ledger
// entry.
type Trading interface {
	// CreateOffchainOrder inserts an order and returns its id; ErrConflict when the
	// account used the kind's instructionId before (the transaction stays usable: read
	// that order).
	CreateOffchainOrder(ctx context.Context, o OffchainOrder) (int64, error)
	// OffchainOrder returns an account's order by kind and instructionId, or ErrNotFound.
	OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (OffchainOrder, error)
	// TraderReads reads, in one statement, an account's row, settings, commission
	// settings on source and active introducer, the balances of book, and the id of its
	// order of kind and instructionID (0 without one); ErrNotFound without the account.
	TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (TraderReads, error)
	// TraderReadsLocking is TraderReads that, in a unit of work on PostgreSQL, also takes
	// what a trade of the account decides on, in the same statement: the account's book
	// (as LockLedgerBooks, whose read LedgerBook then answers), its receipt head (as
	// ReceiptHead, which then answers it) and the first free house shard of claim (as
	// TryLockHouseShardBalance, which then answers it and the busy shards before it). An
	// account with an active introducer gets TraderReads alone: its trade locks two
	// books together.
	TraderReadsLocking(ctx context.Context, accountID, source, book, kind, instructionID string, claim HouseClaim) (TraderReads, error)
	// SingleWriter reports whether the store has one writer whose transactions run one
	// after another (SQLite): a read a unit of work can make before its transaction then
	// shortens every unit's wait, where on PostgreSQL it would be a commit of its own.
	SingleWriter() bool
	// OffchainOrderByID returns an account's order by id, or ErrNotFound.
	OffchainOrderByID(ctx context.Context, accountID string, id int64) (OffchainOrder, error)
	// OpenLimitOrders returns up to limit OPEN orders with an id above afterID, by id.
	OpenLimitOrders(ctx context.Context, afterID int64, limit int) ([]OffchainOrder, error)
	// FillOffchainOrder records an OPEN order's fill (SETTLED); ErrNotFound when it is not
	// OPEN.
	FillOffchainOrder(ctx context.Context, id int64, sold, bought, price, commission decimal.Decimal, at time.Time) error
	// CancelOffchainOrder closes an OPEN order unfilled (CANCELLED) with a reason;
	// ErrNotFound when it is not OPEN.
	CancelOffchainOrder(ctx context.Context, id int64, reason string, at time.Time) error
	// OffchainOrderHistory pages an account's orders.
	OffchainOrderHistory(ctx context.Context, q OrderHistoryQuery) ([]OffchainOrder, error)
	// CreateQuote inserts a quote; ErrConflict when the account used the instructionId.
	CreateQuote(ctx context.Context, q RFQQuote) error
	// Quote returns an account's quote, or ErrNotFound.
	Quote(ctx context.Context, accountID, instructionID string) (RFQQuote, error)
	// ActionQuote marks a quote actioned by the order orderID; ErrConflict when it was
	// actioned already (by this or another process).
	ActionQuote(ctx context.Context, accountID, instructionID string, orderID int64, at time.Time) error
}

var _ Trading = (*SQLite)(nil)

const offchainOrderColumns = `id, account_id, kind, instruction_id, order_type, selling_asset, buying_asset, amount_to_sell,
	limit_amount_to_receive, quantity_sold, quantity_bought, price, commission, status, reason, request_hash, expires_at,
	created_at, updated_at`

func decimalText(d decimal.Decimal) string {
	if d.IsZero() {
		return "0"
	}
	return d.String()
}

func parseDecimals(out []*decimal.Decimal, texts ...string) error {
	for i, t := range texts {
		if t == "" {
			*out[i] = decimal.Zero
			continue
		}
		d, err := decimal.NewFromString(t)
		if err != nil {
			return err
		}
		*out[i] = d
	}
	return nil
}

func scanOffchainOrder(r scanner) (OffchainOrder, error) {
	var (
		o                                              OffchainOrder
		amount, limit, sold, bought, price, commission string
		expires, created, updated                      int64
	)
	if err := r.Scan(&o.ID, &o.AccountID, &o.Kind, &o.InstructionID, &o.OrderType, &o.SellingAsset, &o.BuyingAsset, &amount, &limit,
		&sold, &bought, &price, &commission, &o.Status, &o.Reason, &o.RequestHash, &expires, &created, &updated); err != nil {
		return o, err
	}
	if expires != 0 {
		o.ExpiresAt = time.UnixMilli(expires)
	}
	o.CreatedAt, o.UpdatedAt = time.UnixMilli(created), time.UnixMilli(updated)
	return o, parseDecimals([]*decimal.Decimal{&o.AmountToSell, &o.LimitAmountToReceive, &o.QuantitySold, &o.QuantityBought, &o.Price, &o.Commission},
		amount, limit, sold, bought, price, commission)
}

func millisOrZero(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

// orderInsert inserts an order (orderArgs) unless its account has one of its kind and
// instructionId, and returns its id.
var orderInsert = `INSERT INTO offchain_orders (` + orderColumns + `) VALUES (` + repeatList("?", 18) + `)
	ON CONFLICT (account_id, kind, instruction_id) DO NOTHING RETURNING id`

// orderArgs are the values of orderColumns for o.
func orderArgs(o OffchainOrder) []any {
	limit := ""
	if !o.LimitAmountToReceive.IsZero() {
		limit = o.LimitAmountToReceive.String()
	}
	price := ""
	if !o.Price.IsZero() {
		price = o.Price.String()
	}
	return []any{o.AccountID, o.Kind, o.InstructionID, o.OrderType, o.SellingAsset, o.BuyingAsset, o.AmountToSell.String(), limit,
		decimalText(o.QuantitySold), decimalText(o.QuantityBought), price, decimalText(o.Commission), o.Status, o.Reason,
		o.RequestHash, millisOrZero(o.ExpiresAt), o.CreatedAt.UnixMilli(), o.CreatedAt.UnixMilli()}
}

// CreateOffchainOrder implements Trading.
func (s *conn) CreateOffchainOrder(ctx context.Context, o OffchainOrder) (int64, error) {
	if st, l := s.stash(), s.swapLocks; st != nil && l != nil && l.orderID != 0 && l.account == o.AccountID {
		// A swap's order, its id taken with its reads: inserted by the entry's statement
		// (postgres_stash.go).
		id := l.orderID
		l.orderID = 0
		st.order = &stashedOrder{args: append([]any{id}, orderArgs(o)...)}
		return id, nil
	}
	// DO NOTHING instead of a unique violation: a caller may go on in its transaction after
	// ErrConflict (to read the order that exists), which PostgreSQL allows only after a
	// statement that did not fail.
	var id int64
	err := s.q.QueryRowContext(ctx, orderInsert, orderArgs(o)...).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, fmt.Errorf("create offchain order: %w", ErrConflict)
	}
	return id, wrap("create offchain order", err)
}

// OffchainOrder implements Trading.
func (s *conn) OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (OffchainOrder, error) {
	o, err := scanOffchainOrder(s.r.QueryRowContext(ctx, `SELECT `+offchainOrderColumns+` FROM offchain_orders
		WHERE account_id = ? AND kind = ? AND instruction_id = ?`, accountID, kind, instructionID))
	return o, wrap("offchain order", err)
}

// OffchainOrderByID implements Trading.
func (s *conn) OffchainOrderByID(ctx context.Context, accountID string, id int64) (OffchainOrder, error) {
	o, err := scanOffchainOrder(s.r.QueryRowContext(ctx, `SELECT `+offchainOrderColumns+` FROM offchain_orders
		WHERE id = ? AND account_id = ?`, id, accountID))
	return o, wrap("offchain order", err)
}

// OpenLimitOrders implements Trading.
func (s *conn) OpenLimitOrders(ctx context.Context, afterID int64, limit int) ([]OffchainOrder, error) {
	return queryAll(ctx, s.r, "open limit orders", scanOffchainOrder, `SELECT `+offchainOrderColumns+` FROM offchain_orders
		WHERE status = 'OPEN' AND id > ? ORDER BY id LIMIT ?`, afterID, limit)
}

// FillOffchainOrder implements Trading.
func (s *conn) FillOffchainOrder(ctx context.Context, id int64, sold, bought, price, commission decimal.Decimal, at time.Time) error {
	return wrapAffected("fill offchain order")(s.q.ExecContext(ctx, `UPDATE offchain_orders SET status = 'SETTLED', quantity_sold = ?,
		quantity_bought = ?, price = ?, commission = ?, updated_at = ? WHERE id = ? AND status = 'OPEN'`,
		decimalText(sold), decimalText(bought), price.String(), decimalText(commission), at.UnixMilli(), id))
}

// CancelOffchainOrder implements Trading.
func (s *conn) CancelOffchainOrder(ctx context.Context, id int64, reason string, at time.Time) error {
	return wrapAffected("cancel offchain order")(s.q.ExecContext(ctx, `UPDATE offchain_orders SET status = 'CANCELLED', reason = ?,
		updated_at = ? WHERE id = ? AND status = 'OPEN'`, reason, at.UnixMilli(), id))
}

// OffchainOrderHistory implements Trading.
func (s *conn) OffchainOrderHistory(ctx context.Context, q OrderHistoryQuery) ([]OffchainOrder, error) {
	query := `SELECT ` + offchainOrderColumns + ` FROM offchain_orders WHERE account_id = ?`
	query, args := createdWithin(query, []any{q.AccountID}, q.Start, q.End)
	if c := q.After; c != nil {
		query += ` AND (created_at > ? OR (created_at = ? AND id > ?))`
		args = append(args, c.CreatedAt.UnixMilli(), c.CreatedAt.UnixMilli(), c.ID)
	}
	if c := q.Before; c != nil {
		query += ` AND (created_at < ? OR (created_at = ? AND id < ?))`
		args = append(args, c.CreatedAt.UnixMilli(), c.CreatedAt.UnixMilli(), c.ID)
	}
	if q.Desc {
		query += ` ORDER BY created_at DESC, id DESC`
	} else {
		query += ` ORDER BY created_at, id`
	}
	query += ` LIMIT ?`
	args = append(args, max(q.Limit, 1))
	return queryAll(ctx, s.r, "offchain order history", scanOffchainOrder, query, args...)
}

const quoteColumns = `account_id, instruction_id, selling_asset, buying_asset, amount_to_buy, amount_to_sell, price, commission,
	request_hash, created_at, expires_at, actioned_at, order_id`

// CreateQuote implements Trading.
func (s *conn) CreateQuote(ctx context.Context, q RFQQuote) error {
	_, err := s.q.ExecContext(ctx, `INSERT INTO rfq_quotes (`+quoteColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, 0)`,
		q.AccountID, q.InstructionID, q.SellingAsset, q.BuyingAsset, q.AmountToBuy.String(), q.AmountToSell.String(), q.Price.String(),
		decimalText(q.Commission), q.RequestHash, q.CreatedAt.UnixMilli(), q.ExpiresAt.UnixMilli())
	return wrap("create quote", err)
}

// Quote implements Trading.
func (s *conn) Quote(ctx context.Context, accountID, instructionID string) (RFQQuote, error) {
	var (
		q                            RFQQuote
		buy, sell, price, commission string
		created, expires, actioned   int64
	)
	err := s.r.QueryRowContext(ctx, `SELECT `+quoteColumns+` FROM rfq_quotes WHERE account_id = ? AND instruction_id = ?`,
		accountID, instructionID).Scan(&q.AccountID, &q.InstructionID, &q.SellingAsset, &q.BuyingAsset, &buy, &sell, &price,
		&commission, &q.RequestHash, &created, &expires, &actioned, &q.OrderID)
	if err != nil {
		return q, wrap("quote", err)
	}
	q.CreatedAt, q.ExpiresAt = time.UnixMilli(created), time.UnixMilli(expires)
	if actioned != 0 {
		q.ActionedAt = time.UnixMilli(actioned)
	}
	return q, wrap("quote", parseDecimals([]*decimal.Decimal{&q.AmountToBuy, &q.AmountToSell, &q.Price, &q.Commission}, buy, sell, price, commission))
}

// ActionQuote implements Trading.
func (s *conn) ActionQuote(ctx context.Context, accountID, instructionID string, orderID int64, at time.Time) error {
	res, err := s.q.ExecContext(ctx, `UPDATE rfq_quotes SET actioned_at = ?, order_id = ? WHERE account_id = ? AND instruction_id = ?
		AND actioned_at = 0`, at.UnixMilli(), orderID, accountID, instructionID)
	if err != nil {
		return wrap("action quote", err)
	}
	if n, err := res.RowsAffected(); err != nil || n == 0 {
		return wrap("action quote", ErrConflict)
	}
	return nil
}
