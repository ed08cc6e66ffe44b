package main

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// blockInterval is the timestamp step between generated blocks: a day is 7,200 blocks.
const blockInterval = 12

// Gas limits of the generated transactions (they use about half).
const (
	placeGas    = 250_000
	withdrawGas = 150_000
	batchGas    = 120_000 // plus fillGas per order
	fillGas     = 60_000
)

// generated is what a follower needs to know of a generated chain.
type generated struct {
	DTW  common.Address
	Head uint64
	// Events is the number of followed DTW events from block 0 to Head, setup included.
	Events int
	// Kinds counts them by kind.
	Kinds map[dtw.EventKind]int
}

// chainUnderTest is an anvil node holding a generated chain.
type chainUnderTest struct {
	anvil *testnet.Anvil
	gen   generated
	// stop stops the node (and the network it belongs to).
	stop func()
}

// obtain returns a node holding a generated chain. (anvil can dump it with its blocks
// and receipts, but loading a day of blocks back took longer than generating them.)
func obtain(ctx context.Context, o options) (*chainUnderTest, error) {
	start := time.Now()
	n, gen, err := generate(ctx, o)
	if err != nil {
		return nil, fmt.Errorf("generate: %w", err)
	}
	fmt.Printf("# generated %d events in %d blocks in %s\n", gen.Events, gen.Head+1, time.Since(start).Round(time.Second))
	return &chainUnderTest{anvil: n.Chains[0].Anvil, gen: gen, stop: n.Stop}, nil
}

// generator sends the generated transactions of one chain, signed here with nonces
// counted here, many to a block, and mines each block by hand.
type generator struct {
	c         *testnet.Chain
	dtw       *bindings.DTW
	dai, usdt testnet.Token
	nonces    map[common.Address]uint64
	tip, cap  *big.Int
	// time is the timestamp of the newest block.
	time uint64
	// pending are the orders placed in the newest block, closed in the next one.
	pending []*testnet.PlacedOrder
	kinds   map[dtw.EventKind]int
	next    int // round-robin over the traders
}

// generate starts a chain and fills o.blocks blocks with about o.events DTW events, a
// busy day's mix: deposits with orders (depositAndPlaceOrder), each order settled (nine
// in ten, in one settleBatch per block) or cancelled by the operator (cancelBatch) in the
// next block, and withdrawals; every block holds its share of the events.
func generate(ctx context.Context, o options) (*testnet.Network, generated, error) {
	n, err := testnet.Start(ctx, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: o.traders})
	if err != nil {
		return nil, generated{}, err
	}
	gen, err := fill(ctx, n.Chains[0], o)
	if err != nil {
		n.Stop()
		return nil, generated{}, err
	}
	return n, gen, nil
}

func fill(ctx context.Context, c *testnet.Chain, o options) (generated, error) {
	g := &generator{c: c, dtw: bindings.NewDTW(), dai: c.MustToken("DAI"), usdt: c.MustToken("USDT"),
		nonces: map[common.Address]uint64{}, kinds: map[dtw.EventKind]int{}}
	// Each trader approves DAI for good and keeps a free balance to withdraw from.
	maxApproval := new(big.Int).Lsh(big.NewInt(1), 255)
	for _, t := range c.Traders {
		if _, err := c.Transact(ctx, t, &g.dai.Address, bindings.NewTestToken().PackApprove(c.DTW, maxApproval), nil); err != nil {
			return generated{}, fmt.Errorf("approve: %w", err)
		}
		if _, err := c.Transact(ctx, t, &c.DTW, g.dtw.PackDeposit(g.dai.Address, g.dai.Units(100_000)), nil); err != nil {
			return generated{}, fmt.Errorf("deposit: %w", err)
		}
	}
	for _, a := range append([]testnet.Account{c.Operator}, c.Traders...) {
		nonce, err := c.Client.PendingNonceAt(ctx, a.Address)
		if err != nil {
			return generated{}, err
		}
		g.nonces[a.Address] = nonce
	}
	if err := c.SetAutomine(ctx, false); err != nil {
		return generated{}, err
	}
	if err := c.RPC.CallContext(ctx, nil, "anvil_setBlockTimestampInterval", blockInterval); err != nil {
		return generated{}, fmt.Errorf("anvil_setBlockTimestampInterval: %w", err)
	}
	head, err := c.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		return generated{}, err
	}
	g.time = head.Time
	g.tip, g.cap = big.NewInt(1e9), big.NewInt(100e9)
	// The setup's own events (the operator's inventory, the traders' deposits) count too.
	setup, err := g.countEvents(ctx, 0, head.Number.Uint64())
	if err != nil {
		return generated{}, err
	}
	target := max(o.events-setup, o.blocks)
	for b := 0; b < o.blocks; b++ {
		quota := target*(b+1)/o.blocks - target*b/o.blocks
		if err := g.block(ctx, quota, b == o.blocks-1); err != nil {
			return generated{}, fmt.Errorf("block %d of %d: %w", b+1, o.blocks, err)
		}
	}
	head, err = c.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		return generated{}, err
	}
	total := 0
	for _, k := range g.kinds {
		total += k
	}
	return generated{DTW: c.DTW, Head: head.Number.Uint64(), Events: total, Kinds: g.kinds}, nil
}

