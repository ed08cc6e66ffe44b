package client

import (
	"context"
	"strconv"

	"github.com/dtwgate/dtwgate/api"
)

// Assets lists the asset ids of a source (GET /v2/assets/{source}).
func (c *Client) Assets(ctx context.Context, source string) (api.AssetsResponse, error) {
	var out api.AssetsResponse
	if err := required("source", source); err != nil {
		return out, err
	}
	err := c.get(ctx, expand(api.PathAssets, "source", source), nil, &out)
	return out, err
}

// TokenInformation describes the tokens of a source's assets (GET
// /v2/assets/{source}/token-information).
func (c *Client) TokenInformation(ctx context.Context, source string) (api.TokenInformationResponse, error) {
	var out api.TokenInformationResponse
	if err := required("source", source); err != nil {
		return out, err
	}
	err := c.get(ctx, expand(api.PathTokenInformation, "source", source), nil, &out)
	return out, err
}

// DepositAddresses lists where to deposit on each chain (GET /v2/deposit-addresses).
// A trader should check these against its own configuration before sending funds.
func (c *Client) DepositAddresses(ctx context.Context) (api.DepositAddressesResponse, error) {
	var out api.DepositAddressesResponse
	err := c.get(ctx, api.PathDepositAddresses, nil, &out)
	return out, err
}

// WithdrawalAddresses lists the account's withdrawal destinations (GET
// /v2/withdrawal-addresses).
func (c *Client) WithdrawalAddresses(ctx context.Context) (api.WithdrawalAddressesResponse, error) {
	var out api.WithdrawalAddressesResponse
	err := c.get(ctx, api.PathWithdrawalAddresses, nil, &out)
	return out, err
}

// FundLocations lists the chains funds can be held on (GET /v2/fund-locations).
func (c *Client) FundLocations(ctx context.Context) (api.FundLocationsResponse, error) {
	var out api.FundLocationsResponse
	err := c.get(ctx, api.PathFundLocations, nil, &out)
	return out, err
}

// SubmitOrder hands a signed gasless order to the gateway to relay (POST /v2/order).
// It is never retried by the client: on a network error, ask for the order's status by
// the answer's instructionId if you have it, or submit the same signed request again
// (the gateway answers a repeated (trader, nonce) with the first transaction, and the
// contract refuses a used nonce).
func (c *Client) SubmitOrder(ctx context.Context, req api.SignedOrderRequest) (api.SubmitResponse, error) {
	var out api.SubmitResponse
	err := c.post(ctx, api.PathOrder, req, &out)
	return out, err
}

// OrderByInstruction returns an order by the hash of the transaction that placed it (GET
// /v2/order/{source}/{instructionId}).
func (c *Client) OrderByInstruction(ctx context.Context, source, instructionID string) (api.OrderStatus, error) {
	var out api.OrderStatus
	if err := required("source", source); err != nil {
		return out, err
	}
	if err := required("instructionId", instructionID); err != nil {
		return out, err
	}
	err := c.get(ctx, expand(api.PathOrderByInstruction, "source", source, "instructionId", instructionID), nil, &out)
	return out, err
}

// OrderStatus returns an order by its on-chain id (GET /v3/order-status/{source}/{orderId}).
func (c *Client) OrderStatus(ctx context.Context, source string, orderID uint64) (api.OrderStatus, error) {
	var out api.OrderStatus
	if err := required("source", source); err != nil {
		return out, err
	}
	err := c.get(ctx, expand(api.PathOrderStatus, "source", source, "orderId", strconv.FormatUint(orderID, 10)), nil, &out)
	return out, err
}

// SubmitWithdrawal hands a signed gasless withdrawal to the gateway to relay (POST
// /v2/withdrawals). Like SubmitOrder, it is never retried by the client.
func (c *Client) SubmitWithdrawal(ctx context.Context, req api.SignedWithdrawalRequest) (api.SubmitResponse, error) {
	var out api.SubmitResponse
	err := c.post(ctx, api.PathWithdrawals, req, &out)
	return out, err
}

// Withdrawal returns an on-chain withdrawal by its transaction hash (GET
// /v2/withdrawals/{instructionId}).
func (c *Client) Withdrawal(ctx context.Context, instructionID string) (api.WithdrawalStatus, error) {
	var out api.WithdrawalStatus
	if err := required("instructionId", instructionID); err != nil {
		return out, err
	}
	err := c.get(ctx, expand(api.PathWithdrawal, "instructionId", instructionID), nil, &out)
	return out, err
}
