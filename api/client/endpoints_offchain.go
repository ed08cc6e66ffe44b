package client

import (
	"context"
	"net/url"

	"github.com/dtwgate/dtwgate/api"
)

// The account endpoints below take subAccount: "" acts on the caller's own account, an id
// on that sub-account of the caller's (the /accounts/{accountId}/ paths; any other id is
// 403 INVALID_PERMISSIONS).

// accountPath picks own or the sub-account's path and fills its parameters.
func accountPath(own, sub, subAccount string, kv ...string) string {
	if subAccount == "" {
		return expand(own, kv...)
	}
	return expand(sub, append([]string{api.PathParamAccountID, subAccount}, kv...)...)
}

// Balances returns the balances on a source (GET /v3/balance/{source}).
func (c *Client) Balances(ctx context.Context, subAccount, source string) (api.BalancesResponse, error) {
	if err := required("source", source); err != nil {
		return api.BalancesResponse{}, err
	}
	return get[api.BalancesResponse](ctx, c, accountPath(api.PathBalance, api.PathSubBalance, subAccount, api.PathParamSource, source), nil)
}

// AccountSnapshot returns the balances on a source valued in the account asset, with the
// credit and what may be withdrawn (GET /v2/account-snapshot/{source}).
func (c *Client) AccountSnapshot(ctx context.Context, subAccount, source string) (api.AccountSnapshot, error) {
	if err := required("source", source); err != nil {
		return api.AccountSnapshot{}, err
	}
	return get[api.AccountSnapshot](ctx, c, accountPath(api.PathAccountSnapshot, api.PathSubAccountSnapshot, subAccount, api.PathParamSource, source), nil)
}

// Credit returns the credit lent on OFFCHAIN (GET /v2/credit/{source}).
func (c *Client) Credit(ctx context.Context, subAccount, source string) (api.CreditResponse, error) {
	if err := required("source", source); err != nil {
		return api.CreditResponse{}, err
	}
	return get[api.CreditResponse](ctx, c, accountPath(api.PathCredit, api.PathSubCredit, subAccount, api.PathParamSource, source), nil)
}

// AccountSettings returns the credit settings (GET /v2/account-settings/{source}).
func (c *Client) AccountSettings(ctx context.Context, subAccount, source string) (api.AccountSettingsResponse, error) {
	if err := required("source", source); err != nil {
		return api.AccountSettingsResponse{}, err
	}
	return get[api.AccountSettingsResponse](ctx, c, accountPath(api.PathAccountSettings, api.PathSubAccountSettings, subAccount, api.PathParamSource, source), nil)
}

// SubAccountCommissionRate is CommissionRate for a sub-account
// (GET /v2/accounts/{accountId}/commission-rate/{source}).
func (c *Client) SubAccountCommissionRate(ctx context.Context, subAccount, source, buyingAsset, sellingAsset string) (api.CommissionRateResponse, error) {
	q := url.Values{api.ParamBuyingAsset: {buyingAsset}, api.ParamSellingAsset: {sellingAsset}}
	return get[api.CommissionRateResponse](ctx, c, accountPath(api.PathCommissionRate, api.PathSubCommissionRate, subAccount, api.PathParamSource, source), q)
}

// DepositBankDetails lists the bank accounts to pay fiat deposits into, of asset or ("")
// all (GET /v2/deposit-bank-details).
func (c *Client) DepositBankDetails(ctx context.Context, asset string) (api.BankDetailsResponse, error) {
	var q url.Values
	if asset != "" {
		q = url.Values{api.ParamAsset: {asset}}
	}
	return get[api.BankDetailsResponse](ctx, c, api.PathDepositBankDetails, q)
}

// SubmitOffchainWithdrawal requests an off-chain withdrawal (POST
// /v2/offchain-withdrawals); retrying with the same request answers the same withdrawal.
func (c *Client) SubmitOffchainWithdrawal(ctx context.Context, subAccount string, req api.OffchainWithdrawalRequest) (api.OffchainWithdrawal, error) {
	return post[api.OffchainWithdrawal](ctx, c, accountPath(api.PathOffchainWithdrawals, api.PathSubOffchainWithdrawals, subAccount), req)
}

// OffchainWithdrawal returns an off-chain withdrawal by its instructionId
// (GET /v2/offchain-withdrawals/{instructionId}).
func (c *Client) OffchainWithdrawal(ctx context.Context, subAccount, instructionID string) (api.OffchainWithdrawal, error) {
	if err := required("instructionId", instructionID); err != nil {
		return api.OffchainWithdrawal{}, err
	}
	return get[api.OffchainWithdrawal](ctx, c, accountPath(api.PathOffchainWithdrawal, api.PathSubOffchainWithdrawal, subAccount,
		api.PathParamInstructionID, instructionID), nil)
}
