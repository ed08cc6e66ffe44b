// Package errs is the gateway's one error vocabulary: the kinds of failure the interface
// has an error code for. Packages wrap a kind (fmt.Errorf("%w: ...", errs.ErrNotFound)),
// alias it (ErrNotFound = errs.ErrNotFound), or derive a sentinel of their own text from
// it (New); the gateway maps each kind to its error code and HTTP status once
// (internal/gateway/errors.go).
//
// The text of an error of a kind is written for clients: the gateway sends it as the
// error's description. A Private sentinel's (the store's) is not, nor that of any error
// wrapping it; a Described error's description is sent instead of its text.
package errs

import (
	"errors"
	"fmt"
)

// The kinds. Each has one error code (internal/gateway/errors.go).
var (
	// ErrInvalid: the request body is missing or malformed, or a field is invalid
	// (INVALID_SCHEMA).
	ErrInvalid = errors.New("invalid request")
	// ErrInvalidQuery: a query parameter is missing or invalid (INVALID_QUERY_PARAMS).
	ErrInvalidQuery = errors.New("invalid query parameters")
	// ErrUnknownSource: the source names no venue, or one that does not do what was
	// asked (INVALID_ORDER_SOURCE).
	ErrUnknownSource = errors.New("unknown source")
	// ErrNotFound: the route or resource does not exist, or is not the caller's to see
	// (NOT_FOUND).
	ErrNotFound = errors.New("not found")
	// ErrForbidden: the caller lacks a permission or does not own what it acts on
	// (INVALID_PERMISSIONS).
	ErrForbidden = errors.New("forbidden")
	// ErrUnauthenticated: the bearer token is missing, invalid, expired or revoked
	// (INVALID_JWT_TOKEN).
	ErrUnauthenticated = errors.New("unauthenticated")
	// ErrBadCredentials: keyId or secret is wrong (INVALID_CREDENTIALS).
	ErrBadCredentials = errors.New("bad credentials")
	// ErrInvalidNonce: the SIWE nonce is unknown, expired or used (INVALID_NONCE).
	ErrInvalidNonce = errors.New("invalid nonce")
	// ErrSIWERejected: a well-formed SIWE message or signature fails verification
	// (INVALID_SIWE_MESSAGE).
	ErrSIWERejected = errors.New("SIWE message rejected")
	// ErrNotWhitelisted: the SIWE address is not whitelisted (USER_NOT_WHITELISTED).
	ErrNotWhitelisted = errors.New("not whitelisted")
	// ErrCancelledByUser: the user declined an MCP tool's confirmation
	// (CANCELLED_BY_USER).
	ErrCancelledByUser = errors.New("cancelled by the user")
	// ErrMethodNotAllowed: the path exists with other methods (METHOD_NOT_ALLOWED).
	ErrMethodNotAllowed = errors.New("method not allowed")
	// ErrBodyTooLarge: the body exceeds the configured limit (REQUEST_ENTITY_TOO_LARGE).
	ErrBodyTooLarge = errors.New("body too large")
	// ErrHeadersTooLarge: the request line and headers exceed the limit
	// (REQUEST_HEADERS_TOO_LARGE).
	ErrHeadersTooLarge = errors.New("headers too large")
	// ErrRateLimited: the client, key or account sent too many requests (RATE_LIMITED).
	ErrRateLimited = errors.New("rate limited")
	// ErrUnavailable: a dependency (the store, a custody provider, a relay not sent yet)
	// cannot answer now (SERVICE_UNAVAILABLE_ERROR).
	ErrUnavailable = errors.New("service unavailable")
	// ErrNoMarketData: no price for the pair or asset (NO_MARKET_DATA_FOUND, 404).
	ErrNoMarketData = errors.New("no market data")
	// ErrUnpriced: an owed asset has no price, so what rests on its value waits until a
	// price is back (NO_MARKET_DATA_FOUND, 503).
	ErrUnpriced = errors.New("no price to value the account's debt")
	// ErrQuote: an action-quote names a quote that cannot be actioned: unknown, expired
	// or actioned already (NO_MARKET_DATA_FOUND, 400, as the interface answers it).
	ErrQuote = errors.New("quote cannot be actioned")
	// ErrDuplicatePair: selling and buying asset are the same (DUPLICATE_ASSET_PAIR).
	ErrDuplicatePair = errors.New("selling and buying asset are the same")
	// ErrNotEnoughLiquidity: the house cannot fill the amount (NOT_ENOUGH_LIQUIDITY).
	ErrNotEnoughLiquidity = errors.New("not enough liquidity")
	// ErrInsufficientFunds: the account may not spend or withdraw that much
	// (INSUFFICIENT_FUNDS).
	ErrInsufficientFunds = errors.New("insufficient funds")
	// ErrInstructionIDReused: an instructionId names a request with another body
	// (INSTRUCTION_ID_REUSED).
	ErrInstructionIDReused = errors.New("instructionId already used")
	// ErrNonceUsed: a signed request reuses a trader nonce (NONCE_ALREADY_USED).
	ErrNonceUsed = errors.New("nonce already used")
	// ErrAmountTooSmall: an amount is below the token's minimum for relayed requests
	// (AMOUNT_TOO_SMALL).
	ErrAmountTooSmall = errors.New("amount too small")
	// ErrWebhookLimit: the account holds the most webhook subscriptions it may
	// (WEBHOOK_LIMIT_REACHED).
	ErrWebhookLimit = errors.New("webhook subscription limit reached")
)

