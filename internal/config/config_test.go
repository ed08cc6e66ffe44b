package config_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
)

func valid() config.Config {
	c := config.Default()
	c.DataDir = "/tmp/x"
	c.Finish()
	return c
}

func TestDefaultNeedsOnlyDataDir(t *testing.T) {
	c := valid()
	require.NoError(t, c.Check())
	require.Equal(t, config.DefaultListen, c.SIWE.Domain)
	require.Equal(t, "http://"+config.DefaultListen+"/api", c.SIWE.URI)
	require.Equal(t, filepath.Join("/tmp/x", "jwt.key"), c.JWTKeyFile)
	require.Equal(t, []uint64{1}, c.SIWEChainIDs())
	require.Equal(t, 24*time.Hour, c.TokenTTL)
}

// TestPostgresNeedsNoDataDir: replicas on PostgreSQL need no data directory.
func TestPostgresNeedsNoDataDir(t *testing.T) {
	c := config.Default()
	c.Store = "postgres://dtwgate@db:5432/dtwgate"
	c.Finish()
	require.NoError(t, c.Check())
}

func TestCheckNamesTheField(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(c *config.Config)
		field string
	}{
		{"no data dir", func(c *config.Config) { c.DataDir = "" }, "dataDir"},
		{"no data dir and a bad store", func(c *config.Config) { c.DataDir, c.Store = "", "mysql://db" }, "store"},
		{"store not postgres", func(c *config.Config) { c.Store = "mysql://db/dtwgate" }, "store"},
		{"storeSync unknown", func(c *config.Config) { c.StoreSync = "fsync" }, "storeSync"},
		{"bad listen", func(c *config.Config) { c.Listen = "8080" }, "listen"},
		{"base path without /api", func(c *config.Config) { c.BasePath = "/v1" }, "basePath"},
		{"bad siwe uri", func(c *config.Config) { c.SIWE.URI = "not a uri" }, "siwe.uri"},
		{"bad siwe domain", func(c *config.Config) { c.SIWE.Domain = "a/b" }, "siwe.domain"},
		{"long nonce ttl", func(c *config.Config) { c.SIWE.NonceTTL = time.Hour }, "siwe.nonceTTL"},
		{"tiny body limit", func(c *config.Config) { c.MaxBodyBytes = 10 }, "maxBodyBytes"},
		{"profiler on every interface", func(c *config.Config) { c.Debug.PprofListen = "0.0.0.0:6060" }, "debug.pprofListen"},
		{"profiler on a public host", func(c *config.Config) { c.Debug.PprofListen = "example.com:6060" }, "debug.pprofListen"},
		{"duplicate chain", func(c *config.Config) {
			c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1}}, {Config: chain.Config{Source: "ETHEREUM", ChainID: 2}}}
		}, "chains[1].source"},
		{"chain without id", func(c *config.Config) { c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM"}}} }, "chains[0].chainId"},
		{"bad rpc", func(c *config.Config) {
			c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1, RPCURLs: []string{"nope"}}}}
		}, "chains[0].rpcUrls[0]"},
		{"dtw address without 0x", func(c *config.Config) {
			c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1, DTWAddress: "5FbDB2315678afecb367f032d93F642f64180aa3"}}}
		}, "chains[0].dtwAddress"},
		{"dtw address with a wrong checksum", func(c *config.Config) {
			c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1, DTWAddress: "0x5fbDB2315678afecb367f032d93F642f64180aa3"}}}
		}, "chains[0].dtwAddress"},
		{"token address with a wrong checksum", func(c *config.Config) {
			c.Chains = []config.Chain{{Config: chain.Config{Source: "ETHEREUM", ChainID: 1,
				Tokens: []config.Token{{Symbol: "USDT", Address: "0xe7f1725e7734CE288F8367e1Bb143E90bb3F0512", Decimals: 6}}}}}
		}, "chains[0].tokens[0]"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := valid()
			tc.edit(&c)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.Contains(t, err.Error(), tc.field)
		})
	}
}

func TestLoadFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gw.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`
listen: 0.0.0.0:9000
dataDir: /var/lib/dtwgate
siwe:
  domain: gw.example.com
  nonceTTL: 2m
chains:
  - source: ETHEREUM
    chainId: 31337
    rpcUrls: [http://127.0.0.1:8545]
pricing:
  prices: {eth: "2500"}
`), 0o600))
	c := config.Default()
	require.NoError(t, c.LoadFile(path))
	c.Finish()
	require.NoError(t, c.Check())
	require.Equal(t, map[string]string{"eth": "2500"}, c.Pricing.Prices, "the file's prices only, no demo price mixed in")
	require.Equal(t, int64(10), c.Pricing.CommissionBps, "default commission")
	require.Equal(t, "gw.example.com", c.SIWE.Domain)
	require.Equal(t, "http://0.0.0.0:9000/api", c.SIWE.URI)
	require.Equal(t, 2*time.Minute, c.SIWE.NonceTTL)
	require.Equal(t, []uint64{31337}, c.SIWEChainIDs())

	require.NoError(t, os.WriteFile(path, []byte("chains:\n  - {source: ETHEREUM, chainId: 1}\n"), 0o600))
	c = config.Default()
	c.DataDir = t.TempDir()
	require.NoError(t, c.LoadFile(path))
	c.Finish()
	err := c.Check()
	require.ErrorIs(t, err, config.ErrInvalid, "chains without a pricing section never settle at demo prices")
	require.Contains(t, err.Error(), "pricing.prices")

	c = config.Default()
	c.DataDir = t.TempDir()
	c.Finish()
	require.NoError(t, c.Check())
	require.NotEmpty(t, c.Pricing.Prices, "a gateway without chains answers market data from the demo book")

	require.NoError(t, os.WriteFile(path, []byte("lisen: typo\n"), 0o600))
	c = config.Default()
	require.Error(t, c.LoadFile(path), "unknown keys are errors")
}

// TestHostileAmountsInConfig: amounts with huge exponents in a relay minimum or a price
// are refused at once, like any amount the gateway reads.
func TestHostileAmountsInConfig(t *testing.T) {
	for _, v := range []string{"1e10000000", "1e-10000000", "0e10000000"} {
		t.Run(v, func(t *testing.T) {
			start := time.Now()
			_, err := config.ParseMinRelay(v, 18)
			require.Error(t, err)
			require.Less(t, len(err.Error()), 200)

			c := withTokens(t)
			c.Pricing.Prices["dai"] = v
			c.Chains[0].Tokens[1].MinRelayOrder = v
			c.Finish()
			err = c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.ErrorContains(t, err, "chains[0].tokens[1].minRelayOrder")
			require.ErrorContains(t, err, "pricing")
			require.Less(t, time.Since(start), time.Second, "checking %s must be cheap", v)
		})
	}
}

// TestPricingFeeds: feeds load from YAML (staleAfter as a duration), name a configured
// chain with an RPC, and each bad one is refused with its field.
func TestPricingFeeds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "gw.yaml")
	require.NoError(t, os.WriteFile(path, []byte(`
chains:
  - source: ETHEREUM
    chainId: 31337
    rpcUrls: [http://127.0.0.1:8545]
  - source: OPTIMISM
    chainId: 31338
pricing:
  prices: {usdt: "1"}
  feeds:
    - {asset: eth, source: ETHEREUM, address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", staleAfter: 90s}
`), 0o600))
	c := config.Default()
	c.DataDir = t.TempDir()
	require.NoError(t, c.LoadFile(path))
	c.Finish()
	require.NoError(t, c.Check())
	require.Len(t, c.Pricing.Feeds, 1)
	require.Equal(t, 90*time.Second, c.Pricing.Feeds[0].StaleAfter)
	require.False(t, c.Pricing.Feeds[0].Fallback)

	for _, tc := range []struct {
		name  string
		edit  func(c *config.Config)
		field string
	}{
		{"unknown chain", func(c *config.Config) { c.Pricing.Feeds[0].Source = "POLYGON" }, "pricing.feeds[0].source"},
		{"chain without an RPC", func(c *config.Config) { c.Pricing.Feeds[0].Source = "OPTIMISM" }, "pricing.feeds[0].source"},
		{"bad address", func(c *config.Config) { c.Pricing.Feeds[0].Address = "eth-usd.data.eth" }, "pricing.feeds[0].address"},
		{"fallback without a book price", func(c *config.Config) { c.Pricing.Feeds[0].Fallback = true }, "pricing.feeds[0].fallback"},
		{"neither prices nor feeds", func(c *config.Config) { c.Pricing.Feeds, c.Pricing.Prices = nil, nil }, "pricing.prices"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := config.Default()
			c.DataDir = t.TempDir()
			require.NoError(t, c.LoadFile(path))
			c.Finish()
			tc.edit(&c)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.ErrorContains(t, err, tc.field+":")
		})
	}
}
