package gatewaycmd

import (
	"encoding/json"
	"net/http"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/testnet"
)

// settlerProcess is a `dtwgate serve --role settler` process of a chainEnv.
type settlerProcess struct {
	cmd    *exec.Cmd
	logs   *gatewaytest.Logs
	exited chan struct{}
}

// startSettlerProcess runs a settler on the env's config and data directory; it is
// killed when the test ends. It may or may not be elected.
func startSettlerProcess(t *testing.T, e *chainEnv) *settlerProcess {
	t.Helper()
	p := &settlerProcess{logs: &gatewaytest.Logs{}, exited: make(chan struct{})}
	p.cmd = exec.Command(e.gw.Bin, "serve", "--role", "settler", "--data-dir", e.gw.DataDir, "--config", e.gw.Config,
		"--listen", gatewaytest.FreeAddr(t))
	p.cmd.Env = gatewaytest.Env()
	p.cmd.Stdout, p.cmd.Stderr = p.logs, p.logs
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, p.cmd.Start())
	go func() {
		_ = p.cmd.Wait()
		close(p.exited)
	}()
	t.Cleanup(func() {
		_ = p.cmd.Process.Kill()
		<-p.exited
		if t.Failed() {
			t.Logf("settler %d logs:\n%s", p.cmd.Process.Pid, p.logs)
		}
	})
	require.Eventually(t, func() bool {
		select {
		case <-p.exited:
			t.Fatalf("settler exited at start:\n%s", p.logs)
		default:
		}
		return strings.Contains(p.logs.String(), "settling")
	}, 20*time.Second, 50*time.Millisecond, "settler did not start")
	return p
}

// leaseHolderPid returns the pid of the process that holds lease now, from the API's
// /readyz, and the lease's token; pid 0 when none holds it.
func leaseHolderPid(t *testing.T, e *chainEnv, lease string) (pid int, token int64) {
	t.Helper()
	resp, err := e.gw.http.Get("http://" + e.gw.Listen + api.PathReadyz)
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	var r api.Readiness
	require.NoError(t, json.NewDecoder(resp.Body).Decode(&r))
	for _, l := range r.Leases {
		if l.Lease != lease || !l.Held {
			continue
		}
		require.False(t, l.Self, "the API process holds no lease")
		parts := strings.Split(l.Holder, ":") // hostname:pid:random
		require.Len(t, parts, 3, "holder %q", l.Holder)
		pid, err := strconv.Atoi(parts[1])
		require.NoError(t, err)
		return pid, l.Token
	}
	return 0, 0
}

// TestChainE2ESettlerFailover: two settler processes and an API process share one data
// directory. One settler is elected for the chain and settles an order; it is SIGKILLed
// (no release), and the other takes the chain's lease once it expires, with a higher
// token, resumes from the journal and settles a second order. Every order is settled
// once. The failover time is logged.
func TestChainE2ESettlerFailover(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t, EnvRole+"=api")
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 100)

	settlers := map[int]*settlerProcess{}
	for range 2 {
		p := startSettlerProcess(t, e)
		settlers[p.cmd.Process.Pid] = p
	}
	lease := "settler:" + c.Source
	var leader, token int
	require.Eventually(t, func() bool {
		pid, tok := leaseHolderPid(t, e, lease)
		leader, token = pid, int(tok)
		return settlers[pid] != nil
	}, 20*time.Second, 100*time.Millisecond, "no settler leads %s", lease)
	matcher, _ := leaseHolderPid(t, e, "offchain-matcher")
	require.Contains(t, settlers, matcher, "a settler runs the OFFCHAIN matcher")

	order := func() *testnet.PlacedOrder {
		return place(t, c, trader, testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(40), MinBuyAmount: usdt.Units(39), Kind: dtw.KindMarket})
	}
	first := order()
	e.waitOrder(t, orderByTxPath(c.Source, first.Receipt.TxHash), settleTimeout, "settled by the first leader", isStatus(api.StatusSettled))
	require.Len(t, settlements(t, c, first.Key()), 1)

	killed := time.Now()
	require.NoError(t, settlers[leader].cmd.Process.Signal(syscall.SIGKILL))
	<-settlers[leader].exited
	second := order()
	var next, nextToken int
	require.Eventually(t, func() bool {
		pid, tok := leaseHolderPid(t, e, lease)
		next, nextToken = pid, int(tok)
		return pid != 0 && pid != leader
	}, 2*config.DefaultLeaseTTL, 50*time.Millisecond, "no settler took over %s", lease)
	takeover := time.Since(killed)
	require.Contains(t, settlers, next)
	require.Greater(t, nextToken, token, "the new leader's token")
	e.waitOrder(t, orderByTxPath(c.Source, second.Receipt.TxHash), settleTimeout, "settled by the new leader", isStatus(api.StatusSettled))
	settled := time.Since(killed)
	t.Logf("failover: lease taken over %.1fs after SIGKILL of the leader (lease ttl %s), the next order settled %.1fs after it",
		takeover.Seconds(), config.DefaultLeaseTTL, settled.Seconds())
	require.Less(t, takeover, config.DefaultLeaseTTL+config.DefaultLeaseTTL/3+2*time.Second, "failover bound")
	require.Contains(t, settlers[next].logs.String(), "engine started")

	for _, o := range []*testnet.PlacedOrder{first, second} {
		require.Len(t, settlements(t, c, o.Key()), 1, "order %s settled once", o.ID)
	}
	require.Eventually(t, func() bool {
		pid, _ := leaseHolderPid(t, e, "offchain-matcher")
		return pid == next
	}, 2*config.DefaultLeaseTTL, 100*time.Millisecond, "the matcher moved to the survivor")
}
