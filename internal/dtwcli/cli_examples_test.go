package dtwcli_test

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
	ucli "github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/dtwcli"
	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

// devnetAssets are the assets of `make devnet` (testnet's tokens, which its OFFCHAIN
// house trades); eur and usdc are not among them.
var devnetAssets = map[string]bool{"eth": true, "dai": true, "usdt": true, "fot": true}

// devnetLacks marks an example that needs what the devnet does not have.
const devnetLacks = "the devnet lacks"

// docFiles are the documents whose examples the tests check: the README and docs/.
var docFiles = []string{"README.md", "docs/dtw.md", "docs/operating.md", "docs/api.md", "docs/architecture.md", "docs/contracts.md", "docs/figures.md"}

// readmeCommands are the example command lines of a program ("dtw " or "dtwgate ") in
// the given documents (paths from the module root), as written, in order.
func readmeCommands(t *testing.T, program string, docs ...string) []string {
	t.Helper()
	var lines []string
	for _, doc := range docs {
		blob, err := os.ReadFile(filepath.Join("..", "..", doc))
		require.NoError(t, err)
		for _, l := range strings.Split(string(blob), "\n") {
			if strings.HasPrefix(l, program) {
				lines = append(lines, l)
			}
		}
	}
	require.NotEmpty(t, lines)
	return lines
}

// assetFlag is an asset flag's value in an example: --sell X, --buy X, --pair X/Y.
var assetFlag = regexp.MustCompile(`--(sell|buy|pair)[ =]([a-zA-Z]+)(?:/([a-zA-Z]+))?`)

