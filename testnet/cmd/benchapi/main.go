// Command benchapi compares the gateway's API hot paths with a bare net/http JSON handler
// on this machine (`make bench-api`): a real `dtwgate serve` on an anvil devnet with one
// settled order, a bare handler answering the same body bytes, and wrk (Debian's package)
// as the load generator, 32 connections, targets interleaved over rounds, the ratio of
// each target's requests per second to the bare handler's taken within each round and its
// median printed as `ratio <target> X`. SIWE verification uses messages signed before the
// run (wrk cannot sign); a full login (nonce, sign, verify) is driven by a Go loop of 32
// workers, compared with the same loop against the bare handler.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

var (
	duration    = flag.Duration("duration", 10*time.Second, "load per target per round")
	rounds      = flag.Int("rounds", 3, "rounds; targets are interleaved within each")
	connections = flag.Int("connections", 32, "concurrent connections (wrk -c) and login workers")
	cpuProfiles = flag.String("cpuprofile", "", "directory for a CPU profile of the gateway per target (first round)")
	keep        = flag.Bool("keep", false, "keep the temporary directory (gateway log, data)")
)

func main() {
	flag.Parse()
	if _, err := exec.LookPath("wrk"); err != nil {
		fail(errors.New("wrk is not installed: apt-get install -y wrk (make bench-api does it)"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Minute)
	defer cancel()
	if err := run(ctx); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "benchapi: %v\n", err)
	os.Exit(1)
}

// target is one measured endpoint.
type target struct {
	name, path, token string
	// bodies, when set, is a file of request bodies wrk POSTs, one per line, each once.
	bodies string
}

// result is one wrk run.
type result struct {
	rps           float64
	p50, p99      time.Duration
	requests, bad int
	// group is what the gateway's store committed during the run.
	group commitGroups
}

// commitGroups counts the store's group commit (dtwgate_store_commits_total and
// dtwgate_store_commit_units_total, from the gateway's /metrics): write transactions, and
// the units of work (InTx calls) they held.
type commitGroups struct{ commits, units int64 }

// mean is the mean units of work per commit (0 without commits).
func (g commitGroups) mean() float64 {
	if g.commits == 0 {
		return 0
	}
	return float64(g.units) / float64(g.commits)
}

// String is how a round's line shows it: the commits and their mean group.
func (g commitGroups) String() string {
	return fmt.Sprintf("; %d commits of %.2f units of work on average", g.commits, g.mean())
}

func run(ctx context.Context) error {
	dir, cleanup, err := benchkit.TempDir("benchapi-", *keep)
	if err != nil {
		return err
	}
	defer cleanup()
	gw, err := startGateway(ctx, dir)
	if err != nil {
		return err
	}
	defer gw.stop()

	bare, err := startBare()
	if err != nil {
		return err
	}
	defer bare.Close()

	// The targets' bodies, served by the bare handler byte for byte.
	orderPath := fmt.Sprintf("/api/v3/order-status/ETHEREUM/%s", gw.orderID)
	targets := []target{
		{name: "order_status", path: orderPath, token: gw.token},
		{name: "jwt_check", path: "/api" + api.PathJWTCheck, token: gw.token},
		{name: "price", path: "/api/v2/price/eth/usdt", token: gw.token},
		{name: "siwe_nonce", path: "/api" + api.PathSIWENonce},
		{name: "siwe_verify", path: "/api" + api.PathSIWEVerify},
	}
	for _, t := range targets {
		if t.name == "siwe_verify" {
			bare.set(t.path, http.StatusOK, []byte(`{"jwtToken":"`+gw.token+`"}`+"\n"))
			continue
		}
		status, body, err := gw.get(t.path, t.token)
		if err != nil || status >= 300 {
			return fmt.Errorf("%s: %d %s %v", t.name, status, body, err)
		}
		bare.set(t.path, status, body)
	}

	ratios := map[string][]float64{}
	last := map[string]result{}
	for round := 1; round <= *rounds; round++ {
		base, err := wrk(ctx, dir, "http://"+bare.addr, target{name: "bare", path: "/api" + api.PathJWTCheck})
		if err != nil {
			return err
		}
		fmt.Printf("# round %d bare: %.0f req/s p50 %v p99 %v\n", round, base.rps, base.p50, base.p99)
		for _, t := range targets {
			if t.name == "siwe_verify" {
				n := int(float64(*connections)*duration.Seconds()*250) + 1000 // far more than a round can use
				if t.bodies, err = gw.signLogins(ctx, dir, n); err != nil {
					return err
				}
			}
			stopProfile := func() {}
			if *cpuProfiles != "" && round == 1 {
				stopProfile = gw.profile(ctx, *cpuProfiles, t.name)
			}
			before, err := gw.commits()
			if err != nil {
				return err
			}
			r, err := wrk(ctx, dir, gw.base, t)
			stopProfile()
			if err != nil {
				return err
			}
			if r.group, err = gw.groupSince(before); err != nil {
				return err
			}
			ratios[t.name] = append(ratios[t.name], r.rps/base.rps)
			last[t.name] = r
			fmt.Printf("# round %d %s: %.0f req/s p50 %v p99 %v non-2xx %d of %d%s\n", round, t.name, r.rps, r.p50, r.p99, r.bad, r.requests, r.group)
		}
		before, err := gw.commits()
		if err != nil {
			return err
		}
		login, bareLogin, err := logins(ctx, gw, bare)
		if err != nil {
			return err
		}
		if login.group, err = gw.groupSince(before); err != nil {
			return err
		}
		ratios["siwe_login"] = append(ratios["siwe_login"], login.rps/bareLogin.rps)
		last["siwe_login"] = login
		fmt.Printf("# round %d siwe_login (Go loop): %.0f logins/s p50 %v p99 %v failed %d%s; bare loop %.0f/s\n",
			round, login.rps, login.p50, login.p99, login.bad, login.group, bareLogin.rps)
	}
	for _, name := range []string{"order_status", "jwt_check", "price", "siwe_nonce", "siwe_verify", "siwe_login"} {
		r := last[name]
		fmt.Printf("ratio %s %.3f\n", name, median(ratios[name]))
		fmt.Printf("%s req_per_s %.0f p50_ms %.2f p99_ms %.2f non_2xx %d\n", name, r.rps,
			float64(r.p50)/float64(time.Millisecond), float64(r.p99)/float64(time.Millisecond), r.bad)
	}
	// The logins' used nonces go through the store's group commit: how many share a commit.
	for _, name := range []string{"siwe_verify", "siwe_login"} {
		g := last[name].group
		fmt.Printf("%s commit_group_mean %.2f commits_per_s %.0f\n", name, g.mean(), float64(g.commits)/duration.Seconds())
	}
	logSize, walSize, rss := gw.sizes()
	fmt.Printf("gateway_log_bytes %d\ngateway_wal_bytes %d\ngateway_rss_bytes %d\n", logSize, walSize, rss)
	return nil
}

func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	return s[len(s)/2]
}

