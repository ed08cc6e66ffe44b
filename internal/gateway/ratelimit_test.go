package gateway_test

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestAuthRateLimitPerClient: the authentication endpoints share one budget per client
// address; past it they answer 429 RATE_LIMITED with Retry-After and the JSON error body.
func TestAuthRateLimitPerClient(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) {
		c.RateLimits.AuthPerClient = ratelimit.Limit{PerSecond: 0.5, Burst: 3}
	})
	bad := api.TokenRequest{KeyID: auth.NewAPIKeyID(), Secret: auth.NewSecret()}
	e.do(http.MethodPost, api.PathAuthToken, "", bad).requireError(t, 401, api.CodeInvalidCredentials)
	e.do(http.MethodPost, api.PathAuthTicket, "", bad).requireError(t, 401, api.CodeInvalidCredentials)
	require.Equal(t, http.StatusOK, e.do(http.MethodGet, api.PathSIWENonce, "", nil).status)
	for _, r := range []response{
		e.do(http.MethodPost, api.PathAuthToken, "", bad),
		e.do(http.MethodGet, api.PathSIWENonce, "", nil),
		e.do(http.MethodPost, api.PathSIWEVerify, "", api.SIWEVerifyRequest{Message: "m", Signature: "s"}),
		e.do(http.MethodPost, api.PathAuthGetToken, "", "not even JSON"),
	} {
		r.requireError(t, http.StatusTooManyRequests, api.CodeRateLimited)
		require.Equal(t, "2", r.header.Get("Retry-After"), "whole seconds until a token is back at 0.5/s")
	}
	// Authenticated endpoints are not on the login budget.
	require.Equal(t, http.StatusUnauthorized, e.do(http.MethodGet, api.PathJWTCheck, "x", nil).status)
}

// TestAuthRateLimitPerKey: one keyId cannot be guessed at faster than its own budget,
// whatever addresses the guesses come from; other keys are unaffected.
func TestAuthRateLimitPerKey(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) {
		c.RateLimits.AuthPerKey = ratelimit.Limit{PerSecond: 0.1, Burst: 2}
	})
	victim := e.createKey(api.PermRead)
	guess := api.TokenRequest{KeyID: victim.id, Secret: auth.NewSecret()}
	e.do(http.MethodPost, api.PathAuthToken, "", guess).requireError(t, 401, api.CodeInvalidCredentials)
	e.do(http.MethodPost, api.PathAuthToken, "", guess).requireError(t, 401, api.CodeInvalidCredentials)
	r := e.do(http.MethodPost, api.PathAuthToken, "", guess)
	r.requireError(t, http.StatusTooManyRequests, api.CodeRateLimited)
	require.Equal(t, "10", r.header.Get("Retry-After"))
	// Even the right secret waits: the budget is the key's, not the attempt's.
	e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: victim.id, Secret: victim.secret}).
		requireError(t, http.StatusTooManyRequests, api.CodeRateLimited)
	require.NotEmpty(t, e.token(e.createKey(api.PermRead)), "another key logs in")
}

// TestAuthRateLimitDisabled: a negative rate turns a limit off.
func TestAuthRateLimitDisabled(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) {
		c.RateLimits.AuthPerClient = ratelimit.Limit{PerSecond: -1}
		c.RateLimits.AuthPerKey = ratelimit.Limit{PerSecond: -1}
	})
	bad := api.TokenRequest{KeyID: "key_x", Secret: "y"}
	for range 300 {
		e.do(http.MethodPost, api.PathAuthToken, "", bad).requireError(t, 401, api.CodeInvalidCredentials)
	}
}

// TestLegacySecretUpgraded: a key stored with the old scrypt hash still logs in, and the
// login replaces the hash by the keyed HMAC form, so later logins are cheap.
func TestLegacySecretUpgraded(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	account := auth.NewAccountID()
	legacy := store.APIKey{
		ID: auth.NewAPIKeyID(), AccountID: account, Label: "old", Permissions: []string{string(api.PermRead)},
		// scrypt("s3cret"), N=2^15 r=8 p=1, as the gateway stored secrets before.
		SecretHash: "scrypt$15$8$1$SsSwNB2Mig1S9Mpl0U807g$txkJTGplJWQpgmedCoJNX+rPzx6cz3zgef/QLwEjvpU",
		Generation: 1, CreatedAt: time.Now(),
	}
	require.NoError(t, e.store.CreateAccountWithKey(ctx, store.Account{ID: account, CreatedAt: time.Now()}, legacy))
	e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: legacy.ID, Secret: "wrong"}).requireError(t, 401, api.CodeInvalidCredentials)
	old := key{id: legacy.ID, secret: "s3cret", account: account}
	require.NotEmpty(t, e.token(old))
	k, err := e.store.GetAPIKey(ctx, legacy.ID)
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(k.SecretHash, "hmac-sha256$"), "got %s", k.SecretHash)
	require.NotEmpty(t, e.token(old), "the upgraded hash checks the same secret")
}

// TestSecretKeyFileMode: the secret hashing key is created private to the owner.
func TestSecretKeyFileMode(t *testing.T) {
	e := newEnv(t)
	require.FileExists(t, e.cfg.SecretKeyFile)
	requireMode(t, e.cfg.SecretKeyFile, 0o600)
}
