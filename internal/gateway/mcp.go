package gateway

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	mcpauth "github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// MCP limits.
const (
	// mcpSessionIdle closes a session that received no request for this long.
	mcpSessionIdle = 15 * time.Minute
	// mcpSessionsPerAccount bounds an account's live sessions.
	mcpSessionsPerAccount = 8
	// mcpServerName is what initialize reports.
	mcpServerName = "dtwgate"
	// mcpStatelessProtocol is the first protocol version without initialize (SEP-2575);
	// mcpLegacyProtocol is the newest one an initialize handshake negotiates.
	mcpStatelessProtocol = "2026-07-28"
	mcpLegacyProtocol    = "2025-11-25"
)

// mcpConfirmWait bounds how long a money-moving tool waits for the user's confirmation
// (an elicitation) before it gives up with CANCELLED_BY_USER, doing nothing: a client
// that went away never holds a tool call, its session or the gateway's shutdown.
var mcpConfirmWait = 2 * time.Minute

// mcpMethods are the JSON-RPC requests the SDK's server answers; a request of another
// method is answered -32601 Method not found.
var mcpMethods = map[string]bool{
	"initialize": true, "ping": true, "tools/list": true, "tools/call": true,
	"prompts/list": true, "prompts/get": true, "resources/list": true, "resources/read": true,
	"resources/templates/list": true, "resources/subscribe": true, "resources/unsubscribe": true,
	"logging/setLevel": true, "completion/complete": true, "server/discover": true, "subscriptions/listen": true,
}

// mcpEndpoint serves {base}/mcp: the Model Context Protocol over the SDK's streamable
// HTTP transport, with the gateway's operations as tools (mcp_tools.go). It takes the same
// bearer JWTs as the REST API; a session is bound to the account that opened it (the SDK
// refuses another account's token on its id) and an account has at most
// mcpSessionsPerAccount live sessions.
type mcpEndpoint struct {
	s       *Service
	server  *mcp.Server
	handler http.Handler

	mu sync.Mutex
	// sessions are the sessions each account opened, with when each was last used: a
	// session leaves when it is deleted, when the transport no longer knows it (404), or
	// when it has been idle longer than the transport keeps it.
	sessions map[string]map[string]time.Time
	slots    int
	// calls cancels the tool calls in flight, by session id: a call waiting for a
	// client that went away must not hold its session's DELETE or the shutdown.
	calls map[string]map[*int]context.CancelFunc
	shut  bool
}

// callerKey carries the authenticated *Caller from the auth check to the tools.
const mcpCallerKey = "caller"

func newMCPEndpoint(s *Service) *mcpEndpoint {
	e := &mcpEndpoint{s: s, sessions: map[string]map[string]time.Time{}, calls: map[string]map[*int]context.CancelFunc{}}
	e.server = mcp.NewServer(&mcp.Implementation{Name: mcpServerName, Title: "dtwgate asset conversion gateway", Version: "1"}, &mcp.ServerOptions{
		Instructions: "Tools of the dtwgate Asset Conversion Service: market data, assets, addresses, order and " +
			"withdrawal status and history, and submitting signed on-chain orders and withdrawals. Each tool needs " +
			"the permission of its REST endpoint; errors carry the interface's error code.",
		Logger: quiet(s.log),
	})
	addMCPTools(e.server, s)
	e.server.AddReceivingMiddleware(e.middleware)
	streamable := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return e.server }, &mcp.StreamableHTTPOptions{
		SessionTimeout:      mcpSessionIdle,
		MaxRequestBodyBytes: s.cfg.MaxBodyBytes,
		Logger:              quiet(s.log),
	})
	// The SDK's bearer middleware puts the token's info where the transport and the tools
	// read it; the token itself was checked by authenticate just before.
	verified := mcpauth.RequireBearerToken(func(ctx context.Context, _ string, r *http.Request) (*mcpauth.TokenInfo, error) {
		c, _ := r.Context().Value(mcpCallerCtx{}).(*Caller)
		if c == nil {
			return nil, mcpauth.ErrInvalidToken
		}
		exp, _ := r.Context().Value(mcpExpiryCtx{}).(time.Time)
		return &mcpauth.TokenInfo{UserID: c.AccountID, Expiration: exp, Extra: map[string]any{mcpCallerKey: c}}, nil
	}, nil)(streamable)
	e.handler = verified
	return e
}

