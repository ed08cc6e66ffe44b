package client

import (
	"context"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/reserves"
)

// Reserves returns the newest proof of reserves: the signed statement of the
// liabilities, the holdings listed beside it and the published receipt keys (GET
// /v3/reserves). Check it with reserves.AccountCheck and reserves.CheckHoldings.
func (c *Client) Reserves(ctx context.Context) (reserves.Published, error) {
	return get[reserves.Published](ctx, c, api.PathReserves, nil)
}

// ReservesProof returns the caller's (or subAccount's) inclusion proofs in the newest
// snapshot (GET /v3/reserves/proof).
func (c *Client) ReservesProof(ctx context.Context, subAccount string) (reserves.Proofs, error) {
	return get[reserves.Proofs](ctx, c, accountPath(api.PathReservesProof, api.PathSubReservesProof, subAccount), nil)
}
