package testnet

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// OrderParams are the trader-chosen fields of an order.
type OrderParams struct {
	Sell, Buy    Token
	SellAmount   *big.Int
	MinBuyAmount *big.Int
	// Deadline is a unix time; zero means an hour after the latest block.
	Deadline uint64
	Kind     uint8
}

// PlacedOrder is an order the DTW contract accepted.
type PlacedOrder struct {
	// ID is the order's on-chain id (per trader; see dtw.Event.TraderOrderID).
	ID      *big.Int
	Order   dtw.Order
	Receipt *types.Receipt
}

// Key returns the order's key, what the events that close it name it by.
func (p *PlacedOrder) Key() common.Hash { return dtw.KeyOf(p.ID, p.Order) }

func (c *Chain) deadline(ctx context.Context, p *OrderParams) error {
	if p.Deadline != 0 {
		return nil
	}
	now, err := c.Now(ctx)
	if err != nil {
		return err
	}
	p.Deadline = uint64(now.Unix()) + 3600
	return nil
}

// PlaceOrder places an order from the trader's free balance.
func (c *Chain) PlaceOrder(ctx context.Context, trader Account, p OrderParams) (*PlacedOrder, error) {
	if err := c.deadline(ctx, &p); err != nil {
		return nil, err
	}
	data := dtw.PackPlaceOrder(p.Sell.Address, p.Buy.Address, p.SellAmount, p.MinBuyAmount, p.Deadline, p.Kind)
	return c.placed(c.Transact(ctx, trader, &c.DTW, data, nil))
}

// DepositAndPlaceOrder deposits p.SellAmount (approving first) and places an order for
// what arrived, in one transaction.
func (c *Chain) DepositAndPlaceOrder(ctx context.Context, trader Account, p OrderParams) (*PlacedOrder, error) {
	if err := c.deadline(ctx, &p); err != nil {
		return nil, err
	}
	var value *big.Int
	if p.Sell.Kind == KindNative {
		value = p.SellAmount
	} else if err := c.Approve(ctx, trader, p.Sell, p.SellAmount); err != nil {
		return nil, err
	}
	data := bindings.NewDTW().PackDepositAndPlaceOrder(p.Sell.Address, p.Buy.Address, p.SellAmount, p.MinBuyAmount, p.Deadline, p.Kind)
	return c.placed(c.Transact(ctx, trader, &c.DTW, data, value))
}

// SignOrder returns a gasless order of the trader's and its EIP-712 signature.
func (c *Chain) SignOrder(ctx context.Context, trader Account, p OrderParams, nonce *big.Int) (dtw.SignedOrder, []byte, error) {
	if err := c.deadline(ctx, &p); err != nil {
		return dtw.SignedOrder{}, nil, err
	}
	o := dtw.SignedOrder{
		Trader: trader.Address, SellToken: p.Sell.Address, BuyToken: p.Buy.Address,
		SellAmount: p.SellAmount, MinBuyAmount: p.MinBuyAmount, Deadline: p.Deadline, Kind: p.Kind, Nonce: nonce,
	}
	sig, err := trader.SignTypedData(dtw.OrderTypedData(c.ChainID, c.DTW, o))
	return o, sig, err
}

// RelaySignedOrder sends a signed order from `relayer`.
func (c *Chain) RelaySignedOrder(ctx context.Context, relayer Account, o dtw.SignedOrder, sig []byte) (*PlacedOrder, error) {
	return c.placed(c.Transact(ctx, relayer, &c.DTW, bindings.NewDTW().PackPlaceOrderSigned(o, sig), nil))
}

func (c *Chain) placed(r *types.Receipt, err error) (*PlacedOrder, error) {
	if err != nil {
		return nil, err
	}
	evs := dtw.PlacedOrders(c.DTW, r.Logs)
	if len(evs) != 1 {
		return nil, fmt.Errorf("want one OrderPlaced event in %s, got %d", r.TxHash, len(evs))
	}
	return &PlacedOrder{ID: dtw.OrderIDFromEvent(evs[0]), Order: dtw.OrderFromEvent(evs[0]), Receipt: r}, nil
}