// jsonErrorWriter turns the transport's plain-text refusals (unknown or ended session,
// another account's session, a body over the limit, ...) into the interface's JSON
// error body, keeping their status.
type jsonErrorWriter struct {
	http.ResponseWriter
	s         *Service
	r         *http.Request
	swallowed bool
	// status is what the transport answered.
	status int
	// onStatus, when set, is called with the status before it is sent.
	onStatus func(int)
}

func (w *jsonErrorWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
		if w.onStatus != nil {
			w.onStatus(status)
		}
	}
	if status < http.StatusBadRequest || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/plain") {
		w.ResponseWriter.WriteHeader(status)
		return
	}
	w.swallowed = true
	err := map[int]error{
		http.StatusNotFound:              fail(errs.ErrNotFound, "no such MCP session (ended or expired): open a new one with initialize"),
		http.StatusForbidden:             fail(errs.ErrForbidden, "this MCP session belongs to another account"),
		http.StatusMethodNotAllowed:      fail(errs.ErrMethodNotAllowed, "allowed: DELETE, GET, POST"),
		http.StatusRequestEntityTooLarge: fail(errs.ErrBodyTooLarge, "request body exceeds %d bytes", w.s.cfg.MaxBodyBytes),
	}[status]
	if err == nil {
		err = fail(errs.ErrInvalid, "the MCP transport refused the request (HTTP %d): check the Accept, Content-Type and MCP-Protocol-Version headers", status)
	}
	_, body := errorBody(err, requestID(w.r.Context()))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Del("X-Content-Type-Options")
	w.ResponseWriter.WriteHeader(status)
	_ = json.NewEncoder(w.ResponseWriter).Encode(body)
}

func (w *jsonErrorWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.WriteHeader(http.StatusOK)
	}
	if w.swallowed {
		return len(b), nil
	}
	return w.ResponseWriter.Write(b)
}

