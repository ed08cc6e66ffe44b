package client

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/api"
)

// tokenLifetime is the JWT lifetime the interface states, assumed when a token's exp
// claim cannot be read.
const tokenLifetime = 24 * time.Hour

// Authenticator obtains a fresh bearer JWT. Login may call the public auth endpoints
// of c (Token, SIWENonce, SIWEVerify); it must not call authenticated ones. It may be
// called concurrently with other methods but never concurrently with itself on one
// client.
type Authenticator interface {
	Login(ctx context.Context, c *Client) (jwt string, err error)
}

// APIKeyAuth logs in with an API key (POST /v3/auth/token). It is safe for concurrent use.
type APIKeyAuth struct {
	mu     sync.RWMutex
	keyID  string
	secret string
}

var _ Authenticator = (*APIKeyAuth)(nil)

// NewAPIKeyAuth returns an authenticator for the key keyID with its secret.
func NewAPIKeyAuth(keyID, secret string) *APIKeyAuth {
	return &APIKeyAuth{keyID: keyID, secret: secret}
}

// KeyID returns the key's id.
func (a *APIKeyAuth) KeyID() string {
	a.mu.RLock()
	defer a.mu.RUnlock()
	return a.keyID
}

// SetSecret replaces the secret, after a rotation. Client.RotateAPIKey calls it when it
// rotates the key the client logs in with.
func (a *APIKeyAuth) SetSecret(secret string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.secret = secret
}

// Login exchanges the key for a JWT.
func (a *APIKeyAuth) Login(ctx context.Context, c *Client) (string, error) {
	a.mu.RLock()
	req := api.TokenRequest{KeyID: a.keyID, Secret: a.secret}
	a.mu.RUnlock()
	resp, err := c.Token(ctx, req)
	if err != nil {
		return "", err
	}
	return resp.JWTToken, nil
}

// bearer returns a token that is not about to expire, logging in if needed.
func (c *Client) bearer(ctx context.Context) (string, error) {
	if tok := c.cachedToken(); tok != "" {
		return tok, nil
	}
	if c.auth == nil {
		return "", ErrNoAuthenticator
	}
	c.loginMu.Lock()
	defer c.loginMu.Unlock()
	if tok := c.cachedToken(); tok != "" { // another call logged in meanwhile
		return tok, nil
	}
	return c.login(ctx)
}

// cachedToken returns the cached token unless it expires within RefreshBefore.
func (c *Client) cachedToken() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == "" || !c.now().Add(c.cfg.RefreshBefore).Before(c.expires) {
		return ""
	}
	return c.token
}

// login runs the authenticator and caches its token; loginMu must be held.
func (c *Client) login(ctx context.Context) (string, error) {
	tok, err := c.auth.Login(ctx, c)
	if err != nil {
		return "", fmt.Errorf("login: %w", err)
	}
	if tok == "" {
		return "", errors.New("login: the gateway returned an empty token")
	}
	exp, ok := TokenExpiry(tok)
	if !ok {
		exp = c.now().Add(tokenLifetime)
	}
	c.mu.Lock()
	c.token, c.expires = tok, exp
	c.mu.Unlock()
	return tok, nil
}

// dropToken forgets the cached token if it is still tok.
func (c *Client) dropToken(tok string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.token == tok {
		c.token, c.expires = "", time.Time{}
	}
}

// Login logs in now, replacing any cached token, and returns the new JWT.
func (c *Client) Login(ctx context.Context) (string, error) {
	if c.auth == nil {
		return "", ErrNoAuthenticator
	}
	c.loginMu.Lock()
	defer c.loginMu.Unlock()
	return c.login(ctx)
}

// SetToken makes the client use tok (for example one saved by an earlier session) until
// it expires or is refused; then the Authenticator, if any, logs in again.
func (c *Client) SetToken(tok string) {
	exp, ok := TokenExpiry(tok)
	if !ok {
		exp = c.now().Add(tokenLifetime)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.token, c.expires = tok, exp
}

// CachedToken returns the cached JWT and its expiry; "" when none is cached.
func (c *Client) CachedToken() (string, time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.token, c.expires
}

// TokenExpiry reads the exp claim of a JWT without verifying it: the client only needs
// to know when to log in again; the gateway verifies the token.
func TokenExpiry(jwt string) (time.Time, bool) {
	parts := strings.Split(jwt, ".")
	if len(parts) != 3 {
		return time.Time{}, false
	}
	payload, err := base64.RawURLEncoding.DecodeString(strings.TrimRight(parts[1], "="))
	if err != nil {
		return time.Time{}, false
	}
	var claims struct {
		Exp json.Number `json:"exp"`
	}
	if err := json.Unmarshal(payload, &claims); err != nil || claims.Exp == "" {
		return time.Time{}, false
	}
	f, err := claims.Exp.Float64()
	if err != nil || f <= 0 {
		return time.Time{}, false
	}
	return time.Unix(int64(f), 0), true
}
