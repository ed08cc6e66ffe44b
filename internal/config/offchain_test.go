package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
)

// TestOffchainAssetsDefault: without assets the venue holds every chain token and every
// bank's currency, each with its token per chain.
func TestOffchainAssetsDefault(t *testing.T) {
	c := valid()
	c.Chains = []config.Chain{
		{Config: chain.Config{Source: "ETHEREUM", Tokens: []chain.TokenConfig{{Symbol: "USDC", Address: "0x00000000000000000000000000000000000000a1", Decimals: 6}}}},
		{Config: chain.Config{Source: "POLYGON", Tokens: []chain.TokenConfig{{Symbol: "usdc", Address: "0x00000000000000000000000000000000000000b1", Decimals: 6}}}},
	}
	c.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", IBAN: "DE00"}}
	got := c.OffchainAssets()
	require.Len(t, got, 2)
	require.Equal(t, "eur", got[0].ID)
	require.True(t, got[0].Fiat)
	require.Empty(t, got[0].Tokens)
	require.Equal(t, "usdc", got[1].ID)
	require.Len(t, got[1].Tokens, 2)
	require.Equal(t, "POLYGON", got[1].Tokens[1].Source)
	require.Equal(t, "usd", c.OffchainAccountAsset())
}

func TestOffchainCheck(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(o *config.Offchain)
		field string
	}{
		{"upper-case asset", func(o *config.Offchain) { o.Assets = []config.OffchainAsset{{ID: "USDC"}} }, "offchain.assets[0].id"},
		{"bank without account", func(o *config.Offchain) { o.Banks = []config.Bank{{Name: "b", Asset: "eur"}} }, "offchain.banks[0]"},
		{"bank of an unknown asset", func(o *config.Offchain) {
			o.Assets = []config.OffchainAsset{{ID: "usd", Fiat: true}}
			o.Banks = []config.Bank{{Name: "b", Asset: "eur", IBAN: "x"}}
		}, "offchain.banks[0].asset"},
		{"custody provider", func(o *config.Offchain) { o.CustodyProviderURL = "ftp://x" }, "offchain.custodyProviderURL"},
		{"negative cap", func(o *config.Offchain) { o.CreditCap = "-1" }, "offchain.creditCap"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := valid()
			tc.edit(&c.Offchain)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.Contains(t, err.Error(), tc.field)
		})
	}
	c := valid()
	c.Offchain = config.Offchain{Banks: []config.Bank{{Name: "eur-main", Asset: "eur", IBAN: "DE00"}}, CustodyProviderURL: "http://127.0.0.1:1",
		CreditCap: "1000", CreditLeverage: "2"}
	require.NoError(t, c.Check())
}
