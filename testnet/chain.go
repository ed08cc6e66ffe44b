package testnet

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/pricing"
)

// Token kinds deployed on every chain.
const (
	KindNative   = "native"   // native ETH, token id address(0)
	KindERC20    = "erc20"    // an ordinary 18-decimal ERC-20
	KindNoReturn = "noreturn" // a 6-decimal USDT-style token without return values
	KindFee      = "fee"      // an 18-decimal fee-on-transfer token
)

// Token is an asset the DTW contract holds on a chain.
type Token struct {
	// Symbol is the asset's ticker, e.g. "ETH", "DAI", "USDT", "FOT".
	Symbol string
	// Address is the token contract; the zero address for native ETH.
	Address common.Address
	// Decimals is the number of decimals of the base unit.
	Decimals uint8
	// Kind is one of the Kind constants.
	Kind string
}

// Units converts a whole-token amount to base units.
func (t Token) Units(whole int64) *big.Int {
	return new(big.Int).Mul(big.NewInt(whole), new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(t.Decimals)), nil))
}

// Chain is one anvil chain of a Network with the DTW contract and tokens deployed.
type Chain struct {
	// Source is the interface's source name, e.g. "ETHEREUM".
	Source string
	// ChainID is the chain id.
	ChainID *big.Int
	// RPCURL is the HTTP JSON-RPC endpoint.
	RPCURL string
	// Client is a connected client.
	Client *ethclient.Client
	// RPC is the raw RPC client behind Client, for anvil's own methods.
	RPC *rpc.Client
	// Anvil is the node process.
	Anvil *Anvil
	// DTW is the address of the DTW contract.
	DTW common.Address
	// DeployBlock is the block that deployed DTW: a follower's start block.
	DeployBlock uint64
	// DepositFactory is the DepositForwarderFactory (treasury: the operator) of the
	// accounts' OFFCHAIN deposit addresses.
	DepositFactory common.Address
	// Feeds are the DevnetAggregator price feeds (owner: Owner) by lower-case asset id,
	// one per token, answering the demo book's prices in USD with FeedDecimals decimals.
	Feeds map[string]common.Address
	// Tokens lists native ETH and the deployed test tokens.
	Tokens []Token
	// Owner owns DTW; Operator settles; Traders trade.
	Owner, Operator Account
	// Traders are funded trader accounts.
	Traders []Account
}

// Token returns the token with the given symbol.
func (c *Chain) Token(symbol string) (Token, bool) {
	for _, t := range c.Tokens {
		if strings.EqualFold(t.Symbol, symbol) {
			return t, true
		}
	}
	return Token{}, false
}

// MustToken is Token for symbols the harness deploys; it panics on an unknown symbol.
func (c *Chain) MustToken(symbol string) Token {
	t, ok := c.Token(symbol)
	if !ok {
		panic("testnet: unknown token " + symbol)
	}
	return t
}

// ErrReverted reports a transaction that was mined with a failed status.
var ErrReverted = errors.New("transaction reverted")

// Transact signs and sends a transaction from `from` (to == nil deploys), waits for its
// receipt and returns it. Gas is estimated, so a call that would revert fails before it
// is sent, with the revert data available through RevertName.
func (c *Chain) Transact(ctx context.Context, from Account, to *common.Address, data []byte, value *big.Int) (*types.Receipt, error) {
	tx, err := c.SendTx(ctx, from, to, data, value, 0)
	if err != nil {
		return nil, err
	}
	return c.WaitReceipt(ctx, tx.Hash())
}

// harnessFees prices the harness's transactions: the module's fee policy with a fixed
// 1 gwei tip, so that test chains see the same fees on every run.
var harnessFees = chain.FeePolicy{Tip: chain.DefaultTip}

