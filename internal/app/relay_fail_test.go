package app_test

import (
	"context"
	"math/big"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestRelayThatRevertsFails: a relayed order, then a relayed withdrawal, whose
// transaction reverts on chain (the trader withdrew its balance directly after the
// gateway's gas estimate and before the broadcast) answer FAILED with the reason on the
// status endpoints, not PENDING for ever; the trader's nonce, which the contract did not
// consume, is free again: another signed order with it is relayed and settles.
func TestRelayThatRevertsFails(t *testing.T) {
	ctx := context.Background()
	// drain, when set, makes the trader withdraw its whole free balance of the token
	// directly just before the gateway broadcasts its next relay transaction.
	var drain atomic.Pointer[func(ctx context.Context)]
	drained := make(chan error, 1)
	before := func(ctx context.Context, tx chain.JournalTx) {
		if f := drain.Swap(nil); f != nil && strings.HasPrefix(tx.Kind, "relay-") {
			(*f)(ctx)
		}
	}
	e := newRelayEnv(t, 2, app.Options{BeforeBroadcast: before})
	c, src, a, cl, tr, usdt, dai := e.c, e.src, e.a, e.cl, e.tr, e.usdt, e.dai
	withdrawAll := func(ctx context.Context) {
		free, err := c.DTWBalance(ctx, tr.Address(), usdt.Address)
		if err == nil {
			_, err = tr.Withdraw(ctx, usdt, free, tr.Address())
		}
		drained <- err
	}
	_, err := tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)

	nonce := big.NewInt(424242)
	so, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000),
		MinBuyAmount: new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))}, nonce)
	require.NoError(t, err)
	drain.Store(&withdrawAll)
	resp, err := cl.SubmitOrder(ctx, so.Request)
	require.NoError(t, err)
	// Sent, it is PENDING; reverted (mined at once) before the answer, it is FAILED already.
	require.Contains(t, []string{api.StatusPending, api.StatusFailed}, resp.Status)
	require.NoError(t, <-drained)
	var st api.OrderStatus
	require.Eventually(t, func() bool {
		st, err = cl.OrderByInstruction(ctx, src.Name, resp.InstructionID)
		return err == nil && st.Status == api.StatusFailed
	}, 30*time.Second, 50*time.Millisecond, "the reverted relay still answers %+v (%v)", st, err)
	require.Contains(t, st.Reason, "reverted")
	require.Contains(t, st.Reason, resp.InstructionID)
	t.Logf("order relay: %s", st.Reason)
	receipt, err := c.Client.TransactionReceipt(ctx, gethcommon.HexToHash(resp.InstructionID))
	require.NoError(t, err)
	require.Zero(t, receipt.Status, "the relay transaction reverted on chain")

	// The nonce is free again: another order signed with it is relayed and settles.
	_, err = tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)
	other, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(6_000_000),
		MinBuyAmount: new(big.Int).Mul(big.NewInt(5), big.NewInt(1e18))}, nonce)
	require.NoError(t, err)
	again, err := cl.SubmitOrder(ctx, other.Request)
	require.NoError(t, err, "the failed relay's nonce is free")
	require.NotEqual(t, resp.InstructionID, again.InstructionID)
	require.Eventually(t, func() bool {
		st, err = cl.OrderByInstruction(ctx, src.Name, again.InstructionID)
		return err == nil && st.Status == api.StatusSettled
	}, 30*time.Second, 50*time.Millisecond, "the order with the freed nonce never settled: %+v (%v)", st, err)
	st, err = cl.OrderByInstruction(ctx, src.Name, resp.InstructionID)
	require.NoError(t, err)
	require.Equal(t, api.StatusFailed, st.Status, "the failed relay still answers FAILED")

	// A relayed withdrawal that reverts answers FAILED too.
	account, err := a.Store().WalletAccount(ctx, tr.Address())
	require.NoError(t, err)
	to := c.Traders[1].Address
	wa := store.WithdrawalAddress{ID: "wa_relay_fail", AccountID: account, Source: src.Name, Address: to, Status: store.AddressPending, CreatedAt: time.Now()}
	require.NoError(t, a.Store().AddWithdrawalAddress(ctx, wa))
	require.NoError(t, a.Store().ApproveWithdrawalAddress(ctx, wa.ID))
	_, err = tr.Deposit(ctx, usdt, big.NewInt(3_000_000))
	require.NoError(t, err)
	sw, err := tr.SignWithdrawal(ctx, trader.WithdrawalParams{Asset: usdt, Amount: big.NewInt(2_000_000), To: to})
	require.NoError(t, err)
	drain.Store(&withdrawAll)
	wresp, err := cl.SubmitWithdrawal(ctx, sw.Request)
	require.NoError(t, err)
	require.NoError(t, <-drained)
	var ws api.WithdrawalStatus
	require.Eventually(t, func() bool {
		ws, err = cl.Withdrawal(ctx, wresp.InstructionID)
		return err == nil && ws.Status == api.StatusFailed
	}, 30*time.Second, 50*time.Millisecond, "the reverted withdrawal relay still answers %+v (%v)", ws, err)
	require.Contains(t, ws.Reason, "reverted")
	t.Logf("withdrawal relay: %s", ws.Reason)
}
