// Package benchkit is the plumbing the gateway's process benchmarks share: building
// dtwgate, starting, killing and stopping `dtwgate serve` processes on an OFFCHAIN-only
// config (SQLite in a data directory or a PostgreSQL store), provisioning funded traders
// with API keys through `dtwgate admin`, the swap and order-status client loops over real
// HTTP, and the machine's figures (percentiles, CPU time, load average).
package benchkit

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/testnet"
)

// offchainYAML is a gateway's config: the OFFCHAIN venue only; rate limits off, so the
// figures are the cost of serving, not of refusing. %s are the listen address and the
// store and storeSync lines.
const offchainYAML = `listen: %s
%s%srateLimits:
  authPerClient: {perSecond: -1}
  authPerKey: {perSecond: -1}
offchain:
  assets:
    - {id: eur, decimals: 2, fiat: true}
    - {id: usdc, decimals: 6}
  banks:
    - {name: eur-main, asset: eur, bankName: Bench Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
  inventoryLimits: {eur: "1000000000", usdc: "1000000000"}
pricing:
  prices: {eur: "1.1", usd: "1", usdc: "1"}
`

// readyTimeout bounds a gateway's start, until /readyz answers 200.
const readyTimeout = 60 * time.Second

// Build builds dtwgate from the module into dir and returns the binary's path.
func Build(ctx context.Context, dir string) (string, error) {
	root, err := testnet.ModuleRoot()
	if err != nil {
		return "", err
	}
	bin := filepath.Join(dir, "dtwgate")
	build := exec.CommandContext(ctx, "go", "build", "-C", root, "-o", bin, "./cmd/dtwgate")
	build.Stderr = os.Stderr
	if err := build.Run(); err != nil {
		return "", fmt.Errorf("build dtwgate: %w", err)
	}
	return bin, nil
}

// FreePort returns a 127.0.0.1:port address that was free a moment ago.
func FreePort() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// GatewayOptions configures one gateway process.
type GatewayOptions struct {
	// Store is the config's store: a postgres:// URL, or "" for SQLite in the data
	// directory (the default).
	Store string
	// StoreSync is the config's storeSync (SQLite's durability): "normal", "full", or ""
	// for the gateway's default (normal).
	StoreSync string
	// Pprof serves net/http/pprof on a free port (PprofListen) when set.
	Pprof bool
	// ExtraYAML is appended to the config (e.g. a receipts section).
	ExtraYAML string
	// Procs, when positive, is the process's GOMAXPROCS (the cores it runs Go code on at
	// once), as an operator sets it for replicas sharing a host; 0 leaves Go's default
	// (the machine's cores, or its container's CPU limit).
	Procs int
}

// Gateway is one `dtwgate serve` process with an OFFCHAIN-only config in its own
// directory. Its methods are not safe for concurrent use, except BaseURL, Admin and
// CPUTime.
type Gateway struct {
	// Bin is the dtwgate binary.
	Bin string
	// ConfigPath is the gateway's YAML config.
	ConfigPath string
	// DataDir is the data directory (the SQLite store when the config names no other).
	DataDir string
	// LogPath is the file the process's output goes to.
	LogPath string
	// Listen is the API's host:port.
	Listen string
	// PprofListen is the pprof server's host:port, "" without one.
	PprofListen string

	cmd     *exec.Cmd
	logFile *os.File
	http    *http.Client
	procs   int
}

// NewGateway writes a gateway's config, data directory and log file into dir (which
// must exist) for the binary bin; Start runs it.
func NewGateway(bin, dir string, opts GatewayOptions) (*Gateway, error) {
	g := &Gateway{Bin: bin, ConfigPath: filepath.Join(dir, "gateway.yaml"), DataDir: filepath.Join(dir, "data"),
		LogPath: filepath.Join(dir, "gateway.log"), http: &http.Client{Timeout: 10 * time.Second}, procs: opts.Procs}
	var err error
	if g.Listen, err = FreePort(); err != nil {
		return nil, err
	}
	if opts.Pprof {
		if g.PprofListen, err = FreePort(); err != nil {
			return nil, err
		}
	}
	storeLine := ""
	if opts.Store != "" {
		storeLine = fmt.Sprintf("store: %q\n", opts.Store)
	}
	syncLine := ""
	if opts.StoreSync != "" {
		syncLine = fmt.Sprintf("storeSync: %q\n", opts.StoreSync)
	}
	if err := os.WriteFile(g.ConfigPath, []byte(fmt.Sprintf(offchainYAML, g.Listen, storeLine, syncLine)+opts.ExtraYAML), 0o600); err != nil {
		return nil, err
	}
	if err := os.MkdirAll(g.DataDir, 0o700); err != nil {
		return nil, err
	}
	if g.logFile, err = os.Create(g.LogPath); err != nil {
		return nil, err
	}
	return g, nil
}

