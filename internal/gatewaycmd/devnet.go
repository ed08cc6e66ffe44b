package gatewaycmd

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

func devnetCommand() *cli.Command {
	return &cli.Command{
		Name:  "devnet",
		Usage: "start local anvil chains with DTW deployed and accounts funded, until interrupted",
		Description: "Starts one anvil per source, deploys the DTW contract and test tokens (DAI 18 decimals,\n" +
			"USDT-style 6 decimals, a fee-on-transfer token FOT, native ETH) and a Chainlink-style price\n" +
			"feed per token (USD, 8 decimals, at the demo book's prices), funds an operator (with\n" +
			"inventory in DTW) and traders, and writes DIR/devnet.json, encrypted keystores under\n" +
			"DIR/keystores (password in DIR/password.txt) and DIR/gateway.yaml, a gateway config for\n" +
			"these chains that prices from the feeds: `dtwgate serve --config DIR/gateway.yaml\n" +
			"--data-dir D` just works. Move a price with `dtwgate devnet price set ASSET PRICE`.\n" +
			"Like a Chainlink feed's heartbeat, a feed unchanged for --feed-heartbeat gets a new round\n" +
			"with the same answer, so prices stay fresh (the gateway's staleAfter is " + DevnetStaleAfter.String() + ").\n" +
			"Needs the pinned anvil: run `make tools`.",
		Flags: []cli.Flag{
			devnetDirFlag("`DIR` for devnet.json, keystores and gateway.yaml (required)"),
			&cli.StringSliceFlag{Name: "sources", Usage: "chains to start, one per source", Value: cli.NewStringSlice("ETHEREUM", "OPTIMISM")},
			&cli.IntFlag{Name: "traders", Usage: "number of funded traders", Value: 3},
			&cli.DurationFlag{Name: "block-time", Usage: "mine a block every interval (whole seconds); 0 mines per transaction"},
			&cli.Uint64Flag{Name: "confirmations", Value: 1, Usage: "confirmation depth written to the gateway config"},
			&cli.DurationFlag{Name: flagFeedHeartbeat, Value: DevnetFeedHeartbeat,
				Usage: "renew a price feed's round (same answer) when it is this old by the wall clock; 0 never"},
		},
		Subcommands: []*cli.Command{devnetPriceCommand()},
		Action:      runDevnet,
	}
}

// devnetInventoryLimit is how much of a devnet token the house may owe OFFCHAIN traders:
// about a million dollars at the demo book's prices.
func devnetInventoryLimit(symbol string) string {
	if strings.EqualFold(symbol, "ETH") {
		return "300"
	}
	return "1000000"
}

// Devnet flags and defaults.
const (
	flagDevnetDir     = "dir"
	flagFeedHeartbeat = "feed-heartbeat"
	// DevnetStaleAfter is the staleAfter of the feeds in the gateway config devnet writes:
	// short, so that tests and demos see a stale feed soon after its chain's clock moves.
	DevnetStaleAfter = 5 * time.Minute
	// DevnetFeedHeartbeat is the default of --feed-heartbeat, well inside DevnetStaleAfter.
	DevnetFeedHeartbeat = time.Minute
)

// devnetDirFlag is the --dir flag of the devnet commands (also DTWGATE_DEVNET_DIR).
func devnetDirFlag(usage string) cli.Flag {
	return &cli.StringFlag{Name: flagDevnetDir, Usage: usage, EnvVars: []string{"DTWGATE_DEVNET_DIR"}}
}

func runDevnet(c *cli.Context) error {
	dir := c.String(flagDevnetDir)
	if dir == "" {
		return cli.Exit("--dir (or DTWGATE_DEVNET_DIR) is required: the directory for devnet.json and keystores", ExitUsage)
	}
	if c.NArg() > 0 {
		return cli.Exit(fmt.Sprintf("unexpected argument %q: devnet takes flags only (or the subcommand price)", c.Args().First()), ExitUsage)
	}
	heartbeat := c.Duration(flagFeedHeartbeat)
	if heartbeat < 0 {
		return cli.Exit(fmt.Sprintf("--%s %s: want 0 (off) or a positive duration", flagFeedHeartbeat, heartbeat), ExitUsage)
	}
	var sources []string
	for _, s := range c.StringSlice("sources") {
		sources = append(sources, strings.ToUpper(strings.TrimSpace(s)))
	}
	if bt := c.Duration("block-time"); bt%time.Second != 0 {
		return cli.Exit(fmt.Sprintf("--block-time %s: use whole seconds, e.g. 1s", bt), ExitUsage)
	}
	fmt.Fprintf(os.Stderr, "starting %d chains: %s\n", len(sources), strings.Join(sources, ", "))
	n, err := testnet.Start(c.Context, testnet.Options{Sources: sources, Traders: c.Int("traders"), BlockTime: c.Duration("block-time")})
	if err != nil {
		return err
	}
	defer n.Stop()
	d, err := n.WriteDir(dir, false)
	if err != nil {
		return err
	}
	gwPath, err := WriteGatewayConfig(dir, d, c.Uint64("confirmations"))
	if err != nil {
		return err
	}
	names := make([]string, 0, len(d.Sources))
	for name := range d.Sources {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := d.Sources[name]
		fmt.Printf("%-9s chain %d  rpc %s  dtw %s\n", name, s.ChainID, strings.Join(s.RPCURLs, ","), s.DTWAddress)
	}
	for _, a := range d.Accounts {
		fmt.Printf("%-9s %s  %s\n", a.Name, a.Address, a.Keystore)
	}
	fmt.Printf("wrote %s/%s and %s\n", dir, devnet.FileName, gwPath)
	fmt.Printf("run the gateway with: dtwgate serve --config %s --data-dir %s/gateway-data\n", gwPath, dir)
	fmt.Printf("move a price with: dtwgate devnet price set --dir %s ETH 3100\n", dir)
	fmt.Println("press Ctrl-C to stop")
	if heartbeat > 0 {
		go feedHeartbeat(c.Context, n, heartbeat)
	}
	select {
	case <-c.Context.Done():
	case <-n.Chains[0].Anvil.Done():
		return fmt.Errorf("anvil for %s exited unexpectedly", n.Chains[0].Source)
	}
	fmt.Fprintln(os.Stderr, "stopping devnet")
	return nil
}

