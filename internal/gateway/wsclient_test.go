package gateway_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
)

// wsWait bounds how long a test waits for a websocket message.
const wsWait = 10 * time.Second

// wsClient is a raw websocket client of a test gateway. A goroutine reads every message
// into msgs, checking it against the AsyncAPI document first.
type wsClient struct {
	t    *testing.T
	conn *websocket.Conn
	msgs chan api.WSMessage
	// closed receives the error that ended reading (a websocket.CloseError when the
	// gateway closed the socket).
	closed chan error
	// reading is held by pause: the reader stops reading the socket.
	reading sync.Mutex
}

// pause stops reading the socket (after at most one more message).
func (c *wsClient) pause() { c.reading.Lock() }

// resume reads the socket again.
func (c *wsClient) resume() { c.reading.Unlock() }

// wsURL is the websocket's address on e, with query (may be "").
func (e *env) wsURL(query string) string {
	u := "ws" + strings.TrimPrefix(e.srv.URL, "http") + e.cfg.BasePath + api.PathWebsocket
	if query != "" {
		u += "?" + query
	}
	return u
}

// dialWS opens a websocket with a bearer token ("" for none) and query; on a refused
// upgrade it returns the HTTP answer.
func (e *env) dialWS(token, query string, opts *websocket.DialOptions) (*wsClient, *http.Response, error) {
	e.t.Helper()
	if opts == nil {
		opts = &websocket.DialOptions{}
	}
	if token != "" {
		opts.HTTPHeader = http.Header{"Authorization": {"Bearer " + token}}
	}
	ctx, cancel := context.WithTimeout(context.Background(), wsWait)
	defer cancel()
	conn, resp, err := websocket.Dial(ctx, e.wsURL(query), opts)
	if err != nil {
		return nil, resp, err
	}
	c := &wsClient{t: e.t, conn: conn, msgs: make(chan api.WSMessage, 10_000), closed: make(chan error, 1)}
	e.t.Cleanup(func() { _ = conn.CloseNow() })
	go c.read()
	return c, resp, nil
}

// mustDialWS opens a websocket with a bearer token.
func (e *env) mustDialWS(token string) *wsClient {
	e.t.Helper()
	c, resp, err := e.dialWS(token, "", nil)
	if err != nil {
		require.FailNow(e.t, "dial", "%v: %s", err, describeResponse(resp))
	}
	return c
}

// refusedWS checks that the upgrade is refused with status and code.
func (e *env) refusedWS(token, query string, status int, code api.ErrorCode) {
	e.t.Helper()
	_, resp, err := e.dialWS(token, query, nil)
	require.Error(e.t, err)
	require.NotNil(e.t, resp, "an HTTP answer: %v", err)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	require.Equal(e.t, status, resp.StatusCode, "body: %s", body)
	var apiErr api.Error
	require.NoError(e.t, json.Unmarshal(body, &apiErr), "body: %s", body)
	require.Equal(e.t, code, apiErr.Code)
}

func describeResponse(resp *http.Response) string {
	if resp == nil || resp.Body == nil {
		return "no answer"
	}
	body, _ := io.ReadAll(resp.Body)
	return fmt.Sprintf("%d %s", resp.StatusCode, body)
}

func (c *wsClient) read() {
	for {
		c.reading.Lock()
		c.reading.Unlock() //nolint:staticcheck // waits while the test pauses reading
		typ, data, err := c.conn.Read(context.Background())
		if err != nil {
			c.closed <- err
			close(c.msgs)
			return
		}
		if typ != websocket.MessageText {
			c.closed <- fmt.Errorf("a %v message", typ)
			close(c.msgs)
			return
		}
		if err := checkAsyncAPI(data); err != nil {
			c.closed <- fmt.Errorf("message %s does not match the AsyncAPI document: %w", data, err)
			close(c.msgs)
			return
		}
		var m api.WSMessage
		if err := json.Unmarshal(data, &m); err != nil {
			c.closed <- err
			close(c.msgs)
			return
		}
		c.msgs <- m
	}
}

