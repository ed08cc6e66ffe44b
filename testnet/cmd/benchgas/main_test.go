package main

import (
	"fmt"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

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
	// Issue 27's targets not met yet print their gap; once one is met its ceiling in
	// limits becomes the target, and no gap line is expected of it.
	for name, l := range limits {
		if l.ceiling == l.target {
			continue
		}
		figures = append(figures, fmt.Sprintf(`gap %s [0-9]+ above its target %d`, name, l.target))
	}
	smoke.Run(t, 3*time.Minute, []string{"-targets=false"}, figures...)
}

// TestEveryTargetIsItsCeiling: issue 27's four gas targets are all met, so `make
// bench-gas` fails above each target, not above an earlier ceiling.
func TestEveryTargetIsItsCeiling(t *testing.T) {
	require.Len(t, limits, 4)
	for name, l := range limits {
		require.Equal(t, l.target, l.ceiling, "%s: fails above its target once met", name)
	}
}
