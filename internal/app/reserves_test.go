package app_test

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/receiptkey"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// writeReceiptKey writes a fresh receipt keystore and its password file into dir and
// returns its signer spec, password file and address.
func writeReceiptKey(t *testing.T, dir string) (spec, passwordFile string, addr common.Address) {
	t.Helper()
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	ks := filepath.Join(dir, "receipt-key.json")
	addr, err = signer.WriteKeystore(ks, k, "receipts", signer.LightScrypt)
	require.NoError(t, err)
	passwordFile = filepath.Join(dir, "receipt-key.password")
	require.NoError(t, os.WriteFile(passwordFile, []byte("receipts"), 0o600))
	return "keystore:" + ks, passwordFile, addr
}

// TestSettlerPublishesReserves: with receipts.key and reserves.every, the settler
// publishes a snapshot at start: its statement signed by the receipt key, the operator's
// treasury listed at a block. The API serves it with the published keys and the caller's
// proofs (none: it holds nothing), and past reserves.perAccount answers 429 RATE_LIMITED.
func TestSettlerPublishesReserves(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	cfg := chainConfig(t, c)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	spec, pw, addr := writeReceiptKey(t, t.TempDir())
	cfg.Receipts.Key, cfg.Receipts.KeyPasswordFile = spec, pw
	cfg.Reserves.Every = time.Minute
	cfg.Reserves.PerAccount = ratelimit.Limit{PerSecond: 0.01, Burst: 3}
	cfg.Finish()
	require.NoError(t, cfg.Check())
	a, err := app.New(ctx, cfg, app.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	run(t, a)
	require.Eventually(t, func() bool {
		_, err := a.Store().LatestReservesSnapshot(ctx)
		return err == nil
	}, 60*time.Second, 100*time.Millisecond, "the settler published no snapshot at start")

	_, cl := traderClient(t, a, cfg, c)
	pub, err := cl.Reserves(ctx)
	require.NoError(t, err)
	keys := receipt.Keys{{Address: addr}}
	require.Equal(t, keys, pub.Keys)
	require.NoError(t, pub.Statement.Verify(keys))
	_, ok := pub.Statement.Root("dai")
	require.True(t, ok, "roots: %+v", pub.Statement.Roots)
	treasury := false
	for _, h := range pub.Holdings {
		treasury = treasury || (h.Asset == "dai" && h.Address == c.Operator.Address && h.DTW == nil && h.Amount != "")
	}
	require.True(t, treasury, "the operator's DAI is not listed: %+v", pub.Holdings)
	proofs, err := cl.ReservesProof(ctx, "")
	require.NoError(t, err)
	require.Equal(t, pub.Statement.Hash, proofs.StatementHash)
	require.Empty(t, proofs.Proofs)

	s := c.Traders[0].Signer()
	t.Cleanup(func() { s.Close() })
	ccfg := client.DefaultConfig()
	ccfg.BaseURL = "http://" + cfg.Listen + cfg.BasePath
	ccfg.Auth = &client.SIWEAuth{Signer: s, ChainID: c.ChainID.Uint64()}
	ccfg.MaxRetries = 0
	once, err := client.New(ccfg)
	require.NoError(t, err)
	_, err = once.Reserves(ctx) // the burst's third
	require.NoError(t, err)
	_, err = once.ReservesProof(ctx, "")
	var apiErr *client.Error
	require.True(t, errors.As(err, &apiErr), "got %v, want 429", err)
	require.Equal(t, api.CodeRateLimited, apiErr.Code)
}

// TestReceiptKeyIsNotAnOperatorKey: a settler whose receipt key is a chain's operator key
// (a copy of its keystore, so the specs differ) does not start.
func TestReceiptKeyIsNotAnOperatorKey(t *testing.T) {
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	cfg := chainConfig(t, n.Chains[0])
	path, ok := strings.CutPrefix(cfg.Chains[0].Operator, "keystore:")
	require.True(t, ok, "operator spec %q", cfg.Chains[0].Operator)
	blob, err := os.ReadFile(path)
	require.NoError(t, err)
	cp := filepath.Join(t.TempDir(), "copy.json")
	require.NoError(t, os.WriteFile(cp, blob, 0o600))
	cfg.Receipts.Key, cfg.Receipts.KeyPasswordFile = "keystore:"+cp, cfg.Chains[0].OperatorPasswordFile
	cfg.Finish()
	require.NoError(t, cfg.Check())
	_, err = app.New(context.Background(), cfg, app.Options{Role: app.RoleSettler, Listener: loopback(t), Logger: slog.New(slog.DiscardHandler)})
	require.ErrorIs(t, err, receiptkey.ErrOperatorKey)
}

// TestReceiptSignerRunsUnderItsLease: with receipts.key, a process that only serves the
// API signs no receipt and campaigns for nothing; a settler on the same data directory
// signs them, holding the lease receipts-signer, so replicas do not all compute every
// signature.
func TestReceiptSignerRunsUnderItsLease(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	cfg := chainConfig(t, n.Chains[0])
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	spec, pw, _ := writeReceiptKey(t, t.TempDir())
	cfg.Receipts.Key, cfg.Receipts.KeyPasswordFile = spec, pw
	cfg.Reserves.Every = -1
	cfg.Finish()
	require.NoError(t, cfg.Check())
	log := slog.New(slog.DiscardHandler)

	apiApp, err := app.New(ctx, cfg, app.Options{Role: app.RoleAPI, Listener: ln, Logger: log})
	require.NoError(t, err)
	run(t, apiApp)
	held := func() (string, bool) {
		leases, err := apiApp.Store().Leases(ctx)
		require.NoError(t, err)
		for _, l := range leases {
			if l.Name == app.ReceiptsLease && l.Holder != "" && l.ExpiresAt.After(time.Now()) {
				return l.Holder, true
			}
		}
		return "", false
	}
	time.Sleep(time.Second)
	_, ok := held()
	require.False(t, ok, "an API-only process took the receipt signer's lease")

	settler, err := app.New(ctx, cfg, app.Options{Role: app.RoleSettler, Logger: log, Listener: loopback(t),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	run(t, settler)
	require.Eventually(t, func() bool {
		_, ok := held()
		return ok
	}, 30*time.Second, 50*time.Millisecond, "the settler never took the receipt signer's lease")
}
