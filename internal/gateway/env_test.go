package gateway_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

// env is a gateway on a real SQLite file behind a real HTTP server.
type env struct {
	t       *testing.T
	cfg     config.Config
	store   *store.SQLite
	tokens  *auth.Tokens
	secrets *auth.Secrets
	srv     *httptest.Server
	// offset shifts the gateway's clock.
	offset atomic.Int64
}

func newEnv(t *testing.T) *env { return newEnvWith(t, nil) }

// newEnvWith is newEnv with a configuration changed by modify before it is checked.
func newEnvWith(t *testing.T, modify func(*config.Config)) *env {
	t.Helper()
	return newEnvOpts(t, modify, nil)
}

// newEnvOpts is newEnvWith with the service's options changed by options (may be nil).
func newEnvOpts(t *testing.T, modify func(*config.Config), opts func(*options)) *env {
	t.Helper()
	e := &env{t: t}
	p := newParts(t, func(c *config.Config) {
		c.Listen = "127.0.0.1:8080"
		c.MaxBodyBytes = 4096
		if modify != nil {
			modify(c)
		}
	}, func(*store.SQLite) options {
		o := options{services: app.ServiceOptions{Now: e.now, Logger: slog.Default()}}
		if opts != nil {
			opts(&o)
		}
		return o
	})
	e.cfg, e.store, e.tokens, e.secrets = p.cfg, p.store, p.tokens, p.secrets
	e.srv = httptest.NewServer(p.svc.Handler())
	t.Cleanup(e.srv.Close)
	return e
}

// startHTTP serves p's handler on a test server and returns the API's base URL.
func startHTTP(tb testing.TB, p parts) string {
	tb.Helper()
	srv := httptest.NewServer(p.svc.Handler())
	tb.Cleanup(srv.Close)
	return srv.URL + p.cfg.BasePath
}

func (e *env) now() time.Time { return time.Now().Add(time.Duration(e.offset.Load())) }

// response is a decoded HTTP answer.
type response struct {
	status int
	header http.Header
	body   []byte
}

// apiError decodes an error body and checks it has exactly code and description.
func (r response) apiError(t *testing.T) api.Error {
	t.Helper()
	var fields map[string]any
	require.NoError(t, json.Unmarshal(r.body, &fields), "error body is JSON: %s", r.body)
	require.Len(t, fields, 2, "error body has code and description only: %s", r.body)
	var e api.Error
	require.NoError(t, json.Unmarshal(r.body, &e))
	require.NotEmpty(t, e.Description)
	return e
}

// requireError checks status and code.
func (r response) requireError(t *testing.T, status int, code api.ErrorCode) api.Error {
	t.Helper()
	require.Equal(t, status, r.status, "body: %s", r.body)
	e := r.apiError(t)
	require.Equal(t, code, e.Code)
	return e
}

// do sends a request to base path + path; body is sent raw when it is a string.
func (e *env) do(method, path, token string, body any) response {
	e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		require.NoError(e.t, err)
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, e.srv.URL+e.cfg.BasePath+path, rd)
	require.NoError(e.t, err)
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	require.NoError(e.t, err)
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	require.NoError(e.t, err)
	return response{status: resp.StatusCode, header: resp.Header, body: data}
}

// decode unmarshals a 2xx body.
func decode[T any](t *testing.T, r response, status int) T {
	t.Helper()
	require.Equal(t, status, r.status, "body: %s", r.body)
	var v T
	require.NoError(t, json.Unmarshal(r.body, &v))
	return v
}

// key is an API key created through the store, as the admin command does.
type key struct {
	id, secret, account string
}

func (e *env) createKey(perms ...api.Permission) key {
	e.t.Helper()
	account := auth.NewAccountID()
	k, secret := accounts.NewKey(e.secrets, account, "test", perms, time.Now())
	require.NoError(e.t, e.store.CreateAccountWithKey(context.Background(), store.Account{ID: account, CreatedAt: time.Now()}, k))
	return key{id: k.ID, secret: secret, account: account}
}

func (e *env) token(k key) string {
	e.t.Helper()
	return decode[api.TokenResponse](e.t, e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: k.id, Secret: k.secret}), http.StatusOK).JWTToken
}

// createKeyIn adds a key with perms to an existing account.
func (e *env) createKeyIn(account string, perms ...api.Permission) key {
	e.t.Helper()
	k, secret := accounts.NewKey(e.secrets, account, "test", perms, time.Now())
	require.NoError(e.t, e.store.CreateAPIKey(context.Background(), k))
	return key{id: k.ID, secret: secret, account: account}
}

// requireMode checks a file's permission bits.
func requireMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, want, fi.Mode().Perm(), "mode of %s", path)
}
