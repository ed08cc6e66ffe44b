package main

import (
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/testnet/benchkit/smoke"
)

func TestMain(m *testing.M) { smoke.Main(m, main) }

// TestSmoke runs `make bench-gas` to its figure lines, without its targets.
func TestSmoke(t *testing.T) {
	var figures []string
	for _, name := range []string{"deposit_erc20", "place_order", "settle_single", "deposit_and_place_order", "cancel",
		"cancel_request", "cancel_after_request", "withdraw", "relay_signed_order", "settle_batch_1", "settle_batch_10",
		"settle_batch_marginal", "settle_single_first_credit"} {
		figures = append(figures, `gas `+name+` [0-9]+`)
	}
	smoke.Run(t, 3*time.Minute, []string{"-targets=false"}, figures...)
}
