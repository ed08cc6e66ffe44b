package onchain

import (
	"context"
	"fmt"
	"math/big"
	"strconv"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Relay kinds of the trader's exits, in the journal and the relays table.
const (
	RelayCancelRequest     = "relay-cancel-request"
	RelayNonceInvalidation = "relay-nonce-invalidation"
)

// maxUint256 bounds the numbers of a nonce invalidation.
var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// CheckCancelRequest checks a cancel request has every field: SubmitCancelRequest checks
// it first, a tool before it asks its user to confirm.
func CheckCancelRequest(req api.SignedCancelRequest) error {
	return errs.Required("source", req.Source, "trader", req.Trader, "orderId", req.OrderID, "nonce", req.Nonce,
		"deadline", req.Deadline, "signature", req.Signature)
}

// SubmitCancelRequest relays a trader's signed request to cancel one of its open orders.
// The settler honours it (cancels the order) as soon as it sees it confirmed; the order's
// status then reports CANCELLED with the return transaction.
func (s *Service) SubmitCancelRequest(ctx context.Context, accountID string, wallets []common.Address, req api.SignedCancelRequest) (api.SubmitResponse, error) {
	if err := CheckCancelRequest(req); err != nil {
		return api.SubmitResponse{}, err
	}
	c, trader, err := s.chainAndTrader(req.Source, req.Trader, wallets)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	// The on-chain id the trader signed (dtw order status shows it as onchainOrderId).
	id, err := strconv.ParseUint(req.OrderID, 10, 63)
	if err != nil {
		return api.SubmitResponse{}, invalid("orderId %q is not the order's on-chain id (an integer below 2^63)", echo.Value(req.OrderID))
	}
	o, err := s.cancelTarget(ctx, c.Source.Name, trader, id)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	signed, err := parseSigned(req.Deadline, req.Nonce, req.Signature)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	cr := dtw.SignedCancelRequest{Trader: trader, OrderId: new(big.Int).SetUint64(id), Nonce: signed.nonce, Deadline: signed.deadline}
	rr := relayRequest{kind: RelayCancelRequest, accountID: accountID, wallets: wallets, trader: trader, nonce: signed.nonce,
		orderID: o.Placed.OrderID.String(), data: bindings.NewDTW().PackRequestCancelSigned(cr, o.Placed.Order(), signed.sig)}
	td := dtw.CancelRequestTypedData(new(big.Int).SetUint64(c.Source.ChainID), c.Source.DTW, cr)
	if o.Closed != nil {
		// Only the identical request, relayed before, is answered (with the order's status).
		if _, err := s.store.RelayByNonce(ctx, c.Source.Name, trader, signed.nonce.String()); err != nil {
			return api.SubmitResponse{}, invalid("order %s (on-chain id %d) is already closed (%s)", o.Placed.OrderID, id, o.Closed.Kind)
		}
	}
	return s.checkAndRelay(ctx, c, rr, td, signed.sig)
}

// cancelTarget returns trader's order whose on-chain id is id. The contract counts a
// trader's direct orders per sell token, and a cancel request signs the id alone: of
// several orders with that id, the one still open is meant; with several open, the
// request cannot name one (the trader requests it on-chain instead, with the order).
func (s *Service) cancelTarget(ctx context.Context, source string, trader common.Address, id uint64) (store.ChainOrder, error) {
	orders, err := s.store.OrdersByTraderID(ctx, source, trader, id)
	if err != nil {
		return store.ChainOrder{}, err
	}
	if len(orders) == 0 {
		return store.ChainOrder{}, fmt.Errorf("%w: no order with on-chain id %d of %s on %s (an order shows once confirmed)", ErrNotFound, id, trader.Hex(), source)
	}
	var open []store.ChainOrder
	for _, o := range orders {
		if o.Closed == nil {
			open = append(open, o)
		}
	}
	switch len(open) {
	case 0:
		return orders[len(orders)-1], nil
	case 1:
		return open[0], nil
	}
	return store.ChainOrder{}, invalid("%d open orders of %s on %s have on-chain id %d (one per sell token): request the cancel on-chain with the order (`dtw order cancel --tx`)",
		len(open), trader.Hex(), source, id)
}

// CheckNonceInvalidation checks a nonce invalidation has every field:
// SubmitNonceInvalidation checks it first, a tool before it asks its user to confirm.
func CheckNonceInvalidation(req api.SignedNonceInvalidationRequest) error {
	return errs.Required("source", req.Source, "trader", req.Trader, "word", req.Word, "mask", req.Mask, "minNonce", req.MinNonce,
		"nonce", req.Nonce, "deadline", req.Deadline, "signature", req.Signature)
}

// SubmitNonceInvalidation relays a trader's signed invalidation of its signature nonces.
func (s *Service) SubmitNonceInvalidation(ctx context.Context, accountID string, wallets []common.Address, req api.SignedNonceInvalidationRequest) (api.SubmitResponse, error) {
	if err := CheckNonceInvalidation(req); err != nil {
		return api.SubmitResponse{}, err
	}
	c, trader, err := s.chainAndTrader(req.Source, req.Trader, wallets)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	n := dtw.SignedNonceInvalidation{Trader: trader}
	for _, f := range []struct {
		name, value string
		dst         **big.Int
	}{{"word", req.Word, &n.Word}, {"mask", req.Mask, &n.Mask}, {"minNonce", req.MinNonce, &n.MinNonce}} {
		v, err := parseUint(f.name, f.value)
		if err != nil {
			return api.SubmitResponse{}, err
		}
		if v.Cmp(maxUint256) > 0 {
			return api.SubmitResponse{}, invalid("%s is larger than a uint256", f.name)
		}
		*f.dst = v
	}
	if n.Mask.Sign() == 0 && n.MinNonce.Sign() == 0 {
		return api.SubmitResponse{}, invalid("nothing to invalidate: mask and minNonce are both zero")
	}
	signed, err := parseSigned(req.Deadline, req.Nonce, req.Signature)
	if err != nil {
		return api.SubmitResponse{}, err
	}
	n.Nonce, n.Deadline = signed.nonce, signed.deadline
	td := dtw.NonceInvalidationTypedData(new(big.Int).SetUint64(c.Source.ChainID), c.Source.DTW, n)
	return s.checkAndRelay(ctx, c, relayRequest{kind: RelayNonceInvalidation, accountID: accountID, wallets: wallets, trader: trader,
		nonce: signed.nonce, data: bindings.NewDTW().PackInvalidateNoncesSigned(n, signed.sig)}, td, signed.sig)
}
