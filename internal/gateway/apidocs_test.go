package gateway_test

import (
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestAPIDocumentsValidate runs, on the documents a real gateway serves, the tools their
// readers use (api/validate.mjs, with the versions package.json pins): swagger-parser
// validates the OpenAPI document, `redocly lint` finds no error and no warning in it, and
// @asyncapi/parser parses the AsyncAPI document with no error. Without the tools it fails
// and says to run `make tools`.
func TestAPIDocumentsValidate(t *testing.T) {
	node, err := exec.LookPath("node")
	require.NoError(t, err, "node (Node.js) is needed to run the documents' validators: install it, then run `make tools`")
	tools, err := testnet.ToolsDir()
	require.NoError(t, err)
	for _, pkg := range []string{"@apidevtools/swagger-parser", "@redocly/cli", "@asyncapi/parser"} {
		_, err := os.Stat(filepath.Join(tools, "node_modules", pkg, "package.json"))
		require.NoError(t, err, "%s is not installed in %s/node_modules: run `make tools` in the dtwgate repository (or set %s)",
			pkg, tools, testnet.EnvToolsDir)
	}
	root, err := testnet.ModuleRoot()
	require.NoError(t, err)

	e := newEnv(t)
	dir := t.TempDir()
	files := map[string]string{api.PathOpenAPI: filepath.Join(dir, "openapi.yaml"), api.PathAsyncAPI: filepath.Join(dir, "asyncapi.yaml")}
	for path, file := range files {
		r := e.do(http.MethodGet, path, "", nil)
		require.Equal(t, http.StatusOK, r.status, "GET %s", path)
		require.NoError(t, os.WriteFile(file, r.body, 0o600))
	}
	cmd := exec.Command(node, filepath.Join(root, "api", "validate.mjs"), files[api.PathOpenAPI], files[api.PathAsyncAPI])
	cmd.Env = append(os.Environ(), testnet.EnvToolsDir+"="+tools)
	out, err := cmd.CombinedOutput()
	require.NoError(t, err, "api/validate.mjs on the served documents:\n%s", out)
	t.Logf("%s", out)
}
