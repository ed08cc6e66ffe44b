package inventory_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/inventory"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

const depth = 1

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// env drives one chain's settler jobs by hand (the sender's Tick, then the jobs' rounds),
// on a real anvil chain and a real store.
type env struct {
	c       *testnet.Chain
	cfg     config.Config
	st      store.Store
	src     *chain.Source
	log     *slog.Logger
	logs    *syncBuffer
	reg     *prometheus.Registry
	invm    *metrics.Inventory
	sender  *chain.Sender
	inv     *inventory.Rebalancer
	jobs    []engine.Job
	crashed bool
}

// newEnv starts a chain whose gateway config has bands (chains[0].inventory) and
// rebalance: auto.
func newEnv(t *testing.T, bands ...config.InventoryBand) *env {
	t.Helper()
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	dir := t.TempDir()
	cfg, err := c.GatewayConfig(dir)
	require.NoError(t, err)
	cfg.Chains[0].Confirmations = depth
	cfg.Chains[0].Inventory = bands
	cfg.Chains[0].Rebalance = config.RebalanceAuto
	cfg.Finish()
	require.NoError(t, cfg.Check())
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "db"), 0o700))
	st, err := store.Open(ctx, "", filepath.Join(dir, "db", "store.db"), store.SQLiteOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	src := c.ChainSource(depth)
	e := &env{c: c, cfg: cfg, st: st, src: &src, logs: &syncBuffer{}, reg: prometheus.NewRegistry()}
	e.invm = metrics.NewInventory(e.reg)
	e.log = slog.New(slog.NewTextHandler(e.logs, nil))
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("log:\n%s", e.logs.String())
		}
	})
	e.restart(t, nil)
	return e
}

// restart builds the sender and the rebalancer anew on the same store, as a settler that
// starts again does; before, when set, runs between a journaled transaction and its
// broadcast.
func (e *env) restart(t *testing.T, before func(ctx context.Context, tx chain.JournalTx)) {
	t.Helper()
	e.sender = chain.NewSender(chain.SenderConfig{Source: e.src.Name, ChainID: e.c.ChainID, Confirmations: depth, Logger: e.log,
		BeforeBroadcast: before}, e.c.Client, e.c.Operator.Signer(), e.st)
	assets, err := inventory.Assets(e.cfg.Chains[0], e.src)
	require.NoError(t, err)
	e.inv = inventory.New(inventory.Config{Source: e.src, Assets: assets, Auto: e.cfg.Chains[0].Rebalance == config.RebalanceAuto,
		Logger: e.log, Metrics: e.invm.Chain(e.src.Name)}, e.c.Client, e.st)
}

// round is one settler round: the sender follows its journal, then each job.
func (e *env) round(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.sender.Tick(ctx); err != nil {
		fmt.Fprintf(e.logs, "tick: %v\n", err)
	}
	for _, j := range append(append([]engine.Job{}, e.jobs...), e.inv) {
		if err := j.Round(ctx, e.sender); err != nil {
			fmt.Fprintf(e.logs, "round: %v\n", err)
		}
	}
}

// until runs rounds, mining a block after each, until cond holds.
func (e *env) until(t *testing.T, cond func() bool, msg string) {
	t.Helper()
	require.Eventually(t, func() bool {
		e.round(t)
		require.NoError(t, e.c.Mine(context.Background(), 1))
		return cond()
	}, 60*time.Second, 20*time.Millisecond, msg)
}

// balances are the operator's DTW inventory and treasury balance of tok, in base units.
func (e *env) balances(t *testing.T, tok testnet.Token) (dtw, treasury *big.Int) {
	t.Helper()
	ctx := context.Background()
	dtw, err := e.c.DTWBalance(ctx, e.c.Operator.Address, tok.Address)
	require.NoError(t, err)
	treasury, err = e.c.TokenBalance(ctx, tok, e.c.Operator.Address)
	require.NoError(t, err)
	return dtw, treasury
}