// sentinel is a package's sentinel of a kind, with its own text.
type sentinel struct {
	kind    error
	text    string
	private bool
}

func (e *sentinel) Error() string { return e.text }
func (e *sentinel) Unwrap() error { return e.kind }

// New returns a sentinel error of kind with its own text (written for clients, as the
// kind's): an error wrapping it is errors.Is both it and kind.
func New(kind error, text string) error { return &sentinel{kind: kind, text: text} }

// Private returns a sentinel error of kind whose text, and that of every error wrapping
// it, is not for clients (the store's errors name tables and operations): the gateway
// answers its kind's code with the code's meaning.
func Private(kind error, text string) error { return &sentinel{kind: kind, text: text, private: true} }

// IsPrivate reports whether err wraps a Private sentinel.
func IsPrivate(err error) bool {
	for _, e := range chain(err) {
		if s, ok := e.(*sentinel); ok && s.private {
			return true
		}
	}
	return false
}

// chain returns err and every error it wraps, depth first.
func chain(err error) []error {
	var out []error
	var walk func(error)
	walk = func(e error) {
		for e != nil {
			out = append(out, e)
			switch u := e.(type) {
			case interface{ Unwrap() []error }:
				for _, x := range u.Unwrap() {
					walk(x)
				}
				return
			case interface{ Unwrap() error }:
				e = u.Unwrap()
			default:
				return
			}
		}
	}
	walk(err)
	return out
}

// Described is an error of a kind with a description written for clients: the gateway
// sends Desc, whatever wraps the error.
type Described struct {
	// Kind is what the error is (one of the kinds, or a sentinel of one).
	Kind error
	// Desc says what happened and how to fix it.
	Desc string
}

// Error implements error.
func (e *Described) Error() string { return e.Kind.Error() + ": " + e.Desc }

// Unwrap returns the kind.
func (e *Described) Unwrap() error { return e.Kind }

// Description returns the client-facing description.
func (e *Described) Description() string { return e.Desc }

// Fail returns an error of kind described by format and args.
func Fail(kind error, format string, args ...any) error {
	return &Described{Kind: kind, Desc: fmt.Sprintf(format, args...)}
}

// Required fails with ErrInvalid ("field NAME is required") for the first of the named
// body fields that is empty. Arguments alternate name, value.
func Required(fields ...string) error { return RequiredOf(ErrInvalid, fields...) }

// RequiredOf is Required failing with kind (ErrInvalidQuery for query parameters).
func RequiredOf(kind error, fields ...string) error {
	for i := 0; i+1 < len(fields); i += 2 {
		if fields[i+1] == "" {
			return Fail(kind, "field %s is required", fields[i])
		}
	}
	return nil
}

// Description returns the client-facing description err carries (a Described error's,
// or any wrapped error's with a Description method), and whether it carries one.
func Description(err error) (string, bool) {
	var d interface{ Description() string }
	if errors.As(err, &d) {
		return d.Description(), true
	}
	return "", false
}
