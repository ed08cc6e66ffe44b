package client

import (
	"context"
	"net/http"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// Token exchanges an API key for a JWT (POST /v3/auth/token). It does not change the
// client's cached token; use Login for that.
func (c *Client) Token(ctx context.Context, req api.TokenRequest) (api.TokenResponse, error) {
	var out api.TokenResponse
	err := c.do(ctx, request{method: http.MethodPost, path: api.PathAuthToken, body: req, out: &out})
	return out, err
}

// GetToken is Token through its alias path (POST /v3/auth/get-token).
func (c *Client) GetToken(ctx context.Context, req api.TokenRequest) (api.TokenResponse, error) {
	var out api.TokenResponse
	err := c.do(ctx, request{method: http.MethodPost, path: api.PathAuthGetToken, body: req, out: &out})
	return out, err
}

// SIWENonce fetches a single-use SIWE nonce (GET /v2/auth/siwe/nonce).
func (c *Client) SIWENonce(ctx context.Context) (api.NonceResponse, error) {
	var out api.NonceResponse
	err := c.do(ctx, request{method: http.MethodGet, path: api.PathSIWENonce, out: &out})
	return out, err
}

// SIWEVerify exchanges a signed SIWE message for a JWT (POST /v2/auth/siwe/verify).
func (c *Client) SIWEVerify(ctx context.Context, req api.SIWEVerifyRequest) (api.TokenResponse, error) {
	var out api.TokenResponse
	err := c.do(ctx, request{method: http.MethodPost, path: api.PathSIWEVerify, body: req, out: &out})
	return out, err
}

// Ticket exchanges an API key for a single-use websocket ticket (POST /v3/auth/ticket).
func (c *Client) Ticket(ctx context.Context, req api.TokenRequest) (api.TicketResponse, error) {
	var out api.TicketResponse
	err := c.do(ctx, request{method: http.MethodPost, path: api.PathAuthTicket, body: req, out: &out})
	return out, err
}

// JWTCheck checks the client's token (GET /v2/auth/jwt-check), logging in first if
// needed; nil means the gateway accepts it.
func (c *Client) JWTCheck(ctx context.Context) error {
	return c.get(ctx, api.PathJWTCheck, nil, nil)
}

// APIKeys lists the caller's API keys (GET /v3/api-keys).
func (c *Client) APIKeys(ctx context.Context) (api.APIKeyList, error) {
	var out api.APIKeyList
	err := c.get(ctx, api.PathAPIKeys, nil, &out)
	return out, err
}

// CreateAPIKey creates an API key with a subset of the caller's permissions
// (POST /v3/api-keys). The secret is in the answer only.
func (c *Client) CreateAPIKey(ctx context.Context, req api.CreateAPIKeyRequest) (api.APIKeyCreated, error) {
	var out api.APIKeyCreated
	err := c.post(ctx, api.PathAPIKeys, req, &out)
	return out, err
}

// RotateAPIKey issues a new secret for a key of the caller's (POST
// /v3/api-keys/{apiKeyId}/rotate); the old secret and its JWTs stop working at once.
// When the key is the one the client logs in with, the client switches to the new
// secret and logs in again on its next call.
func (c *Client) RotateAPIKey(ctx context.Context, apiKeyID string) (api.APIKeyRotated, error) {
	var out api.APIKeyRotated
	if err := required("apiKeyId", apiKeyID); err != nil {
		return out, err
	}
	if err := c.post(ctx, expand(api.PathAPIKeyRotate, "apiKeyId", apiKeyID), nil, &out); err != nil {
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
