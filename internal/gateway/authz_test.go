package gateway_test

import (
	"context"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/gateway"
)

var pathParam = regexp.MustCompile(`\{[^}]+\}`)

// TestAuthorizationMatrix walks the route table, MCP's included: every authenticated
// route refuses a missing, garbage, expired or rotated-away token (401 with
// WWW-Authenticate), and a token without its permission.
func TestAuthorizationMatrix(t *testing.T) {
	e := newEnv(t)
	all := e.createKey(api.AllPermissions...)
	allToken := e.token(all)
	expired, err := e.tokens.Issue(auth.Claims{APIKeyID: all.id, Generation: 1}, all.account, time.Now().Add(-e.cfg.TokenTTL-time.Minute))
	require.NoError(t, err)
	rotatedKey := e.createKey(api.AllPermissions...)
	rotated := e.token(rotatedKey)
	_, err = e.store.RotateAPIKey(context.Background(), rotatedKey.account, rotatedKey.id, "scrypt$1$1$1$AA$AA", time.Now())
	require.NoError(t, err)

	protected := 0
	for _, rt := range gateway.Routes() {
		// A sub-account path names the caller's own account (allowed); other parameters x.
		path := pathParam.ReplaceAllString(strings.ReplaceAll(rt.Path, "{"+api.PathParamAccountID+"}", all.account), "x")
		name := rt.Method + " " + rt.Path
		if rt.Access == gateway.Public {
			t.Run(name+"/public", func(t *testing.T) {
				r := e.do(rt.Method, path, "", nil)
				require.NotEqual(t, http.StatusUnauthorized, r.status, "public route asks for a token")
			})
			continue
		}
		protected++
		cases := []struct{ name, token string }{
			{"no token", ""},
			{"garbage token", "not.a.jwt"},
			{"expired token", expired},
			{"rotated key", rotated},
		}
		for _, c := range cases {
			t.Run(name+"/"+c.name, func(t *testing.T) {
				r := e.do(rt.Method, path, c.token, nil)
				r.requireError(t, 401, api.CodeInvalidJWTToken)
				require.Equal(t, `Bearer realm="dtwgate"`, r.header.Get("WWW-Authenticate"))
			})
		}
		if rt.Permission != "" {
			t.Run(name+"/missing permission", func(t *testing.T) {
				others := slices.DeleteFunc(slices.Clone(api.AllPermissions), func(p api.Permission) bool { return p == rt.Permission })
				tok := e.token(e.createKey(others...))
				e.do(rt.Method, path, tok, nil).requireError(t, 403, api.CodeInvalidPermissions)
			})
		}
		t.Run(name+"/allowed", func(t *testing.T) {
			r := e.do(rt.Method, path, allToken, nil)
			require.NotContains(t, []int{401, 403}, r.status, "body: %s", r.body)
			require.Less(t, r.status, 500, "a server error: %s", r.body)
		})
	}
	require.Positive(t, protected)
}

// TestMCPInRouteTable: the MCP endpoint is served from the route table like every other
// route, its session bound stated as the table states limits.
func TestMCPInRouteTable(t *testing.T) {
	got := map[string]gateway.Route{}
	for _, rt := range gateway.Routes() {
		if rt.Path == api.PathMCP {
			got[rt.Method] = rt
		}
	}
	require.Len(t, got, 3)
	for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		require.Equal(t, gateway.Authenticated, got[m].Access, m)
	}
	require.Equal(t, gateway.LimitSessions, got[http.MethodPost].Limit)
	require.False(t, gateway.LimitSessions.RetryAfter())
	e := newEnv(t)
	r := e.do(http.MethodPut, api.PathMCP, "", nil)
	r.requireError(t, http.StatusMethodNotAllowed, api.CodeMethodNotAllowed)
	require.Equal(t, "DELETE, GET, POST", r.header.Get("Allow"))
}

// TestRouteTable checks the table's own consistency: permissions exist, no duplicates.
func TestRouteTable(t *testing.T) {
	seen := map[string]bool{}
	for _, rt := range gateway.Routes() {
		key := rt.Method + " " + rt.Path
		require.False(t, seen[key], "duplicate route %s", key)
		seen[key] = true
		if rt.Permission != "" {
			require.True(t, rt.Permission.Valid(), "route %s has unknown permission %q", key, rt.Permission)
			require.NotEqual(t, gateway.Public, rt.Access, "route %s has a permission but is public", key)
		}
	}
}

// TestRotationCannotEscalate: rotating a key hands out a working secret, so a caller may
// rotate only keys whose permissions it holds, as for creating one. A MANAGE_KEYS-only key
// rotating an all-permission key of its own account got that key's powers before.
func TestRotationCannotEscalate(t *testing.T) {
	e := newEnv(t)
	full := e.createKey(api.AllPermissions...)
	manager := e.createKeyIn(full.account, api.PermManageKeys)
	reader := e.createKeyIn(full.account, api.PermRead, api.PermManageKeys)
	managerTok := e.token(manager)

	e.do(http.MethodPost, rotatePath(full.id), managerTok, nil).requireError(t, 403, api.CodeInvalidPermissions)
	e.do(http.MethodPost, rotatePath(reader.id), managerTok, nil).requireError(t, 403, api.CodeInvalidPermissions)
	// The refused rotations changed nothing: the full key's secret still works.
	require.NotEmpty(t, e.token(full))

	// A key may rotate itself, and a caller holding every permission may rotate any key
	// of its account.
	self := decode[api.APIKeyRotated](t, e.do(http.MethodPost, rotatePath(manager.id), managerTok, nil), 200)
	require.Equal(t, manager.id, self.APIKeyID)
	decode[api.APIKeyRotated](t, e.do(http.MethodPost, rotatePath(reader.id), e.token(full), nil), 200)

	// Another account's key is NOT_FOUND whatever its permissions.
	stranger := e.createKey(api.PermRead)
	e.do(http.MethodPost, rotatePath(stranger.id), e.token(full), nil).requireError(t, 404, api.CodeNotFound)
}

// TestSubAccountParamChecked: the deprecated sub_account parameter of order status may
// name only the caller's own account; any other value, existing or not, is 403, and the
// deprecation headers come with every use.
func TestSubAccountParamChecked(t *testing.T) {
	e := newEnv(t)
	me, other := e.createKey(api.PermRead), e.createKey(api.PermRead)
	tok := e.token(me)
	path := strings.NewReplacer("{source}", "ETHEREUM", "{orderId}", "1").Replace(api.PathOrderStatus)
	for _, v := range []string{other.account, "acc_doesnotexist", "../" + me.account} {
		r := e.do(http.MethodGet, path+"?sub_account="+url.QueryEscape(v), tok, nil)
		r.requireError(t, 403, api.CodeInvalidPermissions)
		require.Equal(t, "true", r.header.Get("Deprecation"))
		require.NotEmpty(t, r.header.Get("Sunset"))
	}
	// The caller's own account passes the check (this gateway has no chains, so the source
	// is what is refused next).
	r := e.do(http.MethodGet, path+"?sub_account="+me.account, tok, nil)
	r.requireError(t, 400, api.CodeInvalidOrderSource)
	require.Equal(t, "true", r.header.Get("Deprecation"))
}
