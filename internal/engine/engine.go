// Package engine is the gateway's on-chain settlement engine, one per chain: it follows
// the DTW contract, prices every confirmed open order, settles or cancels it with return
// transactions sent through the journaled sender, and records a return transaction only
// once its receipt has been checked at the confirmation depth.
package engine

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Client is the RPC a chain engine needs.
type Client interface {
	chain.LogReader
	chain.SenderClient
	CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
}

// Config configures one chain's engine.
type Config struct {
	// Source is the chain.
	Source *chain.Source
	// Pricing prices orders; commissions are those of Source.Name.
	Pricing pricing.Source
	// BatchSize bounds the orders of one settle or cancel transaction. Default 50.
	BatchSize int
	// Interval is the longest wait between rounds. Default 1s.
	Interval time.Duration
	// PollInterval is the follower's wait between polls when caught up. Default 250ms.
	PollInterval time.Duration
	// BumpAfter is how long a return transaction may stay unmined before a fee bump.
	// Default 30s.
	BumpAfter time.Duration
	// Logger receives progress; nil uses slog.Default().
	Logger *slog.Logger
	// BeforeBroadcast is passed to the sender (crash tests only; nil in production).
	BeforeBroadcast func(ctx context.Context, tx chain.JournalTx)
	// Metrics records the chain's follower, sender and closed orders; nil records nothing.
	Metrics Metricer
	// Jobs do more work of the chain each round with its sender (the OFFCHAIN venue's
	// custody of the chain); their errors are logged with the round's.
	Jobs []Job
	// Refiller, when set, is asked about an order the DTW inventory lacks funds to
	// settle; when it will refill the inventory (internal/inventory), the order waits for
	// it instead of being cancelled.
	Refiller Refiller
}

// Refiller refills the operator's DTW inventory from elsewhere (the treasury).
type Refiller interface {
	// Refill reports whether a coming rebalance will cover shortfall (base units) of
	// token in the DTW inventory, and counts it in that rebalance if so.
	Refill(token common.Address, shortfall *big.Int) bool
}

// Job is work a chain's settler does every engine round with the chain's journaled
// sender, so that every transaction of the operator's key goes through one nonce
// sequence.
type Job interface {
	Round(ctx context.Context, sender *chain.Sender) error
}

// Metricer records one chain's settlement: its follower's and sender's metrics, and the
// orders the engine closes. The engine calls it from its own goroutines and its sender's
// callers, concurrently.
type Metricer interface {
	chain.FollowerMetricer
	chain.SenderMetricer
	// RecordOrderSettled records a settlement verified at the confirmation depth;
	// latencyBlocks is the number of blocks from the order's placement to its settlement.
	RecordOrderSettled(latencyBlocks uint64)
	// RecordOrderCancelled records a cancellation verified at the confirmation depth.
	RecordOrderCancelled()
	// RecordRelaysQueued records, each round, how many gasless relays wait to be sent
	// (up to a batch) and how long the oldest of them has waited (0 when none).
	RecordRelaysQueued(n int, oldest time.Duration)
}

// NoopMetrics records nothing; an engine whose config has no metrics uses it.
type NoopMetrics struct{ chain.NoopMetrics }

var _ Metricer = NoopMetrics{}

// RecordOrderSettled implements Metricer.
func (NoopMetrics) RecordOrderSettled(latencyBlocks uint64) {}

// RecordOrderCancelled implements Metricer.
func (NoopMetrics) RecordOrderCancelled() {}

// RecordRelaysQueued implements Metricer.
func (NoopMetrics) RecordRelaysQueued(int, time.Duration) {}

// Store is what an engine keeps in the store: the chain's events and journal, and what it
// tells the API processes (its head, the operator's inventory, the relays it sends). The
// settler gives it a store fenced by its lease (election.Fenced), which must fence every
// write added here.
type Store interface {
	chain.FollowerStore
	chain.Journal
	OpenOrders(ctx context.Context, source string) ([]dtw.Event, error)
	OpenCancelRequests(ctx context.Context, source string) ([]dtw.Event, error)
	Order(ctx context.Context, source string, orderID uint64) (store.ChainOrder, error)
	UncheckedCloses(ctx context.Context, source string) ([]dtw.Event, error)
	PutOrderReturn(ctx context.Context, r store.OrderReturn) error
	RelayByNonce(ctx context.Context, source string, trader common.Address, nonce string) (store.Relay, error)
	PendingRelayRequests(ctx context.Context, source string, limit int) ([]store.Relay, error)
	RelaysToFail(ctx context.Context, source string) ([]store.RelayFailure, error)
	FailRelayRequest(ctx context.Context, id int64, from, reason string) error
	PutSettlerHead(ctx context.Context, h store.SettlerHead) error
	PutInventory(ctx context.Context, inv store.Inventory) error
}

