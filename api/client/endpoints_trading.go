package client

import (
	"context"
	"net/http"
	"net/url"

	"github.com/dtwgate/dtwgate/api"
)

// OFFCHAIN trading against the house. Like the account endpoints, each method takes
// subAccount: "" for the caller's own account, or one of its sub-accounts.
//
// Retries: the interface names every swap and quote by the caller's instructionId, and a
// repeat with the same body answers the first order or quote, so Swap and RequestQuote are
// retried on network errors and 5xx answers like GETs; a swap whose answer was lost is
// found, not placed twice. ActionQuote is never retried: a repeat of an action that went
// through is refused as "actioned already", which would hide the trade. After its
// network error, OrderByInstructionKind(..., api.OrderKindRFQ, id) tells whether the
// quote filled (404: it did not, and may be actioned again while it is firm).

// Swap places an OFFCHAIN swap (POST /v2/orders): a MARKET order answers SETTLED, filled
// at once at the feed's price less commission; a LIMIT order answers OPEN while it rests
// (or SETTLED when the price already meets its limit). req.InstructionID is required: a
// repeat with the same request answers the same order and moves nothing.
func (c *Client) Swap(ctx context.Context, subAccount string, req api.SwapRequest) (api.OrderStatus, error) {
	if err := required("instructionId", req.InstructionID); err != nil {
		return api.OrderStatus{}, err
	}
	return call[api.OrderStatus](ctx, c, request{method: http.MethodPost, path: accountPath(api.PathOrders, api.PathSubOrders, subAccount),
		body: req, auth: true, repeatable: true})
}

// RequestQuote asks for a firm RFQ quote (POST /v2/request-quote): the amount to sell for
// req.AmountToBuy, firm until its ExpiresAtMillis (5 seconds after issue). A repeat with
// the same request answers the same quote, with less of its time left.
func (c *Client) RequestQuote(ctx context.Context, subAccount string, req api.QuoteRequest) (api.Quote, error) {
	if err := required("instructionId", req.InstructionID); err != nil {
		return api.Quote{}, err
	}
	return call[api.Quote](ctx, c, request{method: http.MethodPost, path: accountPath(api.PathRequestQuote, api.PathSubRequestQuote, subAccount),
		body: req, auth: true, repeatable: true})
}

// ActionQuote accepts a firm quote (POST /v2/action-quote): nil once it traded at exactly
// the quoted amounts. An expired, unknown or already actioned quote is a 400
// NO_MARKET_DATA_FOUND *Error whose description says which. It is never retried (see
// above).
func (c *Client) ActionQuote(ctx context.Context, subAccount, instructionID string) error {
	if err := required("instructionId", instructionID); err != nil {
		return err
	}
	return c.do(ctx, request{method: http.MethodPost, path: accountPath(api.PathActionQuote, api.PathSubActionQuote, subAccount),
		body: api.ActionQuoteRequest{InstructionID: instructionID}, auth: true})
}

// OrderByInstructionKind returns an order by the caller's instructionId (GET
// /v2/order/{source}/{instructionId}?type=kind): kind is api.OrderKindSwap or
// api.OrderKindRFQ on OFFCHAIN, where a swap and an RFQ trade may share an
// instructionId; "" leaves the gateway's default (SWAP). On a chain the instructionId is
// the placing transaction's hash.
func (c *Client) OrderByInstructionKind(ctx context.Context, subAccount, source, kind, instructionID string) (api.OrderStatus, error) {
	if err := required("source", source); err != nil {
		return api.OrderStatus{}, err
	}
	if err := required("instructionId", instructionID); err != nil {
		return api.OrderStatus{}, err
	}
	var q url.Values
	if kind != "" {
		q = url.Values{api.ParamType: {kind}}
	}
	return get[api.OrderStatus](ctx, c, accountPath(api.PathOrderByInstruction, api.PathSubOrderByInstruction, subAccount,
		api.PathParamSource, source, api.PathParamInstructionID, instructionID), q)
}

// OrderStatusOf returns an order of any source by its orderId (GET
// /v3/order-status/{source}/{orderId}): the DTW contract's number on a chain, the
// gateway's on OFFCHAIN (whose returnTxId is always null).
func (c *Client) OrderStatusOf(ctx context.Context, subAccount, source, orderID string) (api.OrderStatus, error) {
	if err := required("source", source); err != nil {
		return api.OrderStatus{}, err
	}
	if err := required("orderId", orderID); err != nil {
		return api.OrderStatus{}, err
	}
	return get[api.OrderStatus](ctx, c, accountPath(api.PathOrderStatus, api.PathSubOrderStatus, subAccount,
		api.PathParamSource, source, api.PathParamOrderID, orderID), nil)
}
