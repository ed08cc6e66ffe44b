package client_test

import (
	"context"
	"net/http"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/signer"
)

func TestAPIKeyLogin(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, nil)
	k := g.createKey(t, api.PermRead, api.PermTrade, api.PermManageKeys)

	t.Setenv(client.EnvAPIURL, g.url)
	t.Setenv(client.EnvAPIKeyID, k.id)
	t.Setenv(client.EnvAPISecret, k.secret)
	cfg := client.DefaultConfig()
	require.NoError(t, cfg.ReadEnvironment())
	c, err := client.New(cfg)
	require.NoError(t, err)

	require.NoError(t, c.JWTCheck(ctx), "first call logs in with the key from the environment")
	tok, exp := c.CachedToken()
	require.NotEmpty(t, tok)
	require.WithinDuration(t, time.Now().Add(24*time.Hour), exp, time.Minute, "exp read from the JWT")

	keys, err := c.APIKeys(ctx)
	require.NoError(t, err)
	require.Len(t, keys.APIKeys, 1)
	require.Equal(t, k.id, keys.APIKeys[0].APIKeyID)

	created, err := c.CreateAPIKey(ctx, api.CreateAPIKeyRequest{Label: "bot", Permissions: []string{"READ"}})
	require.NoError(t, err)
	require.Equal(t, []api.Permission{api.PermRead}, created.Permissions)
	require.NotEmpty(t, created.APIKeySecret)

	t.Run("token and its alias", func(t *testing.T) {
		req := api.TokenRequest{KeyID: created.APIKeyID, Secret: created.APIKeySecret}
		a, err := c.Token(ctx, req)
		require.NoError(t, err)
		b, err := c.GetToken(ctx, req)
		require.NoError(t, err)
		require.NotEmpty(t, a.JWTToken)
		require.NotEmpty(t, b.JWTToken)
	})
	t.Run("ticket", func(t *testing.T) {
		got, err := c.Ticket(ctx, api.TokenRequest{KeyID: k.id, Secret: k.secret})
		require.NoError(t, err)
		require.Len(t, got.Ticket, 64)
	})
	t.Run("wrong secret", func(t *testing.T) {
		bad := g.newClient(t, client.NewAPIKeyAuth(k.id, "wrong"))
		e := requireAPIError(t, bad.JWTCheck(ctx), http.StatusUnauthorized, api.CodeInvalidCredentials)
		require.NotEmpty(t, e.RequestID)
		require.Contains(t, e.Error(), "INVALID_CREDENTIALS")
	})
	t.Run("permission refused", func(t *testing.T) {
		reader := g.newClient(t, client.NewAPIKeyAuth(created.APIKeyID, created.APIKeySecret))
		_, err := reader.CreateAPIKey(ctx, api.CreateAPIKeyRequest{Label: "x", Permissions: []string{"READ"}})
		requireAPIError(t, err, http.StatusForbidden, api.CodeInvalidPermissions)
	})
	t.Run("no credentials", func(t *testing.T) {
		anon := g.newClient(t, nil)
		require.ErrorIs(t, anon.JWTCheck(ctx), client.ErrNoAuthenticator)
		_, err := anon.SIWENonce(ctx)
		require.NoError(t, err, "public endpoints need no credentials")
	})
}

