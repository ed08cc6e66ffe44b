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
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
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
// is an INTERNAL_SERVER_ERROR.
var errorCodes = []struct {
	err    error
	code   api.ErrorCode
	status int
}{
	{ErrInvalidSchema, api.CodeInvalidSchema, 0},
	{siweverify.ErrMalformed, api.CodeInvalidSchema, 0},
	{siweverify.ErrInvalidNonce, api.CodeInvalidNonce, 0},
	{ErrUnauthenticated, api.CodeInvalidJWTToken, 0},
	{ErrBadCredentials, api.CodeInvalidCredentials, 0},
	{ErrInvalidNonce, api.CodeInvalidNonce, 0},
	{siweverify.ErrRejected, api.CodeInvalidSIWEMessage, 0},
	{ErrForbidden, api.CodeInvalidPermissions, 0},
	{ErrNotWhitelisted, api.CodeUserNotWhitelisted, 0},
	{ErrNotFound, api.CodeNotFound, 0},
	{store.ErrNotFound, api.CodeNotFound, 0},
	{ErrMethodNotAllowed, api.CodeMethodNotAllowed, 0},
	{ErrBodyTooLarge, api.CodeRequestEntityTooLarge, 0},
	{ErrHeadersTooLarge, api.CodeHeadersTooLarge, 0},
	{ErrInvalidQuery, api.CodeInvalidQueryParams, 0},
	{ErrUnavailable, api.CodeServiceUnavailable, 0},
	{ErrRateLimited, api.CodeRateLimited, 0},
	{accounts.ErrInvalid, api.CodeInvalidSchema, 0},
	{accounts.ErrForbidden, api.CodeInvalidPermissions, 0},
	{accounts.ErrNotFound, api.CodeNotFound, 0},
	{accounts.ErrBadCredentials, api.CodeInvalidCredentials, 0},
	{chain.ErrUnknownSource, api.CodeInvalidOrderSource, 0},
	{venue.ErrUnknownSource, api.CodeInvalidOrderSource, 0},
	{onchain.ErrInvalid, api.CodeInvalidSchema, 0},
	{onchain.ErrInvalidQuery, api.CodeInvalidQueryParams, 0},
	{onchain.ErrForbidden, api.CodeInvalidPermissions, 0},
	{onchain.ErrNotFound, api.CodeNotFound, 0},
	{market.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 0},
	{market.ErrInvalidQuery, api.CodeInvalidQueryParams, 0},
	{onchain.ErrNonceUsed, api.CodeNonceAlreadyUsed, 0},
	{onchain.ErrAmountTooSmall, api.CodeAmountTooSmall, 0},
	{onchain.ErrRelayQueued, api.CodeServiceUnavailable, 0},
	{pricing.ErrNoMarketData, api.CodeNoMarketDataFound, 0},
	{pricing.ErrDuplicatePair, api.CodeDuplicateAssetPair, 0},
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
// the request id of a 500) leave the server, never err's own text.
func errorBody(err error, requestID string) (int, api.Error) {
	for _, e := range errorCodes {
		if !errors.Is(err, e.err) {
			continue
		}
		info := api.ErrorCodes[e.code]
		desc := info.When
		var d describer
		if errors.As(err, &d) {
			desc = echo.Prefix(d.Description(), maxDescription)
		}
		return cmp.Or(e.status, info.Status), api.Error{Code: e.code, Description: desc}
	}
	return http.StatusInternalServerError, api.Error{
		Code:        api.CodeInternalServerError,
		Description: "internal server error; request id " + requestID,
	}
}
