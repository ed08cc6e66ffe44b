package trader

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/signer"
)

// Defaults of Options.
const (
	DefaultPollInterval = time.Second
	DefaultOrderTTL     = time.Hour
	// DefaultGasMarginPercent is added to the estimated gas limit.
	DefaultGasMarginPercent = 20
)

// ErrWrongChain means the RPC serves another chain than the configuration names.
var ErrWrongChain = errors.New("rpc serves another chain")

// Backend is the part of an Ethereum RPC client a Trader uses; *ethclient.Client
// implements it.
type Backend interface {
	ChainID(ctx context.Context) (*big.Int, error)
	BlockNumber(ctx context.Context) (uint64, error)
	BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error)
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	PendingNonceAt(ctx context.Context, account common.Address) (uint64, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
	EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error)
	CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
	SendTransaction(ctx context.Context, tx *types.Transaction) error
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
	FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error)
}

var _ Backend = (*ethclient.Client)(nil)

// Options tune a Trader; the zero value uses the defaults.
type Options struct {
	// PollInterval is how often a mined receipt is looked for. Default 1s.
	PollInterval time.Duration
	// OrderTTL is the deadline of an order whose params leave it zero, counted from the
	// latest block's time. Default 1h.
	OrderTTL time.Duration
	// GasMarginPercent is added to estimated gas limits. Default 20.
	GasMarginPercent uint64
	// Fees prices the trader's transactions; the zero value is the defaults of
	// chain.FeePolicy (node's tip, fee cap at most 500 gwei).
	Fees chain.FeePolicy
	// Verify, when set, is what Verifier reads the chain through instead of the backend:
	// a chain.Pool of the trader's own RPCs whose quorum must agree on every receipt.
	Verify chain.ReceiptReader
}

// Trader acts for one account on one chain. Its methods may be called concurrently:
// transactions are sent one at a time so that each gets the next nonce.
type Trader struct {
	src     chain.Source
	signer  signer.Signer
	backend Backend
	chainID *big.Int
	opts    Options
	sendMu  sync.Mutex
}

// New returns a trader for src (the trader's own configuration of the chain) that signs
// with s and talks to the chain through b. It checks that b serves src's chain.
func New(ctx context.Context, src chain.Source, s signer.Signer, b Backend, opts Options) (*Trader, error) {
	if s == nil || b == nil {
		return nil, errors.New("trader: signer and backend are required")
	}
	if src.DTW == (common.Address{}) {
		return nil, fmt.Errorf("trader: %s: no DTW contract address configured", src.Name)
	}
	id, err := b.ChainID(ctx)
	if err != nil {
		return nil, fmt.Errorf("trader: %s: chain id: %w", src.Name, err)
	}
	if src.ChainID != 0 && id.Uint64() != src.ChainID {
		return nil, fmt.Errorf("%w: %s is configured as chain %d, the RPC serves chain %s", ErrWrongChain, src.Name, src.ChainID, id)
	}
	src.ChainID = id.Uint64()
	if opts.PollInterval <= 0 {
		opts.PollInterval = DefaultPollInterval
	}
	if opts.OrderTTL <= 0 {
		opts.OrderTTL = DefaultOrderTTL
	}
	if opts.GasMarginPercent == 0 {
		opts.GasMarginPercent = DefaultGasMarginPercent
	}
	return &Trader{src: src, signer: s, backend: b, chainID: id, opts: opts}, nil
}

// Address returns the trader's address.
func (t *Trader) Address() common.Address { return t.signer.Address() }

// Source returns the trader's configuration of the chain.
func (t *Trader) Source() chain.Source { return t.src }

// ChainID returns the chain's id.
func (t *Trader) ChainID() *big.Int { return new(big.Int).Set(t.chainID) }

// Asset finds an asset of the trader's configuration by id or token address.
func (t *Trader) Asset(idOrAddress string) (chain.Asset, error) { return t.src.Asset(idOrAddress) }

// Verifier returns a verifier for this trader's own orders and withdrawals.
func (t *Trader) Verifier() *Verifier {
	if t.opts.Verify != nil {
		return NewVerifier(t.src, t.opts.Verify, t.Address())
	}
	return NewVerifier(t.src, t.backend, t.Address())
}

// headTime returns the latest block's timestamp: deadlines are judged by chain time.
func (t *Trader) headTime(ctx context.Context) (time.Time, error) {
	h, err := t.backend.HeaderByNumber(ctx, nil)
	if err != nil {
		return time.Time{}, fmt.Errorf("latest block: %w", err)
	}
	return time.Unix(int64(h.Time), 0), nil
}
