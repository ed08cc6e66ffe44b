// Command benchscale measures how the gateway scales out on this machine (`make
// bench-scale`): for each setup (by default one replica on SQLite, one on PostgreSQL,
// three on PostgreSQL), real `dtwgate serve` processes (the built binary, OFFCHAIN venue
// only) on a fresh store, 32 traders with an API key and a funded account each (clients
// spread round-robin over the replicas), market swaps over real HTTP for a fixed duration
// (POST /v2/orders, each committed durably before its answer), then lookups of the
// answered swaps by instructionId (GET /v2/order/OFFCHAIN/{instructionId}, through
// another replica than the one that took the swap when there are several). PostgreSQL is
// a throwaway server from Debian's package (internal/store/pgtest), durable like SQLite's
// synchronous=FULL unless -pg-durable=false, that the gateways reach over its unix-domain
// socket unless -pg-transport tcp. It prints `#` lines as it goes (the load
// average before and after each phase, where the CPU went, PostgreSQL's commits, rollbacks
// and WAL fsyncs), then one line per figure and setup,
//
//	swaps_per_second{store="sqlite",replicas="1"} 1234
//
// (swaps_per_second, swap_p50_ms, swap_p99_ms, swap_gateway_cpu_ms and, on PostgreSQL,
// swap_postgres_cpu_ms, swap_commits, swap_rollbacks and swap_wal_bytes per answered
// swap, swap_round_trips (the gateways' round trips to PostgreSQL per swap, from their
// dtwgate_store_round_trips_total) and swap_group_units (units of work per group-commit
// transaction), idle_pg_transactions_per_second, idle_round_trips_per_second and, with
// -pg-statements, idle_pg_statements_per_second (the replicas idle for 3 s before the
// swaps: what leases and pollers cost), order_status_rps, order_status_p50_ms, order_status_p99_ms, and non_2xx and
// no_answer with a phase label), then the ratios of the swap rates, `ratio pgN_vs_sqlite
// X` and `ratio pgN_vs_pg1 X`. The rates count 2xx answers over the phase's wall time,
// until the last request in flight was answered. The setups run -runs times (the order
// reversed every other run, so that the machine's drift weighs on each), each run's
// figures printed as `#` lines, and the figure lines are the runs' medians. A setup of
// several replicas runs each at GOMAXPROCS its share of the machine's cores
// (-replica-procs), as an operator runs replicas sharing a host.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

var (
	swapDuration = flag.Duration("swap-duration", 10*time.Second, "how long the clients swap, per setup")
	getDuration  = flag.Duration("get-duration", 5*time.Second, "how long the clients look up order statuses, per setup")
	clients      = flag.Int("clients", 32, "concurrent clients, each on its own account and API key")
	setupsFlag   = flag.String("setups", "sqlite:1,postgres:1,postgres:3", "the setups, STORE:REPLICAS, comma-separated (STORE sqlite or postgres; SQLite takes 1 replica)")
	pgDurable    = flag.Bool("pg-durable", true, "run PostgreSQL with fsync, synchronous_commit and full_page_writes on (false: pgtest's test settings, all off)")
	keep         = flag.Bool("keep", false, "keep the temporary directory (gateway logs, SQLite data)")
	pgTransport  = flag.String("pg-transport", "unix", "how the gateways connect to PostgreSQL: unix (its unix-domain socket, as gateways on the database's host do) or tcp (127.0.0.1, as gateways on other hosts do, over the network)")
	pgStatements = flag.Int("pg-statements", 0, "with N > 0, print the N statements PostgreSQL ran most per swap (pg_stat_statements) and the errors its log gained")
	cpuProfiles  = flag.String("cpuprofile", "", "directory for a CPU profile of the first gateway over the swap phase, per setup (STORE-REPLICAS.pprof)")
	runs         = flag.Int("runs", 3, "runs of all the setups, each on fresh stores, the setups' order reversed every other run (ABBA); with more than one, "+
		"each run's figures are printed as `#` lines and the figure lines are the medians over the runs")
	replicaProcs = flag.Int("replica-procs", -1, "GOMAXPROCS of each replica of a setup of several: -1 gives each its share of this machine's cores "+
		"(cores / replicas, at least 1), as docs/operating.md tells an operator running replicas on one host; 0 leaves Go's default (every core, each)")
)

