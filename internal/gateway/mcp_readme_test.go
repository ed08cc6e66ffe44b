package gateway_test

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gateway"
)

// mcpToolTable renders docs/api.md's table of MCP tools from the server's definitions.
func mcpToolTable() string {
	var b strings.Builder
	b.WriteString("| tool | what | permission | moves money |\n|---|---|---|---|\n")
	for _, t := range gateway.MCPTools() {
		money := "no"
		if !t.ReadOnly {
			money = "yes"
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s |\n", t.Name, t.Description, t.Permission, money)
	}
	return b.String()
}

// TestREADMEListsMCPTools fails when the tool table of docs/api.md and the server
// disagree; DTW_UPDATE_README=1 rewrites the table.
func TestREADMEListsMCPTools(t *testing.T) {
	const path = "../../docs/api.md"
	const begin, end = "<!-- mcp-tools:begin -->\n", "<!-- mcp-tools:end -->"
	blob, err := os.ReadFile(path)
	require.NoError(t, err)
	readme := string(blob)
	i, j := strings.Index(readme, begin), strings.Index(readme, end)
	require.True(t, i >= 0 && j > i, "docs/api.md lacks the %q ... %q markers", begin, end)
	want := mcpToolTable()
	if os.Getenv("DTW_UPDATE_README") == "1" {
		require.NoError(t, os.WriteFile(path, []byte(readme[:i+len(begin)]+want+readme[j:]), 0o644))
		return
	}
	require.Equal(t, want, readme[i+len(begin):j], "docs/api.md's MCP tool table is stale: run DTW_UPDATE_README=1 go test -run TestREADMEListsMCPTools ./internal/gateway/")
}
