package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-push` at a tiny size: both figures to their lines, the
// websocket's at two numbers of sockets.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-ws-clients", "20,30", "-ws-changes", "5", "-wh-subs", "3", "-wh-events", "30", "-wh-rate", "100"},
		`ws_fanout_p50_ms [0-9.]+ sockets 20`, `ws_fanout_p99_ms [0-9.]+ sockets 20`, `ws_fanout_max_ms [0-9.]+ sockets 20`,
		`ws_fanout_cpu_us_per_delivery [0-9.]+ sockets 20`, `ws_fanout_p99_ms [0-9.]+ sockets 30`,
		`webhook_delivery_p50_ms [0-9.]+`, `webhook_delivery_p99_ms [0-9.]+`, `webhook_delivery_max_ms [0-9.]+`)
}