// Settle settles one order from `operator`'s inventory.
func (c *Chain) Settle(ctx context.Context, operator Account, o *PlacedOrder, buyAmount *big.Int) (*types.Receipt, error) {
	return c.Transact(ctx, operator, &c.DTW, bindings.NewDTW().PackSettle(dtw.PackFill(o.ID, o.Order, buyAmount)), nil)
}

// SettleBatch settles several orders in one transaction.
func (c *Chain) SettleBatch(ctx context.Context, operator Account, orders []*PlacedOrder, buyAmounts []*big.Int) (*types.Receipt, error) {
	if len(orders) != len(buyAmounts) {
		return nil, errors.New("settle batch: orders and amounts differ in length")
	}
	fills := make([]bindings.DTWFill, len(orders))
	for i, o := range orders {
		fills[i] = dtw.PackFill(o.ID, o.Order, buyAmounts[i])
	}
	return c.Transact(ctx, operator, &c.DTW, bindings.NewDTW().PackSettleBatch(fills), nil)
}

// Cancel cancels an order as `from` (an operator at any time; anyone after the deadline,
// or once the grace period of the trader's cancel request is over).
func (c *Chain) Cancel(ctx context.Context, from Account, o *PlacedOrder) (*types.Receipt, error) {
	return c.Transact(ctx, from, &c.DTW, bindings.NewDTW().PackCancel(o.ID, o.Order), nil)
}

// CancelBatch cancels several orders in one transaction as `from`.
func (c *Chain) CancelBatch(ctx context.Context, from Account, orders []*PlacedOrder) (*types.Receipt, error) {
	refs := make([]bindings.DTWOrderRef, len(orders))
	for i, o := range orders {
		refs[i] = bindings.DTWOrderRef{OrderId: o.ID, Order: o.Order}
	}
	return c.Transact(ctx, from, &c.DTW, bindings.NewDTW().PackCancelBatch(refs), nil)
}

// RequestCancel sends the trader's cancel request of its order.
func (c *Chain) RequestCancel(ctx context.Context, trader Account, o *PlacedOrder) (*types.Receipt, error) {
	return c.Transact(ctx, trader, &c.DTW, bindings.NewDTW().PackRequestCancel(o.ID, o.Order), nil)
}

// SignCancelRequest returns a gasless cancel request of the trader's order, valid for an
// hour, and its EIP-712 signature.
func (c *Chain) SignCancelRequest(ctx context.Context, trader Account, o *PlacedOrder, nonce *big.Int) (dtw.SignedCancelRequest, []byte, error) {
	now, err := c.Now(ctx)
	if err != nil {
		return dtw.SignedCancelRequest{}, nil, err
	}
	req := dtw.SignedCancelRequest{Trader: trader.Address, OrderId: o.ID, Nonce: nonce, Deadline: uint64(now.Unix()) + 3600}
	sig, err := trader.SignTypedData(dtw.CancelRequestTypedData(c.ChainID, c.DTW, req))
	return req, sig, err
}

// RelayCancelRequest sends a signed cancel request of order o from `relayer`.
func (c *Chain) RelayCancelRequest(ctx context.Context, relayer Account, req dtw.SignedCancelRequest, o *PlacedOrder, sig []byte) (*types.Receipt, error) {
	return c.Transact(ctx, relayer, &c.DTW, bindings.NewDTW().PackRequestCancelSigned(req, o.Order, sig), nil)
}

// Withdraw withdraws from the trader's free balance to `to`.
func (c *Chain) Withdraw(ctx context.Context, trader Account, token Token, amount *big.Int, to Account) (*types.Receipt, error) {
	return c.Transact(ctx, trader, &c.DTW, bindings.NewDTW().PackWithdraw(token.Address, amount, to.Address), nil)
}