// Engine settles the DTW orders of one chain and relays the signed requests that the API
// processes put in the store for it.
type Engine struct {
	cfg      Config
	client   Client
	store    Store
	follower *chain.Follower
	sender   *chain.Sender
	dtw      *bindings.DTW
	log      *slog.Logger
	// open is the copy of the open orders and cancel requests that the follower keeps.
	open *openBook
	// closing holds the orders of confirmed return transactions while they still look
	// open, so they are not priced again meanwhile.
	closing map[uint64]chain.JournalTx
	// relaysFailed is set when a relay transaction may have reverted or been dropped
	// since relays were last checked (and at start, for what a crash left unchecked).
	relaysFailed bool
}

// Kinds of return transactions in the journal.
const (
	KindSettle = "settle"
	KindCancel = "cancel"
)

// New returns the engine of one chain; operator signs its return transactions.
func New(cfg Config, client Client, st Store, operator chain.TxSigner) *Engine {
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 50
	}
	if cfg.Interval <= 0 {
		cfg.Interval = time.Second
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 250 * time.Millisecond
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NoopMetrics{}
	}
	src := cfg.Source
	log := cfg.Logger.With("source", src.Name)
	open := &openBook{FollowerStore: st, source: src.Name}
	return &Engine{
		cfg:    cfg,
		client: client,
		store:  st,
		follower: chain.NewFollower(chain.FollowerConfig{
			Source: src.Name, DTW: src.DTW, StartBlock: src.StartBlock, Confirmations: src.Confirmations,
			PollInterval: cfg.PollInterval, Logger: cfg.Logger, Metrics: cfg.Metrics,
		}, client, open),
		sender: chain.NewSender(chain.SenderConfig{
			Source: src.Name, ChainID: new(big.Int).SetUint64(src.ChainID), Confirmations: src.Confirmations,
			BumpAfter: cfg.BumpAfter, Logger: cfg.Logger, BeforeBroadcast: cfg.BeforeBroadcast, Metrics: cfg.Metrics,
		}, client, operator, st),
		dtw:     bindings.NewDTW(),
		log:     log,
		open:    open,
		closing: map[uint64]chain.JournalTx{}, relaysFailed: true,
	}
}

// Follower returns the engine's event follower (for confirmation counts).
func (e *Engine) Follower() *chain.Follower { return e.follower }

// Run follows the chain and settles until ctx ends. Errors of a round are logged and the
// round is retried; only a deep reorg stops the engine.
func (e *Engine) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	followErr := make(chan error, 1)
	go func() { followErr <- e.follower.Run(ctx) }()
	e.log.Info("engine started", "dtw", e.cfg.Source.DTW, "operator", e.sender.Address(), "confirmations", e.cfg.Source.Confirmations)
	ticker := time.NewTicker(e.cfg.Interval)
	defer ticker.Stop()
	for {
		if err := e.Step(ctx); err != nil && ctx.Err() == nil {
			e.log.Warn("engine round failed", "err", err)
		}
		if err := e.publish(ctx); err != nil && ctx.Err() == nil {
			e.log.Warn("engine could not publish its head and inventory", "err", err)
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case err := <-followErr:
			if errors.Is(err, chain.ErrDeepReorg) {
				e.log.Error("engine stopped", "err", err)
			}
			return err
		case <-e.follower.Updates():
		case <-ticker.C:
		}
	}
}

// Step runs one round: follow the journal, settle or cancel open orders, then check
// closed ones. Checks come last so that an order placed in the latest block is priced
// and sent without waiting for the checks of earlier ones (one block of latency).
func (e *Engine) Step(ctx context.Context) error {
	outcomes, err := e.sender.Tick(ctx)
	if err != nil {
		return fmt.Errorf("sender: %w", err)
	}
	for _, o := range outcomes {
		if o.Tx.State == chain.TxFailed || o.Tx.State == chain.TxDropped {
			e.relaysFailed = true
		}
		if o.Tx.State != chain.TxConfirmed {
			continue
		}
		// A batch skips what it can no longer close; those orders are decided again.
		var skipped map[common.Hash]uint8
		if o.Receipt != nil {
			skipped = dtw.SkippedOrders(e.cfg.Source.DTW, o.Receipt.Logs)
		}
		for _, id := range o.Tx.OrderIDs {
			reason, ok, err := e.skipped(ctx, id, skipped)
			if err != nil {
				return err
			}
			if ok {
				e.log.Info("order skipped by a batch", "order", id, "reason", skipReason(reason), "tx", o.Tx.Hash)
				continue
			}
			e.closing[id] = o.Tx
		}
	}
	if e.relaysFailed {
		if err := e.failRelays(ctx); err != nil {
			return fmt.Errorf("relay: %w", err)
		}
		e.relaysFailed = false
	}
	if err := e.sendRelays(ctx); err != nil {
		return fmt.Errorf("relay: %w", err)
	}
	var jobErrs []error
	for _, j := range e.cfg.Jobs {
		if err := j.Round(ctx, e.sender); err != nil {
			jobErrs = append(jobErrs, err)
		}
	}
	if err := e.decide(ctx); err != nil {
		return err
	}
	if err := e.checkCloses(ctx); err != nil {
		return fmt.Errorf("check: %w", err)
	}
	if err := errors.Join(jobErrs...); err != nil {
		return fmt.Errorf("jobs: %w", err)
	}
	return nil
}

