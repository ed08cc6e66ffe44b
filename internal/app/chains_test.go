package app

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestDialChainChecksChainID(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"POLYGON"}})
	src := n.Chains[0].ChainSource(1)

	src.RPCURLs = []string{"http://127.0.0.1:1", n.Chains[0].RPCURL}
	client, err := DialChain(ctx, &src, nil, nil)
	require.NoError(t, err, "a dead first URL is passed over")
	client.Close()

	src.ChainID = 1
	_, err = DialChain(ctx, &src, nil, nil)
	require.ErrorContains(t, err, "serves chain 31339, the config says 1")

	src.RPCURLs = []string{"http://127.0.0.1:1"}
	_, err = DialChain(ctx, &src, nil, nil)
	require.ErrorContains(t, err, "0 of 1 RPC URLs answered")
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
	client, err := DialChain(context.Background(), &src, nil, nil)
	require.NoError(t, err)
	defer client.Close()
	began := time.Now()
	_, err = client.BlockNumber(context.Background())
	require.Error(t, err)
	require.Less(t, time.Since(began), 5*time.Second, "the call gave up after the timeout")
}

// hungWebsocket is a websocket JSON-RPC endpoint that completes the upgrade, reads every
// request (so pings are answered and the connection looks alive) and answers only
// eth_chainId, and that only when chainID is set.
func hungWebsocket(t *testing.T, chainID bool) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		c, err := websocket.Accept(w, r, nil)
		if err != nil {
			return
		}
		defer c.CloseNow()
		for {
			_, data, err := c.Read(r.Context())
			if err != nil {
				return
			}
			var req struct {
				ID     json.RawMessage `json:"id"`
				Method string          `json:"method"`
			}
			_ = json.Unmarshal(data, &req)
			if chainID && req.Method == "eth_chainId" {
				_ = c.Write(r.Context(), websocket.MessageText, fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"result":"0x7a69"}`, req.ID))
			}
		}
	}))
	t.Cleanup(srv.Close)
	return "ws" + srv.URL[len("http"):]
}

// within runs f and fails the test if it has not returned after d (instead of hanging).
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still blocked after %s: no deadline", d)
	}
}

// TestDialChainWebsocketDeadlines: over a websocket, as over HTTP, a call that is never
// answered fails after chainRPCTimeout; so do the chain-id check of the dial and a dial
// whose upgrade is never answered.
func TestDialChainWebsocketDeadlines(t *testing.T) {
	defer func(d time.Duration) { chainRPCTimeout = d }(chainRPCTimeout)
	chainRPCTimeout = 300 * time.Millisecond

	t.Run("call never answered", func(t *testing.T) {
		src := chain.Source{Name: "ETHEREUM", ChainID: 31337, RPCURLs: []string{hungWebsocket(t, true)}}
		client, err := DialChain(context.Background(), &src, nil, nil)
		require.NoError(t, err)
		defer client.Close()
		within(t, 5*time.Second, func() {
			_, err = client.BlockNumber(context.Background())
		})
		require.ErrorIs(t, err, context.DeadlineExceeded)
		within(t, 5*time.Second, func() {
			_, err = client.TransactionReceipt(context.Background(), common.Hash{1})
		})
		require.ErrorIs(t, err, context.DeadlineExceeded)
	})
	t.Run("chain id never answered", func(t *testing.T) {
		src := chain.Source{Name: "ETHEREUM", ChainID: 31337, RPCURLs: []string{hungWebsocket(t, false)}}
		var err error
		within(t, 5*time.Second, func() { _, err = DialChain(context.Background(), &src, nil, nil) })
		require.ErrorContains(t, err, "0 of 1 RPC URLs answered")
	})
	t.Run("upgrade never answered", func(t *testing.T) {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		t.Cleanup(func() { ln.Close() })
		go func() { // accepts, reads the upgrade request, never answers
			for {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				t.Cleanup(func() { c.Close() })
				go func() { _, _ = io.Copy(io.Discard, c) }()
			}
		}()
		src := chain.Source{Name: "ETHEREUM", ChainID: 31337, RPCURLs: []string{"ws://" + ln.Addr().String()}}
		within(t, 5*time.Second, func() { _, err = DialChain(context.Background(), &src, nil, nil) })
		require.ErrorContains(t, err, "0 of 1 RPC URLs answered")
	})
}
