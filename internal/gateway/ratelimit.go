package gateway

import (
	"errors"
	"fmt"
	"math"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
)

// retryError is a client error that tells the client when to come back.
type retryError struct {
	errs.Described
	after time.Duration
}

// rateLimited returns errs.ErrRateLimited with a description and a Retry-After duration.
func rateLimited(after time.Duration, format string, args ...any) error {
	return &retryError{Described: errs.Described{Kind: errs.ErrRateLimited, Desc: fmt.Sprintf(format, args...)}, after: after}
}

// retryAfterSeconds is the Retry-After header of err, "" when err has none.
func retryAfterSeconds(err error) string {
	var re *retryError
	if !errors.As(err, &re) {
		return ""
	}
	return strconv.Itoa(max(1, int(math.Ceil(re.after.Seconds()))))
}

// clientIP is the address the request came from (the TCP peer).
func clientIP(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// limiters are the rate limits of the authentication endpoints.
type limiters struct {
	authClient *ratelimit.Limiter
	authKey    *ratelimit.Limiter
	// reserves limits the proof-of-reserves endpoints per account.
	reserves *ratelimit.Limiter
}

// allowReserves takes a token of the caller's account's bucket of proof-of-reserves
// requests (building the trees again after a new snapshot is the expensive part).
func (s *Service) allowReserves(c *Caller) error {
	if c == nil {
		return nil
	}
	if ok, wait := s.limits.reserves.Allow(c.AccountID, s.now()); !ok {
		return rateLimited(wait, "too many proof-of-reserves requests for this account; retry in %s", wait.Round(time.Millisecond))
	}
	return nil
}

// allowAuth takes a token of the client address's bucket of authentication requests.
func (s *Service) allowAuth(r *http.Request) error {
	if ok, wait := s.limits.authClient.Allow(clientIP(r), s.now()); !ok {
		return rateLimited(wait, "too many authentication requests from this address; retry in %s", wait.Round(time.Millisecond))
	}
	return nil
}

// allowKey takes a token of keyID's bucket of logins.
func (s *Service) allowKey(keyID string) error {
	if ok, wait := s.limits.authKey.Allow(keyID, s.now()); !ok {
		return rateLimited(wait, "too many logins for this keyId; retry in %s", wait.Round(time.Millisecond))
	}
	return nil
}
