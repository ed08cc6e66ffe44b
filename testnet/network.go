package testnet

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/big"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/pricing"
)

// DefaultChainIDs gives each well-known source a distinct local chain id. Local chains
// never reuse a public chain's id, so a signature made here is worthless anywhere else.
var DefaultChainIDs = map[string]uint64{
	"ETHEREUM": 31337,
	"OPTIMISM": 31338,
	"POLYGON":  31339,
	"LINEA":    31340,
}

// Options configures a Network.
type Options struct {
	// Sources names the chains to start, one anvil each. Default: ETHEREUM and OPTIMISM.
	Sources []string
	// ChainIDs overrides DefaultChainIDs per source; unknown sources get 31400 + index.
	ChainIDs map[string]uint64
	// Traders is the number of funded trader accounts. Default 3.
	Traders int
	// BlockTime mines a block every interval (whole seconds) once the network is set up;
	// zero mines one block per transaction.
	BlockTime time.Duration
	// Log receives anvil's output; nil discards it.
	Log io.Writer
}

// Funding per account, in whole tokens of each deployed token.
const (
	TraderFunding    = 1_000_000
	OperatorFunding  = 10_000_000
	OperatorDeposit  = 5_000_000
	OperatorEthFloat = 1_000 // ETH the operator deposits as native inventory
)

// Network is a set of local chains with DTW deployed on each.
type Network struct {
	// Chains are the started chains, in Options.Sources order.
	Chains []*Chain
	// Accounts are the owner, the operator and the traders, the same keys on every chain.
	Accounts []Account
}

// Chain returns the chain of a source, or nil.
func (n *Network) Chain(source string) *Chain {
	for _, c := range n.Chains {
		if c.Source == source {
			return c
		}
	}
	return nil
}

// New starts a network for a test and stops it when the test ends. It fails the test
// (never skips it) when anvil is not installed.
func New(t TB, opts Options) *Network {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	n, err := Start(ctx, opts)
	if err != nil {
		t.Fatalf("testnet: %v", err)
	}
	t.Cleanup(n.Stop)
	return n
}

// Start starts one anvil per source, deploys DTW and the test tokens on each, and funds
// the operator (with inventory deposited in DTW) and the traders.
func Start(ctx context.Context, opts Options) (*Network, error) {
	if len(opts.Sources) == 0 {
		opts.Sources = []string{"ETHEREUM", "OPTIMISM"}
	}
	if opts.Traders <= 0 {
		opts.Traders = 3
	}
	if opts.BlockTime > 0 && opts.BlockTime < time.Second {
		return nil, errors.New("testnet: block time must be whole seconds")
	}
	accounts, err := makeAccounts(opts.Traders)
	if err != nil {
		return nil, err
	}
	n := &Network{Accounts: accounts}
	for i, source := range opts.Sources {
		id := opts.ChainIDs[source]
		if id == 0 {
			id = DefaultChainIDs[source]
		}
		if id == 0 {
			id = 31400 + uint64(i)
		}
		c, err := startChain(ctx, source, id, accounts, opts)
		if err != nil {
			n.Stop()
			return nil, fmt.Errorf("testnet: %s: %w", source, err)
		}
		n.Chains = append(n.Chains, c)
	}
	return n, nil
}

// Stop stops every chain.
func (n *Network) Stop() {
	for _, c := range n.Chains {
		c.Client.Close()
		c.Anvil.Stop()
	}
}

func startChain(ctx context.Context, source string, chainID uint64, accounts []Account, opts Options) (*Chain, error) {
	a, err := StartAnvil(ctx, AnvilOptions{ChainID: chainID, Log: opts.Log})
	if err != nil {
		return nil, err
	}
	rpcClient, err := a.Dial(ctx)
	if err != nil {
		a.Stop()
		return nil, err
	}
	c := &Chain{
		Source:   source,
		ChainID:  new(big.Int).SetUint64(chainID),
		RPCURL:   a.URL,
		Client:   ethclient.NewClient(rpcClient),
		RPC:      rpcClient,
		Anvil:    a,
		Owner:    accounts[0],
		Operator: accounts[1],
		Traders:  accounts[2:],
	}
	if err := c.setup(ctx); err != nil {
		c.Client.Close()
		a.Stop()
		return nil, err
	}
	if opts.BlockTime > 0 {
		if err := c.SetIntervalMining(ctx, opts.BlockTime); err != nil {
			c.Client.Close()
			a.Stop()
			return nil, fmt.Errorf("interval mining: %w", err)
		}
	}
	return c, nil
}

