package app_test

import (
	"context"
	"math/big"
	"testing"
	"time"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
)

// TestRelayPlacedByFeeBump: a relayed order whose first transaction stays unmined is
// bumped by the sender; when the bump is what the chain mines, the order's status by the
// instructionId the client was given follows the order (placed, then settled), instead
// of answering PENDING for good.
func TestRelayPlacedByFeeBump(t *testing.T) {
	ctx := context.Background()
	e := newRelayEnv(t, 1, app.Options{BumpAfter: 500 * time.Millisecond})
	c, src, a, cl, tr, usdt, dai := e.c, e.src, e.a, e.cl, e.tr, e.usdt, e.dai
	_, err := tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
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