// send writes v as a JSON text message.
func (c *wsClient) send(v any) {
	c.t.Helper()
	data, err := json.Marshal(v)
	require.NoError(c.t, err)
	c.sendRaw(websocket.MessageText, data)
}

func (c *wsClient) sendRaw(typ websocket.MessageType, data []byte) {
	c.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), wsWait)
	defer cancel()
	require.NoError(c.t, c.conn.Write(ctx, typ, data))
}

// next returns the next message.
func (c *wsClient) next() api.WSMessage {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if !ok {
			require.FailNow(c.t, "the socket ended", "%v", <-c.closed)
		}
		return m
	case <-time.After(wsWait):
		require.FailNow(c.t, "no message in time")
	}
	return api.WSMessage{}
}

// nextOf returns the next message and checks its type.
func (c *wsClient) nextOf(typ string) api.WSMessage {
	c.t.Helper()
	m := c.next()
	require.Equal(c.t, typ, m.Type, "message %+v (error %+v, data %s)", m, m.Error, m.Data)
	return m
}

// none checks that no message arrives within d.
func (c *wsClient) none(d time.Duration) {
	c.t.Helper()
	select {
	case m, ok := <-c.msgs:
		if ok {
			require.FailNow(c.t, "unexpected message", "%s %s", m.Type, m.Data)
		}
	case <-time.After(d):
	}
}

// closedWith waits for the gateway to close the socket and checks the code.
func (c *wsClient) closedWith(code websocket.StatusCode) websocket.CloseError {
	c.t.Helper()
	deadline := time.After(wsWait)
	for {
		select {
		case _, ok := <-c.msgs:
			if ok {
				continue
			}
			err := <-c.closed
			var ce websocket.CloseError
			require.True(c.t, errors.As(err, &ce), "closed by %v, want close code %d", err, code)
			require.Equal(c.t, code, ce.Code, "close reason %q", ce.Reason)
			return ce
		case <-deadline:
			require.FailNow(c.t, "the socket was not closed in time")
		}
	}
}

// subscribe sends a SUBSCRIBE of subs and returns the SUBSCRIPTIONS answer.
func (c *wsClient) subscribe(subs ...api.Subscription) []api.Subscription {
	c.t.Helper()
	c.send(api.WSMessage{Type: api.WSSubscribe, Metadata: &api.WSMetadata{Subscriptions: subs}})
	return c.nextOf(api.WSSubscriptions).Metadata.Subscriptions
}

// data decodes a push's data.
func data[T any](t *testing.T, m api.WSMessage) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal(m.Data, &v), "data: %s", m.Data)
	return v
}

func priceSub(pairs ...string) api.Subscription {
	body := &api.SubscriptionBody{}
	for _, p := range pairs {
		sell, buy, _ := strings.Cut(p, "/")
		body.Assets = append(body.Assets, api.AssetPair{SellingAsset: sell, BuyingAsset: buy})
	}
	return api.Subscription{ChannelType: api.ChannelPriceFeedUpdates, Body: body}
}

var (
	activitySub = api.Subscription{ChannelType: api.ChannelAccountActivity}
	ordersSub   = api.Subscription{ChannelType: api.ChannelOrders}
)

// smallReceiveBuffer dials with a tiny TCP receive buffer, so that a client that does not
// read backs the gateway up after a few messages.
func smallReceiveBuffer() *websocket.DialOptions {
	d := &net.Dialer{Control: func(_, _ string, rc syscall.RawConn) error {
		var serr error
		err := rc.Control(func(fd uintptr) { serr = syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, 2048) })
		return errors.Join(err, serr)
	}}
	return &websocket.DialOptions{HTTPClient: &http.Client{Transport: &http.Transport{DialContext: d.DialContext}}}
}

// smallSendBuffers serves e on a new test server whose accepted connections have a small
// kernel send buffer: on loopback Linux grows a socket's buffer to megabytes when left
// alone, which can hold every message a test sends a paused reader.
func smallSendBuffers(e *env) {
	e.t.Helper()
	h := e.srv.Config.Handler
	e.srv.Close()
	srv := httptest.NewUnstartedServer(h)
	srv.Listener = smallSendListener{srv.Listener}
	srv.Start()
	e.t.Cleanup(srv.Close)
	e.srv = srv
}

