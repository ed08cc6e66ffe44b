package engine_test

import (
	"context"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

type fixture struct {
	c       *testnet.Chain
	st      *store.SQLite
	metrics *prometheus.Registry
	start   func()
}

// newFixture starts a chain and a store and builds an engine over them, through wrap's
// client when given one.
func newFixture(t *testing.T, wrap ...func(engine.Client) engine.Client) *fixture {
	t.Helper()
	c, st := engine.ChainAndStore(t)
	book, err := pricing.NewBook(pricing.DefaultConfig())
	require.NoError(t, err)
	reg := prometheus.NewRegistry()
	var client engine.Client = c.Client
	for _, w := range wrap {
		client = w(client)
	}
	e := engine.New(engine.Config{Source: ptr(c.ChainSource(1)), Pricing: book, Interval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond,
		Metrics: metrics.NewSettler(reg).Chain(c.Source)},
		client, st, c.Operator.Signer())
	f := &fixture{c: c, st: st, metrics: reg}
	f.start = func() {
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { _ = e.Run(ctx); close(done) }()
		t.Cleanup(func() { cancel(); <-done })
	}
	return f
}

// metric returns the sum of a metric's series of the fixture's chain: a counter's or a
// gauge's value, a histogram's sample count.
func (f *fixture) metric(t *testing.T, name string) float64 {
	t.Helper()
	families, err := f.metrics.Gather()
	require.NoError(t, err)
	var sum float64
	for _, mf := range families {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			for _, l := range m.GetLabel() {
				if l.GetName() == metrics.LabelSource {
					require.Equal(t, f.c.Source, l.GetValue())
				}
			}
			sum += m.GetCounter().GetValue() + m.GetGauge().GetValue() + float64(m.GetHistogram().GetSampleCount())
		}
	}
	return sum
}

// waitClosed waits until the engine has checked the return transaction of the order
// keyed key.
func (f *fixture) waitClosed(t *testing.T, key common.Hash) store.OrderReturn {
	t.Helper()
	var r store.OrderReturn
	require.Eventually(t, func() bool {
		var err error
		r, err = f.returnOf(key)
		return err == nil
	}, 20*time.Second, 50*time.Millisecond, "order %s was not closed", key)
	return r
}

// returnOf reads the checked return of the order keyed key (the contract's key; the
// store numbers orders itself): ErrNotFound until the follower applied the order and the
// engine checked its return.
func (f *fixture) returnOf(key common.Hash) (store.OrderReturn, error) {
	o, err := f.st.OrderByKey(context.Background(), f.c.Source, key)
	if err != nil {
		return store.OrderReturn{}, err
	}
	return f.st.OrderReturn(context.Background(), f.c.Source, o.Placed.OrderID.Uint64())
}