// moves are the store's moves of the chain, by id.
func (e *env) moves(t *testing.T) []store.InventoryMove {
	t.Helper()
	var out []store.InventoryMove
	for id := int64(1); ; id++ {
		m, err := e.st.InventoryMoveByID(context.Background(), id)
		if errors.Is(err, store.ErrNotFound) {
			return out
		}
		require.NoError(t, err)
		out = append(out, m)
	}
}

func (e *env) place(t *testing.T, asset, place string) store.InventoryPlace {
	t.Helper()
	ps, err := e.st.InventoryPlaces(context.Background())
	require.NoError(t, err)
	for _, p := range ps {
		if p.Asset == asset && p.Place == place {
			return p
		}
	}
	t.Fatalf("no inventory report of %s %s", asset, place)
	return store.InventoryPlace{}
}

func whole(tok testnet.Token, s string) *big.Int {
	return decimal.RequireFromString(s).Shift(int32(tok.Decimals)).BigInt()
}

func band(lo, target, hi string) config.Band { return config.Band{Min: lo, Target: target, Max: hi} }

// TestWithdrawalsDrainTreasuryRefilledFromDTW: OFFCHAIN withdrawals paid by the real
// custodian take the treasury below its band; the rebalancer withdraws the difference to
// target from the DTW inventory, once, and reports both places back within their bands.
func TestWithdrawalsDrainTreasuryRefilledFromDTW(t *testing.T) {
	ctx := context.Background()
	// The operator starts with 5,000,000 DAI in its wallet and 5,000,000 in DTW.
	e := newEnv(t, config.InventoryBand{Asset: "dai", DTW: band("1000000", "5000000", "9000000"),
		Treasury: band("4000000", "4500000", "6000000")})
	dai := e.c.MustToken("DAI")
	led := ledger.New(store.Narrow[ledger.Tx](e.st), nil)
	e.jobs = []engine.Job{custody.New(custody.Config{Source: e.src, Assets: e.cfg.OffchainAssets(), Logger: e.log}, e.c.Client, store.Narrow[custody.Tx](e.st))}
	e.until(t, func() bool { return e.place(t, "dai", inventory.PlaceTreasury).State == inventory.StateWithin }, "no report")
	require.Empty(t, e.moves(t), "nothing to move while both are within their bands")

	// Two withdrawals of 750,000 DAI each leave 3,500,000 in the treasury.
	dest, err := testnet.NewAccount("dest", testnet.RoleTrader)
	require.NoError(t, err)
	var ws []store.OffchainWithdrawal
	for i := range 2 {
		en, ev := offchain.DepositEntry(fmt.Sprintf("deposit:test:%d", i), "acc-1", "dai", decimal.RequireFromString("750000"),
			offchain.DepositMeta{Location: e.src.Name}, e.src.Name)
		_, _, err := led.Post(ctx, en, ev, ledger.Options{})
		require.NoError(t, err)
		w := store.OffchainWithdrawal{AccountID: "acc-1", InstructionID: fmt.Sprintf("w%d", i), Asset: "dai",
			Amount: decimal.RequireFromString("750000"), Kind: store.WithdrawalCrypto, Location: e.src.Name, Destination: dest.Address.Hex(),
			Status: store.WithdrawalPending, RequestHash: fmt.Sprintf("w%d", i), CreatedAt: time.Now()}
		require.NoError(t, e.st.InTx(ctx, func(tx store.Tx) error {
			if err := led.HoldTx(ctx, tx, w.HoldKey(), w.AccountID, w.Asset, w.Amount, ledger.Options{}); err != nil {
				return err
			}
			return tx.CreateOffchainWithdrawal(ctx, w)
		}))
		ws = append(ws, w)
	}
	e.until(t, func() bool {
		for _, w := range ws {
			got, err := e.st.OffchainWithdrawal(ctx, w.AccountID, w.InstructionID)
			require.NoError(t, err)
			if got.Status != store.WithdrawalCompleted {
				return false
			}
		}
		ms := e.moves(t)
		return len(ms) == 1 && ms[0].State == store.InventoryMoveDone && e.place(t, "dai", inventory.PlaceTreasury).State == inventory.StateWithin
	}, "the withdrawals were not paid, or the treasury not refilled")

	m := e.moves(t)[0]
	require.Equal(t, inventory.PlaceDTW, m.From)
	require.Equal(t, "1000000", m.Amount.String(), "back to target: 4,500,000 - 3,500,000")
	require.Equal(t, "auto: treasury below its band", m.Reason)
	dtwBal, treBal := e.balances(t, dai)
	require.Equal(t, whole(dai, "4000000"), dtwBal)
	require.Equal(t, whole(dai, "4500000"), treBal)
	paid, err := e.c.TokenBalance(ctx, dai, dest.Address)
	require.NoError(t, err)
	require.Equal(t, whole(dai, "1500000"), paid)

	e.until(t, func() bool {
		return e.place(t, "dai", inventory.PlaceTreasury).Balance.Equal(decimal.RequireFromString("4500000"))
	}, "stale report")
	require.Equal(t, 4_500_000.0, testutil.ToFloat64(gaugeOf(t, e.reg, "dtwgate_inventory_balance", "dai", "treasury")))
	require.Equal(t, 0.0, testutil.ToFloat64(gaugeOf(t, e.reg, "dtwgate_inventory_out_of_band", "dai", "treasury")))
	require.Equal(t, 4_000_000.0, testutil.ToFloat64(gaugeOf(t, e.reg, "dtwgate_inventory_band_min", "dai", "treasury")))
	require.Len(t, e.moves(t), 1, "moved once")
}

