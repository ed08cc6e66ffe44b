package custody_test

import (
	"context"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"
)

// Token code a test swaps in while a sweep is mined.
var (
	// burnerCode loops until it runs out of gas (JUMPDEST PUSH1 0 JUMP): the forwarder's
	// sweep runs out of gas, and the factory's sweep reverts OutOfGas on chain, although
	// its gas was estimated before.
	burnerCode = hexutil.Bytes{0x5b, 0x60, 0x00, 0x56}
	// reverterCode reverts every call (PUSH1 0 PUSH1 0 REVERT): the factory skips the
	// token, and the sweep succeeds without moving it.
	reverterCode = hexutil.Bytes{0x60, 0x00, 0x60, 0x00, 0xfd}
)

// TestSweepRevertRetried: a sweep that reverts on chain (its token burnt the gas between
// the estimate and the inclusion), or that succeeds but skips a token whose transfer
// failed, keeps its forwarder's sweep marks, and a later sweep moves the funds to the
// treasury without another deposit.
func TestSweepRevertRetried(t *testing.T) {
	for _, tc := range []struct {
		name string
		code hexutil.Bytes
	}{{"reverted", burnerCode}, {"token skipped", reverterCode}} {
		t.Run(tc.name, func(t *testing.T) { testSweepRetried(t, tc.code) })
	}
}

func testSweepRetried(t *testing.T, broken hexutil.Bytes) {
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

	// The token is broken while the sweep is mined.
	code, err := c.Client.CodeAt(ctx, dai.Address, nil)
	require.NoError(t, err)
	require.NoError(t, c.RPC.CallContext(ctx, nil, "anvil_setCode", dai.Address, broken))
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.RPC.CallContext(ctx, nil, "anvil_setCode", dai.Address, hexutil.Bytes(code)))
	after, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	require.Greater(t, after, mined, "the sweep was mined")
	left, err := c.TokenBalance(ctx, dai, fwd)
	require.NoError(t, err)
	require.Equal(t, whole(t, dai, "10"), left, "the sweep did not move the DAI")

	// No other deposit: the funds are swept anyway.
	require.NoError(t, c.SetAutomine(ctx, true))
	e.eventually(t, func() bool {
		b, err := c.TokenBalance(ctx, dai, fwd)
		require.NoError(t, err)
		return b.Sign() == 0
	}, "the forwarder was never swept after its sweep reverted")
	e.quiet(t, fwd)
}
