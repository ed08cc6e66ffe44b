package gatewaycmd

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/big"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/testnet"
)

// The chain end-to-end tests run the real dtwgate binary (built once) against anvil
// chains started by testnet, and talk to it over HTTP only.

func TestMain(m *testing.M) {
	code := pgtest.Main(m) // runs the tests, then stops the PostgreSQL server if one started
	gatewaytest.Cleanup()
	os.Exit(code)
}

// e2eCtx is a bounded context for one chain call of a test.
func e2eCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// chainGateway is a dtwgate serve process (restartable on the same data directory); every
// start gets a fresh loopback address.
type chainGateway struct {
	*gatewaytest.Process
	base string
	runs int
	http *http.Client
}

// start runs `dtwgate serve` on a free loopback port and waits until it is ready.
func (g *chainGateway) start(t *testing.T, extraEnv ...string) {
	t.Helper()
	g.runs++
	fmt.Fprintf(g.Logs, "---- run %d ----\n", g.runs)
	g.Listen = ""
	g.Start(t, extraEnv...)
	g.base = g.Base()
}

// kill sends SIGKILL and waits for the process to be gone.
func (g *chainGateway) kill(t *testing.T) { g.Kill(t) }

// admin runs `dtwgate admin ARGS... --data-dir D` and returns its stdout.
func (g *chainGateway) admin(t *testing.T, args ...string) string { return g.Admin(t, args...) }

// send sends a request (JSON body and bearer token when given) with client; it makes no
// assertions, so it is safe from any goroutine and for requests a kill interrupts.
func (g *chainGateway) send(client *http.Client, method, path, token string, body any) (int, http.Header, []byte, error) {
	var r io.Reader
	if body != nil {
		blob, err := json.Marshal(body)
		if err != nil {
			return 0, nil, nil, err
		}
		r = bytes.NewReader(blob)
	}
	req, err := http.NewRequest(method, g.base+path, r)
	if err != nil {
		return 0, nil, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header, data, err
}

// do sends a request with a bearer token and returns the status and body.
func (g *chainGateway) do(t *testing.T, method, path, token string, body any) (int, []byte) {
	t.Helper()
	status, _, data, err := g.send(g.http, method, path, token, body)
	require.NoError(t, err)
	return status, data
}

// get GETs path and decodes a 200 answer into out; it returns the status and body.
func (g *chainGateway) get(t *testing.T, path, token string, out any) (int, []byte) {
	t.Helper()
	status, body := g.do(t, http.MethodGet, path, token, nil)
	if status == http.StatusOK && out != nil {
		require.NoError(t, json.Unmarshal(body, out), "body: %s", body)
	}
	return status, body
}

// requireAPIError checks an error answer's status and code.
func requireAPIError(t *testing.T, status int, body []byte, wantStatus int, want api.ErrorCode) api.Error {
	t.Helper()
	require.Equal(t, wantStatus, status, "body: %s", body)
	var e api.Error
	require.NoError(t, json.Unmarshal(body, &e), "body: %s", body)
	require.Equal(t, want, e.Code, "body: %s", body)
	return e
}

// e2eAccount is a gateway account with an API key and the wallets linked to it.
type e2eAccount struct {
	id, keyID, secret string
	token             string
}

// chainEnv is one anvil chain (ETHEREUM), its gateway config and data directory, and two
// accounts: a owns traders[0], b owns traders[1]; traders[2] belongs to no account.
type chainEnv struct {
	c       *testnet.Chain
	traders []testnet.Account
	gw      *chainGateway
	a, b    *e2eAccount
}

// envOptions adjust a chainEnv.
type envOptions struct {
	// rpcURL replaces the chain's RPC URL in the gateway config (a proxy).
	rpcURL string
	// editChains, when set, edits the chains of the gateway config.
	editChains func([]config.Chain)
	// extraConfig is YAML appended to the gateway config (top-level sections).
	extraConfig string
}

func newChainEnv(t *testing.T, opts envOptions) *chainEnv {
	t.Helper()
	return newChainEnvOn(t, testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 3}), opts)
}

// newChainEnvOn is newChainEnv on a started network (with two traders or more).
func newChainEnvOn(t *testing.T, n *testnet.Network, opts envOptions) *chainEnv {
	t.Helper()
	c := n.Chains[0]
	require.GreaterOrEqual(t, len(c.Traders), 2)
	dir := t.TempDir()
	d, err := n.WriteDir(dir, true)
	require.NoError(t, err)
	if opts.rpcURL != "" {
		s := d.Sources[c.Source]
		s.RPCURLs = []string{opts.rpcURL}
		d.Sources[c.Source] = s
	}
	cfg, err := WriteGatewayConfig(dir, d, 1)
	require.NoError(t, err)
	if opts.editChains != nil || opts.extraConfig != "" {
		var file struct {
			Chains  []config.Chain `yaml:"chains"`
			Pricing pricing.Config `yaml:"pricing"`
		}
		blob, err := os.ReadFile(cfg)
		require.NoError(t, err)
		require.NoError(t, yaml.Unmarshal(blob, &file))
		if opts.editChains != nil {
			opts.editChains(file.Chains)
		}
		blob, err = yaml.Marshal(file)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(cfg, append(blob, opts.extraConfig...), 0o600))
	}
	g := &chainGateway{Process: gatewaytest.New(t, cfg, filepath.Join(dir, "gateway-data")), http: &http.Client{Timeout: 15 * time.Second}}
	e := &chainEnv{c: c, traders: c.Traders, gw: g}
	e.a = e.newAccount(t, "a", c.Traders[0].Address)
	e.b = e.newAccount(t, "b", c.Traders[1].Address)
	return e
}

