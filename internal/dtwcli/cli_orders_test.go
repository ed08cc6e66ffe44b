package dtwcli_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// ordersOut is what `dtw orders --json` prints.
type ordersOut struct {
	Orders     []api.Order `json:"orders"`
	NextCursor string      `json:"nextCursor"`
}

func (o ordersOut) ids() []string {
	ids := []string{}
	for _, x := range o.Orders {
		ids = append(ids, x.OrderID)
	}
	return ids
}

// TestCLIOrders runs `dtw orders` against a real dtwgate on anvil: two market orders the
// gateway settled and a limit order that rests are listed oldest first, as a table and
// as JSON, page by page with the printed cursor, all at once with --all, newest first,
// bounded by --since and --until; a sub-account's history through the global --account
// and --sub-account. Bad flags exit 2 before anything is sent; a cursor the gateway did not
// make and another account exit 3 with the gateway's code.
func TestCLIOrders(t *testing.T) {
	e := newCLIEnv(t)
	dtw := e.cli
	dtw.ok(t, "config", "init", "--devnet", e.dir, "--api-url", e.gw.base())
	e.gw.admin(t, "whitelist", "add", e.trader.Address.Hex())
	dtw.ok(t, "login")
	out := dtw.ok(t, "orders")
	require.Contains(t, out, "no orders")

	dtw.ok(t, "deposit", "ETHEREUM", "dai", "100")
	var placed []placeResult
	for _, args := range [][]string{
		{"--amount", "10", "--min", "9", "--wait"},
		{"--amount", "5", "--limit", "5000", "--deadline", "10m"},
		{"--amount", "3", "--min", "2", "--wait"},
	} {
		var r placeResult
		dtw.okJSON(t, &r, append(append([]string{"order", "place", "--sell", "dai", "--buy", "usdt"}, args...), "--json", "ETHEREUM")...)
		placed = append(placed, r)
	}
	followed(t, dtw, &placed[1]) // placed without --wait
	want := []string{placed[0].OrderID, placed[1].OrderID, placed[2].OrderID}
	var all ordersOut
	require.Eventually(t, func() bool { // the resting order shows once the gateway's follower confirmed it
		dtw.okJSON(t, &all, "orders", "--json")
		return len(all.Orders) == 3
	}, 20*time.Second, 300*time.Millisecond, "orders: %+v", all)
	require.Equal(t, want, all.ids())
	require.Empty(t, all.NextCursor)
	require.Equal(t, []string{api.StatusSettled, api.StatusOpen, api.StatusSettled}, []string{all.Orders[0].Status, all.Orders[1].Status, all.Orders[2].Status})
	require.Equal(t, placed[0].InstructionID, all.Orders[0].InstructionID)
	require.Equal(t, "10", all.Orders[0].QuantitySold)

	table := dtw.ok(t, "orders")
	for _, col := range []string{"TIME", "SOURCE", "ORDER-ID", "SELL", "BUY", "SOLD", "BOUGHT", "STATUS"} {
		require.Contains(t, table, col)
	}
	lines := strings.Split(strings.TrimSpace(table), "\n")
	require.Len(t, lines, 4, "a header and three orders:\n%s", table)
	require.Regexp(t, `ETHEREUM\s+`+placed[1].OrderID+`\s+dai\s+usdt\s+0 dai\s+0 usdt\s+OPEN`, lines[2], "amounts with their assets")
	require.Regexp(t, `\s10 dai\s+\S+ usdt\s+SETTLED`, lines[1], "amounts with their assets")
	require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \((now|\d+s ago|\d+m ago)\)`, lines[1], "the time and how long ago")

	// Page by page with the printed cursor; --all follows them.
	var page ordersOut
	dtw.okJSON(t, &page, "orders", "--page-size", "2", "--json")
	require.Equal(t, want[:2], page.ids())
	require.NotEmpty(t, page.NextCursor)
	require.Contains(t, dtw.ok(t, "orders", "--page-size", "2"), "more: run again with --after "+page.NextCursor)
	var rest ordersOut
	dtw.okJSON(t, &rest, "orders", "--page-size", "2", "--after", page.NextCursor, "--json")
	require.Equal(t, want[2:], rest.ids())
	require.Empty(t, rest.NextCursor)
	var walked ordersOut
	dtw.okJSON(t, &walked, "orders", "--all", "--page-size", "1", "--json")
	require.Equal(t, want, walked.ids())
	var newest ordersOut
	dtw.okJSON(t, &newest, "orders", "--all", "--page-size", "2", "--newest-first", "--json")
	require.Equal(t, []string{want[2], want[1], want[0]}, newest.ids())

	var bounded ordersOut
	dtw.okJSON(t, &bounded, "orders", "--since", "1h", "--json")
	require.Equal(t, want, bounded.ids())
	require.Contains(t, dtw.ok(t, "orders", "--until", "1h"), "no orders placed before")

	// A sub-account of the trader's account: its own (empty) history, by either flag.
	var accts api.AccountsResponse
	dtw.okJSON(t, &accts, "accounts", "--json")
	var sub struct {
		AccountID string `json:"accountId"`
	}
	require.NoError(t, json.Unmarshal([]byte(e.gw.admin(t, "accounts", "create", "--parent", accts.AccountID, "--json")), &sub))
	var subOrders ordersOut
	dtw.okJSON(t, &subOrders, "--account", sub.AccountID, "orders", "--json")
	require.Empty(t, subOrders.Orders)
	require.Contains(t, dtw.ok(t, "orders", "--sub-account", sub.AccountID), "no orders")
	var own ordersOut
	dtw.okJSON(t, &own, "--account", accts.AccountID, "orders", "--json")
	require.Equal(t, want, own.ids(), "the account itself through its /accounts/ path")

	// Bad input: usage errors before anything is sent, the gateway's refusals after.
	dtw.fails(t, exitUsage, msgs("--since"), "orders", "--since", "yesterday")
	dtw.fails(t, exitUsage, msgs("--since", "not before --until"), "orders", "--since", "1h", "--until", "2h")
	dtw.fails(t, exitUsage, msgs("--page-size"), "orders", "--page-size", "5000")
	dtw.fails(t, exitUsage, msgs("--all", "--after"), "orders", "--all", "--after", page.NextCursor)
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "orders", "ETHEREUM")
	dtw.fails(t, exitUsage, msgs("different sub-accounts"), "--account", sub.AccountID, "orders", "--sub-account", accts.AccountID)
	dtw.fails(t, exitAPI, msgs("INVALID_QUERY_PARAMS", "cursor"), "orders", "--after", "bogus")
	dtw.fails(t, exitAPI, msgs("INVALID_PERMISSIONS"), "--account", "acc_not_mine", "orders")
}
