package main

import (
	"strings"
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-scale` at a tiny size (2 clients, 1 s phases, SQLite and
// two replicas on a durable PostgreSQL, as the benchmark runs it) to its figure lines.
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
	figures = append(figures, `ratio pg2_vs_sqlite [0-9.]+`)
	smoke.Run(t, 3*time.Minute, []string{"-swap-duration", "1s", "-get-duration", "1s", "-clients", "2",
		"-setups", "sqlite:1,postgres:2"}, figures...)
}
