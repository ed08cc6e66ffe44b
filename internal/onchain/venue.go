package onchain

import (
	"context"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// chainVenue is one served chain as a venue of the shared endpoints.
type chainVenue struct {
	s *Service
	c *Chain
}

var _ venue.Venue = chainVenue{}

// Venues returns a venue per served chain, for the router of the shared endpoints.
func (s *Service) Venues() []venue.Venue {
	var out []venue.Venue
	for _, name := range s.reg.Names() {
		if c := s.chains[name]; c != nil {
			out = append(out, chainVenue{s: s, c: c})
		}
	}
	return out
}

// Source implements venue.Venue.
func (v chainVenue) Source() string { return v.c.Source.Name }

// Assets implements venue.Venue.
func (v chainVenue) Assets(context.Context) (api.AssetsResponse, error) { return v.s.assets(v.c) }

// TokenInformation implements venue.Venue.
func (v chainVenue) TokenInformation(context.Context) (api.TokenInformationResponse, error) {
	return v.s.tokenInformation(v.c)
}

// OrderStatus implements venue.Venue: orderId is the DTW contract's order number.
func (v chainVenue) OrderStatus(ctx context.Context, c venue.Caller, orderID string) (api.OrderStatus, error) {
	return v.s.orderStatusByID(ctx, v.c, c.Wallets, orderID)
}

// OrderByInstruction implements venue.Venue: the instruction id of an on-chain order is
// the hash of the transaction that placed it.
func (v chainVenue) OrderByInstruction(ctx context.Context, c venue.Caller, instructionID string) (api.OrderStatus, error) {
	return v.s.orderByInstruction(ctx, v.c, c.Wallets, instructionID)
}

// Deposits implements venue.Venue: Deposited events of the caller's wallets.
func (v chainVenue) Deposits(ctx context.Context, c venue.Caller, q api.PageRequest) (api.ActivityPage, error) {
	return v.s.activities(ctx, v.c, c.AccountID, c.Wallets, dtw.EventDeposited, q)
}

// Withdrawals implements venue.Venue: Withdrawn events of the caller's wallets.
func (v chainVenue) Withdrawals(ctx context.Context, c venue.Caller, q api.PageRequest) (api.ActivityPage, error) {
	return v.s.activities(ctx, v.c, c.AccountID, c.Wallets, dtw.EventWithdrawn, q)
}
