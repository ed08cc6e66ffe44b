package chain

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"net/url"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/rpc"
)

// ErrNoQuorum is returned by a Pool read that fewer than its quorum of endpoints answered
// alike: the endpoints disagree (one lies, or they sit on different forks) or too few
// answer. Callers treat it as "not known yet" and ask again later; nothing is decided on
// one endpoint's word.
var ErrNoQuorum = errors.New("RPC endpoints do not agree")

// Endpoint is one JSON-RPC endpoint of a chain (a *TimedClient).
type Endpoint interface {
	ChainID(ctx context.Context) (*big.Int, error)
	BlockNumber(ctx context.Context) (uint64, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
	NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error)
	CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	Close()
}

// PoolMetricer records a Pool's view of its endpoints. Implementations are bound to one
// chain; endpoint is the label EndpointLabel gives.
type PoolMetricer interface {
	// RecordRPCHealth records a health check: whether the endpoint is usable and how many
	// blocks its head is behind the best endpoint's.
	RecordRPCHealth(endpoint string, up bool, lagBlocks uint64)
	// RecordRPCCall records one call to an endpoint, its duration and whether it failed
	// (a transport failure or a timeout, not an answer such as "not found").
	RecordRPCCall(endpoint, method string, d time.Duration, failed bool)
	// RecordRPCDisagreement records a read whose endpoints did not reach the quorum.
	RecordRPCDisagreement(method string)
}

// PoolConfig configures a Pool.
type PoolConfig struct {
	// Source names the chain in logs.
	Source string
	// Quorum is how many endpoints must return the same answer to a read a decision rests
	// on (receipts, logs, headers, the head) before the pool returns it. Default 1.
	Quorum int
	// CheckEvery is the wait between health checks of every endpoint. Default 5s.
	CheckEvery time.Duration
	// MaxLag is how many blocks an endpoint's head may trail the best endpoint's before it
	// is unhealthy. Default 10.
	MaxLag uint64
	// StallAfter is how long an endpoint's head may stay still while another endpoint's
	// head moves past it before it is unhealthy. Default 1 minute.
	StallAfter time.Duration
	// Metrics records health and calls. Default: none.
	Metrics PoolMetricer
	// Logger receives health changes and disagreements. Default slog.Default().
	Logger *slog.Logger
}

// PoolEndpoint is an endpoint with the URL it was dialled at (for logs and labels).
type PoolEndpoint struct {
	URL    string
	Client Endpoint
}

type endpointState struct {
	PoolEndpoint
	label string
	// Guarded by Pool.mu.
	healthy bool
	head    uint64
	movedAt time.Time
	lastErr error
}

// Pool is a chain's JSON-RPC endpoints used as one client: every call goes to the first
// healthy endpoint (in the configured order) and moves to the next on a transport error
// or timeout; reads that decide something (BlockNumber, HeaderByNumber, FilterLogs,
// TransactionReceipt) are returned only once Quorum endpoints agree on them. A health
// check (Run) takes an endpoint out while it fails, trails the others by more than
// MaxLag blocks, or stalls, and back in when it recovers. It has the method set of
// TimedClient and is safe for concurrent use.
type Pool struct {
	cfg       PoolConfig
	endpoints []*endpointState
	mu        sync.Mutex
	// stop ends the health checks Start began; checks is done when they have.
	stop   context.CancelFunc
	checks sync.WaitGroup
}

// NewPool returns a pool of endpoints (at least one, at least cfg.Quorum), all healthy
// until a check or a call says otherwise.
func NewPool(cfg PoolConfig, endpoints []PoolEndpoint) (*Pool, error) {
	if cfg.Quorum <= 0 {
		cfg.Quorum = 1
	}
	if len(endpoints) == 0 {
		return nil, fmt.Errorf("%s: no RPC endpoint", cfg.Source)
	}
	if cfg.Quorum > len(endpoints) {
		return nil, fmt.Errorf("%s: verifyQuorum %d needs at least %d RPC endpoints, %d configured", cfg.Source, cfg.Quorum, cfg.Quorum, len(endpoints))
	}
	if cfg.CheckEvery <= 0 {
		cfg.CheckEvery = 5 * time.Second
	}
	if cfg.MaxLag == 0 {
		cfg.MaxLag = 10
	}
	if cfg.StallAfter <= 0 {
		cfg.StallAfter = time.Minute
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	p := &Pool{cfg: cfg}
	now := time.Now()
	for i, e := range endpoints {
		p.endpoints = append(p.endpoints, &endpointState{PoolEndpoint: e, label: EndpointLabel(i, e.URL), healthy: true, movedAt: now})
	}
	return p, nil
}

// EndpointLabel names an endpoint in metrics and logs without what its URL may hide in
// its path, query or user info (providers' API keys): its index and host, "0:rpc.example".
func EndpointLabel(i int, raw string) string {
	host := "?"
	if u, err := url.Parse(raw); err == nil && u.Host != "" {
		host = u.Host
	}
	return strconv.Itoa(i) + ":" + host
}

// Quorum returns how many endpoints must agree on a read.
func (p *Pool) Quorum() int { return p.cfg.Quorum }

// Start runs the health checks (Run) in the background until Close.
func (p *Pool) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	p.stop = cancel
	p.checks.Add(1)
	go func() {
		defer p.checks.Done()
		p.Run(ctx)
	}()
}