// gateway is the dtwgate process under test with its devnet.
type gateway struct {
	net     *testnet.Network
	cmd     *exec.Cmd
	base    string
	dataDir string
	logPath string
	pprof   string
	token   string
	orderID string
	trader  testnet.Account
	chainID uint64
	client  *http.Client
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

func startGateway(ctx context.Context, dir string) (*gateway, error) {
	n, err := testnet.Start(ctx, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	if err != nil {
		return nil, err
	}
	g := &gateway{net: n, dataDir: filepath.Join(dir, "data"), logPath: filepath.Join(dir, "gateway.log"),
		client: &http.Client{Timeout: 30 * time.Second}}
	c := n.Chains[0]
	g.trader, g.chainID = c.Traders[0], c.ChainID.Uint64()
	d, err := n.WriteDir(dir, true)
	if err != nil {
		return nil, err
	}
	cfg, err := gatewaycmd.WriteGatewayConfig(dir, d, 1)
	if err != nil {
		return nil, err
	}
	listen, err := freePort()
	if err != nil {
		return nil, err
	}
	if g.pprof, err = freePort(); err != nil {
		return nil, err
	}
	// Rate limits off: the figure is the cost of serving, not of refusing.
	extra := fmt.Sprintf("listen: %s\nrateLimits:\n  authPerClient: {perSecond: -1}\n  authPerKey: {perSecond: -1}\n", listen)
	if *cpuProfiles != "" {
		extra += fmt.Sprintf("debug:\n  pprofListen: %s\n", g.pprof)
	}
	f, err := os.OpenFile(cfg, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return nil, err
	}
	if _, err := f.WriteString(extra); err != nil {
		return nil, err
	}
	f.Close()
	bin, err := benchkit.Build(ctx, dir) // from the module's root, wherever this runs
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(g.dataDir, 0o700); err != nil {
		return nil, err
	}
	return g, g.setUp(ctx, bin, cfg, listen)
}

// runAdmin runs a dtwgate admin subcommand: args are the subcommand path and its flags.
func runAdmin(ctx context.Context, bin, cfg, dataDir string, path []string, flags ...string) (string, error) {
	args := append([]string{"admin"}, path...)
	args = append(args, "--config", cfg, "--data-dir", dataDir)
	args = append(args, flags...)
	out, err := exec.CommandContext(ctx, bin, args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("dtwgate %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

func (g *gateway) setUp(ctx context.Context, bin, cfg, listen string) error {
	var key struct {
		APIKeyID     string `json:"apiKeyId"`
		APIKeySecret string `json:"apiKeySecret"`
		AccountID    string `json:"accountId"`
	}
	out, err := runAdmin(ctx, bin, cfg, g.dataDir, []string{"keys", "create"}, "--label", "bench", "--permissions", "READ,TRADE", "--json")
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(out), &key); err != nil {
		return fmt.Errorf("admin keys create: %w: %s", err, out)
	}
	if _, err := runAdmin(ctx, bin, cfg, g.dataDir, []string{"wallets", "link"}, "--account", key.AccountID, g.trader.Address.Hex()); err != nil {
		return err
	}
	if _, err := runAdmin(ctx, bin, cfg, g.dataDir, []string{"whitelist", "add"}, g.trader.Address.Hex()); err != nil {
		return err
	}
	logf, err := os.Create(g.logPath)
	if err != nil {
		return err
	}
	g.cmd = exec.Command(bin, "serve", "--config", cfg, "--data-dir", g.dataDir)
	g.cmd.Stdout, g.cmd.Stderr = logf, logf
	if err := g.cmd.Start(); err != nil {
		return err
	}
	g.base = "http://" + listen
	deadline := time.Now().Add(60 * time.Second)
	for {
		if resp, err := g.client.Get(g.base + api.PathReadyz); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				break
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the gateway did not become ready; see %s", g.logPath)
		}
		time.Sleep(200 * time.Millisecond)
	}
	body, _ := json.Marshal(api.TokenRequest{KeyID: key.APIKeyID, Secret: key.APIKeySecret})
	resp, err := g.client.Post(g.base+"/api"+api.PathAuthToken, "application/json", bytes.NewReader(body))
	if err != nil {
		return err
	}
	var tok api.TokenResponse
	err = json.NewDecoder(resp.Body).Decode(&tok)
	resp.Body.Close()
	if err != nil || tok.JWTToken == "" {
		return fmt.Errorf("token: %v", err)
	}
	g.token = tok.JWTToken

	// One settled order.
	c := g.net.Chains[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	if _, err := c.Deposit(ctx, g.trader, dai, dai.Units(10)); err != nil {
		return err
	}
	o, err := c.PlaceOrder(ctx, g.trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(10), MinBuyAmount: usdt.Units(9), Kind: dtw.KindMarket})
	if err != nil {
		return err
	}
	// Found by its placing transaction: the gateway numbers the orders it follows itself.
	for deadline := time.Now().Add(2 * time.Minute); ; {
		var st api.OrderStatus
		status, blob, err := g.get("/api/v2/order/ETHEREUM/"+o.Receipt.TxHash.Hex(), g.token)
		if err == nil && status == http.StatusOK && json.Unmarshal(blob, &st) == nil && st.Status == api.StatusSettled {
			g.orderID = st.OrderID
			break
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("order %s did not settle: %d %s", o.Receipt.TxHash.Hex(), status, blob)
		}
		time.Sleep(250 * time.Millisecond)
	}
	return nil
}

func (g *gateway) get(path, token string) (int, []byte, error) {
	req, err := http.NewRequest(http.MethodGet, g.base+path, nil)
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := g.client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, body, err
}

// commits reads the store's group commit counters from the gateway's /metrics.
func (g *gateway) commits() (commitGroups, error) {
	status, body, err := g.get(api.PathMetrics, "")
	if err != nil || status != http.StatusOK {
		return commitGroups{}, fmt.Errorf("metrics: %d %v", status, err)
	}
	var c commitGroups
	for name, v := range map[string]*int64{"dtwgate_store_commits_total": &c.commits, "dtwgate_store_commit_units_total": &c.units} {
		m := regexp.MustCompile(`(?m)^` + name + ` ([0-9.e+]+)$`).FindSubmatch(body)
		if m == nil {
			return commitGroups{}, fmt.Errorf("metrics: no %s", name)
		}
		f, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return commitGroups{}, fmt.Errorf("metrics: %s: %w", name, err)
		}
		*v = int64(f)
	}
	return c, nil
}

// groupSince is what the store committed since before.
func (g *gateway) groupSince(before commitGroups) (commitGroups, error) {
	now, err := g.commits()
	return commitGroups{commits: now.commits - before.commits, units: now.units - before.units}, err
}

// nonce gets a SIWE nonce.
func (g *gateway) nonce(client *http.Client, base string) (string, error) {
	resp, err := client.Get(base + "/api" + api.PathSIWENonce)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	var n api.NonceResponse
	if err := json.NewDecoder(resp.Body).Decode(&n); err != nil {
		return "", err
	}
	return n.Nonce, nil
}

// siweBody signs a SIWE login with nonce and returns its verify request body.
func (g *gateway) siweBody(ctx context.Context, s signer.Signer, nonce string) ([]byte, error) {
	host := strings.TrimPrefix(g.base, "http://")
	msg, sig, err := signer.SignSIWE(ctx, s, signer.SIWERequest{Domain: host, URI: g.base + "/api", ChainID: g.chainID, Nonce: nonce})
	if err != nil {
		return nil, err
	}
	return json.Marshal(api.SIWEVerifyRequest{Message: msg, Signature: sig})
}

// signLogins fetches n nonces and signs a login with each, one JSON body per line.
func (g *gateway) signLogins(ctx context.Context, dir string, n int) (string, error) {
	path := filepath.Join(dir, "logins.txt")
	f, err := os.Create(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	w := bufio.NewWriter(f)
	var mu sync.Mutex
	var wg sync.WaitGroup
	var firstErr error
	next := atomic.Int64{}
	s := g.trader.Signer()
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for next.Add(1) <= int64(n) {
				nonce, err := g.nonce(g.client, g.base)
				var body []byte
				if err == nil {
					body, err = g.siweBody(ctx, s, nonce)
				}
				mu.Lock()
				if err != nil {
					firstErr = cmpErr(firstErr, err)
				} else {
					w.Write(body)
					w.WriteByte('\n')
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if firstErr != nil {
		return "", firstErr
	}
	return path, w.Flush()
}

func cmpErr(a, b error) error {
	if a != nil {
		return a
	}
	return b
}

// logins runs full logins (nonce, sign, verify) from 32 workers for the duration, then
// the same loop against the bare handler (a GET and a POST per login).
func logins(ctx context.Context, g *gateway, bare *bareServer) (result, result, error) {
	s := g.trader.Signer()
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: *connections}, Timeout: 30 * time.Second}
	login := func(base string, sign bool) error {
		nonce, err := g.nonce(client, base)
		if err != nil {
			return err
		}
		body := []byte(`{}`)
		if sign {
			if body, err = g.siweBody(ctx, s, nonce); err != nil {
				return err
			}
		}
		resp, err := client.Post(base+"/api"+api.PathSIWEVerify, "application/json", bytes.NewReader(body))
		if err != nil {
			return err
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return fmt.Errorf("verify: %d", resp.StatusCode)
		}
		return nil
	}
	gw := loop(func() error { return login(g.base, true) })
	b := loop(func() error { return login("http://"+bare.addr, false) })
	return gw, b, nil
}

// loop runs fn from the workers for the duration and measures it.
func loop(fn func() error) result {
	var (
		mu   sync.Mutex
		lats []time.Duration
		bad  atomic.Int64
		wg   sync.WaitGroup
	)
	end := time.Now().Add(*duration)
	for range *connections {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var mine []time.Duration
			for time.Now().Before(end) {
				start := time.Now()
				if err := fn(); err != nil {
					bad.Add(1)
					continue
				}
				mine = append(mine, time.Since(start))
			}
			mu.Lock()
			lats = append(lats, mine...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.Sort(lats)
	r := result{requests: len(lats) + int(bad.Load()), bad: int(bad.Load()), rps: float64(len(lats)) / duration.Seconds()}
	if len(lats) > 0 {
		r.p50, r.p99 = lats[len(lats)/2], lats[len(lats)*99/100]
	}
	return r
}

// profile starts a CPU profile of the gateway for the duration of a target's load.
func (g *gateway) profile(ctx context.Context, dir, name string) func() {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return func() {}
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		secs := int(duration.Seconds())
		resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", g.pprof, secs))
		if err != nil {
			return
		}
		defer resp.Body.Close()
		out, err := os.Create(filepath.Join(dir, name+".pprof"))
		if err != nil {
			return
		}
		io.Copy(out, resp.Body)
		out.Close()
	}()
	return func() { <-done }
}

func (g *gateway) sizes() (logBytes, walBytes, rssBytes int64) {
	if fi, err := os.Stat(g.logPath); err == nil {
		logBytes = fi.Size()
	}
	if fi, err := os.Stat(filepath.Join(g.dataDir, "dtwgate.db-wal")); err == nil {
		walBytes = fi.Size()
	}
	if g.cmd != nil && g.cmd.Process != nil {
		if blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", g.cmd.Process.Pid)); err == nil {
			if m := regexp.MustCompile(`VmRSS:\s+(\d+) kB`).FindSubmatch(blob); m != nil {
				kb, _ := strconv.ParseInt(string(m[1]), 10, 64)
				rssBytes = kb * 1024
			}
		}
	}
	return
}

func (g *gateway) stop() {
	if g.cmd != nil {
		benchkit.Terminate(g.cmd)
	}
	g.net.Stop()
}

// bareServer is the comparison: a net/http handler writing a stored JSON body per path.
type bareServer struct {
	srv    *http.Server
	addr   string
	mu     sync.RWMutex
	bodies map[string]bareBody
}

type bareBody struct {
	status int
	body   []byte
}

func startBare() (*bareServer, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	b := &bareServer{addr: ln.Addr().String(), bodies: map[string]bareBody{}}
	b.srv = &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b.mu.RLock()
		bb, ok := b.bodies[r.URL.Path]
		b.mu.RUnlock()
		if !ok {
			bb = bareBody{status: http.StatusOK, body: []byte(`{"nonce":"0123456789abcdef0123456789abcdef0123456789abcdef01234567"}` + "\n")}
		}
		if r.Body != nil {
			io.Copy(io.Discard, r.Body)
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(bb.status)
		w.Write(bb.body)
	})}
	go b.srv.Serve(ln)
	return b, nil
}

func (b *bareServer) set(path string, status int, body []byte) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.bodies[path] = bareBody{status: status, body: body}
}

