package dtwcli_test

import (
	"os"
	"path/filepath"
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
		// --limit takes the least amount to receive, as on `dtw swap`; its old switch form
		// beside --min is refused saying so, before any config is read.
		{[]string{"order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--min", "5000", "--limit", "--json", "ETHEREUM"},
			msgs(`--limit "--json"`, "--limit takes the least AMOUNT of --buy to receive", "`--limit Y` (no --min)")},
		{[]string{"order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--min", "4", "--limit", "5000", "ETHEREUM"},
			msgs("exactly one of --min AMOUNT or --slippage PCT (a market order) and --limit AMOUNT (a limit order)")},
		{[]string{"order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--slippage", "1", "--limit", "5000", "ETHEREUM"},
			msgs("exactly one of")},
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

// TestConfigOldKeys: a dtw config written before the one chain configuration form
// (rpcUrl, dtw, tokens as a map) is still read, with a one-line warning naming the new
// keys; `dtw config show` prints it in the new form. Unknown keys of a source stay errors.
func TestConfigOldKeys(t *testing.T) {
	t.Parallel()
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}
	const head = "apiUrl: http://127.0.0.1:8080/api\nsources:\n  ETHEREUM:\n    chainId: 31337\n"
	const dai = `{address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", decimals: 18}`
	write := func(t *testing.T, body string) string {
		path := filepath.Join(t.TempDir(), "config.yaml")
		require.NoError(t, os.WriteFile(path, []byte(head+body), 0o600))
		return path
	}
	for _, tc := range []struct {
		name, body string
		warned     []string
	}{
		{"all old", `    rpcUrl: http://127.0.0.1:8545
    dtw: "0x5FbDB2315678afecb367f032d93F642f64180aa3"
    tokens:
      dai: ` + dai + "\n",
			[]string{"sources.ETHEREUM.rpcUrl is now rpcUrls", "sources.ETHEREUM.dtw is now dtwAddress", "sources.ETHEREUM.tokens is now a list of {symbol,"}},
		{"old and new mixed", `    rpcUrl: http://127.0.0.1:8545
    dtwAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3"
    tokens:
      - {symbol: dai, address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", decimals: 18}
`, []string{"sources.ETHEREUM.rpcUrl is now rpcUrls"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, code := dtw.run(t, "config", "show", "--config", write(t, tc.body))
			require.Zero(t, code, "stdout: %s\nstderr: %s", out, errOut)
			require.Equal(t, 1, countLines(errOut, "dtw: warning: "), "one line: %s", errOut)
			for _, want := range tc.warned {
				require.Contains(t, errOut, want)
			}
			for _, want := range []string{"rpcUrls", "dtwAddress", "symbol: dai", "http://127.0.0.1:8545", "0x5FbDB2315678afecb367f032d93F642f64180aa3"} {
				require.Contains(t, out, want)
			}
			require.NotContains(t, out, "rpcUrl:")
		})
	}
	t.Run("an unknown key of a source is an error", func(t *testing.T) {
		path := write(t, `    rpcUrls: [http://127.0.0.1:8545]
    dtwAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3"
    confirmation: 3
`)
		dtw.fails(t, exitUsage, msgs("confirmation not found"), "config", "show", "--config", path)
		old := write(t, "    rpcUrl: http://127.0.0.1:8545\n    dtw: \"0x5FbDB2315678afecb367f032d93F642f64180aa3\"\n    tokens:\n      dai: {adress: x, decimals: 18}\n")
		dtw.fails(t, exitUsage, msgs("adress not found"), "config", "show", "--config", old)
	})
}
