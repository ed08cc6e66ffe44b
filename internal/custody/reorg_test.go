package custody_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/internal/faults"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// reorgFixture is an account with two DAI deposits, A (5, trader 1) and B (7, trader 2),
// credited from one block, after which a reorg deeper than the depth replaces that block
// and those after it, leaving B out (as from a node that lost it).
type reorgFixture struct {
	e        *env
	acc      string
	fwd      common.Address
	txA, txB *types.Transaction
	rB       *types.Receipt
}

func newReorgFixture(t *testing.T) *reorgFixture {
	t.Helper()
	ctx := context.Background()
	e := newEnv(t)
	c := e.c
	dai := c.MustToken("DAI")
	cl, acc := e.login(t, 0)
	fwd := e.depositAddress(t, cl, acc)
	e.eventually(t, func() bool {
		code, err := c.Client.CodeAt(ctx, fwd, nil)
		require.NoError(t, err)
		return len(code) > 0
	}, "the forwarder was never deployed")
	e.quiet(t)

	require.NoError(t, c.SetAutomine(ctx, false))
	pay := func(from testnet.Account, amount string) *types.Transaction {
		tx, err := c.SendTx(ctx, from, &dai.Address, bindings.NewFeeToken().PackTransfer(fwd, whole(t, dai, amount)), nil, 200_000)
		require.NoError(t, err)
		return tx
	}
	txA, txB := pay(c.Traders[0], "5"), pay(c.Traders[1], "7")
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.SetAutomine(ctx, true))
	rA, err := c.WaitReceipt(ctx, txA.Hash())
	require.NoError(t, err)
	rB, err := c.WaitReceipt(ctx, txB.Hash())
	require.NoError(t, err)
	require.Equal(t, rA.BlockNumber, rB.BlockNumber, "one block")
	e.eventually(t, func() bool { return balance(t, cl, "dai").Balance == "12" }, "the deposits were never credited")
	e.quiet(t, fwd)

	noise, err := testnet.NewAccount("noise", testnet.RoleTrader)
	require.NoError(t, err)
	require.NoError(t, c.SetBalance(ctx, noise.Address, big.NewInt(1e18)))
	head := e.head(t)
	require.Greater(t, head+1, rA.BlockNumber.Uint64()+depth, "the reorg is deeper than the depth")
	_, err = faults.Reorg(ctx, c.RPC, faults.ReorgOptions{Depth: int(head - rA.BlockNumber.Uint64() + 1), Noise: noise.Key,
		Drop: func(tx *types.Transaction, _ common.Address) bool { return tx.Hash() == txB.Hash() }})
	require.NoError(t, err)
	_, err = c.Client.TransactionReceipt(ctx, txB.Hash())
	require.ErrorIs(t, err, ethereum.NotFound, "B is gone")
	return &reorgFixture{e: e, acc: acc, fwd: fwd, txA: txA, txB: txB, rB: rB}
}

// waitMissing waits until the custodian has recorded the open reorg with B missing.
func (f *reorgFixture) waitMissing(t *testing.T) store.CustodyReorg {
	t.Helper()
	ctx := context.Background()
	st := f.e.app.Store()
	var r store.CustodyReorg
	f.e.eventually(t, func() bool {
		var err error
		r, err = st.CustodyReorgOf(ctx, f.e.c.Source)
		if errors.Is(err, store.ErrNotFound) {
			return false
		}
		require.NoError(t, err)
		return r.Missing == 1
	}, "the deep reorg was never recorded with B missing")
	require.True(t, r.ForkKnown)
	require.Less(t, r.Fork, f.rB.BlockNumber.Uint64())
	missing, err := st.MissingCustodyDeposits(ctx, f.e.c.Source)
	require.NoError(t, err)
	require.Len(t, missing, 1)
	require.Equal(t, f.txB.Hash(), missing[0].TxHash)
	require.Equal(t, f.acc, missing[0].AccountID)
	require.Equal(t, "7", missing[0].Credited)
	return r
}

