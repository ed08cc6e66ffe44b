package trader

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// ErrOrderNotFound means a transaction placed no such order of the configured DTW
// contract.
var ErrOrderNotFound = errors.New("order not found in transaction")

// OrderParams are the trader's choices for an order.
type OrderParams struct {
	// Sell and Buy are the assets, from the trader's configuration.
	Sell, Buy chain.Asset
	// SellAmount is locked from the free balance, in Sell's base units.
	SellAmount *big.Int
	// MinBuyAmount is the least accepted, in Buy's base units.
	MinBuyAmount *big.Int
	// Deadline is when the order lapses; zero means Options.OrderTTL after the latest
	// block.
	Deadline time.Time
	// Kind is dtw.KindMarket (the zero value) or dtw.KindLimit.
	Kind uint8
}

// PlacedOrder is an order the DTW contract accepted.
type PlacedOrder struct {
	// ID is the order's on-chain id: counted per trader and sell token for an order placed
	// directly, 1<<62 | nonce for a relayed one (the gateway shows an id of its own).
	ID *big.Int
	// Order is the order as settle and cancel take it.
	Order dtw.Order
	// Tx is the transaction that placed it: the order's instructionId.
	Tx common.Hash
	// Receipt is that transaction's receipt.
	Receipt *types.Receipt
}

// Key returns the order's key (dtw.KeyOf), what the events that close it name it by.
func (p *PlacedOrder) Key() common.Hash { return dtw.KeyOf(p.ID, p.Order) }

// check validates p and fills its deadline.
func (t *Trader) check(ctx context.Context, p *OrderParams) error {
	if err := positive(p.SellAmount); err != nil {
		return fmt.Errorf("sell amount: %w", err)
	}
	if err := positive(p.MinBuyAmount); err != nil {
		return fmt.Errorf("minimum buy amount: %w", err)
	}
	if p.Sell.Address == p.Buy.Address {
		return fmt.Errorf("sell and buy asset are the same (%s)", p.Sell.ID)
	}
	if p.Kind != dtw.KindMarket && p.Kind != dtw.KindLimit {
		return fmt.Errorf("order kind %d: use dtw.KindMarket or dtw.KindLimit", p.Kind)
	}
	if p.Deadline.IsZero() {
		now, err := t.headTime(ctx)
		if err != nil {
			return err
		}
		p.Deadline = now.Add(t.opts.OrderTTL)
	}
	return nil
}

// PlaceOrder places an order from the trader's free balance directly on-chain.
func (t *Trader) PlaceOrder(ctx context.Context, p OrderParams) (*PlacedOrder, error) {
	if err := t.check(ctx, &p); err != nil {
		return nil, fmt.Errorf("place order: %w", err)
	}
	data := dtw.PackPlaceOrder(p.Sell.Address, p.Buy.Address, p.SellAmount, p.MinBuyAmount, uint64(p.Deadline.Unix()), p.Kind)
	r, err := t.transact(ctx, "place order", t.src.DTW, data, nil)
	if err != nil {
		return nil, err
	}
	return t.placed(r)
}

// DepositAndPlaceOrder deposits p.SellAmount (approving first if needed; sending value for
// native ETH) and places an order for what arrived, in one transaction.
func (t *Trader) DepositAndPlaceOrder(ctx context.Context, p OrderParams) (*PlacedOrder, error) {
	if err := t.check(ctx, &p); err != nil {
		return nil, fmt.Errorf("deposit and place order: %w", err)
	}
	var value *big.Int
	if isNative(p.Sell) {
		value = p.SellAmount
	} else if err := t.ensureAllowance(ctx, p.Sell, p.SellAmount); err != nil {
		return nil, err
	}
	data := contract.PackDepositAndPlaceOrder(p.Sell.Address, p.Buy.Address, p.SellAmount, p.MinBuyAmount, uint64(p.Deadline.Unix()), p.Kind)
	r, err := t.transact(ctx, "deposit and place order", t.src.DTW, data, value)
	if err != nil {
		return nil, err
	}
	return t.placed(r)
}

func (t *Trader) placed(r *types.Receipt) (*PlacedOrder, error) {
	orders := placedOrders(t.src.DTW, r)
	if len(orders) != 1 {
		return nil, fmt.Errorf("%w: %s placed %d orders of %s, want 1", ErrOrderNotFound, r.TxHash, len(orders), t.src.DTW)
	}
	return orders[0], nil
}

func placedOrders(dtwAddr common.Address, r *types.Receipt) []*PlacedOrder {
	var out []*PlacedOrder
	for _, ev := range dtw.PlacedOrders(dtwAddr, r.Logs) {
		out = append(out, &PlacedOrder{ID: dtw.OrderIDFromEvent(ev), Order: dtw.OrderFromEvent(ev), Tx: r.TxHash, Receipt: r})
	}
	return out
}

