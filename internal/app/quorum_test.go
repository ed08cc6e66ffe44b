package app_test

import (
	"context"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/dtwgate/dtwgate/testnet/liar"
)

// TestQuorumOutvotesALyingRPC: the gateway's first RPC endpoint of a chain lies. It says
// every receipt has the other status (a settlement reverted) and adds to the DTW logs a
// twin of a real deposit, in another transaction: 10 usdt that never arrived. With
// verifyQuorum 2 of 3 endpoints the gateway credits only the real deposit and settles an
// order, reporting a return transaction the trader verifies, through the two honest
// endpoints. With verifyQuorum 1 the lie achieves what it aims at: the forged deposit is
// credited to the trader's history.
func TestQuorumOutvotesALyingRPC(t *testing.T) {
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	src := c.ChainSource(1)
	s := c.Traders[0].Signer()
	t.Cleanup(func() { s.Close() })
	tr, err := trader.New(ctx, src, s, c.Client, trader.Options{PollInterval: 20 * time.Millisecond})
	require.NoError(t, err)
	usdt, err := tr.Asset("usdt")
	require.NoError(t, err)
	dai, err := tr.Asset("dai")
	require.NoError(t, err)
	start := time.Now().Add(-time.Hour)
	dep, err := tr.Deposit(ctx, usdt, big.NewInt(10_000_000))
	require.NoError(t, err)

	// The forged twin of the deposit's DTW log.
	var forged map[string]any
	for _, l := range dep.Receipt.Logs {
		if l.Address == c.DTW {
			raw, err := json.Marshal(l)
			require.NoError(t, err)
			require.NoError(t, json.Unmarshal(raw, &forged))
		}
	}
	require.NotNil(t, forged, "the deposit emitted a DTW log")
	forgedTx := common.HexToHash("0xf0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0")
	forged["transactionHash"] = forgedTx.Hex()
	forged["logIndex"] = "0x63"
	block := dep.Receipt.BlockNumber.Uint64()
	inRange := func(filter map[string]any) bool {
		from, to := hexArg(filter["fromBlock"]), hexArg(filter["toBlock"])
		return from <= block && block <= to
	}
	lying := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{ReceiptStatus: true, ExtraLogs: func(filter map[string]any) []map[string]any {
		if inRange(filter) {
			return []map[string]any{forged}
		}
		return nil
	}})
	honest := liar.NewLyingRPC(t, c.RPCURL, liar.Lies{}) // a second honest endpoint

	deposits := func(cl *client.Client) []string {
		page, err := cl.Deposits(ctx, client.ActivityQuery{Source: "ETHEREUM", Start: start, End: time.Now().Add(time.Hour)})
		require.NoError(t, err)
		var txs []string
		for _, a := range page.Transactions {
			require.NotNil(t, a.Reference)
			txs = append(txs, a.Reference.TransactionHash)
		}
		return txs
	}
	gateway := func(t *testing.T, quorum int) *client.Client {
		cfg := chainConfig(t, c)
		cfg.Chains[0].RPCURLs = []string{lying.URL, c.RPCURL, honest.URL}
		cfg.Chains[0].VerifyQuorum = quorum
		a, cfg := serveAll(t, cfg)
		_, cl := traderClient(t, a, cfg, c)
		return cl
	}

	t.Run("verifyQuorum 2 of 3: the honest endpoints decide", func(t *testing.T) {
		cl := gateway(t, 2)
		require.Eventually(t, func() bool { return len(deposits(cl)) > 0 }, 20*time.Second, 50*time.Millisecond, "the real deposit is credited")
		time.Sleep(500 * time.Millisecond) // more rounds of the follower
		require.Equal(t, []string{dep.Receipt.TxHash.Hex()}, deposits(cl), "only the real deposit: the forged one is never credited")

		o, err := tr.PlaceOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(5_000_000),
			MinBuyAmount: new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))})
		require.NoError(t, err)
		var st api.OrderStatus
		require.Eventually(t, func() bool {
			st, err = cl.OrderByInstruction(ctx, "ETHEREUM", o.Tx.Hex())
			return err == nil && st.Status == api.StatusSettled && st.ReturnTxID != nil && st.ReturnTxConfirmations != "" && st.ReturnTxConfirmations != "0"
		}, 30*time.Second, 50*time.Millisecond, "the order settles through the honest endpoints: %+v %v", st, err)
		_, err = tr.Verifier().VerifyOrderByInstruction(ctx, cl, o.Tx.Hex())
		require.NoError(t, err, "the reported return transaction is the one the trader verifies on its own RPC")
	})

	t.Run("verifyQuorum 1, the liar first: the forged deposit is credited", func(t *testing.T) {
		cl := gateway(t, 1)
		require.Eventually(t, func() bool { return strings.Contains(strings.Join(deposits(cl), ","), forgedTx.Hex()) },
			20*time.Second, 50*time.Millisecond, "with one endpoint's word, its lie is history: %v", deposits(cl))
	})
}

// hexArg reads a JSON-RPC block quantity ("0x1f"; a tag such as "latest" is the top).
func hexArg(v any) uint64 {
	s, _ := v.(string)
	n, err := strconv.ParseUint(strings.TrimPrefix(s, "0x"), 16, 64)
	if err != nil {
		return ^uint64(0)
	}
	return n
}