// block sends the transactions of one block holding quota events and mines it: the
// closes of the orders placed in the block before, then deposits with orders and
// withdrawals (two of one to one of the other) up to the quota. The last block places no
// order, so every order is closed.
func (g *generator) block(ctx context.Context, quota int, last bool) error {
	var txs []*types.Transaction
	want := map[dtw.EventKind]int{}
	if len(g.pending) > 0 {
		var fills []bindings.DTWFill
		var refs []bindings.DTWOrderRef
		for _, p := range g.pending {
			if p.ID.Uint64()%10 == 0 {
				refs = append(refs, bindings.DTWOrderRef{OrderId: p.ID, Order: p.Order})
				continue
			}
			fills = append(fills, dtw.PackFill(p.ID, p.Order, p.Order.MinBuyAmount))
		}
		if len(fills) > 0 {
			txs = append(txs, g.sign(g.c.Operator, g.dtw.PackSettleBatch(fills), batchGas+fillGas*uint64(len(fills))))
			want[dtw.EventOrderSettled] += len(fills)
		}
		if len(refs) > 0 {
			txs = append(txs, g.sign(g.c.Operator, g.dtw.PackCancelBatch(refs), batchGas+fillGas*uint64(len(refs))))
			want[dtw.EventOrderCancelled] += len(refs)
		}
	}
	left := quota - len(g.pending)
	deadline := g.time + 3600
	for i := 0; left > 0; i++ {
		t := g.c.Traders[g.next%len(g.c.Traders)]
		g.next++
		if left >= 2 && i%3 != 2 && !last {
			data := g.dtw.PackDepositAndPlaceOrder(g.dai.Address, g.usdt.Address, g.dai.Units(1), g.usdt.Units(1), deadline, 0)
			txs = append(txs, g.sign(t, data, placeGas))
			want[dtw.EventDeposited]++
			want[dtw.EventOrderPlaced]++
			left -= 2
			continue
		}
		txs = append(txs, g.sign(t, g.dtw.PackWithdraw(g.dai.Address, big.NewInt(1), t.Address), withdrawGas))
		want[dtw.EventWithdrawn]++
		left--
	}
	if err := g.send(ctx, txs); err != nil {
		return err
	}
	if err := g.c.RPC.CallContext(ctx, nil, "evm_mine"); err != nil {
		return fmt.Errorf("evm_mine: %w", err)
	}
	h, err := g.c.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		return err
	}
	g.time = h.Time
	logs, err := g.c.Client.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: h.Number, ToBlock: h.Number,
		Addresses: []common.Address{g.c.DTW}, Topics: [][]common.Hash{dtw.EventTopics}})
	if err != nil {
		return err
	}
	got := map[dtw.EventKind]int{}
	g.pending = g.pending[:0]
	for i := range logs {
		ev, ok := dtw.DecodeLog(g.c.DTW, &logs[i])
		if !ok {
			continue
		}
		got[ev.Kind]++
		g.kinds[ev.Kind]++
		if ev.Kind == dtw.EventOrderPlaced {
			g.pending = append(g.pending, &testnet.PlacedOrder{ID: ev.TraderOrderID, Order: ev.Order()})
		}
	}
	for k, n := range want {
		if got[k] != n {
			return fmt.Errorf("block %d has %d %s events, want %d (a transaction failed: %s)", h.Number, got[k], k, n, g.failed(ctx, txs))
		}
	}
	return nil
}

// sign signs a transaction of from's next nonce to the DTW contract.
func (g *generator) sign(from testnet.Account, data []byte, gas uint64) *types.Transaction {
	nonce := g.nonces[from.Address]
	g.nonces[from.Address]++
	to := g.c.DTW
	tx, err := types.SignNewTx(from.Key, types.LatestSignerForChainID(g.c.ChainID), &types.DynamicFeeTx{
		ChainID: g.c.ChainID, Nonce: nonce, GasTipCap: g.tip, GasFeeCap: g.cap, Gas: gas, To: &to, Data: data,
	})
	if err != nil {
		panic("benchfollow: sign: " + err.Error()) // a local key and a well-formed transaction
	}
	return tx
}

// send broadcasts txs in one JSON-RPC batch.
func (g *generator) send(ctx context.Context, txs []*types.Transaction) error {
	batch := make([]rpc.BatchElem, len(txs))
	for i, tx := range txs {
		raw, err := tx.MarshalBinary()
		if err != nil {
			return err
		}
		batch[i] = rpc.BatchElem{Method: "eth_sendRawTransaction", Args: []any{hexutil.Bytes(raw)}, Result: new(common.Hash)}
	}
	if err := g.c.RPC.BatchCallContext(ctx, batch); err != nil {
		return fmt.Errorf("send: %w", err)
	}
	for _, e := range batch {
		if e.Error != nil {
			return fmt.Errorf("send: %w", e.Error)
		}
	}
	return nil
}

// failed names the transactions of txs that did not succeed, for an error message.
func (g *generator) failed(ctx context.Context, txs []*types.Transaction) string {
	var out bytes.Buffer
	for _, tx := range txs {
		r, err := g.c.Client.TransactionReceipt(ctx, tx.Hash())
		switch {
		case err != nil:
			fmt.Fprintf(&out, "%s: %v; ", tx.Hash(), err)
		case r.Status != types.ReceiptStatusSuccessful:
			fmt.Fprintf(&out, "%s reverted (gas %d of %d); ", tx.Hash(), r.GasUsed, tx.Gas())
		}
	}
	return out.String()
}

// countEvents counts the followed DTW events of blocks [from, to], by kind too.
func (g *generator) countEvents(ctx context.Context, from, to uint64) (int, error) {
	logs, err := g.c.Client.FilterLogs(ctx, ethereum.FilterQuery{FromBlock: new(big.Int).SetUint64(from),
		ToBlock: new(big.Int).SetUint64(to), Addresses: []common.Address{g.c.DTW}, Topics: [][]common.Hash{dtw.EventTopics}})
	if err != nil {
		return 0, err
	}
	n := 0
	for i := range logs {
		if ev, ok := dtw.DecodeLog(g.c.DTW, &logs[i]); ok {
			n++
			g.kinds[ev.Kind]++
		}
	}
	return n, nil
}
