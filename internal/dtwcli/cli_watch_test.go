package dtwcli_test

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

// streaming is a long-running dtw process whose stdout lines the test reads as they come.
type streaming struct {
	cmd    *exec.Cmd
	lines  chan string
	mu     sync.Mutex
	stderr bytes.Buffer
	done   chan struct{}
	code   int
}

func (c *cli) stream(t *testing.T, args ...string) *streaming {
	t.Helper()
	s := &streaming{cmd: exec.Command(c.bin, args...), lines: make(chan string, 1000), done: make(chan struct{})}
	s.cmd.Env, s.cmd.Dir = c.env.env, c.env.home
	stdout, err := s.cmd.StdoutPipe()
	require.NoError(t, err)
	stderr, err := s.cmd.StderrPipe()
	require.NoError(t, err)
	require.NoError(t, s.cmd.Start())
	t.Cleanup(func() { _ = s.cmd.Process.Kill() })
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			s.lines <- sc.Text()
		}
		close(s.lines)
	}()
	go func() {
		_, _ = io.Copy(lockedWriter{s}, stderr)
		err := s.cmd.Wait()
		if ee, ok := err.(*exec.ExitError); ok {
			s.code = ee.ExitCode()
		}
		close(s.done)
	}()
	return s
}

// lockedWriter appends to a streaming's stderr as it comes.
type lockedWriter struct{ s *streaming }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.s.mu.Lock()
	defer w.s.mu.Unlock()
	return w.s.stderr.Write(p)
}

// line returns the next stdout line.
func (s *streaming) line(t *testing.T) string {
	t.Helper()
	select {
	case l, ok := <-s.lines:
		require.True(t, ok, "dtw ended; stderr: %s", s.errOut())
		return l
	case <-time.After(20 * time.Second):
		require.FailNow(t, "no line in time", "stderr: %s", s.errOut())
	}
	return ""
}

func (s *streaming) errOut() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.stderr.String()
}

// interrupt sends Ctrl-C and returns the exit code.
func (s *streaming) interrupt(t *testing.T) int {
	t.Helper()
	require.NoError(t, s.cmd.Process.Signal(os.Interrupt))
	select {
	case <-s.done:
	case <-time.After(10 * time.Second):
		require.FailNow(t, "dtw did not stop on Ctrl-C")
	}
	return s.code
}

// TestCLIWatch: dtw watch streams a real gateway's websocket: activity as JSON lines
// (each the gateway's message), orders and prices as text; across a restart of the
// gateway it reconnects, says so on stderr, and goes on; Ctrl-C ends it with exit 0;
// bad pairs are usage errors.
func TestCLIWatch(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte(tradingYAML), 0o600))
	gw := newGateway(t, cfgPath, filepath.Join(dir, "data"))
	gw.start(t)
	admin := func(args ...string) string { return gw.admin(t, append(args, "--config", cfgPath)...) }
	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	require.NoError(t, json.Unmarshal([]byte(admin("keys", "create", "--label", "k", "--permissions", "READ,TRADE", "--json")), &key))
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL="+gw.base(), "DTW_API_KEY_ID="+key.APIKeyID, "DTW_API_SECRET="+key.APIKeySecret)}
	var ref api.DepositReferenceResponse
	dtw.okJSON(t, &ref, "offchain", "deposit-reference", "--json")
	fund := func(amount, transfer string) {
		admin("offchain", "book-deposit", "--reference", ref.DepositReference, "--asset", "eur", "--amount", amount, "--transfer-id", transfer)
	}

	activity := dtw.stream(t, "watch", "activity", "--json")
	orders := dtw.stream(t, "watch", "orders")
	prices := dtw.stream(t, "watch", "prices", "eur/usdc")
	require.Contains(t, orders.line(t), "watching ORDERS")
	require.Contains(t, prices.line(t), "watching PRICE_FEED_UPDATES eur/usdc")
	require.Regexp(t, `^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z \((now|\d+s ago|in \ds)\)  PRICE  eur/usdc  1\.0989$`, prices.line(t),
		"the time, how long ago, and 1.1 less half the spread")

	fund("100", "BT-w1")
	var m api.WSMessage
	require.NoError(t, json.Unmarshal([]byte(activity.line(t)), &m))
	require.Equal(t, string(api.ChannelAccountActivity), m.Type)
	var dep api.AccountActivityEvent
	require.NoError(t, json.Unmarshal(m.Data, &dep))
	require.Equal(t, "100", dep.Amount)
	require.Equal(t, key.AccountID, dep.AccountID)

	var swap api.OrderStatus
	dtw.okJSON(t, &swap, "swap", "--sell", "eur", "--buy", "usdc", "--amount", "10", "--json")
	line := orders.line(t)
	for _, want := range []string{"SETTLED", "OFFCHAIN", "order " + swap.OrderID, "sold 10 eur", "bought 10.978011 usdc"} {
		require.Contains(t, line, want)
	}

	// The gateway restarts: each watch reconnects and subscribes again.
	gw.stop(t)
	gw.start(t)
	require.Eventually(t, func() bool { return strings.Contains(activity.errOut(), "reconnected") }, 30*time.Second, 50*time.Millisecond,
		"stderr: %s", activity.errOut())
	fund("7", "BT-w2")
	require.NoError(t, json.Unmarshal([]byte(activity.line(t)), &m))
	require.NoError(t, json.Unmarshal(m.Data, &dep))
	require.Equal(t, "7", dep.Amount, "sent after the reconnection")
	require.Contains(t, prices.line(t), "PRICE  eur/usdc", "the price again on subscribing again")

	// Each watch says, once it has reconnected, that what happened meanwhile is not
	// replayed (the orders watch may reconnect after the activity watch did).
	for _, s := range []*streaming{activity, orders, prices} {
		require.Eventually(t, func() bool { return strings.Contains(s.errOut(), "not replayed") }, 30*time.Second, 50*time.Millisecond,
			"stderr: %s", s.errOut())
	}
	for _, s := range []*streaming{activity, orders, prices} {
		require.Zero(t, s.interrupt(t), "Ctrl-C is a clean exit; stderr: %s", s.errOut())
	}

	dtw.fails(t, exitUsage, msgs("SELL/BUY"), "watch", "prices", "eurusdc")
	dtw.fails(t, exitUsage, msgs("the same"), "watch", "prices", "eur/EUR")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "watch", "prices")
	dtw.fails(t, exitUsage, msgs("wrong number of arguments"), "watch", "orders", "x")
}
