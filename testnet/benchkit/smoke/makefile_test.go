package smoke

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet"
)

// smokedElsewhere are the make targets whose `go run` package has no smoke.Run
// test, and the test of `make test` that runs the same code path instead.
var smokedElsewhere = map[string]struct{ dir, test string }{
	"demo":   {"internal/demo", "func TestDemo("},
	"devnet": {"internal/gatewaycmd", `"devnet", "--dir"`}, // TestDevnetWritesConfigAndServes runs `dtwgate devnet`
}

// TestEveryBenchmarkHasASmokeForm: every bench-* make target and the demo and devnet
// ones, which run a program (`$(GO) run`), have a test in `make test` that runs it in a
// smoke form, and every test-* target that runs one test (`make test-faults`) runs one
// `make test` runs too, so that none rots between the sessions that measure them.
func TestEveryBenchmarkHasASmokeForm(t *testing.T) {
	root, err := testnet.ModuleRoot()
	require.NoError(t, err)
	blob, err := os.ReadFile(filepath.Join(root, "Makefile"))
	require.NoError(t, err)
	goRun := regexp.MustCompile(`\$\(GO\) run \./(\S+)`)
	goTest := regexp.MustCompile(`(?m)\$\(GO\) test .*-run '\^(\w+)\$\$' .*\./(\S+?)/?$`)
	seen := map[string]bool{}
	for _, tg := range makeTargets(string(blob)) {
		if _, ok := smokedElsewhere[tg.name]; !ok && !strings.HasPrefix(tg.name, "bench-") && !strings.HasPrefix(tg.name, "test-") {
			continue // not a measurement or a demonstration: building, installing
		}
		if m := goRun.FindStringSubmatch(tg.recipe); m != nil {
			seen[tg.name] = true
			dir, want := m[1], "smoke.Run("
			if e, ok := smokedElsewhere[tg.name]; ok {
				dir, want = e.dir, e.test
			}
			require.Truef(t, testsContain(t, filepath.Join(root, dir), want),
				"make %s runs ./%s, but no test in %s has %q: add a smoke form (smoke.Run)", tg.name, m[1], dir, want)
		}
		if m := goTest.FindStringSubmatch(tg.recipe); m != nil {
			seen[tg.name] = true
			require.Truef(t, testsContain(t, filepath.Join(root, m[2]), "func "+m[1]+"("),
				"make %s runs %s in ./%s, which has no such test", tg.name, m[1], m[2])
		}
	}
	for _, name := range []string{"bench-gas", "bench-settle", "bench-api", "bench-offchain", "bench-scale", "bench-push", "bench-reserves", "bench-follow", "demo", "devnet", "test-faults"} {
		require.True(t, seen[name], "make %s not found, or it runs neither `$(GO) run` nor one test", name)
	}
}

// target is a make target and its recipe's lines.
type target struct{ name, recipe string }

func makeTargets(makefile string) []target {
	head := regexp.MustCompile(`^([a-z][a-z0-9-]*):`)
	var out []target
	for _, line := range strings.Split(makefile, "\n") {
		if m := head.FindStringSubmatch(line); m != nil {
			out = append(out, target{name: m[1]})
		} else if strings.HasPrefix(line, "\t") && len(out) > 0 {
			out[len(out)-1].recipe += strings.TrimSpace(line) + "\n"
		}
	}
	return out
}

// testsContain reports whether a _test.go file of dir contains s.
func testsContain(t *testing.T, dir, s string) bool {
	files, err := filepath.Glob(filepath.Join(dir, "*_test.go"))
	require.NoError(t, err)
	for _, f := range files {
		blob, err := os.ReadFile(f)
		require.NoError(t, err)
		if strings.Contains(string(blob), s) {
			return true
		}
	}
	return false
}