// TestExamplesUseDevnetAssets: every example of dtw and dtwgate in the README and docs/, and every "e.g."
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
		for _, l := range readmeCommands(t, program, docFiles...) {
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

// runnable is a README example line as run: without its comment and optional parts,
// placeholders replaced by subs, and each alternative spelled out: `history
// deposits|withdrawals X` is two commands, and so is `accounts list --parent ACC | show
// ACC --data-dir D`: an alternative after " | " replaces the last command word before it
// and what follows, and the flags ending the last alternative (`--data-dir D`) go with
// every one.
func runnable(line string, subs map[string]string) [][]string {
	if i := strings.Index(line, "  #"); i >= 0 {
		line = line[:i]
	}
	line = optional.ReplaceAllString(line, "")
	parts := strings.Split(line, " | ")
	first := strings.Fields(parts[0])
	cmds := [][]string{first}
	if len(parts) > 1 {
		k := 0 // the last command word of the first alternative
		for i, w := range first {
			if strings.HasPrefix(w, "-") || strings.ToLower(w) != w {
				break
			}
			k = i
		}
		for _, p := range parts[1:] {
			cmds = append(cmds, append(append([]string{}, first[:k]...), strings.Fields(p)...))
		}
		last := cmds[len(cmds)-1]
		var shared []string
		for n := len(last); n >= 2 && strings.HasPrefix(last[n-2], "--"); n -= 2 {
			shared = append(last[n-2:n:n], shared...)
		}
		for i := range cmds[:len(cmds)-1] {
			cmds[i] = append(cmds[i], shared...)
		}
	}
	var out [][]string
	for _, c := range cmds {
		expanded := [][]string{{}}
		for _, w := range c {
			if v, ok := subs[w]; ok {
				w = v
			}
			alts := []string{w}
			if strings.Contains(w, "|") && !strings.Contains(w, "/") {
				alts = strings.Split(w, "|")
			}
			var next [][]string
			for _, e := range expanded {
				for _, a := range alts {
					next = append(next, append(append([]string{}, e...), a))
				}
			}
			expanded = next
		}
		out = append(out, expanded...)
	}
	return out
}

// TestREADMEDtwExamples runs the example commands of dtw in docs/dtw.md (the README's
// first session is TestREADMEFirstSession's), in order and as
// written (without their optional parts, each alternative of `a|b`), against a devnet's
// gateway: `make devnet`'s chain and gateway config, with the devnet directory and the
// gateway's URL put in for .devnet and 127.0.0.1:8080, and the order, instruction and
// nonce the session made for ORDER_ID, INSTRUCTION_ID and NONCE. The examples it does
// not run say why (the devnet lacks a bank; a command runs until Ctrl-C; another test
// runs it); an example the document gains fails here until it runs or says why not.
func TestREADMEDtwExamples(t *testing.T) {
	t.Parallel()
	notRun := map[string]string{
		"dtw order cancel ":                      "needs an open order; order 1 of this session is settled (TestCLICancel runs it)",
		"dtw order cancel-expired ":              "needs an order past its deadline (TestCLIEndToEnd runs it)",
		"dtw keys ":                              "create and rotate take --label and a key id (TestCLIEndToEnd runs them)",
		"dtw offchain bank-details":              devnetLacks,
		"dtw [--account ID] offchain withdraw ":  devnetLacks,
		"dtw [--account ID] offchain withdrawal": "needs an OFFCHAIN withdrawal to an approved address (TestCLIOffchainSession runs it)",
		"dtw [--account ID] reserves verify":     devnetLacks,
		"dtw watch ":                             "runs until Ctrl-C (TestCLIWatch runs it)",
		"dtw webhooks ":                          "needs a receiver's URL (TestCLIWebhooks runs it)",
		"dtw wallet ":                            "asks for passwords (the wallet tests run it)",
	}
	e := newCLIEnv(t)
	dtw := e.cli
	subs := map[string]string{".devnet": e.dir, "http://127.0.0.1:8080/api": e.gw.base(), "SOURCE": "OFFCHAIN", "NONCE...": "424242"}
	e.gw.admin(t, "whitelist", "add", e.trader.Address.Hex())
	swapField := regexp.MustCompile(`(?m)^(order|instructionId)\s+(\S+)$`)
	ran := 0
	for _, l := range readmeCommands(t, "dtw ", "docs/dtw.md") {
		skip := ""
		for prefix, why := range notRun {
			if strings.HasPrefix(l, prefix) {
				skip = why
			}
		}
		if skip != "" {
			if skip == devnetLacks {
				require.Contains(t, l, devnetLacks, "docs/dtw.md says what the devnet lacks: %s", l)
			}
			continue
		}
		for _, args := range runnable(l, subs) {
			out := dtw.ok(t, args[1:]...)
			ran++
			switch {
			case args[1] == "offchain" && args[2] == "deposit":
				require.Eventually(t, func() bool {
					return regexp.MustCompile(`dai\s+200\s`).MatchString(dtw.ok(t, "offchain", "balance", "OFFCHAIN"))
				}, 30*time.Second, 300*time.Millisecond, "the example's OFFCHAIN deposit is credited")
			case args[1] == "swap" && strings.Contains(l, "--limit"):
				require.Regexp(t, `status\s+OPEN`, out, l)
			case args[1] == "swap":
				require.Regexp(t, `status\s+SETTLED`, out, l)
				for _, m := range swapField.FindAllStringSubmatch(out, -1) {
					subs[map[string]string{"order": "ORDER_ID", "instructionId": "INSTRUCTION_ID"}[m[1]]] = m[2]
				}
			}
		}
	}
	require.GreaterOrEqual(t, ran, 30, "the examples run")
}

// TestREADMEDtwgateAdminExamples runs the operator commands of docs/operating.md in order, as
// written (optional parts left out, each alternative), on a devnet gateway's store: D is
// its data directory, ACC an account the operator made, ADDRESS and W the trader's
// wallet, ID the withdrawal address the session added. Those it does not run say why.
func TestREADMEDtwgateAdminExamples(t *testing.T) {
	t.Parallel()
	e := newCLIEnv(t)
	var acc, intro struct {
		AccountID string `json:"accountId"`
	}
	require.NoError(t, json.Unmarshal([]byte(e.gw.admin(t, "accounts", "create", "--json")), &acc))
	require.NoError(t, json.Unmarshal([]byte(e.gw.admin(t, "accounts", "create", "--json")), &intro))
	wallet := e.trader.Address.Hex()
	subs := map[string]string{"D": e.gw.DataDir, "ACC": acc.AccountID, "INTRODUCER": intro.AccountID, "ADDRESS": wallet, "W": wallet, "TEXT": "no"}
	ran := 0
	for _, l := range readmeCommands(t, "dtwgate admin ", "docs/operating.md") {
		if strings.Contains(l, devnetLacks) {
			continue
		}
		for _, args := range runnable(l, subs) {
			cmd := exec.Command(e.gw.Bin, args[1:]...)
			cmd.Env = gatewaytest.Env()
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s:\n%s", strings.Join(args, " "), out)
			ran++
			if args[2] == "withdrawal-addresses" && args[3] == "add" {
				subs["ID"] = strings.Fields(string(out))[0]
			}
		}
	}
	require.GreaterOrEqual(t, ran, 15, "the examples run")
}
