package config_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
)

// withTokens is a valid config with one chain of the devnet's tokens, none of them with
// relay minimums set.
func withTokens(t *testing.T) config.Config {
	t.Helper()
	c := config.Default()
	c.DataDir = t.TempDir()
	c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 31337, Tokens: []config.Token{
		{Symbol: "DAI", Address: "0x00000000000000000000000000000000000000d1", Decimals: 18},
		{Symbol: "usdt", Address: "0x00000000000000000000000000000000000000d2", Decimals: 6},
		{Symbol: "eth", Address: "0x0000000000000000000000000000000000000000", Decimals: 18},
		{Symbol: "fot", Address: "0x00000000000000000000000000000000000000d3", Decimals: 18},
		{Symbol: "gold", Address: "0x00000000000000000000000000000000000000d4", Decimals: 2},
		{Symbol: "nft", Address: "0x00000000000000000000000000000000000000d5", Decimals: 0},
	}}}}
	c.Pricing.Prices = pricing.DefaultConfig().Prices
	c.Pricing.Prices["gold"] = "3333"
	c.Pricing.Prices["nft"] = "3"
	return c
}

// TestRelayMinimumDefaults: a token without relay minimums gets those worth about 1 (USD)
// at the book's price, rounded up to one significant digit and to its decimals; a token
// the book has no price for gets 1 whole token; a configured minimum stays.
func TestRelayMinimumDefaults(t *testing.T) {
	c := withTokens(t)
	c.Chains[0].Tokens = append(c.Chains[0].Tokens,
		config.Token{Symbol: "unpriced", Address: "0x00000000000000000000000000000000000000d6", Decimals: 18},
		config.Token{Symbol: "set", Address: "0x00000000000000000000000000000000000000d7", Decimals: 18, MinRelayOrder: "0.25", MinRelayWithdrawal: "7"},
	)
	c.Finish()
	require.NoError(t, c.Check())
	want := map[string][2]string{
		"DAI": {"1", "1"}, "usdt": {"1", "1"}, "eth": {"0.0004", "0.0004"}, "fot": {"2", "2"},
		"gold": {"0.01", "0.01"}, "nft": {"1", "1"}, "unpriced": {"1", "1"}, "set": {"0.25", "7"},
	}
	got := map[string][2]string{}
	for _, tok := range c.Chains[0].Tokens {
		got[tok.Symbol] = [2]string{tok.MinRelayOrder, tok.MinRelayWithdrawal}
	}
	require.Equal(t, want, got)
	require.Equal(t, config.DefaultRelayPerAccount, c.Relay.PerAccount)
	require.True(t, c.Relay.PerAccount.Enabled(), "the relay rate limit is on by default")
}

// TestRelayConfigChecked: minimums that are not positive decimals with at most the token's
// decimals, and a bad relay rate limit, are refused with the field's name.
func TestRelayConfigChecked(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(c *config.Config)
		field string
	}{
		{"not a number", func(c *config.Config) { c.Chains[0].Tokens[0].MinRelayOrder = "one" }, "chains[0].tokens[0].minRelayOrder"},
		{"zero", func(c *config.Config) { c.Chains[0].Tokens[0].MinRelayOrder = "0" }, "chains[0].tokens[0].minRelayOrder"},
		{"negative", func(c *config.Config) { c.Chains[0].Tokens[1].MinRelayWithdrawal = "-1" }, "chains[0].tokens[1].minRelayWithdrawal"},
		{"more decimals than the token", func(c *config.Config) { c.Chains[0].Tokens[1].MinRelayOrder = "0.0000001" }, "chains[0].tokens[1].minRelayOrder"},
		{"negative burst", func(c *config.Config) { c.Relay.PerAccount = ratelimit.Limit{PerSecond: 1, Burst: -1} }, "relay.perAccount"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := withTokens(t)
			c.Finish()
			tc.edit(&c)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.ErrorContains(t, err, tc.field)
		})
	}
}

// TestRelayConfigFile: the relay section and the token minimums are read from the config
// file; a negative perSecond turns the rate limit off.
func TestRelayConfigFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gateway.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`
relay:
  perAccount: {perSecond: -1}
chains:
  - source: ETHEREUM
    chainId: 31337
    tokens:
      - {symbol: dai, address: "0x00000000000000000000000000000000000000d1", decimals: 18, minRelayOrder: "5", minRelayWithdrawal: "2.5"}
pricing:
  prices: {dai: "1"}
`), 0o600))
	c := config.Default()
	c.DataDir = t.TempDir()
	require.NoError(t, c.LoadFile(path))
	c.Finish()
	require.NoError(t, c.Check())
	require.False(t, c.Relay.PerAccount.Enabled())
	require.Equal(t, "5", c.Chains[0].Tokens[0].MinRelayOrder)
	require.Equal(t, "2.5", c.Chains[0].Tokens[0].MinRelayWithdrawal)
	d, err := config.ParseMinRelay("2.5", 18)
	require.NoError(t, err)
	require.Equal(t, "2.5", d.String())
}