// Close stops the health checks and closes every endpoint.
func (p *Pool) Close() {
	if p.stop != nil {
		p.stop()
		p.checks.Wait()
	}
	for _, e := range p.endpoints {
		e.Client.Close()
	}
}

// Run checks every endpoint's health every CheckEvery until ctx ends.
func (p *Pool) Run(ctx context.Context) {
	t := time.NewTicker(p.cfg.CheckEvery)
	defer t.Stop()
	for {
		p.Check(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// Check asks every endpoint for its head once and updates which are healthy.
func (p *Pool) Check(ctx context.Context) {
	heads := make([]uint64, len(p.endpoints))
	errs := make([]error, len(p.endpoints))
	var wg sync.WaitGroup
	for i, e := range p.endpoints {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = p.timed(ctx, e, "eth_blockNumber", func(ctx context.Context) error {
				var err error
				heads[i], err = e.Client.BlockNumber(ctx)
				return err
			})
		}()
	}
	wg.Wait()
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	var best uint64
	for i := range p.endpoints {
		if errs[i] == nil {
			best = max(best, heads[i])
		}
	}
	for i, e := range p.endpoints {
		was := e.healthy
		lag := uint64(0)
		switch {
		case errs[i] != nil:
			e.healthy, e.lastErr = false, errs[i]
		default:
			if heads[i] != e.head {
				e.head, e.movedAt = heads[i], now
			}
			lag = best - heads[i]
			stalled := lag > 0 && now.Sub(e.movedAt) > p.cfg.StallAfter
			e.healthy = lag <= p.cfg.MaxLag && !stalled
			e.lastErr = nil
			if !e.healthy {
				e.lastErr = fmt.Errorf("head %d is %d blocks behind %d (unchanged for %s)", heads[i], lag, best, now.Sub(e.movedAt).Round(time.Second))
			}
		}
		if p.cfg.Metrics != nil {
			p.cfg.Metrics.RecordRPCHealth(e.label, e.healthy, lag)
		}
		if was != e.healthy {
			if e.healthy {
				p.cfg.Logger.Info("RPC endpoint healthy again", "source", p.cfg.Source, "endpoint", e.label)
			} else {
				p.cfg.Logger.Warn("RPC endpoint unhealthy; using the others", "source", p.cfg.Source, "endpoint", e.label, "err", e.lastErr)
			}
		}
	}
}

// order returns the endpoints to try: the healthy ones in the configured order, then the
// others (a last resort beats no answer).
func (p *Pool) order() []*endpointState {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]*endpointState, 0, len(p.endpoints))
	for _, e := range p.endpoints {
		if e.healthy {
			out = append(out, e)
		}
	}
	for _, e := range p.endpoints {
		if !e.healthy {
			out = append(out, e)
		}
	}
	return out
}

// Healthy returns the labels of the endpoints now in use.
func (p *Pool) Healthy() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []string
	for _, e := range p.endpoints {
		if e.healthy {
			out = append(out, e.label)
		}
	}
	return out
}

// answered reports whether err is an endpoint's answer (not found, a JSON-RPC error such
// as a revert or "nonce too low") rather than a failure to answer.
func answered(err error) bool {
	if err == nil || errors.Is(err, ethereum.NotFound) {
		return true
	}
	var rpcErr rpc.Error
	return errors.As(err, &rpcErr)
}

// timed runs call against e and records it; a failure to answer takes e out of use until
// the next health check finds it well.
func (p *Pool) timed(ctx context.Context, e *endpointState, method string, call func(context.Context) error) error {
	start := time.Now()
	err := call(ctx)
	failed := !answered(err)
	if p.cfg.Metrics != nil {
		p.cfg.Metrics.RecordRPCCall(e.label, method, time.Since(start), failed)
	}
	if failed && ctx.Err() == nil {
		p.mu.Lock()
		if e.healthy {
			e.healthy, e.lastErr = false, err
			p.cfg.Logger.Warn("RPC endpoint failed; using the others", "source", p.cfg.Source, "endpoint", e.label, "method", method, "err", err)
		}
		p.mu.Unlock()
	}
	return err
}

