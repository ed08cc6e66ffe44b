package gatewaycmd

import (
	"encoding/json"
	"net/http"
	"net/url"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

// startSettler runs `dtwgate serve --role settler` on the env's config and data directory
// and waits until its engine has started; it is killed when the test ends.
func startSettler(t *testing.T, e *chainEnv) *gatewaytest.Logs {
	t.Helper()
	logs := &gatewaytest.Logs{}
	cmd := exec.Command(e.gw.Bin, "serve", "--role", "settler", "--data-dir", e.gw.DataDir, "--config", e.gw.Config,
		"--listen", gatewaytest.FreeAddr(t))
	cmd.Env = gatewaytest.Env()
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-exited
		if t.Failed() {
			t.Logf("settler logs:\n%s", logs)
		}
	})
	require.Eventually(t, func() bool {
		select {
		case <-exited:
			t.Fatalf("settler exited at start:\n%s", logs)
		default:
		}
		return strings.Contains(logs.String(), "engine started")
	}, 20*time.Second, 50*time.Millisecond, "settler did not start")
	return logs
}

// TestChainE2ESplitRoles: an API process (--role api) and a settler process (--role
// settler) share one data directory and nothing else. A gasless order posted to the API
// waits, unsigned, until the settler runs; the settler relays it, the API answers its
// transaction as instructionId, and the order settles; the API reports confirmations and
// quantity estimates from what the settler records in the store.
func TestChainE2ESplitRoles(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t, EnvRole+"=api")
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)
	nonceBefore := operatorNonce(t, c)

	// No settler yet: nothing fills on the chain, so the chain's estimate is
	// NOT_ENOUGH_LIQUIDITY (OFFCHAIN, the house's ledger, could fill it without a settler).
	estimate := api.PathQuantityEstimate + "?" + url.Values{
		api.ParamSellingAsset: {"dai"}, api.ParamBuyingAsset: {"usdt"}, api.ParamSellQuantity: {"10"},
		api.ParamCommissionSource: {c.Source},
	}.Encode()
	status, body := e.gw.get(t, estimate, e.a.token, nil)
	requireAPIError(t, status, body, http.StatusBadRequest, api.CodeNotEnoughLiquidity)

	req := signedOrderRequest(t, c, trader, dai, usdt, "10", "9", dtw.KindMarket, deadlineIn(t, c, time.Hour), 7)
	type answer struct {
		status int
		body   []byte
		err    error
	}
	answered := make(chan answer, 1)
	go func() {
		status, _, body, err := e.gw.send(&http.Client{Timeout: 30 * time.Second}, http.MethodPost, api.PathOrder, e.a.token, req)
		answered <- answer{status, body, err}
	}()
	time.Sleep(time.Second)
	select {
	case a := <-answered:
		t.Fatalf("the API answered without a settler: %d %s %v", a.status, a.body, a.err)
	default:
	}
	require.Equal(t, nonceBefore, operatorNonce(t, c), "the API process signs nothing")

	startSettler(t, e)
	a := <-answered
	require.NoError(t, a.err)
	require.Equal(t, http.StatusOK, a.status, "body: %s", a.body)
	var sub api.SubmitResponse
	require.NoError(t, json.Unmarshal(a.body, &sub))
	require.Equal(t, api.StatusPending, sub.Status)
	// The API answers once the settler's journal holds the relay, which may be just before
	// its broadcast.
	require.Eventually(t, func() bool { return operatorNonce(t, c) == nonceBefore+1 }, 10*time.Second, 20*time.Millisecond,
		"the settler sent the relay")

	again := e.submit(t, api.PathOrder, e.a.token, req)
	require.Equal(t, sub.InstructionID, again.InstructionID, "the identical request is answered with the relay")
	reused := signedOrderRequest(t, c, trader, dai, usdt, "11", "9", dtw.KindMarket, deadlineIn(t, c, time.Hour), 7)
	status, body = e.gw.do(t, http.MethodPost, api.PathOrder, e.a.token, reused)
	requireAPIError(t, status, body, http.StatusConflict, api.CodeNonceAlreadyUsed)

	st := e.waitOrder(t, orderByTxPath(c.Source, common.HexToHash(sub.InstructionID)), settleTimeout, "settled",
		func(s api.OrderStatus) bool { return s.Status == api.StatusSettled && s.Confirmations != "0" })
	require.NotNil(t, st.ReturnTxID)
	require.Equal(t, "10", st.QuantitySold)
	require.NotEmpty(t, st.OrderKey)
	key := common.HexToHash(st.OrderKey) // what the chain's events name the order by
	require.Len(t, settlements(t, c, key), 1)

	// The settler's inventory snapshot now fills the estimate.
	var q api.QuantityEstimateResponse
	require.Eventually(t, func() bool {
		status, _ := e.gw.get(t, estimate, e.a.token, &q)
		return status == http.StatusOK
	}, 10*time.Second, 100*time.Millisecond, "no quantity estimate from the settler's inventory")
	require.NotEmpty(t, q.QuantityEstimate)
}
