package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-api` at a tiny size (one round of 1 s per target, 2
// connections) to its figure lines, the logins' mean commit group among them. It needs wrk, which `make tools` installs.
func TestSmoke(t *testing.T) {
	var figures []string
	for _, name := range []string{"order_status", "jwt_check", "price", "siwe_nonce", "siwe_verify", "siwe_login"} {
		figures = append(figures, `ratio `+name+` [0-9.]+`, name+` req_per_s [0-9]+ p50_ms [0-9.]+ p99_ms [0-9.]+ non_2xx [0-9]+`)
	}
	for _, name := range []string{"siwe_verify", "siwe_login"} {
		figures = append(figures, name+` commit_group_mean [0-9.]+ commits_per_s [0-9]+`)
	}
	figures = append(figures, `gateway_log_bytes [0-9]+`, `gateway_wal_bytes [0-9]+`, `gateway_rss_bytes [0-9]+`)
	smoke.Run(t, 3*time.Minute, []string{"-rounds", "1", "-duration", "1s", "-connections", "2"}, figures...)
}
