package chain

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// BlockRef identifies a block the follower has applied.
type BlockRef struct {
	Number uint64
	Hash   common.Hash
}

// FollowerStore persists what a Follower has applied. Implementations make ApplyBlocks and
// RollbackTo atomic: either everything in the call is stored, or nothing.
type FollowerStore interface {
	// RecentBlocks returns up to n applied block refs of source, newest first.
	RecentBlocks(ctx context.Context, source string, n int) ([]BlockRef, error)
	// ApplyBlocks stores events and block refs (the last of which is the new cursor) and
	// then keeps only the newest `keep` refs.
	ApplyBlocks(ctx context.Context, source string, refs []BlockRef, events []dtw.Event, keep int) error
	// RollbackFrom deletes every event and block ref of source at or above block number.
	RollbackFrom(ctx context.Context, source string, number uint64) error
}

// LogReader is the part of an RPC client a Follower needs. While catching up, a Follower
// reads the next range of blocks while it stores the one before, so it calls a LogReader
// from two goroutines at once.
type LogReader interface {
	BlockNumber(ctx context.Context) (uint64, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
}

// FollowerConfig configures a Follower.
type FollowerConfig struct {
	// Source is the chain's source name.
	Source string
	// DTW is the contract followed.
	DTW common.Address
	// StartBlock is the first block read when nothing is stored yet.
	StartBlock uint64
	// Confirmations is the depth a block must reach before it is applied: 1 applies the
	// head itself. Default 1.
	Confirmations uint64
	// MaxRange bounds one eth_getLogs call, in blocks. Default 2000.
	MaxRange uint64
	// TargetLogs is about how many logs one eth_getLogs call should return: each range is
	// sized from the density of the one before (at most twice as many blocks; the first is
	// MaxRange/20), between 1 and MaxRange blocks, so that a busy stretch of chain is read in ranges a provider
	// answers (many refuse more than 10,000 logs) and a quiet one in few calls. A range an
	// endpoint refuses with an error is halved and read again at once. Default 5000.
	TargetLogs int
	// ReorgWindow is how many block refs are kept to find the fork point of a reorg.
	// Default 256.
	ReorgWindow int
	// PollInterval is the wait between polls when caught up. Default 1s.
	PollInterval time.Duration
	// Logger receives progress and errors; nil uses slog.Default().
	Logger *slog.Logger
	// Metrics records the head, the lag and reorgs; nil records nothing.
	Metrics FollowerMetricer
}

// ErrDeepReorg reports a reorg deeper than the follower's window: an operator must look.
var ErrDeepReorg = errors.New("reorg deeper than the follower's window")

// Follower reads the DTW contract's events of one chain into a FollowerStore, up to the
// confirmation depth, and rolls back and re-applies when the chain reorganizes.
type Follower struct {
	cfg    FollowerConfig
	client LogReader
	store  FollowerStore
	head   atomic.Uint64
	synced atomic.Uint64
	// span is the number of blocks the next eth_getLogs call asks for (adaptive, see
	// FollowerConfig.TargetLogs).
	span atomic.Uint64
	// ahead is the range being read while the one before it is stored; only Poll uses it.
	ahead  *rangeRead
	notify chan struct{}
}

// NewFollower returns a follower; call Run to start it.
func NewFollower(cfg FollowerConfig, client LogReader, store FollowerStore) *Follower {
	if cfg.Confirmations == 0 {
		cfg.Confirmations = 1
	}
	if cfg.MaxRange == 0 {
		cfg.MaxRange = 2000
	}
	if cfg.TargetLogs <= 0 {
		cfg.TargetLogs = 5000
	}
	if cfg.ReorgWindow == 0 {
		cfg.ReorgWindow = 256
	}
	if cfg.PollInterval == 0 {
		cfg.PollInterval = time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NoopMetrics{}
	}
	cfg.Logger = cfg.Logger.With("source", cfg.Source)
	f := &Follower{cfg: cfg, client: client, store: store, notify: make(chan struct{}, 1)}
	// The first range is short: its density is not known yet (a busy chain's 2,000 blocks
	// may hold 100,000 logs).
	f.span.Store(max(cfg.MaxRange/20, 1))
	return f
}

// Head returns the latest chain head the follower has seen (0 before the first poll).
func (f *Follower) Head() uint64 { return f.head.Load() }

// Synced returns the last block applied.
func (f *Follower) Synced() uint64 { return f.synced.Load() }

// Confirmations returns how many confirmations a block has at the seen head.
func (f *Follower) Confirmations(block uint64) uint64 {
	head := f.head.Load()
	if block == 0 || head < block {
		return 0
	}
	return head - block + 1
}

// Updates receives a value after every poll that applied or rolled back blocks.
func (f *Follower) Updates() <-chan struct{} { return f.notify }

// Run polls until ctx ends. RPC errors are logged and retried with backoff; a deep reorg
// stops it with ErrDeepReorg.
func (f *Follower) Run(ctx context.Context) error {
	backoff := f.cfg.PollInterval
	for {
		changed, caughtUp, err := f.Poll(ctx)
		wait := f.cfg.PollInterval
		switch {
		case errors.Is(err, ErrDeepReorg):
			return err
		case err != nil && ctx.Err() == nil:
			f.cfg.Logger.Warn("follower poll failed", "err", err, "retry_in", backoff)
			wait, backoff = backoff, min(backoff*2, 30*time.Second)
		default:
			backoff = f.cfg.PollInterval
			if !caughtUp {
				wait = 0
			}
		}
		if changed {
			select {
			case f.notify <- struct{}{}:
			default:
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// Poll runs one step: it checks the applied tip against the chain (rolling back on a
// reorg) and applies at most MaxRange confirmed blocks. changed reports that the store
// changed; caughtUp that nothing confirmed is left to read.
func (f *Follower) Poll(ctx context.Context) (changed, caughtUp bool, err error) {
	head, err := f.client.BlockNumber(ctx)
	if err != nil {
		return false, false, fmt.Errorf("head: %w", err)
	}
	f.head.Store(head)
	defer func() {
		if err == nil {
			f.recordProgress(head)
		}
	}()
	recent, err := f.store.RecentBlocks(ctx, f.cfg.Source, f.cfg.ReorgWindow)
	if err != nil {
		return false, false, fmt.Errorf("recent blocks: %w", err)
	}
	next := f.cfg.StartBlock
	if len(recent) > 0 {
		var reorged bool
		next, reorged, err = f.findNext(ctx, recent)
		if err != nil {
			return false, false, err
		}
		if reorged {
			f.cfg.Logger.Warn("reorg: rolling back", "from_block", next)
			if err := f.store.RollbackFrom(ctx, f.cfg.Source, next); err != nil {
				return false, false, fmt.Errorf("rollback: %w", err)
			}
			f.cfg.Metrics.RecordReorg()
			changed = true
		}
		// After a restart the store's tip is applied, though this process applied nothing.
		f.synced.Store(max(next, 1) - 1)
	}
	if head+1 < f.cfg.Confirmations || next > head+1-f.cfg.Confirmations {
		return changed, true, nil
	}
	target := head + 1 - f.cfg.Confirmations
	r := f.takePrefetched(next, target)
	if r == nil {
		r = f.read(ctx, next, target)
	}
	if r.err != nil {
		return changed, false, r.err
	}
	if r.to < target {
		// Catching up: the next range is read while this one is stored.
		f.prefetch(ctx, r.to+1, target)
	}
	if err := f.store.ApplyBlocks(ctx, f.cfg.Source, r.refs, r.events, f.cfg.ReorgWindow); err != nil {
		return changed, false, fmt.Errorf("apply blocks %d-%d: %w", r.from, r.to, err)
	}
	f.synced.Store(r.to)
	if len(r.events) > 0 {
		f.cfg.Logger.Debug("applied blocks", "from", r.from, "to", r.to, "events", len(r.events))
	}
	return true, r.to == target, nil
}

// rangeRead is what the follower read of one range of blocks, to store.
type rangeRead struct {
	from, to uint64
	refs     []BlockRef
	events   []dtw.Event
	err      error
	// done is closed once the read is over (for a prefetched range).
	done chan struct{}
}

// prefetch starts reading the range from `from` (up to target) in the background. The
// next Poll uses it if it starts there; a reorg found meanwhile makes it start elsewhere,
// and a reorg after the read is found by the poll after, as for any range (its block
// refs are stored).
func (f *Follower) prefetch(ctx context.Context, from, target uint64) {
	r := &rangeRead{from: from, done: make(chan struct{})}
	f.ahead = r
	go func() {
		defer close(r.done)
		got := f.read(ctx, from, target)
		r.to, r.refs, r.events, r.err = got.to, got.refs, got.events, got.err
	}()
}

// takePrefetched returns the prefetched range when it starts at next and ends by target
// (waiting for its read), nil otherwise or when its read failed (the caller reads the
// range itself).
func (f *Follower) takePrefetched(next, target uint64) *rangeRead {
	r := f.ahead
	f.ahead = nil
	if r == nil || r.from != next {
		return nil
	}
	<-r.done
	if r.err != nil || r.to > target {
		return nil
	}
	return r
}

// readLogs reads the DTW logs of blocks from up to at most target, in one range of the
// adaptive span, and returns them with the range's last block. A range the endpoint
// refuses with an error (too many logs, too many blocks) is halved and read again.
func (f *Follower) readLogs(ctx context.Context, from, target uint64) ([]types.Log, uint64, error) {
	for {
		span := max(f.span.Load(), 1)
		to := min(target, from+span-1)
		logs, err := f.client.FilterLogs(ctx, ethereum.FilterQuery{
			FromBlock: new(big.Int).SetUint64(from),
			ToBlock:   new(big.Int).SetUint64(to),
			Addresses: []common.Address{f.cfg.DTW},
			Topics:    [][]common.Hash{dtw.EventTopics},
		})
		blocks := to - from + 1
		if err != nil {
			if ctx.Err() != nil || blocks == 1 {
				return nil, 0, fmt.Errorf("logs %d-%d: %w", from, to, err)
			}
			f.span.Store(blocks / 2)
			var answer rpc.Error
			if !errors.As(err, &answer) {
				// Not an answer (the endpoint is down, say): the next poll tries a smaller range.
				return nil, 0, fmt.Errorf("logs %d-%d: %w", from, to, err)
			}
			f.cfg.Logger.Debug("eth_getLogs range refused; halving it", "from", from, "to", to, "err", err)
			continue
		}
		// The next range: about TargetLogs at this range's density, at most twice as long.
		next := blocks * uint64(f.cfg.TargetLogs) / uint64(max(len(logs), 1))
		f.span.Store(min(max(next, 1), 2*blocks, f.cfg.MaxRange))
		return logs, to, nil
	}
}

// recordProgress reports the head, the last block applied and the confirmed blocks not
// applied yet.
func (f *Follower) recordProgress(head uint64) {
	synced := f.synced.Load()
	var lag uint64
	if head+1 >= f.cfg.Confirmations && head+1-f.cfg.Confirmations > synced {
		lag = head + 1 - f.cfg.Confirmations - synced
	}
	f.cfg.Metrics.RecordFollowerHead(head, synced, lag)
}

// findNext returns the block after the newest stored block that is still canonical, and
// whether a newer stored block was not (a reorg).
func (f *Follower) findNext(ctx context.Context, recent []BlockRef) (uint64, bool, error) {
	for i, ref := range recent {
		h, err := f.client.HeaderByNumber(ctx, new(big.Int).SetUint64(ref.Number))
		if err != nil && !errors.Is(err, ethereum.NotFound) {
			return 0, false, fmt.Errorf("header %d: %w", ref.Number, err)
		}
		if err == nil && h.Hash() == ref.Hash {
			return ref.Number + 1, i > 0, nil
		}
	}
	if len(recent) < f.cfg.ReorgWindow {
		// Every ref since the start is stored and none is canonical: start over.
		return f.cfg.StartBlock, true, nil
	}
	return 0, false, fmt.Errorf("%w: no stored block since %d is canonical", ErrDeepReorg, recent[len(recent)-1].Number)
}

// read reads blocks [from, up to target] in one range of the adaptive span: its logs,
// decoded, and the refs of the blocks they came from and of its last block. Logs and
// headers are re-checked against each other so a reorg during the read is caught at the
// next poll instead of being stored as canonical.
func (f *Follower) read(ctx context.Context, from, target uint64) *rangeRead {
	r := &rangeRead{from: from}
	logs, to, err := f.readLogs(ctx, from, target)
	if err != nil {
		r.err = err
		return r
	}
	r.to = to
	r.refs, r.events, r.err = f.decode(ctx, to, logs)
	return r
}

// decode returns the block refs and the DTW events of logs, the logs of a range ending at
// block `to`.
func (f *Follower) decode(ctx context.Context, to uint64, logs []types.Log) ([]BlockRef, []dtw.Event, error) {
	tip, err := f.client.HeaderByNumber(ctx, new(big.Int).SetUint64(to))
	if err != nil {
		return nil, nil, fmt.Errorf("header %d: %w", to, err)
	}
	var refs []BlockRef
	seen := map[uint64]bool{}
	ptrs := make([]*types.Log, len(logs))
	for i := range logs {
		l := &logs[i]
		ptrs[i] = l
		if l.Removed {
			return nil, nil, fmt.Errorf("log %s/%d was removed during the read", l.TxHash, l.Index)
		}
		if !seen[l.BlockNumber] && l.BlockNumber != to {
			seen[l.BlockNumber] = true
			refs = append(refs, BlockRef{Number: l.BlockNumber, Hash: l.BlockHash})
		}
		if l.BlockNumber == to && l.BlockHash != tip.Hash() {
			return nil, nil, fmt.Errorf("block %d changed during the read", to)
		}
	}
	refs = append(refs, BlockRef{Number: to, Hash: tip.Hash()})
	if len(refs) > f.cfg.ReorgWindow { // the store keeps only the newest anyway
		refs = refs[len(refs)-f.cfg.ReorgWindow:]
	}
	events := dtw.DecodeLogs(f.cfg.DTW, ptrs)
	times := map[uint64]uint64{to: tip.Time}
	for i := range events {
		ev := &events[i]
		if ev.BlockTime != 0 {
			continue
		}
		t, ok := times[ev.BlockNumber]
		if !ok { // nodes without blockTimestamp in logs
			h, err := f.client.HeaderByNumber(ctx, new(big.Int).SetUint64(ev.BlockNumber))
			if err != nil {
				return nil, nil, fmt.Errorf("header %d: %w", ev.BlockNumber, err)
			}
			if h.Hash() != ev.BlockHash {
				return nil, nil, fmt.Errorf("block %d changed during the read", ev.BlockNumber)
			}
			t = h.Time
			times[ev.BlockNumber] = t
		}
		ev.BlockTime = t
	}
	return refs, events, nil
}
