package dtwcli_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// rfc3339Rel is a time as dtw prints it to people: RFC 3339 in UTC, then how far from now.
const rfc3339Rel = `\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((in \d+[smhd]\w*|\d+[smhd]\w* ago|now)\)`

// TestCLIHumanTimesAndAmounts: in human output dtw prints times in RFC 3339 with how far
// they are from now, and amounts with their asset: `dtw order status` of a chain order
// (which printed `deadline 1795731070` and `sold 10`), of an OFFCHAIN limit order, and
// the history's times. --json keeps the gateway's exact fields.
func TestCLIHumanTimesAndAmounts(t *testing.T) {
	t.Parallel()
	e := newTraderCLI(t)
	dtw := e.cli
	dtw.ok(t, "deposit", "ETHEREUM", "dai", "100")

	var placed placeResult
	dtw.okJSON(t, &placed, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "10", "--min", "9", "--wait", "--json", "ETHEREUM")
	out := dtw.ok(t, "order", "status", "ETHEREUM", placed.OrderID)
	require.Regexp(t, `sell\s+10 dai\n`, out)
	require.Regexp(t, `buy at least\s+9 usdt\n`, out)
	require.Regexp(t, `sold\s+10 dai\n`, out)
	require.Regexp(t, `bought\s+`+placed.QuantityBought+` usdt\n`, out)
	require.Regexp(t, `deadline\s+`+rfc3339Rel+`\n`, out)
	require.Regexp(t, `deadline\s+\S+ \(in (59m|1h)\)`, out, "an hour after the block it was placed in")
	var st api.OrderStatus
	dtw.okJSON(t, &st, "order", "status", "--json", "ETHEREUM", placed.OrderID)
	require.Regexp(t, `^\d+$`, st.Deadline, "--json keeps Unix seconds")
	require.Equal(t, "10", st.QuantitySold)
	require.Equal(t, placed.QuantityBought, st.QuantityBought)

	require.Regexp(t, rfc3339Rel+`\s+dai\s+100\s`, dtw.ok(t, "history", "deposits", "ETHEREUM"))
	require.Regexp(t, rfc3339Rel+`\s+ETHEREUM\s+`+placed.OrderID, dtw.ok(t, "orders"))

	// An OFFCHAIN limit order that rests, in the devnet's assets.
	dtw.ok(t, "offchain", "deposit", "--wait", "ETHEREUM", "dai", "20")
	out = dtw.ok(t, "swap", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--limit", "50", "--expires", "2h")
	require.Regexp(t, `expires\s+\S+ \(in (1h59m|2h)\)\n`, out)
	require.Regexp(t, `placed\s+`+rfc3339Rel, out)
	require.Regexp(t, `sold\s+0 dai\n`, out)
	require.Regexp(t, `bought\s+0 usdt\n`, out)
	require.Regexp(t, `Z \((\d+s ago|now)\)`, dtw.ok(t, "history", "deposits", "OFFCHAIN"))
}
