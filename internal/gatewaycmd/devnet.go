package gatewaycmd

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/urfave/cli/v2"
	"go.yaml.in/yaml/v3"

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
			"USDT-style 6 decimals, a fee-on-transfer token FOT, native ETH), funds an operator (with\n" +
			"inventory in DTW) and traders, and writes DIR/devnet.json, encrypted keystores under\n" +
			"DIR/keystores (password in DIR/password.txt) and DIR/gateway.yaml, a gateway config for\n" +
			"these chains: `dtwgate serve --config DIR/gateway.yaml --data-dir D` just works.\n" +
			"Needs the pinned anvil: run `make tools`.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "dir", Usage: "directory for devnet.json and keystores", Required: true, EnvVars: []string{"DTWGATE_DEVNET_DIR"}},
			&cli.StringSliceFlag{Name: "sources", Usage: "chains to start, one per source", Value: cli.NewStringSlice("ETHEREUM", "OPTIMISM")},
			&cli.IntFlag{Name: "traders", Usage: "number of funded traders", Value: 3},
			&cli.DurationFlag{Name: "block-time", Usage: "mine a block every interval (whole seconds); 0 mines per transaction"},
			&cli.Uint64Flag{Name: "confirmations", Value: 1, Usage: "confirmation depth written to the gateway config"},
		},
		Action: runDevnet,
	}
}

func runDevnet(c *cli.Context) error {
	dir := c.String("dir")
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
	fmt.Println("press Ctrl-C to stop")
	select {
	case <-c.Context.Done():
	case <-n.Chains[0].Anvil.Done():
		return fmt.Errorf("anvil for %s exited unexpectedly", n.Chains[0].Source)
	}
	fmt.Fprintln(os.Stderr, "stopping devnet")
	return nil
}

// GatewayConfigFile is the gateway config devnet writes next to devnet.json.
const GatewayConfigFile = "gateway.yaml"

// WriteGatewayConfig writes DIR/gateway.yaml: the devnet's chains with the operator's
// keystore as their signer.
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
		// Pricing is the demo book: a devnet settles at its fixed prices.
		Pricing pricing.Config `yaml:"pricing"`
	}
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
			OperatorPasswordFile: filepath.Join(abs, d.PasswordFile)})
	}
	blob, err := yaml.Marshal(out)
	if err != nil {
		return "", err
	}
	path := filepath.Join(abs, GatewayConfigFile)
	header := "# Gateway config for the devnet in this directory, written by `dtwgate devnet`.\n"
	return path, os.WriteFile(path, append([]byte(header), blob...), 0o644)
}
