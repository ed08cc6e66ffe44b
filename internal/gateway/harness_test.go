package gateway_test

import (
	"context"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/store"
)

// parts is a gateway service built on a real SQLite file in a private temporary data
// directory, with what tests need to reach around it.
type parts struct {
	cfg     config.Config
	store   *store.SQLite
	tokens  *auth.Tokens
	secrets *auth.Secrets
	svc     *gateway.Service
}

// options are a test's changes to what newParts builds: the services (app.NewServices)
// and the HTTP side (app.NewAPI).
type options struct {
	services app.ServiceOptions
	api      app.APIOptions
}

// newParts builds a service the way dtwgate serve does: the default configuration changed
// by modify (may be nil), checked; the store, keys and secrets in the data directory; the
// services and the HTTP service by the composition root (package app), with the options
// from opts (may be nil), given the store. Logs are discarded by default.
func newParts(tb testing.TB, modify func(*config.Config), opts func(*store.SQLite) options) parts {
	tb.Helper()
	dir := tb.TempDir()
	require.NoError(tb, os.Chmod(dir, 0o700)) // the store refuses a directory open to others
	cfg := config.Default()
	cfg.DataDir = dir
	if modify != nil {
		modify(&cfg)
	}
	cfg.Finish()
	require.NoError(tb, cfg.Check())
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	require.NoError(tb, err)
	tb.Cleanup(func() { st.Close() })
	key, err := auth.LoadOrCreateKey(cfg.JWTKeyFile)
	require.NoError(tb, err)
	tokens, err := auth.NewTokens(key, cfg.TokenTTL)
	require.NoError(tb, err)
	secrets, err := auth.LoadSecrets(cfg.SecretKeyFile)
	require.NoError(tb, err)
	var o options
	if opts != nil {
		o = opts(st)
	}
	if o.services.Logger == nil {
		o.services.Logger = slog.New(slog.NewTextHandler(io.Discard, nil))
	}
	o.services.Secrets = secrets
	svcs, err := app.NewServices(context.Background(), cfg, st, o.services)
	require.NoError(tb, err)
	tb.Cleanup(svcs.Close)
	o.api.Tokens = tokens
	svc, err := app.NewAPI(cfg, st, svcs, o.api)
	require.NoError(tb, err)
	return parts{cfg: cfg, store: st, tokens: tokens, secrets: secrets, svc: svc}
}

// benchServer starts a gateway, its configuration changed by modify, and returns the
// API's base URL.
func benchServer(b *testing.B, modify func(*config.Config)) string {
	b.Helper()
	p := newParts(b, modify, nil)
	return startHTTP(b, p)
}