// BaseURL is the API's base URL, for client.Config.BaseURL.
func (g *Gateway) BaseURL() string { return "http://" + g.Listen + "/api" }

// Start runs `dtwgate serve` and waits until it is ready.
func (g *Gateway) Start() error {
	args := []string{"serve", "--config", g.ConfigPath, "--data-dir", g.DataDir}
	if g.PprofListen != "" {
		args = append(args, "--pprof-listen", g.PprofListen)
	}
	g.cmd = exec.Command(g.Bin, args...)
	g.cmd.Stdout, g.cmd.Stderr = g.logFile, g.logFile
	if g.procs > 0 {
		g.cmd.Env = append(os.Environ(), fmt.Sprintf("GOMAXPROCS=%d", g.procs))
	}
	if err := g.cmd.Start(); err != nil {
		return fmt.Errorf("start dtwgate serve: %w", err)
	}
	for deadline := time.Now().Add(readyTimeout); ; time.Sleep(100 * time.Millisecond) {
		if resp, err := g.http.Get("http://" + g.Listen + api.PathReadyz); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("the gateway did not become ready; see %s", g.LogPath)
		}
	}
}

// PID is the running process's id, 0 when it is not running.
func (g *Gateway) PID() int {
	if g.cmd == nil || g.cmd.Process == nil {
		return 0
	}
	return g.cmd.Process.Pid
}

// CPUTime is the CPU time the running process has used.
func (g *Gateway) CPUTime() time.Duration { return ProcCPUTime(g.PID()) }

// Kill ends the gateway with SIGKILL: nothing it holds in memory is written.
func (g *Gateway) Kill() error {
	if err := g.cmd.Process.Kill(); err != nil {
		return fmt.Errorf("kill the gateway: %w", err)
	}
	_ = g.cmd.Wait()
	g.cmd = nil
	return nil
}

// Terminate ends a started process with SIGTERM, and SIGKILL when it has not exited
// 20 s later, and waits for it.
func Terminate(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { _ = cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		<-done
	}
}

// Stop ends the gateway with SIGTERM (SIGKILL after 20 s) and closes its log.
func (g *Gateway) Stop() {
	if g.cmd != nil {
		Terminate(g.cmd)
		g.cmd = nil
	}
	if g.logFile != nil {
		g.logFile.Close()
		g.logFile = nil
	}
}

// Admin runs a `dtwgate admin` command on the gateway's config and store and returns
// its output.
func (g *Gateway) Admin(ctx context.Context, args ...string) (string, error) {
	args = append(append([]string{"admin"}, args...), "--config", g.ConfigPath, "--data-dir", g.DataDir)
	out, err := exec.CommandContext(ctx, g.Bin, args...).CombinedOutput()
	if err != nil {
		return "", fmt.Errorf("dtwgate %s: %w: %s", strings.Join(args, " "), err, out)
	}
	return string(out), nil
}

// Profile starts a CPU profile of the gateway (which needs GatewayOptions.Pprof) for d
// and returns a function that waits for it and writes it to path.
func (g *Gateway) Profile(path string, d time.Duration) func() error {
	done := make(chan error, 1)
	go func() {
		resp, err := http.Get(fmt.Sprintf("http://%s/debug/pprof/profile?seconds=%d", g.PprofListen, max(1, int(d.Seconds()))))
		if err != nil {
			done <- err
			return
		}
		defer resp.Body.Close()
		f, err := os.Create(path)
		if err != nil {
			done <- err
			return
		}
		_, err = io.Copy(f, resp.Body)
		done <- errors.Join(err, f.Close())
	}()
	return func() error {
		if err := <-done; err != nil {
			return fmt.Errorf("cpu profile: %w", err)
		}
		return nil
	}
}
