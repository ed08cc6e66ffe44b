package dtwcli_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// historyOut is what `dtw history deposits|withdrawals --json` prints.
type historyOut struct {
	Transactions []api.AccountActivity `json:"transactions"`
}

// depositTx is what `dtw deposit` and `dtw offchain deposit` print with --json.
type depositTx struct {
	TransactionHash string `json:"transactionHash"`
}

// TestCLIDepositHistoryTransaction: `dtw history deposits` names each on-chain deposit's
// transaction, as it does a withdrawal's: a deposit into the DTW contract on ETHEREUM,
// and one to the account's OFFCHAIN deposit address (credited by the gateway's custody),
// each with its transaction hash in the table and in --json's reference.
func TestCLIDepositHistoryTransaction(t *testing.T) {
	t.Parallel()
	e := newTraderCLI(t)
	dtw := e.cli

	var onchain, offchain depositTx
	dtw.okJSON(t, &onchain, "deposit", "--json", "ETHEREUM", "dai", "100")
	dtw.okJSON(t, &offchain, "offchain", "deposit", "--wait", "--json", "ETHEREUM", "dai", "25")
	require.NotEmpty(t, onchain.TransactionHash)
	require.NotEmpty(t, offchain.TransactionHash)

	for _, tc := range []struct{ source, amount, tx string }{
		{"ETHEREUM", "100", onchain.TransactionHash},
		{"OFFCHAIN", "25", offchain.TransactionHash},
	} {
		var hist historyOut
		require.Eventually(t, func() bool {
			dtw.okJSON(t, &hist, "history", "deposits", "--json", tc.source)
			return len(hist.Transactions) == 1
		}, 20*time.Second, 300*time.Millisecond, "%s deposits: %+v", tc.source, hist)
		d := hist.Transactions[0]
		require.Equal(t, tc.amount, d.Amount)
		require.NotNil(t, d.Reference, "%s: a deposit without its transaction: %+v", tc.source, d)
		require.Equal(t, strings.ToLower(tc.tx), strings.ToLower(d.Reference.TransactionHash), tc.source)
		require.Equal(t, "ETHEREUM", d.Reference.ActivityLocation, tc.source)
		out := dtw.ok(t, "history", "deposits", tc.source)
		require.Regexp(t, `dai\s+`+tc.amount+`\s+(?i:`+tc.tx+`)`, out, tc.source)
	}
}