func (b *bareServer) Close() { _ = b.srv.Close() }

// wrkScript counts non-2xx answers and, for a body file, POSTs each line once.
const wrkScript = `
local bodies = nil
local i = 0
bad = 0 -- a global: done() reads each thread's count with thread:get
local threads = {}
local counter = 0
function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
  table.insert(threads, thread)
end
function init(args)
  bad = 0
  if os.getenv("WRK_BODIES") ~= nil and os.getenv("WRK_BODIES") ~= "" then
    bodies = {}
    local n = 0
    for line in io.lines(os.getenv("WRK_BODIES")) do
      n = n + 1
      -- split the lines between wrk's threads
      if n % tonumber(os.getenv("WRK_THREADS")) == tonumber(id) then table.insert(bodies, line) end
    end
  end
end
function request()
  if bodies ~= nil then
    i = i + 1
    local b = bodies[i]
    if b == nil then b = bodies[#bodies] end
    return wrk.format("POST", nil, {["Content-Type"] = "application/json"}, b)
  end
  return wrk.format(nil)
end
function response(status, headers, body)
  if status >= 300 then bad = bad + 1 end
end
function done(summary, latency, requests)
  local total = 0
  for _, t in ipairs(threads) do total = total + (t:get("bad") or 0) end
  io.write(string.format("BAD %d\n", total))
end
`