// gaugeOf finds one series of a gathered metric by asset and place.
func gaugeOf(t *testing.T, reg *prometheus.Registry, name, asset, place string) prometheus.Collector {
	t.Helper()
	families, err := reg.Gather()
	require.NoError(t, err)
	for _, mf := range families {
		if mf.GetName() != name {
			continue
		}
		for _, m := range mf.GetMetric() {
			labels := map[string]string{}
			for _, l := range m.GetLabel() {
				labels[l.GetName()] = l.GetValue()
			}
			if labels["asset"] == asset && labels["place"] == place {
				return prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "x"}, func() float64 { return m.GetGauge().GetValue() })
			}
		}
	}
	t.Fatalf("no %s{asset=%q,place=%q}", name, asset, place)
	return nil
}

// TestSettlementsDrainDTWRefilledFromTreasury: the engine settles a market order that
// the DTW inventory lacks funds for once the rebalancer has moved them from the treasury
// (without the rebalancer it would cancel it), and the DTW inventory the settlement left
// below its band is refilled from the treasury back to target.
func TestSettlementsDrainDTWRefilledFromTreasury(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, config.InventoryBand{Asset: "usdt", DTW: band("10", "60", "1000"), Treasury: band("1000", "2000", "100000000")})
	c := e.c
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	// Leave 50 USDT of the operator's 5,000,000 in DTW: within its band, short of the order.
	_, err := c.Withdraw(ctx, c.Operator, usdt, new(big.Int).Sub(usdt.Units(testnet.OperatorDeposit), usdt.Units(50)), c.Operator)
	require.NoError(t, err)
	book, err := pricing.NewBook(pricing.DefaultConfig())
	require.NoError(t, err)
	eng := engine.New(engine.Config{Source: e.src, Pricing: book, Interval: 100 * time.Millisecond, PollInterval: 50 * time.Millisecond,
		Logger: e.log, Jobs: []engine.Job{e.inv}, Refiller: e.inv}, c.Client, e.st, c.Operator.Signer())
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { _ = eng.Run(runCtx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })

	trader := c.Traders[0]
	_, err = c.Deposit(ctx, trader, dai, dai.Units(1000))
	require.NoError(t, err)
	// 100 DAI at 1 - 0.1% half spread - 0.1% commission = 99.8001 USDT: more than the 50 in DTW.
	o, err := c.PlaceOrder(ctx, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99)})
	require.NoError(t, err)
	var r store.OrderReturn
	require.Eventually(t, func() bool {
		placed, err := e.st.OrderByKey(ctx, c.Source, o.Key()) // the store numbers orders itself
		if err != nil {
			return false
		}
		r, err = e.st.OrderReturn(ctx, c.Source, placed.Placed.OrderID.Uint64())
		return err == nil
	}, 60*time.Second, 50*time.Millisecond, "order not closed")
	require.Equal(t, store.OrderSettled, r.Status, "settled after the rebalance, not cancelled")
	require.Equal(t, "99800100", r.BuyAmount.String())

	// The settlement left the DTW inventory at 0.0000 + what the first move brought over
	// the shortfall; below its min it is refilled to target.
	require.Eventually(t, func() bool {
		dtwBal, _ := e.balances(t, usdt)
		ms := e.moves(t)
		return dtwBal.Cmp(usdt.Units(60)) == 0 && len(ms) == 2 && ms[1].State == store.InventoryMoveDone
	}, 60*time.Second, 50*time.Millisecond, "the DTW inventory was not refilled to target")
	ms := e.moves(t)
	require.Equal(t, inventory.PlaceTreasury, ms[0].From)
	require.Equal(t, "49.8001", ms[0].Amount.String(), "the order's shortfall: 99.8001 - 50")
	require.Equal(t, "auto: orders wait for dtw inventory", ms[0].Reason)
	require.Equal(t, inventory.PlaceTreasury, ms[1].From)
	require.Equal(t, "60", ms[1].Amount.String())
	require.Equal(t, "auto: dtw below its band", ms[1].Reason)
}

