package store_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// consumers are the service packages of the store: each declares the narrow store it
// uses, and no code of theirs holds the whole Store or sees the whole Tx.
var consumers = []string{"offchain", "ledger", "custody", "webhooks", "accounts", "gateway", "engine", "onchain", "solvency"}

// wholeStoreAllowed are the uses of the whole store that are known and owned elsewhere:
// none (the composition root, package app, hands each consumer its narrow store).
var wholeStoreAllowed []string

// TestConsumersAreNarrow: in the store's consumers, no function parameter or result,
// struct field, interface embedding or closure parameter has the type store.Store,
// store.Tx or store.Transactor; store.Tx appears only in compile-time assertions
// (var _ T = store.Tx(nil)) that a consumer's narrow Tx is one. A consumer's unit of
// work sees its own Tx through store.Units.
func TestConsumersAreNarrow(t *testing.T) {
	var found []string
	for _, pkg := range consumers {
		dir := filepath.Join("..", pkg)
		files, err := filepath.Glob(filepath.Join(dir, "*.go"))
		require.NoError(t, err)
		require.NotEmpty(t, files, "no Go files in %s", dir)
		for _, path := range files {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			found = append(found, wholeStoreUses(t, pkg, path)...)
		}
	}
	var unexpected []string
	for _, f := range found {
		if !slices.Contains(wholeStoreAllowed, f) {
			unexpected = append(unexpected, f)
		}
	}
	require.Empty(t, unexpected, "consumers that take the whole store: declare the narrow store (and Tx) the consumer uses instead")
}

// wholeStoreUses lists the uses of store.Store, store.Tx and store.Transactor in one file
// that are not a store.Tx(nil) assertion, as "pkg/file: what".
func wholeStoreUses(t *testing.T, pkg, path string) []string {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	require.NoError(t, err)
	name := "" // the file's name of package store
	for _, imp := range f.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == "github.com/dtwgate/dtwgate/internal/store" {
			name = "store"
			if imp.Name != nil {
				name = imp.Name.Name
			}
		}
	}
	if name == "" {
		return nil
	}
	whole := func(e ast.Expr) (string, bool) {
		sel, ok := e.(*ast.SelectorExpr)
		if !ok {
			return "", false
		}
		x, ok := sel.X.(*ast.Ident)
		if !ok || x.Name != name {
			return "", false
		}
		switch sel.Sel.Name {
		case "Store", "Tx", "Transactor":
			return "store." + sel.Sel.Name, true
		}
		return "", false
	}
	where := pkg + "/" + filepath.Base(path) + ": "
	var out []string
	asserted := map[ast.Expr]bool{} // store.Tx(nil)
	ast.Inspect(f, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && len(c.Args) == 1 {
			if id, ok := c.Args[0].(*ast.Ident); ok && id.Name == "nil" {
				asserted[c.Fun] = true
			}
		}
		return true
	})
	fields := func(ctx string, fl *ast.FieldList) {
		if fl == nil {
			return
		}
		for _, fld := range fl.List {
			typ, ok := whole(fld.Type)
			if !ok || asserted[fld.Type] {
				continue
			}
			names := []string{"(embedded)"}
			if len(fld.Names) > 0 {
				names = names[:0]
				for _, n := range fld.Names {
					names = append(names, n.Name)
				}
			}
			out = append(out, fmt.Sprintf("%s%s %s %s", where, ctx, strings.Join(names, ","), typ))
			asserted[fld.Type] = true // reported here, not again below
		}
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncDecl:
			fields(n.Name.Name+" param", n.Type.Params)
			fields(n.Name.Name+" result", n.Type.Results)
		case *ast.FuncLit:
			fields("closure param", n.Type.Params)
		case *ast.StructType:
			fields("field", n.Fields)
		case *ast.InterfaceType:
			fields("interface", n.Methods)
		case *ast.FuncType:
			// A func type in a signature or an interface's method: func(tx store.Tx) error.
			fields("func type param", n.Params)
		}
		return true
	})
	ast.Inspect(f, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok && !asserted[e] {
			if typ, ok := whole(e); ok {
				out = append(out, fmt.Sprintf("%s%s at line %d", where, typ, fset.Position(e.Pos()).Line))
			}
		}
		return true
	})
	return out
}
