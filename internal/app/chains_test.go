package app

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
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

// TestDialChainCallTimeout: a chain RPC that takes a request and never answers fails the
// call after chainRPCTimeout instead of blocking it for good.
func TestDialChainCallTimeout(t *testing.T) {
	defer func(d time.Duration) { chainRPCTimeout = d }(chainRPCTimeout)
	chainRPCTimeout = 300 * time.Millisecond
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		if req.Method != "eth_chainId" {
			<-r.Context().Done() // hung: never answers
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":"0x7a69"}`, req.ID)
	}))
	defer srv.Close()
	src := chain.Source{Name: "ETHEREUM", ChainID: 31337, RPCURLs: []string{srv.URL}}
	client, err := DialChain(context.Background(), &src)
	require.NoError(t, err)
	defer client.Close()
	began := time.Now()
	_, err = client.BlockNumber(context.Background())
	require.Error(t, err)
	require.Less(t, time.Since(began), 5*time.Second, "the call gave up after the timeout")
}
