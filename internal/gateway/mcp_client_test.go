package gateway_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/store"
)

// rawMCP is a hand-written MCP client over the streamable HTTP transport, to behave as
// clients the SDK's own would not: wrong answers, newer protocols, going away.
type rawMCP struct {
	t                       *testing.T
	url, token              string
	session, version, asked string
}

// elicitingCaps are the capabilities of a client that answers elicitations.
const elicitingCaps = `{"elicitation":{}}`

// rawMCPSession initializes a session asking protocol version asked with capabilities caps.
func rawMCPSession(t *testing.T, url, token, asked, caps string) *rawMCP {
	t.Helper()
	c := &rawMCP{t: t, url: url, token: token, asked: asked}
	resp := c.post(context.Background(), fmt.Sprintf(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":%q,"capabilities":%s,"clientInfo":{"name":"raw","version":"1"}}}`, asked, caps))
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	c.session = resp.Header.Get("Mcp-Session-Id")
	require.NotEmpty(t, c.session)
	msg := <-messages(resp)
	var init struct {
		Result struct {
			ProtocolVersion string `json:"protocolVersion"`
		} `json:"result"`
	}
	require.NoError(t, json.Unmarshal(msg, &init), "%s", msg)
	c.version = init.Result.ProtocolVersion
	require.NotEmpty(t, c.version, "%s", msg)
	ack := c.post(context.Background(), `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	ack.Body.Close()
	require.Equal(t, http.StatusAccepted, ack.StatusCode)
	return c
}

// post sends one POST of body on the session (if any).
func (c *rawMCP) post(ctx context.Context, body string) *http.Response {
	c.t.Helper()
	return c.send(ctx, http.MethodPost, body, true)
}

// send sends a request; header says whether the protocol version header goes with it.
func (c *rawMCP) send(ctx context.Context, method, body string, header bool) *http.Response {
	c.t.Helper()
	req, err := http.NewRequestWithContext(ctx, method, c.url, strings.NewReader(body))
	require.NoError(c.t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Authorization", "Bearer "+c.token)
	if c.session != "" {
		req.Header.Set("Mcp-Session-Id", c.session)
		if header {
			req.Header.Set("Mcp-Protocol-Version", c.version)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	require.NoError(c.t, err)
	return resp
}

// answer posts the client's response to the server's request id.
func (c *rawMCP) answer(id json.RawMessage, result string) {
	c.t.Helper()
	resp := c.post(context.Background(), fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result))
	resp.Body.Close()
	require.Equal(c.t, http.StatusAccepted, resp.StatusCode)
}

// messages returns the JSON-RPC messages of a response: its body, or its SSE events.
func messages(resp *http.Response) <-chan json.RawMessage {
	out := make(chan json.RawMessage, 16)
	go func() {
		defer close(out)
		if !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/event-stream") {
			b, _ := io.ReadAll(resp.Body)
			out <- b
			return
		}
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			if data, ok := strings.CutPrefix(sc.Text(), "data:"); ok && strings.TrimSpace(data) != "" {
				out <- json.RawMessage(strings.TrimSpace(data))
			}
		}
	}()
	return out
}

// rpcMessage is any JSON-RPC message.
type rpcMessage struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params json.RawMessage `json:"params"`
	Result *struct {
		IsError bool `json:"isError"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	} `json:"result"`
	Error *struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// next returns the next message of msgs, failing after wait.
func next(t *testing.T, msgs <-chan json.RawMessage, wait time.Duration) rpcMessage {
	t.Helper()
	select {
	case b, ok := <-msgs:
		require.True(t, ok, "the stream ended")
		var m rpcMessage
		require.NoError(t, json.Unmarshal(b, &m), "%s", b)
		return m
	case <-time.After(wait):
		require.FailNow(t, "no message", "within %s", wait)
		return rpcMessage{}
	}
}

// swapCall is a tools/call of swap (on a gateway without funds: only the confirmation
// matters).
const swapCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"swap","arguments":{"instructionId":"i-1","sellingAsset":"eth","buyingAsset":"usdt","amountToSell":"1"}}}`

const withdrawalCall = `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"submit_offchain_withdrawal","arguments":{"instructionId":"w-1","asset":"eth","amount":"1","withdrawalAddressId":"a"}}}`

// toolErrorOf returns the interface's error a tool result carries.
func toolErrorOf(t *testing.T, m rpcMessage) api.Error {
	t.Helper()
	require.Nil(t, m.Error, "a JSON-RPC error instead of a tool error: %+v", m.Error)
	require.NotNil(t, m.Result)
	require.True(t, m.Result.IsError)
	require.NotEmpty(t, m.Result.Content)
	var body api.Error
	require.NoError(t, json.Unmarshal([]byte(m.Result.Content[0].Text), &body), m.Result.Content[0].Text)
	return body
}

// TestMCPClientMistakesAreToolErrors: a client's malformed, refused or missing answer to a
// money-moving tool's confirmation ends the tool with CANCELLED_BY_USER, never with
// INTERNAL_SERVER_ERROR, and a client that asked a newer protocol than the session speaks
// is asked to confirm as the session's protocol does.
func TestMCPClientMistakesAreToolErrors(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead, api.PermTrade, api.PermWithdraw))
	url := e.srv.URL + e.cfg.BasePath + api.PathMCP
	// confirmed runs call on a new session asking protocol asked, answers its
	// confirmation with answer (no answer when ""), and returns the tool's error.
	confirmed := func(t *testing.T, asked, call, answer string) api.Error {
		c := rawMCPSession(t, url, tok, asked, elicitingCaps)
		resp := c.post(context.Background(), call)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		msgs := messages(resp)
		m := next(t, msgs, wsWait)
		require.Equal(t, "elicitation/create", m.Method, "the user is asked to confirm; got %+v", m)
		require.Contains(t, string(m.Params), "confirm")
		if answer != "" {
			c.answer(m.ID, answer)
		}
		m = next(t, msgs, wsWait)
		for m.ID == nil && m.Method != "" { // a notification: the elicitation's cancellation
			m = next(t, msgs, wsWait)
		}
		require.Equal(t, "7", string(m.ID))
		return toolErrorOf(t, m)
	}
	for _, call := range []string{swapCall, withdrawalCall} {
		t.Run("a string where a boolean is asked", func(t *testing.T) {
			got := confirmed(t, "2025-06-18", call, `{"action":"accept","content":{"confirm":"true"}}`)
			require.Equal(t, api.CodeCancelledByUser, got.Code, got.Description)
		})
	}
	t.Run("an answer that is not an elicitation result", func(t *testing.T) {
		got := confirmed(t, "2025-06-18", swapCall, `{"action":42}`)
		require.Equal(t, api.CodeCancelledByUser, got.Code, got.Description)
	})
	t.Run("a newer protocol asked, an older one negotiated", func(t *testing.T) {
		got := confirmed(t, "2026-07-28", swapCall, `{"action":"decline"}`)
		require.Equal(t, api.CodeCancelledByUser, got.Code, got.Description)
	})
	t.Run("no answer: the confirmation times out on the server", func(t *testing.T) {
		defer gateway.SetMCPConfirmWait(time.Second)()
		got := confirmed(t, "2025-11-25", swapCall, "")
		require.Equal(t, api.CodeCancelledByUser, got.Code, got.Description)
		require.Contains(t, got.Description, "1s")
	})
}

// abandonSwap starts a swap on a new session of c's kind and goes away while its
// confirmation is asked; it returns the session.
func abandonSwap(t *testing.T, url, tok string) *rawMCP {
	t.Helper()
	c := rawMCPSession(t, url, tok, "2025-06-18", elicitingCaps)
	ctx, cancel := context.WithCancel(context.Background())
	resp := c.post(ctx, swapCall)
	require.Equal(t, "elicitation/create", next(t, messages(resp), wsWait).Method)
	cancel() // the client goes away
	resp.Body.Close()
	return c
}

// TestMCPDeleteEndsSessionWaitingForConfirmation: DELETE /mcp by the owner of sessions
// whose swaps wait for confirmations their clients will never give ends them at once.
func TestMCPDeleteEndsSessionWaitingForConfirmation(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead, api.PermTrade))
	url := e.srv.URL + e.cfg.BasePath + api.PathMCP
	for i := range 5 {
		c := abandonSwap(t, url, tok)
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		start := time.Now()
		del := c.send(ctx, http.MethodDelete, "", true)
		del.Body.Close()
		cancel()
		require.Less(t, del.StatusCode, 300, "session %d", i)
		require.Less(t, time.Since(start), 3*time.Second, "session %d", i)
		ctx, cancel = context.WithTimeout(context.Background(), 5*time.Second)
		ping := c.post(ctx, `{"jsonrpc":"2.0","id":1,"method":"ping"}`)
		ping.Body.Close()
		cancel()
		require.Equal(t, http.StatusNotFound, ping.StatusCode, "session %d", i)
	}
}

// TestMCPShutdownWithSessionsWaitingForConfirmation: the gateway shuts down within its
// grace although MCP sessions wait for confirmations and hold their GET streams open, and
// a DELETE of one is in flight.
func TestMCPShutdownWithSessionsWaitingForConfirmation(t *testing.T) {
	p := newParts(t, func(c *config.Config) { c.ShutdownGrace = 3 * time.Second }, nil)
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	served := make(chan error, 1)
	go func() { served <- p.svc.Serve(ctx, ln) }()
	url := "http://" + ln.Addr().String() + p.cfg.BasePath + api.PathMCP

	account := auth.NewAccountID()
	k, secret := accounts.NewKey(p.secrets, account, "test", []api.Permission{api.PermRead, api.PermTrade}, time.Now())
	require.NoError(t, p.store.CreateAccountWithKey(context.Background(), store.Account{ID: account, CreatedAt: time.Now()}, k))
	body, err := json.Marshal(api.TokenRequest{KeyID: k.ID, Secret: secret})
	require.NoError(t, err)
	tr, err := http.Post("http://"+ln.Addr().String()+p.cfg.BasePath+api.PathAuthToken, "application/json", strings.NewReader(string(body)))
	require.NoError(t, err)
	var issued api.TokenResponse
	require.NoError(t, json.NewDecoder(tr.Body).Decode(&issued))
	tr.Body.Close()
	tok := issued.JWTToken
	require.NotEmpty(t, tok)

	first := abandonSwap(t, url, tok)
	second := abandonSwap(t, url, tok)
	for _, c := range []*rawMCP{first, second} { // the server-to-client streams
		stream := c.send(context.Background(), http.MethodGet, "", true)
		require.Equal(t, http.StatusOK, stream.StatusCode)
		defer stream.Body.Close()
	}
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // may hang on the old code: not the test's failure
		defer wg.Done()
		del, err := http.DefaultClient.Do(deleteRequest(t, url, tok, first.session, first.version))
		if err == nil {
			del.Body.Close()
		}
	}()
	time.Sleep(200 * time.Millisecond)

	start := time.Now()
	cancel()
	select {
	case err := <-served:
		require.NoError(t, err, "shut down within its grace")
		require.Less(t, time.Since(start), p.cfg.ShutdownGrace)
	case <-time.After(p.cfg.ShutdownGrace + 5*time.Second):
		require.FailNow(t, "shutdown", "still running %s after its grace", time.Since(start))
	}
}

func deleteRequest(t *testing.T, url, tok, session, version string) *http.Request {
	req, err := http.NewRequest(http.MethodDelete, url, nil)
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+tok)
	req.Header.Set("Mcp-Session-Id", session)
	req.Header.Set("Mcp-Protocol-Version", version)
	return req
}

// TestMCPRefusesBatches: a JSON-RPC batch is refused with one small JSON-RPC error, not
// answered request by request.
func TestMCPRefusesBatches(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) { c.MaxBodyBytes = 1 << 20 })
	tok := e.token(e.createKey(api.PermRead))
	c := rawMCPSession(t, e.srv.URL+e.cfg.BasePath+api.PathMCP, tok, "2025-03-26", "{}")
	var batch []string
	for i := range 2000 {
		batch = append(batch, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/list"}`, i+1))
	}
	for _, header := range []bool{false, true} {
		resp := c.send(context.Background(), http.MethodPost, "["+strings.Join(batch, ",")+"]", header)
		body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		resp.Body.Close()
		require.NoError(t, err)
		require.Equal(t, http.StatusBadRequest, resp.StatusCode, "%.300s", body)
		require.Less(t, len(body), 1024, "%.300s", body)
		var m rpcMessage
		require.NoError(t, json.Unmarshal(body, &m), "%.300s", body)
		require.NotNil(t, m.Error, "%s", body)
		require.Equal(t, -32600, m.Error.Code)
		require.Contains(t, m.Error.Message, "batch")
	}
}

