package chain

import (
	"context"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
)

// TimedClient is a chain's JSON-RPC client whose every call fails after a timeout,
// whatever the transport: an HTTP client's timeout bounds only HTTP calls, while a
// websocket or IPC endpoint that takes a request and never answers would block its
// caller (the follower, the sender, a relay) for good. It wraps an *ethclient.Client
// without embedding it, so only the calls below can be made, each with its deadline; a
// consumer that needs another call does not compile until it is added here. It is safe
// for concurrent use.
type TimedClient struct {
	c       *ethclient.Client
	timeout time.Duration
}

// NewTimedClient returns c with timeout on every call (the caller's context may end a
// call sooner).
func NewTimedClient(c *ethclient.Client, timeout time.Duration) *TimedClient {
	return &TimedClient{c: c, timeout: timeout}
}

func (t *TimedClient) call(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, t.timeout)
}

// Close closes the connection.
func (t *TimedClient) Close() { t.c.Close() }

// ChainID returns the chain id the endpoint serves.
func (t *TimedClient) ChainID(ctx context.Context) (*big.Int, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.ChainID(ctx)
}

// BlockNumber returns the number of the newest block.
func (t *TimedClient) BlockNumber(ctx context.Context) (uint64, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.BlockNumber(ctx)
}

// HeaderByNumber returns the header of a block; nil number is the newest.
func (t *TimedClient) HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.HeaderByNumber(ctx, number)
}

// FilterLogs returns the logs matching q.
func (t *TimedClient) FilterLogs(ctx context.Context, q ethereum.FilterQuery) ([]types.Log, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.FilterLogs(ctx, q)
}

// NonceAt returns an account's nonce at a block; nil blockNumber is the newest.
func (t *TimedClient) NonceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (uint64, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.NonceAt(ctx, account, blockNumber)
}

// SuggestGasTipCap returns the node's suggested priority fee.
func (t *TimedClient) SuggestGasTipCap(ctx context.Context) (*big.Int, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.SuggestGasTipCap(ctx)
}

// EstimateGas estimates the gas msg needs.
func (t *TimedClient) EstimateGas(ctx context.Context, msg ethereum.CallMsg) (uint64, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.EstimateGas(ctx, msg)
}

// SendTransaction broadcasts a signed transaction.
func (t *TimedClient) SendTransaction(ctx context.Context, tx *types.Transaction) error {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.SendTransaction(ctx, tx)
}

// TransactionReceipt returns a mined transaction's receipt (ethereum.NotFound if none).
func (t *TimedClient) TransactionReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.TransactionReceipt(ctx, hash)
}

// CallContract executes a call without a transaction; nil blockNumber is the newest.
func (t *TimedClient) CallContract(ctx context.Context, msg ethereum.CallMsg, blockNumber *big.Int) ([]byte, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.CallContract(ctx, msg, blockNumber)
}

// CodeAt returns an account's code at a block; nil blockNumber is the newest.
func (t *TimedClient) CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.CodeAt(ctx, account, blockNumber)
}

// BalanceAt returns an account's ether balance at a block; nil blockNumber is the newest.
func (t *TimedClient) BalanceAt(ctx context.Context, account common.Address, blockNumber *big.Int) (*big.Int, error) {
	ctx, cancel := t.call(ctx)
	defer cancel()
	return t.c.BalanceAt(ctx, account, blockNumber)
}
