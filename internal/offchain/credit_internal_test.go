package offchain

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

// TestWithdrawable: without credit in use the available balance may leave; with credit in
// use, what leaves keeps creditUsed / leverage of collateral value in the account.
func TestWithdrawable(t *testing.T) {
	v := valued{accountAsset: "usd", prices: map[string]decimal.Decimal{"eth": d("2000"), "usdc": d("1")},
		capacity: d("10000"), leverage: d("2"),
		holdings: []holding{{asset: "eth", balance: d("1"), available: d("0.9")}, {asset: "usdc", balance: d("500"), available: d("500")}}}
	require.Equal(t, "0.9", v.withdrawable(v.holdings[0], 18).String())
	require.Equal(t, "5000", v.totalCredit().String(), "2 x 2500 collateral, under the cap")

	// 1000 usdc borrowed: collateral 2000 (eth) must keep 500 of value; 1500 free.
	v.holdings[1] = holding{asset: "usdc", balance: d("-1000"), available: d("-1000")}
	c, used := v.collateral()
	require.Equal(t, []string{"2000", "1000"}, []string{c.String(), used.String()})
	require.Equal(t, "0.75", v.withdrawable(v.holdings[0], 18).String())
	require.Equal(t, "0", v.withdrawable(v.holdings[1], 6).String(), "a negative balance never leaves")

	// Without leverage every unit of collateral stays.
	v.leverage = decimal.Zero
	require.Equal(t, "0", v.withdrawable(v.holdings[0], 18).String())
	require.Equal(t, "0", v.totalCredit().String())
}

// chainLike is a venue that reports balances but lends no credit, as a chain.
type chainLike struct{ venue.Venue }

func (chainLike) Source() string { return "ETHEREUM" }

func (chainLike) Balances(context.Context, venue.Caller) ([]api.BalanceV2, error) { return nil, nil }

// TestCreditOnlyOffchain: credit on a venue that lends none is a clear ErrNoCredit, and it
// has no settings.
func TestCreditOnlyOffchain(t *testing.T) {
	s := &Service{}
	_, err := s.Credit(context.Background(), chainLike{}, venue.Caller{AccountID: "a"})
	require.ErrorIs(t, err, ErrNoCredit)
	require.Contains(t, err.Error(), "only for OFFCHAIN")
	set, err := s.AccountSettings(context.Background(), chainLike{}, "a")
	require.NoError(t, err)
	require.Empty(t, set.AccountSettings)
}
