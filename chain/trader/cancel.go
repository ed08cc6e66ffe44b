package trader

import (
	"context"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// RequestCancel asks, directly on-chain, to cancel the trader's open order: an operator
// may still settle it for dtw.CancelGrace, then anyone may cancel it (CancelOrder), the
// sell amount returning to the trader's free balance. The gateway honours a request at
// once. The contract refuses a second request of the order.
func (t *Trader) RequestCancel(ctx context.Context, o *PlacedOrder) (*types.Receipt, error) {
	return t.transact(ctx, fmt.Sprintf("request cancel of order %s", o.ID), t.src.DTW, contract.PackRequestCancel(o.ID, o.Order), nil)
}

// CancelAfter reads, from the trader's own RPC, when the grace period of an open order's
// cancel request ends: after it anyone may cancel the order. ok is false when no cancel
// was requested (or the order is closed).
func (t *Trader) CancelAfter(ctx context.Context, o *PlacedOrder) (after time.Time, ok bool, err error) {
	out, err := t.call(ctx, t.src.DTW, contract.PackCancelAfter(o.Key().Big()))
	if err != nil {
		return time.Time{}, false, fmt.Errorf("cancel request of order %s: %w", o.ID, err)
	}
	unix, err := contract.UnpackCancelAfter(out)
	if err != nil || unix == 0 {
		return time.Time{}, false, err
	}
	return time.Unix(int64(unix), 0), true, nil
}

// SignedCancelRequest is a gasless cancel request: what the trader signed, the
// signature, and the body of POST /v2/order-cancel-requests.
type SignedCancelRequest struct {
	CancelRequest dtw.SignedCancelRequest
	Signature     []byte
	Request       api.SignedCancelRequest
}

// SignCancelRequest signs a gasless request to cancel the trader's order orderID (its
// on-chain id, PlacedOrder.ID: a trader's first direct order is 0) as
// EIP-712 typed data, valid for Options.OrderTTL; nonce nil picks NewNonce. Nothing is
// sent: submit Request with client.SubmitCancelRequest, or relay it from any account
// (requestCancelSigned, with the order).
func (t *Trader) SignCancelRequest(ctx context.Context, orderID, nonce *big.Int) (*SignedCancelRequest, error) {
	if orderID == nil || orderID.Sign() < 0 {
		return nil, fmt.Errorf("sign cancel request: order id %v is not a non-negative integer", orderID)
	}
	deadline, nonce, err := t.signedFields(ctx, time.Time{}, nonce)
	if err != nil {
		return nil, err
	}
	c := dtw.SignedCancelRequest{Trader: t.Address(), OrderId: orderID, Nonce: nonce, Deadline: deadline}
	sig, err := t.signer.SignTypedData(ctx, dtw.CancelRequestTypedData(t.chainID, t.src.DTW, c))
	if err != nil {
		return nil, fmt.Errorf("sign cancel request: %w", err)
	}
	return &SignedCancelRequest{CancelRequest: c, Signature: sig, Request: api.SignedCancelRequest{
		Source: t.src.Name, Trader: c.Trader.Hex(), OrderID: orderID.String(), Nonce: nonce.String(),
		Deadline: strconv.FormatUint(deadline, 10), Signature: hexutil.Encode(sig),
	}}, nil
}