// keystoreSigner writes a light-scrypt keystore for a new key and opens it.
func keystoreSigner(t *testing.T) signer.Signer {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "trader")
	_, err = signer.WriteKeystore(path, key, "pw", signer.LightScrypt)
	require.NoError(t, err)
	s, err := signer.OpenKeystore(context.Background(), path, signer.StaticPassword("pw"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSIWELogin(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, nil)
	s := keystoreSigner(t)

	siwe := &countingAuth{Authenticator: &client.SIWEAuth{Signer: s}}
	c := g.newClient(t, siwe)
	requireAPIError(t, c.JWTCheck(ctx), http.StatusForbidden, api.CodeUserNotWhitelisted)

	require.NoError(t, g.store.AddWhitelist(ctx, s.Address(), time.Now()))
	require.NoError(t, c.JWTCheck(ctx))
	keys, err := c.APIKeys(ctx)
	require.NoError(t, err, "a wallet session reads its account")
	require.Empty(t, keys.APIKeys)
	require.Equal(t, 2, siwe.logins, "one refused login, one accepted, then the token is reused")

	t.Run("explicit domain, URI and chain must match the gateway", func(t *testing.T) {
		wrong := g.newClient(t, &client.SIWEAuth{Signer: s, Domain: "evil.example", URI: g.url})
		requireAPIError(t, wrong.JWTCheck(ctx), http.StatusUnauthorized, api.CodeInvalidSIWEMessage)
		right := g.newClient(t, &client.SIWEAuth{Signer: s, Domain: g.cfg.SIWE.Domain, URI: g.cfg.SIWE.URI, ChainID: config.DefaultSIWEChainID, Validity: time.Minute})
		require.NoError(t, right.JWTCheck(ctx))
	})
	t.Run("whitelist removal: the 401 triggers one re-login, which is refused", func(t *testing.T) {
		require.NoError(t, g.store.RemoveWhitelist(ctx, s.Address()))
		before := siwe.logins
		requireAPIError(t, c.JWTCheck(ctx), http.StatusForbidden, api.CodeUserNotWhitelisted)
		require.Equal(t, before+1, siwe.logins)
	})
}

func TestReloginAfterRotation(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, nil)
	k := g.createKey(t, api.PermRead, api.PermManageKeys)
	keyAuth := client.NewAPIKeyAuth(k.id, k.secret)
	c := g.newClient(t, keyAuth)
	require.NoError(t, c.JWTCheck(ctx))
	first, _ := c.CachedToken()

	t.Run("rotating its own key switches the client to the new secret", func(t *testing.T) {
		rotated, err := c.RotateAPIKey(ctx, k.id)
		require.NoError(t, err)
		require.NotEqual(t, k.secret, rotated.APIKeySecret)
		require.NoError(t, c.JWTCheck(ctx))
		second, _ := c.CachedToken()
		require.NotEqual(t, first, second, "logged in again with the new secret")
		k.secret = rotated.APIKeySecret
	})
	t.Run("rotation elsewhere: the revoked token gets a 401, then one re-login", func(t *testing.T) {
		stale, _ := c.CachedToken()
		other := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
		rotated, err := other.RotateAPIKey(ctx, k.id)
		require.NoError(t, err)
		keyAuth.SetSecret(rotated.APIKeySecret) // the operator hands the new secret over
		k.secret = rotated.APIKeySecret

		list, err := c.APIKeys(ctx)
		require.NoError(t, err)
		require.Len(t, list.APIKeys, 1)
		fresh, _ := c.CachedToken()
		require.NotEqual(t, stale, fresh)
	})
	t.Run("rotation elsewhere without the new secret: the re-login is refused", func(t *testing.T) {
		tok, _ := c.CachedToken()
		other := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
		_, err := other.RotateAPIKey(ctx, k.id)
		require.NoError(t, err)
		requireAPIError(t, c.JWTCheck(ctx), http.StatusUnauthorized, api.CodeInvalidCredentials)
		after, _ := c.CachedToken()
		require.NotEqual(t, tok, after, "the revoked token is no longer cached")
	})
	t.Run("unknown key", func(t *testing.T) {
		c := g.newClient(t, client.NewAPIKeyAuth(g.createKey(t, api.PermManageKeys).id, "x"))
		_, err := c.RotateAPIKey(ctx, "nope")
		requireAPIError(t, err, http.StatusUnauthorized, api.CodeInvalidCredentials)
		k2 := g.createKey(t, api.PermManageKeys)
		c = g.newClient(t, client.NewAPIKeyAuth(k2.id, k2.secret))
		_, err = c.RotateAPIKey(ctx, "nope")
		requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	})
}

func TestReloginBeforeExpiry(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, func(c *config.Config) { c.TokenTTL = 10 * time.Second })
	k := g.createKey(t, api.PermRead)
	counter := &countingAuth{Authenticator: client.NewAPIKeyAuth(k.id, k.secret)}
	cfg := client.DefaultConfig()
	cfg.BaseURL = g.url
	cfg.Auth = counter
	cfg.RefreshBefore = 8 * time.Second
	c, err := client.New(cfg)
	require.NoError(t, err)

	require.NoError(t, c.JWTCheck(ctx))
	require.NoError(t, c.JWTCheck(ctx))
	require.Equal(t, 1, counter.logins, "the token is reused while far from expiry")
	first, exp := c.CachedToken()

	time.Sleep(time.Until(exp.Add(-cfg.RefreshBefore)) + 50*time.Millisecond)
	require.NoError(t, c.JWTCheck(ctx))
	require.Equal(t, 2, counter.logins, "logged in again within RefreshBefore of the expiry")
	second, _ := c.CachedToken()
	require.NotEqual(t, first, second)
}

func TestTokenExpiry(t *testing.T) {
	cases := []struct {
		name  string
		token string
		want  int64
		ok    bool
	}{
		{"exp", "eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjE3MDAwMDAwMDB9.sig", 1700000000, true},
		{"no exp", "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.sig", 0, false},
		{"not a jwt", "garbage", 0, false},
		{"bad base64", "a.!!!.c", 0, false},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, ok := client.TokenExpiry(tc.token)
			require.Equal(t, tc.ok, ok)
			if ok {
				require.Equal(t, tc.want, got.Unix(), "got %v, want %d", got, tc.want)
			}
		})
	}
}
