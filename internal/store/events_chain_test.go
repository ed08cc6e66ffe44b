package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestOutboxFollowsChain: a real deposit and withdrawal on anvil each become one outbox
// event when the follower applies them at the confirmation depth, not before, with the
// trader's account, and readers waiting on EventsNotify wake up.
func TestOutboxFollowsChain(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st, _ := openTest(t)
	dai := c.MustToken("DAI")
	trader := c.Traders[0]
	account, err := st.EnsureWalletAccount(ctx, trader.Address, "acct-1", time.Now())
	require.NoError(t, err)

	f := chain.NewFollower(chain.FollowerConfig{Source: c.Source, DTW: c.DTW, StartBlock: c.DeployBlock, Confirmations: 2, MaxRange: 5},
		c.Client, st)
	poll := func() {
		t.Helper()
		for range 100 {
			_, caughtUp, err := f.Poll(ctx)
			require.NoError(t, err)
			if caughtUp {
				return
			}
		}
		t.Fatal("follower did not catch up")
	}

	// The testnet's own funding deposits come first.
	require.NoError(t, c.Mine(ctx, 2))
	poll()
	setup, err := st.Events(ctx, 0, 1000)
	require.NoError(t, err)
	var last int64
	if len(setup) > 0 {
		last = setup[len(setup)-1].ID
	}

	dep, err := c.Deposit(ctx, trader, dai, dai.Units(100))
	require.NoError(t, err)
	poll()
	evs, err := st.Events(ctx, last, 10)
	require.NoError(t, err)
	require.Empty(t, evs, "one confirmation: the deposit is not final yet")

	notify := st.EventsNotify()
	require.NoError(t, c.Mine(ctx, 1))
	poll()
	select {
	case <-notify:
	default:
		t.Fatal("readers not woken by the deposit's event")
	}
	evs, err = st.Events(ctx, last, 10)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	require.Equal(t, outbox.Deposit, evs[0].Kind)
	require.Equal(t, account, evs[0].AccountID)
	require.Equal(t, trader.Address, evs[0].Trader)
	require.Equal(t, c.Source, evs[0].Source)
	var p outbox.ChainActivity
	require.NoError(t, json.Unmarshal(evs[0].Payload, &p))
	require.Equal(t, dep.TxHash, p.TxHash)
	require.Equal(t, dep.BlockNumber.Uint64(), p.BlockNumber)
	require.Equal(t, dai.Address, p.Token)
	require.Equal(t, dai.Units(100).String(), p.Amount)

	wd, err := c.Withdraw(ctx, trader, dai, dai.Units(30), trader)
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, 1))
	poll()
	poll() // polling again applies nothing twice
	more, err := st.Events(ctx, evs[0].ID, 10)
	require.NoError(t, err)
	require.Len(t, more, 1)
	require.Equal(t, outbox.Withdrawal, more[0].Kind)
	require.Equal(t, account, more[0].AccountID)
	p = outbox.ChainActivity{}
	require.NoError(t, json.Unmarshal(more[0].Payload, &p))
	require.Equal(t, wd.TxHash, p.TxHash)
	require.Equal(t, dai.Units(30).String(), p.Amount)
	require.NotNil(t, p.To)
	require.Equal(t, trader.Address, *p.To)
}
