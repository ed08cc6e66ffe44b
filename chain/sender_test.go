package chain_test

import (
	"context"
	"errors"
	"math/big"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// flakyClient is the real anvil client with broadcasting switched off on demand, to
// stand for a gateway that dies between journaling and broadcasting, or an RPC outage.
type flakyClient struct {
	chain.SenderClient
	down atomic.Bool
}

var errDown = errors.New("connection refused (test: broadcasting switched off)")

func (f *flakyClient) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	if f.down.Load() {
		return errDown
	}
	return f.SenderClient.SendTransaction(ctx, tx)
}

// placeOrders places n orders of trader and returns them.
func placeOrders(t *testing.T, c *testnet.Chain, trader testnet.Account, n int) []*testnet.PlacedOrder {
	t.Helper()
	ctx := context.Background()
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	_, err := c.Deposit(ctx, trader, dai, dai.Units(int64(100*n)))
	require.NoError(t, err)
	var out []*testnet.PlacedOrder
	for i := 0; i < n; i++ {
		p, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9)})
		require.NoError(t, err)
		out = append(out, p)
	}
	return out
}

func settleData(o *testnet.PlacedOrder, buy *big.Int) []byte {
	return bindings.NewDTW().PackSettle(dtw.PackFill(o.ID, o.Order, buy))
}

// tickUntilFinal ticks until every open transaction is final and returns the outcomes.
func tickUntilFinal(t *testing.T, s *chain.Sender, c *testnet.Chain) []chain.Outcome {
	t.Helper()
	ctx := context.Background()
	var all []chain.Outcome
	for i := 0; i < 50; i++ {
		out, err := s.Tick(ctx)
		require.NoError(t, err)
		all = append(all, out...)
		open, err := s.OpenCount(ctx)
		require.NoError(t, err)
		if open == 0 {
			return all
		}
		require.NoError(t, c.Mine(ctx, 1))
	}
	t.Fatal("transactions did not become final")
	return nil
}

func TestSenderResumesAfterCrashBeforeBroadcast(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	orders := placeOrders(t, c, c.Traders[0], 1)
	usdt := c.MustToken("USDT")
	before, err := c.DTWBalance(ctx, c.Traders[0].Address, usdt.Address)
	require.NoError(t, err)

	cfg := chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, Confirmations: 2}
	client := &flakyClient{SenderClient: c.Client}
	client.down.Store(true)
	first := chain.NewSender(cfg, client, c.Operator.Signer(), st)
	jt, err := first.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.NoError(t, err, "a failed broadcast after journaling is not an error: the journal has it")
	_, err = c.Client.TransactionReceipt(ctx, jt.Hash)
	require.Error(t, err, "nothing was broadcast")

	// "Restart": a new sender on the same journal re-broadcasts the signed transaction.
	client.down.Store(false)
	second := chain.NewSender(cfg, client, c.Operator.Signer(), st)
	out := tickUntilFinal(t, second, c)
	require.Len(t, out, 1)
	require.Equal(t, jt.Hash, out[0].Tx.Hash, "the journaled transaction is sent, not a new one")
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)

	after, err := c.DTWBalance(ctx, c.Traders[0].Address, usdt.Address)
	require.NoError(t, err)
	require.Equal(t, usdt.Units(10).String(), new(big.Int).Sub(after, before).String(), "exactly one settlement")

	// A second send of the same settlement is refused at estimation: the order is closed.
	_, err = second.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.Error(t, err)
	require.Equal(t, "UnknownOrder", testnet.RevertName(err))
}

func TestSenderBumpsStuckTransaction(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	orders := placeOrders(t, c, c.Traders[1], 1)
	usdt := c.MustToken("USDT")
	require.NoError(t, c.SetAutomine(ctx, false))

	s := chain.NewSender(chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, BumpAfter: time.Millisecond}, c.Client, c.Operator.Signer(), st)
	orig, err := s.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.NoError(t, err)
	time.Sleep(5 * time.Millisecond)
	_, err = s.Tick(ctx)
	require.NoError(t, err)
	open, err := st.OpenTxs(ctx, c.Source, c.Operator.Address)
	require.NoError(t, err)
	require.Len(t, open, 2, "the stuck transaction gets a replacement")
	require.Equal(t, orig.Nonce, open[1].Nonce)
	require.Equal(t, orig.ID, open[1].Replaces)

	require.NoError(t, c.SetAutomine(ctx, true))
	out := tickUntilFinal(t, s, c)
	require.Len(t, out, 1)
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)
	var tx types.Transaction
	require.NoError(t, tx.UnmarshalBinary(open[1].Raw))
	require.Equal(t, crypto.Keccak256Hash(open[1].Raw), out[0].Tx.Hash, "the bumped replacement is mined")
}

func TestSenderResendsTransactionDroppedByReorg(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	orders := placeOrders(t, c, c.Traders[2], 1)
	usdt := c.MustToken("USDT")
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)

	s := chain.NewSender(chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, Confirmations: 3}, c.Client, c.Operator.Signer(), st)
	jt, err := s.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.NoError(t, err)
	require.Eventually(t, func() bool { // anvil mines right after the send returns
		_, err := s.Tick(ctx)
		require.NoError(t, err)
		open, err := st.OpenTxs(ctx, c.Source, c.Operator.Address)
		require.NoError(t, err)
		return len(open) == 1 && open[0].State == chain.TxMined
	}, 10*time.Second, 20*time.Millisecond, "the settlement must be mined")

	require.NoError(t, c.Revert(ctx, snap)) // the block with the settlement is gone
	out := tickUntilFinal(t, s, c)
	require.Len(t, out, 1)
	require.Equal(t, jt.Hash, out[0].Tx.Hash)
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)
	bal, err := c.DTWBalance(ctx, c.Traders[2].Address, usdt.Address)
	require.NoError(t, err)
	require.Equal(t, usdt.Units(10).String(), bal.String(), "the settlement is back on the new branch")
}

