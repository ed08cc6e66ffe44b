package faults

import (
	"context"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

// Order kinds of the flow.
const (
	kindGasless  = "gasless"  // a signed DTW order relayed by the chain's settler (POST /v2/order)
	kindDirect   = "direct"   // a DTW order the trader places on-chain itself
	kindOffchain = "offchain" // an OFFCHAIN swap (POST /v2/orders)
)

// order is one order of the flow and what became of it.
type order struct {
	i        int
	kind     string
	source   string // the chain, or OFFCHAIN
	acct     *account
	fillable bool // false: it must be cancelled (a market order below the price, a limit that expires)
	nonce    int64

	// instruction is the order's instructionId once answered: the relay or placement
	// transaction, or the OFFCHAIN instruction id.
	instruction string
	// orderID is the gateway's id (of the chain's or the OFFCHAIN venue's), once known;
	// orderKey an on-chain order's key on its contract, once known.
	orderID, orderKey string
	retries           int
	err               error // no answer, or an answer that refused the order
	// status is the gateway's final word.
	status string
}

// runResult is what a run did.
type runResult struct {
	mu                                                 sync.Mutex
	orders                                             []*order
	kills, leaderKills, reorgs, cuts, lies, pgRestarts int
	// failovers are, per lease, how long after each kill of its holder another took it.
	failovers map[string][]time.Duration
	errs      []string
}

func (r *runResult) errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, fmt.Sprintf(format, args...))
}

// run sends the flow of orders and injects the faults meanwhile; it returns once every
// order was answered and every fault repaired.
func (e *env) run(t *testing.T, sz size, rng *rand.Rand) *runResult {
	t.Helper()
	r := &runResult{failovers: map[string][]time.Duration{}}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go e.feedHeartbeat(ctx)

	flow := time.Duration(sz.orders) * sz.orderEvery
	var chaos sync.WaitGroup
	chaos.Add(1)
	go func() {
		defer chaos.Done()
		e.chaos(ctx, t, sz, rng, flow, r)
	}()

	var wg sync.WaitGroup
	start := time.Now()
	for i := range sz.orders {
		o := &order{i: i, acct: e.accts[i%len(e.accts)], fillable: i%7 != 5, nonce: int64(1000 + i)}
		switch i % 3 {
		case 0:
			o.kind = kindGasless
		case 1:
			o.kind = kindDirect
		default:
			o.kind = kindOffchain
		}
		o.source = api.SourceOffchain
		if o.kind != kindOffchain {
			o.source = e.net.Chains[(i/3)%len(e.net.Chains)].Source
		}
		r.orders = append(r.orders, o)
		time.Sleep(time.Until(start.Add(time.Duration(i) * sz.orderEvery)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			e.submit(o)
		}()
	}
	wg.Wait()
	chaos.Wait()
	t.Logf("flow: %d orders answered in %s", sz.orders, time.Since(start).Round(time.Second))
	return r
}

// submit places one order and retries it until it gets an answer (5 minutes at most).
func (e *env) submit(o *order) {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	switch o.kind {
	case kindGasless:
		c := e.net.Chain(o.source)
		req, err := e.signedOrder(ctx, c, o)
		if err != nil {
			o.err = err
			return
		}
		var sub api.SubmitResponse
		o.retries, o.err = untilAnswer(ctx, func(ctx context.Context) error {
			sub, err = o.acct.cl.SubmitOrder(ctx, req)
			return err
		})
		o.instruction = sub.InstructionID
	case kindDirect:
		c := e.net.Chain(o.source)
		mu, _ := e.sendMu.LoadOrStore(o.source+o.acct.trader.Address.Hex(), &sync.Mutex{})
		mu.(*sync.Mutex).Lock()
		defer mu.(*sync.Mutex).Unlock()
		dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
		p := testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(5), MinBuyAmount: usdt.Units(4), Kind: dtw.KindMarket}
		if !o.fillable {
			p.MinBuyAmount = usdt.Units(10)
		}
		placed, err := c.DepositAndPlaceOrder(ctx, o.acct.trader, p)
		if err != nil {
			o.err = fmt.Errorf("place on-chain: %w", err)
			return
		}
		o.instruction, o.orderKey = placed.Receipt.TxHash.Hex(), placed.Key().Hex()
	case kindOffchain:
		req := api.SwapRequest{InstructionID: fmt.Sprintf("faults-%d", o.i), SellingAsset: "usd", BuyingAsset: "dai", AmountToSell: "10"}
		if !o.fillable { // rests unfilled until it expires, then the matcher cancels it
			req.OrderType, req.LimitAmountToReceive = api.OrderTypeLimit, "1000"
			req.ExpiresAt = time.Now().Add(20 * time.Second).UTC().Format(time.RFC3339)
		}
		var st api.OrderStatus
		var err error
		o.retries, o.err = untilAnswer(ctx, func(ctx context.Context) error {
			st, err = o.acct.cl.Swap(ctx, "", req)
			return err
		})
		o.instruction, o.orderID = req.InstructionID, st.OrderID
	}
}

