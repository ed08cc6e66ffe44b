package dtwcli_test

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// tradingYAML is a gateway with only the OFFCHAIN venue, whose house sells eur and usdc
// (up to 1000 each) at the book's prices: eur 1.1, usdc 1.
const tradingYAML = `offchain:
  assets:
    - {id: eur, decimals: 2, fiat: true}
    - {id: usdc, decimals: 6}
  banks:
    - {name: eur-main, asset: eur, bankName: Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
  inventoryLimits: {eur: "1000", usdc: "1000"}
pricing:
  prices: {eur: "1.1", usd: "1", usdc: "1"}
`

// exitGeneral is dtw's exit code of a failure that is no other's (a quote that lapsed).
const exitGeneral = 1

// quoteOut is what `dtw quote --json` prints.
type quoteOut struct {
	Quote    api.Quote        `json:"quote"`
	Accepted bool             `json:"accepted"`
	Order    *api.OrderStatus `json:"order"`
}

// background is a dtw process whose stdin stays open and silent.
type background struct {
	cmd            *exec.Cmd
	stdin          *os.File
	stdout, stderr bytes.Buffer
}

func (c *cli) start(t *testing.T, args ...string) *background {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	b := &background{cmd: exec.Command(c.bin, args...), stdin: w}
	b.cmd.Env, b.cmd.Dir, b.cmd.Stdin = c.env.env, c.env.home, r
	b.cmd.Stdout, b.cmd.Stderr = &b.stdout, &b.stderr
	require.NoError(t, b.cmd.Start())
	r.Close()
	t.Cleanup(func() { w.Close(); _ = b.cmd.Process.Kill() })
	return b
}

// wait waits for the process and returns its exit code.
func (b *background) wait(t *testing.T) int {
	t.Helper()
	err := b.cmd.Wait()
	b.stdin.Close()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode()
	}
	require.NoError(t, err)
	return 0
}