// A transaction confirmed at the depth and then taken out by a deeper reorg is sent again
// by a sender that never saw it mined (a restarted gateway): its nonce must not become a
// gap, and a new transaction waits until it is re-sent.
func TestSenderResendsConfirmedTransactionAfterDeepReorg(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	orders := placeOrders(t, c, c.Traders[0], 2)
	usdt := c.MustToken("USDT")
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)

	cfg := chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, Confirmations: 1}
	first := chain.NewSender(cfg, c.Client, c.Operator.Signer(), st)
	jt, err := first.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.NoError(t, err)
	out := tickUntilFinal(t, first, c)
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)

	require.NoError(t, c.Revert(ctx, snap)) // deeper than the confirmation depth
	restarted := chain.NewSender(cfg, c.Client, c.Operator.Signer(), st)
	_, err = restarted.Send(ctx, "settle", []uint64{orders[1].ID.Uint64()}, c.DTW, settleData(orders[1], usdt.Units(10)))
	require.ErrorIs(t, err, chain.ErrResendFirst, "a new transaction must not jump the reorged one's nonce")

	out = tickUntilFinal(t, restarted, c)
	require.Len(t, out, 1)
	require.Equal(t, jt.Hash, out[0].Tx.Hash, "the same signed transaction is sent again")
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)
	second, err := restarted.Send(ctx, "settle", []uint64{orders[1].ID.Uint64()}, c.DTW, settleData(orders[1], usdt.Units(10)))
	require.NoError(t, err)
	require.Equal(t, jt.Nonce+1, second.Nonce, "no nonce gap")
	out = tickUntilFinal(t, restarted, c)
	require.Equal(t, chain.TxConfirmed, out[0].Tx.State)
}

// A nonce used by another transaction is concluded dropped only once that transaction is
// at the confirmation depth; and when a deeper reorg frees the nonce again, the sender
// fills it with a transaction that does nothing (the dropped one was reported as not
// done: sending it again would do it after all), so that later transactions are mined.
func TestSenderFillsANonceGapLeftByADroppedTransaction(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	st := openStore(t)
	orders := placeOrders(t, c, c.Traders[0], 2)
	usdt := c.MustToken("USDT")
	snap, err := c.Snapshot(ctx)
	require.NoError(t, err)

	client := &flakyClient{SenderClient: c.Client}
	client.down.Store(true)
	s := chain.NewSender(chain.SenderConfig{Source: c.Source, ChainID: c.ChainID, Confirmations: 2}, client, c.Operator.Signer(), st)
	dropped, err := s.Send(ctx, "settle", []uint64{orders[0].ID.Uint64()}, c.DTW, settleData(orders[0], usdt.Units(10)))
	require.NoError(t, err)
	other, err := c.SendTx(ctx, c.Operator, &c.Operator.Address, nil, nil, 21000) // the same nonce, unknown to the journal
	require.NoError(t, err)
	require.Equal(t, dropped.Nonce, other.Nonce())
	_, err = c.WaitReceipt(ctx, other.Hash())
	require.NoError(t, err)

	out, err := s.Tick(ctx)
	require.NoError(t, err)
	require.Empty(t, out, "the other transaction is not at the confirmation depth yet: nothing is concluded")
	require.NoError(t, c.Mine(ctx, 1))
	out, err = s.Tick(ctx)
	require.NoError(t, err)
	require.Len(t, out, 1)
	require.Equal(t, chain.TxDropped, out[0].Tx.State, "at the depth, the journaled transaction is dropped")

	// A reorg deeper than the depth takes the other transaction out: the nonce is free again.
	client.down.Store(false)
	require.NoError(t, c.Revert(ctx, snap))
	later, err := s.Send(ctx, "settle", []uint64{orders[1].ID.Uint64()}, c.DTW, settleData(orders[1], usdt.Units(10)))
	require.NoError(t, err)
	require.Equal(t, dropped.Nonce+1, later.Nonce)

	final := tickUntilFinal(t, s, c)
	require.Len(t, final, 2, "the gap filler and the later settlement")
	byHash := map[common.Hash]chain.JournalTx{}
	for _, o := range final {
		require.Equal(t, chain.TxConfirmed, o.Tx.State)
		byHash[o.Tx.Hash] = o.Tx
	}
	require.Contains(t, byHash, later.Hash, "the later settlement is mined")
	for h, tx := range byHash {
		if h != later.Hash {
			require.Equal(t, chain.KindGapFiller, tx.Kind)
			require.Equal(t, dropped.Nonce, tx.Nonce)
		}
	}
	dtwABI := bindings.NewDTW()
	stored, err := c.Call(ctx, c.DTW, dtwABI.PackOrderHash(orders[0].ID))
	require.NoError(t, err)
	h, err := dtwABI.UnpackOrderHash(stored)
	require.NoError(t, err)
	require.NotEqual(t, [32]byte{}, h, "the dropped settlement is never sent again: its order is still open")
}
