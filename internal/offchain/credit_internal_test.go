package offchain

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// chainLike is a venue that reports balances but lends no credit, as a chain.
type chainLike struct{ venue.Venue }

func (chainLike) Source() string { return "ETHEREUM" }

func (chainLike) Balances(context.Context, venue.Caller) ([]api.BalanceV2, error) { return nil, nil }

// TestCreditOnlyOffchain: credit on a venue that lends none is a clear ErrNoCredit, and it
// has no settings.
func TestCreditOnlyOffchain(t *testing.T) {
	s := &Balances{}
	_, err := s.Credit(context.Background(), chainLike{}, venue.Caller{AccountID: "a"})
	require.ErrorIs(t, err, ErrNoCredit)
	require.Contains(t, err.Error(), "only for OFFCHAIN")
	set, err := s.AccountSettings(context.Background(), chainLike{}, "a")
	require.NoError(t, err)
	require.Empty(t, set.AccountSettings)
}
