package main

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-scale` at a tiny size (2 clients, 1 s phases, SQLite and
// two replicas on a durable PostgreSQL over its unix-domain socket, as the benchmark runs
// it, twice) to its figure lines: each run's, and their medians.
func TestSmoke(t *testing.T) {
	var figures []string
	for _, setup := range []string{`store="sqlite",replicas="1"`, `store="postgres",replicas="2"`} {
		for _, name := range []string{"swaps_per_second", "swap_p50_ms", "swap_p99_ms", "order_status_rps", "order_status_p50_ms", "order_status_p99_ms"} {
			figures = append(figures, name+`\{`+setup+`\} [0-9.]+`)
		}
		perSwap := []string{"swap_gateway_cpu_ms"}
		if strings.Contains(setup, "postgres") {
			perSwap = append(perSwap, "swap_postgres_cpu_ms", "swap_commits", "swap_rollbacks", "swap_wal_bytes")
		}
		for _, name := range perSwap {
			figures = append(figures, name+`\{`+setup+`\} [0-9.]+`)
		}
		for _, phase := range []string{"swaps", "order_status"} {
			figures = append(figures, `non_2xx\{`+setup+`,phase="`+phase+`"\} [0-9]+`, `no_answer\{`+setup+`,phase="`+phase+`"\} [0-9]+`)
		}
	}
	figures = append(figures, `# the gateways connect to PostgreSQL over its unix-domain socket.*`, `# this machine's pace .*`, `ratio pg2_vs_sqlite [0-9.]+`, `# run 2 of 2:`, `#   ratio pg2_vs_sqlite [0-9.]+`)
	smoke.Run(t, 4*time.Minute, []string{"-swap-duration", "1s", "-get-duration", "1s", "-clients", "2",
		"-setups", "sqlite:1,postgres:2", "-runs", "2"}, figures...)
}

// TestMedians: with several runs, each figure line is the median of the runs' values (a
// failure count their sum), in the first run's format, and the lines keep their names
// and labels.
func TestMedians(t *testing.T) {
	runs := []figures{
		{"swaps_per_second{store=\"sqlite\",replicas=\"1\"} 1000\n", "non_2xx{store=\"sqlite\",replicas=\"1\",phase=\"swaps\"} 0\n", "ratio pg3_vs_pg1 0.90\n"},
		{"swaps_per_second{store=\"sqlite\",replicas=\"1\"} 1200\n", "non_2xx{store=\"sqlite\",replicas=\"1\",phase=\"swaps\"} 3\n", "ratio pg3_vs_pg1 1.10\n"},
		{"swaps_per_second{store=\"sqlite\",replicas=\"1\"} 1100\n", "non_2xx{store=\"sqlite\",replicas=\"1\",phase=\"swaps\"} 0\n", "ratio pg3_vs_pg1 0.95\n"},
	}
	require.Equal(t, figures{"swaps_per_second{store=\"sqlite\",replicas=\"1\"} 1100\n", "non_2xx{store=\"sqlite\",replicas=\"1\",phase=\"swaps\"} 3\n",
		"ratio pg3_vs_pg1 0.95\n"}, medians(runs))
	require.Equal(t, "ratio pg3_vs_pg1 1.00\n", medians(runs[:2])[2])
	require.Equal(t, runs[0], medians(runs[:1]))
}

// TestSortFigures: a run in reverse order adds its setups' lines in reverse; sort puts
// them back in the setups' order, each setup's lines as added.
func TestSortFigures(t *testing.T) {
	setups := []setup{{store: "sqlite", replicas: 1}, {store: "postgres", replicas: 3}}
	f := figures{"a{" + setups[1].labels() + "} 1\n", "b{" + setups[1].labels() + "} 2\n", "a{" + setups[0].labels() + "} 3\n"}
	f.sort(setups)
	require.Equal(t, figures{"a{" + setups[0].labels() + "} 3\n", "a{" + setups[1].labels() + "} 1\n", "b{" + setups[1].labels() + "} 2\n"}, f)
}
