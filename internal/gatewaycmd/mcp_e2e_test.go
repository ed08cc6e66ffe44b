package gatewaycmd

import (
	"encoding/json"
	"github.com/ethereum/go-ethereum/common"
	"net/http"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// authed adds a bearer token to every request of the MCP client.
type authed struct{ token string }

func (a authed) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", "Bearer "+a.token)
	return http.DefaultTransport.RoundTrip(r)
}

// callTool calls a tool and decodes its structured output into out; it fails the test on
// a tool error.
func callTool(t *testing.T, cs *mcp.ClientSession, name string, args map[string]any, out any) {
	t.Helper()
	res, err := cs.CallTool(e2eCtx(t), &mcp.CallToolParams{Name: name, Arguments: args})
	require.NoError(t, err)
	require.False(t, res.IsError, "%s: %+v", name, res.Content)
	blob, err := json.Marshal(res.StructuredContent)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(blob, out))
}

// mcpSession connects the MCP SDK's client to the env's gateway with token; it closes
// when the test ends.
func mcpSession(t *testing.T, e *chainEnv, token string) *mcp.ClientSession {
	t.Helper()
	client := mcp.NewClient(&mcp.Implementation{Name: "dtwgate-e2e", Version: "1"}, nil)
	cs, err := client.Connect(e2eCtx(t), &mcp.StreamableClientTransport{
		Endpoint: e.gw.Base() + api.PathMCP, HTTPClient: &http.Client{Transport: authed{token}, Timeout: 30 * time.Second},
	}, nil)
	require.NoError(t, err)
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// toolArgs is a request body as a tool's arguments.
func toolArgs(t *testing.T, req any) map[string]any {
	t.Helper()
	var args map[string]any
	blob, err := json.Marshal(req)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(blob, &args))
	return args
}

// TestMCPE2EGaslessOrderSettled drives the real gateway on anvil through the MCP SDK's
// client: a money-moving tool relays a signed order, a read tool follows it to SETTLED
// with its checked return transaction, and both agree with the REST API.
func TestMCPE2EGaslessOrderSettled(t *testing.T) {
	e := newChainEnv(t, envOptions{})
	e.start(t)
	c, trader := e.c, e.traders[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	deposit(t, c, trader, dai, 20)
	now, err := c.Now(e2eCtx(t))
	require.NoError(t, err)
	req := signedOrderRequest(t, c, trader, dai, usdt, "20", "19.8", dtw.KindMarket, uint64(now.Unix())+3600, 11)

	cs := mcpSession(t, e, e.a.token)
	args := toolArgs(t, req)
	var sub api.SubmitResponse
	callTool(t, cs, "submit_signed_order", args, &sub)
	require.Equal(t, "ETHEREUM", sub.OrderSource)
	var again api.SubmitResponse
	callTool(t, cs, "submit_signed_order", args, &again)
	require.Equal(t, sub.InstructionID, again.InstructionID, "idempotent by the trader's nonce")

	var st api.OrderStatus
	require.Eventually(t, func() bool {
		callTool(t, cs, "get_order", map[string]any{"source": "ETHEREUM", "instructionId": sub.InstructionID}, &st)
		return st.Status == api.StatusSettled
	}, settleTimeout, 250*time.Millisecond, "the relayed order settles")
	require.NotNil(t, st.ReturnTxID)
	requireReturnEvent(t, c, *st.ReturnTxID, dtw.EventOrderSettled, common.HexToHash(st.OrderKey))

	var byID api.OrderStatus
	callTool(t, cs, "get_order_status", map[string]any{"source": "ETHEREUM", "orderId": st.OrderID}, &byID)
	var rest api.OrderStatus
	status, body := e.gw.get(t, "/v3/order-status/ETHEREUM/"+st.OrderID, e.a.token, &rest)
	require.Equal(t, http.StatusOK, status, "body: %s", body)
	require.Equal(t, rest.ReturnTxID, byID.ReturnTxID)
	require.Equal(t, rest.QuantityBought, byID.QuantityBought)
	require.Equal(t, api.StatusSettled, byID.Status)

	// Account b sees none of it through its own session.
	csB := mcpSession(t, e, e.b.token)
	res, err := csB.CallTool(e2eCtx(t), &mcp.CallToolParams{Name: "get_order_status", Arguments: map[string]any{"source": "ETHEREUM", "orderId": st.OrderID}})
	require.NoError(t, err)
	require.True(t, res.IsError)
	require.Contains(t, res.Content[0].(*mcp.TextContent).Text, string(api.CodeNotFound))
}
