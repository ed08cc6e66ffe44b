package dtwcli_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCLIUsageErrors checks that urfave/cli's own usage errors (a bad flag, an unknown
// command) exit with the usage code like dtw's own, printed once by Main with the "dtw:"
// prefix and where to look next.
func TestCLIUsageErrors(t *testing.T) {
	t.Parallel()
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}
	for _, tc := range []struct {
		args []string
		want []string
	}{
		{[]string{"--nope"}, msgs("dtw: flag provided but not defined: -nope", "see `dtw --help`")},
		{[]string{"tokens", "--bogus", "ETHEREUM"}, msgs("-bogus", "see `dtw tokens --help`")},
		{[]string{"order", "place", "--amount"}, msgs("flag needs an argument", "see `dtw order place --help`")},
		{[]string{"nosuchcmd"}, msgs(`dtw: unknown command "nosuchcmd"`, "see `dtw --help`")},
		{[]string{"order", "nosuch"}, msgs(`unknown command "nosuch"`, "see `dtw order --help`")},
		{[]string{"order", "place"}, msgs("dtw: wrong number of arguments")},
	} {
		errOut := dtw.fails(t, exitUsage, tc.want, tc.args...)
		require.Equal(t, 1, countLines(errOut, "dtw: "), "printed once: %s", errOut)
	}
	require.Contains(t, dtw.ok(t, "order"), "cancel-expired")
	require.Contains(t, dtw.ok(t), "USAGE")
}

func countLines(s, prefix string) int {
	n := 0
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			n++
		}
	}
	return n
}
