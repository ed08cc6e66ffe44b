package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-settle` at a tiny size (2 traders, 2 orders each, 1 s
// blocks) to its figure lines.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-traders", "2", "-orders", "2"},
		`blocks_to_settle_median [0-9]+`, `blocks_to_settle_max [0-9]+`, `orders_settled 4`, `orders_per_minute [0-9]+`)
}
