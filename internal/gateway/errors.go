package gateway

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/echo"
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

// Sentinel errors of the handlers. errorCodes maps each to the interface's error code.
var (
	// ErrInvalidSchema: the body is missing or malformed, or a field is invalid.
	ErrInvalidSchema = errors.New("invalid request body")
	// ErrUnauthenticated: the bearer token is missing, invalid, expired or revoked.
	ErrUnauthenticated = errors.New("unauthenticated")
	// ErrBadCredentials: keyId or secret is wrong.
	ErrBadCredentials = errors.New("bad credentials")
	// ErrInvalidNonce: the SIWE nonce is unknown, expired or used.
	ErrInvalidNonce = errors.New("invalid nonce")
	// ErrForbidden: the caller lacks a permission.
	ErrForbidden = errors.New("forbidden")
	// ErrNotWhitelisted: the SIWE address is not whitelisted.
	ErrNotWhitelisted = errors.New("not whitelisted")
	// ErrCancelledByUser: the user declined an MCP tool's confirmation.
	ErrCancelledByUser = errors.New("cancelled by the user")
	// ErrNotFound: the route or resource does not exist.
	ErrNotFound = errors.New("not found")
	// ErrMethodNotAllowed: the path exists with other methods.
	ErrMethodNotAllowed = errors.New("method not allowed")
	// ErrBodyTooLarge: the body exceeds the configured limit.
	ErrBodyTooLarge = errors.New("body too large")
	// ErrHeadersTooLarge: the request line and headers exceed the limit.
	ErrHeadersTooLarge = errors.New("headers too large")
	// ErrInvalidQuery: a query parameter is missing or invalid.
	ErrInvalidQuery = errors.New("invalid query parameters")
	// ErrUnavailable: a dependency (the store) is unreachable.
	ErrUnavailable = errors.New("service unavailable")
)

