package gateway_test

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/gateway"
)

// bearer adds a bearer token to every request.
type bearer struct {
	token string
	base  http.RoundTripper
}

func (b bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+b.token)
	return b.base.RoundTrip(r)
}

// mcpSession opens an MCP session on the gateway with token, with the SDK's client.
func (e *env) mcpSession(token string) *mcp.ClientSession { return e.mcpSessionWith(token, nil) }

// mcpSessionWith is mcpSession with client options (an elicitation handler).
func (e *env) mcpSessionWith(token string, opts *mcp.ClientOptions) *mcp.ClientSession {
	e.t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "dtwgate-test", Version: "1"}, opts)
	cs, err := client.Connect(context.Background(), &mcp.StreamableClientTransport{
		Endpoint:   e.srv.URL + e.cfg.BasePath + api.PathMCP,
		HTTPClient: &http.Client{Transport: bearer{token: token, base: http.DefaultTransport}},
	}, nil)
	require.NoError(e.t, err)
	e.t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// toolErrorCode returns the interface's error code a failed tool result carries.
func toolErrorCode(t *testing.T, res *mcp.CallToolResult) api.ErrorCode {
	t.Helper()
	require.True(t, res.IsError, "the tool succeeded: %+v", res.StructuredContent)
	require.NotEmpty(t, res.Content)
	text, ok := res.Content[0].(*mcp.TextContent)
	require.True(t, ok)
	var body api.Error
	require.NoError(t, json.Unmarshal([]byte(text.Text), &body), "tool error text: %s", text.Text)
	require.NotEmpty(t, body.Description)
	return body.Code
}

func TestMCPTools(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	reader := e.createKey(api.PermRead)
	cs := e.mcpSession(e.token(reader))

	require.NoError(t, cs.Ping(ctx, nil))
	res, err := cs.ListTools(ctx, nil)
	require.NoError(t, err)
	var names []string
	for _, tool := range res.Tools {
		names = append(names, tool.Name)
		require.NotNil(t, tool.InputSchema, tool.Name)
		require.NotNil(t, tool.OutputSchema, tool.Name)
		require.NotEmpty(t, tool.Title, tool.Name)
		require.Contains(t, tool.Description, "Needs permission", tool.Name)
		require.NotNil(t, tool.Annotations, tool.Name)
	}
	var want []string
	for _, tool := range gateway.MCPTools() {
		want = append(want, tool.Name)
	}
	require.ElementsMatch(t, want, names)

	t.Run("a read tool answers what its REST endpoint answers", func(t *testing.T) {
		got, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_price", Arguments: map[string]any{"sellingAsset": "eth", "buyingAsset": "usdt"}})
		require.NoError(t, err)
		require.False(t, got.IsError, "%+v", got.Content)
		var price api.PriceResponse
		blob, _ := json.Marshal(got.StructuredContent)
		require.NoError(t, json.Unmarshal(blob, &price))
		rest := decode[api.PriceResponse](t, e.do(http.MethodGet, "/v2/price/eth/usdt", e.token(reader), nil), http.StatusOK)
		require.Equal(t, rest, price)
	})
	t.Run("errors carry the interface's code", func(t *testing.T) {
		got, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_price", Arguments: map[string]any{"sellingAsset": "eth", "buyingAsset": "eth"}})
		require.NoError(t, err)
		require.Equal(t, api.CodeDuplicateAssetPair, toolErrorCode(t, got))
		got, err = cs.CallTool(ctx, &mcp.CallToolParams{Name: "get_assets", Arguments: map[string]any{"source": "NOWHERE"}})
		require.NoError(t, err)
		require.Equal(t, api.CodeInvalidOrderSource, toolErrorCode(t, got))
	})
	t.Run("a READ key cannot use a money-moving tool", func(t *testing.T) {
		args := map[string]any{"source": "ETHEREUM", "trader": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "sellingAsset": "dai",
			"buyingAsset": "usdt", "amountToSell": "1", "limitAmountToReceive": "0.9", "orderType": "MARKET", "deadline": "99999999999",
			"nonce": "1", "signature": "0x00"}
		got, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "submit_signed_order", Arguments: args})
		require.NoError(t, err)
		require.Equal(t, api.CodeInvalidPermissions, toolErrorCode(t, got))
		text := got.Content[0].(*mcp.TextContent).Text
		require.Contains(t, text, "TRADE")
	})
}

