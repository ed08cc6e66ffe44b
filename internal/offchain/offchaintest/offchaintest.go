// Package offchaintest builds the OFFCHAIN services over one store for tests, as the
// composition root builds them: one value whose methods are all of theirs.
package offchaintest

import (
	"time"

	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Service is every OFFCHAIN service over one store (a method of any of them is one of
// Service's, but for Balances' own Balances method: call s.Balances.Balances).
type Service struct {
	*offchain.Balances
	*offchain.Funding
	*offchain.Trading
	*offchain.Introducers
}

// New returns the services of a checked configuration over st, as offchain.NewBalances
// and the others do.
func New(cfg config.Config, st store.Store, prices pricing.Source, now func() time.Time) *Service {
	bal := offchain.NewBalances(cfg, st, prices, now)
	return &Service{
		Balances:    bal,
		Funding:     offchain.NewFunding(cfg, store.Narrow[offchain.FundingTx](st), bal, now),
		Trading:     offchain.NewTrading(cfg, store.Narrow[offchain.TradingTx](st), bal, prices, now),
		Introducers: offchain.NewIntroducers(cfg, st, now),
	}
}

// Venue returns the OFFCHAIN venue over the services.
func (s *Service) Venue() offchain.Venue { return offchain.NewVenue(s.Balances, s.Trading) }
