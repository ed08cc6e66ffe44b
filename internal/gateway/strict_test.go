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
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
)

// TestDuplicateKeysRefused: a body that names a key twice is refused before anything acts
// on either value.
func TestDuplicateKeysRefused(t *testing.T) {
	gw := newChainGW(t)
	data, err := json.Marshal(order())
	require.NoError(t, err)
	body := strings.Replace(string(data), `"source":"ETHEREUM"`, `"source":"MARS","x":{"source":1},"source":"ETHEREUM"`, 1)
	require.NotEqual(t, string(data), body)
	status, resp := gw.do(t, http.MethodPost, api.PathOrder, body)
	require.Equal(t, http.StatusBadRequest, status, "body: %s", resp)
	e := apiErr(t, resp)
	require.Equal(t, api.CodeInvalidSchema, e.Code)
	require.Contains(t, e.Description, "field source appears twice")

	nested := strings.Replace(string(data), `"nonce":"1"`, `"nonce":"1","meta":{"a":[{"id":1,"id":2}]}`, 1)
	status, resp = gw.do(t, http.MethodPost, api.PathOrder, nested)
	require.Equal(t, http.StatusBadRequest, status, "body: %s", resp)
	require.Contains(t, apiErr(t, resp).Description, "field meta.a[].id appears twice")
}

// served starts a gateway with Service.Serve, as dtwgate serve does, on a loopback port,
// and returns its address and configuration.
func served(t *testing.T) (string, config.Config) {
	t.Helper()
	p := newParts(t, nil, nil)
	svc, cfg := p.svc, p.cfg
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- svc.Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		require.NoError(t, <-done)
	})
	return ln.Addr().String(), cfg
}

// raw sends head (request line and headers, without the blank line) and body over a new
// TCP connection, and reads the answer. The body is written concurrently: the server may
// answer before reading it.
func raw(t *testing.T, addr, head string, body io.Reader) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	require.NoError(t, err)
	defer conn.Close()
	require.NoError(t, conn.SetDeadline(time.Now().Add(5*time.Second)))
	go func() {
		_, _ = io.WriteString(conn, head+"\r\n\r\n")
		if body != nil {
			_, _ = io.Copy(conn, body)
		}
	}()
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	require.NoError(t, err, "no HTTP answer")
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	return resp, data
}

// requireJSONError checks an answer is the interface's error body with status and code.
func requireJSONError(t *testing.T, resp *http.Response, body []byte, status int, code api.ErrorCode) {
	t.Helper()
	require.Equal(t, status, resp.StatusCode, "body: %.300s", body)
	require.Equal(t, "application/json", resp.Header.Get("Content-Type"), "body: %.300s", body)
	var fields map[string]any
	require.NoError(t, json.Unmarshal(body, &fields), "body is JSON: %.300s", body)
	require.Len(t, fields, 2, "body has code and description only: %s", body)
	e := apiErr(t, body)
	require.Equal(t, code, e.Code)
	require.NotEmpty(t, e.Description)
}

// TestOversizedRequestsGetJSONErrors: headers over the limit answer 431 and bodies over
// it 413, both with the interface's JSON error body, whether the gateway or net/http
// itself catches them.
func TestOversizedRequestsGetJSONErrors(t *testing.T) {
	addr, cfg := served(t)
	path := cfg.BasePath + api.PathDepositAddresses
	get := func(target string, headers ...string) string {
		return strings.Join(append([]string{"GET " + target + " HTTP/1.1", "Host: " + addr}, headers...), "\r\n")
	}
	pad := func(n int) string { return "X-Pad: " + strings.Repeat("p", n) }
	headerCases := []struct {
		name string
		head string
	}{
		{"one header over the gateway's limit", get(path, pad(30<<10))},
		{"many headers over the gateway's limit", get(path, strings.Split(strings.Repeat(pad(1000)+"\n", 30), "\n")[:30]...)},
		{"a long request line", get(path + "?q=" + strings.Repeat("q", 30<<10))},
		{"headers over net/http's own limit", get(path, pad(200<<10))},
	}
	for _, c := range headerCases {
		t.Run(c.name, func(t *testing.T) {
			resp, body := raw(t, addr, c.head, nil)
			requireJSONError(t, resp, body, http.StatusRequestHeaderFieldsTooLarge, api.CodeHeadersTooLarge)
		})
	}
	t.Run("headers within the limit pass", func(t *testing.T) {
		resp, body := raw(t, addr, get(path, pad(12<<10)), nil)
		requireJSONError(t, resp, body, http.StatusUnauthorized, api.CodeInvalidJWTToken)
	})

	token := cfg.BasePath + api.PathAuthToken
	post := func(headers ...string) string {
		return strings.Join(append([]string{"POST " + token + " HTTP/1.1", "Host: " + addr, "Content-Type: application/json"}, headers...), "\r\n")
	}
	tooLarge := cfg.MaxBodyBytes + 1
	t.Run("a declared body over the limit, answered before it is sent", func(t *testing.T) {
		resp, body := raw(t, addr, post(fmt.Sprintf("Content-Length: %d", tooLarge)), nil)
		requireJSONError(t, resp, body, http.StatusRequestEntityTooLarge, api.CodeRequestEntityTooLarge)
	})
	t.Run("a chunked body over the limit", func(t *testing.T) {
		chunk := strings.Repeat(" ", 64<<10)
		var b strings.Builder
		b.WriteString(`{"keyId":"`)
		for int64(b.Len()) <= tooLarge {
			b.WriteString(chunk)
		}
		payload := b.String()
		var chunked strings.Builder
		for i := 0; i < len(payload); i += len(chunk) {
			part := payload[i:min(i+len(chunk), len(payload))]
			fmt.Fprintf(&chunked, "%x\r\n%s\r\n", len(part), part)
		}
		chunked.WriteString("0\r\n\r\n")
		resp, body := raw(t, addr, post("Transfer-Encoding: chunked"), strings.NewReader(chunked.String()))
		requireJSONError(t, resp, body, http.StatusRequestEntityTooLarge, api.CodeRequestEntityTooLarge)
	})
}