func TestEngineSettlesCancelsAndRests(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[0]
	_, err := c.Deposit(ctx, trader, dai, dai.Units(1000))
	require.NoError(t, err)
	// 100 DAI at 1 - 0.1% half spread - 0.1% commission = 99.8001 USDT.
	fillable := testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99)}
	tooGreedy := testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(100)}

	market, err := c.PlaceOrder(ctx, trader, fillable)
	require.NoError(t, err)
	unfillable, err := c.PlaceOrder(ctx, trader, tooGreedy)
	require.NoError(t, err)
	limit := tooGreedy
	limit.Kind = dtw.KindLimit
	now, err := c.Now(ctx)
	require.NoError(t, err)
	limit.Deadline = uint64(now.Unix()) + 120
	resting, err := c.PlaceOrder(ctx, trader, limit)
	require.NoError(t, err)
	so, sig, err := c.SignOrder(ctx, trader, fillable, big.NewInt(7))
	require.NoError(t, err)
	gasless, err := c.RelaySignedOrder(ctx, c.Traders[1], so, sig)
	require.NoError(t, err)

	before, err := c.DTWBalance(ctx, trader.Address, usdt.Address)
	require.NoError(t, err)
	f.start()

	for _, o := range []*testnet.PlacedOrder{market, gasless} {
		r := f.waitClosed(t, o.Key())
		require.Equal(t, store.OrderSettled, r.Status)
		require.Equal(t, "99800100", r.BuyAmount.String())
		check, err := chain.VerifyReturnTx(ctx, c.Client, r.TxHash, chain.ReturnExpectation{DTW: c.DTW, OrderKey: o.Key(),
			Trader: trader.Address, Kind: dtw.EventOrderSettled, BuyAmount: r.BuyAmount})
		require.NoError(t, err)
		require.Equal(t, r.BuyAmount.String(), check.Event.BuyAmount.String())
		from, err := c.TxSender(ctx, r.TxHash)
		require.NoError(t, err)
		require.Equal(t, c.Operator.Address, from, "the operator settled it")
	}
	after, err := c.DTWBalance(ctx, trader.Address, usdt.Address)
	require.NoError(t, err)
	require.Equal(t, "199600200", new(big.Int).Sub(after, before).String(), "two settlements of 99.8001 USDT")

	r := f.waitClosed(t, unfillable.Key())
	require.Equal(t, store.OrderCancelled, r.Status, "a market order that cannot fill is cancelled at once")

	// The settler's metrics moved, labelled by the chain's source.
	require.Equal(t, 2.0, f.metric(t, "dtwgate_engine_orders_settled_total"))
	require.Equal(t, 2.0, f.metric(t, "dtwgate_engine_settle_latency_blocks"))
	require.GreaterOrEqual(t, f.metric(t, "dtwgate_engine_orders_cancelled_total"), 1.0)
	require.GreaterOrEqual(t, f.metric(t, "dtwgate_sender_txs_sent_total"), 2.0, "a settle and a cancel at least")
	kinds, err := testutil.GatherAndCount(f.metrics, "dtwgate_sender_txs_sent_total")
	require.NoError(t, err)
	require.Equal(t, 2, kinds, "one series per kind: settle and cancel")
	require.GreaterOrEqual(t, f.metric(t, "dtwgate_sender_txs_final_total"), 2.0)
	require.Positive(t, f.metric(t, "dtwgate_follower_head_block"))
	require.Positive(t, f.metric(t, "dtwgate_follower_synced_block"))

	time.Sleep(500 * time.Millisecond)
	_, err = f.returnOf(resting.Key())
	require.ErrorIs(t, err, store.ErrNotFound, "a limit order that cannot fill rests")
	require.NoError(t, c.IncreaseTime(ctx, 121*time.Second))
	r = f.waitClosed(t, resting.Key())
	require.Equal(t, store.OrderCancelled, r.Status, "a resting limit order is cancelled at its deadline")
	bal, err := c.DTWBalance(ctx, trader.Address, dai.Address)
	require.NoError(t, err)
	require.Equal(t, dai.Units(1000-100-100).String(), bal.String(), "cancelled orders are refunded")
}

func ptr[T any](v T) *T { return &v }

func TestEngineHonoursCancelRequests(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[0]
	_, err := c.Deposit(ctx, trader, dai, dai.Units(1000))
	require.NoError(t, err)
	resting, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(100), Kind: dtw.KindLimit})
	require.NoError(t, err)
	f.start()
	time.Sleep(500 * time.Millisecond)
	_, err = f.returnOf(resting.Key())
	require.ErrorIs(t, err, store.ErrNotFound, "a limit order that cannot fill rests")

	r, err := c.RequestCancel(ctx, trader, resting)
	require.NoError(t, err)
	cancelAfter := testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackCancelRequestedEvent).CancelAfter
	ret := f.waitClosed(t, resting.Key())
	require.Equal(t, store.OrderCancelled, ret.Status)
	check, err := chain.VerifyReturnTx(ctx, c.Client, ret.TxHash, chain.ReturnExpectation{DTW: c.DTW, OrderKey: resting.Key(),
		Trader: trader.Address, Kind: dtw.EventOrderCancelled, SellAmount: resting.Order.SellAmount})
	require.NoError(t, err)
	require.Equal(t, c.Operator.Address, check.Event.Closer, "the operator honoured the request")
	block, err := c.Client.HeaderByNumber(ctx, check.Receipt.BlockNumber)
	require.NoError(t, err)
	require.LessOrEqual(t, block.Time, cancelAfter, "within the grace period")
	o, err := f.st.OrderByKey(ctx, c.Source, resting.Key())
	require.NoError(t, err)
	require.NotNil(t, o.CancelRequest, "the store keeps the request")
	require.Equal(t, dtw.EventOrderCancelled, o.Closed.Kind, "and the cancel closed the order")
}