// smallSendListener sets a 4 KiB send buffer on each connection it accepts.
type smallSendListener struct{ net.Listener }

func (l smallSendListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if tc, ok := c.(*net.TCPConn); ok {
		if serr := tc.SetWriteBuffer(4096); serr != nil {
			_ = c.Close()
			return nil, serr
		}
	}
	return c, err
}

// asyncDoc is the AsyncAPI document, parsed once.
var asyncDoc = func() map[string]any {
	var doc map[string]any
	if err := yaml.Unmarshal(api.AsyncAPI, &doc); err != nil {
		panic(err)
	}
	return doc
}()

// checkAsyncAPI checks a message the gateway sent against the AsyncAPI document: it must
// be the payload of one of the document's messages by its type, with every required field,
// values of the schema's types, consts and enums, and no field the schema does not list.
func checkAsyncAPI(data []byte) error {
	var v map[string]any
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	messages := lookup(asyncDoc, "components", "messages").(map[string]any)
	for name, m := range messages {
		payload := resolve(m.(map[string]any)["payload"].(map[string]any))
		if lookup(payload, "properties", "type", "const") == v["type"] {
			if err := validate(v, payload, "$"); err != nil {
				return fmt.Errorf("message %s: %w", name, err)
			}
			return nil
		}
	}
	return fmt.Errorf("no message of type %v", v["type"])
}

func lookup(v any, path ...string) any {
	for _, p := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[p]
	}
	return v
}

// resolve follows a local $ref.
func resolve(schema map[string]any) map[string]any {
	for {
		ref, ok := schema["$ref"].(string)
		if !ok {
			return schema
		}
		schema = lookup(asyncDoc, strings.Split(strings.TrimPrefix(ref, "#/"), "/")...).(map[string]any)
	}
}

// validate checks v against a JSON Schema subset (type, const, enum, required,
// properties as a closed set, items, minItems, maxItems).
func validate(v any, schema map[string]any, at string) error {
	schema = resolve(schema)
	if t, ok := schema["type"]; ok {
		var types []string
		switch t := t.(type) {
		case string:
			types = []string{t}
		case []any:
			for _, x := range t {
				types = append(types, x.(string))
			}
		}
		if !slices.Contains(types, jsonType(v)) {
			return fmt.Errorf("%s: a %s, want %v", at, jsonType(v), types)
		}
	}
	if c, ok := schema["const"]; ok && !reflect.DeepEqual(c, v) {
		return fmt.Errorf("%s: %v, want %v", at, v, c)
	}
	if enum, ok := schema["enum"].([]any); ok && !slices.Contains(enum, v) {
		return fmt.Errorf("%s: %v is not one of %v", at, v, enum)
	}
	switch v := v.(type) {
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for _, r := range asSlice(schema["required"]) {
			if _, ok := v[r.(string)]; !ok {
				return fmt.Errorf("%s: required %s missing", at, r)
			}
		}
		for k, x := range v {
			p, ok := props[k].(map[string]any)
			if !ok {
				return fmt.Errorf("%s: %s is not in the document", at, k)
			}
			if err := validate(x, p, at+"."+k); err != nil {
				return err
			}
		}
	case []any:
		if n, ok := schema["minItems"].(int); ok && len(v) < n {
			return fmt.Errorf("%s: %d items, want at least %d", at, len(v), n)
		}
		if n, ok := schema["maxItems"].(int); ok && len(v) > n {
			return fmt.Errorf("%s: %d items, want at most %d", at, len(v), n)
		}
		if items, ok := schema["items"].(map[string]any); ok {
			for i, x := range v {
				if err := validate(x, items, fmt.Sprintf("%s[%d]", at, i)); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

func asSlice(v any) []any {
	s, _ := v.([]any)
	return s
}

func jsonType(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case float64:
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}
