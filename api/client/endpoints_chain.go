package client

import (
	"context"
	"strconv"

	"github.com/dtwgate/dtwgate/api"
)

// Assets lists the asset ids of a source (GET /v2/assets/{source}).
func (c *Client) Assets(ctx context.Context, source string) (api.AssetsResponse, error) {
	if err := required("source", source); err != nil {
		return api.AssetsResponse{}, err
	}
	return get[api.AssetsResponse](ctx, c, expand(api.PathAssets, api.PathParamSource, source), nil)
}

// TokenInformation describes the tokens of a source's assets (GET
// /v2/assets/{source}/token-information).
func (c *Client) TokenInformation(ctx context.Context, source string) (api.TokenInformationResponse, error) {
	if err := required("source", source); err != nil {
		return api.TokenInformationResponse{}, err
	}
	return get[api.TokenInformationResponse](ctx, c, expand(api.PathTokenInformation, api.PathParamSource, source), nil)
}

// DepositAddresses lists where to deposit on each chain (GET /v2/deposit-addresses).
// A trader should check these against its own configuration before sending funds.
func (c *Client) DepositAddresses(ctx context.Context) (api.DepositAddressesResponse, error) {
	return get[api.DepositAddressesResponse](ctx, c, api.PathDepositAddresses, nil)
}

// WithdrawalAddresses lists the account's withdrawal destinations (GET
// /v2/withdrawal-addresses).
func (c *Client) WithdrawalAddresses(ctx context.Context) (api.WithdrawalAddressesResponse, error) {
	return get[api.WithdrawalAddressesResponse](ctx, c, api.PathWithdrawalAddresses, nil)
}

// FundLocations lists the chains funds can be held on (GET /v2/fund-locations).
func (c *Client) FundLocations(ctx context.Context) (api.FundLocationsResponse, error) {
	return get[api.FundLocationsResponse](ctx, c, api.PathFundLocations, nil)
}

// SubmitOrder hands a signed gasless order to the gateway to relay (POST /v2/order).
// It is never retried by the client: on a network error, submit the same signed request
// again (the gateway answers a repeated (trader, nonce) with the first transaction, and
// the contract refuses a used nonce), or look for the order by its instructionId.
func (c *Client) SubmitOrder(ctx context.Context, req api.SignedOrderRequest) (api.SubmitResponse, error) {
	return post[api.SubmitResponse](ctx, c, api.PathOrder, req)
}

// OrderByInstruction returns an order by the hash of the transaction that placed it (GET
// /v2/order/{source}/{instructionId}).
func (c *Client) OrderByInstruction(ctx context.Context, source, instructionID string) (api.OrderStatus, error) {
	if err := required("source", source); err != nil {
		return api.OrderStatus{}, err
	}
	if err := required("instructionId", instructionID); err != nil {
		return api.OrderStatus{}, err
	}
	return get[api.OrderStatus](ctx, c, expand(api.PathOrderByInstruction, api.PathParamSource, source, api.PathParamInstructionID, instructionID), nil)
}

// OrderStatus returns an order by its on-chain id (GET /v3/order-status/{source}/{orderId}).
func (c *Client) OrderStatus(ctx context.Context, source string, orderID uint64) (api.OrderStatus, error) {
	if err := required("source", source); err != nil {
		return api.OrderStatus{}, err
	}
	return get[api.OrderStatus](ctx, c, expand(api.PathOrderStatus, api.PathParamSource, source, api.PathParamOrderID, strconv.FormatUint(orderID, 10)), nil)
}

// SubmitWithdrawal hands a signed gasless withdrawal to the gateway to relay (POST
// /v2/withdrawals). Like SubmitOrder, it is never retried by the client.
func (c *Client) SubmitWithdrawal(ctx context.Context, req api.SignedWithdrawalRequest) (api.SubmitResponse, error) {
	return post[api.SubmitResponse](ctx, c, api.PathWithdrawals, req)
}

// SubmitCancelRequest relays a trader's signed request to cancel an open on-chain order
// (POST /v2/order-cancel-requests); InstructionID is the relay transaction. The gateway
// honours the request: the order's status becomes CANCELLED with its return transaction.
func (c *Client) SubmitCancelRequest(ctx context.Context, req api.SignedCancelRequest) (api.SubmitResponse, error) {
	return post[api.SubmitResponse](ctx, c, api.PathCancelRequests, req)
}

// SubmitNonceInvalidation relays a trader's signed invalidation of signature nonces (POST
// /v2/nonce-invalidations); InstructionID is the relay transaction.
func (c *Client) SubmitNonceInvalidation(ctx context.Context, req api.SignedNonceInvalidationRequest) (api.SubmitResponse, error) {
	return post[api.SubmitResponse](ctx, c, api.PathNonceInvalidations, req)
}

// Withdrawal returns an on-chain withdrawal by its transaction hash (GET
// /v2/withdrawals/{instructionId}).
func (c *Client) Withdrawal(ctx context.Context, instructionID string) (api.WithdrawalStatus, error) {
	if err := required("instructionId", instructionID); err != nil {
		return api.WithdrawalStatus{}, err
	}
	return get[api.WithdrawalStatus](ctx, c, expand(api.PathWithdrawal, api.PathParamInstructionID, instructionID), nil)
}