// TestEngineAccountsForSkippedOrders: an order of a settle batch that expires before the
// batch is mined is skipped by the contract; the engine then cancels it instead of taking
// it for closed.
func TestEngineAccountsForSkippedOrders(t *testing.T) {
	ctx := context.Background()
	f := newFixture(t)
	c := f.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	for _, tr := range c.Traders[:2] {
		_, err := c.Deposit(ctx, tr, dai, dai.Units(1000))
		require.NoError(t, err)
	}
	now, err := c.Now(ctx)
	require.NoError(t, err)
	// Both orders in one block, so the engine settles them in one batch.
	require.NoError(t, c.SetAutomine(ctx, false))
	var txs []common.Hash
	for i, deadline := range []uint64{uint64(now.Unix()) + 30, uint64(now.Unix()) + 3600} {
		tx, err := c.SendTx(ctx, c.Traders[i], &c.DTW, dtw.PackPlaceOrder(dai.Address, usdt.Address, dai.Units(100), usdt.Units(99), deadline, dtw.KindMarket), nil, 300_000)
		require.NoError(t, err)
		txs = append(txs, tx.Hash())
	}
	require.NoError(t, c.Mine(ctx, 1))
	var orders []common.Hash
	for _, h := range txs {
		r, err := c.WaitReceipt(ctx, h)
		require.NoError(t, err)
		orders = append(orders, dtw.DecodeLogs(c.DTW, r.Logs)[0].OrderKey)
	}
	expiring, live := orders[0], orders[1]

	f.start()
	require.Eventually(t, func() bool {
		open, err := f.st.OpenTxs(ctx, c.Source, c.Operator.Address)
		require.NoError(t, err)
		return len(open) == 1 && len(open[0].OrderIDs) == 2
	}, 20*time.Second, 20*time.Millisecond, "one settle batch of both orders, waiting in the mempool")
	require.NoError(t, c.IncreaseTime(ctx, time.Minute)) // mines the batch after the first deadline
	require.NoError(t, c.SetAutomine(ctx, true))

	require.Equal(t, store.OrderSettled, f.waitClosed(t, live).Status)
	r := f.waitClosed(t, expiring)
	require.Equal(t, store.OrderCancelled, r.Status, "the skipped order is cancelled, not taken for settled")
}

// receiptCounter is the chain's client counting the receipts read of each transaction.
type receiptCounter struct {
	engine.Client
	mu    sync.Mutex
	reads map[common.Hash]int
}

func (r *receiptCounter) TransactionReceipt(ctx context.Context, tx common.Hash) (*types.Receipt, error) {
	r.mu.Lock()
	r.reads[tx]++
	r.mu.Unlock()
	return r.Client.TransactionReceipt(ctx, tx)
}

func (r *receiptCounter) count(tx common.Hash) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.reads[tx]
}

// TestEngineChecksABatchWithOneReceipt: the checks of a batch's orders read its receipt
// once, not once an order (issue 27 item 4: at 20 orders a block the per-order reads and
// commits of the checks held back the next round's settles), and every order's return
// is written.
func TestEngineChecksABatchWithOneReceipt(t *testing.T) {
	ctx := context.Background()
	var client *receiptCounter
	f := newFixture(t, func(c engine.Client) engine.Client {
		client = &receiptCounter{Client: c, reads: map[common.Hash]int{}}
		return client
	})
	c := f.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	trader := c.Traders[0]
	_, err := c.Deposit(ctx, trader, dai, dai.Units(1000))
	require.NoError(t, err)

	// Ten orders in one block, so that the engine settles them in one batch.
	const orders = 10
	now, err := c.Now(ctx)
	require.NoError(t, err)
	require.NoError(t, c.SetAutomine(ctx, false))
	var placed []common.Hash
	for i := 0; i < orders; i++ {
		data := dtw.PackPlaceOrder(dai.Address, usdt.Address, dai.Units(10), usdt.Units(9), uint64(now.Unix())+600, dtw.KindMarket)
		tx, err := c.SendTx(ctx, trader, &c.DTW, data, nil, 200_000)
		require.NoError(t, err)
		placed = append(placed, tx.Hash())
	}
	require.NoError(t, c.Mine(ctx, 1))
	require.NoError(t, c.SetAutomine(ctx, true))
	var ids []common.Hash
	for _, h := range placed {
		r, err := c.WaitReceipt(ctx, h)
		require.NoError(t, err)
		for _, ev := range dtw.DecodeLogs(c.DTW, r.Logs) {
			ids = append(ids, ev.OrderKey)
		}
	}
	require.Len(t, ids, orders)

	f.start()

	var batch common.Hash
	for _, id := range ids {
		var r store.OrderReturn
		require.Eventually(t, func() bool {
			r, err = f.returnOf(id)
			return err == nil
		}, 30*time.Second, 50*time.Millisecond, "order %s was not closed", id)
		require.Equal(t, store.OrderSettled, r.Status)
		if batch == (common.Hash{}) {
			batch = r.TxHash
		}
		require.Equal(t, batch, r.TxHash, "one batch settles the ten orders")
	}
	// The sender reads it while it waits for its confirmation, the checks once a pass.
	require.Less(t, client.count(batch), orders, "receipt reads of the batch")
}
