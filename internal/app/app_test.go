package app_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"math/big"
	"net"
	"net/http"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// chainConfig is a gateway config of the testnet chain c with its operator in a keystore.
func chainConfig(t *testing.T, c *testnet.Chain) config.Config {
	t.Helper()
	cfg, err := c.GatewayConfig(t.TempDir())
	require.NoError(t, err)
	return cfg
}

// run starts a built app until the test ends.
func run(t *testing.T, a *app.App) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = a.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		require.NoError(t, a.Close())
	})
}

// traderClient whitelists c's first trader in a's store and returns the trader's signer
// and an API client of a signed in with it (SIWE).
func traderClient(t *testing.T, a *app.App, cfg config.Config, c *testnet.Chain) (signer.Signer, *client.Client) {
	t.Helper()
	return accountClient(t, a, cfg, c, c.Traders[0])
}

// accountClient whitelists acct in a's store and returns its signer and an API client of a
// signed in with it (SIWE).
func accountClient(t *testing.T, a *app.App, cfg config.Config, c *testnet.Chain, acct testnet.Account) (signer.Signer, *client.Client) {
	t.Helper()
	s := acct.Signer()
	t.Cleanup(func() { s.Close() })
	require.NoError(t, a.Store().AddWhitelist(context.Background(), s.Address(), time.Now()))
	ccfg := client.DefaultConfig()
	ccfg.BaseURL = "http://" + cfg.Listen + cfg.BasePath
	ccfg.Auth = &client.SIWEAuth{Signer: s, ChainID: c.ChainID.Uint64()}
	cl, err := client.New(ccfg)
	require.NoError(t, err)
	return s, cl
}

// TestRolesMeetInTheStore: an API app and a settler app on one data directory. Without
// the settler, a gasless order is stored but not sent (503 after the wait, nothing
// signed); once the settler runs, the identical request is answered with the relay
// transaction, and the order settles with confirmations the API reads from the store.
func TestRolesMeetInTheStore(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	src := c.ChainSource(1)
	cfg := chainConfig(t, c)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	log := slog.New(slog.DiscardHandler)

	apiApp, err := app.New(ctx, cfg, app.Options{Role: app.RoleAPI, Listener: ln, Logger: log, RelayWait: time.Second})
	require.NoError(t, err)
	require.Equal(t, app.RoleAPI, apiApp.Role())
	run(t, apiApp)

	s, cl := traderClient(t, apiApp, cfg, c)
	tr, err := trader.New(ctx, src, s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	usdt, err := tr.Asset("usdt")
	require.NoError(t, err)
	dai, err := tr.Asset("dai")
	require.NoError(t, err)
	_, err = tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)
	so, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000),
		MinBuyAmount: new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))}, nil)
	require.NoError(t, err)

	nonceBefore, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	_, err = cl.SubmitOrder(ctx, so.Request)
	var e *client.Error
	require.ErrorAs(t, err, &e)
	require.Equal(t, http.StatusServiceUnavailable, e.StatusCode, "%v", err)
	require.Equal(t, api.CodeServiceUnavailable, e.Code)
	nonce, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	require.Equal(t, nonceBefore, nonce, "the API app signs nothing")

	settler, err := app.New(ctx, cfg, app.Options{Role: app.RoleSettler, Logger: log, Listener: loopback(t),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	run(t, settler)
	probeSettler(t, "http://"+settler.Addr().String())

	var resp api.SubmitResponse
	require.Eventually(t, func() bool {
		resp, err = cl.SubmitOrder(ctx, so.Request)
		return err == nil
	}, 10*time.Second, 100*time.Millisecond, "the queued relay was never sent: %v", err)
	require.NotEmpty(t, resp.InstructionID)
	require.Eventually(t, func() bool {
		st, err := cl.OrderByInstruction(ctx, src.Name, resp.InstructionID)
		return err == nil && st.Status == api.StatusSettled && st.Confirmations != "0"
	}, 30*time.Second, 50*time.Millisecond, "the order never settled")
}

// loopback is a listener on a free loopback port, closed when the test ends.
func loopback(t *testing.T) net.Listener {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	t.Cleanup(func() { _ = ln.Close() })
	return ln
}

// probeSettler checks that a --role settler process answers /healthz, /readyz (with the
// leases it holds) and /metrics (with its settler metrics), and no API route.
func probeSettler(t *testing.T, base string) {
	t.Helper()
	get := func(path string) (int, string) {
		resp, err := http.Get(base + path)
		require.NoError(t, err)
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return resp.StatusCode, string(b)
	}
	code, _ := get(api.PathHealthz)
	require.Equal(t, http.StatusOK, code)
	require.Eventually(t, func() bool {
		code, body := get(api.PathReadyz)
		var r api.Readiness
		return code == http.StatusOK && json.Unmarshal([]byte(body), &r) == nil &&
			slices.ContainsFunc(r.Leases, func(l api.LeaseStatus) bool { return l.Self && l.Held })
	}, 10*time.Second, 50*time.Millisecond, "the settler's /readyz shows the leases it holds")
	code, body := get(api.PathMetrics)
	require.Equal(t, http.StatusOK, code)
	require.Contains(t, body, "dtwgate_leader{")
	require.Contains(t, body, "dtwgate_follower_head_block{")
	code, _ = get("/api" + api.PathSIWENonce)
	require.Equal(t, http.StatusNotFound, code, "a settler serves no API")
}

// serveAll runs a process of every role on cfg, listening on a free loopback port, with
// a fast engine, until the test ends; it returns the process and the finished config.
func serveAll(t *testing.T, cfg config.Config) (*app.App, config.Config) {
	t.Helper()
	ln := loopback(t)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	require.NoError(t, cfg.Check())
	a, err := app.New(context.Background(), cfg, app.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler),
		EngineInterval: 50 * time.Millisecond, PollInterval: 25 * time.Millisecond})
	require.NoError(t, err)
	run(t, a)
	return a, cfg
}
