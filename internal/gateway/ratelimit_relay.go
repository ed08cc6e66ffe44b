package gateway

import (
	"errors"
	"time"

	"github.com/dtwgate/dtwgate/internal/onchain"
)

// relayRateLimited turns the on-chain service's refusal of a relay for the account's rate
// limit into errs.ErrRateLimited with its Retry-After; nil for any other error.
func relayRateLimited(err error) error {
	var rl *onchain.RateLimitError
	if !errors.As(err, &rl) {
		return nil
	}
	return rateLimited(rl.RetryAfter, "this account asks for relayed (gasless) orders and withdrawals too often; retry in %s",
		rl.RetryAfter.Round(time.Millisecond))
}
