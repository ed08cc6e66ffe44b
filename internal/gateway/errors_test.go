package gateway

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
	"github.com/dtwgate/dtwgate/internal/webhooks"
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
		{"fail: its description", fail(errs.ErrInvalidQuery, "page_size is odd"), 400, api.CodeInvalidQueryParams, "page_size is odd"},
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

// TestServiceSentinelsKeepTheirCodes: the services' sentinels are kinds of the one
// vocabulary (package errs), which errorCodes maps once each; every sentinel answers the
// code, status and description it answered when the table had a row per package's
// sentinel, and the store's text stays on the server.
func TestServiceSentinelsKeepTheirCodes(t *testing.T) {
	cases := []struct {
		err    error
		code   api.ErrorCode
		status int
		text   bool
	}{
		{siweverify.ErrMalformed, api.CodeInvalidSchema, 400, false},
		{siweverify.ErrInvalidNonce, api.CodeInvalidNonce, 401, false},
		{siweverify.ErrRejected, api.CodeInvalidSIWEMessage, 401, false},
		{store.ErrNotFound, api.CodeNotFound, 404, false},
		{accounts.ErrInvalid, api.CodeInvalidSchema, 400, true},
		{accounts.ErrForbidden, api.CodeInvalidPermissions, 403, true},
		{accounts.ErrNotFound, api.CodeNotFound, 404, true},
		{accounts.ErrBadCredentials, api.CodeInvalidCredentials, 401, true},
		{chain.ErrUnknownSource, api.CodeInvalidOrderSource, 400, true},
		{venue.ErrUnknownSource, api.CodeInvalidOrderSource, 400, true},
		{onchain.ErrInvalid, api.CodeInvalidSchema, 400, true},
		{onchain.ErrInvalidQuery, api.CodeInvalidQueryParams, 400, true},
		{onchain.ErrForbidden, api.CodeInvalidPermissions, 403, true},
		{onchain.ErrNotFound, api.CodeNotFound, 404, true},
		{onchain.ErrNonceUsed, api.CodeNonceAlreadyUsed, 409, true},
		{onchain.ErrAmountTooSmall, api.CodeAmountTooSmall, 400, true},
		{onchain.ErrRelayQueued, api.CodeServiceUnavailable, 503, true},
		{market.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 400, true},
		{market.ErrInvalidQuery, api.CodeInvalidQueryParams, 400, true},
		{pricing.ErrNoMarketData, api.CodeNoMarketDataFound, 404, true},
		{pricing.ErrDuplicatePair, api.CodeDuplicateAssetPair, 400, true},
		{offchain.ErrInvalid, api.CodeInvalidSchema, 400, true},
		{offchain.ErrInvalidQuery, api.CodeInvalidQueryParams, 400, true},
		{offchain.ErrNotFound, api.CodeNotFound, 404, true},
		{offchain.ErrInsufficientFunds, api.CodeInsufficientFunds, 400, true},
		{ledger.ErrInsufficientFunds, api.CodeInsufficientFunds, 400, true},
		{ledger.ErrUnpriced, api.CodeNoMarketDataFound, 503, true},
		{offchain.ErrInstructionIDReused, api.CodeInstructionIDReused, 400, true},
		{offchain.ErrUnavailable, api.CodeServiceUnavailable, 503, true},
		{offchain.ErrNoCredit, api.CodeInvalidOrderSource, 400, true},
		{offchain.ErrState, api.CodeInvalidSchema, 400, true},
		{offchain.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 400, true},
		{offchain.ErrNotIntroducer, api.CodeInvalidPermissions, 403, true},
		{webhooks.ErrInvalid, api.CodeInvalidSchema, 400, true},
		{webhooks.ErrNotFound, api.CodeNotFound, 404, true},
		{webhooks.ErrLimit, api.CodeWebhookLimitReached, 400, true},
		{offchain.ErrQuote, api.CodeNoMarketDataFound, 400, true},
	}
	for _, c := range cases {
		t.Run(c.err.Error(), func(t *testing.T) {
			err := fmt.Errorf("%w: asset x", c.err)
			status, body := errorBody(err, "r1")
			require.Equal(t, c.code, body.Code)
			require.Equal(t, c.status, status)
			want := api.ErrorCodes[c.code].When
			if c.text {
				want = err.Error()
			}
			require.Equal(t, want, body.Description)
		})
	}
	require.Len(t, errorCodes, len(distinct(errorCodes)), "a kind mapped twice")
}

// distinct returns the table's kinds, each once.
func distinct(table []struct {
	err    error
	code   api.ErrorCode
	status int
}) map[error]bool {
	out := map[error]bool{}
	for _, e := range table {
		out[e.err] = true
	}
	return out
}

// TestPrivateTextWrappedByAService: a service error that wraps a store error keeps the
// store's text on the server, whichever kind it names.
func TestPrivateTextWrappedByAService(t *testing.T) {
	err := fmt.Errorf("%w: %w", offchain.ErrNotFound, fmt.Errorf("select secret_table: %w", store.ErrNotFound))
	_, body := errorBody(err, "r1")
	require.Equal(t, api.CodeNotFound, body.Code)
	require.NotContains(t, body.Description, "secret_table")
	_, body = errorBody(errs.Fail(errs.ErrNotFound, "no order 7"), "r1")
	require.Equal(t, "no order 7", body.Description)
}
