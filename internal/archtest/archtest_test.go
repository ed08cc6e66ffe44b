package archtest_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/archtest"
)

// listed is what the test reads of `go list -json`.
type listed struct {
	ImportPath string
	Imports    []string
	Module     *struct{ Path string }
}

// modulePackages lists the module's packages and their imports (not their tests'),
// relative to the module path, with `go list -deps -json ./...` from the module root.
func modulePackages(t *testing.T) map[string][]string {
	t.Helper()
	root, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}\n{{.Path}}").Output()
	require.NoError(t, err)
	dir, module, _ := strings.Cut(strings.TrimSpace(string(root)), "\n")
	cmd := exec.Command("go", "list", "-deps", "-json", "./...")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	require.NoError(t, err, "go list: %s", stderr.String())
	pkgs := map[string][]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p listed
		if err := dec.Decode(&p); errors.Is(err, io.EOF) {
			break
		} else {
			require.NoError(t, err)
		}
		if p.Module == nil || p.Module.Path != module {
			continue
		}
		var imports []string
		for _, imp := range p.Imports {
			if rel, ok := strings.CutPrefix(imp, module+"/"); ok {
				imports = append(imports, rel)
			}
		}
		pkgs[strings.TrimPrefix(strings.TrimPrefix(p.ImportPath, module), "/")] = imports
	}
	return pkgs
}

// check returns what breaks the plan: a package importing one of a higher layer, a
// package missing from the plan, a line of the plan naming no package.
func check(plan []archtest.Package, pkgs map[string][]string) []string {
	layer := map[string]int{}
	for _, p := range plan {
		layer[p.Path] = p.Layer
	}
	var problems []string
	for path, imports := range pkgs {
		if archtest.Exempt(path) {
			continue
		}
		l, ok := layer[path]
		if !ok {
			problems = append(problems, fmt.Sprintf("%s is not in the plan: add a line to Plan in internal/archtest/plan.go", path))
			continue
		}
		for _, imp := range imports {
			if il, ok := layer[imp]; ok && il > l {
				problems = append(problems, fmt.Sprintf("%s (layer %d, %s) imports %s (layer %d, %s): arrows point down",
					path, l, archtest.Layers[l], imp, il, archtest.Layers[il]))
			}
		}
	}
	for _, p := range plan {
		if _, ok := pkgs[p.Path]; !ok {
			problems = append(problems, fmt.Sprintf("the plan names %s, which is no package of the module", p.Path))
		}
	}
	sort.Strings(problems)
	return problems
}

// TestArrowsPointDown checks the module against the plan: no package imports one of a
// higher layer, and every package has its line.
func TestArrowsPointDown(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go list over the module")
	}
	pkgs := modulePackages(t)
	require.Empty(t, check(archtest.Plan, pkgs))
}

// TestPlanIsWellFormed checks that each package has one line, a known layer and a role.
func TestPlanIsWellFormed(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range archtest.Plan {
		require.False(t, seen[p.Path], "%s has two lines", p.Path)
		seen[p.Path] = true
		require.True(t, p.Layer >= 0 && p.Layer < len(archtest.Layers), "%s: layer %d, want 0..%d", p.Path, p.Layer, len(archtest.Layers)-1)
		require.NotEmpty(t, p.Role, p.Path)
		require.False(t, archtest.Exempt(p.Path), "%s is exempt and in the plan", p.Path)
	}
}

// TestCheckFindsUpwardArrows checks the checker on a made-up module: the import that
// internal/metrics had of internal/engine, a package without a line, a stale line.
func TestCheckFindsUpwardArrows(t *testing.T) {
	plan := []archtest.Package{
		{Path: "internal/metrics", Layer: 2, Role: "metrics"},
		{Path: "internal/engine", Layer: 3, Role: "engine"},
		{Path: "internal/gone", Layer: 3, Role: "removed"},
	}
	pkgs := map[string][]string{
		"internal/metrics":            {"internal/engine"},
		"internal/engine":             {"internal/metrics"},
		"internal/new":                nil,
		"internal/engine/benchsettle": {"internal/engine"},
	}
	require.Equal(t, []string{
		"internal/metrics (layer 2, infra) imports internal/engine (layer 3, core): arrows point down",
		"internal/new is not in the plan: add a line to Plan in internal/archtest/plan.go",
		"the plan names internal/gone, which is no package of the module",
	}, check(plan, pkgs))
}