// checkCloses verifies the receipt of every confirmed settle or cancel event before the
// order's status reports it. A batch's receipt is read once for all its orders, and the
// orders' returns are written concurrently, so that the store commits them together.
func (e *Engine) checkCloses(ctx context.Context) error {
	closes, err := e.store.UncheckedCloses(ctx, e.cfg.Source.Name)
	if err != nil {
		return err
	}
	if len(closes) == 0 {
		return nil
	}
	reader := &roundReader{client: e.client, receipts: map[common.Hash]*types.Receipt{}}
	type checked struct {
		ret    store.OrderReturn
		placed uint64
	}
	var returns []checked
	for _, c := range closes {
		o, err := e.store.Order(ctx, e.cfg.Source.Name, c.OrderID.Uint64())
		if err != nil {
			return err
		}
		check, err := chain.VerifyReturnTx(ctx, reader, c.TxHash, chain.ReturnExpectation{
			DTW: e.cfg.Source.DTW, OrderKey: c.OrderKey, Trader: o.Placed.Trader, Kind: c.Kind,
			SellAmount: o.Placed.SellAmount, MinBuyAmount: o.Placed.MinBuyAmount, Confirmations: e.cfg.Source.Confirmations,
		})
		switch {
		case errors.Is(err, chain.ErrNotConfirmed):
			continue
		case errors.Is(err, chain.ErrVerification):
			e.log.Error("return transaction failed its check; not reporting it", "order", c.OrderID, "tx", c.TxHash, "err", err)
			continue
		case err != nil:
			return err
		}
		status, err := store.ReturnStatus(c.Kind)
		if err != nil {
			return err
		}
		returns = append(returns, checked{store.OrderReturn{
			Source: e.cfg.Source.Name, OrderID: c.OrderID.Uint64(), Status: status, TxHash: c.TxHash,
			BlockNumber: check.Receipt.BlockNumber.Uint64(), BuyAmount: check.Event.BuyAmount, VerifiedAt: time.Now(),
		}, o.Placed.BlockNumber})
	}
	errs := make([]error, len(returns))
	var wg sync.WaitGroup
	sem := make(chan struct{}, maxConcurrentReturns)
	for i, r := range returns {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			errs[i] = e.store.PutOrderReturn(ctx, r.ret)
		}()
	}
	wg.Wait()
	for i, r := range returns {
		if errs[i] != nil {
			continue
		}
		if block := r.ret.BlockNumber; r.ret.Status == store.OrderSettled {
			e.cfg.Metrics.RecordOrderSettled(block - min(block, r.placed))
		} else {
			e.cfg.Metrics.RecordOrderCancelled()
		}
		e.log.Info("order closed", "order", r.ret.OrderID, "status", r.ret.Status, "tx", r.ret.TxHash)
	}
	return errors.Join(errs...)
}

// maxConcurrentReturns bounds the order returns one check pass writes at once.
const maxConcurrentReturns = 64

// roundReader reads receipts and the head for one check pass: each receipt once (a
// batch's orders share it) and the head once. Used by one goroutine.
type roundReader struct {
	client   chain.ReceiptReader
	receipts map[common.Hash]*types.Receipt
	head     uint64
	haveHead bool
}

// BlockNumber implements chain.ReceiptReader.
func (r *roundReader) BlockNumber(ctx context.Context) (uint64, error) {
	if !r.haveHead {
		head, err := r.client.BlockNumber(ctx)
		if err != nil {
			return 0, err
		}
		r.head, r.haveHead = head, true
	}
	return r.head, nil
}