// setup deploys DTW and the tokens (in a fixed order from the owner's first nonces, so
// the addresses are the same on every chain) and funds the accounts.
func (c *Chain) setup(ctx context.Context) error {
	for _, acct := range append([]Account{c.Owner, c.Operator}, c.Traders...) {
		if err := c.SetBalance(ctx, acct.Address, new(big.Int).Mul(big.NewInt(100_000), big.NewInt(1e18))); err != nil {
			return fmt.Errorf("fund %s: %w", acct.Name, err)
		}
	}
	dtw := bindings.NewDTW()
	r, err := c.deploy(ctx, bindings.DTWMetaData.Bin, dtw.PackConstructor(c.Owner.Address))
	if err != nil {
		return fmt.Errorf("deploy DTW: %w", err)
	}
	c.DTW, c.DeployBlock = r.ContractAddress, r.BlockNumber.Uint64()
	c.Tokens = []Token{{Symbol: "ETH", Decimals: 18, Kind: KindNative}}
	for _, spec := range []struct {
		symbol, kind, bin string
		decimals          uint8
		ctor              []byte
	}{
		{"DAI", KindERC20, bindings.TestTokenMetaData.Bin, 18, bindings.NewTestToken().PackConstructor("Test DAI", "DAI", 18)},
		{"USDT", KindNoReturn, bindings.NoReturnTokenMetaData.Bin, 6, bindings.NewNoReturnToken().PackConstructor("Test USDT", "USDT", 6)},
		{"FOT", KindFee, bindings.FeeTokenMetaData.Bin, 18, bindings.NewFeeToken().PackConstructor("Fee-on-transfer token", "FOT", 18, big.NewInt(100))},
	} {
		r, err := c.deploy(ctx, spec.bin, spec.ctor)
		if err != nil {
			return fmt.Errorf("deploy %s: %w", spec.symbol, err)
		}
		c.Tokens = append(c.Tokens, Token{Symbol: spec.symbol, Address: r.ContractAddress, Decimals: spec.decimals, Kind: spec.kind})
	}
	if _, err := c.Transact(ctx, c.Owner, &c.DTW, dtw.PackSetOperator(c.Operator.Address, true), nil); err != nil {
		return fmt.Errorf("set operator: %w", err)
	}
	for _, tok := range c.Tokens[1:] {
		for _, acct := range append([]Account{c.Operator}, c.Traders...) {
			amount := tok.Units(TraderFunding)
			if acct.Role == RoleOperator {
				amount = tok.Units(OperatorFunding)
			}
			if err := c.Mint(ctx, tok, acct.Address, amount); err != nil {
				return err
			}
		}
	}
	// Deployed last, so the addresses of DTW and the tokens stay what they were.
	r, err = c.deploy(ctx, bindings.DepositForwarderFactoryMetaData.Bin, bindings.NewDepositForwarderFactory().PackConstructor(c.Operator.Address))
	if err != nil {
		return fmt.Errorf("deploy DepositForwarderFactory: %w", err)
	}
	c.DepositFactory = r.ContractAddress
	if err := c.deployFeeds(ctx); err != nil {
		return err
	}
	// The owner's transactions after its deployments, so that no deployed address moves.
	if err := c.ListTokens(ctx); err != nil {
		return err
	}
	for _, tok := range c.Tokens {
		amount := tok.Units(OperatorDeposit)
		if tok.Kind == KindNative {
			amount = tok.Units(OperatorEthFloat)
		}
		if _, err := c.Deposit(ctx, c.Operator, tok, amount); err != nil {
			return fmt.Errorf("operator inventory: %w", err)
		}
	}
	return nil
}

