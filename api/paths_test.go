package api_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestPathsInOneFile: every route path constant (Path..., not a PathParam... name) is
// declared in paths.go, so that a reader finds every path in one file.
func TestPathsInOneFile(t *testing.T) {
	files, err := filepath.Glob("*.go")
	require.NoError(t, err)
	fset := token.NewFileSet()
	inPaths := 0
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		require.NoError(t, err)
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				for _, id := range spec.(*ast.ValueSpec).Names {
					if !strings.HasPrefix(id.Name, "Path") || strings.HasPrefix(id.Name, "PathParam") {
						continue
					}
					require.Equal(t, "paths.go", name, "route path %s is declared outside paths.go", id.Name)
					inPaths++
				}
			}
		}
	}
	require.Greater(t, inPaths, 60)
}
