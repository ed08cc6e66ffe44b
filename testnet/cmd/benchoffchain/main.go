// Command benchoffchain measures OFFCHAIN trading on this machine (`make
// bench-offchain`): a real `dtwgate serve` (the built binary) with an OFFCHAIN venue
// (eur and usdc, large inventory limits, book prices), accounts funded by `dtwgate admin
// offchain book-deposit`, and concurrent Go clients (api/client, one API key and JWT
// each) placing market swaps over real HTTP for a fixed duration; then the gateway is
// killed (SIGKILL) and restarted, every swap it answered is looked up (each was committed
// before its answer), and RFQ round trips (request a quote, action it) run one after
// another. The swaps run in -rounds rounds on two gateways in turns, one writing no
// receipts and one with a receipt key (which goes first alternates), so that what
// receipts cost is measured at the same load. These closed-loop rounds (each client waits
// for its answer before its next swap) measure throughput; -rate-rounds open-loop rounds
// then offer both gateways the same swaps at the same rate (70% of the slower one's
// throughput) and measure each swap's latency from the moment it was due, which is what
// receipts add to a swap's answer at a given load. It prints swaps_per_second,
// swap_p50_ms, swap_p99_ms, the receipts' costs, the open-loop figures,
// rfq_roundtrip_p50_ms, rfq_roundtrip_p99_ms, the non-2xx count and the store's
// durability setting.
package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	_ "modernc.org/sqlite" // reads the store's journal mode

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

var (
	duration   = flag.Duration("duration", 10*time.Second, "how long the clients swap")
	clients    = flag.Int("clients", 32, "concurrent clients, each on its own account and API key")
	rfqs       = flag.Int("rfqs", 300, "RFQ round trips (request-quote then action-quote), one after another")
	cpuProfile = flag.String("cpuprofile", "", "write a CPU profile of the gateway over its first swap round to this file (its --pprof-listen), of the receipts.off one to this file + .no-receipts, and of their first open-loop rounds to those + .open-loop")
	keep       = flag.Bool("keep", false, "keep the temporary directory (gateway log, data)")
	storeSync  = flag.String("store-sync", "full", "the gateway's storeSync: full (its default: a commit is fsynced before the answer) or normal (in the WAL)")
	compare    = flag.Bool("compare-receipts", true, "swap on a gateway writing no receipts (receipts.off) and on one with a receipt key, in turns, and print what receipts cost")
	rounds     = flag.Int("rounds", 2, "swap rounds of -duration per gateway; with -compare-receipts the gateways take turns, which goes first alternating (ABBA)")
	rate       = flag.Float64("rate", 0, "swaps per second offered in the open-loop rounds (0: -rate-fraction of the slowest gateway's closed-loop throughput)")
	rateShare  = flag.Float64("rate-fraction", 0.7, "with -rate 0, the open-loop rounds' offered rate as a fraction of the slowest gateway's closed-loop swaps per second")
	rateRounds = flag.Int("rate-rounds", 2, "open-loop rounds of -duration per gateway after the closed-loop ones, in turns (ABBA); 0 skips them")
)

