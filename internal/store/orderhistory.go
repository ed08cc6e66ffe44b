package store

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// ChainOrderHistory pages the orders that wallets placed in a chain's DTW contract (GET
// /v3/order-history).
type ChainOrderHistory interface {
	// ChainOrderHistory returns up to q.Limit orders of q.Traders on q.Source whose
	// positions lie strictly between q.After and q.Before: the Limit nearest q.After,
	// oldest first, or with NewestFirst the Limit nearest q.Before, newest first. Each
	// comes with its closing event, its checked return (nil until checked) and the chain's
	// head, as OrderView reads them.
	ChainOrderHistory(ctx context.Context, q ChainOrderQuery) ([]OrderView, error)
}

var _ ChainOrderHistory = (*SQLite)(nil)

// OrderPosition places an order in a chain's order history: by the time of the block
// that placed it, then by the contract's order id.
type OrderPosition struct {
	// BlockTime is the placing block's time, in Unix seconds.
	BlockTime int64
	// OrderID is the DTW contract's order id.
	OrderID int64
}

// Compare orders p and o: -1 when p comes first, 0 when equal, +1 when after.
func (p OrderPosition) Compare(o OrderPosition) int {
	if c := cmp.Compare(p.BlockTime, o.BlockTime); c != 0 {
		return c
	}
	return cmp.Compare(p.OrderID, o.OrderID)
}

// ChainOrderQuery selects a page of a chain's order history.
type ChainOrderQuery struct {
	// Source is the chain.
	Source string
	// Traders are the wallets whose orders are listed; none lists nothing.
	Traders []common.Address
	// After and Before are exclusive bounds; nil for none.
	After, Before *OrderPosition
	// NewestFirst reads from the Before end, newest first.
	NewestFirst bool
	// Limit is the most orders returned.
	Limit int
}

// orderHistoryColumns are a placed order's columns (p), its closing event's (c, zero when
// open), its checked return's (r) and its chain's head (h).
var orderHistoryColumns = prefixColumns("p", eventColumns) + `,
	c.order_id IS NOT NULL, COALESCE(c.block_number, 0), COALESCE(c.log_index, 0), COALESCE(c.block_hash, ''),
	COALESCE(c.block_time, 0), COALESCE(c.tx_hash, ''), COALESCE(c.kind, ''), COALESCE(c.buy_amount, ''), COALESCE(c.closer, ''),
	r.order_id IS NOT NULL, COALESCE(r.status, ''), COALESCE(r.tx_hash, ''), COALESCE(r.block_number, 0),
	COALESCE(r.buy_amount, ''), COALESCE(r.verified_at, 0),
	COALESCE(h.head, 0), COALESCE(h.synced, 0), COALESCE(h.updated_at, 0)`

// orderHistoryFrom reads one trader's placed orders between two exclusive positions
// through chain_events_trader_orders, already in (block_time, order_id) order, with what
// their status needs.
const orderHistoryFrom = ` FROM chain_events p
	LEFT JOIN chain_events c ON c.source = p.source AND c.order_id = p.order_id AND c.kind IN (?, ?)
	LEFT JOIN order_returns r ON r.source = p.source AND r.order_id = p.order_id
	LEFT JOIN settler_heads h ON h.source = p.source
	WHERE p.source = ? AND p.trader = ? AND p.kind = ?
	AND (p.block_time, p.order_id) > (?, ?) AND (p.block_time, p.order_id) < (?, ?)`

// Hot-path queries of the order history, one per direction (the index test checks them).
var (
	orderHistoryOldestSQL = `SELECT ` + orderHistoryColumns + orderHistoryFrom + ` ORDER BY p.block_time, p.order_id LIMIT ?`
	orderHistoryNewestSQL = `SELECT ` + orderHistoryColumns + orderHistoryFrom + ` ORDER BY p.block_time DESC, p.order_id DESC LIMIT ?`
)

// ChainOrderHistory implements ChainOrderHistory: one bounded index range per trader,
// merged.
func (s *conn) ChainOrderHistory(ctx context.Context, q ChainOrderQuery) ([]OrderView, error) {
	if q.Limit <= 0 {
		return []OrderView{}, nil
	}
	lo, hi := OrderPosition{math.MinInt64, math.MinInt64}, OrderPosition{math.MaxInt64, math.MaxInt64}
	if q.After != nil {
		lo = *q.After
	}
	if q.Before != nil {
		hi = *q.Before
	}
	query := orderHistoryOldestSQL
	if q.NewestFirst {
		query = orderHistoryNewestSQL
	}
	out := []OrderView{}
	seen := map[common.Address]bool{}
	for _, t := range q.Traders {
		if seen[t] {
			continue
		}
		seen[t] = true
		views, err := queryAll(ctx, s.r, "order history", func(r scanner) (OrderView, error) { return scanHistoryOrder(r, q.Source) },
			query, dtw.EventOrderSettled, dtw.EventOrderCancelled, q.Source, addrText(t), dtw.EventOrderPlaced,
			lo.BlockTime, lo.OrderID, hi.BlockTime, hi.OrderID, q.Limit)
		if err != nil {
			return nil, err
		}
		out = append(out, views...)
	}
	slices.SortFunc(out, func(a, b OrderView) int {
		c := historyPosition(a).Compare(historyPosition(b))
		if q.NewestFirst {
			return -c
		}
		return c
	})
	return out[:min(len(out), q.Limit)], nil
}

// historyPosition is where an order lies in its chain's order history.
func historyPosition(v OrderView) OrderPosition {
	return OrderPosition{BlockTime: int64(v.Order.Placed.BlockTime), OrderID: v.Order.Placed.OrderID.Int64()}
}

// scanHistoryOrder scans a row of orderHistoryColumns.
func scanHistoryOrder(r scanner, source string) (OrderView, error) {
	var (
		closed                                           dtw.Event
		hasClose, hasReturn                              bool
		closeHash, closeTx, closeKind, closeBuy, closeBy string
		ret                                              = OrderReturn{Source: source}
		retTx, retBuy                                    string
		retAt, headAt                                    int64
		head                                             = SettlerHead{Source: source}
	)
	x := extraScanner{r: r, extra: []any{
		&hasClose, &closed.BlockNumber, &closed.LogIndex, &closeHash, &closed.BlockTime, &closeTx, &closeKind, &closeBuy, &closeBy,
		&hasReturn, &ret.Status, &retTx, &ret.BlockNumber, &retBuy, &retAt,
		&head.Head, &head.Synced, &headAt,
	}}
	placed, err := scanEvent(x)
	if err != nil {
		return OrderView{}, err
	}
	v := OrderView{Order: ChainOrder{Placed: placed}, Head: head}
	if headAt != 0 {
		v.Head.UpdatedAt = time.UnixMilli(headAt)
	}
	if hasClose {
		closed.BlockHash, closed.TxHash, closed.Kind = common.HexToHash(closeHash), common.HexToHash(closeTx), dtw.EventKind(closeKind)
		closed.Trader, closed.OrderID, closed.BuyAmount, closed.Closer = placed.Trader, placed.OrderID, textBig(closeBuy), common.HexToAddress(closeBy)
		v.Order.Closed = &closed
	}
	if hasReturn {
		ret.OrderID = placed.OrderID.Uint64()
		ret.TxHash, ret.BuyAmount, ret.VerifiedAt = common.HexToHash(retTx), textBig(retBuy), time.UnixMilli(retAt)
		v.Return = &ret
	}
	return v, nil
}
