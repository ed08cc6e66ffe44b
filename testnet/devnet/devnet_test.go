package devnet_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

func TestWriteRead(t *testing.T) {
	dir := t.TempDir()
	trader := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	want := &devnet.File{
		Sources: map[string]chain.Config{"ETHEREUM": {
			Source: "ETHEREUM", ChainID: 31337, RPCURLs: []string{"http://127.0.0.1:8545"}, DTWAddress: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
			StartBlock: 1, Tokens: []chain.TokenConfig{{Symbol: "DAI", Address: "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", Decimals: 18}},
		}},
		Accounts:     []devnet.Account{{Name: "trader1", Role: devnet.RoleTrader, Address: trader.Hex(), Keystore: "keystores/trader1.json"}},
		PasswordFile: "password.txt",
		Feeds:        map[string]map[string]string{"ETHEREUM": {"eth": "0xA51c1fc2f0D1a1b8494Ed1FE312d7C3a78Ed91C0"}},
	}
	require.NoError(t, devnet.Write(dir, want))
	got, err := devnet.Read(dir)
	require.NoError(t, err)
	require.Equal(t, want, got)

	addr, ok := got.Address("trader1")
	require.True(t, ok)
	require.Equal(t, trader, addr)
	_, ok = got.Address("nobody")
	require.False(t, ok)
	acct, ok := got.Account(devnet.RoleTrader)
	require.True(t, ok)
	require.Equal(t, "trader1", acct.Name)
	_, ok = got.Account(devnet.RoleOwner)
	require.False(t, ok)

	t.Run("the JSON keys are the file format", func(t *testing.T) {
		blob, err := os.ReadFile(filepath.Join(dir, devnet.FileName))
		require.NoError(t, err)
		for _, key := range []string{`"sources"`, `"chainId"`, `"rpcUrls"`, `"dtwAddress"`, `"startBlock"`, `"tokens"`, `"decimals"`, `"accounts"`, `"keystore"`, `"passwordFile"`, `"feeds"`} {
			require.Contains(t, string(blob), key)
		}
	})
	t.Run("a missing or broken file is an error", func(t *testing.T) {
		_, err := devnet.Read(t.TempDir())
		require.ErrorIs(t, err, os.ErrNotExist)
		bad := t.TempDir()
		require.NoError(t, os.WriteFile(filepath.Join(bad, devnet.FileName), []byte("{"), 0o600))
		_, err = devnet.Read(bad)
		require.ErrorContains(t, err, "parse "+devnet.FileName)
	})
}

// TestReadOldKeys: a devnet.json written before the one chain configuration form
// (rpcUrl, dtw, tokens with kind) is still read, and the old keys are reported.
func TestReadOldKeys(t *testing.T) {
	dir := t.TempDir()
	old := `{"sources": {"ETHEREUM": {"chainId": 31337, "rpcUrl": "http://127.0.0.1:8545",
		"dtw": "0x5FbDB2315678afecb367f032d93F642f64180aa3", "startBlock": 1,
		"tokens": [{"symbol": "DAI", "address": "0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512", "decimals": 18, "kind": "erc20"}]}},
		"accounts": [], "passwordFile": "password.txt"}`
	require.NoError(t, os.WriteFile(filepath.Join(dir, devnet.FileName), []byte(old), 0o644))
	got, err := devnet.Read(dir)
	require.NoError(t, err)
	c := got.Sources["ETHEREUM"]
	require.Equal(t, "ETHEREUM", c.Source)
	require.Equal(t, []string{"http://127.0.0.1:8545"}, c.RPCURLs)
	require.Equal(t, "0x5FbDB2315678afecb367f032d93F642f64180aa3", c.DTWAddress)
	require.Len(t, c.Tokens, 1)
	require.Equal(t, []string{"sources.ETHEREUM.rpcUrl is now rpcUrls", "sources.ETHEREUM.dtw is now dtwAddress"}, got.Deprecated)
	require.NoError(t, c.Check("sources.ETHEREUM"))
}