// TestCLITrading: a trader session on a real gateway's OFFCHAIN venue: a market swap
// (its drawn instructionId printed, a repeat answering the same order), a limit order
// resting and found by order id and by instructionId, one expiring while --wait shows
// it, a quote accepted with --accept and one at the prompt, one declined, one left
// unanswered past its 5 s and one accepted after its expiry (both trade nothing), the
// commission, the gateway's refusals (exit 3), and the same through the global --account
// on a sub-account.
func TestCLITrading(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(tradingYAML), 0o600))
	gw := newGateway(t, cfgPath, filepath.Join(dir, "data"))
	gw.start(t)
	admin := func(args ...string) string { return gw.admin(t, append(args, "--config", cfgPath)...) }

	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,TRADE", "--json")), &key))
	var sub, other struct {
		AccountID string `json:"accountId"`
	}
	require.NoError(t, json.Unmarshal([]byte(admin("accounts", "create", "--parent", key.AccountID, "--json")), &sub))
	require.NoError(t, json.Unmarshal([]byte(admin("accounts", "create", "--json")), &other))
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL="+gw.base(), "DTW_API_KEY_ID="+key.APIKeyID, "DTW_API_SECRET="+key.APIKeySecret)}
	fund := func(amount, transfer string, pre ...string) {
		var ref api.DepositReferenceResponse
		dtw.okJSON(t, &ref, append(pre, "offchain", "deposit-reference", "--json")...)
		admin("offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur", "--amount", amount, "--transfer-id", transfer)
	}
	fund("100", "BT-own")
	fund("50", "BT-sub", "--account", sub.AccountID)
	balance := func(asset string, pre ...string) string {
		var res api.BalancesResponse
		dtw.okJSON(t, &res, append(pre, "offchain", "balance", "--json", "OFFCHAIN")...)
		for _, b := range res.Balances {
			if b.Asset == asset {
				return b.Balance
			}
		}
		return "0"
	}
	quoteArgs := func(id, amount string, extra ...string) []string {
		return append([]string{"quote", "--sell", "eur", "--buy", "usdc", "--amount-to-buy", amount, "--instruction-id", id}, extra...)
	}

	// Quotes whose 5 s run while the rest of the session goes on: one the trader never
	// answers, and one declined now and accepted at the end, after its expiry.
	start := time.Now()
	unanswered := dtw.start(t, quoteArgs("q-unanswered", "1", "--json")...)
	stdout, stderr, code := dtw.env.run(t, "n\n", dtw.bin, quoteArgs("q-old", "2", "--json")...)
	require.Zero(t, code, "stderr: %s", stderr)
	var declined quoteOut
	require.NoError(t, json.Unmarshal([]byte(stdout), &declined))
	require.False(t, declined.Accepted)
	require.Nil(t, declined.Order)
	require.Equal(t, "2", declined.Quote.AmountToBuy)
	require.Contains(t, stderr, "accept? [y/N] (firm for ")
	require.Contains(t, dtw.ok(t, quoteArgs("q-old", "2")...), "declined: nothing was traded", "end of input declines")

	// A market swap: filled at once, its drawn instructionId printed; repeating it with
	// that id answers the same order and moves nothing.
	var swap api.OrderStatus
	errOut := dtw.okJSON(t, &swap, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "10", "--json")
	require.Equal(t, api.StatusSettled, swap.Status)
	require.Equal(t, "10", swap.QuantitySold)
	require.Equal(t, "10.978011", swap.QuantityBought)
	require.Equal(t, "0.010989", swap.Commission)
	require.Equal(t, api.OrderKindSwap, swap.Type)
	require.Contains(t, errOut, "instructionId "+swap.InstructionID)
	require.Contains(t, errOut, "--instruction-id "+swap.InstructionID)
	var again api.OrderStatus
	dtw.okJSON(t, &again, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "10", "--instruction-id", swap.InstructionID, "--json")
	require.Equal(t, swap, again)
	require.Equal(t, "90", balance("eur"))
	human := dtw.ok(t, "order", "status", "OFFCHAIN", swap.OrderID)
	for _, want := range []string{"SETTLED", "10 eur", "10.978011 usdc", "usdc per eur", "0.010989 usdc"} {
		require.Contains(t, human, want)
	}
	dtw.fails(t, exitAPI, msgs("INSTRUCTION_ID_REUSED", "repeat it exactly"),
		"swap", "--sell", "eur", "--buy", "usdc", "--amount", "11", "--instruction-id", swap.InstructionID)

	// A limit order rests, holding its amount; found by order id and by instructionId.
	var limit api.OrderStatus
	dtw.okJSON(t, &limit, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "5", "--limit", "50", "--expires", "1h", "--instruction-id", "l-1", "--json")
	require.Equal(t, api.StatusOpen, limit.Status)
	require.Equal(t, "50", limit.LimitAmountToReceive)
	require.NotEmpty(t, limit.Deadline)
	var st api.OrderStatus
	dtw.okJSON(t, &st, "order", "status", "--json", "OFFCHAIN", limit.OrderID)
	require.Equal(t, limit, st)
	dtw.okJSON(t, &st, "order", "show", "--json", "OFFCHAIN", "l-1")
	require.Equal(t, limit, st)
	dtw.fails(t, exitAPI, msgs("404"), "order", "show", "--type", "RFQ", "OFFCHAIN", "l-1")

	// --wait follows a limit order until it closes: this one expires unfilled.
	out := dtw.ok(t, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "1", "--limit", "50", "--expires", "2s", "--wait")
	for _, want := range []string{"open: order", "rests until 1 eur buy at least 50 usdc", "would buy about", "the limit is 50", "cancelled: order", "CANCELLED", "expired"} {
		require.Contains(t, out, want)
	}
	dtw.fails(t, exitAPI, msgs("still OPEN after 500ms", "dtw order status OFFCHAIN"),
		"swap", "--sell", "eur", "--buy", "usdc", "--amount", "1", "--limit", "50", "--wait", "--wait-timeout", "500ms")

	// A quote accepted with --accept, and one at the prompt: exactly the quoted amounts.
	var accepted quoteOut
	dtw.okJSON(t, &accepted, quoteArgs("q-2", "11", "--accept", "--json")...)
	require.True(t, accepted.Accepted)
	require.Equal(t, "10.04", accepted.Quote.AmountToSell)
	require.Equal(t, api.OrderKindRFQ, accepted.Order.Type)
	require.Equal(t, api.StatusSettled, accepted.Order.Status)
	require.Equal(t, "10.04", accepted.Order.QuantitySold)
	require.Equal(t, "11", accepted.Order.QuantityBought)
	dtw.okJSON(t, &st, "order", "show", "--type", "rfq", "--json", "OFFCHAIN", "q-2")
	require.Equal(t, *accepted.Order, st)
	stdout, stderr, code = dtw.env.run(t, "y\n", dtw.bin, "quote", "--sell", "eur", "--buy", "usdc", "--amount-to-buy", "1")
	require.Zero(t, code, "stderr: %s", stderr)
	require.Contains(t, stdout, "accepted: sold 0.92 eur, bought 1 usdc")
	require.Contains(t, stderr, "firm for")
	require.Contains(t, dtw.ok(t, quoteArgs("q-2", "11", "--accept", "--json")...), `"accepted": true`, "a repeat shows the trade it made")

	require.Contains(t, dtw.ok(t, "commission", "--sell", "eur", "--buy", "usdc"), "commission on OFFCHAIN selling eur for usdc: 0.001 (0.1%)")

	// The gateway's refusals: exit 3 with what to do.
	dtw.fails(t, exitAPI, msgs("INSUFFICIENT_FUNDS", "dtw offchain balance OFFCHAIN"), "swap", "--sell", "eur", "--buy", "usdc", "--amount", "5000")
	dtw.fails(t, exitAPI, msgs("INVALID_SCHEMA", "doge"), "swap", "--sell", "doge", "--buy", "usdc", "--amount", "1")

	// The same on a sub-account through the global --account.
	onSub := []string{"--account", sub.AccountID}
	var subSwap api.OrderStatus
	dtw.okJSON(t, &subSwap, append(onSub, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "5", "--instruction-id", "sub-1", "--json")...)
	require.Equal(t, api.StatusSettled, subSwap.Status)
	require.Equal(t, "45", balance("eur", onSub...))
	dtw.okJSON(t, &st, append(onSub, "order", "status", "--json", "OFFCHAIN", subSwap.OrderID)...)
	require.Equal(t, subSwap, st)
	dtw.okJSON(t, &st, "order", "show", "--sub-account", sub.AccountID, "--json", "OFFCHAIN", "sub-1")
	require.Equal(t, subSwap, st)
	dtw.fails(t, exitAPI, msgs("404"), "order", "status", "OFFCHAIN", subSwap.OrderID)
	var subQuote quoteOut
	dtw.okJSON(t, &subQuote, append(onSub, quoteArgs("q-sub", "3", "--accept", "--json")...)...)
	require.True(t, subQuote.Accepted)
	require.Equal(t, "3", subQuote.Order.QuantityBought)
	dtw.fails(t, exitAPI, msgs("404"), "order", "show", "--type", "RFQ", "OFFCHAIN", "q-sub")
	dtw.fails(t, exitAPI, msgs("403", "not one of your sub-accounts"), "--account", other.AccountID, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "1")
	dtw.fails(t, exitUsage, msgs("OFFCHAIN orders only"), append(onSub, "order", "status", "ETHEREUM", "1")...)
	require.Contains(t, dtw.ok(t, append(onSub, "commission", "--sell", "usdc", "--buy", "eur", "OFFCHAIN")...), "0.001")

	// After the 5 s: the unanswered quote lapsed, and q-old, accepted now, is refused by
	// the gateway as expired; neither traded.
	time.Sleep(time.Until(start.Add(5500 * time.Millisecond)))
	require.Equal(t, exitGeneral, unanswered.wait(t), "stderr: %s", unanswered.stderr.String())
	require.Contains(t, unanswered.stderr.String(), "expired unanswered: nothing was traded")
	dtw.fails(t, exitGeneral, msgs("expired at", "nothing was traded"), quoteArgs("q-old", "2")...)
	dtw.fails(t, exitAPI, msgs("expired before the gateway got the acceptance: nothing was traded", "NO_MARKET_DATA_FOUND"),
		quoteArgs("q-old", "2", "--accept")...)
	for _, id := range []string{"q-unanswered", "q-old"} {
		dtw.fails(t, exitAPI, msgs("404"), "order", "show", "--type", "RFQ", "OFFCHAIN", id)
	}
	require.Equal(t, "79.04", balance("eur"), "90 less the quotes' 10.04 and 0.92; held by resting orders, not gone")
}

