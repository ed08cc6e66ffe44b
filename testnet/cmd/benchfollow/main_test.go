package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-follow` at a tiny size (about 1,000 events over 100 blocks)
// to its figure lines.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-events", "1000", "-blocks", "100", "-traders", "3"},
		`follow_events [0-9]+`, `follow_blocks [0-9]+`, `follow_seconds [0-9.]+`, `follow_events_per_second [0-9]+`,
		`follow_peak_heap_mib [0-9]+`, `follow_peak_rss_mib -?[0-9]+`)
}