// TransactionReceipt implements chain.ReceiptReader.
func (r *roundReader) TransactionReceipt(ctx context.Context, tx common.Hash) (*types.Receipt, error) {
	if rec, ok := r.receipts[tx]; ok {
		return rec, nil
	}
	rec, err := r.client.TransactionReceipt(ctx, tx)
	if err != nil {
		return nil, err
	}
	r.receipts[tx] = rec
	return rec, nil
}

// fill is a decided settlement.
type fill struct {
	order     dtw.Event
	buyAmount *big.Int
}

// decide prices the open orders that no journaled transaction covers and sends settle
// and cancel batches.
func (e *Engine) decide(ctx context.Context) error {
	open, requests, err := e.open.open(ctx, e.store)
	if err != nil {
		return err
	}
	stillOpen := map[uint64]bool{}
	for _, o := range open {
		stillOpen[o.OrderID.Uint64()] = true
	}
	for id := range e.closing {
		if !stillOpen[id] { // the follower has applied the close
			delete(e.closing, id)
		}
	}
	if len(open) == 0 {
		return nil
	}
	inFlight, err := e.store.OpenTxs(ctx, e.cfg.Source.Name, e.sender.Address())
	if err != nil {
		return err
	}
	covered := map[uint64]bool{}
	for _, t := range inFlight {
		for _, id := range t.OrderIDs {
			covered[id] = true
		}
	}
	requested := map[uint64]bool{}
	for _, r := range requests {
		requested[r.OrderID.Uint64()] = true
	}
	head, err := e.client.HeaderByNumber(ctx, nil)
	if err != nil {
		return fmt.Errorf("head: %w", err)
	}
	inventory := map[common.Address]*big.Int{}
	var fills []fill
	var cancels []dtw.Event
	for _, o := range open {
		id := o.OrderID.Uint64()
		if covered[id] {
			continue
		}
		if _, ok := e.closing[id]; ok {
			// Its return transaction is confirmed: either the follower has not applied the
			// close yet, or a reorg took it out, and then the sender's next Tick sends the
			// same transaction again. Signing another one here would race that.
			continue
		}
		if requested[id] {
			// The trader asked to cancel it: honour the request within its grace period.
			e.log.Info("cancelling order at its trader's request", "order", id)
			cancels = append(cancels, o)
			continue
		}
		action, buyAmount, err := e.price(ctx, o, head, inventory)
		if err != nil {
			return err
		}
		switch action {
		case actionSettle:
			fills = append(fills, fill{order: o, buyAmount: buyAmount})
		case actionCancel:
			cancels = append(cancels, o)
		}
	}
	for start := 0; start < len(fills); start += e.cfg.BatchSize {
		e.sendSettles(ctx, fills[start:min(start+e.cfg.BatchSize, len(fills))])
	}
	for start := 0; start < len(cancels); start += e.cfg.BatchSize {
		e.sendCancels(ctx, cancels[start:min(start+e.cfg.BatchSize, len(cancels))])
	}
	return nil
}

type action int

const (
	actionRest action = iota
	actionSettle
	actionCancel
)

// price decides one order: settle at the quote when it meets the minimum and the
// operator's inventory covers it, or wait when the Refiller will cover it; otherwise
// cancel a market order and rest a limit order until its deadline.
func (e *Engine) price(ctx context.Context, o dtw.Event, head *types.Header, inventory map[common.Address]*big.Int) (action, *big.Int, error) {
	// Settling needs block.timestamp <= deadline; the next block is at least a second later.
	if o.Deadline <= head.Time+1 {
		return actionCancel, nil, nil
	}
	src := e.cfg.Source
	sell, ok1 := src.AssetByAddress(o.SellToken)
	buy, ok2 := src.AssetByAddress(o.BuyToken)
	if !ok1 || !ok2 {
		e.log.Info("cancelling order of an unlisted token", "order", o.OrderID)
		return actionCancel, nil, nil
	}
	qty, err := pricing.Quote(ctx, e.cfg.Pricing, src.Name, sell.ID, buy.ID, sell.FromBaseUnits(o.SellAmount), int32(buy.Decimals))
	fits := false
	var buyAmount *big.Int
	if err == nil && qty.Sign() > 0 {
		buyAmount = qty.Shift(int32(buy.Decimals)).BigInt()
		if buyAmount.Cmp(o.MinBuyAmount) >= 0 {
			have, err := e.inventory(ctx, buy.Address, inventory)
			if err != nil {
				return actionRest, nil, err
			}
			if have.Cmp(buyAmount) >= 0 {
				have.Sub(have, buyAmount)
				fits = true
			} else if e.cfg.Refiller != nil && e.cfg.Refiller.Refill(buy.Address, new(big.Int).Sub(buyAmount, have)) {
				e.log.Info("order waits for a rebalance of the dtw inventory", "order", o.OrderID, "token", buy.ID)
				return actionRest, nil, nil
			}
		}
	}
	switch {
	case fits:
		return actionSettle, buyAmount, nil
	case o.OrderKind == dtw.KindMarket:
		return actionCancel, nil, nil
	default:
		return actionRest, nil, nil
	}
}

