package contracts_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet"
)

// fixedTransientClearing is the first solc release without the transient-storage clearing
// bug of via-IR builds (0.8.28 to 0.8.33).
const fixedTransientClearing = "0.8.34"

// TestCompilerPinned is issue 17's eighth finding: the contracts are built by a pinned solc
// newer than the transient-storage clearing bug, and every source's pragma names that
// exact version, as does the compiler `make tools` installed.
func TestCompilerPinned(t *testing.T) {
	root, err := testnet.ModuleRoot()
	require.NoError(t, err)
	var pkg struct {
		DevDependencies map[string]string `json:"devDependencies"`
	}
	raw, err := os.ReadFile(filepath.Join(root, "package.json"))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(raw, &pkg))
	pinned := pkg.DevDependencies["solc"]
	require.Regexp(t, `^\d+\.\d+\.\d+$`, pinned, "package.json pins an exact solc version")
	require.GreaterOrEqualf(t, compareVersions(pinned, fixedTransientClearing), 0, "solc %s is older than %s", pinned, fixedTransientClearing)

	pragma := regexp.MustCompile(`(?m)^pragma solidity ([^;]+);`)
	var sources []string
	require.NoError(t, filepath.WalkDir(filepath.Join(root, "contracts"), func(path string, d os.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(path, ".sol") {
			sources = append(sources, path)
		}
		return err
	}))
	require.NotEmpty(t, sources)
	for _, path := range sources {
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		m := pragma.FindSubmatch(src)
		require.NotNilf(t, m, "%s has no pragma", path)
		require.Equalf(t, pinned, string(m[1]), "pragma of %s", path)
	}

	tools, err := testnet.ToolsDir()
	require.NoError(t, err)
	raw, err = os.ReadFile(filepath.Join(tools, "node_modules", "solc", "package.json"))
	require.NoError(t, err, "the pinned solc is missing: run `make tools`")
	var installed struct{ Version string }
	require.NoError(t, json.Unmarshal(raw, &installed))
	require.Equal(t, pinned, installed.Version, "installed solc: run `make tools`")
}

// compareVersions compares dotted numeric versions.
func compareVersions(a, b string) int {
	pa, pb := strings.Split(a, "."), strings.Split(b, ".")
	for i := 0; i < len(pa) || i < len(pb); i++ {
		var x, y int
		if i < len(pa) {
			x, _ = strconv.Atoi(pa[i])
		}
		if i < len(pb) {
			y, _ = strconv.Atoi(pb[i])
		}
		if x != y {
			if x < y {
				return -1
			}
			return 1
		}
	}
	return 0
}