// Unwrap lets http.ResponseController reach the underlying writer (streaming).
func (w *jsonErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

type (
	mcpCallerCtx struct{}
	mcpExpiryCtx struct{}
)

// handleMCP answers POST, GET and DELETE {base}/mcp: the route table authenticated the
// caller (a refusal is the interface's JSON error with WWW-Authenticate); the MCP
// transport answers the rest.
func (s *Service) handleMCP(w http.ResponseWriter, r *http.Request, c *Caller) error {
	s.mcp.serve(w, r, c)
	return nil
}

// serve hands an authenticated request to the transport, bounding the caller's sessions.
func (e *mcpEndpoint) serve(w http.ResponseWriter, r *http.Request, c *Caller) {
	_, token, _ := strings.Cut(r.Header.Get("Authorization"), " ")
	claims, err := e.s.tokens.Verify(strings.TrimSpace(token), e.s.now())
	if err != nil { // authenticate accepted it a moment ago: only expiry in between
		w.Header().Set("WWW-Authenticate", `Bearer realm="dtwgate"`)
		e.s.respondError(w, r, fail(errs.ErrUnauthenticated, "invalid or expired token"))
		return
	}
	ctx := context.WithValue(r.Context(), mcpCallerCtx{}, c)
	ctx = context.WithValue(ctx, mcpExpiryCtx{}, claims.ExpiresAt.Time)
	r = r.WithContext(ctx)
	if r.Method == http.MethodPost && !e.screen(w, r) {
		return
	}
	w = &jsonErrorWriter{ResponseWriter: w, s: e.s, r: r}
	if r.Method == http.MethodGet { // the server-to-client stream outlives the API's write timeout
		_ = http.NewResponseController(w).SetWriteDeadline(time.Time{})
	}
	session := r.Header.Get("Mcp-Session-Id")
	jw := w.(*jsonErrorWriter)
	if session != "" {
		if r.Method == http.MethodDelete && e.owns(c.AccountID, session) {
			e.cancelCalls(session) // else the SDK waits for them to end
		}
		e.handler.ServeHTTP(w, r)
		e.track(c.AccountID, session, r.Method, jw.status)
		return
	}
	if r.Method != http.MethodPost {
		e.handler.ServeHTTP(w, r)
		return
	}
	slot, ok := e.admit(c.AccountID)
	if !ok {
		e.s.respondError(w, r, fail(errs.ErrRateLimited, "this account has %d open MCP sessions, the most allowed: end one (DELETE /mcp) or let it expire", mcpSessionsPerAccount))
		return
	}
	// The session is counted from the moment its id is sent: the client may open the next
	// one before this handler returns.
	jw.onStatus = func(status int) {
		if id := w.Header().Get("Mcp-Session-Id"); id != "" {
			e.track(c.AccountID, id, r.Method, status)
		}
		e.release(c.AccountID, slot) // the session, if any, now counts by its own id
	}
	e.handler.ServeHTTP(w, r)
	e.release(c.AccountID, slot)
}

// screen reads a POST's body and answers, as JSON-RPC does, what the SDK would answer
// badly: a batch (MCP 2025-06-18 dropped them; answered one by one they amplify a
// request many times), a body that is not JSON, a request of an unknown method. It
// reports whether the request goes on, with its body restored.
func (e *mcpEndpoint) screen(w http.ResponseWriter, r *http.Request) bool {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, e.s.cfg.MaxBodyBytes))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		e.s.respondError(w, r, fail(errs.ErrBodyTooLarge, "request body exceeds %d bytes", e.s.cfg.MaxBodyBytes))
		return false
	case err != nil:
		e.s.respondError(w, r, fail(errs.ErrInvalid, "read the request body: %v", err))
		return false
	}
	r.Body = io.NopCloser(bytes.NewReader(body))
	if t := bytes.TrimLeft(body, " \t\r\n"); len(t) > 0 && t[0] == '[' {
		writeJSONRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeInvalidRequest,
			"JSON-RPC batches are not supported (MCP 2025-06-18 removed them): send one message per request")
		return false
	}
	var msg struct {
		ID     json.RawMessage `json:"id"`
		Method *string         `json:"method"`
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		writeJSONRPCError(w, http.StatusBadRequest, nil, jsonrpc.CodeParseError, "the body is not a JSON-RPC message: "+echo.Prefix(err.Error(), 200))
		return false
	}
	isCall := len(msg.ID) > 0 && string(msg.ID) != "null"
	if isCall && msg.Method != nil && !mcpMethods[*msg.Method] {
		writeJSONRPCError(w, http.StatusOK, msg.ID, jsonrpc.CodeMethodNotFound, fmt.Sprintf("method not found: %q", echo.Value(*msg.Method)))
		return false
	}
	return true
}

// writeJSONRPCError answers a JSON-RPC error response (id null when nil).
func writeJSONRPCError(w http.ResponseWriter, status int, id json.RawMessage, code int, message string) {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"jsonrpc": "2.0", "id": id, "error": map[string]any{"code": code, "message": message}})
}

// middleware runs inside the SDK's server. An initialize asking a protocol version newer
// than the handshake negotiates is recorded as the version negotiated: the SDK keeps the
// asked one and then refuses to ask the client anything (elicitation) on a session that
// speaks the older protocol. A tool call is registered, so that it can be cancelled.
func (e *mcpEndpoint) middleware(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		switch method {
		case "initialize":
			if p, ok := req.GetParams().(*mcp.InitializeParams); ok && p.ProtocolVersion >= mcpStatelessProtocol {
				p.ProtocolVersion = mcpLegacyProtocol
			}
		case "tools/call":
			ss, ok := req.GetSession().(*mcp.ServerSession)
			if !ok {
				break
			}
			ctx, cancel := context.WithCancel(ctx)
			defer cancel()
			key := new(int)
			if !e.addCall(ss.ID(), key, cancel) {
				return nil, fmt.Errorf("the gateway is shutting down")
			}
			defer e.removeCall(ss.ID(), key)
			return next(ctx, method, req)
		}
		return next(ctx, method, req)
	}
}

