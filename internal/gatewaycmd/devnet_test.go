package gatewaycmd

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet/devnet"
)

func TestDevnetWritesConfigAndServes(t *testing.T) {
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- App().RunContext(ctx, []string{"dtwgate", "devnet", "--dir", dir, "--traders", "2"}) }()

	var d *devnet.File
	require.Eventually(t, func() bool {
		var err error
		d, err = devnet.Read(dir)
		return err == nil
	}, 2*time.Minute, 100*time.Millisecond, "devnet.json not written")
	require.Len(t, d.Sources, 2)
	for name, s := range d.Sources {
		c, err := ethclient.Dial(s.RPCURLs[0])
		require.NoError(t, err, name)
		id, err := c.ChainID(ctx)
		require.NoError(t, err, "%s RPC %s must answer", name, s.RPCURLs[0])
		require.Equal(t, s.ChainID, id.Uint64())
		code, err := c.CodeAt(ctx, common.HexToAddress(s.DTWAddress), nil)
		require.NoError(t, err)
		require.NotEmpty(t, code, "DTW must be deployed on %s", name)
		c.Close()
		require.Len(t, s.Tokens, 4)
	}
	require.Len(t, d.Accounts, 4)
	for _, a := range d.Accounts {
		require.FileExists(t, filepath.Join(dir, a.Keystore))
	}
	cancel()
	select {
	case err := <-done:
		require.NoError(t, err)
	case <-time.After(30 * time.Second):
		t.Fatal("devnet did not stop on cancel")
	}
}
