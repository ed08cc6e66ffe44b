package onchain

import (
	"context"
	"errors"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/store"
)

// MaxInventoryAge is the oldest inventory snapshot the gateway trusts: the settler of a
// chain writes one every round (about every second).
const MaxInventoryAge = 2 * time.Minute

var _ market.Inventory = (*Service)(nil)

// Available implements market.Inventory: the operator's balance of asset on the chain
// source, from the snapshot the chain's settler last wrote to the store; not ok when the
// chain does not trade asset or the snapshot is missing or stale (no settler runs).
func (s *Service) Available(ctx context.Context, source, asset string) (decimal.Decimal, int32, bool, error) {
	c := s.chains[source]
	if c == nil {
		return decimal.Zero, 0, false, nil
	}
	a, err := c.Source.Asset(asset)
	if err != nil {
		return decimal.Zero, 0, false, nil
	}
	inv, err := s.store.Inventory(ctx, source)
	if errors.Is(err, store.ErrNotFound) {
		return decimal.Zero, 0, false, nil // its settler has not run yet
	}
	if err != nil {
		return decimal.Zero, 0, false, err
	}
	if s.policy.Now().Sub(inv.At) > MaxInventoryAge {
		return decimal.Zero, 0, false, nil // its settler is not running: nothing would fill an order
	}
	have := inv.Balances[a.Address]
	if have == nil {
		return decimal.Zero, int32(a.Decimals), true, nil
	}
	return a.FromBaseUnits(have), int32(a.Decimals), true, nil
}
