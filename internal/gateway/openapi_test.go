package gateway_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
)

type openAPIOperation struct {
	Permission string                 `yaml:"x-permission"`
	Security   *[]map[string][]string `yaml:"security"`
}

type openAPIDoc struct {
	OpenAPI    string                                 `yaml:"openapi"`
	Paths      map[string]map[string]openAPIOperation `yaml:"paths"`
	Components struct {
		Schemas struct {
			Error struct {
				Properties struct {
					Code struct {
						Enum []string `yaml:"enum"`
					} `yaml:"code"`
				} `yaml:"properties"`
			} `yaml:"Error"`
			Permission struct {
				Enum []string `yaml:"enum"`
			} `yaml:"Permission"`
		} `yaml:"schemas"`
	} `yaml:"components"`
}

// TestOpenAPIMatchesRouteTable fails when the document and the route table disagree on
// the routes, their access rules, the error codes or the permissions.
func TestOpenAPIMatchesRouteTable(t *testing.T) {
	var doc openAPIDoc
	require.NoError(t, yaml.Unmarshal(api.OpenAPI, &doc))
	require.Equal(t, "3.1.0", doc.OpenAPI)

	documented := map[string]openAPIOperation{}
	for path, ops := range doc.Paths {
		for method, op := range ops {
			if method == "parameters" {
				continue
			}
			documented[strings.ToUpper(method)+" "+path] = op
		}
	}
	served := map[string]gateway.Route{}
	for _, rt := range gateway.Routes() {
		served[rt.Method+" "+rt.Path] = rt
	}
	for k := range served {
		require.Contains(t, documented, k, "route %s is not in api/openapi.yaml", k)
	}
	for k := range documented {
		require.Contains(t, served, k, "api/openapi.yaml documents %s, which the route table lacks", k)
	}
	for k, rt := range served {
		op := documented[k]
		want := string(rt.Permission)
		switch {
		case rt.Access == gateway.Public:
			want = "PUBLIC"
		case rt.Permission == "":
			want = "ANY"
		}
		require.Equal(t, want, op.Permission, "x-permission of %s", k)
		public := op.Security != nil && len(*op.Security) == 0
		require.Equal(t, rt.Access == gateway.Public, public, "security of %s", k)
	}

	codes := make([]string, 0, len(api.ErrorCodes))
	for c := range api.ErrorCodes {
		codes = append(codes, string(c))
	}
	slices.Sort(codes)
	docCodes := slices.Sorted(slices.Values(doc.Components.Schemas.Error.Properties.Code.Enum))
	require.Equal(t, codes, docCodes, "error codes")

	perms := make([]string, len(api.AllPermissions))
	for i, p := range api.AllPermissions {
		perms[i] = string(p)
		require.Contains(t, string(api.OpenAPI), "`"+perms[i]+"`: "+api.PermissionDocs[p], "permission %s documented", p)
	}
	require.Equal(t, perms, doc.Components.Schemas.Permission.Enum, "permissions")
}

// TestOpenAPIServed: the served documents (OpenAPI and AsyncAPI) are the embedded ones
// with one change: their server is the address the client reached and the gateway's base
// path, not a fixed default; a Host header that is not a plain host[:port] leaves the
// default.
func TestOpenAPIServed(t *testing.T) {
	e := newEnvWith(t, func(c *config.Config) { c.BasePath = "/gw/api" })
	base, err := url.Parse(e.srv.URL)
	require.NoError(t, err)
	get := func(path, host string) []byte {
		req, err := http.NewRequest(http.MethodGet, e.srv.URL+"/gw/api"+path, nil)
		require.NoError(t, err)
		if host != "" {
			req.Host = host
		}
		resp, err := http.DefaultClient.Do(req)
		require.NoError(t, err)
		defer resp.Body.Close()
		require.Equal(t, http.StatusOK, resp.StatusCode)
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		return body
	}
	for _, tc := range []struct{ name, host, wantHost string }{
		{"reached address", "", base.Host},
		{"named host", "gateway.example:9443", "gateway.example:9443"},
		{"ipv6", "[::1]:8080", "[::1]:8080"},
		{"hostile host", "a'b:1", "127.0.0.1:8080"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			wantPath := "/gw/api"
			if tc.wantHost == "127.0.0.1:8080" {
				wantPath = "/api"
			}
			served := get(api.PathOpenAPI, tc.host)
			var o struct {
				Servers []struct {
					URL string `yaml:"url"`
				} `yaml:"servers"`
			}
			require.NoError(t, yaml.Unmarshal(served, &o))
			require.Len(t, o.Servers, 1)
			require.Equal(t, "http://"+tc.wantHost+wantPath, o.Servers[0].URL)
			// Nothing else changes: the embedded document with the served server line.
			require.Equal(t, strings.Replace(string(api.OpenAPI), "http://127.0.0.1:8080/api", o.Servers[0].URL, 1),
				strings.Replace(string(served), "this gateway, as the request for this document reached it", "default local gateway", 1))

			served = get(api.PathAsyncAPI, tc.host)
			var a struct {
				Servers map[string]struct {
					Host     string `yaml:"host"`
					Pathname string `yaml:"pathname"`
					Protocol string `yaml:"protocol"`
				} `yaml:"servers"`
			}
			require.NoError(t, yaml.Unmarshal(served, &a))
			require.Len(t, a.Servers, 1)
			require.Equal(t, tc.wantHost, a.Servers["local"].Host)
			require.Equal(t, wantPath, a.Servers["local"].Pathname)
			require.Equal(t, "ws", a.Servers["local"].Protocol)
		})
	}
}

