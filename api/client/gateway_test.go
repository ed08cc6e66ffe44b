package client_test

import (
	"context"
	"log/slog"
	"net"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

// testGateway is a real gateway (SQLite store in a temp dir, real JWTs, strict SIWE)
// behind a real HTTP server whose listen address is the one its SIWE domain names.
type testGateway struct {
	cfg     config.Config
	store   store.Store
	secrets *auth.Secrets
	url     string
}

func newGateway(t *testing.T, modify func(*config.Config)) *testGateway {
	return newGatewayWith(t, modify, nil)
}

// newGatewayWith is newGateway with service options made on its store, e.g. the
// on-chain service; the composition root (package app) builds it as dtwgate serve does.
func newGatewayWith(t *testing.T, modify func(*config.Config), options func(*store.SQLite) app.ServiceOptions) *testGateway {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700)) // the store refuses a directory open to others
	cfg := config.Default()
	cfg.DataDir = dir
	cfg.Listen = ln.Addr().String()
	if modify != nil {
		modify(&cfg)
	}
	cfg.Finish()
	require.NoError(t, cfg.Check())
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	key, err := auth.LoadOrCreateKey(cfg.JWTKeyFile)
	require.NoError(t, err)
	tokens, err := auth.NewTokens(key, cfg.TokenTTL)
	require.NoError(t, err)
	secrets, err := auth.LoadSecrets(cfg.SecretKeyFile)
	require.NoError(t, err)
	var opts app.ServiceOptions
	if options != nil {
		opts = options(st)
	}
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	opts.Secrets = secrets
	svcs, err := app.NewServices(context.Background(), cfg, st, opts)
	require.NoError(t, err)
	t.Cleanup(svcs.Close)
	gw, err := app.NewAPI(cfg, st, svcs, app.APIOptions{Tokens: tokens})
	require.NoError(t, err)
	srv := httptest.NewUnstartedServer(gw.Handler())
	srv.Listener.Close()
	srv.Listener = ln
	srv.Start()
	t.Cleanup(srv.Close)
	return &testGateway{cfg: cfg, store: st, secrets: secrets, url: "http://" + cfg.Listen + cfg.BasePath}
}

// apiKey is a key created through the store, as `dtwgate admin` does.
type apiKey struct{ id, secret, account string }

func (g *testGateway) createKey(t *testing.T, perms ...api.Permission) apiKey {
	t.Helper()
	account := auth.NewAccountID()
	k, secret := accounts.NewKey(g.secrets, account, "test", perms, time.Now())
	require.NoError(t, g.store.CreateAccountWithKey(context.Background(), store.Account{ID: account, CreatedAt: time.Now()}, k))
	return apiKey{id: k.ID, secret: secret, account: account}
}

// newClient returns a client of g with auth (nil: none).
func (g *testGateway) newClient(t *testing.T, a client.Authenticator) *client.Client {
	t.Helper()
	cfg := client.DefaultConfig()
	cfg.BaseURL = g.url
	cfg.Auth = a
	c, err := client.New(cfg)
	require.NoError(t, err)
	return c
}

// countingAuth counts the logins of the authenticator it wraps.
type countingAuth struct {
	client.Authenticator
	logins int
}

func (a *countingAuth) Login(ctx context.Context, c *client.Client) (string, error) {
	a.logins++
	return a.Authenticator.Login(ctx, c)
}

// requireAPIError checks that err is a *client.Error with status and code.
func requireAPIError(t *testing.T, err error, status int, code api.ErrorCode) *client.Error {
	t.Helper()
	require.Error(t, err)
	var e *client.Error
	require.ErrorAs(t, err, &e, "got %T %v, want *client.Error", err, err)
	require.Equal(t, status, e.StatusCode, "status of %v", err)
	require.Equal(t, code, e.Code, "code of %v", err)
	require.True(t, client.IsCode(err, code))
	return e
}
