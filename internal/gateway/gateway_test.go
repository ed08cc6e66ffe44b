package gateway_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/gateway"
)

func TestErrorsAreJSON(t *testing.T) {
	e := newEnv(t)
	cases := []struct {
		name   string
		method string
		path   string
		body   any
		status int
		code   api.ErrorCode
		desc   string
	}{
		{"unknown route", http.MethodGet, "/v9/nothing", nil, 404, api.CodeNotFound, "no route"},
		{"outside base path", http.MethodGet, "/../other", nil, 404, api.CodeNotFound, ""},
		{"wrong method", http.MethodGet, api.PathAuthToken, nil, 405, api.CodeMethodNotAllowed, "POST"},
		{"missing body", http.MethodPost, api.PathAuthToken, nil, 400, api.CodeInvalidSchema, "required"},
		{"not JSON", http.MethodPost, api.PathAuthToken, "keyId=1", 400, api.CodeInvalidSchema, "JSON object"},
		{"array", http.MethodPost, api.PathAuthToken, `["a"]`, 400, api.CodeInvalidSchema, "JSON object"},
		{"truncated", http.MethodPost, api.PathAuthToken, `{"keyId": "a"`, 400, api.CodeInvalidSchema, "malformed"},
		{"wrong type", http.MethodPost, api.PathAuthToken, `{"keyId": 5, "secret": "s"}`, 400, api.CodeInvalidSchema, "field keyId must be a string"},
		{"missing field", http.MethodPost, api.PathAuthToken, `{"keyId": "k"}`, 400, api.CodeInvalidSchema, "field secret is required"},
		{"trailing data", http.MethodPost, api.PathAuthToken, `{"keyId": "k", "secret": "s"} {}`, 400, api.CodeInvalidSchema, "after the JSON object"},
		{"oversized", http.MethodPost, api.PathAuthToken, `{"keyId": "` + strings.Repeat("a", 5000) + `"}`, 413, api.CodeRequestEntityTooLarge, "4096"},
		{"unknown fields ignored", http.MethodPost, api.PathAuthToken, `{"keyId": "k", "secret": "s", "extra": [1]}`, 401, api.CodeInvalidCredentials, ""},
		{"unknown key", http.MethodPost, api.PathAuthGetToken, api.TokenRequest{KeyID: "nope", Secret: "s"}, 401, api.CodeInvalidCredentials, "wrong"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do(c.method, c.path, "", c.body)
			got := r.requireError(t, c.status, c.code)
			require.Contains(t, got.Description, c.desc)
			require.NotEmpty(t, r.header.Get(gateway.HeaderRequestID))
			require.NotContains(t, got.Description, "json:")
		})
	}
	t.Run("405 names allowed methods", func(t *testing.T) {
		r := e.do(http.MethodDelete, api.PathAPIKeys, "", nil)
		r.requireError(t, 405, api.CodeMethodNotAllowed)
		require.Equal(t, "GET, POST", r.header.Get("Allow"))
	})
}

func TestInternalErrorCarriesRequestID(t *testing.T) {
	e := newEnv(t)
	require.NoError(t, e.store.Close()) // every store call now fails
	r := e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: "key_x", Secret: "s"})
	got := r.requireError(t, 500, api.CodeInternalServerError)
	id := r.header.Get(gateway.HeaderRequestID)
	require.NotEmpty(t, id)
	require.Contains(t, got.Description, id)
	require.NotContains(t, got.Description, "sql")
}

func TestTokenAndJWTCheck(t *testing.T) {
	e := newEnv(t)
	k := e.createKey(api.PermRead)
	for _, path := range []string{api.PathAuthToken, api.PathAuthGetToken} {
		t.Run(path, func(t *testing.T) {
			tok := decode[api.TokenResponse](t, e.do(http.MethodPost, path, "", api.TokenRequest{KeyID: k.id, Secret: k.secret}), 200).JWTToken
			r := e.do(http.MethodGet, api.PathJWTCheck, tok, nil)
			require.Equal(t, http.StatusNoContent, r.status)
			require.Empty(t, r.body)
		})
	}
	t.Run("wrong secret", func(t *testing.T) {
		e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: k.id, Secret: k.secret + "x"}).requireError(t, 401, api.CodeInvalidCredentials)
	})
	t.Run("garbage token", func(t *testing.T) {
		e.do(http.MethodGet, api.PathJWTCheck, "garbage", nil).requireError(t, 401, api.CodeInvalidJWTToken)
	})
	t.Run("no token", func(t *testing.T) {
		e.do(http.MethodGet, api.PathJWTCheck, "", nil).requireError(t, 401, api.CodeInvalidJWTToken)
	})
	t.Run("token of another gateway", func(t *testing.T) {
		other, err := auth.NewTokens([]byte(strings.Repeat("k", 32)), e.cfg.TokenTTL)
		require.NoError(t, err)
		tok, err := other.Issue(auth.Claims{APIKeyID: k.id, Generation: 1}, k.account, e.now())
		require.NoError(t, err)
		e.do(http.MethodGet, api.PathJWTCheck, tok, nil).requireError(t, 401, api.CodeInvalidJWTToken)
	})
}

