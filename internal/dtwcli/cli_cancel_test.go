package dtwcli_test

import (
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

// cancelOut is what `dtw order cancel --json` prints.
type cancelOut struct {
	OnchainOrderID  string `json:"onchainOrderId"`
	RequestTx       string `json:"requestTx"`
	CancelAfter     int64  `json:"cancelAfter"`
	Status          string `json:"status"`
	ReturnTxID      string `json:"returnTxId"`
	TransactionHash string `json:"transactionHash"`
	Refunded        string `json:"refunded"`
	Verified        bool   `json:"verified"`
}

// TestCLICancel runs `dtw order cancel` and `dtw nonces` against a real dtwgate on anvil:
// a resting order cancelled at the trader's request, directly and --gasless, waited on
// up to independent verification; with the gateway stopped, the request and then, after
// the grace period, the cancellation by the trader itself; signed orders voided before
// they are relayed, by nonce and all at once, directly and --gasless. Bad input exits 2
// and changes nothing.
func TestCLICancel(t *testing.T) {
	e := newCLIEnv(t)
	cli := e.cli
	cli.ok(t, "config", "init", "--devnet", e.dir, "--api-url", e.gw.base())
	e.gw.admin(t, "whitelist", "add", e.trader.Address.Hex())
	cli.ok(t, "login")
	cli.ok(t, "deposit", "ETHEREUM", "dai", "100")
	resting := func() string {
		t.Helper()
		var r placeResult
		cli.okJSON(t, &r, "order", "place", "--sell", "dai", "--buy", "usdt", "--amount", "5", "--limit", "5000", "--json", "ETHEREUM")
		var st api.OrderStatus
		require.Eventually(t, func() bool { // the gateway knows it once confirmed
			_, _, code := cli.run(t, "order", "status", "--json", "ETHEREUM", r.InstructionID)
			if code != 0 {
				return false
			}
			cli.okJSON(t, &st, "order", "status", "--json", "ETHEREUM", r.InstructionID)
			return st.Status == api.StatusOpen
		}, 20*time.Second, 300*time.Millisecond)
		require.Equal(t, r.OnchainOrderID, st.OnchainOrderID)
		return r.OnchainOrderID
	}

	before := e.state(t)
	cli.fails(t, exitUsage, msgs("ORDER_ID"), "order", "cancel", "ETHEREUM", "first")
	cli.fails(t, exitUsage, msgs("wrong number of arguments"), "order", "cancel", "ETHEREUM")
	cli.fails(t, exitChain, msgs("no order 424242"), "order", "cancel", "ETHEREUM", "424242")
	require.Equal(t, before, e.state(t), "refused cancels changed the chain")

	for _, gasless := range []bool{false, true} {
		id := resting()
		args := []string{"order", "cancel", "--wait", "--json"}
		if gasless {
			args = append(args, "--gasless")
		}
		var out cancelOut
		cli.okJSON(t, &out, append(args, "ETHEREUM", id)...)
		require.Equal(t, id, out.OnchainOrderID)
		require.NotEmpty(t, out.RequestTx)
		require.Equal(t, api.StatusCancelled, out.Status, "the gateway honoured the request")
		require.True(t, out.Verified)
		require.Equal(t, "5 dai", out.Refunded)
	}

	// Without the gateway: the request, then the trader's own cancel after the grace period.
	id := resting()
	e.gw.stop(t)
	var req cancelOut
	cli.okJSON(t, &req, "order", "cancel", "--json", "ETHEREUM", id)
	require.NotEmpty(t, req.RequestTx)
	require.NotZero(t, req.CancelAfter)
	out := cli.ok(t, "order", "cancel", "ETHEREUM", id)
	require.Contains(t, out, "already requested")
	ctx := testCtx(t)
	require.NoError(t, e.c.IncreaseTime(ctx, dtw.CancelGrace+time.Second))
	var done cancelOut
	cli.okJSON(t, &done, "order", "cancel", "--json", "ETHEREUM", id)
	require.Equal(t, api.StatusCancelled, done.Status)
	require.NotEmpty(t, done.TransactionHash)
	e.gw.start(t)

	// Nonces: void signed orders before they are relayed.
	relay := func(nonce int64) error {
		p := testnet.OrderParams{Sell: e.c.MustToken("DAI"), Buy: e.c.MustToken("USDT"), SellAmount: big.NewInt(1), MinBuyAmount: big.NewInt(1)}
		o, sig, err := e.c.SignOrder(ctx, e.trader, p, big.NewInt(nonce))
		require.NoError(t, err)
		_, err = e.c.RelaySignedOrder(ctx, e.c.Traders[1], o, sig)
		return err
	}
	cli.fails(t, exitUsage, msgs("NONCE"), "nonces", "invalidate", "ETHEREUM", "-1")
	cli.ok(t, "nonces", "invalidate", "ETHEREUM", "5", "600")
	cli.ok(t, "nonces", "invalidate", "--gasless", "ETHEREUM", "7")
	var shown struct {
		MinNonce string          `json:"minNonce"`
		Used     map[string]bool `json:"used"`
	}
	require.Eventually(t, func() bool { // the gasless one is relayed by the gateway's settler
		cli.okJSON(t, &shown, "nonces", "show", "--json", "ETHEREUM", "5", "6", "7", "600")
		return shown.Used["7"]
	}, 20*time.Second, 300*time.Millisecond)
	require.Equal(t, map[string]bool{"5": true, "6": false, "7": true, "600": true}, shown.Used)
	testnet.RequireRevert(t, relay(5), "NonceAlreadyUsed")

	cli.ok(t, "nonces", "void-before", "ETHEREUM")
	cli.okJSON(t, &shown, "nonces", "show", "--json", "ETHEREUM", "6")
	require.True(t, shown.Used["6"])
	floor, ok := new(big.Int).SetString(shown.MinNonce, 10)
	require.True(t, ok)
	require.Positive(t, floor.Sign())
	testnet.RequireRevert(t, relay(6), "NonceBelowMinimum")
	cli.ok(t, "nonces", "void-before", "--gasless", "--before", time.Now().Add(time.Minute).UTC().Format(time.RFC3339), "ETHEREUM")
	require.Eventually(t, func() bool {
		cli.okJSON(t, &shown, "nonces", "show", "--json", "ETHEREUM")
		m, _ := new(big.Int).SetString(shown.MinNonce, 10)
		return m.Cmp(floor) > 0
	}, 20*time.Second, 300*time.Millisecond, "the gasless minimum was relayed")
}
