package app_test

import (
	"context"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestServicesOffline: the admin commands' services (Offline) dial no RPC, even of a
// chain whose RPC is down, price nothing (as the admin commands always valued), and
// share the process's one chain registry; built online, the same config fails on the
// dead RPC with an error, not a panic.
func TestServicesOffline(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	cfg := chainConfig(t, n.Chains[0])
	cfg.Chains[0].RPCURLs = []string{"http://127.0.0.1:1"}
	cfg.Pricing.Feeds = nil
	cfg.Finish()
	require.NoError(t, cfg.Check())
	st, err := app.OpenStore(ctx, cfg)
	require.NoError(t, err)
	defer st.Close()

	svcs, err := app.NewServices(ctx, cfg, st, app.ServiceOptions{Offline: true})
	require.NoError(t, err)
	defer svcs.Close()
	require.Empty(t, svcs.Clients, "offline: no RPC dialed")
	require.Same(t, svcs.Registry, svcs.OnChain.Registry(), "one chain registry")
	for _, source := range []string{"ETHEREUM", offchain.Source} {
		_, err := svcs.Venues.Venue(source)
		require.NoError(t, err, source)
	}
	_, err = svcs.Prices.Price(ctx, "eth", "usdt")
	require.ErrorIs(t, err, pricing.ErrNoMarketData)

	_, err = app.NewServices(ctx, cfg, st, app.ServiceOptions{})
	require.ErrorContains(t, err, "0 of 1 RPC URLs answered")
}

// TestNewAPIErrors: wiring the HTTP service fails with an error, never a panic, when a
// dependency is missing or its metrics are registered twice in one registry.
func TestNewAPIErrors(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	cfg := chainConfig(t, n.Chains[0])
	cfg.Finish()
	st, err := app.OpenStore(ctx, cfg)
	require.NoError(t, err)
	defer st.Close()
	bare, err := app.NewServices(ctx, cfg, st, app.ServiceOptions{Offline: true})
	require.NoError(t, err)
	_, err = app.NewAPI(cfg, st, bare, app.APIOptions{})
	require.ErrorContains(t, err, "without API key secrets")

	secrets, err := app.InitSecrets(ctx, st, cfg.SecretKeyFile, time.Now())
	require.NoError(t, err)
	svcs, err := app.NewServices(ctx, cfg, st, app.ServiceOptions{Offline: true, Secrets: secrets})
	require.NoError(t, err)
	_, err = app.NewAPI(cfg, st, svcs, app.APIOptions{})
	require.ErrorContains(t, err, "missing dependency Tokens")

	key, err := auth.LoadOrCreateKey(cfg.JWTKeyFile)
	require.NoError(t, err)
	tokens, err := auth.NewTokens(key, cfg.TokenTTL)
	require.NoError(t, err)
	reg := prometheus.NewRegistry()
	_, err = app.NewAPI(cfg, st, svcs, app.APIOptions{Tokens: tokens, Metrics: reg})
	require.NoError(t, err)
	_, err = app.NewAPI(cfg, st, svcs, app.APIOptions{Tokens: tokens, Metrics: reg})
	require.ErrorContains(t, err, "register HTTP metrics")
}
