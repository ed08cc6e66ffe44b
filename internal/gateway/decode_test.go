package gateway

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/errs"
)

func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"label": "x", "permissions": ["READ"]}`,
		`{"label": 1}`,
		`{"permissions": "READ"}`,
		`{"label": "x"} trailing`,
		`[]`, `null`, ``, `{`, `{"a":{"b":[1,2,{"c":null}]}}`, "\x00", `{"label":"\ud800"}`,
		`{"label":"a","label":"b"}`, `{"a":[{"b":1},{"b":1,"B":2}]}`, strings.Repeat("[", 100),
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req api.CreateAPIKeyRequest
		err := decodeJSON(data, &req)
		if err == nil {
			return
		}
		require.True(t, errors.Is(err, errs.ErrInvalid), "got %v, want errs.ErrInvalid", err)
		status, body := errorBody(err, "rid")
		require.Equal(t, 400, status)
		require.Equal(t, api.CodeInvalidSchema, body.Code)
		for _, leak := range []string{"json:", "Go ", "struct", "api."} {
			if strings.Contains(string(data), leak) {
				continue // a key named in the description may hold it
			}
			require.False(t, strings.Contains(body.Description, leak), "description %q leaks %q", body.Description, leak)
		}
	})
}

func TestDecodeJSONDuplicateKeys(t *testing.T) {
	deep := func(n int) string { return `{"a":` + strings.Repeat(`[`, n-1) + strings.Repeat(`]`, n-1) + `}` }
	cases := []struct {
		name, body string
		want       string // "" means accepted
	}{
		{"distinct keys", `{"label":"x","permissions":["READ"]}`, ""},
		{"same key in sibling objects", `{"a":[{"x":1},{"x":2}],"b":{"x":3}}`, ""},
		{"same key at two depths", `{"a":{"a":{"a":1}}}`, ""},
		{"top level", `{"label":"MARS","permissions":[],"label":"ETHEREUM"}`, "field label appears twice"},
		{"unknown field", `{"x":1,"x":1}`, "field x appears twice"},
		{"nested", `{"a":{"b":1,"b":2}}`, "field a.b appears twice"},
		{"inside an array", `{"a":[{"b":1},{"b":1,"b":2}]}`, "field a[].b appears twice"},
		{"differing in case", `{"label":"x","Label":"y"}`, "field Label appears twice"},
		{"Kelvin sign folds to k", `{"k":1,"\u212a":2}`, "appears twice"},
		{"escaped", `{"label":"x","lab\u0065l":"y"}`, "field label appears twice"},
		{"after a nested value", `{"label":{"x":[1,{"y":2}]},"label":"y"}`, "field label appears twice"},
		{"64 levels", deep(64), ""},
		{"65 levels", deep(65), "deeper than 64"},
		{"long key cut short", `{"` + strings.Repeat("k", 10000) + `":1,"` + strings.Repeat("k", 10000) + `":2}`, "…"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var req api.CreateAPIKeyRequest
			err := decodeJSON([]byte(c.body), &req)
			if c.want == "" {
				var typeErr *errs.Described
				if errors.As(err, &typeErr) {
					require.NotContains(t, typeErr.Description(), "twice")
					require.NotContains(t, typeErr.Description(), "deeper")
				}
				return
			}
			require.ErrorIs(t, err, errs.ErrInvalid)
			status, body := errorBody(err, "rid")
			require.Equal(t, 400, status)
			require.Contains(t, body.Description, c.want)
			require.Less(t, len(body.Description), 200)
		})
	}
}
