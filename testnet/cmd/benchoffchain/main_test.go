package main

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet/benchkit"
	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmokeClosedLoopOnly runs `make bench-offchain` without its open-loop rounds
// (-rate-rounds 0, one gateway, 1 round) through the SIGKILL and restart to its figures.
func TestSmokeClosedLoopOnly(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-duration", "1s", "-clients", "2", "-rfqs", "1", "-rounds", "1", "-rate-rounds", "0",
		"-compare-receipts=false"}, `# this machine's pace .*`, `# after SIGKILL and restart: all [0-9]+ answered swaps found`, `swaps_per_second [0-9]+`, `no_answer 0`)
}

// TestRoundCosts: receipts' cost is computed round by round, each round's gateway with
// receipts against its own round without, and the medians are those of the rounds.
func TestRoundCosts(t *testing.T) {
	off := &phase{perRound: []roundFigures{{rate: 100, p99: 10}, {rate: 200, p99: 10}, {rate: 100, p99: 50}}}
	on := &phase{perRound: []roundFigures{{rate: 90, p99: 12}, {rate: 100, p99: 11}, {rate: 95, p99: 40}}}
	costs, p99s := roundCosts(off, on)
	require.Equal(t, []float64{10, 50, 5}, costs)
	require.Equal(t, []float64{2, 1, -10}, p99s)
	require.Equal(t, 10.0, benchkit.Median(costs))
	require.Equal(t, 1.0, benchkit.Median(p99s))
	require.Equal(t, 7.5, benchkit.Median([]float64{10, 5}))
	require.Zero(t, benchkit.Median(nil))
}

// TestSmoke runs `make bench-offchain` at a tiny size (2 clients swapping for 1 s, two
// rounds on the gateway without receipts and on the one with them in turns, then two
// open-loop rounds at 20 swaps/s each, the SIGKILL and restart, 3 RFQs) to its figure
// lines.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-duration", "1s", "-clients", "2", "-rfqs", "3", "-rate", "20"},
		`swaps_per_second [0-9]+`, `swap_p50_ms [0-9.]+`, `swap_p99_ms [0-9.]+`, `swaps_per_second_no_receipts [0-9]+`,
		`swap_p99_ms_no_receipts [0-9.]+`, `receipts_throughput_cost_pct -?[0-9.]+`, `receipts_p99_cost_ms -?[0-9.]+`, `receipts_gateway_cpu_ms_per_swap -?[0-9.]+`, `receipts_disk_bytes_per_swap -?[0-9]+`,
		`receipts_throughput_cost_pct_median -?[0-9.]+`, `receipts_p99_cost_ms_median -?[0-9.]+`, `swap_rate_offered_per_second 20`, `swap_p50_ms_at_rate [0-9.]+`, `swap_p99_ms_at_rate [0-9.]+`,
		`swap_p99_ms_at_rate_no_receipts [0-9.]+`, `receipts_p99_cost_ms_at_rate -?[0-9.]+`, `receipts_p99_cost_ms_at_rate_median -?[0-9.]+`,
		`rfq_roundtrip_p50_ms [0-9.]+`,
		`rfq_roundtrip_p99_ms [0-9.]+`, `non_2xx [0-9]+`, `no_answer [0-9]+`, `store_durability journal_mode=wal synchronous=FULL`)
}