// first runs call on the first endpoint that answers.
func first[T any](ctx context.Context, p *Pool, method string, call func(context.Context, Endpoint) (T, error)) (T, error) {
	var errs []error
	for _, e := range p.order() {
		var v T
		err := p.timed(ctx, e, method, func(ctx context.Context) error {
			var err error
			v, err = call(ctx, e.Client)
			return err
		})
		if answered(err) {
			return v, err
		}
		errs = append(errs, fmt.Errorf("%s: %w", e.label, err))
		if ctx.Err() != nil {
			break
		}
	}
	var zero T
	return zero, fmt.Errorf("%s %s: no RPC endpoint answered: %w", p.cfg.Source, method, errors.Join(errs...))
}

// agreed runs call on endpoints in order until Quorum of them give answers with the same
// key (an error that is an answer, such as not found, is an answer too) and returns that
// answer; ErrNoQuorum when the endpoints run out first.
func agreed[T any](ctx context.Context, p *Pool, method string, call func(context.Context, Endpoint) (T, error), key func(T) [32]byte) (T, error) {
	if p.cfg.Quorum == 1 {
		return first(ctx, p, method, call)
	}
	type vote struct {
		v     T
		err   error
		count int
	}
	votes := map[[32]byte]*vote{}
	var errs []error
	for _, e := range p.order() {
		var v T
		err := p.timed(ctx, e, method, func(ctx context.Context) error {
			var err error
			v, err = call(ctx, e.Client)
			return err
		})
		if !answered(err) {
			errs = append(errs, fmt.Errorf("%s: %w", e.label, err))
			if ctx.Err() != nil {
				break
			}
			continue
		}
		var k [32]byte
		if err == nil {
			k = key(v)
		} else {
			k = errKey(err)
		}
		vt := votes[k]
		if vt == nil {
			vt = &vote{v: v, err: err}
			votes[k] = vt
		}
		if vt.count++; vt.count >= p.cfg.Quorum {
			return vt.v, vt.err
		}
	}
	if len(votes) > 1 && p.cfg.Metrics != nil {
		p.cfg.Metrics.RecordRPCDisagreement(method)
	}
	if len(votes) > 1 {
		p.cfg.Logger.Warn("RPC endpoints disagree; waiting", "source", p.cfg.Source, "method", method, "answers", len(votes), "quorum", p.cfg.Quorum)
	}
	var zero T
	return zero, fmt.Errorf("%s %s: %w: %d different answers, %d endpoints failed, quorum %d: %w",
		p.cfg.Source, method, ErrNoQuorum, len(votes), len(errs), p.cfg.Quorum, errors.Join(errs...))
}

// errKey is the vote key of an error answer: not found, or a JSON-RPC error by its text.
func errKey(err error) [32]byte {
	if errors.Is(err, ethereum.NotFound) {
		return sha256.Sum256([]byte("not found"))
	}
	return sha256.Sum256([]byte("error:" + err.Error()))
}

// ChainID returns the chain id of the first endpoint that answers.
func (p *Pool) ChainID(ctx context.Context) (*big.Int, error) {
	return first(ctx, p, "eth_chainId", func(ctx context.Context, e Endpoint) (*big.Int, error) { return e.ChainID(ctx) })
}

// BlockNumber returns the newest block that Quorum endpoints have reached: with a quorum
// of 1 the first endpoint's head, else the Quorum-th highest head of the endpoints asked,
// so that one endpoint cannot make blocks look deeper (more confirmed) than they are.
func (p *Pool) BlockNumber(ctx context.Context) (uint64, error) {
	if p.cfg.Quorum == 1 {
		return first(ctx, p, "eth_blockNumber", func(ctx context.Context, e Endpoint) (uint64, error) { return e.BlockNumber(ctx) })
	}
	var heads []uint64
	var errs []error
	for _, e := range p.order() {
		var h uint64
		err := p.timed(ctx, e, "eth_blockNumber", func(ctx context.Context) error {
			var err error
			h, err = e.Client.BlockNumber(ctx)
			return err
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", e.label, err))
			continue
		}
		heads = append(heads, h)
	}
	if len(heads) < p.cfg.Quorum {
		return 0, fmt.Errorf("%s eth_blockNumber: %w: %d endpoints answered, quorum %d: %w", p.cfg.Source, ErrNoQuorum, len(heads), p.cfg.Quorum, errors.Join(errs...))
	}
	slices.Sort(heads)
	slices.Reverse(heads)
	return heads[p.cfg.Quorum-1], nil
}

// HeaderByNumber returns the header of block number (nil: the newest block Quorum
// endpoints reached) once Quorum endpoints return the same block hash.
func (p *Pool) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	if number == nil && p.cfg.Quorum > 1 {
		head, err := p.BlockNumber(ctx)
		if err != nil {
			return nil, err
		}
		number = new(big.Int).SetUint64(head)
	}
	return agreed(ctx, p, "eth_getBlockByNumber", func(ctx context.Context, e Endpoint) (*types.Header, error) {
		return e.HeaderByNumber(ctx, number)
	}, func(h *types.Header) [32]byte { return h.Hash() })
}