// TestCLITradingUsage: bad input to the trading commands exits 2 before anything is
// sent (nothing listens at the API URL).
func TestCLITradingUsage(t *testing.T) {
	t.Parallel()
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL=http://127.0.0.1:1/api", "DTW_API_KEY_ID=k", "DTW_API_SECRET=s")}
	swap := []string{"swap", "--sell", "eur", "--buy", "usdc"}
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"swap without amount", swap, msgs("--amount is required")},
		{"same asset", []string{"swap", "--sell", "eur", "--buy", "EUR", "--amount", "1"}, msgs("same asset")},
		{"negative amount", append(swap, "--amount", "-1"), msgs(`--amount "-1": give a positive decimal`)},
		{"not an amount", append(swap, "--amount", "ten"), msgs(`--amount "ten"`)},
		{"bad limit", append(swap, "--amount", "1", "--limit", "0"), msgs(`--limit "0"`)},
		{"expires without limit", append(swap, "--amount", "1", "--expires", "1h"), msgs("--expires goes with --limit")},
		{"bad expiry", append(swap, "--amount", "1", "--limit", "1", "--expires", "soon"), msgs(`--expires "soon"`, "RFC 3339")},
		{"past expiry", append(swap, "--amount", "1", "--limit", "1", "--expires", "-1h"), msgs("positive duration")},
		{"long instruction id", append(swap, "--amount", "1", "--instruction-id", strings.Repeat("x", 65)), msgs("at most 64 characters")},
		{"argument", append(swap, "--amount", "1", "OFFCHAIN"), msgs("wrong number of arguments")},
		{"quote without amount", []string{"quote", "--sell", "eur", "--buy", "usdc"}, msgs("--amount-to-buy is required")},
		{"quote amount", []string{"quote", "--sell", "eur", "--buy", "usdc", "--amount-to-buy", "0"}, msgs(`--amount-to-buy "0"`)},
		{"order status id", []string{"order", "status", "OFFCHAIN", "s-1"}, msgs("positive integer", "dtw order show OFFCHAIN")},
		{"order show type", []string{"order", "show", "--type", "LIMIT", "OFFCHAIN", "s-1"}, msgs(`--type "LIMIT"`)},
		{"order show chain", []string{"order", "show", "ETHEREUM", "0x01"}, msgs("dtw order status ETHEREUM 0xHASH")},
		{"commission without buy", []string{"commission", "--sell", "eur"}, msgs("--buy is required")},
		{"chain order on a sub-account", []string{"order", "status", "--sub-account", "a1", "ETHEREUM", "1"}, msgs("OFFCHAIN orders only")},
		{"conflicting accounts", []string{"--account", "a1", "swap", "--sub-account", "a2", "--sell", "eur", "--buy", "usdc", "--amount", "1"},
			msgs("different sub-accounts")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dtw.fails(t, exitUsage, tc.want, tc.args...)
		})
	}
	// A chain's order status is as before: its source must be in the config.
	dtw.fails(t, exitUsage, msgs(`unknown source "ETHEREUM"`), "order", "status", "ETHEREUM", "1")
}
