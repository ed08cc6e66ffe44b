package gatewaycmd

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"math/big"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// devnetRPCTimeout bounds each RPC call of `devnet price set`; a devnet answers at once.
const devnetRPCTimeout = 10 * time.Second

func devnetPriceCommand() *cli.Command {
	return &cli.Command{
		Name:  "price",
		Usage: "move the price feeds of a running devnet",
		Subcommands: []*cli.Command{{
			Name:      "set",
			Usage:     "start a new round of ASSET's price feed at PRICE (USD), on every chain of the devnet",
			ArgsUsage: "ASSET PRICE",
			Description: "Sends setAnswer to ASSET's DevnetAggregator from the devnet's owner key (its keystore\n" +
				"and password are in the devnet directory) and prints the new round. PRICE is a positive\n" +
				"decimal with at most 8 decimals, e.g. 3100 or 0.9998. A gateway reading the feed (the\n" +
				"gateway.yaml devnet wrote) prices with it within a second. Flags go before ASSET:\n" +
				"  dtwgate devnet price set --dir .devnet ETH 3100",
			Flags: []cli.Flag{
				devnetDirFlag("`DIR` of the running devnet, as given to dtwgate devnet --dir"),
				&cli.StringFlag{Name: flagSource, Usage: "set the feed of this `SOURCE` (chain) only; default every chain"},
			},
			Action: runDevnetPriceSet,
		}},
	}
}

func runDevnetPriceSet(c *cli.Context) error {
	if c.NArg() != 2 {
		return cli.Exit(fmt.Sprintf("want ASSET PRICE, got %d arguments (flags go before ASSET): dtwgate devnet price set --dir DIR ETH 3100",
			c.NArg()), ExitUsage)
	}
	asset, price := strings.ToLower(c.Args().Get(0)), c.Args().Get(1)
	answer, err := testnet.FeedAnswer(price)
	if err != nil {
		return cli.Exit(err.Error(), ExitUsage)
	}
	var dir string
	for _, lc := range c.Lineage() { // also `dtwgate devnet --dir DIR price set ...`
		if dir = lc.String(flagDevnetDir); dir != "" {
			break
		}
	}
	if dir == "" {
		return cli.Exit("--dir (or DTWGATE_DEVNET_DIR) is required: the directory of the running devnet", ExitUsage)
	}
	d, err := devnet.Read(dir)
	if errors.Is(err, os.ErrNotExist) {
		return cli.Exit(fmt.Sprintf("no devnet in %s (no %s): start one with `dtwgate devnet --dir %s`", dir, devnet.FileName, dir), ExitError)
	}
	if err != nil {
		return err
	}
	if len(d.Feeds) == 0 {
		return cli.Exit(fmt.Sprintf("the devnet in %s has no price feeds: an older dtwgate started it; start it again", dir), ExitError)
	}
	sources, err := feedSources(d, asset, c.String(flagSource))
	if err != nil {
		return cli.Exit(err.Error(), ExitUsage)
	}
	owner, ok := d.Account(devnet.RoleOwner)
	if !ok {
		return cli.Exit(fmt.Sprintf("%s lists no owner account: the feeds' owner", filepath.Join(dir, devnet.FileName)), ExitError)
	}
	clients := map[string]*ethclient.Client{}
	defer func() {
		for _, cl := range clients {
			cl.Close()
		}
	}()
	for _, source := range sources { // before the slow keystore decryption
		client, err := dialDevnet(c.Context, d.Sources[source])
		if err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", source, err), ExitError)
		}
		clients[source] = client
	}
	s, err := signer.Open(c.Context, "keystore:"+filepath.Join(dir, owner.Keystore),
		signer.Options{Password: signer.PasswordFile(filepath.Join(dir, d.PasswordFile))})
	if err != nil {
		return fmt.Errorf("owner key: %w", err)
	}
	defer s.Close()
	for _, source := range sources {
		feed := common.HexToAddress(d.Feeds[source][asset])
		round, err := setFeedAnswer(c.Context, clients[source], s, feed, answer)
		if err != nil {
			return cli.Exit(fmt.Sprintf("%s: %v", source, err), ExitError)
		}
		fmt.Fprintf(c.App.Writer, "%-9s %s feed %s  round %s  answer %s  updatedAt %s\n", source, asset, feed.Hex(), round.RoundId,
			decimal.NewFromBigInt(round.Answer, -testnet.FeedDecimals), time.Unix(round.UpdatedAt.Int64(), 0).UTC().Format(time.RFC3339))
	}
	return nil
}

