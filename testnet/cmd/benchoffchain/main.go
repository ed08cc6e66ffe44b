// Command benchoffchain measures OFFCHAIN trading on this machine (`make
// bench-offchain`): a real `dtwgate serve` (the built binary) with an OFFCHAIN venue
// (eur and usdc, large inventory limits, book prices), accounts funded by `dtwgate admin
// offchain book-deposit`, and concurrent Go clients (api/client, one API key and JWT
// each) placing market swaps over real HTTP for a fixed duration; then the gateway is
// killed (SIGKILL) and restarted, every swap it answered is looked up (each was committed
// before its answer), and RFQ round trips (request a quote, action it) run one after
// another. It prints swaps_per_second, swap_p50_ms, swap_p99_ms, rfq_roundtrip_p50_ms,
// rfq_roundtrip_p99_ms, the non-2xx count and the store's durability setting.
package main

import (
	"context"
	"database/sql"
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
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	_ "modernc.org/sqlite" // reads the store's journal mode

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/testnet"
)

var (
	duration   = flag.Duration("duration", 10*time.Second, "how long the clients swap")
	clients    = flag.Int("clients", 32, "concurrent clients, each on its own account and API key")
	rfqs       = flag.Int("rfqs", 300, "RFQ round trips (request-quote then action-quote), one after another")
	cpuProfile = flag.String("cpuprofile", "", "write a CPU profile of the gateway over the swap phase to this file (its --pprof-listen)")
	keep       = flag.Bool("keep", false, "keep the temporary directory (gateway log, data)")
)

// storeSynchronous is the synchronous pragma internal/store sets on every connection it
// opens (OpenSQLite's DSN): a connection's setting, not readable from another process.
const storeSynchronous = "FULL"

// gatewayYAML is the gateway's config: the OFFCHAIN venue only; rate limits off, so the
// figures are the cost of serving, not of refusing.
const gatewayYAML = `listen: %s
rateLimits:
  authPerClient: {perSecond: -1}
  authPerKey: {perSecond: -1}
offchain:
  assets:
    - {id: eur, decimals: 2, fiat: true}
    - {id: usdc, decimals: 6}
  banks:
    - {name: eur-main, asset: eur, bankName: Bench Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
  inventoryLimits: {eur: "1000000000", usdc: "1000000000"}
pricing:
  prices: {eur: "1.1", usd: "1", usdc: "1"}
`