// feedHeartbeat renews the network's stale-ish feeds until ctx ends; a failure (e.g. a
// nonce taken by a concurrent `devnet price set`) is retried at the next tick.
func feedHeartbeat(ctx context.Context, n *testnet.Network, every time.Duration) {
	tick := time.NewTicker(min(every/4, 10*time.Second))
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
		for _, ch := range n.Chains {
			if err := ch.RefreshFeeds(ctx, every); err != nil && ctx.Err() == nil {
				fmt.Fprintf(os.Stderr, "%s: price feed heartbeat: %v\n", ch.Source, err)
			}
		}
	}
}

// GatewayConfigFile is the gateway config devnet writes next to devnet.json.
const GatewayConfigFile = "gateway.yaml"

// WriteGatewayConfig writes DIR/gateway.yaml: the devnet's chains with the operator's
// keystore as their signer, priced from the price feeds of the first source (by name)
// with staleAfter DevnetStaleAfter and no fallback, and the demo book for the rest.
func WriteGatewayConfig(dir string, d *devnet.File, confirmations uint64) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	var operatorKeystore string
	for _, a := range d.Accounts {
		if a.Role == devnet.RoleOperator {
			operatorKeystore = filepath.Join(abs, a.Keystore)
		}
	}
	var out struct {
		Chains []config.Chain `yaml:"chains"`
		// Pricing is the devnet's feeds, and the demo book where it has none.
		Pricing pricing.Config `yaml:"pricing"`
		// Offchain lets the house trade every devnet token on OFFCHAIN.
		Offchain struct {
			InventoryLimits map[string]string `yaml:"inventoryLimits"`
		} `yaml:"offchain"`
		// Webhooks lets subscriptions target receivers on this machine over http.
		Webhooks struct {
			AllowHTTP           bool `yaml:"allowHTTP"`
			AllowPrivateTargets bool `yaml:"allowPrivateTargets"`
		} `yaml:"webhooks"`
	}
	out.Offchain.InventoryLimits = map[string]string{}
	out.Webhooks.AllowHTTP, out.Webhooks.AllowPrivateTargets = true, true
	out.Pricing = pricing.DefaultConfig()
	names := make([]string, 0, len(d.Sources))
	for name := range d.Sources {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := d.Sources[name]
		s.Source, s.Confirmations = name, confirmations
		out.Chains = append(out.Chains, config.Chain{Config: s, Operator: "keystore:" + operatorKeystore,
			OperatorPasswordFile: filepath.Join(abs, d.PasswordFile), Inventory: devnetInventoryBands(s.Tokens)})
		for _, t := range s.Tokens {
			out.Offchain.InventoryLimits[strings.ToLower(t.Symbol)] = devnetInventoryLimit(t.Symbol)
		}
	}
	if len(names) > 0 {
		feeds := d.Feeds[names[0]]
		for _, asset := range slices.Sorted(maps.Keys(feeds)) {
			out.Pricing.Feeds = append(out.Pricing.Feeds, pricing.FeedConfig{Asset: asset, Source: names[0], Address: feeds[asset],
				StaleAfter: DevnetStaleAfter})
		}
	}
	blob, err := yaml.Marshal(out)
	if err != nil {
		return "", err
	}
	path := filepath.Join(abs, GatewayConfigFile)
	header := "# Gateway config for the devnet in this directory, written by `dtwgate devnet`.\n"
	return path, os.WriteFile(path, append([]byte(header), blob...), 0o644)
}

// devnetInventoryBands watches the devnet operator's DAI and USDT: funded with 10,000,000
// of each, half deposited in DTW (testnet.OperatorFunding, OperatorDeposit), both places
// sit within 1,000,000 to 20,000,000 around 5,000,000; rebalance stays off, so `dtwgate
// admin inventory` and the metrics show where they stand and nothing moves by itself.
func devnetInventoryBands(tokens []chain.TokenConfig) []config.InventoryBand {
	band := config.Band{Min: "1000000", Target: "5000000", Max: "20000000"}
	var out []config.InventoryBand
	for _, t := range tokens {
		if sym := strings.ToLower(t.Symbol); sym == "dai" || sym == "usdt" {
			out = append(out, config.InventoryBand{Asset: sym, DTW: band, Treasury: band})
		}
	}
	return out
}
