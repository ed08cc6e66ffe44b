package app

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/testnet"
)

func TestDialChainChecksChainID(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"POLYGON"}})
	src := n.Chains[0].ChainSource(1)

	src.RPCURLs = []string{"http://127.0.0.1:1", n.Chains[0].RPCURL}
	client, err := DialChain(ctx, &src)
	require.NoError(t, err, "a dead first URL is passed over")
	client.Close()

	src.ChainID = 1
	_, err = DialChain(ctx, &src)
	require.ErrorContains(t, err, "serves chain 31339, the config says 1")

	src.RPCURLs = []string{"http://127.0.0.1:1"}
	_, err = DialChain(ctx, &src)
	require.ErrorContains(t, err, "no RPC URL answered")
}
