// Command demo runs the whole system on this machine (`make demo`): a two-chain devnet,
// the gateway on its embedded store, a Vault dev server, and a scripted trader session with
// the dtw CLI: SIWE login with a keystore signer and with a Vault signer, a deposit, a
// gasless and a direct order, their settlement and independent verification, a resting
// limit order cancelled at the trader's request, a withdrawal, an OFFCHAIN deposit to the account's own deposit address credited and
// withdrawn again, and OFFCHAIN trading (a swap, an RFQ trade, a limit order filled when
// a price feed moves) whose signed receipts trader1 verifies, and a proof of reserves it
// checks against its own RPC, with trader1's `dtw watch orders` stream printed as it comes, and a
// webhook receiver printing the deliveries of trader1's deposits and withdrawals that it
// verified with its subscription's secret. It
// prints every step and command, and stops everything it started.
package main

import (
	"bufio"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/ethereum/go-ethereum/crypto"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	d := &demo{}
	err := d.run(ctx)
	d.stopAll()
	if err != nil {
		fmt.Fprintf(os.Stderr, "\ndemo FAILED: %v (logs in %s)\n", err, d.work)
		os.Exit(1)
	}
	fmt.Printf("\ndemo finished: every process it started is stopped (logs in %s)\n", d.work)
}

type demo struct {
	work    string
	bin     string
	procs   []*exec.Cmd
	vault   *testnet.Vault
	apiURL  string
	gwData  string
	devnet  string
	baseEnv []string
}

func step(format string, args ...any) {
	fmt.Printf("\n== %s\n", fmt.Sprintf(format, args...))
}