// ListTokens lists every token of the chain (native ETH included) in the DTW contract, as
// its owner: deposits and orders of unlisted tokens are refused.
func (c *Chain) ListTokens(ctx context.Context) error {
	var addrs []common.Address
	for _, tok := range c.Tokens {
		addrs = append(addrs, tok.Address)
	}
	if _, err := c.Transact(ctx, c.Owner, &c.DTW, bindings.NewDTW().PackSetTokensListed(addrs, true), nil); err != nil {
		return fmt.Errorf("list tokens: %w", err)
	}
	return nil
}

// FeedDecimals is the decimals of the harness's price feeds, as Chainlink's USD feeds.
const FeedDecimals = 8

// deployFeeds deploys a DevnetAggregator per token, answering the demo book's price (in
// USD, FeedDecimals decimals). Deployed after everything else, so no earlier address moves.
func (c *Chain) deployFeeds(ctx context.Context) error {
	prices := pricing.DefaultConfig().Prices
	agg := bindings.NewDevnetAggregator()
	c.Feeds = map[string]common.Address{}
	for _, tok := range c.Tokens {
		asset := strings.ToLower(tok.Symbol)
		answer, err := FeedAnswer(prices[asset])
		if err != nil {
			return fmt.Errorf("feed %s: %w", asset, err)
		}
		r, err := c.deploy(ctx, bindings.DevnetAggregatorMetaData.Bin, agg.PackConstructor(FeedDecimals, tok.Symbol+" / USD", answer))
		if err != nil {
			return fmt.Errorf("deploy %s feed: %w", tok.Symbol, err)
		}
		c.Feeds[asset] = r.ContractAddress
	}
	return nil
}

// FeedAnswer converts a positive decimal price to a feed answer of FeedDecimals decimals.
func FeedAnswer(price string) (*big.Int, error) {
	d, err := chain.ParseDecimal(price)
	if err != nil || d.Sign() <= 0 {
		return nil, fmt.Errorf("price %q: want a positive decimal", echo.Value(price))
	}
	units := d.Shift(FeedDecimals)
	if !units.Equal(units.Truncate(0)) {
		return nil, fmt.Errorf("price %q: at most %d decimals", echo.Value(price), FeedDecimals)
	}
	answer := units.BigInt()
	if answer.BitLen() > 255 {
		return nil, fmt.Errorf("price %q: too large for a feed answer", echo.Value(price))
	}
	return answer, nil
}

// SetFeedAnswer starts a new round of an asset's feed at price (owner only).
func (c *Chain) SetFeedAnswer(ctx context.Context, asset, price string) error {
	addr, ok := c.Feeds[strings.ToLower(asset)]
	if !ok {
		return fmt.Errorf("no feed for %q", echo.Value(asset))
	}
	answer, err := FeedAnswer(price)
	if err != nil {
		return err
	}
	_, err = c.Transact(ctx, c.Owner, &addr, bindings.NewDevnetAggregator().PackSetAnswer(answer), nil)
	return err
}

// RefreshFeeds starts a new round, with the same answer, of every feed whose latest round
// the wall clock finds at least olderThan old, as a Chainlink feed's heartbeat does: a
// devnet left running keeps fresh prices. A round the chain's clock (moved on with
// IncreaseTime) dates in the future is left alone.
func (c *Chain) RefreshFeeds(ctx context.Context, olderThan time.Duration) error {
	agg := bindings.NewDevnetAggregator()
	for asset, addr := range c.Feeds {
		out, err := c.Call(ctx, addr, agg.PackLatestRoundData())
		if err != nil {
			return fmt.Errorf("%s feed: %w", asset, err)
		}
		round, err := agg.UnpackLatestRoundData(out)
		if err != nil {
			return fmt.Errorf("%s feed: %w", asset, err)
		}
		if round.Answer.Sign() <= 0 || time.Since(time.Unix(round.UpdatedAt.Int64(), 0)) < olderThan {
			continue
		}
		if _, err := c.Transact(ctx, c.Owner, &addr, agg.PackSetAnswer(round.Answer), nil); err != nil {
			return fmt.Errorf("%s feed heartbeat: %w", asset, err)
		}
	}
	return nil
}

func (c *Chain) deploy(ctx context.Context, bin string, ctorArgs []byte) (*types.Receipt, error) {
	code := append(common.FromHex(bin), ctorArgs...)
	return c.Transact(ctx, c.Owner, nil, code, nil)
}