// errorCodes is the one mapping from errors to error codes and HTTP statuses. The status is
// api.ErrorCodes' for the code unless the entry sets one (the interface sends some codes
// with two statuses). The first entry that matches with errors.Is wins; anything unmatched
// is an INTERNAL_SERVER_ERROR. text marks the services' sentinels, whose errors' own text
// is written for clients ("sentinel: what and how to fix", with client values capped);
// other errors send a description only when they carry one (fail), else the code's
// meaning.
var errorCodes = []struct {
	err    error
	code   api.ErrorCode
	status int
	text   bool
}{
	{ErrInvalidSchema, api.CodeInvalidSchema, 0, false},
	{siweverify.ErrMalformed, api.CodeInvalidSchema, 0, false},
	{siweverify.ErrInvalidNonce, api.CodeInvalidNonce, 0, false},
	{ErrUnauthenticated, api.CodeInvalidJWTToken, 0, false},
	{ErrBadCredentials, api.CodeInvalidCredentials, 0, false},
	{ErrInvalidNonce, api.CodeInvalidNonce, 0, false},
	{siweverify.ErrRejected, api.CodeInvalidSIWEMessage, 0, false},
	{ErrForbidden, api.CodeInvalidPermissions, 0, false},
	{ErrNotWhitelisted, api.CodeUserNotWhitelisted, 0, false},
	{ErrCancelledByUser, api.CodeCancelledByUser, 0, false},
	{ErrNotFound, api.CodeNotFound, 0, false},
	{store.ErrNotFound, api.CodeNotFound, 0, false},
	{ErrMethodNotAllowed, api.CodeMethodNotAllowed, 0, false},
	{ErrBodyTooLarge, api.CodeRequestEntityTooLarge, 0, false},
	{ErrHeadersTooLarge, api.CodeHeadersTooLarge, 0, false},
	{ErrInvalidQuery, api.CodeInvalidQueryParams, 0, false},
	{ErrUnavailable, api.CodeServiceUnavailable, 0, false},
	{ErrRateLimited, api.CodeRateLimited, 0, false},
	{accounts.ErrInvalid, api.CodeInvalidSchema, 0, true},
	{accounts.ErrForbidden, api.CodeInvalidPermissions, 0, true},
	{accounts.ErrNotFound, api.CodeNotFound, 0, true},
	{accounts.ErrBadCredentials, api.CodeInvalidCredentials, 0, true},
	{chain.ErrUnknownSource, api.CodeInvalidOrderSource, 0, true},
	{venue.ErrUnknownSource, api.CodeInvalidOrderSource, 0, true},
	{onchain.ErrInvalid, api.CodeInvalidSchema, 0, true},
	{onchain.ErrInvalidQuery, api.CodeInvalidQueryParams, 0, true},
	{onchain.ErrForbidden, api.CodeInvalidPermissions, 0, true},
	{onchain.ErrNotFound, api.CodeNotFound, 0, true},
	{market.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 0, true},
	{market.ErrInvalidQuery, api.CodeInvalidQueryParams, 0, true},
	{onchain.ErrNonceUsed, api.CodeNonceAlreadyUsed, 0, true},
	{onchain.ErrAmountTooSmall, api.CodeAmountTooSmall, 0, true},
	{onchain.ErrRelayQueued, api.CodeServiceUnavailable, 0, true},
	{pricing.ErrNoMarketData, api.CodeNoMarketDataFound, 0, true},
	{pricing.ErrDuplicatePair, api.CodeDuplicateAssetPair, 0, true},
	{offchain.ErrInvalid, api.CodeInvalidSchema, 0, true},
	{offchain.ErrInvalidQuery, api.CodeInvalidQueryParams, 0, true},
	{offchain.ErrNotFound, api.CodeNotFound, 0, true},
	{offchain.ErrInsufficientFunds, api.CodeInsufficientFunds, 0, true},
	{ledger.ErrInsufficientFunds, api.CodeInsufficientFunds, 0, true},
	// An owed asset without a price: what rests on its value waits until a price is back.
	{ledger.ErrUnpriced, api.CodeNoMarketDataFound, http.StatusServiceUnavailable, true},
	{offchain.ErrInstructionIDReused, api.CodeInstructionIDReused, 0, true},
	{offchain.ErrUnavailable, api.CodeServiceUnavailable, 0, true},
	{offchain.ErrNoCredit, api.CodeInvalidOrderSource, 0, true},
	{offchain.ErrState, api.CodeInvalidSchema, 0, true},
	{offchain.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 0, true},
	{offchain.ErrNotIntroducer, api.CodeInvalidPermissions, 0, true},
	{webhooks.ErrInvalid, api.CodeInvalidSchema, 0, true},
	{webhooks.ErrNotFound, api.CodeNotFound, 0, true},
	{webhooks.ErrLimit, api.CodeWebhookLimitReached, 0, true},
	// The interface answers an action-quote that cannot be filled 400 NO_MARKET_DATA_FOUND;
	// the description says why (unknown, expired, actioned already).
	{offchain.ErrQuote, api.CodeNoMarketDataFound, http.StatusBadRequest, true},
}

// describer is an error that carries a description safe to send to the client.
type describer interface {
	Description() string
}

// clientError is a sentinel with a client-facing description.
type clientError struct {
	kind error
	desc string
}

func (e *clientError) Error() string       { return e.kind.Error() + ": " + e.desc }
func (e *clientError) Unwrap() error       { return e.kind }
func (e *clientError) Description() string { return e.desc }

// fail returns kind with a client-facing description.
func fail(kind error, format string, args ...any) error {
	return &clientError{kind: kind, desc: fmt.Sprintf(format, args...)}
}

// maxDescription bounds an error description. Descriptions quote at most a prefix of each
// client value (echo.Value); this is the backstop for whatever else a description holds.
const maxDescription = 512

// errorBody maps err to a status and a body. Only descriptions written for clients (and
// the request id of a 500) leave the server: a fail description, or the text of a
// service's sentinel error; never the text of any other error.
func errorBody(err error, requestID string) (int, api.Error) {
	for _, e := range errorCodes {
		if !errors.Is(err, e.err) {
			continue
		}
		info := api.ErrorCodes[e.code]
		desc := info.When
		var d describer
		switch {
		case errors.As(err, &d):
			desc = echo.Prefix(d.Description(), maxDescription)
		case e.text:
			desc = echo.Prefix(err.Error(), maxDescription)
		}
		return cmp.Or(e.status, info.Status), api.Error{Code: e.code, Description: desc}
	}
	return http.StatusInternalServerError, api.Error{
		Code:        api.CodeInternalServerError,
		Description: "internal server error; request id " + requestID,
	}
}
