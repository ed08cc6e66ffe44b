// Package smoke runs a benchmark (a program of testnet/cmd and the like) from its own
// package's tests at a tiny size, in seconds, and checks that it printed its figure
// lines: the smoke form every benchmark has in `make test`, so that none rots between
// the sessions that measure them.
package smoke

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// smokeEnv, set to 1, makes a benchmark's test binary run the benchmark (its main)
// instead of its tests; Run starts it so.
const smokeEnv = "DTW_BENCH_SMOKE_MAIN"

// Main is a benchmark's TestMain: it runs main, the benchmark itself, when Run
// started the test binary, and the package's tests otherwise.
func Main(m *testing.M, main func()) {
	if os.Getenv(smokeEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// Run runs the benchmark of the test's package (its main, through Main, in a
// process of its own and its own process group) with args, which should make it tiny,
// and requires that it exits 0 within timeout having printed a line matching each of
// figures (regular expressions of a whole line). The figures' values are not checked:
// the smoke form proves that the benchmark still runs to its figures, in `make test`, so
// that none rots between the sessions that measure them. It returns the output.
func Run(t *testing.T, timeout time.Duration, args []string, figures ...string) string {
	t.Helper()
	exe, err := os.Executable()
	require.NoError(t, err)
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, exe, args...)
	cmd.Env = append(os.Environ(), smokeEnv+"=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	// On a timeout the whole group goes: the benchmark's chains and gateways too.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
	cmd.WaitDelay = 10 * time.Second
	start := time.Now()
	err = cmd.Run()
	t.Logf("%s %s: %s", t.Name(), strings.Join(args, " "), time.Since(start).Round(100*time.Millisecond))
	require.NoError(t, err, "the benchmark failed; stdout:\n%s\nstderr:\n%s", stdout.String(), stderr.String())
	out := stdout.String()
	for _, f := range figures {
		require.Regexp(t, regexp.MustCompile("(?m)^"+f+"$"), out, "figure line %q missing; stderr:\n%s", f, stderr.String())
	}
	return out
}
