package gatewaycmd

import (
	"bytes"
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

func TestDevnetWritesConfigAndServes(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- App().RunContext(ctx, []string{"dtwgate", "devnet", "--dir", dir, "--traders", "2"}) }()

	var d *devnet.File
	require.Eventually(t, func() bool {
		var err error
		d, err = devnet.Read(dir)
		return err == nil
	}, 2*time.Minute, 100*time.Millisecond, "devnet.json not written")
	require.Len(t, d.Sources, 2)
	for name, s := range d.Sources {
		c, err := ethclient.Dial(s.RPCURLs[0])
		require.NoError(t, err, name)
		id, err := c.ChainID(ctx)
		require.NoError(t, err, "%s RPC %s must answer", name, s.RPCURLs[0])
		require.Equal(t, s.ChainID, id.Uint64())
		code, err := c.CodeAt(ctx, common.HexToAddress(s.DTWAddress), nil)
		require.NoError(t, err)
		require.NotEmpty(t, code, "DTW must be deployed on %s", name)
		c.Close()
		require.Len(t, s.Tokens, 4)
	}
	require.Len(t, d.Accounts, 4)
	for _, a := range d.Accounts {
		require.FileExists(t, filepath.Join(dir, a.Keystore))
	}
	require.Len(t, d.Feeds, 2)
	require.Len(t, d.Feeds["ETHEREUM"], 4)

	t.Run("the gateway config prices from the feeds, which devnet price set moves", func(t *testing.T) {
		cfg := config.Default()
		require.Eventually(t, func() bool { return cfg.LoadFile(filepath.Join(dir, GatewayConfigFile)) == nil }, 10*time.Second, 50*time.Millisecond)
		cfg.DataDir = t.TempDir()
		cfg.Finish()
		require.NoError(t, cfg.Check())
		require.Len(t, cfg.Pricing.Feeds, 4)
		for _, f := range cfg.Pricing.Feeds {
			require.Equal(t, "ETHEREUM", f.Source)
			require.Equal(t, d.Feeds["ETHEREUM"][f.Asset], f.Address)
			require.Equal(t, DevnetStaleAfter, f.StaleAfter)
			require.False(t, f.Fallback)
		}
		client, err := ethclient.Dial(d.Sources["ETHEREUM"].RPCURLs[0])
		require.NoError(t, err)
		t.Cleanup(client.Close)
		feeds, err := pricing.NewFeeds(cfg.Pricing, map[string]pricing.ChainReader{"ETHEREUM": client},
			pricing.FeedsOptions{Interval: 20 * time.Millisecond})
		require.NoError(t, err)
		fctx, stop := context.WithCancel(ctx)
		t.Cleanup(stop)
		go func() { _ = feeds.Run(fctx) }()
		p, err := feeds.Price(ctx, "eth", "usdt")
		require.NoError(t, err)
		require.Equal(t, "2997", p.String())

		out := runGW(t, ctx, "devnet", "price", "set", "--dir", dir, "ETH", "3100")
		require.Contains(t, out, "ETHEREUM  eth feed "+d.Feeds["ETHEREUM"]["eth"])
		require.Contains(t, out, "OPTIMISM  eth feed ")
		require.Contains(t, out, "round 2  answer 3100  updatedAt ")
		require.Eventually(t, func() bool {
			p, err = feeds.Price(ctx, "eth", "usdt")
			return err == nil && p.String() == "3096.9"
		}, 10*time.Second, 20*time.Millisecond, "got %s (%v)", p, err)

		out = runGW(t, ctx, "devnet", "--dir", dir, "price", "set", "--source", "optimism", "usdt", "0.9998")
		require.Contains(t, out, "OPTIMISM  usdt feed ")
		require.Contains(t, out, "answer 0.9998")
		require.NotContains(t, out, "ETHEREUM")
	})
	t.Run("devnet price set refuses bad input with a clear error", func(t *testing.T) {
		for _, tc := range []struct {
			args []string
			want string
		}{
			{[]string{"--dir", dir, "BTC", "1"}, `unknown asset "btc": the devnet has feeds of dai, eth, fot, usdt`},
			{[]string{"--dir", dir, "eth", "0"}, "want a positive decimal"},
			{[]string{"--dir", dir, "eth", "-5"}, "want a positive decimal"},
			{[]string{"--dir", dir, "eth", "0.000000001"}, "at most 8 decimals"},
			{[]string{"--dir", dir, "--source", "LINEA", "eth", "1"}, `unknown --source "LINEA"`},
			{[]string{"--dir", dir, "eth"}, "want ASSET PRICE, got 1 arguments"},
			{[]string{"eth", "1", "--dir", dir}, "flags go before ASSET"},
			{[]string{"--dir", t.TempDir(), "eth", "1"}, "no devnet in"},
		} {
			err := App().RunContext(ctx, append([]string{"dtwgate", "devnet", "price", "set"}, tc.args...))
			require.ErrorContains(t, err, tc.want, "%v", tc.args)
		}
	})

	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("devnet did not stop on cancel")
	}
	err := App().RunContext(context.Background(), []string{"dtwgate", "devnet", "price", "set", "--dir", dir, "eth", "1"})
	require.ErrorContains(t, err, "the devnet is not running? its RPC")
}

// runGW runs dtwgate with args in process and returns what it printed.
func runGW(t *testing.T, ctx context.Context, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	a := App()
	a.Writer = &out
	require.NoError(t, a.RunContext(ctx, append([]string{"dtwgate"}, args...)), "%v", args)
	return out.String()
}