// TestMCPUnknownMethod: a JSON-RPC request of a method the server does not have is
// answered with JSON-RPC's -32601 Method not found and its id.
func TestMCPUnknownMethod(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead))
	c := rawMCPSession(t, e.srv.URL+e.cfg.BasePath+api.PathMCP, tok, "2025-06-18", "{}")
	resp := c.post(context.Background(), `{"jsonrpc":"2.0","id":"x-9","method":"tools/frobnicate","params":{}}`)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
	m := next(t, messages(resp), wsWait)
	require.NotNil(t, m.Error, "%+v", m)
	require.Equal(t, -32601, m.Error.Code)
	require.Equal(t, `"x-9"`, string(m.ID))
	require.Contains(t, m.Error.Message, "tools/frobnicate")
}

// TestMCPAmountCheckedBeforeConfirmation: a money-moving tool refuses an amount outside
// the one grammar (INVALID_SCHEMA) before it asks its user to confirm anything, so that
// nobody confirms a request the gateway would refuse.
func TestMCPAmountCheckedBeforeConfirmation(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead, api.PermTrade, api.PermWithdraw))
	url := e.srv.URL + e.cfg.BasePath + api.PathMCP
	for name, call := range map[string]string{
		"swap":       strings.Replace(swapCall, `"amountToSell":"1"`, `"amountToSell":" 1"`, 1),
		"limit":      strings.Replace(swapCall, `"amountToSell":"1"`, `"amountToSell":"1","limitAmountToReceive":"1e3"`, 1),
		"withdrawal": strings.Replace(withdrawalCall, `"amount":"1"`, `"amount":"+1"`, 1),
	} {
		t.Run(name, func(t *testing.T) {
			c := rawMCPSession(t, url, tok, "2025-06-18", elicitingCaps)
			resp := c.post(context.Background(), call)
			defer resp.Body.Close()
			require.Equal(t, http.StatusOK, resp.StatusCode)
			m := next(t, messages(resp), wsWait)
			require.NotEqual(t, "elicitation/create", m.Method, "asked to confirm a bad amount")
			require.Equal(t, "7", string(m.ID))
			got := toolErrorOf(t, m)
			require.Equal(t, api.CodeInvalidSchema, got.Code, got.Description)
			require.Contains(t, got.Description, "is not an amount")
		})
	}
}