// wrk runs wrk against base+t.path for the duration.
func wrk(ctx context.Context, dir, base string, t target) (result, error) {
	script := filepath.Join(dir, "bench.lua")
	if err := os.WriteFile(script, []byte(wrkScript), 0o644); err != nil {
		return result{}, err
	}
	const threads = 2
	args := []string{"-t", strconv.Itoa(threads), "-c", strconv.Itoa(*connections), "-d", duration.String(), "--latency", "-s", script}
	if t.token != "" {
		args = append(args, "-H", "Authorization: Bearer "+t.token)
	}
	args = append(args, base+t.path)
	cmd := exec.CommandContext(ctx, "wrk", args...)
	cmd.Env = append(os.Environ(), "WRK_BODIES="+t.bodies, "WRK_THREADS="+strconv.Itoa(threads))
	out, err := cmd.CombinedOutput()
	if err != nil {
		return result{}, fmt.Errorf("wrk %s: %w: %s", t.name, err, out)
	}
	return parseWrk(string(out))
}

var (
	reRPS      = regexp.MustCompile(`Requests/sec:\s+([\d.]+)`)
	reRequests = regexp.MustCompile(`(\d+) requests in`)
	reBad      = regexp.MustCompile(`BAD (\d+)`)
	rePct      = regexp.MustCompile(`\s+(50|99)%\s+([\d.]+)(us|ms|s)`)
)

func parseWrk(out string) (result, error) {
	var r result
	m := reRPS.FindStringSubmatch(out)
	if m == nil {
		return r, fmt.Errorf("wrk output without Requests/sec: %s", out)
	}
	r.rps, _ = strconv.ParseFloat(m[1], 64)
	if m := reRequests.FindStringSubmatch(out); m != nil {
		r.requests, _ = strconv.Atoi(m[1])
	}
	if m := reBad.FindStringSubmatch(out); m != nil {
		r.bad, _ = strconv.Atoi(m[1])
	}
	for _, m := range rePct.FindAllStringSubmatch(out, -1) {
		v, _ := strconv.ParseFloat(m[2], 64)
		unit := map[string]time.Duration{"us": time.Microsecond, "ms": time.Millisecond, "s": time.Second}[m[3]]
		d := time.Duration(v * float64(unit))
		if m[1] == "50" {
			r.p50 = d
		} else {
			r.p99 = d
		}
	}
	return r, nil
}
