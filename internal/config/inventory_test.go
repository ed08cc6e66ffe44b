package config_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
)

// TestInventoryBands: chains[].inventory and chains[].rebalance are checked, naming the
// bad field.
func TestInventoryBands(t *testing.T) {
	base := func() config.Config {
		c := config.Default()
		c.DataDir = t.TempDir()
		c.Finish()
		c.Pricing.Prices = map[string]string{"dai": "1"}
		c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1,
			Tokens: []chain.TokenConfig{{Symbol: "DAI", Address: "0x0000000000000000000000000000000000000da1", Decimals: 6}}}}}
		return c
	}
	type band = config.Band
	type inv = config.InventoryBand
	good := base()
	good.Chains[0].Rebalance = config.RebalanceAuto
	good.Chains[0].Inventory = []inv{{Asset: "dai", DTW: band{Min: "1", Target: "2.5", Max: "3"}}}
	require.NoError(t, good.Check())
	for _, c := range []struct {
		name string
		edit func(ch *config.Chain)
		want string
	}{
		{"rebalance", func(ch *config.Chain) { ch.Rebalance = "always" }, `chains[0].rebalance: "always" is not auto or off`},
		{"unknown asset", func(ch *config.Chain) { ch.Inventory = []inv{{Asset: "usdc"}} }, `chains[0].inventory[0].asset: "usdc" is not a token`},
		{"twice", func(ch *config.Chain) { ch.Inventory = []inv{{Asset: "dai"}, {Asset: "dai"}} }, `chains[0].inventory[1].asset: "dai" is listed twice`},
		{"partial", func(ch *config.Chain) { ch.Inventory = []inv{{Asset: "dai", Treasury: band{Min: "1"}}} }, "chains[0].inventory[0].treasury: target: required"},
		{"order", func(ch *config.Chain) {
			ch.Inventory = []inv{{Asset: "dai", DTW: band{Min: "3", Target: "2", Max: "4"}}}
		}, "min <= target <= max"},
		{"decimals", func(ch *config.Chain) {
			ch.Inventory = []inv{{Asset: "dai", DTW: band{Min: "0.0000001", Target: "2", Max: "4"}}}
		}, "chains[0].inventory[0].dtw: min"},
		{"negative", func(ch *config.Chain) {
			ch.Inventory = []inv{{Asset: "dai", DTW: band{Min: "-1", Target: "2", Max: "4"}}}
		}, "chains[0].inventory[0].dtw: min"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := base()
			c.edit(&cfg.Chains[0])
			require.ErrorContains(t, cfg.Check(), c.want)
		})
	}
}