// signedOrder signs a gasless order of 5 DAI for USDT (at least 4, or 10 when it must not
// fill) with the order's nonce, valid for an hour of chain time.
func (e *env) signedOrder(ctx context.Context, c *testnet.Chain, o *order) (api.SignedOrderRequest, error) {
	now, err := c.Now(ctx)
	if err != nil {
		return api.SignedOrderRequest{}, err
	}
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	limit := "4"
	if !o.fillable {
		limit = "10"
	}
	lim, _ := strconv.ParseInt(limit, 10, 64)
	deadline := uint64(now.Unix()) + 3600
	so := dtw.SignedOrder{Trader: o.acct.trader.Address, SellToken: dai.Address, BuyToken: usdt.Address,
		SellAmount: dai.Units(5), MinBuyAmount: usdt.Units(lim), Deadline: deadline, Kind: dtw.KindMarket, Nonce: big.NewInt(o.nonce)}
	sig, err := o.acct.trader.SignTypedData(dtw.OrderTypedData(c.ChainID, c.DTW, so))
	if err != nil {
		return api.SignedOrderRequest{}, err
	}
	return api.SignedOrderRequest{Source: c.Source, Trader: o.acct.trader.Address.Hex(), SellingAsset: "dai", BuyingAsset: "usdt",
		AmountToSell: "5", LimitAmountToReceive: limit, OrderType: api.OrderTypeMarket,
		Deadline: strconv.FormatUint(deadline, 10), Nonce: strconv.FormatInt(o.nonce, 10), Signature: hexutil.Encode(sig)}, nil
}

// feedHeartbeat keeps the price feeds fresh, as devnet does, until ctx ends.
func (e *env) feedHeartbeat(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(20 * time.Second):
		}
		for _, c := range e.net.Chains {
			_ = c.RefreshFeeds(ctx, time.Minute)
		}
	}
}

// fault is one scheduled fault.
type fault struct {
	kind   string // kill, leader-kill, reorg, rpc-cut, lying-rpc, pg-restart
	source string
}

// chaos injects sz's faults, spread over the flow's duration, one at a time.
func (e *env) chaos(ctx context.Context, t *testing.T, sz size, rng *rand.Rand, flow time.Duration, r *runResult) {
	var faults []fault
	for i := range sz.kills {
		if i < sz.leaderKills {
			faults = append(faults, fault{kind: "leader-kill", source: e.net.Chains[i%len(e.net.Chains)].Source})
		} else {
			faults = append(faults, fault{kind: "kill"})
		}
	}
	for range sz.reorgs {
		faults = append(faults, fault{kind: "reorg", source: e.net.Chains[rng.IntN(len(e.net.Chains))].Source})
	}
	for range sz.rpcCuts {
		faults = append(faults, fault{kind: "rpc-cut", source: e.net.Chains[rng.IntN(len(e.net.Chains))].Source})
	}
	for range sz.lies {
		faults = append(faults, fault{kind: "lying-rpc", source: e.net.Chains[rng.IntN(len(e.net.Chains))].Source})
	}
	for range sz.pgRestarts {
		faults = append(faults, fault{kind: "pg-restart"})
	}
	rng.Shuffle(len(faults), func(i, j int) { faults[i], faults[j] = faults[j], faults[i] })
	start := time.Now()
	var failovers sync.WaitGroup
	defer failovers.Wait()
	for i, f := range faults {
		at := start.Add(flow/10 + time.Duration(float64(flow)*0.8*(float64(i)+0.5)/float64(len(faults))))
		select {
		case <-ctx.Done():
			return
		case <-time.After(time.Until(at)):
		}
		t.Logf("%s fault %d/%d: %s %s", time.Now().Format("15:04:05.0"), i+1, len(faults), f.kind, f.source)
		switch f.kind {
		case "kill", "leader-kill":
			e.kill(ctx, t, f, rng, r, &failovers)
		case "reorg":
			depth := 1 + rng.IntN(5)
			if sz.reorgs == 1 { // the bounded run's one reorg goes deeper than the confirmations
				depth = confirmations + 1 + rng.IntN(5-confirmations)
			}
			c := e.net.Chain(f.source)
			e.waitActivity(ctx, c, depth, 20*time.Second) // a reorg of empty blocks undoes nothing
			drop := r.reorgs%2 == 0                       // every other reorg loses the operator's transactions
			res, err := Reorg(ctx, c.RPC, ReorgOptions{Depth: depth, Noise: e.noise.Key, BlockTime: blockTime,
				Drop: func(_ *types.Transaction, from common.Address) bool { return drop && from == c.Operator.Address }})
			if err != nil {
				r.errorf("reorg of %s: %v", f.source, err)
				continue
			}
			r.reorgs++
			t.Logf("reorg of %s: blocks %d-%d replaced (head %s -> %s), %d transactions mined again, %d of the operator's dropped",
				f.source, res.From, res.Head, res.OldHead.TerminalString(), res.NewHead.TerminalString(), res.Kept, res.Dropped)
		case "rpc-cut":
			mode, name := Blackhole, "black-holed"
			if r.cuts%2 == 1 {
				mode, name = Drop, "dropped"
			}
			d := 5*time.Second + time.Duration(rng.IntN(8))*time.Second
			e.proxies[f.source].SetMode(mode)
			time.Sleep(d)
			e.proxies[f.source].SetMode(Forward)
			r.cuts++
			t.Logf("RPC of %s %s for %s, restored", f.source, name, d)
		case "lying-rpc":
			d := 5*time.Second + time.Duration(rng.IntN(8))*time.Second
			e.liars[f.source].Set(liar.Lies{ReceiptStatus: true, BlockHash: true})
			time.Sleep(d)
			e.liars[f.source].Set(liar.Lies{})
			r.lies++
			t.Logf("RPC endpoint 0 of %s lied about receipts and block hashes for %s", f.source, d)
		case "pg-restart":
			began := time.Now()
			if err := e.pg.Restart(ctx); err != nil {
				r.errorf("PostgreSQL restart: %v", err)
				continue
			}
			r.pgRestarts++
			t.Logf("PostgreSQL restarted in %s", time.Since(began).Round(time.Millisecond))
		}
	}
}

