package contracts_test

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

var (
	ctx    = context.Background()
	dtwABI = bindings.NewDTW()
)

// newChain starts a one-chain network (ETHEREUM) with `traders` funded traders.
func newChain(t *testing.T, traders int) *testnet.Chain {
	t.Helper()
	return testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: traders}).Chains[0]
}

// transact sends calldata to the DTW contract from `from`.
func transact(c *testnet.Chain, from testnet.Account, data []byte) (*types.Receipt, error) {
	return c.Transact(ctx, from, &c.DTW, data, nil)
}

// call runs a view of the DTW contract and unpacks its result.
func call[T any](t *testing.T, c *testnet.Chain, data []byte, unpack func([]byte) (T, error)) T {
	t.Helper()
	out, err := c.Call(ctx, c.DTW, data)
	require.NoError(t, err)
	v, err := unpack(out)
	require.NoError(t, err)
	return v
}

func free(t *testing.T, c *testnet.Chain, who common.Address, tok testnet.Token) *big.Int {
	t.Helper()
	b, err := c.DTWBalance(ctx, who, tok.Address)
	require.NoError(t, err)
	return b
}

func held(t *testing.T, c *testnet.Chain, tok testnet.Token, holder common.Address) *big.Int {
	t.Helper()
	b, err := c.TokenBalance(ctx, tok, holder)
	require.NoError(t, err)
	return b
}

// requireAmount compares amounts by value (big.Int internals differ for equal values).
func requireAmount(t *testing.T, want, got *big.Int, what string, args ...any) {
	t.Helper()
	require.Equalf(t, want.String(), got.String(), what, args...)
}

// balances snapshots free balances in DTW and holdings outside it, to compare later.
type balances struct {
	t    *testing.T
	c    *testnet.Chain
	free map[common.Address]map[common.Address]*big.Int
	held map[common.Address]map[common.Address]*big.Int
	toks []testnet.Token
	accs []common.Address
}

// snapshotBalances records the free balance and the outside holding of every token for
// each account, and the DTW contract's own holdings.
func snapshotBalances(t *testing.T, c *testnet.Chain, accs ...common.Address) *balances {
	t.Helper()
	b := &balances{t: t, c: c, toks: c.Tokens, accs: accs,
		free: map[common.Address]map[common.Address]*big.Int{},
		held: map[common.Address]map[common.Address]*big.Int{}}
	for _, a := range append([]common.Address{c.DTW}, accs...) {
		b.free[a], b.held[a] = map[common.Address]*big.Int{}, map[common.Address]*big.Int{}
		for _, tok := range c.Tokens {
			b.free[a][tok.Address] = free(t, c, a, tok)
			b.held[a][tok.Address] = held(t, c, tok, a)
		}
	}
	return b
}

// requireFreeDelta checks that who's free balance of tok moved by delta since the snapshot.
func (b *balances) requireFreeDelta(who common.Address, tok testnet.Token, delta *big.Int) {
	b.t.Helper()
	want := new(big.Int).Add(b.free[who][tok.Address], delta)
	requireAmount(b.t, want, free(b.t, b.c, who, tok), "free %s of %s", tok.Symbol, who)
}

// requireHeldDelta checks that who's holding of tok outside DTW moved by delta.
func (b *balances) requireHeldDelta(who common.Address, tok testnet.Token, delta *big.Int) {
	b.t.Helper()
	want := new(big.Int).Add(b.held[who][tok.Address], delta)
	requireAmount(b.t, want, held(b.t, b.c, tok, who), "%s held by %s", tok.Symbol, who)
}

// requireUnchanged checks that no free balance and no DTW holding moved since the snapshot.
func (b *balances) requireUnchanged() {
	b.t.Helper()
	for _, tok := range b.toks {
		b.requireHeldDelta(b.c.DTW, tok, new(big.Int))
		for _, a := range b.accs {
			b.requireFreeDelta(a, tok, new(big.Int))
		}
	}
}

func neg(x *big.Int) *big.Int { return new(big.Int).Neg(x) }

// afterFee is what a transfer of amount delivers: FOT burns 1%.
func afterFee(tok testnet.Token, amount *big.Int) *big.Int {
	if tok.Kind != testnet.KindFee {
		return new(big.Int).Set(amount)
	}
	fee := new(big.Int).Div(new(big.Int).Mul(amount, big.NewInt(100)), big.NewInt(10_000))
	return fee.Sub(amount, fee)
}

// gasCost is the native ETH a transaction's sender paid for gas.
func gasCost(r *types.Receipt) *big.Int {
	return new(big.Int).Mul(new(big.Int).SetUint64(r.GasUsed), r.EffectiveGasPrice)
}

// fund deposits amount of tok for the trader and returns what was credited.
func fund(t *testing.T, c *testnet.Chain, trader testnet.Account, tok testnet.Token, amount *big.Int) *big.Int {
	t.Helper()
	r, err := c.Deposit(ctx, trader, tok, amount)
	require.NoError(t, err)
	return testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackDepositedEvent).Amount
}

// place deposits the sell amount for the trader and places an order, from free balance,
// for what was credited (less than p.SellAmount for FOT).
func place(t *testing.T, c *testnet.Chain, trader testnet.Account, p testnet.OrderParams) *testnet.PlacedOrder {
	t.Helper()
	p.SellAmount = fund(t, c, trader, p.Sell, p.SellAmount)
	o, err := c.PlaceOrder(ctx, trader, p)
	require.NoError(t, err)
	return o
}

