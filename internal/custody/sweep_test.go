package custody_test

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"
)

// burnerCode is runtime code that loops until it runs out of gas (JUMPDEST PUSH1 0 JUMP):
// a token with it makes the forwarder's sweep run out of gas, and the factory's sweep
// reverts OutOfGas on chain, although its gas was estimated before.
var burnerCode = hexutil.Bytes{0x5b, 0x60, 0x00, 0x56}

// TestSweepRevertRetried: a sweep that reverts on chain (its token burnt the gas between
// the estimate and the inclusion) keeps its forwarder's sweep marks, and a later sweep
// moves the funds to the treasury without another deposit.
func TestSweepRevertRetried(t *testing.T) {
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

	e.transfer(t, c.Traders[0], dai, fwd, whole(t, dai, "10"))
	// From here on the test mines every block: the sweep waits in the pool.
	require.NoError(t, c.SetAutomine(ctx, false))
	t.Cleanup(func() { _ = c.SetAutomine(context.Background(), true) })
	require.NoError(t, c.Mine(ctx, depth))
	require.Eventually(t, func() bool { return balance(t, cl, "dai").Balance == "10" }, 10*time.Second, 20*time.Millisecond,
		"the deposit was never credited")
	require.Eventually(t, func() bool {
		pending, err := c.Client.PendingNonceAt(ctx, c.Operator.Address)
		require.NoError(t, err)
		mined, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
		require.NoError(t, err)
		return pending > mined
	}, 10*time.Second, 20*time.Millisecond, "no sweep was sent")
	mined, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)

	// The token burns all gas while the sweep is mined: the sweep reverts on chain.
	code, err := c.Client.CodeAt(ctx, dai.Address, nil)
	require.NoError(t, err)
	require.NoError(t, c.RPC.CallContext(ctx, nil, "anvil_setCode", dai.Address, burnerCode))
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.RPC.CallContext(ctx, nil, "anvil_setCode", dai.Address, hexutil.Bytes(code)))
	after, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	require.Greater(t, after, mined, "the sweep was mined")
	left, err := c.TokenBalance(ctx, dai, fwd)
	require.NoError(t, err)
	require.Equal(t, whole(t, dai, "10"), left, "the sweep reverted")

	// No other deposit: the funds are swept anyway.
	require.NoError(t, c.SetAutomine(ctx, true))
	e.eventually(t, func() bool {
		b, err := c.TokenBalance(ctx, dai, fwd)
		require.NoError(t, err)
		return b.Sign() == 0
	}, "the forwarder was never swept after its sweep reverted")
	e.quiet(t, fwd)
}
