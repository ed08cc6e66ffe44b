// Package cmd_test checks properties of the binaries as a whole.
package cmd_test

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestBinariesDoNotLinkTesting keeps package testing (and with it the test harness and
// its flags) out of the shipped binaries: code they need from testnet lives in packages
// that do not import it.
func TestBinariesDoNotLinkTesting(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", "github.com/dtwgate/dtwgate/cmd/...").CombinedOutput()
	require.NoError(t, err, "go list: %s", out)
	deps := strings.Fields(string(out))
	require.Contains(t, deps, "github.com/dtwgate/dtwgate/cmd/dtw", "go list must list the binaries")
	require.Contains(t, deps, "github.com/dtwgate/dtwgate/cmd/dtwgate", "go list must list the binaries")
	require.NotContains(t, deps, "testing", "a binary links package testing; see which package imports it with `go list -deps -f '{{.ImportPath}}: {{.Imports}}' ./cmd/... | grep -w testing`")
}
