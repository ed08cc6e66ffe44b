package faults

import (
	"context"
	"fmt"
	"math/big"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestSenderAcrossReorgsThatDropItsTransactions runs a sender under steady traffic on an
// interval-mined anvil while reorgs deeper than its confirmation depth drop its
// transactions, then checks that every journaled transaction ends final and the chain's
// nonce is the journal's next one: no nonce gap, no transaction lost.
func TestSenderAcrossReorgsThatDropItsTransactions(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	n := testnet.New(t, testnet.Options{Sources: []string{"OPTIMISM"}, Traders: 1, BlockTime: time.Second})
	c := n.Chains[0]
	st, err := store.OpenSQLite(ctx, filepath.Join(testnet.PrivateDir(t), "dtwgate.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	noise, err := testnet.NewAccount("noise", testnet.RoleTrader)
	require.NoError(t, err)
	require.NoError(t, c.SetBalance(ctx, noise.Address, new(big.Int).Lsh(big.NewInt(1), 80)))

	s := chain.NewSender(chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, Confirmations: 2, BumpAfter: 5 * time.Second},
		c.Client, c.Operator.Signer(), st)
	sink := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	var mu sync.Mutex // the chain's block production: a reorg pauses it
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // traffic: a transaction every 300 ms, a tick every 100 ms
		defer wg.Done()
		for i := 0; ; i++ {
			select {
			case <-stop:
				return
			case <-time.After(100 * time.Millisecond):
			}
			if _, err := s.Tick(ctx); err != nil {
				t.Logf("tick: %v", err)
			}
			if i%3 == 0 {
				if _, err := s.SendRef(ctx, "transfer", fmt.Sprintf("t%d", i), sink, big.NewInt(1), nil); err != nil {
					t.Logf("send: %v", err)
				}
			}
		}
	}()
	for r := 0; r < 6; r++ {
		time.Sleep(3 * time.Second)
		mu.Lock()
		res, err := Reorg(ctx, c.RPC, ReorgOptions{Depth: 3 + r%3, Noise: noise.Key, BlockTime: time.Second,
			Drop: func(_ *types.Transaction, from common.Address) bool { return from == c.Operator.Address }})
		mu.Unlock()
		require.NoError(t, err)
		t.Logf("reorg %d: blocks %d-%d, %d kept, %d of the operator's dropped", r, res.From, res.Head, res.Kept, res.Dropped)
	}
	close(stop)
	wg.Wait()
	final := func() bool {
		if _, err := s.Tick(ctx); err != nil {
			t.Logf("tick: %v", err)
		}
		open, err := s.OpenCount(ctx)
		require.NoError(t, err)
		return open == 0
	}
	for deadline := time.Now().Add(60 * time.Second); !final(); time.Sleep(200 * time.Millisecond) {
		if time.Now().After(deadline) {
			var pool any
			_ = c.RPC.CallContext(ctx, &pool, "txpool_inspect")
			latest, _ := c.Client.NonceAt(ctx, c.Operator.Address, nil)
			t.Fatalf("transactions still open after 60s: the chain's nonce is %d, the node's pool %v", latest, pool)
		}
	}
	last, ok, err := st.MaxNonce(ctx, c.Source, c.Operator.Address)
	require.NoError(t, err)
	require.True(t, ok)
	onChain, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	require.Equal(t, last+1, onChain, "the chain's nonce follows the journal's")
}
