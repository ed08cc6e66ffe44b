package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-reserves` at a tiny size (1,000 accounts x 2 assets, 100
// proofs) to its figure lines.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 2*time.Minute, []string{"-accounts", "1000", "-assets", "2", "-proofs", "100"},
		`reserves_accounts 1000`, `reserves_assets 2`, `reserves_build_s [0-9.]+`, `reserves_build_cpu_s [0-9.]+`,
		`reserves_peak_rss_mib [0-9]+`, `reserves_proof_p50_ms [0-9.]+`, `reserves_proof_p99_ms [0-9.]+`)
}
