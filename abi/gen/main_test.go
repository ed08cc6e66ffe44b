package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestArtifactsUpToDate compiles the contracts afresh with the pinned solc and
// regenerates the bindings, and fails when either differs from what is committed: run
// `make contracts` after changing a contract.
func TestArtifactsUpToDate(t *testing.T) {
	root, err := moduleRoot()
	require.NoError(t, err)
	tools := os.Getenv("DTW_TOOLS_DIR")
	if tools == "" {
		tools = filepath.Join(root, "tools")
	}
	_, err = os.Stat(filepath.Join(tools, "node_modules", "solc"))
	require.NoError(t, err, "the pinned solc is missing: run `make tools`")
	node, err := exec.LookPath("node")
	require.NoError(t, err, "node is needed to run the pinned solc: install Node.js")

	fresh := t.TempDir()
	cmd := exec.Command(node, filepath.Join(root, "contracts", "compile.js"), fresh)
	cmd.Env = append(os.Environ(), "DTW_TOOLS_DIR="+tools)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "compile: %s", out)

	committed := filepath.Join(root, "abi", "artifacts")
	for _, name := range Contracts {
		for _, ext := range []string{".abi", ".bin"} {
			want, err := os.ReadFile(filepath.Join(fresh, name+ext))
			require.NoError(t, err)
			got, err := os.ReadFile(filepath.Join(committed, name+ext))
			require.NoError(t, err)
			require.Equalf(t, string(want), string(got), "abi/artifacts/%s%s is stale: run `make contracts`", name, ext)
		}
	}
	src, err := generate(fresh)
	require.NoError(t, err)
	got, err := os.ReadFile(filepath.Join(root, "abi", "bindings", "bindings.go"))
	require.NoError(t, err)
	require.Equal(t, string(src), string(got), "abi/bindings/bindings.go is stale: run `make contracts`")
}
