package contracts_test

import (
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// EnvInvariantSeed overrides the random seed of TestInvariant, to replay a failing run.
const EnvInvariantSeed = "DTW_INVARIANT_SEED"

const (
	invariantSteps = 300
	// maxInvariantSteps bounds the extra steps taken until every action succeeded once.
	maxInvariantSteps = 1200
	// deadlineMargin keeps the model away from deadlines it cannot judge: the next
	// block's time is the latest block's plus whatever the wall clock added since.
	deadlineMargin = 120
)

// TestInvariant runs a random sequence of deposits, orders (direct, with deposit, signed),
// settlements (single and batches that skip stale orders), cancellations, cancel requests
// (direct and signed) and cancellations after their grace period, withdrawals (direct and
// signed), clock moves, pauses, listings and delistings of tokens, donations (plain
// transfers and forced ETH) and sweeps by several accounts, and checks after every step
// that the contract holds, per token, at least all free balances plus the sell amounts
// locked in open orders, that it owes exactly that (liabilities), that a sweep could take
// only the donations, and that every free balance is what a model of the contract expects.
func TestInvariant(t *testing.T) {
	seed := time.Now().UnixNano()
	if s := os.Getenv(EnvInvariantSeed); s != "" {
		var err error
		seed, err = strconv.ParseInt(s, 10, 64)
		require.NoErrorf(t, err, "%s", EnvInvariantSeed)
	}
	t.Logf("seed %d (replay with %s=%d)", seed, EnvInvariantSeed, seed)

	c := newChain(t, 4)
	m := newModel(t, c, rand.New(rand.NewSource(seed)))
	m.checkInvariant(0)
	// Run invariantSteps steps, then go on (up to maxInvariantSteps) until every action
	// has succeeded at least once: a random walk sometimes reaches no successful batch
	// (one bad fill reverts all of it) in 300 steps.
	step := 1
	for ; step <= invariantSteps || len(m.neverSucceeded()) > 0 && step <= maxInvariantSteps; step++ {
		m.step(step)
		m.checkInvariant(step)
	}
	m.checkOpenOrders()
	m.drain()
	m.checkInvariant(step)
	m.sweepAll()

	var names []string
	for name := range m.stats {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		t.Logf("%-22s ok %3d  reverted %3d", name, m.stats[name][0], m.stats[name][1])
	}
	require.Emptyf(t, m.neverSucceeded(), "never succeeded in %d steps (seed %d): the sequence is degenerate", step-1, seed)
}

// mustSucceed are the actions a sequence must have run successfully at least once.
var mustSucceed = []string{"deposit", "placeOrder", "depositAndPlaceOrder", "placeOrderSigned", "settle", "settleBatch", "cancel (operator)", "cancel (expired)",
	"withdraw", "withdrawSigned", "requestCancel", "requestCancelSigned", "cancel (grace over)", "settleBatch (skipping)", "sweep", "setTokensListed", "donate"}

// neverSucceeded lists the actions of mustSucceed with no success yet.
func (m *model) neverSucceeded() []string {
	var missing []string
	for _, name := range mustSucceed {
		if s := m.stats[name]; s == nil || s[0] == 0 {
			missing = append(missing, name)
		}
	}
	return missing
}

// model is what the contract's state should be.
type model struct {
	t        *testing.T
	c        *testnet.Chain
	rng      *rand.Rand
	traders  []testnet.Account
	accounts []testnet.Account // traders and the operator: everyone with a free balance
	free     map[common.Address]map[common.Address]*big.Int
	open     []*testnet.PlacedOrder
	closed   []*testnet.PlacedOrder
	donated  map[common.Address]*big.Int // sent to DTW without a deposit and not swept: nobody's balance
	nonces   map[common.Address]map[int64]bool
	listed   map[common.Address]bool
	// requested holds the end of the grace period of each open order's cancel request.
	requested map[*testnet.PlacedOrder]uint64
	paused    bool
	placed    int
	stats     map[string]*[2]int
}

func newModel(t *testing.T, c *testnet.Chain, rng *rand.Rand) *model {
	m := &model{
		t: t, c: c, rng: rng, traders: c.Traders,
		accounts: append(append([]testnet.Account{}, c.Traders...), c.Operator),
		free:     map[common.Address]map[common.Address]*big.Int{},
		donated:  map[common.Address]*big.Int{},
		nonces:   map[common.Address]map[int64]bool{},
		listed:   map[common.Address]bool{},
		stats:    map[string]*[2]int{},

		requested: map[*testnet.PlacedOrder]uint64{},
	}
	for _, a := range m.accounts {
		m.free[a.Address] = map[common.Address]*big.Int{}
		m.nonces[a.Address] = map[int64]bool{}
		for _, tok := range c.Tokens {
			m.free[a.Address][tok.Address] = free(t, c, a.Address, tok)
		}
	}
	for _, tok := range c.Tokens {
		m.donated[tok.Address] = new(big.Int)
		m.listed[tok.Address] = true
	}
	return m
}

// action is one step: a call, the revert the model expects ("" for success) and what
// success changes in the model.
type action struct {
	name  string
	desc  string
	want  string
	do    func() (*types.Receipt, error)
	apply func(r *types.Receipt)
}

func (m *model) run(step int, a action) {
	m.t.Helper()
	r, err := a.do()
	got := ""
	if err != nil {
		got = testnet.RevertName(err)
		require.NotEmptyf(m.t, got, "step %d %s: %s: failed without revert data: %v", step, a.name, a.desc, err)
	}
	m.t.Logf("step %3d %-20s %s -> %s", step, a.name, a.desc, orOK(got))
	require.Equalf(m.t, a.want, got, "step %d %s: %s: got %s, want %s", step, a.name, a.desc, orOK(got), orOK(a.want))
	m.count(a.name, err == nil)
	if err == nil && a.apply != nil {
		a.apply(r)
	}
}

// count adds a success or a revert of an action to the statistics.
func (m *model) count(name string, ok bool) {
	if m.stats[name] == nil {
		m.stats[name] = &[2]int{}
	}
	if ok {
		m.stats[name][0]++
	} else {
		m.stats[name][1]++
	}
}

func orOK(revert string) string {
	if revert == "" {
		return "ok"
	}
	return revert
}

func (m *model) step(step int) {
	if m.paused && m.rng.Intn(100) < 40 || !m.paused && m.rng.Intn(100) < 2 {
		m.run(step, m.setPaused())
		return
	}
	if s := m.stats["cancel (grace over)"]; (s == nil || s[0] == 0) && !m.paused && m.rng.Intn(2) == 0 {
		// Until one has succeeded, a requested order past its grace period (see warp) is
		// cancelled before settles, operator cancels or long warps take it away.
		if o, ok := m.pickRequested(true); ok {
			m.run(step, m.cancel("cancel (grace over)", m.trader(), o, ""))
			return
		}
	}
	choices := []struct {
		weight int
		make   func() (action, bool)
	}{
		{18, m.deposit},
		{14, m.placeOrder},
		{7, m.depositAndPlaceOrder},
		{8, m.placeOrderSigned},
		{14, m.settle},
		{8, m.settleBatch},
		{6, m.cancelByOperator},
		{10, m.cancelExpired},
		{10, m.withdraw},
		{4, m.withdrawSigned},
		{7, m.warp},
		{3, m.donate},
		{6, m.requestCancel},
		{3, m.requestCancelSigned},
		{6, m.cancelAfterGrace},
		{2, m.sweep},
		{2, m.setTokensListed},
	}
	total := 0
	for _, ch := range choices {
		total += ch.weight
	}
	for {
		pick := m.rng.Intn(total)
		for _, ch := range choices {
			if pick -= ch.weight; pick < 0 {
				if a, ok := ch.make(); ok {
					m.run(step, a)
					return
				}
				break
			}
		}
	}
}

// ---------------------------------------------------------------- random inputs

func (m *model) trader() testnet.Account { return m.traders[m.rng.Intn(len(m.traders))] }

func (m *model) token() testnet.Token { return m.c.Tokens[m.rng.Intn(len(m.c.Tokens))] }

func (m *model) other(not testnet.Account) testnet.Account {
	for {
		if a := m.trader(); a.Address != not.Address {
			return a
		}
	}
}

// amount is a random amount of up to maxWhole tokens, with odd low digits.
func (m *model) amount(tok testnet.Token, maxWhole int64) *big.Int {
	micro := big.NewInt(m.rng.Int63n(maxWhole*1_000_000) + 1)
	a := micro.Mul(micro, tok.Units(1)).Div(micro, big.NewInt(1_000_000))
	if tok.Decimals > 6 {
		a.Add(a, big.NewInt(m.rng.Int63n(1_000_000)))
	}
	return a
}

// portion is mostly a part of `have`, sometimes more than it, rarely zero.
func (m *model) portion(have *big.Int) *big.Int {
	switch p := m.rng.Intn(100); {
	case p < 3:
		return new(big.Int)
	case p < 13 || have.Sign() == 0:
		return new(big.Int).Add(have, big.NewInt(m.rng.Int63n(1000)+1))
	default:
		out := new(big.Int).Mul(have, big.NewInt(int64(m.rng.Intn(100)+1)))
		out.Div(out, big.NewInt(100))
		if out.Sign() == 0 {
			out.SetInt64(1)
		}
		return out
	}
}

// sellToken is mostly a token the trader holds a free balance of.
func (m *model) sellToken(trader testnet.Account) testnet.Token {
	for range 8 {
		if tok := m.token(); m.free[trader.Address][tok.Address].Sign() > 0 || m.rng.Intn(100) < 15 {
			return tok
		}
	}
	return m.token()
}

func (m *model) now() uint64 { return now(m.t, m.c) }

// deadline is mostly well ahead of the chain's clock, sometimes already past, rarely
// beyond maxOrderTTL.
func (m *model) deadline() uint64 {
	switch p := m.rng.Intn(100); {
	case p < 4:
		return m.now() - deadlineMargin - uint64(m.rng.Intn(600))
	case p < 6:
		return m.now() + maxTTL + deadlineMargin + uint64(m.rng.Intn(86400))
	case p < 30: // outlives clock moves, so cancel requests' grace periods end first
		return m.now() + deadlineMargin + 60 + uint64(m.rng.Intn(86400))
	}
	return m.now() + deadlineMargin + 60 + uint64(m.rng.Intn(3600))
}

// orderParams are random order fields; most pass the contract's checks.
func (m *model) orderParams(trader testnet.Account) testnet.OrderParams {
	sell := m.sellToken(trader)
	buy := m.token()
	for buy.Address == sell.Address && m.rng.Intn(100) < 95 {
		buy = m.token()
	}
	p := testnet.OrderParams{Sell: sell, Buy: buy, SellAmount: m.portion(m.free[trader.Address][sell.Address]),
		MinBuyAmount: m.amount(buy, 20), Deadline: m.deadline(), Kind: uint8(m.rng.Intn(2))}
	switch m.rng.Intn(100) {
	case 0:
		p.Kind = 2
	case 1:
		p.MinBuyAmount = new(big.Int)
	}
	return p
}

// placementRevert is the revert _placeOrder raises for p at time now, or "".
func (m *model) placementRevert(p testnet.OrderParams, now uint64) string {
	switch {
	case m.paused:
		return "IsPaused"
	case p.Sell.Address == p.Buy.Address:
		return "SameToken"
	case p.MinBuyAmount.Sign() == 0:
		return "ZeroAmount"
	case p.Deadline <= now:
		return "DeadlinePassed"
	case p.Deadline > now+maxTTL:
		return "DeadlineTooFar"
	case p.Kind > dtw.KindLimit:
		return "BadKind"
	case m.delistedHeld() > 0 && (!m.listed[p.Sell.Address] || !m.listed[p.Buy.Address]):
		return "NotListed"
	}
	return ""
}

// owed is what the model says the contract owes in tok: free balances and locked amounts.
func (m *model) owed(tok common.Address) *big.Int {
	sum := new(big.Int)
	for _, a := range m.accounts {
		sum.Add(sum, m.free[a.Address][tok])
	}
	for _, o := range m.open {
		if o.Order.SellToken == tok {
			sum.Add(sum, o.Order.SellAmount)
		}
	}
	return sum
}

// delistedHeld counts the delisted tokens the contract still owes.
func (m *model) delistedHeld() int {
	n := 0
	for _, tok := range m.c.Tokens {
		if !m.listed[tok.Address] && m.owed(tok.Address).Sign() > 0 {
			n++
		}
	}
	return n
}

// debitRevert is the revert _debit raises, or "".
func (m *model) debitRevert(who common.Address, tok common.Address, amount *big.Int) string {
	switch {
	case amount.Sign() == 0:
		return "ZeroAmount"
	case m.free[who][tok].Cmp(amount) < 0:
		return "InsufficientBalance"
	}
	return ""
}

func (m *model) add(who, tok common.Address, delta *big.Int) {
	m.free[who][tok] = new(big.Int).Add(m.free[who][tok], delta)
}

func (m *model) opened(o *testnet.PlacedOrder) {
	m.open = append(m.open, o)
	m.placed++
}

func (m *model) close(o *testnet.PlacedOrder) {
	delete(m.requested, o)
	for i, x := range m.open {
		if x == o {
			m.open = append(m.open[:i], m.open[i+1:]...)
			break
		}
	}
	m.closed = append(m.closed, o)
}

func describe(o *testnet.PlacedOrder) string {
	return fmt.Sprintf("#%s %s sells %s for >= %s, deadline %d", o.ID, o.Order.Trader.Hex()[:8], o.Order.SellAmount, o.Order.MinBuyAmount, o.Order.Deadline)
}

// receiptOf adapts the harness's order calls to action.do.
func receiptOf(o *testnet.PlacedOrder, err error) (*types.Receipt, error) {
	if err != nil {
		return nil, err
	}
	return o.Receipt, nil
}

func placed(r *types.Receipt, c *testnet.Chain) *testnet.PlacedOrder {
	ev := dtw.PlacedOrders(c.DTW, r.Logs)[0]
	return &testnet.PlacedOrder{ID: dtw.OrderIDFromEvent(ev), Order: dtw.OrderFromEvent(ev), Receipt: r}
}

// pickOrder picks an open order whose deadline is clearly ahead (live) or clearly past,
// and whose cancel request, if any, is clearly within or past its grace period.
func (m *model) pickOrder(live bool) (*testnet.PlacedOrder, bool) {
	now := m.now()
	var fit []*testnet.PlacedOrder
	for _, o := range m.open {
		if cancelAfter, ok := m.requested[o]; ok && cancelAfter+deadlineMargin >= now && cancelAfter <= now+deadlineMargin {
			continue
		}
		if live && o.Order.Deadline > now+deadlineMargin || !live && o.Order.Deadline+deadlineMargin < now {
			fit = append(fit, o)
		}
	}
	if len(fit) == 0 {
		return nil, false
	}
	return fit[m.rng.Intn(len(fit))], true
}

// ---------------------------------------------------------------- actions

func (m *model) deposit() (action, bool) {
	trader, tok := m.trader(), m.token()
	amount := m.amount(tok, 50)
	if m.rng.Intn(100) < 3 {
		amount = new(big.Int)
	}
	credited := afterFee(tok, amount)
	want := ""
	switch {
	case !m.listed[tok.Address]:
		want = "NotListed"
	case amount.Sign() == 0:
		want = "ZeroAmount"
	}
	return action{
		name: "deposit", desc: fmt.Sprintf("%s %s %s", trader.Name, amount, tok.Symbol), want: want,
		do: func() (*types.Receipt, error) { return m.c.Deposit(ctx, trader, tok, amount) },
		apply: func(r *types.Receipt) {
			ev := testnet.RequireEvent(m.t, r, m.c.DTW, dtwABI.UnpackDepositedEvent)
			requireAmount(m.t, credited, ev.Amount, "credited")
			m.add(trader.Address, tok.Address, credited)
		},
	}, true
}

func (m *model) placeOrder() (action, bool) {
	trader := m.trader()
	p := m.orderParams(trader)
	want := m.debitRevert(trader.Address, p.Sell.Address, p.SellAmount)
	if want == "" {
		want = m.placementRevert(p, m.now())
	}
	return action{
		name: "placeOrder", desc: fmt.Sprintf("%s %s %s -> %s", trader.Name, p.SellAmount, p.Sell.Symbol, p.Buy.Symbol), want: want,
		do: func() (*types.Receipt, error) { return receiptOf(m.c.PlaceOrder(ctx, trader, p)) },
		apply: func(r *types.Receipt) {
			m.add(trader.Address, p.Sell.Address, neg(p.SellAmount))
			m.opened(placed(r, m.c))
		},
	}, true
}

func (m *model) depositAndPlaceOrder() (action, bool) {
	trader := m.trader()
	p := m.orderParams(trader)
	p.SellAmount = m.amount(p.Sell, 50)
	if m.rng.Intn(100) < 3 {
		p.SellAmount = new(big.Int)
	}
	want := ""
	switch {
	case !m.listed[p.Sell.Address]:
		want = "NotListed"
	case p.SellAmount.Sign() == 0:
		want = "ZeroAmount"
	default:
		want = m.placementRevert(p, m.now())
	}
	arrived := afterFee(p.Sell, p.SellAmount)
	return action{
		name: "depositAndPlaceOrder", desc: fmt.Sprintf("%s %s %s -> %s", trader.Name, p.SellAmount, p.Sell.Symbol, p.Buy.Symbol), want: want,
		do: func() (*types.Receipt, error) { return receiptOf(m.c.DepositAndPlaceOrder(ctx, trader, p)) },
		apply: func(r *types.Receipt) {
			o := placed(r, m.c)
			requireAmount(m.t, arrived, o.Order.SellAmount, "sells what arrived")
			m.opened(o)
		},
	}, true
}

// nonce is mostly a fresh nonce of the trader's, sometimes one already used.
func (m *model) nonce(trader common.Address) int64 {
	used := m.nonces[trader]
	if len(used) > 0 && m.rng.Intn(100) < 10 {
		var ns []int64
		for n := range used {
			ns = append(ns, n)
		}
		sort.Slice(ns, func(i, j int) bool { return ns[i] < ns[j] })
		return ns[m.rng.Intn(len(ns))]
	}
	for {
		if n := m.rng.Int63n(1 << 20); !used[n] {
			return n
		}
	}
}

// signatureRevert is what _useSignature raises for a request of trader's that signer
// signed with nonce, or "".
func (m *model) signatureRevert(trader, signer testnet.Account, nonce int64) string {
	switch {
	case signer.Address != trader.Address:
		return "BadSignature"
	case m.nonces[trader.Address][nonce]:
		return "NonceAlreadyUsed"
	}
	return ""
}

func (m *model) placeOrderSigned() (action, bool) {
	trader := m.trader()
	relayer, signer := m.other(trader), trader
	if m.rng.Intn(100) < 5 {
		signer = relayer
	}
	p := m.orderParams(trader)
	nonce := m.nonce(trader.Address)
	o := dtw.SignedOrder{Trader: trader.Address, SellToken: p.Sell.Address, BuyToken: p.Buy.Address, SellAmount: p.SellAmount,
		MinBuyAmount: p.MinBuyAmount, Deadline: p.Deadline, Kind: p.Kind, Nonce: big.NewInt(nonce)}
	sig := signOrder(m.t, m.c, signer, o)
	want := m.signatureRevert(trader, signer, nonce)
	if want == "" {
		if want = m.debitRevert(trader.Address, p.Sell.Address, p.SellAmount); want == "" {
			want = m.placementRevert(p, m.now())
		}
	}
	return action{
		name: "placeOrderSigned", desc: fmt.Sprintf("%s signed by %s, nonce %d, relayed by %s: %s %s -> %s", trader.Name, signer.Name, nonce, relayer.Name, p.SellAmount, p.Sell.Symbol, p.Buy.Symbol), want: want,
		do: func() (*types.Receipt, error) { return receiptOf(m.c.RelaySignedOrder(ctx, relayer, o, sig)) },
		apply: func(r *types.Receipt) {
			m.nonces[trader.Address][nonce] = true
			m.add(trader.Address, p.Sell.Address, neg(p.SellAmount))
			m.opened(placed(r, m.c))
		},
	}, true
}

// fill is one settlement of an order for buy.
type fill struct {
	order *testnet.PlacedOrder
	buy   *big.Int
}

// settleOutcome simulates _settle over fills in order, on a copy of the operator's
// balances: the revert the contract raises ("" for none), and for a batch the fills it
// applies and the orders it skips with their reasons. A single settle reverts where a
// batch skips.
func (m *model) settleOutcome(fills []fill, now uint64, batch bool) (string, []fill, map[*testnet.PlacedOrder]uint8) {
	op := m.c.Operator.Address
	bal := map[common.Address]*big.Int{}
	for tok, v := range m.free[op] {
		bal[tok] = new(big.Int).Set(v)
	}
	done := map[*testnet.PlacedOrder]bool{}
	skipped := map[*testnet.PlacedOrder]uint8{}
	var applied []fill
	for _, f := range fills {
		o := f.order.Order
		cancelAfter, requested := m.requested[f.order]
		skip, revert := uint8(0), ""
		switch {
		case done[f.order] || !m.isOpen(f.order):
			skip, revert = dtw.SkipClosed, "UnknownOrder"
		case now > o.Deadline:
			skip, revert = dtw.SkipExpired, "DeadlinePassed"
		case requested && now > cancelAfter:
			skip, revert = dtw.SkipCancelRequested, "CancelGraceOver"
		}
		if skip != 0 {
			if !batch {
				return revert, nil, nil
			}
			skipped[f.order] = skip
			continue
		}
		switch {
		case f.buy.Cmp(o.MinBuyAmount) < 0:
			return "BelowMinBuyAmount", nil, nil
		case bal[o.BuyToken].Cmp(f.buy) < 0:
			return "InsufficientBalance", nil, nil
		}
		done[f.order] = true
		bal[o.BuyToken].Sub(bal[o.BuyToken], f.buy)
		bal[o.SellToken].Add(bal[o.SellToken], o.SellAmount)
		applied = append(applied, f)
	}
	return "", applied, skipped
}

func (m *model) isOpen(o *testnet.PlacedOrder) bool {
	for _, x := range m.open {
		if x == o {
			return true
		}
	}
	return false
}

// buyAmount is at or a little above minBuyAmount, except in badPct percent of the cases:
// then below it or more than the operator holds.
func (m *model) buyAmount(o dtw.Order, badPct int) *big.Int {
	switch p := m.rng.Intn(100); {
	case p < badPct/2:
		return new(big.Int).Sub(o.MinBuyAmount, big.NewInt(1))
	case p < badPct:
		return new(big.Int).Add(m.free[m.c.Operator.Address][o.BuyToken], big.NewInt(1))
	default:
		extra := new(big.Int).Mul(o.MinBuyAmount, big.NewInt(int64(m.rng.Intn(10))))
		return extra.Div(extra, big.NewInt(100)).Add(extra, o.MinBuyAmount)
	}
}

func (m *model) applySettle(fills []fill) {
	op := m.c.Operator.Address
	for _, f := range fills {
		o := f.order.Order
		m.add(op, o.BuyToken, neg(f.buy))
		m.add(op, o.SellToken, o.SellAmount)
		m.add(o.Trader, o.BuyToken, f.buy)
		m.close(f.order)
	}
}

func (m *model) settle() (action, bool) {
	o, ok := m.pickOrder(m.rng.Intn(100) < 90)
	if len(m.closed) > 0 && m.rng.Intn(100) < 5 {
		o, ok = m.closed[m.rng.Intn(len(m.closed))], true
	}
	if !ok {
		return action{}, false
	}
	fills := []fill{{o, m.buyAmount(o.Order, 14)}}
	want, _, _ := m.settleOutcome(fills, m.now(), false)
	return action{
		name: "settle", desc: fmt.Sprintf("%s with %s", describe(o), fills[0].buy), want: want,
		do:    func() (*types.Receipt, error) { return m.c.Settle(ctx, m.c.Operator, o, fills[0].buy) },
		apply: func(*types.Receipt) { m.applySettle(fills) },
	}, true
}

// settleBatch settles a few orders, mostly live ones; expired ones, closed ones (also the
// same order twice) and those whose cancel request's grace period is over are skipped.
func (m *model) settleBatch() (action, bool) {
	var fills []fill
	var orders []*testnet.PlacedOrder
	var buys []*big.Int
	picked := map[*testnet.PlacedOrder]bool{}
	for range 2 + m.rng.Intn(3) {
		o, ok := m.pickOrder(m.rng.Intn(100) < 85)
		if len(m.closed) > 0 && m.rng.Intn(100) < 8 {
			o, ok = m.closed[m.rng.Intn(len(m.closed))], true
		}
		if !ok || picked[o] && m.rng.Intn(100) >= 10 { // the same order twice, rarely
			continue
		}
		picked[o] = true
		f := fill{o, m.buyAmount(o.Order, 4)}
		fills, orders, buys = append(fills, f), append(orders, o), append(buys, f.buy)
	}
	if len(fills) < 2 {
		return action{}, false
	}
	desc := fmt.Sprintf("%d fills:", len(fills))
	for _, f := range fills {
		desc += fmt.Sprintf(" [%s with %s]", describe(f.order), f.buy)
	}
	want, applied, skipped := m.settleOutcome(fills, m.now(), true)
	return action{
		name: "settleBatch", desc: desc, want: want,
		do: func() (*types.Receipt, error) { return m.c.SettleBatch(ctx, m.c.Operator, orders, buys) },
		apply: func(r *types.Receipt) {
			requireSkipped(m.t, m.c, r, skipped)
			m.applySettle(applied)
			if len(skipped) > 0 {
				m.count("settleBatch (skipping)", true)
			}
		},
	}, true
}

func (m *model) cancel(name string, from testnet.Account, o *testnet.PlacedOrder, want string) action {
	if want == "" && !m.isOpen(o) {
		want = "UnknownOrder"
	}
	return action{
		name: name, desc: fmt.Sprintf("%s by %s", describe(o), from.Name), want: want,
		do: func() (*types.Receipt, error) { return m.c.Cancel(ctx, from, o) },
		apply: func(*types.Receipt) {
			m.add(o.Order.Trader, o.Order.SellToken, o.Order.SellAmount)
			m.close(o)
		},
	}
}

func (m *model) cancelByOperator() (action, bool) {
	if len(m.closed) > 0 && m.rng.Intn(100) < 10 {
		return m.cancel("cancel (operator)", m.c.Operator, m.closed[m.rng.Intn(len(m.closed))], "UnknownOrder"), true
	}
	if len(m.open) == 0 {
		return action{}, false
	}
	return m.cancel("cancel (operator)", m.c.Operator, m.open[m.rng.Intn(len(m.open))], ""), true
}

// strangerCancelRevert is what cancel by a non-operator raises for an open order whose
// deadline and cancel request are clearly on one side of now.
func (m *model) strangerCancelRevert(o *testnet.PlacedOrder, now uint64) string {
	cancelAfter, requested := m.requested[o]
	switch {
	case now > o.Order.Deadline:
		return ""
	case !requested:
		return "DeadlineNotPassed"
	case now <= cancelAfter:
		return "CancelGraceNotOver"
	}
	return ""
}

// cancelExpired has a trader (any, often not the order's) cancel an order: refunded to
// its trader once the deadline has passed, refused before (unless a cancel request's grace
// period is over).
func (m *model) cancelExpired() (action, bool) {
	from := m.trader()
	if o, ok := m.pickOrder(false); ok {
		return m.cancel("cancel (expired)", from, o, ""), true
	}
	if o, ok := m.pickOrder(true); ok {
		return m.cancel("cancel (live)", from, o, m.strangerCancelRevert(o, m.now())), true
	}
	return action{}, false
}

// requested picks an open order with a cancel request whose grace period is clearly over
// (over) or clearly not, with a deadline clearly ahead.
func (m *model) pickRequested(over bool) (*testnet.PlacedOrder, bool) {
	now := m.now()
	var fit []*testnet.PlacedOrder
	for _, o := range m.open {
		cancelAfter, ok := m.requested[o]
		if !ok || o.Order.Deadline <= now+deadlineMargin {
			continue
		}
		if over && cancelAfter+deadlineMargin < now || !over && cancelAfter > now+deadlineMargin {
			fit = append(fit, o)
		}
	}
	if len(fit) == 0 {
		return nil, false
	}
	return fit[m.rng.Intn(len(fit))], true
}

// cancelAfterGrace has anyone cancel a requested order: refunded once the grace period is
// over, refused within it.
func (m *model) cancelAfterGrace() (action, bool) {
	from := m.trader()
	if o, ok := m.pickRequested(true); ok {
		return m.cancel("cancel (grace over)", from, o, ""), true
	}
	if o, ok := m.pickRequested(false); ok {
		return m.cancel("cancel (in grace)", from, o, "CancelGraceNotOver"), true
	}
	return action{}, false
}

// requestRevert is what _requestCancel raises for o, or "".
func (m *model) requestRevert(o *testnet.PlacedOrder) string {
	if !m.isOpen(o) {
		return "UnknownOrder"
	}
	if _, ok := m.requested[o]; ok {
		return "CancelAlreadyRequested"
	}
	return ""
}

// anyOrder is mostly an open order, sometimes a closed one.
func (m *model) anyOrder() (*testnet.PlacedOrder, bool) {
	if len(m.closed) > 0 && (len(m.open) == 0 || m.rng.Intn(100) < 8) {
		return m.closed[m.rng.Intn(len(m.closed))], true
	}
	if len(m.open) == 0 {
		return nil, false
	}
	return m.open[m.rng.Intn(len(m.open))], true
}

func (m *model) applyRequest(o *testnet.PlacedOrder, r *types.Receipt) {
	ev := testnet.RequireEvent(m.t, r, m.c.DTW, dtwABI.UnpackCancelRequestedEvent)
	requireAmount(m.t, keyOf(o), ev.OrderKey, "CancelRequested order key")
	m.requested[o] = ev.CancelAfter
}

func (m *model) requestCancel() (action, bool) {
	o, ok := m.anyOrder()
	if !ok {
		return action{}, false
	}
	from := m.accountOf(o.Order.Trader)
	want := m.requestRevert(o)
	if m.rng.Intn(100) < 8 {
		from, want = m.c.Operator, "NotOrderTrader"
	}
	return action{
		name: "requestCancel", desc: fmt.Sprintf("%s by %s", describe(o), from.Name), want: want,
		do:    func() (*types.Receipt, error) { return m.c.RequestCancel(ctx, from, o) },
		apply: func(r *types.Receipt) { m.applyRequest(o, r) },
	}, true
}

func (m *model) requestCancelSigned() (action, bool) {
	o, ok := m.anyOrder()
	if !ok {
		return action{}, false
	}
	trader := m.accountOf(o.Order.Trader)
	relayer, signer := m.other(trader), trader
	if m.rng.Intn(100) < 5 {
		signer = relayer
	}
	nonce := m.nonce(trader.Address)
	req := dtw.SignedCancelRequest{Trader: trader.Address, OrderId: o.ID, Nonce: big.NewInt(nonce), Deadline: m.now() + 600}
	sig, err := signer.SignTypedData(dtw.CancelRequestTypedData(m.c.ChainID, m.c.DTW, req))
	require.NoError(m.t, err)
	want := m.signatureRevert(trader, signer, nonce)
	if want == "" {
		want = m.requestRevert(o)
	}
	return action{
		name: "requestCancelSigned", desc: fmt.Sprintf("%s signed by %s, nonce %d, relayed by %s", describe(o), signer.Name, nonce, relayer.Name), want: want,
		do: func() (*types.Receipt, error) { return m.c.RelayCancelRequest(ctx, relayer, req, o, sig) },
		apply: func(r *types.Receipt) {
			m.nonces[trader.Address][nonce] = true
			m.applyRequest(o, r)
		},
	}, true
}

// accountOf returns the trader account with an address.
func (m *model) accountOf(addr common.Address) testnet.Account {
	for _, a := range m.accounts {
		if a.Address == addr {
			return a
		}
	}
	m.t.Fatalf("no account %s", addr)
	return testnet.Account{}
}

// sweep has the owner sweep a token's surplus: exactly the donations, never a balance.
func (m *model) sweep() (action, bool) {
	tok := m.token()
	want := ""
	if m.donated[tok.Address].Sign() == 0 {
		want = "NothingToSweep"
	}
	return action{
		name: "sweep", desc: fmt.Sprintf("%s (donated %s)", tok.Symbol, m.donated[tok.Address]), want: want,
		do: func() (*types.Receipt, error) {
			return transact(m.c, m.c.Owner, dtwABI.PackSweep(tok.Address, m.c.Owner.Address))
		},
		apply: func(r *types.Receipt) {
			ev := testnet.RequireEvent(m.t, r, m.c.DTW, dtwABI.UnpackSweptEvent)
			requireAmount(m.t, m.donated[tok.Address], ev.Amount, "swept")
			m.donated[tok.Address] = new(big.Int)
		},
	}, true
}

// setTokensListed has the owner delist a token, or mostly list again a delisted one.
func (m *model) setTokensListed() (action, bool) {
	var delisted []testnet.Token
	for _, tok := range m.c.Tokens {
		if !m.listed[tok.Address] {
			delisted = append(delisted, tok)
		}
	}
	tok, listed := m.token(), false
	if len(delisted) > 0 && m.rng.Intn(100) < 85 {
		tok, listed = delisted[m.rng.Intn(len(delisted))], true
	}
	return action{
		name: "setTokensListed", desc: fmt.Sprintf("%s %t", tok.Symbol, listed),
		do: func() (*types.Receipt, error) {
			return transact(m.c, m.c.Owner, dtwABI.PackSetTokensListed([]common.Address{tok.Address}, listed))
		},
		apply: func(*types.Receipt) { m.listed[tok.Address] = listed },
	}, true
}

func (m *model) withdraw() (action, bool) {
	from := m.accounts[m.rng.Intn(len(m.accounts))]
	tok := m.token()
	amount := m.portion(m.free[from.Address][tok.Address])
	to := m.trader()
	return action{
		name: "withdraw", desc: fmt.Sprintf("%s %s %s to %s", from.Name, amount, tok.Symbol, to.Name),
		want: m.debitRevert(from.Address, tok.Address, amount),
		do:   func() (*types.Receipt, error) { return m.c.Withdraw(ctx, from, tok, amount, to) },
		apply: func(*types.Receipt) {
			m.add(from.Address, tok.Address, neg(amount))
		},
	}, true
}

func (m *model) withdrawSigned() (action, bool) {
	trader := m.trader()
	relayer := m.other(trader)
	tok := m.sellToken(trader)
	nonce := m.nonce(trader.Address)
	w := dtw.SignedWithdrawal{Trader: trader.Address, Token: tok.Address, Amount: m.portion(m.free[trader.Address][tok.Address]),
		To: relayer.Address, Nonce: big.NewInt(nonce), Deadline: m.deadline()}
	sig := signWithdrawal(m.t, m.c, trader, w)
	want := ""
	switch {
	case w.Deadline < m.now():
		want = "DeadlinePassed"
	case m.nonces[trader.Address][nonce]:
		want = "NonceAlreadyUsed"
	default:
		want = m.debitRevert(trader.Address, tok.Address, w.Amount)
	}
	return action{
		name: "withdrawSigned", desc: fmt.Sprintf("%s %s %s, nonce %d, relayed by %s", trader.Name, w.Amount, tok.Symbol, nonce, relayer.Name), want: want,
		do: func() (*types.Receipt, error) {
			return transact(m.c, relayer, dtwABI.PackWithdrawSigned(w, sig))
		},
		apply: func(*types.Receipt) {
			m.nonces[trader.Address][nonce] = true
			m.add(trader.Address, tok.Address, neg(w.Amount))
		},
	}, true
}

func (m *model) warp() (action, bool) {
	d := time.Duration(60+m.rng.Intn(3600)) * time.Second
	if s := m.stats["cancel (grace over)"]; (s == nil || s[0] == 0) && m.rng.Intn(2) == 0 {
		// Random warps mostly overshoot a requested order's deadline along with its grace
		// period (a CI walk of 1,200 steps never cancelled one after the grace): step just
		// past the grace period of a requested order that outlives it, if there is one.
		now := m.now()
		for _, o := range m.open {
			if after, ok := m.requested[o]; ok && after+deadlineMargin >= now && o.Order.Deadline > after+3*deadlineMargin {
				d = time.Duration(after+deadlineMargin+1-now) * time.Second
				break
			}
		}
	}
	return action{name: "warp", desc: d.String(), do: func() (*types.Receipt, error) { return nil, m.c.IncreaseTime(ctx, d) }}, true
}

func (m *model) setPaused() action {
	to := !m.paused
	return action{
		name: "setPaused", desc: strconv.FormatBool(to),
		do:    func() (*types.Receipt, error) { return transact(m.c, m.c.Owner, dtwABI.PackSetPaused(to)) },
		apply: func(*types.Receipt) { m.paused = to },
	}
}

// donate sends tokens to DTW with a plain transfer, or forces ETH on it (DTW has no
// receive function; a selfdestruct or a block reward would): they belong to no balance.
func (m *model) donate() (action, bool) {
	from, tok := m.trader(), m.token()
	amount := m.amount(tok, 5)
	return action{
		name: "donate", desc: fmt.Sprintf("%s %s %s", from.Name, amount, tok.Symbol),
		do: func() (*types.Receipt, error) {
			if tok.Kind == testnet.KindNative {
				return nil, m.c.SetBalance(ctx, m.c.DTW, new(big.Int).Add(held(m.t, m.c, tok, m.c.DTW), amount))
			}
			return m.c.Transact(ctx, from, &tok.Address, bindings.NewTestToken().PackTransfer(m.c.DTW, amount), nil)
		},
		apply: func(*types.Receipt) {
			m.donated[tok.Address].Add(m.donated[tok.Address], afterFee(tok, amount))
		},
	}, true
}

// ---------------------------------------------------------------- checks

// checkInvariant checks, per token, holdings >= free + locked, and every free balance
// against the model; holdings must also equal free + locked + donated exactly.
func (m *model) checkInvariant(step int) {
	m.t.Helper()
	for _, tok := range m.c.Tokens {
		sumFree := new(big.Int)
		for _, a := range m.accounts {
			got := free(m.t, m.c, a.Address, tok)
			require.Equalf(m.t, m.free[a.Address][tok.Address].String(), got.String(),
				"step %d: free %s of %s: got %s, want %s", step, tok.Symbol, a.Name, got, m.free[a.Address][tok.Address])
			sumFree.Add(sumFree, got)
		}
		locked := new(big.Int)
		for _, o := range m.open {
			if o.Order.SellToken == tok.Address {
				locked.Add(locked, o.Order.SellAmount)
			}
		}
		holdings := held(m.t, m.c, tok, m.c.DTW)
		owed := new(big.Int).Add(sumFree, locked)
		require.GreaterOrEqualf(m.t, holdings.Cmp(owed), 0,
			"step %d: DTW holds %s %s, less than free %s + locked %s", step, holdings, tok.Symbol, sumFree, locked)
		liabilities := call(m.t, m.c, dtwABI.PackLiabilities(tok.Address), dtwABI.UnpackLiabilities)
		require.Equalf(m.t, owed.String(), liabilities.String(), "step %d: liabilities of %s: got %s, want free %s + locked %s", step, tok.Symbol, liabilities, sumFree, locked)
		surplus := call(m.t, m.c, dtwABI.PackSurplus(tok.Address), dtwABI.UnpackSurplus)
		require.Equalf(m.t, m.donated[tok.Address].String(), surplus.String(), "step %d: surplus of %s: got %s, want the donations %s", step, tok.Symbol, surplus, m.donated[tok.Address])
		require.Equalf(m.t, m.listed[tok.Address], call(m.t, m.c, dtwABI.PackIsListed(tok.Address), dtwABI.UnpackIsListed), "step %d: %s listed", step, tok.Symbol)
		want := owed.Add(owed, m.donated[tok.Address])
		require.Equalf(m.t, want.String(), holdings.String(),
			"step %d: DTW holds %s %s, want free %s + locked %s + donated %s", step, holdings, tok.Symbol, sumFree, locked, m.donated[tok.Address])
	}
}

// checkOpenOrders checks that the contract stores exactly the model's open orders.
func (m *model) checkOpenOrders() {
	m.t.Helper()
	for _, o := range m.open {
		requireOpen(m.t, m.c, o, true)
		got := call(m.t, m.c, dtwABI.PackCancelAfter(keyOf(o)), dtwABI.UnpackCancelAfter)
		require.Equalf(m.t, m.requested[o], got, "cancelAfter of order %s", o.ID)
	}
	require.Equal(m.t, uint32(m.delistedHeld()), delistedHeld(m.t, m.c), "delistedHeld")
	for _, o := range m.closed {
		requireOpen(m.t, m.c, o, false)
	}
}

// drain cancels every open order and withdraws every free balance: afterwards DTW holds
// only donations.
func (m *model) drain() {
	m.t.Helper()
	for len(m.open) > 0 {
		o := m.open[0]
		m.run(invariantSteps+1, m.cancel("drain cancel", m.c.Operator, o, ""))
	}
	for _, a := range m.accounts {
		for _, tok := range m.c.Tokens {
			if amount := m.free[a.Address][tok.Address]; amount.Sign() > 0 {
				m.run(invariantSteps+1, action{
					name: "drain withdraw", desc: fmt.Sprintf("%s %s %s", a.Name, amount, tok.Symbol),
					do:    func() (*types.Receipt, error) { return m.c.Withdraw(ctx, a, tok, amount, a) },
					apply: func(*types.Receipt) { m.add(a.Address, tok.Address, neg(amount)) },
				})
			}
		}
	}
	for _, tok := range m.c.Tokens {
		requireAmount(m.t, m.donated[tok.Address], held(m.t, m.c, tok, m.c.DTW), "%s left in DTW after draining", tok.Symbol)
	}
}

// sweepAll sweeps what draining left: afterwards DTW holds nothing at all.
func (m *model) sweepAll() {
	m.t.Helper()
	for _, tok := range m.c.Tokens {
		if m.donated[tok.Address].Sign() > 0 {
			_, err := transact(m.c, m.c.Owner, dtwABI.PackSweep(tok.Address, m.c.Owner.Address))
			require.NoError(m.t, err)
			m.donated[tok.Address] = new(big.Int)
		}
		requireAmount(m.t, new(big.Int), held(m.t, m.c, tok, m.c.DTW), "%s left in DTW after sweeping", tok.Symbol)
	}
}