// inventory returns the operator's free balance of token in DTW, fetched once a round.
func (e *Engine) inventory(ctx context.Context, token common.Address, cache map[common.Address]*big.Int) (*big.Int, error) {
	if b, ok := cache[token]; ok {
		return b, nil
	}
	out, err := e.client.CallContract(ctx, ethereum.CallMsg{To: &e.cfg.Source.DTW, Data: e.dtw.PackBalanceOf(e.sender.Address(), token)}, nil)
	if err != nil {
		return nil, fmt.Errorf("operator inventory: %w", err)
	}
	b, err := e.dtw.UnpackBalanceOf(out)
	if err != nil {
		return nil, fmt.Errorf("operator inventory: %w", err)
	}
	cache[token] = b
	return b, nil
}

// skipped returns whether a confirmed batch skipped the order id (OrderSkipped names its
// key), and why. The store is read only when the batch skipped any.
func (e *Engine) skipped(ctx context.Context, id uint64, skipped map[common.Hash]uint8) (uint8, bool, error) {
	if len(skipped) == 0 {
		return 0, false, nil
	}
	o, err := e.store.Order(ctx, e.cfg.Source.Name, id)
	if errors.Is(err, store.ErrNotFound) { // rolled back: decided again once applied
		return 0, false, nil
	}
	if err != nil {
		return 0, false, err
	}
	reason, ok := skipped[o.Placed.OrderKey]
	return reason, ok, nil
}

// skipReason names an OrderSkipped reason for the log.
func skipReason(reason uint8) string {
	switch reason {
	case dtw.SkipClosed:
		return "closed"
	case dtw.SkipExpired:
		return "expired"
	case dtw.SkipCancelRequested:
		return "cancel requested, grace period over"
	}
	return fmt.Sprintf("reason %d", reason)
}

// sendSettles sends one settle (or settleBatch) transaction. A batch skips orders that are
// stale when it is mined (closed meanwhile, expired, a cancel request's grace period over);
// when it fails its estimate for another reason, each order is tried on its own so that
// one bad order does not hold up the others.
func (e *Engine) sendSettles(ctx context.Context, fills []fill) {
	ids := make([]uint64, len(fills))
	for i, f := range fills {
		ids[i] = f.order.OrderID.Uint64()
	}
	var data []byte
	if len(fills) == 1 {
		f := fills[0]
		data = e.dtw.PackSettle(dtw.PackFill(f.order.TraderOrderID, f.order.Order(), f.buyAmount))
	} else {
		batch := make([]bindings.DTWFill, len(fills))
		for i, f := range fills {
			batch[i] = dtw.PackFill(f.order.TraderOrderID, f.order.Order(), f.buyAmount)
		}
		data = e.dtw.PackSettleBatch(batch)
	}
	if _, err := e.sender.Send(ctx, KindSettle, ids, e.cfg.Source.DTW, data); err != nil {
		if len(fills) > 1 {
			for _, f := range fills {
				e.sendSettles(ctx, []fill{f})
			}
			return
		}
		e.log.Warn("settle not sent", "order", ids[0], "err", err, "revert", dtw.RevertName(err))
	}
}

// sendCancels is sendSettles for cancellations.
func (e *Engine) sendCancels(ctx context.Context, orders []dtw.Event) {
	ids := make([]uint64, len(orders))
	for i, o := range orders {
		ids[i] = o.OrderID.Uint64()
	}
	var data []byte
	if len(orders) == 1 {
		data = e.dtw.PackCancel(orders[0].TraderOrderID, orders[0].Order())
	} else {
		refs := make([]bindings.DTWOrderRef, len(orders))
		for i, o := range orders {
			refs[i] = bindings.DTWOrderRef{OrderId: o.TraderOrderID, Order: o.Order()}
		}
		data = e.dtw.PackCancelBatch(refs)
	}
	if _, err := e.sender.Send(ctx, KindCancel, ids, e.cfg.Source.DTW, data); err != nil {
		if len(orders) > 1 {
			for _, o := range orders {
				e.sendCancels(ctx, []dtw.Event{o})
			}
			return
		}
		e.log.Warn("cancel not sent", "order", ids[0], "err", err, "revert", dtw.RevertName(err))
	}
}
