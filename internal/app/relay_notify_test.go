package app_test

import (
	"context"
	"math/big"
	"slices"
	"testing"
	"time"

	gethcommon "github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestRelayAnsweredAtTheSettlersCommit: an API process, and a second store handle on its
// data directory standing in for the settler process: the answer to a gasless order
// comes within a few milliseconds of the commit that sends its relay, as the API waits on
// the store's notification (the watched WAL, across processes), not on a poll's next
// tick (polling every 50 ms answered 25 ms after the commit on average).
func TestRelayAnsweredAtTheSettlersCommit(t *testing.T) {
	ctx := context.Background()
	e := newRelayEnv(t, 1, app.Options{Role: app.RoleAPI, RelayWait: 10 * time.Second})
	settler, err := store.OpenSQLite(ctx, e.cfg.StorePath())
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, settler.Close()) })
	_, err = e.tr.Deposit(ctx, e.usdt, big.NewInt(10_000_000))
	require.NoError(t, err)

	type answer struct {
		resp api.SubmitResponse
		err  error
		at   time.Time
	}
	var lags []time.Duration
	for i := range 5 {
		nonce := big.NewInt(int64(9100 + i))
		so, err := e.tr.SignOrder(ctx, trader.OrderParams{Sell: e.usdt, Buy: e.dai, SellAmount: big.NewInt(1_000_000),
			MinBuyAmount: big.NewInt(1e17)}, nonce)
		require.NoError(t, err)
		done := make(chan answer, 1)
		go func() {
			resp, err := e.cl.SubmitOrder(ctx, so.Request)
			done <- answer{resp, err, time.Now()}
		}()
		var req store.Relay
		require.Eventually(t, func() bool {
			rs, err := settler.PendingRelayRequests(ctx, e.src.Name, 10)
			if err != nil || len(rs) != 1 {
				return false
			}
			req = rs[0]
			return true
		}, 10*time.Second, time.Millisecond, "the API never stored the request")
		require.Equal(t, nonce.String(), req.Nonce)
		time.Sleep(20 * time.Millisecond) // the API waits by now
		hash := gethcommon.BigToHash(big.NewInt(int64(7100 + i)))
		_, err = settler.InsertTx(ctx, chain.JournalTx{Source: e.src.Name, Sender: gethcommon.HexToAddress("0x5e"), Nonce: uint64(i),
			Hash: hash, Raw: []byte{byte(i)}, Kind: req.Kind, State: chain.TxPending, CreatedAt: time.Now(),
			Relay: &chain.Relay{Trader: req.Trader, Nonce: nonce, Digest: req.Digest, AccountID: req.AccountID}})
		require.NoError(t, err)
		committed := time.Now()
		a := <-done
		require.NoError(t, a.err)
		require.Equal(t, hash.Hex(), a.resp.InstructionID)
		require.Equal(t, api.StatusPending, a.resp.Status)
		lags = append(lags, a.at.Sub(committed))
	}
	slices.Sort(lags)
	t.Logf("answered after the settler's commit returned in %v (negative: before it returned)", lags)
	require.Less(t, lags[len(lags)/2], 15*time.Millisecond, "the median answer waited for something else than the commit")
}