// TestOpenAPIAmountPattern: the document states the amount grammar the parsers accept
// (chain.AmountPattern, chain.MaxAmountText), and every amount field of a request refers
// to it.
func TestOpenAPIAmountPattern(t *testing.T) {
	var doc struct {
		Paths      map[string]map[string]any `yaml:"paths"`
		Components struct {
			Schemas map[string]struct {
				Pattern    string                    `yaml:"pattern"`
				MaxLength  int                       `yaml:"maxLength"`
				Properties map[string]map[string]any `yaml:"properties"`
			} `yaml:"schemas"`
		} `yaml:"components"`
	}
	require.NoError(t, yaml.Unmarshal(api.OpenAPI, &doc))
	amount := doc.Components.Schemas["Amount"]
	require.Equal(t, chain.AmountPattern, amount.Pattern)
	require.Equal(t, chain.MaxAmountText, amount.MaxLength)
	const ref = "#/components/schemas/Amount"
	for schema, fields := range map[string][]string{
		"SwapRequest":               {"amountToSell", "limitAmountToReceive"},
		"QuoteRequest":              {"amountToBuy"},
		"OffchainWithdrawalRequest": {"amount"},
		"SignedOrderRequest":        {"amountToSell", "limitAmountToReceive"},
		"SignedWithdrawalRequest":   {"amount"},
	} {
		for _, f := range fields {
			require.Equal(t, ref, doc.Components.Schemas[schema].Properties[f]["$ref"], "%s.%s", schema, f)
		}
	}
	require.Contains(t, string(api.OpenAPI), "{name: sell_quantity, in: query, required: true, schema: {$ref: '"+ref+"'}}")
}

// TestOpenAPIDocumentsEveryStatus: every status a route can answer, as its properties in
// the route table say, is documented for it: 401 on authenticated routes, 403 where a
// permission is needed, 413 (REQUEST_ENTITY_TOO_LARGE) on routes with a body, 429
// (RATE_LIMITED, with a Retry-After header where the limit sets one) on rate-limited
// routes, 431 (REQUEST_HEADERS_TOO_LARGE) and 500 everywhere, 101 and 426 on the websocket; and the MCP transport's.
func TestOpenAPIDocumentsEveryStatus(t *testing.T) {
	type response struct {
		Ref     string         `yaml:"$ref"`
		Headers map[string]any `yaml:"headers"`
	}
	var doc struct {
		Paths      map[string]map[string]yaml.Node `yaml:"paths"`
		Components struct {
			Responses map[string]response `yaml:"responses"`
		} `yaml:"components"`
	}
	require.NoError(t, yaml.Unmarshal(api.OpenAPI, &doc))
	responses := func(method, path string) map[string]response {
		node, ok := doc.Paths[path][strings.ToLower(method)]
		require.True(t, ok, "%s %s is not documented", method, path)
		var op struct {
			Responses map[string]response `yaml:"responses"`
		}
		require.NoError(t, node.Decode(&op))
		for code, r := range op.Responses {
			if name, ok := strings.CutPrefix(r.Ref, "#/components/responses/"); ok {
				require.Contains(t, doc.Components.Responses, name, "%s %s %s", method, path, code)
				op.Responses[code] = doc.Components.Responses[name]
			}
		}
		return op.Responses
	}

	var missing []string
	check := func(method, path string, want []int, retryAfter bool) {
		got := responses(method, path)
		success := false
		for code := range got {
			success = success || code[0] == '1' || code[0] == '2'
		}
		if !success {
			missing = append(missing, method+" "+path+" has no success status")
		}
		for _, status := range want {
			if _, ok := got[strconv.Itoa(status)]; !ok {
				missing = append(missing, fmt.Sprintf("%s %s: %d", method, path, status))
			}
		}
		if r, ok := got["429"]; ok && retryAfter && r.Headers["Retry-After"] == nil {
			missing = append(missing, method+" "+path+": Retry-After header of its 429")
		}
	}
	for _, rt := range gateway.Routes() {
		want := []int{http.StatusRequestHeaderFieldsTooLarge, http.StatusInternalServerError} // limitRequest, any handler
		if rt.Access != gateway.Public {
			want = append(want, http.StatusUnauthorized)
		}
		if rt.Permission != "" {
			want = append(want, http.StatusForbidden)
		}
		if rt.Method == http.MethodPost { // the routes with a body (limitRequest and decode)
			want = append(want, http.StatusRequestEntityTooLarge)
		}
		if rt.Limit != gateway.NoLimit {
			want = append(want, http.StatusTooManyRequests)
		}
		if rt.Path == api.PathWebsocket {
			want = append(want, http.StatusSwitchingProtocols, http.StatusUpgradeRequired)
		}
		if rt.Path == api.PathMCP { // the transport: a session of another account is 403, an ended one 404
			want = append(want, http.StatusForbidden, http.StatusNotFound)
			if rt.Method == http.MethodPost {
				want = append(want, http.StatusAccepted, http.StatusBadRequest)
			}
		}
		check(rt.Method, rt.Path, want, rt.Limit.RetryAfter())
	}
	require.Empty(t, missing, "statuses the gateway answers that api/openapi.yaml does not document")
}
