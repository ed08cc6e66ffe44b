package client_test

import (
	"context"
	"log/slog"
	"math/big"
	"net"
	"path/filepath"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// chainGateway is a real gateway with a settlement engine following an anvil chain.
type chainGateway struct {
	*testGateway
	chain *testnet.Chain
	src   chain.Source
}

func newChainGateway(t *testing.T) *chainGateway {
	t.Helper()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 2})
	c := n.Chains[0]
	src := c.ChainSource(1)
	cfg, err := c.GatewayConfig(t.TempDir())
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	for i := range cfg.Chains[0].Tokens { // low relay minimums: the test relays small amounts
		cfg.Chains[0].Tokens[i].MinRelayOrder, cfg.Chains[0].Tokens[i].MinRelayWithdrawal = "0.01", "0.01"
	}
	cfg.Finish()
	require.NoError(t, cfg.Check())

	ctx, cancel := context.WithCancel(context.Background())
	gw, err := app.New(ctx, cfg, app.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond})
	require.NoError(t, err)
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = gw.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
		require.NoError(t, gw.Close())
	})
	secrets, err := auth.LoadSecrets(cfg.SecretKeyFile)
	require.NoError(t, err)
	g := &testGateway{cfg: cfg, store: gw.Store(), secrets: secrets, url: "http://" + cfg.Listen + cfg.BasePath}
	return &chainGateway{testGateway: g, chain: c, src: src}
}