func main() {
	flag.Parse()
	if *clients < 1 || *duration <= 0 || *rfqs < 1 {
		fail(errors.New("-clients, -duration and -rfqs must be positive"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := run(ctx); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "benchoffchain: %v\n", err)
	os.Exit(1)
}

func run(ctx context.Context) error {
	dir, err := os.MkdirTemp("", "benchoffchain-")
	if err != nil {
		return err
	}
	if *keep {
		fmt.Println("# temporary directory:", dir)
	} else {
		defer os.RemoveAll(dir)
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return err
	}
	gw, err := newGateway(ctx, dir)
	if err != nil {
		return err
	}
	defer gw.stop()
	if err := gw.start(); err != nil {
		return err
	}
	traders, err := gw.traders(ctx, *clients)
	if err != nil {
		return err
	}
	fmt.Printf("# %d accounts funded, %d clients; %d CPUs shared by the gateway and the clients; load average %s\n",
		len(traders), *clients, runtime.NumCPU(), loadAverage())

	stopProfile := func() error { return nil }
	if *cpuProfile != "" {
		stopProfile = gw.profile(*cpuProfile, *duration)
	}
	gwCPU, selfCPU := gw.cpuTime(), selfCPUTime()
	sw := swaps(ctx, traders)
	gwCPU, selfCPU = gw.cpuTime()-gwCPU, selfCPUTime()-selfCPU
	if err := stopProfile(); err != nil {
		return err
	}
	if n := len(sw.latencies); n > 0 {
		fmt.Printf("# CPU per answered swap: gateway %.2f ms, clients %.2f ms\n", ms(gwCPU)/float64(n), ms(selfCPU)/float64(n))
	}
	fmt.Printf("# load average after the swaps %s (other work on the machine slows the figures)\n", loadAverage())
	fmt.Printf("# swaps: %d answered 2xx in %v, %d non-2xx, %d without an answer\n", len(sw.latencies), *duration, sw.non2xx, sw.failed)
	if sw.firstErr != nil {
		fmt.Printf("# first failure: %v\n", sw.firstErr)
	}

	// Every answered swap must survive the process: kill it without a chance to flush,
	// restart it on the same store, and find each one.
	if err := gw.kill(); err != nil {
		return err
	}
	if err := gw.start(); err != nil {
		return err
	}
	if err := checkDurable(ctx, traders, sw.answered); err != nil {
		return err
	}
	fmt.Printf("# after SIGKILL and restart: all %d answered swaps found\n", len(sw.latencies))

	rfq, err := rfqRoundTrips(ctx, traders[0], *rfqs)
	if err != nil {
		return err
	}
	journal, err := gw.journalMode()
	if err != nil {
		return err
	}

	fmt.Printf("swaps_per_second %.0f\n", float64(len(sw.latencies))/duration.Seconds())
	fmt.Printf("swap_p50_ms %.2f\n", ms(percentile(sw.latencies, 50)))
	fmt.Printf("swap_p99_ms %.2f\n", ms(percentile(sw.latencies, 99)))
	fmt.Printf("rfq_roundtrip_p50_ms %.2f\n", ms(percentile(rfq, 50)))
	fmt.Printf("rfq_roundtrip_p99_ms %.2f\n", ms(percentile(rfq, 99)))
	fmt.Printf("non_2xx %d\n", sw.non2xx)
	fmt.Printf("no_answer %d\n", sw.failed)
	fmt.Printf("store_durability journal_mode=%s synchronous=%s\n", journal, storeSynchronous)
	fmt.Println("# WAL with synchronous=FULL: a swap is answered after the commit that holds it has reached the disk (the WAL is " +
		"fsynced at every commit; swaps queued together share a commit), so it survives a crash of the process (checked above), " +
		"of the OS, or a power loss")
	return nil
}

// cpuTime is the CPU time the gateway process has used (user and system), 0 where /proc
// has none.
func (g *gateway) cpuTime() time.Duration {
	blob, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", g.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	// The fields after the command name (which may hold spaces), from field 3 on.
	f := strings.Fields(string(blob[strings.LastIndexByte(string(blob), ')')+1:]))
	if len(f) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// clockTicks is the kernel's USER_HZ, the unit of /proc/PID/stat times (100 on Linux).
const clockTicks = 100

// selfCPUTime is the CPU time this process has used (the clients).
func selfCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// loadAverage is the machine's 1-minute load average, "?" where /proc has none.
func loadAverage() string {
	blob, err := os.ReadFile("/proc/loadavg")
	if f := strings.Fields(string(blob)); err == nil && len(f) > 0 {
		return f[0]
	}
	return "?"
}

func ms(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }

// percentile of sorted latencies.
func percentile(sorted []time.Duration, p int) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[min(len(sorted)-1, len(sorted)*p/100)]
}

// gateway is the dtwgate process under test.
type gateway struct {
	bin, cfg, dataDir, logPath string
	listen, pprof              string
	cmd                        *exec.Cmd
	logFile                    *os.File
	http                       *http.Client
}

func freePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// newGateway builds dtwgate and writes its config.
func newGateway(ctx context.Context, dir string) (*gateway, error) {
	root, err := testnet.ModuleRoot()
	if err != nil {
		return nil, err
	}
	g := &gateway{bin: filepath.Join(dir, "dtwgate"), cfg: filepath.Join(dir, "gateway.yaml"), dataDir: filepath.Join(dir, "data"),
		logPath: filepath.Join(dir, "gateway.log"), http: &http.Client{Timeout: 10 * time.Second}}
	build := exec.CommandContext(ctx, "go", "build", "-C", root, "-o", g.bin, "./cmd/dtwgate")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return nil, fmt.Errorf("build dtwgate: %w", err)
	}
	if g.listen, err = freePort(); err != nil {
		return nil, err
	}
	if g.pprof, err = freePort(); err != nil {
		return nil, err
	}
	if err := os.WriteFile(g.cfg, []byte(fmt.Sprintf(gatewayYAML, g.listen)), 0o600); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(g.dataDir, 0o700); err != nil {
		return nil, err
	}
	if g.logFile, err = os.Create(g.logPath); err != nil {
		return nil, err
	}
	return g, nil
}

func (g *gateway) base() string { return "http://" + g.listen + "/api" }

// start runs `dtwgate serve` and waits until it is ready.
func (g *gateway) start() error {
	args := []string{"serve", "--config", g.cfg, "--data-dir", g.dataDir}
	if *cpuProfile != "" {
		args = append(args, "--pprof-listen", g.pprof)
	}
	g.cmd = exec.Command(g.bin, args...)
	g.cmd.Stdout, g.cmd.Stderr = g.logFile, g.logFile
	if err := g.cmd.Start(); err != nil {
		return err
	}
	for deadline := time.Now().Add(60 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := g.http.Get("http://" + g.listen + api.PathReadyz); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the gateway did not become ready; see %s", g.logPath)
		}
	}
}