// TestMCPConfirmsMoneyMovingTools: a client that supports elicitation is asked to
// confirm a money-moving tool with its amounts; a decline does nothing and answers
// CANCELLED_BY_USER, an acceptance goes on to the service (here, a gateway without
// chains: INVALID_ORDER_SOURCE).
func TestMCPConfirmsMoneyMovingTools(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	token := e.token(e.createKey(api.PermRead, api.PermTrade))
	args := map[string]any{"source": "ETHEREUM", "trader": "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", "sellingAsset": "dai",
		"buyingAsset": "usdt", "amountToSell": "20", "limitAmountToReceive": "19.8", "orderType": "MARKET", "deadline": "99999999999",
		"nonce": "1", "signature": "0x00"}
	var asked []string
	answer := func(confirmed bool) *mcp.ClientOptions {
		return &mcp.ClientOptions{ElicitationHandler: func(_ context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
			asked = append(asked, req.Params.Message)
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"confirm": confirmed}}, nil
		}}
	}
	got, err := e.mcpSessionWith(token, answer(false)).CallTool(ctx, &mcp.CallToolParams{Name: "submit_signed_order", Arguments: args})
	require.NoError(t, err)
	require.Equal(t, api.CodeCancelledByUser, toolErrorCode(t, got))
	require.Len(t, asked, 1)
	require.Contains(t, asked[0], "sell 20 dai for at least 19.8 usdt")

	got, err = e.mcpSessionWith(token, answer(true)).CallTool(ctx, &mcp.CallToolParams{Name: "submit_signed_order", Arguments: args})
	require.NoError(t, err)
	require.Equal(t, api.CodeInvalidOrderSource, toolErrorCode(t, got), "confirmed: the service ran")
	require.Len(t, asked, 2)
}

func TestMCPTransportRules(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	a, b := e.createKey(api.PermRead), e.createKey(api.PermRead)
	tokA, tokB := e.token(a), e.token(b)
	url := e.srv.URL + e.cfg.BasePath + api.PathMCP
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`
	post := func(token, session, body string) *http.Response {
		t.Helper()
		req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		t.Cleanup(func() { resp.Body.Close() })
		return resp
	}
	requireJSONError := func(resp *http.Response, status int, code api.ErrorCode) {
		t.Helper()
		require.Equal(t, status, resp.StatusCode)
		var body api.Error
		require.NoError(t, json.NewDecoder(resp.Body).Decode(&body))
		require.Equal(t, code, body.Code, body.Description)
	}

	t.Run("no token: 401 with WWW-Authenticate and the JSON error", func(t *testing.T) {
		resp := post("", "", initialize)
		require.Contains(t, resp.Header.Get("WWW-Authenticate"), "Bearer")
		requireJSONError(resp, http.StatusUnauthorized, api.CodeInvalidJWTToken)
	})

	resp := post(tokA, "", initialize)
	require.Equal(t, http.StatusOK, resp.StatusCode)
	session := resp.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, session)

	t.Run("another account's token on the session is refused", func(t *testing.T) {
		requireJSONError(post(tokB, session, `{"jsonrpc":"2.0","id":2,"method":"ping"}`), http.StatusForbidden, api.CodeInvalidPermissions)
	})
	t.Run("DELETE ends the session; later requests get 404", func(t *testing.T) {
		cs := e.mcpSession(tokA)
		require.NoError(t, cs.Ping(ctx, nil))
		req, err := http.NewRequest(http.MethodDelete, url, nil)
		require.NoError(t, err)
		req.Header.Set("Authorization", "Bearer "+tokA)
		req.Header.Set("Mcp-Session-Id", cs.ID())
		req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		del, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		del.Body.Close()
		require.Less(t, del.StatusCode, 300)
		requireJSONError(post(tokA, cs.ID(), `{"jsonrpc":"2.0","id":3,"method":"ping"}`), http.StatusNotFound, api.CodeNotFound)
	})
	t.Run("an account's sessions are bounded", func(t *testing.T) {
		c := e.createKey(api.PermRead)
		tokC := e.token(c)
		opened := 0
		for range 20 {
			resp := post(tokC, "", initialize)
			if resp.StatusCode != http.StatusOK {
				requireJSONError(resp, http.StatusTooManyRequests, api.CodeRateLimited)
				break
			}
			opened++
		}
		require.Equal(t, 8, opened)
		require.Equal(t, http.StatusOK, post(tokB, "", initialize).StatusCode, "other accounts are not affected")
	})
}
