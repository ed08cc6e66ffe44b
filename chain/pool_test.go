package chain_test

import (
	"context"
	"encoding/json"
	"math/big"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

// endpoint dials url for a pool.
func endpoint(t *testing.T, url string) chain.PoolEndpoint {
	t.Helper()
	ec, err := ethclient.Dial(url)
	require.NoError(t, err)
	return chain.PoolEndpoint{URL: url, Client: chain.NewTimedClient(ec, 5*time.Second)}
}

func pool(t *testing.T, quorum int, urls ...string) *chain.Pool {
	t.Helper()
	var eps []chain.PoolEndpoint
	for _, u := range urls {
		eps = append(eps, endpoint(t, u))
	}
	p, err := chain.NewPool(chain.PoolConfig{Source: "ETHEREUM", Quorum: quorum, MaxLag: 2, StallAfter: time.Millisecond}, eps)
	require.NoError(t, err)
	t.Cleanup(p.Close)
	return p
}

// TestPoolQuorumOutvotesALiar: one endpoint of three lies about a settlement's receipt
// (status and block hash), adds a deposit that never happened to the logs, or freezes its
// head. With a quorum of 2 the pool returns only what two honest endpoints agree on; with
// a quorum of 1 and the liar first, the test shows what the lie achieves.
func TestPoolQuorumOutvotesALiar(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}})
	c := n.Chains[0]
	trader := c.Traders[0]
	orders := placeOrders(t, c, trader, 1)
	usdt := c.MustToken("USDT")
	settled, err := c.Settle(ctx, c.Operator, orders[0], usdt.Units(10))
	require.NoError(t, err)
	require.NoError(t, c.Mine(ctx, 1))
	exp := chain.ReturnExpectation{DTW: c.DTW, OrderKey: orders[0].Key(), Trader: trader.Address, Kind: dtw.EventOrderSettled,
		BuyAmount: usdt.Units(10), Confirmations: 2}

	// The real DTW logs, and a forged copy of the first: a deposit credited twice.
	query := ethereum.FilterQuery{FromBlock: big.NewInt(0), Addresses: []common.Address{c.DTW}}
	real, err := c.Client.FilterLogs(ctx, query)
	require.NoError(t, err)
	require.NotEmpty(t, real)
	forged := real[0]
	forged.Index += 1000
	raw, err := json.Marshal(forged)
	require.NoError(t, err)
	var forgedJSON map[string]any
	require.NoError(t, json.Unmarshal(raw, &forgedJSON))

	lying := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{ReceiptStatus: true, BlockHash: true,
		ExtraLogs: func(map[string]any) []map[string]any { return []map[string]any{forgedJSON} }})
	honest := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{}) // a second honest endpoint

	t.Run("quorum 1, the liar first: its lie is believed", func(t *testing.T) {
		p := pool(t, 1, lying.URL, c.RPCURL)
		_, err := chain.VerifyReturnTx(ctx, p, settled.TxHash, exp)
		require.ErrorIs(t, err, chain.ErrVerification, "a settled order looks reverted: its settlement would be sent again")
		logs, err := p.FilterLogs(ctx, query)
		require.NoError(t, err)
		require.Len(t, logs, len(real)+1, "the forged log is taken: a deposit that never happened would be credited")
	})

	t.Run("quorum 2 of 3: the honest endpoints outvote the liar", func(t *testing.T) {
		p := pool(t, 2, lying.URL, c.RPCURL, honest.URL)
		check, err := chain.VerifyReturnTx(ctx, p, settled.TxHash, exp)
		require.NoError(t, err)
		require.Equal(t, settled.BlockHash, check.Receipt.BlockHash)
		logs, err := p.FilterLogs(ctx, query)
		require.NoError(t, err)
		require.Equal(t, real, logs, "the forged log is not taken")
		head, err := c.Client.HeaderByNumber(ctx, nil)
		require.NoError(t, err)
		h, err := p.HeaderByNumber(ctx, head.Number)
		require.NoError(t, err)
		require.Equal(t, head.Hash(), h.Hash())
	})

	t.Run("quorum 2 of 2 with a liar: no decision", func(t *testing.T) {
		p := pool(t, 2, lying.URL, c.RPCURL)
		_, err := p.TransactionReceipt(ctx, settled.TxHash)
		require.ErrorIs(t, err, chain.ErrNoQuorum)
		_, err = chain.VerifyReturnTx(ctx, p, settled.TxHash, exp)
		require.ErrorIs(t, err, chain.ErrNoQuorum, "not reported, not re-sent: the decision waits")
		_, err = p.FilterLogs(ctx, query)
		require.ErrorIs(t, err, chain.ErrNoQuorum)
	})

	t.Run("a frozen head: the endpoint leaves the pool, and cannot deepen confirmations", func(t *testing.T) {
		frozen := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{FreezeHead: true})
		before, err := c.Client.BlockNumber(ctx)
		require.NoError(t, err)
		p := pool(t, 1, frozen.URL, c.RPCURL)
		p.Check(ctx) // the frozen endpoint learns its head
		require.NoError(t, c.Mine(ctx, 5))
		got, err := p.BlockNumber(ctx)
		require.NoError(t, err)
		require.Equal(t, before, got, "with a quorum of 1, the frozen head is believed until a check")
		time.Sleep(5 * time.Millisecond)
		p.Check(ctx)
		require.Equal(t, []string{chain.EndpointLabel(1, c.RPCURL)}, p.Healthy())
		got, err = p.BlockNumber(ctx)
		require.NoError(t, err)
		require.Equal(t, before+5, got, "the healthy endpoint answers first")

		// A liar ahead of the chain cannot make blocks look deeper with a quorum of 2.
		p2 := pool(t, 2, frozen.URL, c.RPCURL, honest.URL)
		got, err = p2.BlockNumber(ctx)
		require.NoError(t, err)
		require.Equal(t, before+5, got, "the second highest of the heads")
	})

	t.Run("an endpoint that does not answer: calls move to the next", func(t *testing.T) {
		dead := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			http.Error(w, "down", http.StatusBadGateway)
		}))
		t.Cleanup(dead.Close)
		p := pool(t, 1, dead.URL, c.RPCURL)
		r, err := p.TransactionReceipt(ctx, settled.TxHash)
		require.NoError(t, err)
		require.Equal(t, settled.BlockHash, r.BlockHash)
		require.Equal(t, []string{chain.EndpointLabel(1, c.RPCURL)}, p.Healthy(), "the failing endpoint is out until a check finds it well")
		_, err = p.TransactionReceipt(ctx, common.HexToHash("0x1234"))
		require.ErrorIs(t, err, ethereum.NotFound, "not found is an answer, not a failure")
	})
}

func TestEndpointLabelHidesKeys(t *testing.T) {
	require.Equal(t, "0:eth.example:8545", chain.EndpointLabel(0, "https://user:pw@eth.example:8545/v3/SECRETKEY?key=x"))
	require.Equal(t, "2:?", chain.EndpointLabel(2, "::not a url"))
}

func TestNewPoolNeedsQuorumEndpoints(t *testing.T) {
	_, err := chain.NewPool(chain.PoolConfig{Source: "ETHEREUM", Quorum: 3}, []chain.PoolEndpoint{{URL: "http://a"}, {URL: "http://b"}})
	require.ErrorContains(t, err, "verifyQuorum 3 needs at least 3 RPC endpoints, 2 configured")
}