// kill ends the gateway with SIGKILL: nothing it holds in memory is written.
func (g *gateway) kill() error {
	if err := g.cmd.Process.Kill(); err != nil {
		return err
	}
	_ = g.cmd.Wait()
	g.cmd = nil
	return nil
}

func (g *gateway) stop() {
	if g.cmd != nil && g.cmd.Process != nil {
		_ = g.cmd.Process.Signal(syscall.SIGTERM)
		done := make(chan struct{})
		go func() { _ = g.cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(20 * time.Second):
			_ = g.cmd.Process.Kill()
		}
	}
	if g.logFile != nil {
		g.logFile.Close()
	}
}

// admin runs a `dtwgate admin` command on the gateway's config and store.
func (g *gateway) admin(ctx context.Context, args ...string) (string, error) {
	args = append(append([]string{"admin"}, args...), "--config", g.cfg, "--data-dir", g.dataDir)
	out, err := exec.CommandContext(ctx, g.bin, args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("dtwgate %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// trader is one client on its own account.
type trader struct {
	id     int
	client *client.Client
}

// traders creates n accounts with an API key each (READ, TRADE), funds each with a
// booked bank transfer of 1,000,000 eur, and logs each client in; a few at a time (each
// admin command is a process on the shared store).
func (g *gateway) traders(ctx context.Context, n int) ([]*trader, error) {
	out := make([]*trader, n)
	errs := make([]error, n)
	next := atomic.Int64{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				out[i], errs[i] = g.trader(ctx, i)
			}
		}()
	}
	wg.Wait()
	return out, errors.Join(errs...)
}

func (g *gateway) trader(ctx context.Context, i int) (*trader, error) {
	blob, err := g.admin(ctx, "keys", "create", "--label", fmt.Sprintf("bench-%d", i), "--permissions", "READ,TRADE", "--json")
	if err != nil {
		return nil, err
	}
	var key struct{ APIKeyID, APIKeySecret string }
	if err := json.Unmarshal([]byte(blob), &key); err != nil {
		return nil, fmt.Errorf("keys create: %w: %s", err, blob)
	}
	cfg := client.DefaultConfig()
	cfg.BaseURL = g.base()
	cfg.Auth = client.NewAPIKeyAuth(key.APIKeyID, key.APIKeySecret)
	// No retries: a 5xx or a dropped answer is counted, not hidden.
	cfg.MaxRetries = 0
	cfg.HTTPClient = &http.Client{Timeout: 30 * time.Second, Transport: &http.Transport{MaxIdleConnsPerHost: 4}}
	c, err := client.New(cfg)
	if err != nil {
		return nil, err
	}
	ref, err := c.DepositReference(ctx, "") // logs in
	if err != nil {
		return nil, err
	}
	if _, err := g.admin(ctx, "offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur",
		"--amount", "1000000", "--transfer-id", fmt.Sprintf("bench-%d", i)); err != nil {
		return nil, err
	}
	return &trader{id: i, client: c}, nil
}

// swapResult is the swap phase's outcome.
type swapResult struct {
	latencies []time.Duration // of 2xx answers, sorted
	non2xx    int
	failed    int
	firstErr  error
	// answered are the instructionIds answered 2xx, per trader.
	answered [][]string
}

// swaps runs every trader's market swaps for the duration: 1 eur for usdc and 1 usdc for
// eur in turn, so the house's inventory stays level.
func swaps(ctx context.Context, traders []*trader) swapResult {
	var (
		mu       sync.Mutex
		res      = swapResult{answered: make([][]string, len(traders))}
		non2xx   atomic.Int64
		failed   atomic.Int64
		firstErr atomic.Pointer[error]
		wg       sync.WaitGroup
	)
	end := time.Now().Add(*duration)
	for _, tr := range traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var lats []time.Duration
			var ids []string
			for i := 0; time.Now().Before(end); i++ {
				req := api.SwapRequest{InstructionID: fmt.Sprintf("bench-%d-%d", tr.id, i), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"}
				if i%2 == 1 {
					req.SellingAsset, req.BuyingAsset = "usdc", "eur"
				}
				start := time.Now()
				o, err := tr.client.Swap(ctx, "", req)
				d := time.Since(start)
				if err == nil && o.Status != api.StatusSettled {
					err = fmt.Errorf("swap %s answered %s", req.InstructionID, o.Status)
				}
				if err != nil {
					if client.StatusCode(err) != 0 {
						non2xx.Add(1)
					} else {
						failed.Add(1)
					}
					firstErr.CompareAndSwap(nil, &err)
					continue
				}
				lats = append(lats, d)
				ids = append(ids, req.InstructionID)
			}
			mu.Lock()
			res.latencies = append(res.latencies, lats...)
			res.answered[tr.id] = ids
			mu.Unlock()
		}()
	}
	wg.Wait()
	slices.Sort(res.latencies)
	res.non2xx, res.failed = int(non2xx.Load()), int(failed.Load())
	if p := firstErr.Load(); p != nil {
		res.firstErr = *p
	}
	return res
}

