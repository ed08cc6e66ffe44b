package dtwcli_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	ucli "github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
)

// devnetAssets are the assets of `make devnet` (testnet's tokens, which its OFFCHAIN
// house trades); eur and usdc are not among them.
var devnetAssets = map[string]bool{"eth": true, "dai": true, "usdt": true, "fot": true}

// devnetLacks marks an example that needs what the devnet does not have.
const devnetLacks = "the devnet lacks"

// readmeCommands are the README's example command lines of a program ("dtw " or
// "dtwgate "), as written.
func readmeCommands(t *testing.T, program string) []string {
	t.Helper()
	blob, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	var lines []string
	for _, l := range strings.Split(string(blob), "\n") {
		if strings.HasPrefix(l, program) {
			lines = append(lines, l)
		}
	}
	require.NotEmpty(t, lines)
	return lines
}

// assetFlag is an asset flag's value in an example: --sell X, --buy X, --pair X/Y.
var assetFlag = regexp.MustCompile(`--(sell|buy|pair)[ =]([a-zA-Z]+)(?:/([a-zA-Z]+))?`)

// TestExamplesUseDevnetAssets: every README example of dtw and dtwgate, and every "e.g."
// of an asset flag in --help, names assets the devnet has (`dtw swap --sell eur --buy
// usdc` failed on it), or says what it needs that the devnet lacks.
func TestExamplesUseDevnetAssets(t *testing.T) {
	t.Parallel()
	var bad []string
	check := func(where, text string) {
		for _, m := range assetFlag.FindAllStringSubmatch(text, -1) {
			for _, a := range m[2:] {
				if a != "" && !devnetAssets[strings.ToLower(a)] {
					bad = append(bad, where+": "+a+" in "+strings.TrimSpace(text))
				}
			}
		}
	}
	for _, program := range []string{"dtw ", "dtwgate "} {
		for _, l := range readmeCommands(t, program) {
			if !strings.Contains(l, devnetLacks) {
				check("README", l)
			}
		}
	}
	eg := regexp.MustCompile(`e\.g\. ([a-z]+)(?:/([a-z]+))?`)
	for _, app := range []func() *ucli.App{dtwcli.App, gatewaycmd.App} {
		var walk func(path string, cmds []*ucli.Command)
		walk = func(path string, cmds []*ucli.Command) {
			for _, c := range cmds {
				for _, f := range c.Flags {
					name := f.Names()[0]
					u, ok := f.(ucli.DocGenerationFlag)
					if !ok || (name != "sell" && name != "buy" && name != "pair") {
						continue
					}
					for _, m := range eg.FindAllStringSubmatch(u.GetUsage(), -1) {
						for _, a := range m[1:] {
							if a != "" && !devnetAssets[a] {
								bad = append(bad, path+" "+c.Name+" --"+name+": "+a+" in "+u.GetUsage())
							}
						}
					}
				}
				walk(path+" "+c.Name, c.Subcommands)
			}
		}
		a := app()
		walk(a.Name, a.Commands)
	}
	require.Empty(t, bad, "examples with assets the devnet lacks:\n%s", strings.Join(bad, "\n"))
}

// optional is an optional part of a README example: [--flag VALUE], [SOURCE].
var optional = regexp.MustCompile(`\s*\[[^\]]*\]`)

// runnable is a README example line as run: without its comment and optional parts.
func runnable(line string) []string {
	if i := strings.Index(line, "  #"); i >= 0 {
		line = line[:i]
	}
	return strings.Fields(optional.ReplaceAllString(line, ""))
}

// TestREADMEOffchainTradingExamples runs the README's OFFCHAIN trading examples of dtw,
// as written (without their optional parts), against a devnet's gateway: the deposit to
// the account's OFFCHAIN deposit address, a market swap, a limit swap that rests, a
// quote left unanswered (end of input trades nothing) and the commission.
func TestREADMEOffchainTradingExamples(t *testing.T) {
	t.Parallel()
	e := newTraderCLI(t)
	dtw := e.cli
	var ran []string
	for _, l := range readmeCommands(t, "dtw ") {
		args := runnable(l)
		if len(args) < 2 || !(args[1] == "swap" || args[1] == "quote" || args[1] == "commission" ||
			len(args) > 2 && args[1] == "offchain" && args[2] == "deposit") {
			continue
		}
		out := dtw.ok(t, args[1:]...)
		ran = append(ran, strings.Join(args, " "))
		switch {
		case args[1] == "offchain":
			require.Eventually(t, func() bool {
				return regexp.MustCompile(`dai\s+200\s`).MatchString(dtw.ok(t, "offchain", "balance", "OFFCHAIN"))
			}, 30*time.Second, 300*time.Millisecond, "the README's OFFCHAIN deposit is credited")
		case args[1] == "swap" && strings.Contains(l, "--limit"):
			require.Regexp(t, `status\s+OPEN`, out, l)
		case args[1] == "swap":
			require.Regexp(t, `status\s+SETTLED`, out, l)
		}
	}
	require.Len(t, ran, 5, "the examples run: %q", ran)
}
