package app_test

import (
	"context"
	"log/slog"
	"math/big"
	"net"
	"testing"
	"time"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestRelayPlacedByFeeBump: a relayed order whose first transaction stays unmined is
// bumped by the sender; when the bump is what the chain mines, the order's status by the
// instructionId the client was given follows the order (placed, then settled), instead
// of answering PENDING for good.
func TestRelayPlacedByFeeBump(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	src := c.ChainSource(1)
	cfg := chainConfig(t, c)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	cfg.Listen = ln.Addr().String()
	cfg.Finish()
	a, err := app.New(ctx, cfg, app.Options{Listener: ln, Logger: slog.New(slog.DiscardHandler),
		EngineInterval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond, BumpAfter: 500 * time.Millisecond})
	require.NoError(t, err)
	run(t, a)
	s, cl := traderClient(t, a, cfg, c)
	tr, err := trader.New(ctx, src, s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	usdt, err := tr.Asset("usdt")
	require.NoError(t, err)
	dai, err := tr.Asset("dai")
	require.NoError(t, err)
	_, err = tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)

	require.NoError(t, c.SetAutomine(ctx, false))
	automine := true
	t.Cleanup(func() {
		if !automine {
			_ = c.SetAutomine(context.Background(), true)
		}
	})
	automine = false
	so, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000),
		MinBuyAmount: new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))}, big.NewInt(777))
	require.NoError(t, err)
	resp, err := cl.SubmitOrder(ctx, so.Request)
	require.NoError(t, err)
	// Unmined for more than BumpAfter: the sender bumps it (a new hash at the same nonce).
	require.Eventually(t, func() bool {
		bumps, err := a.Store().FeeBumps(ctx, gethcommon.HexToHash(resp.InstructionID))
		return err == nil && len(bumps) > 0
	}, 20*time.Second, 50*time.Millisecond, "the relay was never bumped")
	require.NoError(t, c.SetAutomine(ctx, true))
	automine = true
	require.NoError(t, c.Mine(ctx, 1))
	var st api.OrderStatus
	require.Eventually(t, func() bool {
		_ = c.Mine(ctx, 1)
		st, err = cl.OrderByInstruction(ctx, src.Name, resp.InstructionID)
		return err == nil && st.Status == api.StatusSettled
	}, 30*time.Second, 200*time.Millisecond, "the order its bump placed answers %+v (%v)", st, err)
	require.NotEqual(t, resp.InstructionID, st.InstructionID, "the bump, not the first transaction, placed it")
}
