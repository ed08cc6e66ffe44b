package gateway_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
	"go.yaml.in/yaml/v3"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
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
	for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} { // the MCP transport, outside the table
		served[m+" "+api.PathMCP] = gateway.Route{Method: m, Path: api.PathMCP, Access: gateway.Authenticated}
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

func TestOpenAPIServed(t *testing.T) {
	e := newEnv(t)
	r := e.do(http.MethodGet, api.PathOpenAPI, "", nil)
	require.Equal(t, http.StatusOK, r.status)
	require.Equal(t, api.OpenAPI, r.body)
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