// TestDeepReorgResumesWhenDepositsReturn: after a reorg deeper than the depth, crediting
// waits while a credited deposit is missing from the new chain (reported, not reversed),
// and resumes by itself once it is mined again, at another log index, without crediting
// it twice; a later deposit is then credited.
func TestDeepReorgResumesWhenDepositsReturn(t *testing.T) {
	ctx := context.Background()
	f := newReorgFixture(t)
	e, c := f.e, f.e.c
	dai := c.MustToken("DAI")
	cl, _ := e.login(t, 0)
	f.waitMissing(t)
	require.Equal(t, "12", balance(t, cl, "dai").Balance, "a credit is never reversed silently")

	// B is sent again (its sender still has it) and mined alone.
	require.NoError(t, c.Client.SendTransaction(ctx, f.txB))
	rB, err := c.WaitReceipt(ctx, f.txB.Hash())
	require.NoError(t, err)
	require.NotEqual(t, f.rB.Logs[0].Index, rB.Logs[0].Index, "B moved to another log index")
	e.eventually(t, func() bool {
		_, err := e.app.Store().CustodyReorgOf(ctx, c.Source)
		return errors.Is(err, store.ErrNotFound)
	}, "crediting never resumed")
	last := e.transfer(t, c.Traders[0], dai, f.fwd, whole(t, dai, "3"))
	e.eventually(t, func() bool { return balance(t, cl, "dai").Balance == "15" }, "a deposit after the reorg was never credited")
	e.creditedThrough(t, last.BlockNumber.Uint64()+depth)
	require.Equal(t, "15", balance(t, cl, "dai").Balance, "A and B were credited once")
	missing, err := e.app.Store().MissingCustodyDeposits(ctx, c.Source)
	require.NoError(t, err)
	require.Empty(t, missing)
	rec, err := e.app.Store().CustodyDepositOf(ctx, store.CustodyDeposit{Source: c.Source, TxHash: f.txB.Hash(), Forwarder: f.fwd,
		Token: dai.Address, Amount: whole(t, dai, "7")})
	require.NoError(t, err)
	require.Equal(t, rB.Logs[0].Index, rec.LogIndex, "B is recorded where it is now")
	require.Equal(t, rB.BlockHash, rec.BlockHash)
	e.quiet(t, f.fwd)
}

// TestDeepReorgMissingDepositRescan: a credited deposit that a deep reorg took out of
// the chain for good stops crediting on the chain (a later deposit waits) and is reported;
// an operator's rescan from the fork resumes crediting, credits the later deposit once,
// and leaves the missing deposit credited and reported.
func TestDeepReorgMissingDepositRescan(t *testing.T) {
	ctx := context.Background()
	f := newReorgFixture(t)
	e, c := f.e, f.e.c
	dai := c.MustToken("DAI")
	cl, _ := e.login(t, 0)
	r := f.waitMissing(t)

	later := e.transfer(t, c.Traders[0], dai, f.fwd, whole(t, dai, "3"))
	require.NoError(t, c.Mine(ctx, depth+2))
	time.Sleep(500 * time.Millisecond) // many custodian rounds
	require.Equal(t, "12", balance(t, cl, "dai").Balance, "credited while a credited deposit is missing")

	require.NoError(t, e.app.Store().RequestCustodyRescan(ctx, store.CustodyRescan{Source: c.Source, From: r.Fork + 1, RequestedAt: time.Now()}))
	e.eventually(t, func() bool { return balance(t, cl, "dai").Balance == "15" }, "the rescan never credited the later deposit")
	e.creditedThrough(t, later.BlockNumber.Uint64()+depth)
	require.Equal(t, "15", balance(t, cl, "dai").Balance, "credited once; B not reversed")
	_, err := e.app.Store().CustodyReorgOf(ctx, c.Source)
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = e.app.Store().CustodyRescanOf(ctx, c.Source)
	require.ErrorIs(t, err, store.ErrNotFound)
	missing, err := e.app.Store().MissingCustodyDeposits(ctx, c.Source)
	require.NoError(t, err)
	require.Len(t, missing, 1, "B stays reported")
	require.Equal(t, f.txB.Hash(), missing[0].TxHash)
}