// TestMissingFieldAnswersAlike: a request missing a field gets the same error from its
// REST endpoint and from its MCP tool, one check in the service both call, and the tool
// asks nobody to confirm it first.
func TestMissingFieldAnswersAlike(t *testing.T) {
	e := newEnv(t)
	tok := e.token(e.createKey(api.PermRead, api.PermTrade, api.PermWithdraw))
	url := e.srv.URL + e.cfg.BasePath + api.PathMCP
	// Every field is present (the tools' input schemas require them), the one tested empty.
	order := map[string]any{"source": "ETHEREUM", "trader": "0x01", "sellingAsset": "usdt", "buyingAsset": "dai", "amountToSell": "1",
		"limitAmountToReceive": "1", "orderType": "MARKET", "deadline": "1", "nonce": "1", "signature": "0x01"}
	signed := func(fields ...string) map[string]any {
		out := map[string]any{}
		for _, f := range fields {
			out[f] = "1"
		}
		return out
	}
	cases := []struct {
		tool, path string
		args       map[string]any
		field      string
	}{
		{"swap", api.PathOrders, map[string]any{"instructionId": "i-1", "sellingAsset": "eth", "buyingAsset": "usdt", "amountToSell": "1"}, "buyingAsset"},
		{"request_quote", api.PathRequestQuote, map[string]any{"instructionId": "q-1", "sellingAsset": "eth", "buyingAsset": "usdt", "amountToBuy": "1"}, "amountToBuy"},
		{"action_quote", api.PathActionQuote, map[string]any{"instructionId": "q-1"}, "instructionId"},
		{"submit_offchain_withdrawal", api.PathOffchainWithdrawals, map[string]any{"instructionId": "w-1", "asset": "eth", "amount": "1"}, "amount"},
		{"submit_signed_order", api.PathOrder, order, "sellingAsset"},
		{"submit_signed_withdrawal", api.PathWithdrawals, signed("source", "trader", "asset", "amount", "to", "nonce", "deadline", "signature"), "amount"},
		{"submit_signed_cancel_request", api.PathCancelRequests, signed("source", "trader", "orderId", "sellingAsset", "nonce", "deadline", "signature"), "sellingAsset"},
		{"submit_signed_nonce_invalidation", api.PathNonceInvalidations,
			signed("source", "trader", "word", "mask", "minNonce", "nonce", "deadline", "signature"), "trader"},
	}
	for _, c := range cases {
		t.Run(c.tool, func(t *testing.T) {
			c.args[c.field] = ""
			rest := e.do(http.MethodPost, c.path, tok, c.args).requireError(t, http.StatusBadRequest, api.CodeInvalidSchema)
			require.Equal(t, "field "+c.field+" is required", rest.Description)
			params, err := json.Marshal(map[string]any{"name": c.tool, "arguments": c.args})
			require.NoError(t, err)
			s := rawMCPSession(t, url, tok, "2025-06-18", elicitingCaps)
			resp := s.post(context.Background(), `{"jsonrpc":"2.0","id":7,"method":"tools/call","params":`+string(params)+`}`)
			defer resp.Body.Close()
			m := next(t, messages(resp), wsWait)
			require.NotEqual(t, "elicitation/create", m.Method, "asked to confirm a request missing %s", c.field)
			require.Equal(t, rest, toolErrorOf(t, m))
		})
	}
	q := e.do(http.MethodGet, api.PathQuantityEstimate+"?selling_asset=eth&sell_quantity=1", tok, nil).requireError(t, http.StatusBadRequest, api.CodeInvalidQueryParams)
	require.Equal(t, "field buying_asset is required", q.Description)
}