// feedSources returns the sources whose feed of asset to set: only (when not empty) or
// every source with a feed of it, sorted.
func feedSources(d *devnet.File, asset, only string) ([]string, error) {
	var out []string
	known := map[string]bool{}
	for _, source := range slices.Sorted(maps.Keys(d.Feeds)) {
		for a := range d.Feeds[source] {
			known[a] = true
		}
		if _, ok := d.Feeds[source][asset]; ok && (only == "" || strings.EqualFold(only, source)) {
			out = append(out, source)
		}
	}
	switch {
	case !known[asset]:
		return nil, fmt.Errorf("unknown asset %q: the devnet has feeds of %s", echo.Value(asset), strings.Join(slices.Sorted(maps.Keys(known)), ", "))
	case len(out) == 0:
		return nil, fmt.Errorf("unknown --source %q: the devnet's chains are %s", echo.Value(only), strings.Join(slices.Sorted(maps.Keys(d.Feeds)), ", "))
	}
	return out, nil
}

// dialDevnet connects to a devnet chain's RPC and checks that it serves the chain.
func dialDevnet(ctx context.Context, cfg chain.Config) (*ethclient.Client, error) {
	if len(cfg.RPCURLs) == 0 {
		return nil, errors.New("devnet.json lists no RPC URL")
	}
	rpcURL := cfg.RPCURLs[0]
	ctx, cancel := context.WithTimeout(ctx, devnetRPCTimeout)
	defer cancel()
	client, err := ethclient.DialContext(ctx, rpcURL)
	if err == nil {
		var id *big.Int
		if id, err = client.ChainID(ctx); err == nil && id.Uint64() != cfg.ChainID {
			client.Close()
			return nil, fmt.Errorf("RPC %s serves chain %d, devnet.json says %d: another devnet runs there", rpcURL, id.Uint64(), cfg.ChainID)
		}
	}
	if err != nil {
		if client != nil {
			client.Close()
		}
		return nil, fmt.Errorf("the devnet is not running? its RPC %s does not answer: %w", rpcURL, err)
	}
	return client, nil
}

// setFeedAnswer sends setAnswer(answer) to feed from s, waits for it and returns the
// feed's latest round after it. A send refused (e.g. its nonce taken by the devnet's own
// heartbeat round) is tried again, up to three times.
func setFeedAnswer(ctx context.Context, client *ethclient.Client, s signer.Signer, feed common.Address, answer *big.Int) (bindings.LatestRoundDataOutput, error) {
	var none bindings.LatestRoundDataOutput
	id, err := client.ChainID(ctx)
	if err != nil {
		return none, err
	}
	agg := bindings.NewDevnetAggregator()
	data := agg.PackSetAnswer(answer)
	var receipt *types.Receipt
	for attempt := 1; ; attempt++ {
		receipt, err = sendAndWait(ctx, client, s, id, feed, data)
		if !errors.Is(err, errSendRefused) || attempt == 3 || ctx.Err() != nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if err != nil {
		return none, err
	}
	out, err := client.CallContract(ctx, ethereum.CallMsg{To: &feed, Data: agg.PackLatestRoundData()}, receipt.BlockNumber)
	if err != nil {
		return none, fmt.Errorf("read the new round: %w", err)
	}
	return agg.UnpackLatestRoundData(out)
}

// errSendRefused is a transaction the node refused to take.
var errSendRefused = errors.New("send refused")

// sendAndWait signs and sends one transaction to `to` and waits for its receipt.
func sendAndWait(ctx context.Context, client *ethclient.Client, s signer.Signer, chainID *big.Int, to common.Address, data []byte) (*types.Receipt, error) {
	ctx, cancel := context.WithTimeout(ctx, devnetRPCTimeout)
	defer cancel()
	gas, err := client.EstimateGas(ctx, ethereum.CallMsg{From: s.Address(), To: &to, Data: data})
	if err != nil {
		if reason := dtw.RevertName(err); reason != "" {
			return nil, fmt.Errorf("setAnswer reverted: %s (is %s the feed's owner?)", reason, s.Address())
		}
		return nil, fmt.Errorf("estimate gas: %w", err)
	}
	tip, feeCap, err := chain.FeePolicy{}.Fees(ctx, client)
	if err != nil {
		return nil, err
	}
	nonce, err := client.PendingNonceAt(ctx, s.Address())
	if err != nil {
		return nil, fmt.Errorf("nonce: %w", err)
	}
	tx, err := s.SignTx(ctx, types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap,
		Gas: gas + gas/5, To: &to, Data: data}), chainID)
	if err != nil {
		return nil, err
	}
	if err := client.SendTransaction(ctx, tx); err != nil {
		return nil, fmt.Errorf("%w: %w", errSendRefused, err)
	}
	for {
		r, err := client.TransactionReceipt(ctx, tx.Hash())
		switch {
		case err == nil && r.Status != types.ReceiptStatusSuccessful:
			return nil, fmt.Errorf("setAnswer %s reverted", tx.Hash())
		case err == nil:
			return r, nil
		case !errors.Is(err, ethereum.NotFound):
			return nil, fmt.Errorf("receipt %s: %w", tx.Hash(), err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for %s: %w", tx.Hash(), ctx.Err())
		case <-time.After(50 * time.Millisecond):
		}
	}
}
