package gateway_test

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
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