func (d *demo) run(ctx context.Context) error {
	var err error
	if d.work, err = os.MkdirTemp("", "dtw-demo-"); err != nil {
		return err
	}
	fmt.Println("working directory:", d.work)
	d.bin = filepath.Join(d.work, "bin")
	d.devnet = filepath.Join(d.work, "devnet")
	d.gwData = filepath.Join(d.work, "gateway-data")
	home := filepath.Join(d.work, "home")
	if err := os.MkdirAll(home, 0o700); err != nil {
		return err
	}
	d.baseEnv = append(os.Environ(), "HOME="+home)
	// The commands run in a fresh HOME; the Go build keeps the caller's module and build
	// caches (under the old HOME by default), or it would download and compile everything.
	out, err := exec.CommandContext(ctx, "go", "env", "GOMODCACHE", "GOCACHE", "GOPATH").Output()
	if err != nil {
		return fmt.Errorf("go env: %w", err)
	}
	if vals := strings.Fields(string(out)); len(vals) == 3 {
		d.baseEnv = append(d.baseEnv, "GOMODCACHE="+vals[0], "GOCACHE="+vals[1], "GOPATH="+vals[2])
	}

	step("building dtwgate and dtw")
	root, err := testnet.ModuleRoot()
	if err != nil {
		return err
	}
	if err := d.exec(ctx, nil, "go", "build", "-C", root, "-o", d.bin+"/", "./cmd/dtwgate", "./cmd/dtw"); err != nil {
		return err
	}

	step("starting a two-chain devnet (ETHEREUM, OPTIMISM) with DTW deployed and accounts funded")
	if err := d.start(ctx, "devnet", d.gw("devnet", "--dir", d.devnet)...); err != nil {
		return err
	}
	if err := waitFile(ctx, filepath.Join(d.devnet, "gateway.yaml"), 2*time.Minute); err != nil {
		return fmt.Errorf("devnet: %w", err)
	}
	dn, err := devnet.Read(d.devnet)
	if err != nil {
		return err
	}
	for name, s := range dn.Sources {
		fmt.Printf("   %-9s chain %d  rpc %s  DTW %s\n", name, s.ChainID, strings.Join(s.RPCURLs, ","), s.DTWAddress)
	}

	step("operator: a receipt key of its own (never the operator key) signs the OFFCHAIN receipts and the proof of reserves (receipts.key)")
	gwConfig := filepath.Join(d.devnet, "gateway.yaml")
	if err := d.addReceiptKey(gwConfig); err != nil {
		return err
	}

	step("starting the gateway on its embedded store")
	port, err := freePort()
	if err != nil {
		return err
	}
	listen := fmt.Sprintf("127.0.0.1:%d", port)
	d.apiURL = "http://" + listen + "/api"
	if err := d.start(ctx, "gateway", d.gw("serve", "--config", gwConfig,
		"--data-dir", d.gwData, "--listen", listen)...); err != nil {
		return err
	}
	if err := waitHTTP(ctx, "http://"+listen+"/readyz", time.Minute); err != nil {
		return fmt.Errorf("gateway: %w", err)
	}
	fmt.Println("   gateway API:", d.apiURL)

	trader1, _ := dn.Address("trader1")
	trader2, _ := dn.Address("trader2")
	step("operator: whitelist trader1 and trader2 for Sign-In with Ethereum")
	for _, a := range []string{trader1.Hex(), trader2.Hex()} {
		if err := d.exec(ctx, nil, d.gw("admin", "whitelist", "add", "--data-dir", d.gwData, a)...); err != nil {
			return err
		}
	}

	t1 := d.trader("trader1")
	step("trader1: configure dtw from the devnet and sign in with a keystore signer (SIWE)")
	if err := t1.dtw(ctx, "config", "init", "--devnet", d.devnet, "--trader", "trader1", "--api-url", d.apiURL); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "login"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "whoami"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "tokens", "ETHEREUM"); err != nil {
		return err
	}
	step("trader1: watch its orders on the gateway's websocket for the rest of the session (dtw watch orders)")
	if err := t1.watch("watch orders", "orders"); err != nil {
		return err
	}

	step("trader1: a webhook receiver on this machine, subscribed to trader1's deposits and withdrawals (dtw webhooks create)")
	hooks, err := t1.receiveWebhooks(ctx)
	if err != nil {
		return err
	}
	defer hooks.close()

	step("trader1: deposit 1000 DAI into the DTW contract on ETHEREUM")
	if err := t1.dtw(ctx, "deposit", "ETHEREUM", "dai", "1000"); err != nil {
		return err
	}

	step("trader1: a gasless order (signed EIP-712, relayed by the gateway), followed to independent verification")
	gasless, err := t1.orderID(ctx, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "100", "--slippage", "1",
		"--gasless", "--wait", "--json", "ETHEREUM")
	if err != nil {
		return err
	}

	step("trader1: a direct on-chain order, followed to independent verification")
	direct, err := t1.orderID(ctx, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "250", "--slippage", "1",
		"--wait", "--json", "ETHEREUM")
	if err != nil {
		return err
	}

	step("trader1: verify both settlements against trader1's own RPC and DTW address")
	for _, id := range []string{gasless, direct} {
		if err := t1.dtw(ctx, "order", "verify", "ETHEREUM", id); err != nil {
			return err
		}
	}
	if err := t1.dtw(ctx, "balance", "ETHEREUM"); err != nil {
		return err
	}

	step("trader1: a limit order that rests (it asks more than the market), then cancelled at trader1's request: " +
		"the gateway honours the cancel request within its grace period, followed to independent verification")
	resting, err := t1.orderID(ctx, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "50", "--limit", "60",
		"--json", "ETHEREUM")
	if err != nil {
		return err
	}
	if err := t1.dtw(ctx, "order", "cancel", "--wait", "ETHEREUM", resting); err != nil {
		return err
	}

	step("trader1: withdraw 300 USDT from the DTW contract to the wallet")
	if err := t1.dtw(ctx, "withdraw", "ETHEREUM", "usdt", "300"); err != nil {
		return err
	}

	step("trader1: OFFCHAIN: send 200 DAI to the account's own deposit address, credited at the confirmation depth")
	if err := t1.dtw(ctx, "addresses", "deposit"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "offchain", "deposit", "--wait", "ETHEREUM", "dai", "200"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "offchain", "balance", "OFFCHAIN"); err != nil {
		return err
	}

	step("operator: publish the proof of reserves (dtwgate admin reserves publish): every account's balance at one " +
		"ledger position in Merkle sum trees, signed by the receipt key, and the holdings on each chain at a block")
	if err := d.exec(ctx, nil, d.gw("admin", "reserves", "publish", "--config", gwConfig, "--data-dir", d.gwData)...); err != nil {
		return err
	}

	step("trader1: dtw reserves verify: the signed statement, trader1's own leaf and path, and the listed holdings " +
		"read from trader1's own RPC at their blocks; assets against liabilities per asset")
	if err := t1.dtw(ctx, "reserves", "verify"); err != nil {
		return err
	}

	step("operator: approve trader1's wallet as a withdrawal address on ETHEREUM")
	var added strings.Builder
	if err := d.execEnv(ctx, d.baseEnv, nil, &added, d.gw("admin", "withdrawal-addresses", "add", "--data-dir", d.gwData,
		"--wallet", trader1.Hex(), "--source", "ETHEREUM", "--approve", trader1.Hex())...); err != nil {
		return err
	}
	addressID := strings.Fields(added.String() + " -")[0]

	step("trader1: OFFCHAIN: withdraw 50 DAI to the wallet, paid on chain by the gateway and checked at the depth")
	if err := t1.dtw(ctx, "offchain", "withdraw", "--address-id", addressID, "--wait", "dai", "50"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "offchain", "balance", "OFFCHAIN"); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "history", "withdrawals", "OFFCHAIN"); err != nil {
		return err
	}

	step("trader1: OFFCHAIN trading against the house: a market swap of 50 DAI for USDT at the feeds' prices")
	if err := t1.dtw(ctx, "swap", "--sell", "dai", "--buy", "usdt", "--amount", "50"); err != nil {
		return err
	}
	step("trader1: a firm RFQ quote for 10 USDT, accepted inside its 5 seconds")
	if err := t1.dtw(ctx, "quote", "--sell", "dai", "--buy", "usdt", "--amount-to-buy", "10", "--accept"); err != nil {
		return err
	}
	step("trader1: a limit order for ETH below the market rests; the ETH feed moves to 2900 and the settler fills it")
	limit := []string{"swap", "--sell", "dai", "--buy", "eth", "--amount", "30", "--limit", "0.0102", "--instruction-id", "demo-limit-1"}
	if err := t1.dtw(ctx, limit...); err != nil {
		return err
	}
	if err := d.exec(ctx, nil, d.gw("devnet", "price", "set", "--dir", d.devnet, "ETH", "2900")...); err != nil {
		return err
	}
	if err := t1.dtw(ctx, append(limit, "--wait", "--wait-timeout", "1m")...); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "orders"); err != nil {
		return err
	}
	step("trader1: dtw receipts verify: every OFFCHAIN movement's receipt, signed by the receipt key, hash-chained with " +
		"no gap, and the latest balances equal to what the gateway reports (checked without trusting it)")
	if err := t1.dtw(ctx, "receipts", "verify"); err != nil {
		return err
	}

	step("trader1's webhook receiver: the session's deposits and withdrawals (1000 DAI and 300 USDT on ETHEREUM, 200 and 50 DAI OFFCHAIN), each verified")
	if err := hooks.wait(ctx, 4, 30*time.Second); err != nil {
		return err
	}
	if err := t1.dtw(ctx, "webhooks", "list"); err != nil {
		return err
	}

	step("starting a Vault dev server (pinned, built by make tools)")
	if d.vault, err = testnet.StartVault(ctx, testnet.VaultOptions{}); err != nil {
		return err
	}
	fmt.Println("   Vault:", d.vault.Addr)

	step("trader2: store the key in Vault (KV v2) and sign in with the Vault signer (SIWE)")
	key, err := d.devnetKey(dn, "trader2")
	if err != nil {
		return err
	}
	t2 := d.trader("trader2")
	t2.env = append(t2.env, "VAULT_ADDR="+d.vault.Addr, "VAULT_TOKEN="+d.vault.RootToken)
	if err := t2.dtwStdin(ctx, strings.NewReader(key+"\n"), "wallet", "vault-put", "secret/data/traders/trader2#private_key"); err != nil {
		return err
	}
	if err := t2.dtw(ctx, "config", "init", "--devnet", d.devnet, "--trader", "trader2", "--api-url", d.apiURL); err != nil {
		return err
	}
	vaultSigner := "vault:secret/data/traders/trader2#private_key"
	fmt.Printf("$ export DTW_SIGNER=%s   # from now on trader2 signs with the key in Vault\n", vaultSigner)
	t2.env = append(t2.env, "DTW_SIGNER="+vaultSigner)
	if err := t2.dtw(ctx, "wallet", "address", "--signer", vaultSigner); err != nil {
		return err
	}
	if err := t2.dtw(ctx, "login", "--signer", vaultSigner); err != nil {
		return err
	}
	if err := t2.dtw(ctx, "whoami"); err != nil {
		return err
	}

	step("trader2 (Vault signer): deposit 1 ETH on OPTIMISM and sell it for USDT, followed to verification")
	if err := t2.dtw(ctx, "deposit", "OPTIMISM", "eth", "1"); err != nil {
		return err
	}
	if _, err := t2.orderID(ctx, "order", "place", "--sell", "eth", "--buy", "usdt", "--amount", "1", "--slippage", "1",
		"--wait", "--json", "OPTIMISM"); err != nil {
		return err
	}
	if err := t2.dtw(ctx, "balance", "OPTIMISM"); err != nil {
		return err
	}

	step("trader1: deposit and withdrawal history, as the gateway recorded it from the chain")
	if err := t1.dtw(ctx, "history", "deposits", "ETHEREUM"); err != nil {
		return err
	}
	return t1.dtw(ctx, "history", "withdrawals", "ETHEREUM")
}