// TestCrashMidMoveMovesOnce: the settler dies after journaling a move's transaction and
// before broadcasting it; the next settler sends the journaled transaction, never a
// second one, and the funds move once.
func TestCrashMidMoveMovesOnce(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, config.InventoryBand{Asset: "eth", DTW: band("100", "500", "800"), Treasury: band("1000", "99500", "200000")})
	eth := e.c.MustToken("ETH")
	dtw0, err := e.c.DTWBalance(ctx, e.c.Operator.Address, eth.Address)
	require.NoError(t, err)
	require.Equal(t, eth.Units(testnet.OperatorEthFloat), dtw0, "1,000 ETH in DTW: above its band")

	crashCtx, crash := context.WithCancel(ctx)
	var journaled []chain.JournalTx
	e.restart(t, func(_ context.Context, tx chain.JournalTx) {
		journaled = append(journaled, tx)
		crash()
	})
	_, _ = e.sender.Tick(crashCtx)
	require.Error(t, e.inv.Round(crashCtx, e.sender), "the crash cut the round short")
	require.Len(t, journaled, 1)
	require.Equal(t, inventory.KindWithdraw, journaled[0].Kind)
	_, err = e.c.Client.TransactionReceipt(ctx, journaled[0].Hash)
	require.Error(t, err, "not broadcast")

	e.restart(t, nil)
	e.until(t, func() bool {
		ms := e.moves(t)
		return len(ms) == 1 && ms[0].State == store.InventoryMoveDone
	}, "the move was not carried out")
	e.until(t, func() bool { return e.place(t, "eth", inventory.PlaceDTW).State == inventory.StateWithin }, "no report")
	m := e.moves(t)[0]
	require.Equal(t, journaled[0].Hash.Hex(), m.TxHash, "the journaled transaction, not a second one")
	require.Equal(t, "500", m.Amount.String())
	dtw1, err := e.c.DTWBalance(ctx, e.c.Operator.Address, eth.Address)
	require.NoError(t, err)
	require.Equal(t, eth.Units(500), dtw1, "moved once")
	for range 3 {
		e.round(t)
	}
	require.Len(t, e.moves(t), 1)
}

