// Command benchreserves measures the proof of reserves at exchange scale (`make
// bench-reserves`): the liabilities of synthetic accounts (default 1,000,000 accounts x 4
// assets, every balance positive) built into one Merkle sum tree per asset
// (api/reserves), the statement signed, then inclusion proofs served (built and
// JSON-encoded) for random accounts. The figures print as `name value` lines; `#` lines
// describe the run and say whether the targets (build under 60 s, peak memory
// under 1 GiB, proofs under 5 ms) were met.
//
// The balances are generated in memory, not read from a store: the figure is the trees'
// cost, which is what the gateway adds to reading a snapshot of its balances.
package main

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	mrand "math/rand/v2"
	"os"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/holiman/uint256"

	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

var (
	accounts = flag.Int("accounts", 1_000_000, "synthetic accounts")
	assets   = flag.Int("assets", 4, "assets per account (one tree each)")
	proofs   = flag.Int("proofs", 10_000, "inclusion proofs served after the build")
)

// Targets of the issue.
const (
	targetBuild   = 60 * time.Second
	targetRSSMiB  = 1024
	targetProofMs = 5
)

func main() {
	flag.Parse()
	if err := run(); err != nil {
		fmt.Fprintf(os.Stderr, "benchreserves: %v\n", err)
		os.Exit(1)
	}
}

func run() error {
	if *accounts < 1 || *assets < 1 || *proofs < 1 {
		return fmt.Errorf("-accounts, -assets and -proofs must be positive")
	}
	fmt.Printf("# %d accounts x %d assets, %d CPUs shared with other work, load average %s\n",
		*accounts, *assets, runtime.NumCPU(), benchkit.LoadAverage())
	ids := make([]string, *accounts)
	for i := range ids {
		ids[i] = fmt.Sprintf("acc-%08d", i)
	}
	var secret [32]byte
	if _, err := rand.Read(secret[:]); err != nil {
		return err
	}
	start, cpu0 := time.Now(), benchkit.SelfCPUTime()
	trees := make([]*reserves.Tree, *assets)
	st := reserves.Statement{Position: 1, TimestampMillis: uint64(time.Now().UnixMilli()), Roots: make([]reserves.Root, *assets)}
	// as reserves.BuildSnapshot does: the trees side by side, one per CPU
	errs := make([]error, *assets)
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	var wg sync.WaitGroup
	for a := range trees {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			rng := mrand.New(mrand.NewPCG(1, uint64(a)))
			leaves := make([]reserves.Leaf, len(ids))
			for i, id := range ids {
				// up to 2^80 base units (1.2 million tokens of 18 decimals)
				leaves[i] = reserves.Leaf{Account: id, Balance: uint256.Int{rng.Uint64(), rng.Uint64() & 0xffff}}
			}
			trees[a], errs[a] = reserves.Build(fmt.Sprintf("asset%d", a), secret, leaves)
			if errs[a] == nil {
				st.Roots[a] = reserves.RootOf(trees[a], 18, new(uint256.Int))
			}
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return err
	}
	key, err := crypto.GenerateKey()
	if err != nil {
		return err
	}
	if _, err := reserves.SignStatement(context.Background(), signer.NewPrivateKeySigner(key), st); err != nil {
		return err
	}
	build, cpu := time.Since(start), benchkit.SelfCPUTime()-cpu0
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	peak := benchkit.PeakRSSMiB()

	lat := make([]time.Duration, *proofs)
	var size int
	for i := range lat {
		var b [8]byte
		_, _ = rand.Read(b[:])
		t := trees[i%len(trees)]
		id := ids[binary.LittleEndian.Uint64(b[:])%uint64(len(ids))]
		t0 := time.Now()
		p, err := t.Proof(id)
		if err != nil {
			return err
		}
		blob, err := json.Marshal(p)
		if err != nil {
			return err
		}
		lat[i] = time.Since(t0)
		size = len(blob)
		if i < len(trees) { // every tree's proofs verify against its signed root
			root, _ := st.Root(t.Asset())
			if _, err := p.Verify(root); err != nil {
				return err
			}
		}
	}
	slices.Sort(lat)
	fmt.Printf("# live heap after the build %d MiB (the trees); a proof is %d bytes of JSON\n", ms.HeapAlloc>>20, size)
	fmt.Printf("# load average after the run %s (other work on the machine slows the figures)\n", benchkit.LoadAverage())
	fmt.Printf("reserves_accounts %d\n", *accounts)
	fmt.Printf("reserves_assets %d\n", *assets)
	fmt.Printf("reserves_build_s %.2f\n", build.Seconds())
	fmt.Printf("reserves_build_cpu_s %.2f\n", cpu.Seconds())
	fmt.Printf("reserves_peak_rss_mib %d\n", peak)
	fmt.Printf("reserves_proof_p50_ms %.3f\n", benchkit.Ms(benchkit.Percentile(lat, 50)))
	fmt.Printf("reserves_proof_p99_ms %.3f\n", benchkit.Ms(benchkit.Percentile(lat, 99)))
	met := build < targetBuild && peak < targetRSSMiB && benchkit.Ms(benchkit.Percentile(lat, 99)) < targetProofMs
	fmt.Printf("# targets (build < %s, peak RSS < %d MiB, proof p99 < %d ms) met: %v\n", targetBuild, targetRSSMiB, targetProofMs, met)
	runtime.KeepAlive(trees)
	return nil
}
