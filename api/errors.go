package api

import "net/http"

// ErrorCode is the `code` field of an error body.
type ErrorCode string

// Error codes of the interface, plus the few the gateway adds for cases the interface
// leaves open (marked "gateway").
const (
	CodeInvalidSchema         ErrorCode = "INVALID_SCHEMA"
	CodeInvalidOrderSource    ErrorCode = "INVALID_ORDER_SOURCE"
	CodeInvalidQueryParams    ErrorCode = "INVALID_QUERY_PARAMS"
	CodeDuplicateAssetPair    ErrorCode = "DUPLICATE_ASSET_PAIR"
	CodeNoMarketDataFound     ErrorCode = "NO_MARKET_DATA_FOUND"
	CodeNotEnoughLiquidity    ErrorCode = "NOT_ENOUGH_LIQUIDITY"
	CodeInvalidJWTToken       ErrorCode = "INVALID_JWT_TOKEN"
	CodeInvalidNonce          ErrorCode = "INVALID_NONCE"
	CodeInvalidPermissions    ErrorCode = "INVALID_PERMISSIONS"
	CodeUserNotWhitelisted    ErrorCode = "USER_NOT_WHITELISTED"
	CodeNotFound              ErrorCode = "NOT_FOUND"
	CodeInternalServerError   ErrorCode = "INTERNAL_SERVER_ERROR"
	CodeServiceUnavailable    ErrorCode = "SERVICE_UNAVAILABLE_ERROR"
	CodeInvalidCredentials    ErrorCode = "INVALID_CREDENTIALS"       // gateway: wrong keyId or secret
	CodeInvalidSIWEMessage    ErrorCode = "INVALID_SIWE_MESSAGE"      // gateway: well-formed SIWE message that fails verification
	CodeMethodNotAllowed      ErrorCode = "METHOD_NOT_ALLOWED"        // gateway: the path exists, the method does not
	CodeRequestEntityTooLarge ErrorCode = "REQUEST_ENTITY_TOO_LARGE"  // gateway: body over the size limit
	CodeHeadersTooLarge       ErrorCode = "REQUEST_HEADERS_TOO_LARGE" // gateway: request headers over the size limit
	CodeRateLimited           ErrorCode = "RATE_LIMITED"              // gateway: too many requests; see Retry-After
	CodeNonceAlreadyUsed      ErrorCode = "NONCE_ALREADY_USED"        // gateway: a signed request reuses a trader nonce
	CodeAmountTooSmall        ErrorCode = "AMOUNT_TOO_SMALL"          // gateway: below the token's minimum for relayed requests
	CodeCancelledByUser       ErrorCode = "CANCELLED_BY_USER"         // gateway: the user declined an MCP tool's confirmation
	CodeWebhookLimitReached   ErrorCode = "WEBHOOK_LIMIT_REACHED"     // gateway: the account holds the most webhook subscriptions it may
)

// Error is the JSON error body of every non-2xx response.
type Error struct {
	// Code is the machine-readable error code.
	Code ErrorCode `json:"code"`
	// Description is a human-readable explanation; it never carries internal details.
	Description string `json:"description"`
}

// Error implements the error interface so a decoded body can be returned as an error.
func (e *Error) Error() string { return string(e.Code) + ": " + e.Description }

// ErrorInfo describes one error code: the HTTP status it is sent with and when.
type ErrorInfo struct {
	// Status is the HTTP status code.
	Status int
	// When says in which situation the code is returned.
	When string
}

// ErrorCodes lists every error code the gateway sends with its status and meaning.
// NO_MARKET_DATA_FOUND is 404 on prices and 400 on action quote, as the interface states;
// the entry gives the price form.
var ErrorCodes = map[ErrorCode]ErrorInfo{
	CodeInvalidSchema:         {http.StatusBadRequest, "request body missing or malformed; the description names the field"},
	CodeInvalidOrderSource:    {http.StatusBadRequest, "source is not a valid source; the description lists the valid ones"},
	CodeInvalidQueryParams:    {http.StatusBadRequest, "bad query parameters, such as an invalid cursor"},
	CodeDuplicateAssetPair:    {http.StatusBadRequest, "price requested with identical selling and buying asset"},
	CodeNoMarketDataFound:     {http.StatusNotFound, "instrument or market data not found"},
	CodeNotEnoughLiquidity:    {http.StatusBadRequest, "quantity estimate cannot be filled"},
	CodeInvalidJWTToken:       {http.StatusUnauthorized, "bearer token missing, invalid, expired or revoked"},
	CodeInvalidNonce:          {http.StatusUnauthorized, "SIWE nonce unknown, expired or already used"},
	CodeInvalidPermissions:    {http.StatusForbidden, "caller lacks the route's permission, or requested key permissions exceed the caller's"},
	CodeUserNotWhitelisted:    {http.StatusForbidden, "SIWE address is not on the whitelist"},
	CodeNotFound:              {http.StatusNotFound, "route, key or resource not found"},
	CodeInternalServerError:   {http.StatusInternalServerError, "server failure; the description carries the request id"},
	CodeServiceUnavailable:    {http.StatusServiceUnavailable, "a dependency is unreachable"},
	CodeInvalidCredentials:    {http.StatusUnauthorized, "keyId or secret is wrong"},
	CodeInvalidSIWEMessage:    {http.StatusUnauthorized, "SIWE message or signature fails verification (domain, URI, chain, time window, signer)"},
	CodeMethodNotAllowed:      {http.StatusMethodNotAllowed, "the path exists but not with this method; see the Allow header"},
	CodeRequestEntityTooLarge: {http.StatusRequestEntityTooLarge, "request body exceeds the size limit"},
	CodeHeadersTooLarge:       {http.StatusRequestHeaderFieldsTooLarge, "request headers exceed the size limit"},
	CodeRateLimited:           {http.StatusTooManyRequests, "too many requests from this client, key or account; retry after the Retry-After header's seconds"},
	CodeNonceAlreadyUsed:      {http.StatusConflict, "the trader nonce of this signed request was already used by a different signed request; sign again with a fresh nonce"},
	CodeAmountTooSmall:        {http.StatusBadRequest, "amount is below the token's minimum for relayed (gasless) requests; the description names the minimum"},
	CodeCancelledByUser:       {http.StatusBadRequest, "the user declined the confirmation an MCP money-moving tool asked for; nothing was done"},
	CodeWebhookLimitReached:   {http.StatusBadRequest, "the account holds 5 webhook subscriptions, the most it may; delete one first"},
}