// TestManualMoveWithRebalanceOff: with rebalance off the settler moves nothing by itself,
// even with a place out of its band, and carries out an operator's move (a token into
// DTW: approve, then deposit); a move the funds do not cover fails, and says why.
func TestManualMoveWithRebalanceOff(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, config.InventoryBand{Asset: "dai", DTW: band("6000000", "7000000", "8000000")})
	e.cfg.Chains[0].Rebalance = config.RebalanceOff
	e.restart(t, nil)
	dai := e.c.MustToken("DAI")
	e.until(t, func() bool { return e.place(t, "dai", inventory.PlaceDTW).State == inventory.StateBelow }, "no report")
	require.Empty(t, e.moves(t), "rebalance off: nothing moves by itself")

	_, err := e.st.AddInventoryMove(ctx, store.InventoryMove{Source: e.src.Name, Asset: "dai", From: inventory.PlaceTreasury,
		Amount: decimal.RequireFromString("1500000.25"), Reason: inventory.ReasonManual, CreatedAt: time.Now()})
	require.NoError(t, err)
	e.until(t, func() bool { return e.moves(t)[0].State == store.InventoryMoveDone }, "the manual move was not carried out")
	dtwBal, treBal := e.balances(t, dai)
	require.Equal(t, whole(dai, "6500000.25"), dtwBal)
	require.Equal(t, whole(dai, "3499999.75"), treBal)
	for _, ref := range []string{inventory.Ref(1) + ":approve", inventory.Ref(1)} {
		_, err := e.st.JournalRef(ctx, e.src.Name, ref)
		require.NoError(t, err, ref)
	}

	_, err = e.st.AddInventoryMove(ctx, store.InventoryMove{Source: e.src.Name, Asset: "dai", From: inventory.PlaceDTW,
		Amount: decimal.RequireFromString("9000000"), Reason: inventory.ReasonManual, CreatedAt: time.Now().Add(-time.Hour)})
	require.NoError(t, err)
	e.until(t, func() bool { return e.moves(t)[1].State == store.InventoryMoveFailed }, "the uncovered move did not fail")
	require.Contains(t, e.moves(t)[1].Error, "not sent: ")
	dtwBal, _ = e.balances(t, dai)
	require.Equal(t, whole(dai, "6500000.25"), dtwBal)
}

// TestPlan: which place gives, how much, and why.
func TestPlan(t *testing.T) {
	d := decimal.RequireFromString
	b := func(lo, target, hi string) inventory.Band {
		return inventory.Band{Min: d(lo), Target: d(target), Max: d(hi), Set: true}
	}
	a := inventory.Asset{DTW: b("10", "50", "100"), Treasury: b("20", "40", "80")}
	for _, c := range []struct {
		name                string
		a                   inventory.Asset
		dtw, treasury, need string
		from, amount, why   string
	}{
		{"within", a, "50", "40", "0", "", "0", ""},
		{"dtw below", a, "5", "60", "0", "treasury", "40", "dtw below its band"},
		{"dtw below, treasury short", a, "5", "30", "0", "treasury", "10", "dtw below its band"},
		{"orders wait", a, "50", "60", "30", "treasury", "30", "orders wait for dtw inventory"},
		{"treasury below", a, "50", "10", "0", "dtw", "30", "treasury below its band"},
		{"treasury below, dtw short", a, "25", "10", "0", "dtw", "15", "treasury below its band"},
		{"dtw above", a, "150", "40", "0", "dtw", "40", "dtw above its band"},
		{"dtw above, treasury unwatched", inventory.Asset{DTW: a.DTW}, "150", "40", "0", "dtw", "100", "dtw above its band"},
		{"treasury above", a, "50", "100", "0", "treasury", "50", "treasury above its band"},
		{"both above", a, "150", "100", "0", "dtw", "0", "dtw above its band"},
		{"unwatched treasury", inventory.Asset{DTW: b("10", "50", "100")}, "0", "30", "0", "treasury", "30", "dtw below its band"},
	} {
		t.Run(c.name, func(t *testing.T) {
			from, amount, why := inventory.Plan(c.a, d(c.dtw), d(c.treasury), d(c.need))
			require.Equal(t, c.from+" "+c.amount+" "+c.why, from+" "+amount.String()+" "+why)
		})
	}
}