// SendTx signs and broadcasts a transaction without waiting for it. A zero gasLimit is
// estimated.
func (c *Chain) SendTx(ctx context.Context, from Account, to *common.Address, data []byte, value *big.Int, gasLimit uint64) (*types.Transaction, error) {
	if value == nil {
		value = new(big.Int)
	}
	nonce, err := c.Client.PendingNonceAt(ctx, from.Address)
	if err != nil {
		return nil, fmt.Errorf("nonce: %w", err)
	}
	tip, feeCap, err := harnessFees.Fees(ctx, c.Client)
	if err != nil {
		return nil, fmt.Errorf("fees: %w", err)
	}
	if gasLimit == 0 {
		gasLimit, err = c.Client.EstimateGas(ctx, ethereum.CallMsg{From: from.Address, To: to, Value: value, Data: data})
		if err != nil {
			return nil, fmt.Errorf("estimate gas: %w", err)
		}
		gasLimit += gasLimit / 5
	}
	tx := types.NewTx(&types.DynamicFeeTx{
		ChainID: c.ChainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap,
		Gas: gasLimit, To: to, Value: value, Data: data,
	})
	signed, err := types.SignTx(tx, types.LatestSignerForChainID(c.ChainID), from.Key)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	if err := c.Client.SendTransaction(ctx, signed); err != nil {
		return nil, fmt.Errorf("send: %w", err)
	}
	return signed, nil
}

// Receipt waits: how long before a block is mined by hand for a transaction still
// without a receipt, and how long before WaitReceipt gives up when ctx has no deadline.
const (
	receiptNudgeAfter = 5 * time.Second
	receiptMaxWait    = 90 * time.Second
)

