package app_test

import (
	"context"
	"log/slog"
	"net"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/testnet"
)

// relayEnv is a gateway of every role on one anvil chain, with its first trader signed
// in and its usdt and dai: what the relay tests start from.
type relayEnv struct {
	c         *testnet.Chain
	src       chain.Source
	cfg       config.Config
	a         *app.App
	cl        *client.Client
	tr        *trader.Trader
	usdt, dai chain.Asset
}

// newRelayEnv starts it with traders funded accounts and opts (listener and logger set
// here; the engine polls fast).
func newRelayEnv(t *testing.T, traders int, opts app.Options) relayEnv {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: traders})
	e := relayEnv{c: n.Chains[0]}
	e.src = e.c.ChainSource(1)
	e.cfg = chainConfig(t, e.c)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	e.cfg.Listen = ln.Addr().String()
	e.cfg.Finish()
	opts.Listener, opts.Logger = ln, slog.New(slog.DiscardHandler)
	opts.EngineInterval, opts.PollInterval = 100*time.Millisecond, 50*time.Millisecond
	e.a, err = app.New(ctx, e.cfg, opts)
	require.NoError(t, err)
	run(t, e.a)
	s, cl := traderClient(t, e.a, e.cfg, e.c)
	e.cl = cl
	e.tr, err = trader.New(ctx, e.src, s, e.c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	e.usdt, err = e.tr.Asset("usdt")
	require.NoError(t, err)
	e.dai, err = e.tr.Asset("dai")
	require.NoError(t, err)
	return e
}
