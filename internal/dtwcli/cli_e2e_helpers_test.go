package dtwcli_test

import (
	"encoding/json"

	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/testnet"
)

var (
	gatewayBinOnce sync.Once
	gatewayBin     string
	gatewayBinErr  error
)

// dtwgateBinary builds cmd/dtwgate once per test run.
func dtwgateBinary(t *testing.T) string {
	t.Helper()
	gatewayBinOnce.Do(func() {
		dir, err := os.MkdirTemp("", "dtw-cli-gateway")
		if err != nil {
			gatewayBinErr = err
			return
		}
		gatewayBin = filepath.Join(dir, "dtwgate")
		out, err := exec.Command("go", "build", "-o", gatewayBin, "github.com/dtwgate/dtwgate/cmd/dtwgate").CombinedOutput()
		if err != nil {
			gatewayBinErr = &buildError{out: string(out), err: err}
		}
	})
	require.NoError(t, gatewayBinErr, "build dtwgate")
	return gatewayBin
}

// syncBuffer collects a process's output.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *syncBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *syncBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// gateway is a dtwgate serve process on a fixed loopback address, restartable on its
// data directory.
type gateway struct {
	bin, config, dataDir, listen string
	cmd                          *exec.Cmd
	exited                       chan struct{}
	logs                         *syncBuffer
}

// base is the gateway's API URL.
func (g *gateway) base() string { return "http://" + g.listen + "/api" }

// writeGatewayYAML writes the gateway config for the devnet, as `dtwgate devnet` does.
func writeGatewayYAML(t *testing.T, dir string, d *testnet.Devnet) string {
	t.Helper()
	path, err := gatewaycmd.WriteGatewayConfig(dir, d, 1)
	require.NoError(t, err)
	return path
}

func newGateway(t *testing.T, configPath, dataDir string) *gateway {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	listen := ln.Addr().String()
	require.NoError(t, ln.Close())
	g := &gateway{bin: dtwgateBinary(t), config: configPath, dataDir: dataDir, listen: listen, logs: &syncBuffer{}}
	t.Cleanup(func() {
		g.stop(t)
		if t.Failed() {
			t.Logf("gateway logs:\n%s", g.logs)
		}
	})
	return g
}

func gatewayEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DTWGATE_") {
			env = append(env, kv)
		}
	}
	return env
}

// start runs `dtwgate serve` and waits until it is ready.
func (g *gateway) start(t *testing.T) {
	t.Helper()
	require.Nil(t, g.cmd, "gateway already running")
	cmd := exec.Command(g.bin, "serve", "--config", g.config, "--data-dir", g.dataDir, "--listen", g.listen)
	cmd.Env = gatewayEnv()
	cmd.Stdout, cmd.Stderr = g.logs, g.logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		close(exited)
	}()
	g.cmd, g.exited = cmd, exited
	hc := &http.Client{Timeout: 2 * time.Second}
	require.Eventually(t, func() bool {
		select {
		case <-exited:
			return true
		default:
		}
		resp, err := hc.Get("http://" + g.listen + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 20*time.Second, 50*time.Millisecond, "gateway did not become ready")
	select {
	case <-exited:
		t.Fatalf("gateway exited at start:\n%s", g.logs)
	default:
	}
}

// stop kills the gateway and waits until it is gone.
func (g *gateway) stop(t *testing.T) {
	t.Helper()
	if g.cmd == nil {
		return
	}
	_ = g.cmd.Process.Kill()
	select {
	case <-g.exited:
	case <-time.After(10 * time.Second):
		t.Errorf("gateway %d did not exit after SIGKILL", g.cmd.Process.Pid)
	}
	g.cmd = nil
}

// admin runs `dtwgate admin ARGS... --data-dir D` and returns its stdout.
func (g *gateway) admin(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command(g.bin, append(append([]string{"admin"}, args...), "--data-dir", g.dataDir)...)
	cmd.Env = gatewayEnv()
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "admin %v: %s", args, out)
	return string(out)
}

// cli runs the dtw binary in an isolated HOME with a config.
type cli struct {
	bin string
	env *walletEnv
}

// run runs dtw and returns stdout, stderr and the exit code.
func (c *cli) run(t *testing.T, args ...string) (string, string, int) {
	t.Helper()
	out, errOut, code := c.env.run(t, "", c.bin, args...)
	if testing.Verbose() {
		t.Logf("$ dtw %s  (exit %d)\n%s\n%s", strings.Join(args, " "), code, out, errOut)
	}
	return out, errOut, code
}

// ok runs dtw and requires exit 0.
func (c *cli) ok(t *testing.T, args ...string) string {
	t.Helper()
	out, errOut, code := c.run(t, args...)
	require.Zero(t, code, "dtw %s: got exit %d, want 0\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, out, errOut)
	return out
}

// okJSON runs dtw with --json placed after the subcommand and decodes stdout.
func (c *cli) okJSON(t *testing.T, out any, args ...string) string {
	t.Helper()
	stdout, errOut, code := c.run(t, args...)
	require.Zero(t, code, "dtw %s: got exit %d, want 0\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, stdout, errOut)
	require.NoError(t, json.Unmarshal([]byte(stdout), out), "stdout: %s", stdout)
	return errOut
}

// fails runs dtw and requires exit code want with stderr containing each of msgs.
func (c *cli) fails(t *testing.T, want int, msgs []string, args ...string) string {
	t.Helper()
	out, errOut, code := c.run(t, args...)
	require.Equal(t, want, code, "dtw %s: got exit %d, want %d\nstdout: %s\nstderr: %s", strings.Join(args, " "), code, want, out, errOut)
	for _, m := range msgs {
		require.Contains(t, errOut, m, "dtw %s", strings.Join(args, " "))
	}
	return errOut
}

func msgs(s ...string) []string { return s }