func TestTicket(t *testing.T) {
	e := newEnv(t)
	k := e.createKey(api.PermRead)
	ticket := decode[api.TicketResponse](t, e.do(http.MethodPost, api.PathAuthTicket, "", api.TokenRequest{KeyID: k.id, Secret: k.secret}), 200).Ticket
	require.Len(t, ticket, 64)
	got, err := e.store.ConsumeTicket(context.Background(), auth.TicketHash(ticket), e.now())
	require.NoError(t, err)
	require.Equal(t, k.account, got.AccountID)
	require.Equal(t, k.id, got.APIKeyID)
	_, err = e.store.ConsumeTicket(context.Background(), auth.TicketHash(ticket), e.now())
	require.Error(t, err, "single use")
	e.do(http.MethodPost, api.PathAuthTicket, "", api.TokenRequest{KeyID: k.id, Secret: "bad"}).requireError(t, 401, api.CodeInvalidCredentials)
}

func TestAPIKeys(t *testing.T) {
	e := newEnv(t)
	admin := e.createKey(api.PermRead, api.PermTrade, api.PermManageKeys)
	tok := e.token(admin)

	t.Run("create subset", func(t *testing.T) {
		got := decode[api.APIKeyCreated](t, e.do(http.MethodPost, api.PathAPIKeys, tok, api.CreateAPIKeyRequest{Label: "bot", Permissions: []string{"TRADE", "READ", "READ"}}), 201)
		require.Equal(t, []api.Permission{api.PermRead, api.PermTrade}, got.Permissions)
		require.Equal(t, "bot", got.Label)
		require.NotEmpty(t, got.APIKeySecret)
		child := key{id: got.APIKeyID, secret: got.APIKeySecret, account: admin.account}
		e.do(http.MethodGet, api.PathJWTCheck, e.token(child), nil)
	})
	cases := []struct {
		name   string
		req    any
		status int
		code   api.ErrorCode
	}{
		{"exceeds caller", api.CreateAPIKeyRequest{Label: "x", Permissions: []string{"WITHDRAW"}}, 403, api.CodeInvalidPermissions},
		{"unknown permission", api.CreateAPIKeyRequest{Label: "x", Permissions: []string{"ROOT"}}, 400, api.CodeInvalidSchema},
		{"no permissions", api.CreateAPIKeyRequest{Label: "x", Permissions: []string{}}, 400, api.CodeInvalidSchema},
		{"no label", api.CreateAPIKeyRequest{Permissions: []string{"READ"}}, 400, api.CodeInvalidSchema},
		{"permissions not an array", `{"label": "x", "permissions": "READ"}`, 400, api.CodeInvalidSchema},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e.do(http.MethodPost, api.PathAPIKeys, tok, c.req).requireError(t, c.status, c.code)
		})
	}

	t.Run("list", func(t *testing.T) {
		list := decode[api.APIKeyList](t, e.do(http.MethodGet, api.PathAPIKeys, tok, nil), 200)
		require.Len(t, list.APIKeys, 2)
		require.Equal(t, admin.id, list.APIKeys[0].APIKeyID)
		require.NotContains(t, string(e.do(http.MethodGet, api.PathAPIKeys, tok, nil).body), "ecret")
	})

	t.Run("rotate", func(t *testing.T) {
		other := e.createKey(api.PermRead)
		e.do(http.MethodPost, rotatePath(other.id), tok, nil).requireError(t, 404, api.CodeNotFound)
		e.do(http.MethodPost, rotatePath("key_missing"), tok, nil).requireError(t, 404, api.CodeNotFound)

		rot := decode[api.APIKeyRotated](t, e.do(http.MethodPost, rotatePath(admin.id), tok, nil), 200)
		require.Equal(t, admin.id, rot.APIKeyID)
		require.NotEqual(t, admin.secret, rot.APIKeySecret)
		e.do(http.MethodGet, api.PathJWTCheck, tok, nil).requireError(t, 401, api.CodeInvalidJWTToken)
		e.do(http.MethodPost, api.PathAuthToken, "", api.TokenRequest{KeyID: admin.id, Secret: admin.secret}).requireError(t, 401, api.CodeInvalidCredentials)
		fresh := e.token(key{id: admin.id, secret: rot.APIKeySecret})
		require.Equal(t, http.StatusNoContent, e.do(http.MethodGet, api.PathJWTCheck, fresh, nil).status)
	})
}

func rotatePath(id string) string {
	return strings.Replace(api.PathAPIKeyRotate, "{apiKeyId}", id, 1)
}

func TestHealthAndMetrics(t *testing.T) {
	e := newEnv(t)
	for _, p := range []string{api.PathHealthz, api.PathReadyz, api.PathMetrics} {
		t.Run(p, func(t *testing.T) {
			resp, err := http.Get(e.srv.URL + p)
			require.NoError(t, err)
			resp.Body.Close()
			require.Equal(t, 200, resp.StatusCode)
		})
	}
	e.do(http.MethodGet, "/nothing", "", nil)
	resp, err := http.Get(e.srv.URL + api.PathMetrics)
	require.NoError(t, err)
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	require.NoError(t, err)
	// client_golang writes label names in sorted order.
	require.Contains(t, string(body), `dtwgate_http_requests_total{method="GET",route="unmatched",status="404"} 1`)
	require.Contains(t, string(body), "dtwgate_http_request_duration_seconds_bucket")
	require.NoError(t, e.store.Close())
	resp, err = http.Get(e.srv.URL + api.PathReadyz)
	require.NoError(t, err)
	resp.Body.Close()
	require.Equal(t, http.StatusServiceUnavailable, resp.StatusCode)
}