// addCall registers a tool call's cancel under its session; false once shut down.
func (e *mcpEndpoint) addCall(session string, key *int, cancel context.CancelFunc) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.shut {
		return false
	}
	if e.calls[session] == nil {
		e.calls[session] = map[*int]context.CancelFunc{}
	}
	e.calls[session][key] = cancel
	return true
}

// removeCall forgets a finished tool call.
func (e *mcpEndpoint) removeCall(session string, key *int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.calls[session], key)
	if len(e.calls[session]) == 0 {
		delete(e.calls, session)
	}
}

// cancelCalls cancels the tool calls in flight on a session.
func (e *mcpEndpoint) cancelCalls(session string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for _, cancel := range e.calls[session] {
		cancel()
	}
}

// owns reports whether account opened session.
func (e *mcpEndpoint) owns(account, session string) bool {
	e.mu.Lock()
	defer e.mu.Unlock()
	_, ok := e.sessions[account][session]
	return ok
}

// shutdown cancels every tool call in flight, refuses new ones and closes every
// session, ending their streams, so that the HTTP server's shutdown is not held by
// requests that would wait for clients.
func (e *mcpEndpoint) shutdown() {
	e.mu.Lock()
	e.shut = true
	for _, calls := range e.calls {
		for _, cancel := range calls {
			cancel()
		}
	}
	e.mu.Unlock()
	for ss := range e.server.Sessions() {
		go func() { _ = ss.Close() }()
	}
}

// track records a request on one of an account's sessions: its use, or its end.
func (e *mcpEndpoint) track(account, id, method string, status int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if status == http.StatusNotFound || (method == http.MethodDelete && status < http.StatusMultipleChoices) {
		delete(e.sessions[account], id)
		if len(e.sessions[account]) == 0 {
			delete(e.sessions, account)
		}
		return
	}
	if status >= http.StatusMultipleChoices {
		return // refused (another account's token, a bad request): no use of this account's
	}
	if e.sessions[account] == nil {
		e.sessions[account] = map[string]time.Time{}
	}
	e.sessions[account][id] = time.Now()
}

// admit reports whether account may open another session, forgetting its sessions idle
// longer than the transport keeps them; an admitted opening holds a slot until release,
// so concurrent openings cannot pass the bound together.
func (e *mcpEndpoint) admit(account string) (slot string, ok bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	for id, seen := range e.sessions[account] {
		if time.Since(seen) > mcpSessionIdle {
			delete(e.sessions[account], id)
		}
	}
	if len(e.sessions[account]) >= mcpSessionsPerAccount {
		return "", false
	}
	if e.sessions[account] == nil {
		e.sessions[account] = map[string]time.Time{}
	}
	e.slots++
	slot = fmt.Sprintf("opening-%d", e.slots) // not a session id the SDK makes
	e.sessions[account][slot] = time.Now()
	return slot, true
}

// release gives back an opening's slot (its session, if any, is tracked by its own id).
func (e *mcpEndpoint) release(account, slot string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	delete(e.sessions[account], slot)
	if len(e.sessions[account]) == 0 {
		delete(e.sessions, account)
	}
}

// mcpCaller returns the caller of a tool call.
func mcpCaller(req *mcp.CallToolRequest) *Caller {
	if req == nil || req.Extra == nil || req.Extra.TokenInfo == nil {
		return nil
	}
	c, _ := req.Extra.TokenInfo.Extra[mcpCallerKey].(*Caller)
	return c
}

// quiet passes on the SDK's warnings and errors only: it logs every session's start and
// end at INFO.
func quiet(l *slog.Logger) *slog.Logger { return slog.New(minLevel{l.Handler(), slog.LevelWarn}) }

type minLevel struct {
	slog.Handler
	min slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.Handler.Enabled(ctx, l)
}

func (h minLevel) WithAttrs(as []slog.Attr) slog.Handler {
	return minLevel{h.Handler.WithAttrs(as), h.min}
}

func (h minLevel) WithGroup(g string) slog.Handler { return minLevel{h.Handler.WithGroup(g), h.min} }