// traderSigner puts a testnet trader's key in a keystore file and opens it, as a trader
// would.
func traderSigner(t *testing.T, a testnet.Account) signer.Signer {
	t.Helper()
	path := filepath.Join(t.TempDir(), a.Name)
	_, err := signer.WriteKeystore(path, a.KeyCopy(), "pw", signer.LightScrypt)
	require.NoError(t, err)
	s, err := signer.OpenKeystore(context.Background(), path, signer.StaticPassword("pw"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return s
}

// waitOrder polls the gateway until an order reaches status.
func waitOrder(t *testing.T, fetch func() (api.OrderStatus, error), status string) api.OrderStatus {
	t.Helper()
	var last api.OrderStatus
	require.Eventually(t, func() bool {
		st, err := fetch()
		if err != nil {
			return false
		}
		last = st
		return st.Status == status
	}, 30*time.Second, 50*time.Millisecond, "order never reached %s; last %+v", status, last)
	return last
}

// signedInTrader is the chain's first trader, whitelisted and signed in with SIWE: its
// client, its trader and the chain's usdt and dai.
func (g *chainGateway) signedInTrader(t *testing.T) (*client.Client, *trader.Trader, chain.Asset, chain.Asset) {
	t.Helper()
	ctx := context.Background()
	s := traderSigner(t, g.chain.Traders[0])
	require.NoError(t, g.store.AddWhitelist(ctx, s.Address(), time.Now()))
	c := g.newClient(t, &client.SIWEAuth{Signer: s, ChainID: g.src.ChainID})
	tr, err := trader.New(ctx, g.src, s, g.chain.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	usdt, err := tr.Asset("usdt")
	require.NoError(t, err)
	dai, err := tr.Asset("dai")
	require.NoError(t, err)
	return c, tr, usdt, dai
}

func TestChainEndpoints(t *testing.T) {
	ctx := context.Background()
	g := newChainGateway(t)
	c, tr, usdt, dai := g.signedInTrader(t)
	start := time.Now().Add(-time.Hour)

	t.Run("assets and addresses", func(t *testing.T) {
		assets, err := c.Assets(ctx, "ETHEREUM")
		require.NoError(t, err)
		require.ElementsMatch(t, []string{"eth", "dai", "usdt", "fot"}, assets.Assets)
		info, err := c.TokenInformation(ctx, "ethereum")
		require.NoError(t, err)
		i := slices.IndexFunc(info.TokenInfoResponses, func(r api.TokenInfoResponse) bool { return r.Asset == "usdt" })
		require.GreaterOrEqual(t, i, 0)
		require.Equal(t, "6", info.TokenInfoResponses[i].Tokens[0].Decimals)
		deposit, err := c.DepositAddresses(ctx)
		require.NoError(t, err)
		require.Equal(t, g.chain.DTW.Hex(), deposit.Addresses[0].Address)
		locations, err := c.FundLocations(ctx)
		require.NoError(t, err)
		require.Equal(t, "ETHEREUM", locations.FundLocations[0].Location)
		_, err = c.Assets(ctx, "NOWHERE")
		requireAPIError(t, err, 400, api.CodeInvalidOrderSource)
	})
	t.Run("market data", func(t *testing.T) {
		p, err := c.Price(ctx, "eth", "dai", "ETHEREUM")
		require.NoError(t, err)
		require.NotEmpty(t, p.Price)
		ps, err := c.Prices(ctx, "eth/dai", "dai/usdt")
		require.NoError(t, err)
		require.Len(t, ps.Prices, 2)
		q, err := c.QuantityEstimate(ctx, "dai", "usdt", "10", "")
		require.NoError(t, err)
		require.NotEmpty(t, q.QuantityEstimate)
		cr, err := c.CommissionRate(ctx, "ETHEREUM", "dai", "usdt")
		require.NoError(t, err)
		require.Equal(t, "0.001", cr.Commission)
		_, err = c.Price(ctx, "dai", "dai", "")
		requireAPIError(t, err, 400, api.CodeDuplicateAssetPair)
	})

	_, err := tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)
	_, err = tr.Deposit(ctx, dai, units(18, 10))
	require.NoError(t, err)

	t.Run("gasless order, settled and independently verified", func(t *testing.T) {
		so, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000), MinBuyAmount: units(18, 4)}, nil)
		require.NoError(t, err)
		resp, err := c.SubmitOrder(ctx, so.Request)
		require.NoError(t, err)
		require.Equal(t, api.StatusPending, resp.Status)
		again, err := c.SubmitOrder(ctx, so.Request)
		require.NoError(t, err, "the gateway answers a repeated (trader, nonce) with the first transaction")
		require.Equal(t, resp.InstructionID, again.InstructionID)

		st := waitOrder(t, func() (api.OrderStatus, error) { return c.OrderByInstruction(ctx, "ETHEREUM", resp.InstructionID) }, api.StatusSettled)
		require.Equal(t, "5", st.QuantitySold)
		v := tr.Verifier()
		got, err := v.VerifyOrderByInstruction(ctx, c, resp.InstructionID)
		require.NoError(t, err)
		require.Equal(t, st.OrderID, got.OrderID.String())
		id, err := strconv.ParseUint(st.OrderID, 10, 64)
		require.NoError(t, err)
		_, err = v.VerifyOrder(ctx, c, id)
		require.NoError(t, err)

		lying := g.src
		lying.DTW = g.chain.MustToken("DAI").Address
		_, err = trader.NewVerifier(lying, g.chain.Client, tr.Address()).VerifyOrder(ctx, c, id)
		require.ErrorIs(t, err, trader.ErrVerificationFailed, "the trader's config names another contract")
	})
	t.Run("direct order, settled and independently verified", func(t *testing.T) {
		o, err := tr.PlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(18, 2), MinBuyAmount: big.NewInt(1_900_000)})
		require.NoError(t, err)
		st := waitOrder(t, func() (api.OrderStatus, error) { return c.OrderByInstruction(ctx, "ETHEREUM", o.Tx.Hex()) }, api.StatusSettled)
		require.Equal(t, o.ID.String(), st.OnchainOrderID)
		id, err := strconv.ParseUint(st.OrderID, 10, 64) // the gateway's
		require.NoError(t, err)
		byID, err := c.OrderStatus(ctx, "ETHEREUM", id)
		require.NoError(t, err)
		require.Equal(t, o.Tx.Hex(), byID.InstructionID)
		_, err = tr.Verifier().VerifyOrder(ctx, c, id)
		require.NoError(t, err)
		_, err = c.OrderStatus(ctx, "ETHEREUM", 999)
		requireAPIError(t, err, 404, api.CodeNotFound)
	})
	t.Run("withdrawals, direct and gasless", func(t *testing.T) {
		r, err := tr.Withdraw(ctx, usdt, big.NewInt(1_000_000), tr.Address())
		require.NoError(t, err)
		var ws api.WithdrawalStatus
		require.Eventually(t, func() bool {
			ws, err = c.Withdrawal(ctx, r.TxHash.Hex())
			return err == nil && ws.Status == api.StatusCompleted
		}, 30*time.Second, 50*time.Millisecond)
		require.Equal(t, "1", ws.Amount)
		_, err = tr.Verifier().VerifyWithdrawal(ctx, c, r.TxHash.Hex())
		require.NoError(t, err)

		to := g.chain.Traders[1].Address
		sw, err := tr.SignWithdrawal(ctx, trader.WithdrawalParams{Asset: usdt, Amount: big.NewInt(500_000), To: to})
		require.NoError(t, err)
		_, err = c.SubmitWithdrawal(ctx, sw.Request)
		requireAPIError(t, err, 403, api.CodeInvalidPermissions)
		account, err := g.store.WalletAccount(ctx, tr.Address())
		require.NoError(t, err)
		wa := store.WithdrawalAddress{ID: "wa_test", AccountID: account, Source: "ETHEREUM", Address: to, Status: store.AddressPending, CreatedAt: time.Now()}
		require.NoError(t, g.store.AddWithdrawalAddress(ctx, wa))
		require.NoError(t, g.store.ApproveWithdrawalAddress(ctx, wa.ID))
		addrs, err := c.WithdrawalAddresses(ctx)
		require.NoError(t, err)
		require.Len(t, addrs.Addresses, 1)
		resp, err := c.SubmitWithdrawal(ctx, sw.Request)
		require.NoError(t, err)
		require.Eventually(t, func() bool {
			ws, err = c.Withdrawal(ctx, resp.InstructionID)
			return err == nil && ws.Status == api.StatusCompleted
		}, 30*time.Second, 50*time.Millisecond)
		_, err = tr.Verifier().VerifyWithdrawal(ctx, c, resp.InstructionID)
		require.NoError(t, err)
	})
	t.Run("history pages and the iterator", func(t *testing.T) {
		q := client.ActivityQuery{Source: "ETHEREUM", Start: start, End: time.Now().Add(time.Hour)}
		all, err := c.Deposits(ctx, q)
		require.NoError(t, err)
		require.Len(t, all.Transactions, 2)
		require.False(t, all.HasMore)

		q.PageSize = 1
		first, err := c.Deposits(ctx, q)
		require.NoError(t, err)
		require.Len(t, first.Transactions, 1)
		require.True(t, first.HasMore)
		var walked []api.AccountActivity
		for a, err := range c.AllDeposits(ctx, q) {
			require.NoError(t, err)
			walked = append(walked, a)
		}
		require.Equal(t, all.Transactions, walked)

		q.OrderBy = client.NewestFirst
		walked = walked[:0]
		for a, err := range c.AllWithdrawals(ctx, q) {
			require.NoError(t, err)
			walked = append(walked, a)
		}
		require.Len(t, walked, 2)
		require.NotNil(t, walked[0].Reference)

		q.OrderBy = "sideways"
		for _, err := range c.AllDeposits(ctx, q) {
			requireAPIError(t, err, 400, api.CodeInvalidQueryParams)
		}
	})
}

// units is whole tokens in base units of a token with the given decimals.
func units(decimals int64, whole int64) *big.Int {
	return new(big.Int).Mul(big.NewInt(whole), new(big.Int).Exp(big.NewInt(10), big.NewInt(decimals), nil))
}

var _ trader.StatusSource = (*client.Client)(nil)
