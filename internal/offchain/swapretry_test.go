package offchain_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestConcurrentSwapRetries: the same swap sent many times at once (a client's retries
// racing each other) is one order and one trade, and every answer is that order, though
// on SQLite each request reads its account before its transaction (TraderReads beside
// the writer): the retries that find no order there are told so by the order's insert
// in their transaction; another body under the same instructionId is refused.
func TestConcurrentSwapRetries(t *testing.T) {
	ctx := context.Background()
	e := newCreditEnv(t)
	s := e.service(t, map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"})
	e.deposit(t, s, "1000", "T1")
	req := api.SwapRequest{InstructionID: "retried", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10"}

	const n = 16
	answers := make([]api.OrderStatus, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			answers[i], errs[i] = s.SubmitSwap(ctx, e.account, req)
		}()
	}
	wg.Wait()
	for i := range n {
		require.NoError(t, errs[i], "request %d", i)
		require.Equal(t, answers[0].OrderID, answers[i].OrderID, "request %d answers the one order", i)
		require.Equal(t, store.OrderSettled, answers[i].Status)
	}
	bals, err := ledger.New(store.Narrow[ledger.Tx](e.st), nil).Balances(ctx, e.account)
	require.NoError(t, err)
	require.Equal(t, "990", bals["eur"].Balance.String(), "the swap sold its 10 eur once")
	entries, err := e.st.LedgerEntries(ctx, store.LedgerQuery{AccountID: e.account, Kinds: []string{ledger.KindTrade}, Limit: 10})
	require.NoError(t, err)
	require.Len(t, entries, 1, "one trade")

	req.AmountToSell = "11"
	_, err = s.SubmitSwap(ctx, e.account, req)
	require.ErrorIs(t, err, offchain.ErrInstructionIDReused)
}