// waitActivity waits (at most limit) until the last depth blocks of c hold a transaction
// to the DTW contract.
func (e *env) waitActivity(ctx context.Context, c *testnet.Chain, depth int, limit time.Duration) {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) && ctx.Err() == nil {
		head, err := c.Client.BlockNumber(ctx)
		for n := head; err == nil && n+uint64(depth) > head && n > 0; n-- {
			b, berr := c.Client.BlockByNumber(ctx, new(big.Int).SetUint64(n))
			if berr != nil {
				break
			}
			for _, tx := range b.Transactions() {
				if to := tx.To(); to != nil && *to == c.DTW {
					return
				}
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// kill SIGKILLs a replica (the leader of f.source's chain for a leader-kill), measures
// how long each lease it held stays without a leader, and restarts it after a moment.
func (e *env) kill(ctx context.Context, t *testing.T, f fault, rng *rand.Rand, r *runResult, failovers *sync.WaitGroup) {
	leaders, err := e.leaders(ctx)
	if err != nil {
		r.errorf("leases: %v", err)
	}
	victim := e.cluster.reps[rng.IntN(len(e.cluster.reps))]
	if f.kind == "leader-kill" {
		if rep := e.cluster.byPid(leaders["settler:"+f.source]); rep != nil {
			victim = rep
		} else {
			t.Logf("no replica leads %s now (%v): killing replica %d", f.source, leaders, victim.idx)
		}
	}
	pid := victim.pid()
	var held []string
	for lease, holder := range leaders {
		if holder == pid && pid != 0 {
			held = append(held, lease)
		}
	}
	killed := time.Now()
	e.cluster.kill(victim)
	r.mu.Lock()
	r.kills++
	if len(held) > 0 {
		r.leaderKills++
	}
	r.mu.Unlock()
	t.Logf("killed replica %d (pid %d), holding %s", victim.idx, pid, strings.Join(held, ", "))
	for _, lease := range held {
		failovers.Add(1)
		go func() {
			defer failovers.Done()
			wctx, cancel := context.WithTimeout(ctx, 2*time.Minute)
			defer cancel()
			d, err := e.waitNewLeader(wctx, lease, pid, killed)
			if err != nil {
				r.errorf("%v", err)
				return
			}
			t.Logf("%s: new leader %.1fs after the kill of pid %d", lease, d.Seconds(), pid)
			r.mu.Lock()
			r.failovers[lease] = append(r.failovers[lease], d)
			r.mu.Unlock()
		}()
	}
	time.Sleep(time.Second + time.Duration(rng.IntN(2000))*time.Millisecond)
	if err := e.cluster.start(victim); err != nil {
		r.errorf("restart of replica %d: %v", victim.idx, err)
	}
}
