package gateway

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{
		`{"label": "x", "permissions": ["READ"]}`,
		`{"label": 1}`,
		`{"permissions": "READ"}`,
		`{"label": "x"} trailing`,
		`[]`, `null`, ``, `{`, `{"a":{"b":[1,2,{"c":null}]}}`, "\x00", `{"label":"\ud800"}`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var req api.CreateAPIKeyRequest
		err := decodeJSON(data, &req)
		if err == nil {
			return
		}
		require.True(t, errors.Is(err, ErrInvalidSchema), "got %v, want ErrInvalidSchema", err)
		status, body := errorBody(err, "rid")
		require.Equal(t, 400, status)
		require.Equal(t, api.CodeInvalidSchema, body.Code)
		for _, leak := range []string{"json:", "Go ", "struct", "api."} {
			require.False(t, strings.Contains(body.Description, leak), "description %q leaks %q", body.Description, leak)
		}
	})
}
