package gateway

import (
	"cmp"
	"errors"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// errorCodes is the one mapping from the error vocabulary's kinds (package errs) to error
// codes and HTTP statuses: one row per kind. The status is api.ErrorCodes' for the code
// unless the row sets one (the interface sends some codes with two statuses). The first
// row whose kind the error is (errors.Is) wins; anything else is an
// INTERNAL_SERVER_ERROR. The description is a Described error's own; else the error's
// text, which services write for clients ("kind: what and how to fix", with client
// values capped), unless it wraps a Private sentinel (the store's), whose text never
// leaves the server: then the code's meaning.
var errorCodes = []struct {
	err    error
	code   api.ErrorCode
	status int
}{
	{errs.ErrInvalid, api.CodeInvalidSchema, 0},
	{errs.ErrInvalidQuery, api.CodeInvalidQueryParams, 0},
	{errs.ErrUnknownSource, api.CodeInvalidOrderSource, 0},
	{errs.ErrNotFound, api.CodeNotFound, 0},
	{errs.ErrForbidden, api.CodeInvalidPermissions, 0},
	{errs.ErrUnauthenticated, api.CodeInvalidJWTToken, 0},
	{errs.ErrBadCredentials, api.CodeInvalidCredentials, 0},
	{errs.ErrInvalidNonce, api.CodeInvalidNonce, 0},
	{errs.ErrSIWERejected, api.CodeInvalidSIWEMessage, 0},
	{errs.ErrNotWhitelisted, api.CodeUserNotWhitelisted, 0},
	{errs.ErrCancelledByUser, api.CodeCancelledByUser, 0},
	{errs.ErrMethodNotAllowed, api.CodeMethodNotAllowed, 0},
	{errs.ErrBodyTooLarge, api.CodeRequestEntityTooLarge, 0},
	{errs.ErrHeadersTooLarge, api.CodeHeadersTooLarge, 0},
	{errs.ErrRateLimited, api.CodeRateLimited, 0},
	{errs.ErrUnavailable, api.CodeServiceUnavailable, 0},
	{errs.ErrNoMarketData, api.CodeNoMarketDataFound, 0},
	// An owed asset without a price: what rests on its value waits until a price is back.
	{errs.ErrUnpriced, api.CodeNoMarketDataFound, http.StatusServiceUnavailable},
	// The interface answers an action-quote that cannot be filled 400 NO_MARKET_DATA_FOUND;
	// the description says why (unknown, expired, actioned already).
	{errs.ErrQuote, api.CodeNoMarketDataFound, http.StatusBadRequest},
	{errs.ErrDuplicatePair, api.CodeDuplicateAssetPair, 0},
	{errs.ErrNotEnoughLiquidity, api.CodeNotEnoughLiquidity, 0},
	{errs.ErrInsufficientFunds, api.CodeInsufficientFunds, 0},
	{errs.ErrInstructionIDReused, api.CodeInstructionIDReused, 0},
	{errs.ErrNonceUsed, api.CodeNonceAlreadyUsed, 0},
	{errs.ErrAmountTooSmall, api.CodeAmountTooSmall, 0},
	{errs.ErrWebhookLimit, api.CodeWebhookLimitReached, 0},
}

// fail returns kind with a client-facing description.
func fail(kind error, format string, args ...any) error { return errs.Fail(kind, format, args...) }

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
		if d, ok := errs.Description(err); ok {
			desc = echo.Prefix(d, maxDescription)
		} else if !errs.IsPrivate(err) {
			desc = echo.Prefix(err.Error(), maxDescription)
		}
		return cmp.Or(e.status, info.Status), api.Error{Code: e.code, Description: desc}
	}
	return http.StatusInternalServerError, api.Error{
		Code:        api.CodeInternalServerError,
		Description: "internal server error; request id " + requestID,
	}
}
