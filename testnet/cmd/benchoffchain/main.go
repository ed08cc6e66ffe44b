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
	"errors"
	"flag"
	"fmt"
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
	cpuProfile = flag.String("cpuprofile", "", "write a CPU profile of the gateway over the swap phase to this file (its --pprof-listen), and of the receipts.off run to this file + .no-receipts")
	keep       = flag.Bool("keep", false, "keep the temporary directory (gateway log, data)")
	storeSync  = flag.String("store-sync", "full", "the gateway's storeSync: full (its default: a commit is fsynced before the answer) or normal (in the WAL)")
	compare    = flag.Bool("compare-receipts", true, "first run the swaps on a gateway writing no receipts (receipts.off), then on one with a receipt key, and print what receipts cost")
)

func main() {
	flag.Parse()
	if *clients < 1 || *duration <= 0 || *rfqs < 1 {
		fail(errors.New("-clients, -duration and -rfqs must be positive"))
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
	var off *benchkit.Result
	if *compare {
		offDir := filepath.Join(dir, "no-receipts")
		if err := os.Mkdir(offDir, 0o700); err != nil {
			return err
		}
		fmt.Println("# first run: receipts.off (no receipts written)")
		profile := ""
		if *cpuProfile != "" {
			profile = *cpuProfile + ".no-receipts"
		}
		gw, _, res, err := swapPhase(ctx, bin, offDir, "receipts:\n  off: true\n", profile)
		if err != nil {
			return err
		}
		gw.Stop()
		off = &res
		fmt.Println("# second run: a receipt key (keystore); every swap writes its receipt in its transaction, the signer job signs it")
	}
	keyYAML, err := receiptKeyYAML(dir)
	if err != nil {
		return err
	}
	gw, traders, sw, err := swapPhase(ctx, bin, dir, keyYAML, *cpuProfile)
	if err != nil {
		return err
	}
	defer gw.Stop()

	// Every answered swap must survive the process: kill it without a chance to flush,
	// restart it on the same store, and find each one.
	if err := gw.Kill(); err != nil {
		return err
	}
	if err := gw.Start(); err != nil {
		return err
	}
	if err := benchkit.CheckSettled(ctx, traders, sw.Answered); err != nil {
		return fmt.Errorf("an answered swap is missing after SIGKILL and restart: %w", err)
	}
	fmt.Printf("# after SIGKILL and restart: all %d answered swaps found\n", len(sw.Latencies))

	rfq, err := rfqRoundTrips(ctx, traders[0], *rfqs)
	if err != nil {
		return err
	}
	journal, err := journalMode(gw.DataDir)
	if err != nil {
		return err
	}

	fmt.Printf("swaps_per_second %.0f\n", float64(len(sw.Latencies))/duration.Seconds())
	fmt.Printf("swap_p50_ms %.2f\n", benchkit.Ms(benchkit.Percentile(sw.Latencies, 50)))
	fmt.Printf("swap_p99_ms %.2f\n", benchkit.Ms(benchkit.Percentile(sw.Latencies, 99)))
	fmt.Printf("rfq_roundtrip_p50_ms %.2f\n", benchkit.Ms(benchkit.Percentile(rfq, 50)))
	fmt.Printf("rfq_roundtrip_p99_ms %.2f\n", benchkit.Ms(benchkit.Percentile(rfq, 99)))
	if off != nil && len(off.Latencies) > 0 {
		offRate := float64(len(off.Latencies)) / duration.Seconds()
		onRate := float64(len(sw.Latencies)) / duration.Seconds()
		offP99, onP99 := benchkit.Ms(benchkit.Percentile(off.Latencies, 99)), benchkit.Ms(benchkit.Percentile(sw.Latencies, 99))
		fmt.Printf("swaps_per_second_no_receipts %.0f\n", offRate)
		fmt.Printf("swap_p99_ms_no_receipts %.2f\n", offP99)
		fmt.Printf("receipts_throughput_cost_pct %.1f\n", 100*(offRate-onRate)/offRate)
		fmt.Printf("receipts_p99_cost_ms %.2f\n", onP99-offP99)
		fmt.Println("# receipts' cost: the runs follow each other on a shared machine, so compare them at a similar load average")
	}
	fmt.Printf("non_2xx %d\n", sw.Non2xx)
	fmt.Printf("no_answer %d\n", sw.Failed)
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

// swapPhase starts a gateway in dir with extra config, funds the traders and runs the
// swaps for the duration, printing what it measured as comments; profile, when set, is
// where the gateway's CPU profile of the swaps goes.
func swapPhase(ctx context.Context, bin, dir, extraYAML, profile string) (*benchkit.Gateway, []*benchkit.Trader, benchkit.Result, error) {
	gw, err := benchkit.NewGateway(bin, dir, benchkit.GatewayOptions{Pprof: profile != "", StoreSync: *storeSync, ExtraYAML: extraYAML})
	if err != nil {
		return nil, nil, benchkit.Result{}, err
	}
	if err := gw.Start(); err != nil {
		gw.Stop()
		return nil, nil, benchkit.Result{}, err
	}
	traders, err := benchkit.Provision(ctx, gw, []string{gw.BaseURL()}, *clients)
	if err != nil {
		gw.Stop()
		return nil, nil, benchkit.Result{}, err
	}
	fmt.Printf("# %d accounts funded, %d clients; %d CPUs shared by the gateway and the clients; load average %s\n",
		len(traders), *clients, runtime.NumCPU(), benchkit.LoadAverage())
	stopProfile := func() error { return nil }
	if profile != "" {
		stopProfile = gw.Profile(profile, *duration)
	}
	gwCPU, selfCPU := gw.CPUTime(), benchkit.SelfCPUTime()
	sw := benchkit.Swaps(ctx, traders, *duration)
	gwCPU, selfCPU = gw.CPUTime()-gwCPU, benchkit.SelfCPUTime()-selfCPU
	if err := stopProfile(); err != nil {
		gw.Stop()
		return nil, nil, benchkit.Result{}, err
	}
	if profile != "" {
		fmt.Printf("# gateway CPU profile: %s (go tool pprof -top %s %s)\n", profile, gw.Bin, profile)
	}
	if n := len(sw.Latencies); n > 0 {
		fmt.Printf("# CPU per answered swap: gateway %.2f ms, clients %.2f ms\n", benchkit.Ms(gwCPU)/float64(n), benchkit.Ms(selfCPU)/float64(n))
	}
	fmt.Printf("# load average after the swaps %s (other work on the machine slows the figures)\n", benchkit.LoadAverage())
	fmt.Printf("# swaps: %d answered 2xx in %v (%.0f/s, p99 %.2f ms), %d non-2xx, %d without an answer\n", len(sw.Latencies), *duration,
		float64(len(sw.Latencies))/duration.Seconds(), benchkit.Ms(benchkit.Percentile(sw.Latencies, 99)), sw.Non2xx, sw.Failed)
	if sw.FirstErr != nil {
		fmt.Printf("# first failure: %v\n", sw.FirstErr)
	}
	return gw, traders, sw, nil
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
