package chain_test

import (
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
)

func TestConfigToSource(t *testing.T) {
	c := chain.Config{Source: "ETHEREUM", ChainID: 31337, RPCURLs: []string{"http://127.0.0.1:8545"},
		DTWAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3", StartBlock: 3,
		Tokens: []chain.TokenConfig{{Symbol: "DAI", Address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", Decimals: 18}}}
	require.NoError(t, c.Check("chains[0]"))
	s := c.ToSource()
	require.Equal(t, "ETHEREUM", s.Name)
	require.Equal(t, uint64(1), s.Confirmations, "at least 1")
	require.Equal(t, common.HexToAddress(c.DTWAddress), s.DTW)
	require.Equal(t, []chain.Asset{{ID: "dai", Address: common.HexToAddress(c.Tokens[0].Address), Decimals: 18}}, s.Assets)

	for _, tc := range []struct {
		edit  func(*chain.Config)
		field string
	}{
		{func(c *chain.Config) { c.Source = "ethereum" }, "chains[0].source"},
		{func(c *chain.Config) { c.ChainID = 0 }, "chains[0].chainId"},
		{func(c *chain.Config) { c.RPCURLs = []string{"nope"} }, "chains[0].rpcUrls[0]"},
		{func(c *chain.Config) { c.DTWAddress = "0x5fbDB2315678afecb367f032d93F642f64180aa3" }, "chains[0].dtwAddress"},
		{func(c *chain.Config) { c.Tokens = append(c.Tokens, c.Tokens[0]) }, "chains[0].tokens[1].symbol"},
		{func(c *chain.Config) { c.Tokens[0].Address = "0x12" }, "chains[0].tokens[0].address"},
	} {
		bad := c
		bad.Tokens = append([]chain.TokenConfig(nil), c.Tokens...)
		tc.edit(&bad)
		err := bad.Check("chains[0]")
		require.ErrorIs(t, err, chain.ErrConfig)
		require.Contains(t, err.Error(), tc.field)
	}
}