// newAccount creates an account with a READ, TRADE, WITHDRAW key and links wallets to it
// (the gateway need not run).
func (e *chainEnv) newAccount(t *testing.T, label string, wallets ...common.Address) *e2eAccount {
	t.Helper()
	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
		AccountID    string `json:"accountId"`
	}
	out := e.gw.admin(t, "keys", "create", "--label", label, "--permissions", "READ,TRADE,WITHDRAW", "--json")
	require.NoError(t, json.Unmarshal([]byte(out), &key), "admin output: %s", out)
	for _, w := range wallets {
		require.Contains(t, e.gw.admin(t, "wallets", "link", "--account", key.AccountID, w.Hex()), w.Hex())
	}
	return &e2eAccount{id: key.AccountID, keyID: key.APIKeyID, secret: key.APIKeySecret}
}

// start starts the gateway and signs the accounts in (once; tokens survive restarts).
func (e *chainEnv) start(t *testing.T, extraEnv ...string) {
	t.Helper()
	e.gw.start(t, extraEnv...)
	for _, acct := range []*e2eAccount{e.a, e.b} {
		if acct.token != "" {
			continue
		}
		status, body := e.gw.do(t, http.MethodPost, api.PathAuthToken, "", map[string]string{"keyId": acct.keyID, "secret": acct.secret})
		require.Equal(t, http.StatusOK, status, "body: %s", body)
		var tr api.TokenResponse
		require.NoError(t, json.Unmarshal(body, &tr))
		acct.token = tr.JWTToken
	}
}

func orderStatusPath(source string, id *big.Int) string {
	return "/v3/order-status/" + source + "/" + id.String()
}

func orderByTxPath(source string, tx common.Hash) string {
	return "/v2/order/" + source + "/" + tx.Hex()
}

// waitOrder polls an order path until cond holds, and returns the last status.
func (e *chainEnv) waitOrder(t *testing.T, path string, timeout time.Duration, what string, cond func(api.OrderStatus) bool) api.OrderStatus {
	t.Helper()
	var last api.OrderStatus
	var lastBody []byte
	var lastCode int
	require.Eventually(t, func() bool {
		var st api.OrderStatus
		lastCode, lastBody = e.gw.get(t, path, e.a.token, &st)
		if lastCode != http.StatusOK {
			return false
		}
		last = st
		return cond(st)
	}, timeout, 200*time.Millisecond, "%s: %s: last answer %d %s", path, what, lastCode, lastBody)
	return last
}

func isStatus(want string) func(api.OrderStatus) bool {
	return func(st api.OrderStatus) bool { return st.Status == want }
}

// units converts a decimal wire amount to base units.
func units(t *testing.T, amount string, decimals uint8) *big.Int {
	t.Helper()
	d, err := decimal.NewFromString(amount)
	require.NoError(t, err, "amount %q", amount)
	return d.Shift(int32(decimals)).BigInt()
}

// settlements returns every OrderSettled event of the order keyed key on the chain as it
// is now.
func settlements(t *testing.T, c *testnet.Chain, key common.Hash) []dtw.Event {
	t.Helper()
	logs, err := c.Client.FilterLogs(e2eCtx(t), ethereum.FilterQuery{
		FromBlock: new(big.Int).SetUint64(c.DeployBlock), Addresses: []common.Address{c.DTW},
		Topics: [][]common.Hash{{dtw.EventTopics[3]}, {key}},
	})
	require.NoError(t, err)
	ptrs := make([]*types.Log, len(logs))
	for i := range logs {
		ptrs[i] = &logs[i]
	}
	return dtw.DecodeLogs(c.DTW, ptrs)
}

// requireReturnEvent fetches a return transaction's receipt from anvil and returns its
// one event of kind for the order keyed key.
func requireReturnEvent(t *testing.T, c *testnet.Chain, txHash string, kind dtw.EventKind, key common.Hash) dtw.Event {
	t.Helper()
	r, err := c.Client.TransactionReceipt(e2eCtx(t), common.HexToHash(txHash))
	require.NoError(t, err, "receipt of return tx %s", txHash)
	require.Equal(t, types.ReceiptStatusSuccessful, r.Status)
	var found []dtw.Event
	for _, ev := range dtw.DecodeLogs(c.DTW, r.Logs) {
		if ev.Kind == kind && ev.OrderKey == key {
			found = append(found, ev)
		}
	}
	require.Len(t, found, 1, "%s events for order key %s in %s", kind, key, txHash)
	return found[0]
}