// WaitReceipt polls for a transaction's receipt and fails with ErrReverted when its
// status is not successful. A transaction still unmined after receiptNudgeAfter gets a
// block mined by hand now and then (anvil has left a transaction in its pool after an
// evm_revert: a CI run hung on one), and WaitReceipt fails after receiptMaxWait unless
// ctx has a deadline of its own, saying what the node knows of the transaction.
func (c *Chain) WaitReceipt(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	start := time.Now()
	if _, ok := ctx.Deadline(); !ok {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, receiptMaxWait)
		defer cancel()
	}
	nudged := start
	for {
		r, err := c.Client.TransactionReceipt(ctx, hash)
		if err == nil {
			if r.Status != types.ReceiptStatusSuccessful {
				return r, fmt.Errorf("%w: %s", ErrReverted, hash)
			}
			return r, nil
		}
		if !errors.Is(err, ethereum.NotFound) {
			return nil, fmt.Errorf("receipt %s: %w", hash, err)
		}
		if time.Since(nudged) > receiptNudgeAfter {
			nudged = time.Now()
			_ = c.Mine(ctx, 1) // best effort: the next poll tells
		}
		select {
		case <-ctx.Done():
			_, pending, terr := c.Client.TransactionByHash(context.Background(), hash)
			return nil, fmt.Errorf("receipt %s: none after %s (known to the node: %v, pending: %v): %w",
				hash, time.Since(start).Round(time.Millisecond), terr == nil, pending, ctx.Err())
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// TxSender returns who signed a transaction: the operator of a settle, which
// OrderSettled leaves to the transaction.
func (c *Chain) TxSender(ctx context.Context, hash common.Hash) (common.Address, error) {
	tx, _, err := c.Client.TransactionByHash(ctx, hash)
	if err != nil {
		return common.Address{}, fmt.Errorf("transaction %s: %w", hash, err)
	}
	from, err := types.Sender(types.LatestSignerForChainID(c.ChainID), tx)
	if err != nil {
		return common.Address{}, fmt.Errorf("sender of %s: %w", hash, err)
	}
	return from, nil
}

// Call runs a read-only call against the latest block.
func (c *Chain) Call(ctx context.Context, to common.Address, data []byte) ([]byte, error) {
	return c.Client.CallContract(ctx, ethereum.CallMsg{To: &to, Data: data}, nil)
}

// DTWBalance returns a trader's free balance of a token in the DTW contract.
func (c *Chain) DTWBalance(ctx context.Context, trader, token common.Address) (*big.Int, error) {
	dtw := bindings.NewDTW()
	out, err := c.Call(ctx, c.DTW, dtw.PackBalanceOf(trader, token))
	if err != nil {
		return nil, err
	}
	return dtw.UnpackBalanceOf(out)
}

// TokenBalance returns holder's balance of token outside the contract (native for ETH).
func (c *Chain) TokenBalance(ctx context.Context, token Token, holder common.Address) (*big.Int, error) {
	if token.Kind == KindNative {
		return c.Client.BalanceAt(ctx, holder, nil)
	}
	erc := bindings.NewTestToken()
	out, err := c.Call(ctx, token.Address, erc.PackBalanceOf(holder))
	if err != nil {
		return nil, err
	}
	return erc.UnpackBalanceOf(out)
}

// Approve lets the DTW contract pull amount of token from `from`, going through zero first
// as USDT-style tokens require.
func (c *Chain) Approve(ctx context.Context, from Account, token Token, amount *big.Int) error {
	if token.Kind == KindNative {
		return nil
	}
	erc := bindings.NewTestToken()
	if token.Kind == KindNoReturn {
		if _, err := c.Transact(ctx, from, &token.Address, erc.PackApprove(c.DTW, new(big.Int)), nil); err != nil {
			return fmt.Errorf("approve %s to zero: %w", token.Symbol, err)
		}
	}
	if _, err := c.Transact(ctx, from, &token.Address, erc.PackApprove(c.DTW, amount), nil); err != nil {
		return fmt.Errorf("approve %s: %w", token.Symbol, err)
	}
	return nil
}

// Deposit approves and deposits amount of token into the DTW contract for `from`.
func (c *Chain) Deposit(ctx context.Context, from Account, token Token, amount *big.Int) (*types.Receipt, error) {
	var value *big.Int
	if token.Kind == KindNative {
		value = amount
	} else if err := c.Approve(ctx, from, token, amount); err != nil {
		return nil, err
	}
	r, err := c.Transact(ctx, from, &c.DTW, bindings.NewDTW().PackDeposit(token.Address, amount), value)
	if err != nil {
		return nil, fmt.Errorf("deposit %s: %w", token.Symbol, err)
	}
	return r, nil
}

// Mint mints test tokens to `to`.
func (c *Chain) Mint(ctx context.Context, token Token, to common.Address, amount *big.Int) error {
	if token.Kind == KindNative {
		return c.SetBalance(ctx, to, amount)
	}
	if _, err := c.Transact(ctx, c.Owner, &token.Address, bindings.NewTestToken().PackMint(to, amount), nil); err != nil {
		return fmt.Errorf("mint %s: %w", token.Symbol, err)
	}
	return nil
}

// SetBalance sets an account's native balance (anvil_setBalance).
func (c *Chain) SetBalance(ctx context.Context, addr common.Address, wei *big.Int) error {
	return c.RPC.CallContext(ctx, nil, "anvil_setBalance", addr, (*hexutil.Big)(wei))
}

// Mine mines n blocks at once (anvil_mine).
func (c *Chain) Mine(ctx context.Context, n int) error {
	return c.RPC.CallContext(ctx, nil, "anvil_mine", hexutil.Uint64(n))
}

// IncreaseTime moves the chain's clock forward and mines a block with the new time.
func (c *Chain) IncreaseTime(ctx context.Context, d time.Duration) error {
	if err := c.RPC.CallContext(ctx, nil, "evm_increaseTime", uint64(d/time.Second)); err != nil {
		return err
	}
	return c.Mine(ctx, 1)
}

// SetAutomine turns mining of one block per transaction on or off.
func (c *Chain) SetAutomine(ctx context.Context, on bool) error {
	return c.RPC.CallContext(ctx, nil, "evm_setAutomine", on)
}

// SetIntervalMining mines a block every interval; zero turns interval mining off.
func (c *Chain) SetIntervalMining(ctx context.Context, interval time.Duration) error {
	return c.RPC.CallContext(ctx, nil, "evm_setIntervalMining", uint64(interval/time.Second))
}

// Snapshot saves the chain state and returns its id (evm_snapshot).
func (c *Chain) Snapshot(ctx context.Context) (string, error) {
	var id string
	err := c.RPC.CallContext(ctx, &id, "evm_snapshot")
	return id, err
}

// Revert restores a snapshot, dropping every later block: a reorg for followers. It also
// empties the node's transaction pool: anvil keeps pooled transactions across evm_revert,
// and one whose nonce the restored state has not reached yet makes the pending nonce run
// ahead of the account's, so that the next transaction waits forever behind a gap (a CI
// run's token approval did). What a reverted block held must be sent again, as after a
// reorg that lost the pool.
func (c *Chain) Revert(ctx context.Context, id string) error {
	var ok bool
	if err := c.RPC.CallContext(ctx, &ok, "evm_revert", id); err != nil {
		return err
	}
	if !ok {
		return fmt.Errorf("evm_revert %s: unknown snapshot", id)
	}
	if err := c.RPC.CallContext(ctx, nil, "anvil_dropAllTransactions"); err != nil {
		return fmt.Errorf("after evm_revert %s: drop the pool: %w", id, err)
	}
	return nil
}

// Now returns the timestamp of the latest block.
func (c *Chain) Now(ctx context.Context) (time.Time, error) {
	h, err := c.Client.HeaderByNumber(ctx, nil)
	if err != nil {
		return time.Time{}, err
	}
	return time.Unix(int64(h.Time), 0), nil
}

// RevertData returns the revert data carried by an RPC error, if any.
func RevertData(err error) []byte { return dtw.RevertData(err) }

// RevertName returns the name of the contract's custom error in err ("InsufficientBalance"),
// the reason of a require ("allowance"), or "" when err carries no revert data.
func RevertName(err error) string { return dtw.RevertName(err) }

// ChainSource is the chain's registry source (Config(confirmations).ToSource()): asset
// ids are the lower-case symbols, the follower starts at the DTW deployment.
func (c *Chain) ChainSource(confirmations uint64) chain.Source {
	return c.Config(confirmations).ToSource()
}

// Config is the chain's configuration form, as the gateway's config, dtw's config and
// devnet.json state it. confirmations 0 leaves the key out (its default is 1).
func (c *Chain) Config(confirmations uint64) chain.Config {
	cfg := chain.Config{Source: c.Source, ChainID: c.ChainID.Uint64(), RPCURLs: []string{c.RPCURL}, DTWAddress: c.DTW.Hex(),
		StartBlock: c.DeployBlock, Confirmations: confirmations}
	if c.DepositFactory != (common.Address{}) {
		cfg.DepositFactory = c.DepositFactory.Hex()
	}
	for _, t := range c.Tokens {
		cfg.Tokens = append(cfg.Tokens, chain.TokenConfig{Symbol: t.Symbol, Address: t.Address.Hex(), Decimals: t.Decimals})
	}
	return cfg
}

// GatewayConfig is a gateway config (config.Default) serving this chain alone at one
// confirmation and the demo book's prices, with its data directory under dir and the
// operator's key in a keystore written into dir. dir is made private (mode 0700): the
// store refuses a directory open to others. Callers may edit it before Finish and Check.
func (c *Chain) GatewayConfig(dir string) (config.Config, error) {
	if err := os.Chmod(dir, 0o700); err != nil {
		return config.Config{}, err
	}
	operator, password, err := c.writeOperatorKeystore(dir)
	if err != nil {
		return config.Config{}, err
	}
	cfg := config.Default()
	cfg.DataDir = filepath.Join(dir, "data")
	cfg.Pricing = pricing.DefaultConfig()
	cfg.Chains = []config.Chain{{Config: c.Config(1), Operator: operator, OperatorPasswordFile: password}}
	return cfg, nil
}