// FindOrder reads the order a transaction placed from the trader's own RPC: the
// OrderPlaced event of the configured DTW contract with that id, or the only one when
// orderID is nil.
func (t *Trader) FindOrder(ctx context.Context, tx common.Hash, orderID *big.Int) (*PlacedOrder, error) {
	r, err := t.backend.TransactionReceipt(ctx, tx)
	if errors.Is(err, ethereum.NotFound) {
		return nil, fmt.Errorf("%w: no receipt for %s on %s", ErrOrderNotFound, tx, t.src.Name)
	}
	if err != nil {
		return nil, fmt.Errorf("receipt of %s: %w", tx, err)
	}
	orders := placedOrders(t.src.DTW, r)
	if orderID == nil {
		if len(orders) != 1 {
			return nil, fmt.Errorf("%w: %s placed %d orders of %s; name the order id", ErrOrderNotFound, tx, len(orders), t.src.DTW)
		}
		return orders[0], nil
	}
	for _, o := range orders {
		if o.ID.Cmp(orderID) == 0 {
			return o, nil
		}
	}
	return nil, fmt.Errorf("%w: %s placed no order %s of %s", ErrOrderNotFound, tx, orderID, t.src.DTW)
}

// FindOrderByID finds an order of the trader's on the configured DTW contract by its
// on-chain id alone: the trader's OrderPlaced events with that id in the trader's own
// RPC's logs, from the source's StartBlock on, read back from the placing transaction as
// FindOrder does. The contract counts direct orders per sell token: of several orders
// with the id, the one still open is found; with several open, name the placing
// transaction (FindOrder). An order the RPC does not show is ErrOrderNotFound.
func (t *Trader) FindOrderByID(ctx context.Context, orderID *big.Int) (*PlacedOrder, error) {
	if orderID == nil || orderID.Sign() < 0 {
		return nil, fmt.Errorf("find order: order id %v is not a non-negative integer", orderID)
	}
	logs, err := t.backend.FilterLogs(ctx, ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(t.src.StartBlock), Addresses: []common.Address{t.src.DTW},
		Topics: [][]common.Hash{{orderPlacedTopic}, {common.BytesToHash(t.Address().Bytes())}},
	})
	if err != nil {
		return nil, fmt.Errorf("find order %s: %w", orderID, err)
	}
	var found []*PlacedOrder
	for _, l := range logs {
		ev, ok := dtw.DecodeLog(t.src.DTW, &l)
		if l.Removed || !ok || ev.TraderOrderID.Cmp(orderID) != 0 {
			continue
		}
		found = append(found, &PlacedOrder{ID: ev.TraderOrderID, Order: ev.Order(), Tx: l.TxHash})
	}
	if len(found) == 0 {
		return nil, fmt.Errorf("%w: no OrderPlaced event of order %s of %s from the DTW contract %s of %s since block %d",
			ErrOrderNotFound, orderID, t.Address().Hex(), t.src.DTW.Hex(), t.src.Name, t.src.StartBlock)
	}
	if len(found) > 1 {
		var open []*PlacedOrder
		for _, o := range found {
			h, err := t.call(ctx, t.src.DTW, contract.PackOrderHash(o.Key().Big()))
			if err != nil {
				return nil, fmt.Errorf("find order %s: %w", orderID, err)
			}
			if new(big.Int).SetBytes(h).Cmp(big.NewInt(1)) > 0 { // 0: none, 1: closed
				open = append(open, o)
			}
		}
		if len(open) != 1 {
			return nil, fmt.Errorf("%w: %d orders of %s have on-chain id %s (one per sell token), %d of them open: name the placing transaction",
				ErrOrderNotFound, len(found), t.Address().Hex(), orderID, len(open))
		}
		found = open
	}
	return t.FindOrder(ctx, found[0].Tx, orderID)
}

// orderPlacedTopic is the topic 0 of OrderPlaced.
var orderPlacedTopic = dtw.EventTopics[2]

// CancelExpired cancels an order after its deadline, directly on-chain: the escape hatch
// that needs no gateway. The order's fields come from the OrderPlaced event of the
// placing transaction tx (its instructionId) on the trader's own RPC; orderID may be nil
// when tx placed one order. The sell amount returns to the trader's free balance. Before
// the deadline the contract refuses with DeadlineNotPassed.
func (t *Trader) CancelExpired(ctx context.Context, tx common.Hash, orderID *big.Int) (*types.Receipt, error) {
	o, err := t.FindOrder(ctx, tx, orderID)
	if err != nil {
		return nil, fmt.Errorf("cancel expired order: %w", err)
	}
	return t.CancelOrder(ctx, o)
}

// CancelOrder sends cancel for a placed order. The trader (or anyone) may cancel after
// the deadline, or once the grace period of the trader's cancel request (RequestCancel) is
// over; an operator at any time.
func (t *Trader) CancelOrder(ctx context.Context, o *PlacedOrder) (*types.Receipt, error) {
	return t.transact(ctx, fmt.Sprintf("cancel order %s", o.ID), t.src.DTW, contract.PackCancel(o.ID, o.Order), nil)
}