func main() {
	flag.Parse()
	if *clients < 1 || *duration <= 0 || *rfqs < 1 || *rounds < 1 || *rounds > 100 {
		fail(errors.New("-clients, -duration and -rfqs must be positive, -rounds 1 to 100"))
	}
	if *rate < 0 || *rate > 1e6 || *rateShare <= 0 || *rateShare > 1 || *rateRounds < 0 || *rateRounds > 100 {
		fail(errors.New("-rate must be 0 to 1e6, -rate-fraction in (0, 1], -rate-rounds 0 to 100"))
	}
	if *storeSync != "normal" && *storeSync != "full" {
		fail(errors.New("-store-sync must be normal or full"))
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
	dir, cleanup, err := benchkit.TempDir("benchoffchain-", *keep)
	if err != nil {
		return err
	}
	defer cleanup()
	bin, err := benchkit.Build(ctx, dir)
	if err != nil {
		return err
	}
	pace, err := benchkit.MeasurePace()
	if err != nil {
		return err
	}
	fmt.Println(pace)
	var phases []*phase
	var off *phase
	if *compare {
		offDir := filepath.Join(dir, "no-receipts")
		if err := os.Mkdir(offDir, 0o700); err != nil {
			return err
		}
		fmt.Println("# gateway without receipts: receipts.off (no receipts written)")
		profile := ""
		if *cpuProfile != "" {
			profile = *cpuProfile + ".no-receipts"
		}
		if off, err = setUp(ctx, bin, offDir, "no receipts", "receipts:\n  off: true\n", profile); err != nil {
			return err
		}
		defer off.gw.Stop()
		phases = append(phases, off)
	}
	keyYAML, err := receiptKeyYAML(dir)
	if err != nil {
		return err
	}
	fmt.Println("# gateway with receipts: a receipt key (keystore); every swap writes its receipt in its transaction, the signer job signs it")
	on, err := setUp(ctx, bin, dir, "receipts", keyYAML, *cpuProfile)
	if err != nil {
		return err
	}
	defer on.gw.Stop()
	phases = append(phases, on)

	// The rounds alternate which gateway swaps first (ABBA), so that a drift of the
	// machine's load weighs on both; the gateway not swapping idles meanwhile.
	for r := range *rounds {
		for _, p := range benchkit.InTurn(phases, r) {
			if err := p.round(ctx, r); err != nil {
				return err
			}
		}
	}
	for _, p := range phases {
		p.summary()
	}
	offered, err := openLoop(ctx, phases)
	if err != nil {
		return err
	}
	sw := on.res

	// Every answered swap must survive the process: kill it without a chance to flush,
	// restart it on the same store, and find each one.
	if err := on.gw.Kill(); err != nil {
		return err
	}
	if err := on.gw.Start(); err != nil {
		return err
	}
	if err := benchkit.CheckSettled(ctx, on.traders, sw.Answered); err != nil {
		return fmt.Errorf("an answered swap is missing after SIGKILL and restart: %w", err)
	}
	if err := benchkit.CheckSettled(ctx, on.traders, on.atRate.Answered); err != nil {
		return fmt.Errorf("a swap answered in the open-loop rounds is missing after SIGKILL and restart: %w", err)
	}
	fmt.Printf("# after SIGKILL and restart: all %d answered swaps found\n", len(sw.Latencies)+len(on.atRate.Latencies))

	rfq, err := rfqRoundTrips(ctx, on.traders[0], *rfqs)
	if err != nil {
		return err
	}
	journal, err := journalMode(on.gw.DataDir)
	if err != nil {
		return err
	}

	fmt.Printf("swaps_per_second %.0f\n", on.rate())
	fmt.Printf("swap_p50_ms %.2f\n", benchkit.Ms(benchkit.Percentile(sw.Latencies, 50)))
	fmt.Printf("swap_p99_ms %.2f\n", benchkit.Ms(benchkit.Percentile(sw.Latencies, 99)))
	fmt.Printf("rfq_roundtrip_p50_ms %.2f\n", benchkit.Ms(benchkit.Percentile(rfq, 50)))
	fmt.Printf("rfq_roundtrip_p99_ms %.2f\n", benchkit.Ms(benchkit.Percentile(rfq, 99)))
	if off != nil && len(off.res.Latencies) > 0 {
		offRate, onRate := off.rate(), on.rate()
		offP99, onP99 := benchkit.Ms(benchkit.Percentile(off.res.Latencies, 99)), benchkit.Ms(benchkit.Percentile(sw.Latencies, 99))
		fmt.Printf("swaps_per_second_no_receipts %.0f\n", offRate)
		fmt.Printf("swap_p99_ms_no_receipts %.2f\n", offP99)
		fmt.Printf("receipts_throughput_cost_pct %.1f\n", 100*(offRate-onRate)/offRate)
		fmt.Printf("receipts_p99_cost_ms %.2f\n", onP99-offP99)
		fmt.Printf("receipts_gateway_cpu_ms_per_swap %.3f\n", on.cpuPerSwap()-off.cpuPerSwap())
		if offDisk, ok := off.diskPerSwap(); ok {
			if onDisk, ok := on.diskPerSwap(); ok {
				fmt.Printf("receipts_disk_bytes_per_swap %.0f\n", onDisk-offDisk)
			}
		}
		costs, p99s := roundCosts(off, on)
		fmt.Printf("# receipts' cost round by round (each round's two gateways swapped one after the other): throughput %s %%, p99 %s ms\n",
			joinFigures(costs, "%.1f"), joinFigures(p99s, "%+.2f"))
		fmt.Printf("receipts_throughput_cost_pct_median %.1f\n", benchkit.Median(costs))
		fmt.Printf("receipts_p99_cost_ms_median %.2f\n", benchkit.Median(p99s))
		fmt.Println("# receipts' cost: the two gateways swap in turns on a shared machine; more -rounds average out the load's drift, " +
			"and the medians of the rounds' own figures weigh a round the load disturbed less than the sums do")
	}
	if offered > 0 {
		atRateFigures(offered, off, on)
	}
	fmt.Printf("non_2xx %d\n", sw.Non2xx+on.atRate.Non2xx)
	fmt.Printf("no_answer %d\n", sw.Failed+on.atRate.Failed)
	fmt.Printf("store_durability journal_mode=%s synchronous=%s\n", journal, strings.ToUpper(*storeSync))
	if *storeSync == "full" {
		fmt.Println("# WAL with synchronous=FULL: a swap is answered after the commit that holds it has reached the disk (the WAL is " +
			"fsynced at every commit; swaps queued together share a commit), so it survives a crash of the process (checked above), " +
			"of the OS, or a power loss")
	} else {
		fmt.Println("# WAL with synchronous=NORMAL (-store-sync normal; the gateway's default is full): a swap is answered " +
			"after the commit that holds it is in the WAL, so it survives a crash of the process (checked above); the WAL is fsynced " +
			"at checkpoints, so a crash of the OS or a power loss may lose the last commits")
	}
	return nil
}

// phase is one gateway of the benchmark, its funded traders and what its swap rounds
// measured so far.
type phase struct {
	name    string
	gw      *benchkit.Gateway
	traders []*benchkit.Trader
	profile string
	res     benchkit.Result
	// gwCPU and selfCPU are the gateway's and the clients' CPU time over the rounds.
	gwCPU, selfCPU time.Duration
	// written is what the gateway wrote to storage over the rounds (its WAL, the
	// checkpoints' copies into the database), commits its group commits (OK false when
	// a reading failed).
	written int64
	commits benchkit.StoreCounters
	rounds  int
	// perRound are each round's swaps per second and p99, in the order of the rounds.
	perRound []roundFigures
	// atRate is what the open-loop rounds measured, atRateP99 each one's p99 in ms.
	atRate    benchkit.Result
	atRateP99 []float64
}

// roundFigures are what one round of one gateway measured.
type roundFigures struct {
	rate float64
	p99  float64 // ms
}

// setUp starts a gateway in dir with extra config and funds its traders; profile, when
// set, is where the gateway's CPU profile of its first swap round goes.
func setUp(ctx context.Context, bin, dir, name, extraYAML, profile string) (*phase, error) {
	gw, err := benchkit.NewGateway(bin, dir, benchkit.GatewayOptions{Pprof: profile != "", StoreSync: *storeSync, ExtraYAML: extraYAML})
	if err != nil {
		return nil, err
	}
	if err := gw.Start(); err != nil {
		gw.Stop()
		return nil, err
	}
	traders, err := benchkit.Provision(ctx, gw, []string{gw.BaseURL()}, *clients)
	if err != nil {
		gw.Stop()
		return nil, err
	}
	fmt.Printf("# %s: %d accounts funded, %d clients; %d CPUs shared by the gateways and the clients\n",
		name, len(traders), *clients, runtime.NumCPU())
	return &phase{name: name, gw: gw, traders: traders, profile: profile, commits: benchkit.StoreCounters{OK: true}}, nil
}

// round runs the swaps for the duration (round r of the benchmark) and prints what it
// measured as a comment.
func (p *phase) round(ctx context.Context, r int) error {
	load := benchkit.LoadAverage()
	stopProfile := func() error { return nil }
	if p.profile != "" && p.rounds == 0 {
		stopProfile = p.gw.Profile(p.profile, *duration)
	}
	gwCPU, selfCPU := p.gw.CPUTime(), benchkit.SelfCPUTime()
	written, commits := benchkit.ProcWriteBytes(p.gw.PID()), benchkit.ReadCommits(ctx, p.gw)
	sw := benchkit.SwapRound(ctx, p.traders, *duration, r)
	gwCPU, selfCPU = p.gw.CPUTime()-gwCPU, benchkit.SelfCPUTime()-selfCPU
	if after := benchkit.ProcWriteBytes(p.gw.PID()); written >= 0 && after >= 0 {
		written = after - written
	} else {
		written = -1
	}
	commits = benchkit.ReadCommits(ctx, p.gw).Minus(commits)
	if err := stopProfile(); err != nil {
		return err
	}
	if p.profile != "" && p.rounds == 0 {
		fmt.Printf("# gateway CPU profile: %s (go tool pprof -top %s %s)\n", p.profile, p.gw.Bin, p.profile)
	}
	p.res.Add(sw)
	p.gwCPU, p.selfCPU, p.rounds = p.gwCPU+gwCPU, p.selfCPU+selfCPU, p.rounds+1
	p.commits = p.commits.Plus(commits)
	if written < 0 || p.written < 0 {
		p.written = -1 // unknown for one round: unknown over the rounds
	} else {
		p.written += written
	}
	p.perRound = append(p.perRound, roundFigures{rate: float64(len(sw.Latencies)) / duration.Seconds(),
		p99: benchkit.Ms(benchkit.Percentile(sw.Latencies, 99))})
	perSwap := 0.0
	if n := len(sw.Latencies); n > 0 {
		perSwap = benchkit.Ms(gwCPU) / float64(n)
	}
	fmt.Printf("# round %d, %s: %d answered 2xx in %v (%.0f/s, p99 %.2f ms), gateway CPU %.2f ms per swap, %s, %d non-2xx, %d without an answer; load average %s -> %s\n",
		r+1, p.name, len(sw.Latencies), *duration, float64(len(sw.Latencies))/duration.Seconds(),
		benchkit.Ms(benchkit.Percentile(sw.Latencies, 99)), perSwap, writes(written, commits, len(sw.Latencies)), sw.Non2xx, sw.Failed, load, benchkit.LoadAverage())
	if sw.FirstErr != nil {
		fmt.Printf("# first failure: %v\n", sw.FirstErr)
	}
	return nil
}

// rate is the phase's swaps per second over its rounds.
func (p *phase) rate() float64 {
	return float64(len(p.res.Latencies)) / (duration.Seconds() * float64(max(p.rounds, 1)))
}

// cpuPerSwap is the gateway's CPU time per answered swap, in milliseconds.
func (p *phase) cpuPerSwap() float64 {
	if len(p.res.Latencies) == 0 {
		return 0
	}
	return benchkit.Ms(p.gwCPU) / float64(len(p.res.Latencies))
}

// summary prints the phase's figures over its rounds as a comment.
func (p *phase) summary() {
	n := len(p.res.Latencies)
	selfPer := 0.0
	if n > 0 {
		selfPer = benchkit.Ms(p.selfCPU) / float64(n)
	}
	fmt.Printf("# %s over %d rounds: %d swaps (%.0f/s, p99 %.2f ms); CPU per answered swap: gateway %.2f ms, clients %.2f ms; %s\n",
		p.name, p.rounds, n, p.rate(), benchkit.Ms(benchkit.Percentile(p.res.Latencies, 99)), p.cpuPerSwap(), selfPer, writes(p.written, p.commits, n))
}

// diskPerSwap is what the gateway wrote to storage per answered swap, in bytes, and
// whether it was measured.
func (p *phase) diskPerSwap() (float64, bool) {
	if p.written < 0 || len(p.res.Latencies) == 0 {
		return 0, false
	}
	return float64(p.written) / float64(len(p.res.Latencies)), true
}

// writes says what a gateway wrote to storage and how many commits it made for n
// answered swaps: the writer's cost per swap beside its CPU.
func writes(written int64, commits benchkit.StoreCounters, n int) string {
	if n == 0 {
		return "no swap"
	}
	out := "storage writes unknown"
	if written >= 0 {
		out = fmt.Sprintf("%.1f kB written per swap", float64(written)/float64(n)/1000)
	}
	if commits.OK && commits.Commits > 0 {
		out += fmt.Sprintf(", %.1f units per commit", commits.Group())
	}
	return out
}

// openLoop runs the open-loop rounds (-rate-rounds, in turns, ABBA) on every phase at one
// offered rate, -rate or -rate-fraction of the slowest phase's closed-loop throughput, and
// returns that rate (0 when skipped). Where the closed loop measures what the gateway
// sustains, and so a p99 that at saturation is its throughput again (32 clients waiting
// on a slower gateway wait longer), the same offered load on both gateways shows what
// receipts add to a swap's answer.
func openLoop(ctx context.Context, phases []*phase) (float64, error) {
	if *rateRounds == 0 {
		return 0, nil
	}
	offered := *rate
	if offered == 0 {
		slowest := math.Inf(1)
		for _, p := range phases {
			slowest = min(slowest, p.rate())
		}
		offered = math.Round(*rateShare * slowest)
	}
	if offered < 1 {
		return 0, errors.New("the open-loop rounds' rate is under 1 swap per second: no closed-loop swap was answered, or give -rate")
	}
	fmt.Printf("# open loop: %.0f swaps/s offered to each gateway (Poisson arrivals, the same sequence for both), latency from the moment a swap is due\n", offered)
	for r := range *rateRounds {
		for _, p := range benchkit.InTurn(phases, r) {
			load := benchkit.LoadAverage()
			stopProfile := func() error { return nil }
			if p.profile != "" && r == 0 {
				stopProfile = p.gw.Profile(p.profile+".open-loop", *duration)
			}
			res := benchkit.SwapsAtRate(ctx, p.traders, offered, *duration, r)
			if err := stopProfile(); err != nil {
				return 0, err
			}
			p.atRate.Add(res)
			p99 := benchkit.Ms(benchkit.Percentile(res.Latencies, 99))
			p.atRateP99 = append(p.atRateP99, p99)
			fmt.Printf("# open-loop round %d, %s: %d answered 2xx in %v (p50 %.2f ms, p99 %.2f ms), %d non-2xx, %d without an answer; load average %s -> %s\n",
				r+1, p.name, len(res.Latencies), res.Elapsed.Round(time.Millisecond), benchkit.Ms(benchkit.Percentile(res.Latencies, 50)), p99,
				res.Non2xx, res.Failed, load, benchkit.LoadAverage())
			if res.FirstErr != nil {
				fmt.Printf("# first failure: %v\n", res.FirstErr)
			}
		}
	}
	return offered, nil
}

// atRateFigures prints the open-loop rounds' figures: the offered rate, the gateway with
// receipts' p50 and p99 at it, and, with the gateway without, the p99 receipts add at the
// same load (over the rounds, and the median of the rounds' own).
func atRateFigures(offered float64, off, on *phase) {
	fmt.Printf("swap_rate_offered_per_second %.0f\n", offered)
	fmt.Printf("swap_p50_ms_at_rate %.2f\n", benchkit.Ms(benchkit.Percentile(on.atRate.Latencies, 50)))
	fmt.Printf("swap_p99_ms_at_rate %.2f\n", benchkit.Ms(benchkit.Percentile(on.atRate.Latencies, 99)))
	if off == nil || len(off.atRate.Latencies) == 0 {
		return
	}
	offP99 := benchkit.Ms(benchkit.Percentile(off.atRate.Latencies, 99))
	fmt.Printf("swap_p99_ms_at_rate_no_receipts %.2f\n", offP99)
	fmt.Printf("receipts_p99_cost_ms_at_rate %.2f\n", benchkit.Ms(benchkit.Percentile(on.atRate.Latencies, 99))-offP99)
	var costs []float64
	for r := range min(len(off.atRateP99), len(on.atRateP99)) {
		costs = append(costs, on.atRateP99[r]-off.atRateP99[r])
	}
	fmt.Printf("# receipts' p99 at the same offered load, round by round: %s ms\n", joinFigures(costs, "%+.2f"))
	fmt.Printf("receipts_p99_cost_ms_at_rate_median %.2f\n", benchkit.Median(costs))
}

// roundCosts are receipts' cost in each round: the throughput the gateway with receipts
// lost against the one without in percent, and the p99 it added in milliseconds.
func roundCosts(off, on *phase) (throughputPct, p99Ms []float64) {
	for r := range min(len(off.perRound), len(on.perRound)) {
		a, b := off.perRound[r], on.perRound[r]
		if a.rate > 0 {
			throughputPct = append(throughputPct, 100*(a.rate-b.rate)/a.rate)
		}
		p99Ms = append(p99Ms, b.p99-a.p99)
	}
	return throughputPct, p99Ms
}

// joinFigures formats xs with format, comma-separated.
func joinFigures(xs []float64, format string) string {
	parts := make([]string, len(xs))
	for i, x := range xs {
		parts[i] = fmt.Sprintf(format, x)
	}
	return strings.Join(parts, ", ")
}

// receiptKeyYAML writes a receipt keystore into dir and returns the config's receipts
// section naming it.
func receiptKeyYAML(dir string) (string, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return "", err
	}
	path, pass := filepath.Join(dir, "receipt-key.json"), filepath.Join(dir, "receipt-key.pass")
	if _, err := signer.WriteKeystore(path, key, "bench", signer.LightScrypt); err != nil {
		return "", err
	}
	if err := os.WriteFile(pass, []byte("bench\n"), 0o600); err != nil {
		return "", err
	}
	return fmt.Sprintf("receipts:\n  key: %q\n  keyPasswordFile: %q\n", "keystore:"+path, pass), nil
}

// rfqRoundTrips requests and actions n quotes one after another and returns the sorted
// round-trip times.
func rfqRoundTrips(ctx context.Context, tr *benchkit.Trader, n int) ([]time.Duration, error) {
	lats := make([]time.Duration, 0, n)
	for i := range n {
		id := fmt.Sprintf("rfq-%d", i)
		start := time.Now()
		q, err := tr.Client.RequestQuote(ctx, "", api.QuoteRequest{InstructionID: id, SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "1"})
		if err != nil {
			return nil, fmt.Errorf("request quote %s: %w", id, err)
		}
		if err := tr.Client.ActionQuote(ctx, "", q.InstructionID); err != nil {
			return nil, fmt.Errorf("action quote %s: %w", id, err)
		}
		lats = append(lats, time.Since(start))
	}
	slices.Sort(lats)
	return lats, nil
}

// journalMode reads the journal mode of the store in dataDir (a property of the database file).
func journalMode(dataDir string) (string, error) {
	db, err := sql.Open("sqlite", "file:"+filepath.Join(dataDir, "dtwgate.db")+"?mode=ro")
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
