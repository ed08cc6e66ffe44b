package client

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// Token exchanges an API key for a JWT (POST /v3/auth/token). It does not change the
// client's cached token; use Login for that.
func (c *Client) Token(ctx context.Context, req api.TokenRequest) (api.TokenResponse, error) {
	return call[api.TokenResponse](ctx, c, request{method: http.MethodPost, path: api.PathAuthToken, body: req})
}

// GetToken is Token through its alias path (POST /v3/auth/get-token).
func (c *Client) GetToken(ctx context.Context, req api.TokenRequest) (api.TokenResponse, error) {
	return call[api.TokenResponse](ctx, c, request{method: http.MethodPost, path: api.PathAuthGetToken, body: req})
}

// SIWENonce fetches a single-use SIWE nonce (GET /v2/auth/siwe/nonce).
func (c *Client) SIWENonce(ctx context.Context) (api.NonceResponse, error) {
	return call[api.NonceResponse](ctx, c, request{method: http.MethodGet, path: api.PathSIWENonce})
}

// SIWEVerify exchanges a signed SIWE message for a JWT (POST /v2/auth/siwe/verify).
func (c *Client) SIWEVerify(ctx context.Context, req api.SIWEVerifyRequest) (api.TokenResponse, error) {
	return call[api.TokenResponse](ctx, c, request{method: http.MethodPost, path: api.PathSIWEVerify, body: req})
}

// Ticket exchanges an API key for a single-use websocket ticket (POST /v3/auth/ticket).
func (c *Client) Ticket(ctx context.Context, req api.TokenRequest) (api.TicketResponse, error) {
	return call[api.TicketResponse](ctx, c, request{method: http.MethodPost, path: api.PathAuthTicket, body: req})
}

// JWTCheck checks the client's token (GET /v2/auth/jwt-check), logging in first if
// needed; nil means the gateway accepts it.
func (c *Client) JWTCheck(ctx context.Context) error {
	return c.do(ctx, request{method: http.MethodGet, path: api.PathJWTCheck, auth: true})
}

// APIKeys lists the caller's API keys (GET /v3/api-keys).
func (c *Client) APIKeys(ctx context.Context) (api.APIKeyList, error) {
	return get[api.APIKeyList](ctx, c, api.PathAPIKeys, nil)
}

// Accounts returns the caller's account and its sub-accounts (GET /v2/accounts).
func (c *Client) Accounts(ctx context.Context) (api.AccountsResponse, error) {
	return get[api.AccountsResponse](ctx, c, api.PathAccounts, nil)
}

// DepositReference returns the reference the caller's bank transfers must quote (GET
// /v2/deposit-reference); with a sub-account id, that sub-account's.
func (c *Client) DepositReference(ctx context.Context, subAccountID string) (api.DepositReferenceResponse, error) {
	if subAccountID == "" {
		return get[api.DepositReferenceResponse](ctx, c, api.PathDepositReference, nil)
	}
	path := strings.Replace(api.PathSubDepositReference, "{"+api.PathParamAccountID+"}", url.PathEscape(subAccountID), 1)
	return get[api.DepositReferenceResponse](ctx, c, path, nil)
}

// CreateAPIKey creates an API key with a subset of the caller's permissions
// (POST /v3/api-keys). The secret is in the answer only.
func (c *Client) CreateAPIKey(ctx context.Context, req api.CreateAPIKeyRequest) (api.APIKeyCreated, error) {
	return post[api.APIKeyCreated](ctx, c, api.PathAPIKeys, req)
}

// RotateAPIKey issues a new secret for a key of the caller's (POST
// /v3/api-keys/{apiKeyId}/rotate); the old secret and its JWTs stop working at once.
// When the key is the one the client logs in with, the client switches to the new
// secret and logs in again on its next call.
func (c *Client) RotateAPIKey(ctx context.Context, apiKeyID string) (api.APIKeyRotated, error) {
	if err := required("apiKeyId", apiKeyID); err != nil {
		return api.APIKeyRotated{}, err
	}
	out, err := post[api.APIKeyRotated](ctx, c, expand(api.PathAPIKeyRotate, api.PathParamAPIKeyID, apiKeyID), nil)
	if err != nil {
		return out, err
	}
	if a, ok := c.auth.(*APIKeyAuth); ok && a.KeyID() == apiKeyID {
		a.SetSecret(out.APIKeySecret)
		c.mu.Lock()
		c.token, c.expires = "", time.Time{}
		c.mu.Unlock()
	}
	return out, nil
}
