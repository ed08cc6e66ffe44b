package chain_test

import (
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
)

func TestAssetUnits(t *testing.T) {
	usdt := chain.Asset{ID: "usdt", Decimals: 6}
	for _, tc := range []struct {
		in   string
		want string
		err  bool
	}{
		{"1", "1000000", false},
		{"1.5", "1500000", false},
		{"0.000001", "1", false},
		{"1.0000000", "1000000", false}, // trailing zeros beyond precision are exact
		{"0.0000001", "", true},         // more precision than the token has
		{"0", "", true},
		{"-1", "", true},
		{"123456789012345678901234567890.123456", "123456789012345678901234567890123456", false},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := usdt.ToBaseUnits(decimal.RequireFromString(tc.in))
			if tc.err {
				require.ErrorIs(t, err, chain.ErrBadAmount)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got.String())
			require.True(t, usdt.FromBaseUnits(got).Equal(decimal.RequireFromString(tc.in)))
		})
	}
}

func TestRegistry(t *testing.T) {
	r, err := chain.NewRegistry([]chain.Source{{Name: "ethereum"}, {Name: "OPTIMISM"}})
	require.NoError(t, err)
	s, err := r.Source("Ethereum")
	require.NoError(t, err)
	require.Equal(t, "ETHEREUM", s.Name)
	_, err = r.Source("SOLANA")
	require.ErrorIs(t, err, chain.ErrUnknownSource)
	require.Contains(t, err.Error(), "ETHEREUM, OPTIMISM")
	_, err = chain.NewRegistry([]chain.Source{{Name: "A"}, {Name: "a"}})
	require.Error(t, err)
}