// procsFor is the GOMAXPROCS each of s's replicas runs with (-replica-procs), 0 for Go's
// default: a lone replica has the machine.
func procsFor(s setup) int {
	switch {
	case s.replicas == 1 || *replicaProcs == 0:
		return 0
	case *replicaProcs > 0:
		return *replicaProcs
	default:
		return max(1, runtime.NumCPU()/s.replicas)
	}
}

// setup is one store with a number of gateway replicas on it.
type setup struct {
	store    string // "sqlite" or "postgres"
	replicas int
}

// labels is the setup's label set in the figures' lines.
func (s setup) labels() string { return fmt.Sprintf(`store=%q,replicas="%d"`, s.store, s.replicas) }

func parseSetups(v string) ([]setup, error) {
	var out []setup
	for _, f := range strings.Split(v, ",") {
		st, n, ok := strings.Cut(strings.TrimSpace(f), ":")
		r, err := strconv.Atoi(n)
		if !ok || err != nil || r < 1 || (st != "sqlite" && st != "postgres") || (st == "sqlite" && r != 1) {
			return nil, fmt.Errorf("-setups: %q is not sqlite:1 or postgres:N", f)
		}
		out = append(out, setup{store: st, replicas: r})
	}
	return out, nil
}

func main() {
	flag.Parse()
	setups, err := parseSetups(*setupsFlag)
	if err != nil {
		fail(err)
	}
	if *clients < 1 || *swapDuration <= 0 || *getDuration <= 0 {
		fail(errors.New("-clients, -swap-duration and -get-duration must be positive"))
	}
	if *pgTransport != "unix" && *pgTransport != "tcp" {
		fail(fmt.Errorf("-pg-transport %.20q: want unix or tcp", *pgTransport))
	}
	if *runs < 1 || *runs > 20 {
		fail(errors.New("-runs must be 1 to 20"))
	}
	if *replicaProcs < -1 || *replicaProcs > 1024 {
		fail(errors.New("-replica-procs must be -1 (each replica's share of the cores), 0 (Go's default) or 1 to 1024"))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := run(ctx, setups); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintf(os.Stderr, "benchscale: %v\n", err)
	os.Exit(1)
}

func run(ctx context.Context, setups []setup) error {
	dir, cleanup, err := benchkit.TempDir("benchscale-", *keep)
	if err != nil {
		return err
	}
	defer cleanup()
	bin, err := benchkit.Build(ctx, dir)
	if err != nil {
		return err
	}
	fmt.Printf("# %d CPUs shared by the gateways, PostgreSQL and the %d clients (this process), and whatever else runs on the machine: "+
		"the figures are noisy, read them with the load averages\n", runtime.NumCPU(), *clients)
	pace, err := benchkit.MeasurePace()
	if err != nil {
		return err
	}
	fmt.Println(pace)
	fmt.Println("# SQLite: WAL, synchronous=FULL (storeSync full, the gateway's default: a swap is answered after its " +
		"commit was fsynced; concurrent swaps share a commit), as durable as PostgreSQL's setting below")

	var pg *postgres
	for _, s := range setups {
		if s.store == "postgres" && pg == nil {
			if pg, err = startPostgres(ctx); err != nil {
				return err
			}
			defer pg.stop()
		}
	}
	var all []figures
	for r := range *runs {
		var f figures
		rates := map[setup]float64{}
		for i, s := range benchkit.InTurn(setups, r) {
			if err := bench(ctx, filepath.Join(dir, fmt.Sprintf("run-%d-setup-%d", r, i)), bin, s, pg, &f, rates); err != nil {
				return fmt.Errorf("%s: %w", s.labels(), err)
			}
			if s.store == "postgres" { // the next setup, SQLite's too, runs beside no autovacuum of this one's tables
				if err := pg.drop(ctx); err != nil {
					return err
				}
			}
		}
		f.sort(setups)
		f.ratios(setups, rates)
		if *runs > 1 {
			fmt.Printf("# run %d of %d:\n", r+1, *runs)
			for _, line := range f {
				fmt.Print("#   " + line)
			}
		}
		all = append(all, f)
	}
	fmt.Print(strings.Join(medians(all), ""))
	return nil
}

// sort puts f's figure lines in the order of setups (a run in reverse order adds them
// in reverse), each setup's lines in the order they were added.
func (f figures) sort(setups []setup) {
	rank := func(line string) int {
		for i, s := range setups {
			if strings.Contains(line, "{"+s.labels()) {
				return i
			}
		}
		return len(setups)
	}
	slices.SortStableFunc(f, func(a, b string) int { return rank(a) - rank(b) })
}

// medians are the figure lines of runs (each the same lines in the same order) with each
// number the median of the runs' (the mean of the middle two for an even count), but the
// failures' counts (non_2xx, no_answer) summed, in the first run's format; one run's
// lines are returned as they are.
func medians(runs []figures) figures {
	if len(runs) == 1 {
		return runs[0]
	}
	out := make(figures, 0, len(runs[0]))
	for i, line := range runs[0] {
		value := lastField(line)
		key := strings.TrimSuffix(strings.TrimSpace(line), value) // the name, labels and the space before the value
		var xs []float64
		for _, f := range runs {
			if i < len(f) {
				if x, err := strconv.ParseFloat(lastField(f[i]), 64); err == nil {
					xs = append(xs, x)
				}
			}
		}
		if len(xs) > 0 {
			decimals := 0
			if dot := strings.Index(value, "."); dot >= 0 {
				decimals = len(value) - dot - 1
			}
			agg := benchkit.Median(xs)
			if strings.HasPrefix(key, "non_2xx") || strings.HasPrefix(key, "no_answer") { // a failure in any run shows
				agg = 0
				for _, x := range xs {
					agg += x
				}
			}
			value = strconv.FormatFloat(agg, 'f', decimals, 64)
		}
		out = append(out, key+value+"\n")
	}
	return out
}

// lastField is line's last space-separated field.
func lastField(line string) string {
	fs := strings.Fields(line)
	if len(fs) == 0 {
		return ""
	}
	return fs[len(fs)-1]
}

// ratios adds, for each PostgreSQL setup of N replicas, its swaps per second over
// SQLite's (`ratio pgN_vs_sqlite X`) and over one PostgreSQL replica's (`ratio
// pgN_vs_pg1 X`, N > 1), when those setups ran.
func (f *figures) ratios(setups []setup, rates map[setup]float64) {
	sqlite, pg1 := rates[setup{store: "sqlite", replicas: 1}], rates[setup{store: "postgres", replicas: 1}]
	for _, s := range setups {
		if s.store != "postgres" {
			continue
		}
		if sqlite > 0 {
			f.add("ratio pg%d_vs_sqlite %.2f", s.replicas, rates[s]/sqlite)
		}
		if s.replicas > 1 && pg1 > 0 {
			f.add("ratio pg%d_vs_pg1 %.2f", s.replicas, rates[s]/pg1)
		}
	}
}

// figures are the figure lines of the setups run so far, printed together at the end.
type figures []string

func (f *figures) add(format string, args ...any) { *f = append(*f, fmt.Sprintf(format+"\n", args...)) }

// bench runs one setup on a fresh store, prints its `#` lines and adds its figures to f.
func bench(ctx context.Context, dir, bin string, s setup, pg *postgres, f *figures, rates map[setup]float64) error {
	var storeURL string
	if s.store == "postgres" {
		var err error
		if storeURL, err = pg.fresh(ctx); err != nil {
			return err
		}
	}
	gws := make([]*benchkit.Gateway, s.replicas)
	bases := make([]string, s.replicas)
	for r := range gws {
		rdir := filepath.Join(dir, fmt.Sprintf("replica-%d", r))
		if err := os.MkdirAll(rdir, 0o700); err != nil {
			return err
		}
		// Replicas share nothing but the store (its keys included); SQLite runs durable
		// like PostgreSQL (storeSync full, the default, said outright), so the stores
		// compare fairly.
		gw, err := benchkit.NewGateway(bin, rdir, benchkit.GatewayOptions{Store: storeURL, StoreSync: "full", Pprof: *cpuProfiles != "" && r == 0,
			Procs: procsFor(s)})
		if err != nil {
			return err
		}
		defer gw.Stop()
		if err := gw.Start(); err != nil {
			return err
		}
		gws[r], bases[r] = gw, gw.BaseURL()
	}
	traders, err := benchkit.Provision(ctx, gws[0], bases, *clients)
	if err != nil {
		return err
	}
	procs := "Go's default (every core)"
	if n := procsFor(s); n > 0 {
		procs = fmt.Sprintf("%d (its share of the %d cores)", n, runtime.NumCPU())
	}
	fmt.Printf("# %s: %d gateway process(es) up, GOMAXPROCS %s each, %d accounts funded\n", s.labels(), len(gws), procs, len(traders))

	if storeURL != "" {
		printIdle(ctx, s, gws, storeURL, f)
	}

	// Swaps.
	var stmts *statementsReport
	if storeURL != "" {
		stmts = startStatements(ctx, storeURL, pg.srv.LogFile())
	}
	var profiled func() error
	if *cpuProfiles != "" {
		if err := os.MkdirAll(*cpuProfiles, 0o755); err != nil {
			return err
		}
		profiled = gws[0].Profile(filepath.Join(*cpuProfiles, fmt.Sprintf("%s-%d.pprof", s.store, s.replicas)), *swapDuration)
	}
	snap := takeSnapshot(ctx, gws, pg, storeURL)
	sw := benchkit.Swaps(ctx, traders, *swapDuration)
	swapUse := takeSnapshot(ctx, gws, pg, storeURL).since(snap)
	swapUse.print(s, "swaps", snap.load, len(sw.Latencies), sw.Elapsed)
	stmts.print(ctx, s.labels()+" swaps", len(sw.Latencies))
	if profiled != nil {
		if err := profiled(); err != nil {
			return err
		}
	}
	if sw.FirstErr != nil {
		fmt.Printf("# %s swaps: first failure: %v\n", s.labels(), sw.FirstErr)
	}

	// Order statuses, through another replica than the one that took the swaps.
	getClients := make([]*client.Client, len(traders))
	ids := make([][]string, len(traders))
	for i, tr := range traders {
		ids[i] = sw.Answered[tr.ID]
		getClients[i] = tr.Client
		if s.replicas > 1 {
			if getClients[i], err = benchkit.NewClient(bases[(i+1)%s.replicas], tr.Key); err != nil {
				return err
			}
		}
	}
	if err := warmUp(ctx, getClients, ids); err != nil {
		return err
	}
	snap = takeSnapshot(ctx, gws, pg, storeURL)
	gets := benchkit.OrderStatuses(ctx, getClients, ids, *getDuration)
	used := takeSnapshot(ctx, gws, pg, storeURL).since(snap)
	used.print(s, "order statuses", snap.load, len(gets.Latencies), gets.Elapsed)
	if gets.FirstErr != nil {
		fmt.Printf("# %s order statuses: first failure: %v\n", s.labels(), gets.FirstErr)
	}

	l := s.labels()
	rates[s] = float64(len(sw.Latencies)) / sw.Elapsed.Seconds()
	f.add("swaps_per_second{%s} %.0f", l, rates[s])
	f.add("swap_p50_ms{%s} %.2f", l, benchkit.Ms(benchkit.Percentile(sw.Latencies, 50)))
	f.add("swap_p99_ms{%s} %.2f", l, benchkit.Ms(benchkit.Percentile(sw.Latencies, 99)))
	f.add("order_status_rps{%s} %.0f", l, float64(len(gets.Latencies))/gets.Elapsed.Seconds())
	f.add("order_status_p50_ms{%s} %.2f", l, benchkit.Ms(benchkit.Percentile(gets.Latencies, 50)))
	f.add("order_status_p99_ms{%s} %.2f", l, benchkit.Ms(benchkit.Percentile(gets.Latencies, 99)))
	if n := float64(len(sw.Latencies)); n > 0 {
		f.add("swap_gateway_cpu_ms{%s} %.3f", l, benchkit.Ms(swapUse.gateways)/n)
		if s.store == "postgres" {
			f.add("swap_postgres_cpu_ms{%s} %.3f", l, benchkit.Ms(swapUse.postgres)/n)
			if swapUse.pg.ok {
				f.add("swap_commits{%s} %.2f", l, float64(swapUse.pg.commits)/n)
				f.add("swap_rollbacks{%s} %.3f", l, float64(swapUse.pg.rollbacks)/n)
				f.add("swap_wal_bytes{%s} %.0f", l, float64(swapUse.pg.walBytes)/n)
			}
			if swapUse.store.OK {
				f.add("swap_round_trips{%s} %.2f", l, float64(swapUse.store.RoundTrips)/n)
				if swapUse.store.Commits > 0 {
					f.add("swap_group_units{%s} %.2f", l, swapUse.store.Group())
				}
			}
		}
	}
	f.add("non_2xx{%s,phase=\"swaps\"} %d", l, sw.Non2xx)
	f.add("no_answer{%s,phase=\"swaps\"} %d", l, sw.Failed)
	f.add("non_2xx{%s,phase=\"order_status\"} %d", l, gets.Non2xx)
	f.add("no_answer{%s,phase=\"order_status\"} %d", l, gets.Failed)
	return nil
}

// warmUp has each client with ids look one up, so that the timed loop starts logged in.
func warmUp(ctx context.Context, clients []*client.Client, ids [][]string) error {
	errs := make(chan error, len(clients))
	for i, c := range clients {
		go func() {
			if len(ids[i]) == 0 {
				errs <- nil
				return
			}
			_, err := c.OrderByInstructionKind(ctx, "", api.SourceOffchain, api.OrderKindSwap, ids[i][0])
			errs <- err
		}()
	}
	var all []error
	for range clients {
		all = append(all, <-errs)
	}
	if err := errors.Join(all...); err != nil {
		return fmt.Errorf("warm up the order-status clients: %w", err)
	}
	return nil
}

// snapshot is what the machine, the processes and PostgreSQL had used at one moment.
type snapshot struct {
	load                    string
	gateways, postgres, own time.Duration
	pg                      pgStats
	store                   benchkit.StoreCounters
}

// takeSnapshot reads the load average, the CPU time of the gateways, of the PostgreSQL
// server and of this process, and the database's counters (for a PostgreSQL setup).
func takeSnapshot(ctx context.Context, gws []*benchkit.Gateway, pg *postgres, storeURL string) snapshot {
	s := snapshot{load: benchkit.LoadAverages(), own: benchkit.SelfCPUTime(), store: benchkit.ReadStoreCounters(ctx, gws)}
	for _, g := range gws {
		s.gateways += g.CPUTime()
	}
	if storeURL != "" {
		s.postgres = benchkit.TreeCPUTime(pg.pid)
		s.pg = readPGStats(ctx, storeURL)
	}
	return s
}

// since is what was used from s0 to s (s's load average stays).
func (s snapshot) since(s0 snapshot) snapshot {
	return snapshot{load: s.load, gateways: s.gateways - s0.gateways, postgres: s.postgres - s0.postgres, own: s.own - s0.own,
		pg: s.pg.minus(s0.pg), store: s.store.Minus(s0.store)}
}

// print writes the `#` lines of a phase: the load averages before and after, the CPU per
// answered request, and PostgreSQL's commits and WAL fsyncs per request.
func (s snapshot) print(st setup, phase, loadBefore string, n int, elapsed time.Duration) {
	fmt.Printf("# %s %s: load average (1, 5, 15 min) before %s, after %s\n", st.labels(), phase, loadBefore, s.load)
	if n == 0 {
		return
	}
	per := func(d time.Duration) float64 { return benchkit.Ms(d) / float64(n) }
	line := fmt.Sprintf("# %s %s: %d answered 2xx in %v; CPU per answer: gateways %.2f ms", st.labels(), phase, n, elapsed.Round(time.Millisecond), per(s.gateways))
	if st.store == "postgres" {
		line += fmt.Sprintf(", postgres %.2f ms", per(s.postgres))
	}
	fmt.Printf("%s, clients %.2f ms\n", line, per(s.own))
	if st.store == "postgres" && s.pg.ok {
		fmt.Printf("# %s %s: postgres per answer: %.2f commits, %.3f rollbacks (serialization retries and the like), %.2f WAL fsyncs, %.0f WAL bytes\n",
			st.labels(), phase, float64(s.pg.commits)/float64(n), float64(s.pg.rollbacks)/float64(n),
			float64(s.pg.walSyncs)/float64(n), float64(s.pg.walBytes)/float64(n))
	}
	if st.store == "postgres" && s.store.OK && s.store.Commits > 0 {
		fmt.Printf("# %s %s: the gateways' store per answer: %.2f round trips to PostgreSQL, %.3f group-commit transactions (%.1f units of work each)\n",
			st.labels(), phase, float64(s.store.RoundTrips)/float64(n), float64(s.store.Commits)/float64(n), s.store.Group())
	}
}
