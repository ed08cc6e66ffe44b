// Package gatewaytest runs the real dtwgate binary for end-to-end tests: it builds the
// binary once per test binary, starts `dtwgate serve` on a loopback address, waits until
// it is ready, kills and restarts it on the same data directory, and runs admin commands.
package gatewaytest

import (
	"bytes"
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

	"github.com/dtwgate/dtwgate/testnet"
)

var binary struct {
	once      sync.Once
	dir, path string
	err       error
}

// Binary builds ./cmd/dtwgate once per test binary and returns its path. Cleanup removes
// it; call it from TestMain after m.Run.
func Binary(t testing.TB) string {
	t.Helper()
	binary.once.Do(func() {
		root, err := testnet.ModuleRoot()
		if err != nil {
			binary.err = err
			return
		}
		if binary.dir, binary.err = os.MkdirTemp("", "dtwgate-e2e-"); binary.err != nil {
			return
		}
		binary.path = filepath.Join(binary.dir, "dtwgate")
		out, err := exec.Command("go", "build", "-C", root, "-o", binary.path, "./cmd/dtwgate").CombinedOutput()
		if err != nil {
			binary.err = &buildError{out: string(out), err: err}
		}
	})
	require.NoError(t, binary.err, "build dtwgate")
	return binary.path
}

// Cleanup removes the binary Binary built.
func Cleanup() {
	if binary.dir != "" {
		_ = os.RemoveAll(binary.dir)
	}
}

type buildError struct {
	out string
	err error
}

func (e *buildError) Error() string { return e.err.Error() + ": " + e.out }

// Logs collects a process's output; safe to read while the process writes.
type Logs struct {
	mu sync.Mutex
	b  bytes.Buffer
}

// Write implements io.Writer.
func (l *Logs) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String returns everything written so far.
func (l *Logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// Env is the environment without DTWGATE_* variables (so the caller's settings cannot
// leak into the gateway under test), plus extra.
func Env(extra ...string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DTWGATE_") {
			env = append(env, kv)
		}
	}
	return append(env, extra...)
}

// FreeAddr returns a loopback host:port that was free a moment ago.
func FreeAddr(t testing.TB) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := ln.Addr().String()
	require.NoError(t, ln.Close())
	return addr
}

// Process is a `dtwgate serve` process, restartable on its data directory.
type Process struct {
	// Bin is the dtwgate binary; Config the config file ("" for none); DataDir the store.
	Bin, Config, DataDir string
	// Listen is the host:port it serves on; Start picks a free one when it is empty.
	Listen string
	// Logs receives its output over every run.
	Logs *Logs

	cmd     *exec.Cmd
	exited  chan struct{}
	waitErr error
}

// New returns a process (not started) that is killed when the test ends; on failure
// the test log shows its output.
func New(t testing.TB, config, dataDir string) *Process {
	t.Helper()
	p := &Process{Bin: Binary(t), Config: config, DataDir: dataDir, Logs: &Logs{}}
	t.Cleanup(func() {
		p.Kill(t)
		if t.Failed() {
			t.Logf("gateway logs:\n%s", p.Logs)
		}
	})
	return p
}

// Base is the API base URL.
func (p *Process) Base() string { return "http://" + p.Listen + "/api" }

// Start runs `dtwgate serve` with extraEnv and waits until /readyz answers 200.
func (p *Process) Start(t testing.TB, extraEnv ...string) {
	t.Helper()
	require.Nil(t, p.cmd, "gateway already running")
	if p.Listen == "" {
		p.Listen = FreeAddr(t)
	}
	args := []string{"serve", "--data-dir", p.DataDir, "--listen", p.Listen}
	if p.Config != "" {
		args = append(args, "--config", p.Config)
	}
	cmd := exec.Command(p.Bin, args...)
	cmd.Env = Env(extraEnv...)
	cmd.Stdout, cmd.Stderr = p.Logs, p.Logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	require.NoError(t, cmd.Start())
	exited := make(chan struct{})
	go func() {
		p.waitErr = cmd.Wait()
		close(exited)
	}()
	p.cmd, p.exited = cmd, exited
	hc := &http.Client{Timeout: 2 * time.Second}
	require.Eventually(t, func() bool {
		select {
		case <-exited:
			return true // fails below with the logs
		default:
		}
		resp, err := hc.Get("http://" + p.Listen + "/readyz")
		if err != nil {
			return false
		}
		resp.Body.Close()
		return resp.StatusCode == http.StatusOK
	}, 20*time.Second, 50*time.Millisecond, "gateway did not become ready")
	select {
	case <-exited:
		t.Fatalf("gateway exited at start:\n%s", p.Logs)
	default:
	}
}

// Kill sends SIGKILL and waits until the process is gone; it does nothing when stopped.
func (p *Process) Kill(t testing.TB) {
	t.Helper()
	if p.cmd == nil {
		return
	}
	_ = p.cmd.Process.Kill()
	select {
	case <-p.exited:
	case <-time.After(10 * time.Second):
		t.Errorf("gateway %d did not exit after SIGKILL", p.cmd.Process.Pid)
	}
	p.cmd = nil
}

// Terminate sends SIGTERM and waits for a graceful exit; it returns the process's exit
// error (nil for status 0).
func (p *Process) Terminate(t testing.TB) error {
	t.Helper()
	require.NotNil(t, p.cmd, "gateway not running")
	require.NoError(t, p.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-p.exited:
	case <-time.After(15 * time.Second):
		t.Fatalf("gateway did not stop within 15s of SIGTERM:\n%s", p.Logs)
	}
	p.cmd = nil
	return p.waitErr
}

// Admin runs `dtwgate admin ARGS... --data-dir D` and returns its standard output.
func (p *Process) Admin(t testing.TB, args ...string) string {
	t.Helper()
	cmd := exec.Command(p.Bin, append(append([]string{"admin"}, args...), "--data-dir", p.DataDir)...)
	cmd.Env = Env()
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "admin %v: %s", args, stderr.String())
	return string(out)
}