// FilterLogs returns the logs of q once Quorum endpoints return the same logs.
func (p *Pool) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	return agreed(ctx, p, "eth_getLogs", func(ctx context.Context, e Endpoint) ([]types.Log, error) { return e.FilterLogs(ctx, q) }, logsKey)
}

// TransactionReceipt returns a transaction's receipt once Quorum endpoints return the
// same one (status, block, logs), or agree that there is none.
func (p *Pool) TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	return agreed(ctx, p, "eth_getTransactionReceipt", func(ctx context.Context, e Endpoint) (*types.Receipt, error) {
		return e.TransactionReceipt(ctx, hash)
	}, receiptKey)
}

// NonceAt returns the first answering endpoint's nonce of account.
func (p *Pool) NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error) {
	return first(ctx, p, "eth_getTransactionCount", func(ctx context.Context, e Endpoint) (uint64, error) {
		return e.NonceAt(ctx, account, blockNumber)
	})
}

// SuggestGasTipCap returns the first answering endpoint's tip suggestion.
func (p *Pool) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	return first(ctx, p, "eth_maxPriorityFeePerGas", func(ctx context.Context, e Endpoint) (*big.Int, error) { return e.SuggestGasTipCap(ctx) })
}

// EstimateGas returns the first answering endpoint's estimate.
func (p *Pool) EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error) {
	return first(ctx, p, "eth_estimateGas", func(ctx context.Context, e Endpoint) (uint64, error) { return e.EstimateGas(ctx, msg) })
}

// SendTransaction sends tx through the first endpoint that answers and returns its
// answer; the other healthy endpoints get it too, so that one endpoint that swallows
// transactions cannot keep it off the chain (their answers are not waited for).
func (p *Pool) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	order := p.order()
	var sentBy Endpoint
	_, err := first(ctx, p, "eth_sendRawTransaction", func(ctx context.Context, e Endpoint) (struct{}, error) {
		sentBy = e
		return struct{}{}, e.SendTransaction(ctx, tx)
	})
	if len(order) > 1 {
		others := p.Healthy()
		for _, e := range order {
			if e.Client != sentBy && slices.Contains(others, e.label) {
				go func() {
					bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
					defer cancel()
					_ = e.Client.SendTransaction(bctx, tx) // "already known" and the like are expected
				}()
			}
		}
	}
	return err
}

// CallContract runs a call on the first answering endpoint.
func (p *Pool) CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error) {
	return first(ctx, p, "eth_call", func(ctx context.Context, e Endpoint) ([]byte, error) { return e.CallContract(ctx, msg, blockNumber) })
}

// CodeAt returns an account's code from the first answering endpoint.
func (p *Pool) CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error) {
	return first(ctx, p, "eth_getCode", func(ctx context.Context, e Endpoint) ([]byte, error) { return e.CodeAt(ctx, account, blockNumber) })
}

// BalanceAt returns an account's native balance from the first answering endpoint.
func (p *Pool) BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error) {
	return first(ctx, p, "eth_getBalance", func(ctx context.Context, e Endpoint) (*big.Int, error) { return e.BalanceAt(ctx, account, blockNumber) })
}

// logsKey hashes what identifies a list of logs: each log's block, transaction, index,
// emitter, topics and data.
func logsKey(logs []types.Log) [32]byte {
	h := sha256.New()
	for _, l := range logs {
		writeLog(h, &l)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// receiptKey hashes what a decision reads of a receipt: status, block, and logs.
func receiptKey(r *types.Receipt) [32]byte {
	h := sha256.New()
	h.Write(r.TxHash[:])
	h.Write(r.BlockHash[:])
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], r.Status)
	h.Write(b[:])
	if r.BlockNumber != nil {
		h.Write(r.BlockNumber.Bytes())
	}
	for _, l := range r.Logs {
		writeLog(h, l)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

func writeLog(h interface{ Write([]byte) (int, error) }, l *types.Log) {
	var b [8]byte
	h.Write(l.BlockHash[:])
	h.Write(l.TxHash[:])
	binary.BigEndian.PutUint64(b[:], uint64(l.Index))
	h.Write(b[:])
	h.Write(l.Address[:])
	binary.BigEndian.PutUint64(b[:], uint64(len(l.Topics)))
	h.Write(b[:])
	for _, t := range l.Topics {
		h.Write(t[:])
	}
	binary.BigEndian.PutUint64(b[:], uint64(len(l.Data)))
	h.Write(b[:])
	h.Write(l.Data)
	if l.Removed {
		h.Write([]byte{1})
	}
}
