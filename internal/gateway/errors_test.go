package gateway

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestErrorBodyIsTheOneMapping: every error reaches the client through errorCodes: a
// service's sentinel with its own (capped) text, a fail with its description, a store or
// other internal error with the code's meaning or a bare 500, never its text.
func TestErrorBodyIsTheOneMapping(t *testing.T) {
	cases := []struct {
		name   string
		err    error
		status int
		code   api.ErrorCode
		desc   string
	}{
		{"service sentinel: its text", fmt.Errorf("%w: 5 eth cannot be filled in usdt", market.ErrNotEnoughLiquidity), 400, api.CodeNotEnoughLiquidity, "not enough liquidity: 5 eth cannot be filled in usdt"},
		{"fail: its description", fail(ErrInvalidQuery, "page_size is odd"), 400, api.CodeInvalidQueryParams, "page_size is odd"},
		{"store error: the code's meaning only", fmt.Errorf("get key sqlite: secret table: %w", store.ErrNotFound), 404, api.CodeNotFound, api.ErrorCodes[api.CodeNotFound].When},
		{"anything else: 500 with the request id", errors.New("disk on fire at /var/lib/x"), 500, api.CodeInternalServerError, "internal server error; request id r1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			status, body := errorBody(c.err, "r1")
			require.Equal(t, c.status, status)
			require.Equal(t, c.code, body.Code)
			require.Equal(t, c.desc, body.Description)
		})
	}
	long := fmt.Errorf("%w: %s", market.ErrInvalidQuery, strings.Repeat("x", 10_000))
	_, body := errorBody(long, "")
	require.LessOrEqual(t, len(body.Description), maxDescription+len("…"))
}