// addReceiptKey writes a receipt key of its own to the demo's work directory and names it
// in the gateway config (receipts.key), unless the config names one already.
func (d *demo) addReceiptKey(gwConfig string) error {
	blob, err := os.ReadFile(gwConfig)
	if err != nil {
		return err
	}
	if strings.HasPrefix(string(blob), "receipts:") || strings.Contains(string(blob), "\nreceipts:") {
		return nil
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	password := hex.EncodeToString(crypto.Keccak256(crypto.FromECDSA(key)))[:32]
	ks, pw := filepath.Join(d.work, "receipt-key.json"), filepath.Join(d.work, "receipt-key.password")
	// The demo's throwaway key: the light scrypt cost keeps its start quick.
	addr, err := signer.WriteKeystore(ks, key, password, signer.LightScrypt)
	if err != nil {
		return err
	}
	if err := os.WriteFile(pw, []byte(password+"\n"), 0o600); err != nil {
		return err
	}
	f, err := os.OpenFile(gwConfig, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(f, "\nreceipts:\n  key: keystore:%s\n  keyPasswordFile: %s\n", ks, pw)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	fmt.Println("   receipt key:", addr.Hex())
	return err
}

// gw returns the dtwgate command line with args.
func (d *demo) gw(args ...string) []string {
	return append([]string{filepath.Join(d.bin, "dtwgate")}, args...)
}

// trader is one trader's dtw environment: its own config and session files.
type trader struct {
	d    *demo
	name string
	env  []string
}

func (d *demo) trader(name string) *trader {
	return &trader{d: d, name: name, env: append(append([]string(nil), d.baseEnv...),
		"DTW_CONFIG="+filepath.Join(d.work, name+".yaml"),
		"DTW_SESSION_FILE="+filepath.Join(d.work, name+"-session.json"))}
}

func (t *trader) dtw(ctx context.Context, args ...string) error {
	return t.dtwStdin(ctx, nil, args...)
}

func (t *trader) dtwStdin(ctx context.Context, stdin io.Reader, args ...string) error {
	return t.d.execEnv(ctx, t.env, stdin, nil, append([]string{filepath.Join(t.d.bin, "dtw")}, args...)...)
}

// orderID runs an `order place --json` command and returns the order id it printed: the
// gateway's (orderId) of an order waited on, or else the on-chain id (onchainOrderId),
// what `dtw order cancel` takes.
func (t *trader) orderID(ctx context.Context, args ...string) (string, error) {
	var out strings.Builder
	if err := t.d.execEnv(ctx, t.env, nil, &out, append([]string{filepath.Join(t.d.bin, "dtw")}, args...)...); err != nil {
		return "", err
	}
	var res struct {
		OrderID        string `json:"orderId"`
		OnchainOrderID string `json:"onchainOrderId"`
	}
	text := out.String()
	if i := strings.LastIndex(text, "\n{"); i >= 0 {
		text = text[i+1:]
	}
	if err := json.Unmarshal([]byte(strings.TrimSpace(text)), &res); err != nil || res.OrderID == "" && res.OnchainOrderID == "" {
		return "", fmt.Errorf("no orderId in the output of dtw %s", strings.Join(args, " "))
	}
	if res.OrderID == "" {
		return res.OnchainOrderID, nil
	}
	return res.OrderID, nil
}

func (d *demo) exec(ctx context.Context, stdin io.Reader, args ...string) error {
	return d.execEnv(ctx, d.baseEnv, stdin, nil, args...)
}

// execEnv runs a command, echoing it and its output indented; capture, when set, also
// receives its standard output.
func (d *demo) execEnv(ctx context.Context, env []string, stdin io.Reader, capture io.Writer, args ...string) error {
	fmt.Printf("$ %s\n", strings.Join(shortArgs(d.work, args), " "))
	cmd := exec.CommandContext(ctx, args[0], args[1:]...)
	cmd.Env, cmd.Stdin = env, stdin
	pr, pw := io.Pipe()
	var stdout io.Writer = pw
	if capture != nil {
		stdout = io.MultiWriter(pw, capture)
	}
	cmd.Stdout, cmd.Stderr = stdout, pw
	done := make(chan struct{})
	go func() {
		sc := bufio.NewScanner(pr)
		for sc.Scan() {
			fmt.Println("   " + sc.Text())
		}
		close(done)
	}()
	err := cmd.Run()
	pw.Close()
	<-done
	if err != nil {
		return fmt.Errorf("%s: %w", filepath.Base(args[0])+" "+strings.Join(args[1:min(len(args), 3)], " "), err)
	}
	return nil
}

// start runs a long-lived process whose output goes to a log file in the work directory.
func (d *demo) start(ctx context.Context, name string, args ...string) error {
	fmt.Printf("$ %s &   (log: %s.log)\n", strings.Join(shortArgs(d.work, args), " "), filepath.Join(d.work, name))
	logf, err := os.Create(filepath.Join(d.work, name+".log"))
	if err != nil {
		return err
	}
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env, cmd.Stdout, cmd.Stderr = d.baseEnv, logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", name, err)
	}
	d.procs = append(d.procs, cmd)
	return nil
}

// stopAll stops the started processes, newest first, and the Vault server.
func (d *demo) stopAll() {
	for i := len(d.procs) - 1; i >= 0; i-- {
		p := d.procs[i]
		_ = syscall.Kill(-p.Process.Pid, syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = p.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = syscall.Kill(-p.Process.Pid, syscall.SIGKILL)
			<-done
		}
	}
	if d.vault != nil {
		d.vault.Stop()
	}
}

// devnetKey decrypts a devnet account's keystore: the demo moves that key into Vault.
func (d *demo) devnetKey(dn *devnet.File, name string) (string, error) {
	for _, a := range dn.Accounts {
		if a.Name != name {
			continue
		}
		blob, err := os.ReadFile(filepath.Join(d.devnet, a.Keystore))
		if err != nil {
			return "", err
		}
		pw, err := os.ReadFile(filepath.Join(d.devnet, dn.PasswordFile))
		if err != nil {
			return "", err
		}
		key, err := signer.DecryptKeystore(blob, strings.TrimSpace(string(pw)))
		if err != nil {
			return "", err
		}
		return hex.EncodeToString(crypto.FromECDSA(key)), nil
	}
	return "", fmt.Errorf("no devnet account %s", name)
}

func shortArgs(work string, args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = strings.ReplaceAll(a, work, "$DEMO")
	}
	return out
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func waitFile(ctx context.Context, path string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return fmt.Errorf("%s not written within %s", path, limit)
}

func waitHTTP(ctx context.Context, url string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		resp, err := http.Get(url)
		if err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
	}
	return errors.New(url + " not ready within " + limit.String())
}
