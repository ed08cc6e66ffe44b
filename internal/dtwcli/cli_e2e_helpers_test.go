package dtwcli_test

import (
	"encoding/json"

	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gatewaycmd"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// gateway is a dtwgate serve process on a fixed loopback address (so dtw's apiUrl stays
// valid), restartable on its data directory.
type gateway struct{ *gatewaytest.Process }

// base is the gateway's API URL.
func (g *gateway) base() string { return g.Base() }

// writeGatewayYAML writes the gateway config for the devnet, as `dtwgate devnet` does.
func writeGatewayYAML(t *testing.T, dir string, d *devnet.File) string {
	t.Helper()
	path, err := gatewaycmd.WriteGatewayConfig(dir, d, 1)
	require.NoError(t, err)
	return path
}

func newGateway(t *testing.T, configPath, dataDir string) *gateway {
	t.Helper()
	p := gatewaytest.New(t, configPath, dataDir)
	p.Listen = gatewaytest.FreeAddr(t)
	return &gateway{p}
}

func (g *gateway) start(t *testing.T)                        { g.Start(t) }
func (g *gateway) stop(t *testing.T)                         { g.Kill(t) }
func (g *gateway) admin(t *testing.T, args ...string) string { return g.Admin(t, args...) }

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
