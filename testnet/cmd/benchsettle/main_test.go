package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-settle` at a tiny size (2 traders, 4 market orders over 2 s
// beside 10 resting limit orders, 1 s blocks) to its figure lines.
func TestSmoke(t *testing.T) {
	smoke.Run(t, 3*time.Minute, []string{"-targets=false", "-traders", "2", "-rate", "2", "-duration", "2s", "-resting", "10"},
		`resting_orders 10`, `orders_settled 4`, `orders_per_minute [0-9]+`, `blocks_to_settle_median [0-9]+`,
		`blocks_to_settle_max [0-9]+`, `gas_per_order [0-9]+`, `settle_transactions [0-9]+`, `batch_size_median [0-9]+`,
		`batch_size_max [0-9]+`)
}