func dtwBalance(t *testing.T, c *testnet.Chain, who common.Address, tok testnet.Token) *big.Int {
	t.Helper()
	b, err := c.DTWBalance(e2eCtx(t), who, tok.Address)
	require.NoError(t, err)
	return b
}

// deposit deposits whole tokens for a trader (automine on).
func deposit(t *testing.T, c *testnet.Chain, trader testnet.Account, tok testnet.Token, whole int64) *types.Receipt {
	t.Helper()
	r, err := c.Deposit(e2eCtx(t), trader, tok, tok.Units(whole))
	require.NoError(t, err)
	return r
}

// place places an order from the trader's free balance (automine on).
func place(t *testing.T, c *testnet.Chain, trader testnet.Account, p testnet.OrderParams) *testnet.PlacedOrder {
	t.Helper()
	o, err := c.PlaceOrder(e2eCtx(t), trader, p)
	require.NoError(t, err)
	return o
}

// sendPlace sends a placeOrder transaction without waiting for it (automine off).
func sendPlace(t *testing.T, c *testnet.Chain, trader testnet.Account, p testnet.OrderParams) common.Hash {
	t.Helper()
	ctx := e2eCtx(t)
	now, err := c.Now(ctx)
	require.NoError(t, err)
	if p.Deadline == 0 {
		p.Deadline = uint64(now.Unix()) + 3600
	}
	data := dtw.PackPlaceOrder(p.Sell.Address, p.Buy.Address, p.SellAmount, p.MinBuyAmount, p.Deadline, p.Kind)
	tx, err := c.SendTx(ctx, trader, &c.DTW, data, nil, 0)
	require.NoError(t, err)
	return tx.Hash()
}

// placedKey returns the key of the order an OrderPlaced receipt carries.
func placedKey(t *testing.T, c *testnet.Chain, tx common.Hash) common.Hash {
	t.Helper()
	r, err := c.WaitReceipt(e2eCtx(t), tx)
	require.NoError(t, err)
	evs := dtw.DecodeLogs(c.DTW, r.Logs)
	require.Len(t, evs, 1)
	return evs[0].OrderKey
}

// operatorTxPending reports whether the operator has a transaction in anvil's pool.
func operatorTxPending(t *testing.T, c *testnet.Chain) bool {
	t.Helper()
	ctx := e2eCtx(t)
	pending, err := c.Client.PendingNonceAt(ctx, c.Operator.Address)
	require.NoError(t, err)
	mined, err := c.Client.NonceAt(ctx, c.Operator.Address, nil)
	require.NoError(t, err)
	return pending > mined
}

func operatorNonce(t *testing.T, c *testnet.Chain) uint64 {
	t.Helper()
	n, err := c.Client.NonceAt(e2eCtx(t), c.Operator.Address, nil)
	require.NoError(t, err)
	return n
}

// holdTxRE finds the journaled transaction in the "holding before broadcast" log line.
var holdTxRE = regexp.MustCompile(`holding before broadcast.*tx=(0x[0-9a-fA-F]{64})`)

// rpcProxy forwards loopback TCP connections to anvil; cut refuses new connections and
// drops the open ones until restore.
type rpcProxy struct {
	ln     net.Listener
	target string
	mu     sync.Mutex
	cut    bool
	conns  map[net.Conn]struct{}
	wg     sync.WaitGroup
}

func startRPCProxy(t *testing.T, rpcURL string) *rpcProxy {
	t.Helper()
	u, err := url.Parse(rpcURL)
	require.NoError(t, err)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p := &rpcProxy{ln: ln, target: u.Host, conns: map[net.Conn]struct{}{}}
	p.wg.Add(1)
	go p.serve()
	t.Cleanup(func() {
		_ = ln.Close()
		p.setCut(true)
		p.wg.Wait()
	})
	return p
}

// URL is the proxy's RPC URL.
func (p *rpcProxy) URL() string { return "http://" + p.ln.Addr().String() }

func (p *rpcProxy) serve() {
	defer p.wg.Done()
	for {
		in, err := p.ln.Accept()
		if err != nil {
			return
		}
		p.mu.Lock()
		if p.cut {
			p.mu.Unlock()
			_ = in.Close()
			continue
		}
		out, err := net.DialTimeout("tcp", p.target, 5*time.Second)
		if err != nil {
			p.mu.Unlock()
			_ = in.Close()
			continue
		}
		p.conns[in], p.conns[out] = struct{}{}, struct{}{}
		p.mu.Unlock()
		p.wg.Add(2)
		go p.pipe(in, out)
		go p.pipe(out, in)
	}
}

func (p *rpcProxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	_, _ = io.Copy(dst, src)
	_ = dst.Close()
	_ = src.Close()
	p.mu.Lock()
	delete(p.conns, dst)
	delete(p.conns, src)
	p.mu.Unlock()
}

// setCut cuts (true) or restores (false) the connection to anvil.
func (p *rpcProxy) setCut(cut bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.cut = cut
	if cut {
		for c := range p.conns {
			_ = c.Close()
		}
	}
}
