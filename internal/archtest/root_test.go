package archtest_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/archtest"
)

// services are the constructors of the services a process shares, by package import
// path below the module and function name: the composition root (internal/app) calls
// each once, and nothing else does.
var services = map[string][]string{
	"chain":               {"NewRegistry"},
	"internal/offchain":   {"NewBalances", "NewTrading", "NewFunding", "NewIntroducers", "NewVenue"},
	"internal/onchain":    {"NewWithPolicy"},
	"internal/venue":      {"NewRouter"},
	"internal/market":     {"New"},
	"internal/solvency":   {"NewPublisher", "NewServer"},
	"internal/accounts":   {"New"},
	"internal/webhooks":   {"NewService", "NewDispatcher"},
	"internal/access":     {"New"},
	"internal/push":       {"New"},
	"internal/custody":    {"NewAddresses"},
	"internal/pricing":    {"NewFeeds"},
	"internal/election":   {"New"},
	"internal/gateway":    {"New"},
	"internal/auth":       {"NewNonces"},
	"internal/siweverify": {"New"},
}

// constructorCalls returns, for each service constructor, where the module's non-test
// code calls it (file:line), leaving out the exempt benchmark commands, the test-helper
// packages (named *test, such as offchaintest: they build services for tests only) and
// the constructors' own packages (a service may build its parts).
func constructorCalls(t *testing.T) map[string][]string {
	t.Helper()
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}\n{{.Path}}").Output()
	require.NoError(t, err)
	root, module, _ := strings.Cut(strings.TrimSpace(string(out)), "\n")
	calls := map[string][]string{}
	fset := token.NewFileSet()
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() {
			if rel != "." && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules" || d.Name() == "tools" || archtest.Exempt(rel) ||
				strings.HasSuffix(d.Name(), "test")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		pkgDir := filepath.ToSlash(filepath.Dir(rel))
		names := map[string]string{} // local name -> package path below the module
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			rp, ok := strings.CutPrefix(p, module+"/")
			if !ok || services[rp] == nil || rp == pkgDir {
				continue
			}
			name := rp[strings.LastIndex(rp, "/")+1:]
			if imp.Name != nil {
				name = imp.Name.Name
			}
			names[name] = rp
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok {
				return true
			}
			id, ok := sel.X.(*ast.Ident)
			if !ok || names[id.Name] == "" {
				return true
			}
			for _, fn := range services[names[id.Name]] {
				if sel.Sel.Name == fn {
					key := names[id.Name] + "." + fn
					calls[key] = append(calls[key], fmt.Sprintf("%s:%d", rel, fset.Position(call.Pos()).Line))
				}
			}
			return true
		})
		return nil
	})
	require.NoError(t, err)
	return calls
}

// TestOneCompositionRoot checks that every service of a process is constructed at one
// place, in internal/app: gateway.New wires HTTP only, and the admin commands get their
// services from app.NewServices as serve does.
func TestOneCompositionRoot(t *testing.T) {
	if testing.Short() {
		t.Skip("parses the module")
	}
	calls := constructorCalls(t)
	var problems []string
	for pkg, fns := range services {
		for _, fn := range fns {
			key := pkg + "." + fn
			sites := calls[key]
			if len(sites) != 1 {
				problems = append(problems, fmt.Sprintf("%s is called at %d places, want one (in internal/app): %s", key, len(sites), strings.Join(sites, ", ")))
			}
			for _, s := range sites {
				if !strings.HasPrefix(s, "internal/app/") {
					problems = append(problems, fmt.Sprintf("%s is called at %s, outside the composition root internal/app", key, s))
				}
			}
		}
	}
	sort.Strings(problems)
	require.Empty(t, problems)
}
