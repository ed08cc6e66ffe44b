// Package venue resolves a request's source (OFFCHAIN or a chain name) to the venue that
// serves it, once. Endpoints shared by every source call the Venue; no handler branches on
// the source name. The venues are the chains (internal/onchain) and OFFCHAIN
// (internal/offchain).
package venue

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// ErrUnknownSource: no venue serves the source (INVALID_ORDER_SOURCE); the error text lists
// the valid sources.
var ErrUnknownSource = errs.ErrUnknownSource

// Caller is who asks: an account and its on-chain identity, its wallet addresses.
type Caller struct {
	// AccountID is the caller's account.
	AccountID string
	// Wallets are the addresses whose on-chain orders and balance changes are the account's.
	Wallets []common.Address
}

// Venue serves the endpoints that every source has. Implementations are safe for
// concurrent use; every method may be called with a cancelled ctx and must return then.
type Venue interface {
	// Source is the venue's source name, e.g. ETHEREUM or OFFCHAIN.
	Source() string
	// Assets lists the venue's asset ids (GET /v2/assets/{source}).
	Assets(ctx context.Context) (api.AssetsResponse, error)
	// TokenInformation describes the venue's tokens (GET /v2/assets/{source}/token-information).
	TokenInformation(ctx context.Context) (api.TokenInformationResponse, error)
	// OrderStatus reports one of the caller's orders by the venue's order id
	// (GET /v3/order-status/{source}/{orderId}).
	OrderStatus(ctx context.Context, c Caller, orderID string) (api.OrderStatus, error)
	// OrderByInstruction reports one of the caller's orders by its instruction id
	// (GET /v2/order/{source}/{instructionId}).
	OrderByInstruction(ctx context.Context, c Caller, instructionID string) (api.OrderStatus, error)
	// Deposits pages the caller's deposits (GET /v3/deposits); q is checked except for its
	// cursors, which the venue made and checks.
	Deposits(ctx context.Context, c Caller, q api.PageRequest) (api.ActivityPage, error)
	// Withdrawals pages the caller's withdrawals (GET /v3/withdrawals), as Deposits.
	Withdrawals(ctx context.Context, c Caller, q api.PageRequest) (api.ActivityPage, error)
}

// Router maps source names to venues. It is immutable and safe for concurrent use.
type Router struct {
	venues map[string]Venue
	names  []string
}

// NewRouter returns a router over vs; a source served twice, or not in upper case, is an
// error.
func NewRouter(vs ...Venue) (*Router, error) {
	r := &Router{venues: map[string]Venue{}}
	for _, v := range vs {
		name := v.Source()
		if name == "" || name != strings.ToUpper(name) {
			return nil, fmt.Errorf("source %q must be an upper-case name", name)
		}
		if _, dup := r.venues[name]; dup {
			return nil, fmt.Errorf("source %s is served by two venues", name)
		}
		r.venues[name] = v
		r.names = append(r.names, name)
	}
	slices.Sort(r.names)
	return r, nil
}

// Venue returns the venue of source, named case-insensitively (source names are upper
// case); ErrUnknownSource listing the valid ones.
func (r *Router) Venue(source string) (Venue, error) {
	if v, ok := r.venues[strings.ToUpper(source)]; ok {
		return v, nil
	}
	valid := "none are configured"
	if len(r.names) > 0 {
		valid = "valid sources are " + strings.Join(r.names, ", ")
	}
	return nil, fmt.Errorf("%w %q: %s", ErrUnknownSource, echo.Value(source), valid)
}

// Sources returns the served source names, sorted.
func (r *Router) Sources() []string { return slices.Clone(r.names) }