// checkDurable looks up every answered swap by its instructionId, each trader's on its
// own connection.
func checkDurable(ctx context.Context, traders []*trader, answered [][]string) error {
	var wg sync.WaitGroup
	errs := make([]error, len(traders))
	for _, tr := range traders {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, id := range answered[tr.id] {
				o, err := tr.client.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindSwap, id)
				if err == nil && o.Status != api.StatusSettled {
					err = fmt.Errorf("swap %s is %s after the restart", id, o.Status)
				}
				if err != nil {
					errs[tr.id] = fmt.Errorf("an answered swap is missing after SIGKILL and restart: %w", err)
					return
				}
			}
		}()
	}
	wg.Wait()
	return errors.Join(errs...)
}

// rfqRoundTrips requests and actions n quotes one after another and returns the sorted
// round-trip times.
func rfqRoundTrips(ctx context.Context, tr *trader, n int) ([]time.Duration, error) {
	lats := make([]time.Duration, 0, n)
	for i := range n {
		id := fmt.Sprintf("rfq-%d", i)
		start := time.Now()
		q, err := tr.client.RequestQuote(ctx, "", api.QuoteRequest{InstructionID: id, SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"})
		if err != nil {
			return nil, fmt.Errorf("request quote %s: %w", id, err)
		}
		if err := tr.client.ActionQuote(ctx, "", q.InstructionID); err != nil {
			return nil, fmt.Errorf("action quote %s: %w", id, err)
		}
		lats = append(lats, time.Since(start))
	}
	slices.Sort(lats)
	return lats, nil
}

// profile starts a CPU profile of the gateway for d and returns a function that waits
// for it and writes it to path.
func (g *gateway) profile(path string, d time.Duration) func() error {
	done := make(chan error, 1)
	go func() {
		resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", g.pprof, max(1, int(d.Seconds()))))
		if err != nil {
			done <- err
			return
		}
		defer resp.Body.Close()
		f, err := os.Create(path)
		if err != nil {
			done <- err
			return
		}
		_, err = io.Copy(f, resp.Body)
		done <- errors.Join(err, f.Close())
	}()
	return func() error {
		if err := <-done; err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		fmt.Printf("# gateway CPU profile: %s (go tool pprof -top %s %s)\n", path, g.bin, path)
		return nil
	}
}

// journalMode reads the store's journal mode (a property of the database file).
func (g *gateway) journalMode() (string, error) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(g.dataDir, "dtwgate.db")+"?mode=ro")
	if err != nil {
		return "", err
	}
	defer db.Close()
	var mode string
	if err := db.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		return "", fmt.Errorf("read the store's journal mode: %w", err)
	}
	return mode, nil
}