// daiForUSDT is an order selling 100 DAI for at least 99 USDT.
func daiForUSDT(c *testnet.Chain) testnet.OrderParams {
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	return testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindLimit}
}

// pause pauses the DTW contract (new orders stop).
func pause(t *testing.T, c *testnet.Chain) {
	t.Helper()
	_, err := transact(c, c.Owner, dtwABI.PackSetPaused(true))
	require.NoError(t, err)
}

// tokenCase is a sub-test on one token, with the contract paused or not.
type tokenCase struct {
	symbol string
	paused bool
}

func (tc tokenCase) name() string {
	if tc.paused {
		return tc.symbol + " while paused"
	}
	return tc.symbol
}

// setUp isolates the sub-test, pauses when the case says so, and returns the token.
func (tc tokenCase) setUp(t *testing.T, c *testnet.Chain) testnet.Token {
	t.Helper()
	c.Isolate(t)
	if tc.paused {
		pause(t, c)
	}
	return c.MustToken(tc.symbol)
}

// now returns the latest block's unix time.
func now(t *testing.T, c *testnet.Chain) uint64 {
	t.Helper()
	n, err := c.Now(ctx)
	require.NoError(t, err)
	return uint64(n.Unix())
}

// passDeadline moves the chain's clock past an order's deadline.
func passDeadline(t *testing.T, c *testnet.Chain, o dtw.Order) {
	t.Helper()
	n := now(t, c)
	if o.Deadline >= n {
		require.NoError(t, c.IncreaseTime(ctx, time.Duration(o.Deadline-n+1)*time.Second))
	}
}

// requireOpen checks whether an order's hash is stored.
// fillKey is the key settle reads for a Fill: keccak256(idAndTrader, w) from its raw id
// field (bit 62 picks w), whatever its range.
func fillKey(f dtw.Fill) *big.Int {
	seed := crypto.Keccak256Hash([]byte("DTW.orders")).Big()
	w := new(big.Int).Xor(seed, new(big.Int).And(f.DeadlineAndSellToken, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 160), big.NewInt(1))))
	if new(big.Int).Rsh(f.IdAndTrader, 160).Bit(62) == 1 {
		w = new(big.Int).Xor(seed, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)))
	}
	return crypto.Keccak256Hash(common.BigToHash(f.IdAndTrader).Bytes(), common.BigToHash(w).Bytes()).Big()
}

// keyOf is the key the contract stores an order's hash under and names it by in events.
func keyOf(o *testnet.PlacedOrder) *big.Int {
	return dtw.OrderKey(o.ID, o.Order.Trader, o.Order.SellToken)
}

func requireOpen(t *testing.T, c *testnet.Chain, o *testnet.PlacedOrder, open bool) {
	t.Helper()
	h := call(t, c, dtwABI.PackOrderHash(keyOf(o)), dtwABI.UnpackOrderHash)
	want := common.Hash{}
	if open {
		want = dtw.OrderHash(o.Order)
	} else if o.ID.Bit(62) == 1 {
		want = common.BigToHash(big.NewInt(1)) // a relayed order's slot stays its used nonce's
	}
	require.Equalf(t, want, common.Hash(h), "stored hash of order %s", o.ID)
}

// requireRevertArgs checks the arguments of the DTW custom error carried by err, e.g.
// &bindings.DTWUnknownOrder{OrderId: id}. Amounts compare by value.
func requireRevertArgs(t *testing.T, err error, want any) {
	t.Helper()
	data := testnet.RevertData(err)
	require.GreaterOrEqualf(t, len(data), 4, "no revert data in %v", err)
	got, err := dtwABI.UnpackError(data)
	require.NoError(t, err)
	require.Equal(t, fmt.Sprintf("%T%+v", want, want), fmt.Sprintf("%T%+v", got, got))
}

// deployDTW deploys another DTW contract on the chain, owned by `owner`; when the chain's
// owner owns it, it lists the chain's tokens as the harness's own deployment does.
func deployDTW(t *testing.T, c *testnet.Chain, owner common.Address) (*types.Receipt, error) {
	t.Helper()
	code := append(common.FromHex(bindings.DTWMetaData.Bin), dtwABI.PackConstructor(owner)...)
	r, err := c.Transact(ctx, c.Owner, nil, code, nil)
	if err == nil && owner == c.Owner.Address {
		require.NoError(t, atContract(c, r.ContractAddress).ListTokens(ctx))
	}
	return r, err
}

// requireSkipped checks the OrderSkipped events of a batch: exactly the orders of want,
// each with its reason, in any order.
func requireSkipped(t *testing.T, c *testnet.Chain, r *types.Receipt, want map[*testnet.PlacedOrder]uint8) {
	t.Helper()
	wantIDs := map[string]uint8{}
	for o, reason := range want {
		wantIDs[keyOf(o).String()] = reason
	}
	got := map[string]uint8{}
	for _, ev := range testnet.Events(r, c.DTW, dtwABI.UnpackOrderSkippedEvent) {
		got[ev.OrderKey.String()] = ev.Reason
	}
	require.Equal(t, wantIDs, got, "skipped orders (key: reason)")
}
