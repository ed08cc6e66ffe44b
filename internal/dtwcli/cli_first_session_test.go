package dtwcli_test

import (
	"bytes"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

// firstSession is the README's first session: the command lines of the sh blocks under
// "## A first session", in order.
func firstSession(t *testing.T) []string {
	t.Helper()
	blob, err := os.ReadFile("../../README.md")
	require.NoError(t, err)
	_, section, ok := strings.Cut(string(blob), "\n## A first session\n")
	require.True(t, ok, "the README has a first session")
	section, _, _ = strings.Cut(section, "\n## ")
	var lines []string
	fenced := false
	for _, l := range strings.Split(section, "\n") {
		if strings.HasPrefix(l, "```") {
			fenced = !fenced
			continue
		}
		if fenced && strings.TrimSpace(l) != "" {
			lines = append(lines, l)
		}
	}
	require.NotEmpty(t, lines)
	return lines
}

// sessionProc is a long-running command of the session (the devnet, the gateway, a
// watch), its output collected.
type sessionProc struct {
	cmd      *exec.Cmd
	out, err *gatewaytest.Logs
	done     chan struct{}
}

func startSessionProc(t *testing.T, dir string, env []string, bin string, args ...string) *sessionProc {
	t.Helper()
	b := &sessionProc{cmd: exec.Command(bin, args...), out: &gatewaytest.Logs{}, err: &gatewaytest.Logs{}, done: make(chan struct{})}
	b.cmd.Dir, b.cmd.Env = dir, env
	b.cmd.Stdout, b.cmd.Stderr = b.out, b.err
	b.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, b.cmd.Start())
	go func() {
		_ = b.cmd.Wait()
		close(b.done)
	}()
	t.Cleanup(func() {
		_ = b.cmd.Process.Signal(os.Interrupt)
		select {
		case <-b.done:
		case <-time.After(15 * time.Second):
			_ = b.cmd.Process.Kill()
			<-b.done
		}
		if t.Failed() {
			t.Logf("%s %s:\n%s\n%s", filepath.Base(bin), strings.Join(args, " "), b.out, b.err)
		}
	})
	return b
}

// TestREADMEFirstSession runs the README's first session as a newcomer would, in a fresh
// directory: `make devnet` (the Makefile's recipe, `dtwgate devnet --dir .devnet`, with
// the built binary), `dtwgate serve` on the devnet's config, then every dtwgate and dtw
// line as written. The gateway listens where DTWGATE_LISTEN says (a free port, not
// 8080, which the examples' --api-url names and the test replaces); a `dtw watch` runs
// until its first push, then gets Ctrl-C and must exit 0.
func TestREADMEFirstSession(t *testing.T) {
	t.Parallel()
	mk, err := os.ReadFile("../../Makefile")
	require.NoError(t, err)
	require.Regexp(t, `(?m)^devnet:.*\n\t\$\(GO\) run \./cmd/dtwgate devnet --dir \.devnet$`, string(mk), "make devnet runs `dtwgate devnet --dir .devnet`")

	home := t.TempDir()
	dtwgate := gatewaytest.Binary(t)
	listen := gatewaytest.FreeAddr(t)
	gwEnv := gatewaytest.Env("DTWGATE_LISTEN=" + listen)
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t)}
	dtw.env.home = home
	for i, kv := range dtw.env.env {
		if strings.HasPrefix(kv, "HOME=") {
			dtw.env.env[i] = "HOME=" + home
		}
	}
	subs := map[string]string{"http://127.0.0.1:8080/api": "http://" + listen + "/api"}
	ran := 0
	for _, l := range firstSession(t) {
		args := runnable(l, subs)
		require.Len(t, args, 1, l)
		words := args[0]
		switch {
		case l == "make devnet":
			dev := startSessionProc(t, home, gwEnv, dtwgate, "devnet", "--dir", ".devnet")
			require.Eventually(t, func() bool {
				select {
				case <-dev.done:
					return true
				default:
				}
				return strings.Contains(dev.out.String(), "press Ctrl-C")
			}, 3*time.Minute, 200*time.Millisecond, "the devnet starts")
			select {
			case <-dev.done:
				t.Fatalf("the devnet exited:\n%s\n%s", dev.out, dev.err)
			default:
			}
		case words[0] == "dtwgate" && words[1] == "serve":
			gw := startSessionProc(t, home, gwEnv, dtwgate, words[1:]...)
			hc := &http.Client{Timeout: 2 * time.Second}
			require.Eventually(t, func() bool {
				resp, err := hc.Get("http://" + listen + "/readyz")
				if err != nil {
					return false
				}
				resp.Body.Close()
				return resp.StatusCode == http.StatusOK
			}, time.Minute, 100*time.Millisecond, "the gateway is ready:\n%s", gw.err)
		case words[0] == "dtwgate":
			cmd := exec.Command(dtwgate, words[1:]...)
			cmd.Dir, cmd.Env = home, gwEnv
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s:\n%s", l, out)
			if words[1] == "devnet" {
				require.Regexp(t, `round \d+\s+answer 3100`, string(out), l)
			}
		case words[0] == "dtw" && words[1] == "watch":
			w := startSessionProc(t, home, dtw.env.env, dtw.bin, words[1:]...)
			require.Eventually(t, func() bool { return strings.Contains(w.out.String(), "eth/usdt") }, 30*time.Second, 100*time.Millisecond,
				"%s pushes a price:\n%s\n%s", l, w.out, w.err)
			require.NoError(t, w.cmd.Process.Signal(os.Interrupt))
			select {
			case <-w.done:
			case <-time.After(10 * time.Second):
				t.Fatalf("%s did not end on Ctrl-C", l)
			}
			require.Zero(t, w.cmd.ProcessState.ExitCode(), "%s exits 0 on Ctrl-C:\n%s", l, w.err)
		case words[0] == "dtw":
			out := dtw.ok(t, words[1:]...)
			switch words[1] {
			case "swap":
				require.Regexp(t, `status\s+SETTLED`, out, l)
			case "order":
				require.NotContains(t, out, "FAILED", l)
			case "orders":
				require.Regexp(t, regexp.MustCompile(`(?s)OFFCHAIN.*ETHEREUM|ETHEREUM.*OFFCHAIN`), out, "both venues' orders: %s", out)
			}
		default:
			t.Fatalf("the first session has a line no test runs: %s", l)
		}
		ran++
	}
	require.GreaterOrEqual(t, ran, 14, "the session runs")
	require.True(t, bytes.Contains([]byte(dtw.ok(t, "order", "status", "ETHEREUM", "1")), []byte("SETTLED")), "the gasless order settled")
}
