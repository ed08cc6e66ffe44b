package offchain_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestSwapAnswersWithItsWrittenReceipt: a market swap and a limit order filled at once
// answer with the receipt the ledger wrote in their transaction (not read back), which
// is the stored one, hash and all; a retry and the order's status answer it too.
func TestSwapAnswersWithItsWrittenReceipt(t *testing.T) {
	ctx := context.Background()
	e := newCreditEnv(t)
	s := e.service(t, map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"})
	e.deposit(t, s, "1000", "t1")

	stored := func(seq uint64) receipt.Signed {
		rows, err := e.st.ReceiptsAfter(ctx, e.account, seq-1, 1)
		require.NoError(t, err)
		require.Len(t, rows, 1)
		r, err := ledger.SignedReceipt(rows[0])
		require.NoError(t, err)
		return r
	}
	same := func(got *receipt.Signed, kind string) {
		t.Helper()
		require.NotNil(t, got)
		want := stored(got.Sequence)
		require.Equal(t, want.Receipt, got.Receipt)
		require.Equal(t, want.Hash, got.Hash)
		require.Equal(t, kind, got.Kind)
	}

	market := api.SwapRequest{InstructionID: "m1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "100"}
	v, err := s.SubmitSwap(ctx, e.account, market)
	require.NoError(t, err)
	require.Equal(t, store.OrderSettled, v.Status)
	same(v.Receipt, ledger.KindTrade)
	require.Equal(t, "m1", v.Receipt.Reference)
	require.Equal(t, []receipt.Posting{{Asset: "eur", Amount: "-100"}, {Asset: "usdc", Amount: "110"}}, v.Receipt.Postings)

	retry, err := s.SubmitSwap(ctx, e.account, market)
	require.NoError(t, err)
	require.Equal(t, v.Receipt.Hash, retry.Receipt.Hash)
	status, err := s.Venue().OrderByInstruction(ctx, venueCaller(e.account), "m1")
	require.NoError(t, err)
	require.Equal(t, v.Receipt.Hash, status.Receipt.Hash)

	limit := api.SwapRequest{InstructionID: "l1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10",
		OrderType: store.OrderTypeLimit, LimitAmountToReceive: "10"}
	lv, err := s.SubmitSwap(ctx, e.account, limit)
	require.NoError(t, err)
	require.Equal(t, store.OrderSettled, lv.Status)
	same(lv.Receipt, ledger.KindTrade) // the fill's, after the hold's and the release's
	require.Equal(t, v.Receipt.Sequence+3, lv.Receipt.Sequence)

	resting := api.SwapRequest{InstructionID: "l2", SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "10",
		OrderType: store.OrderTypeLimit, LimitAmountToReceive: "1000"}
	rv, err := s.SubmitSwap(ctx, e.account, resting)
	require.NoError(t, err)
	require.Equal(t, store.OrderOpen, rv.Status)
	require.Nil(t, rv.Receipt)

	// An RFQ trade of the same instructionId as the market swap answers its own receipt.
	_, err = s.RequestQuote(ctx, e.account, api.QuoteRequest{InstructionID: "m1", SellingAsset: "eur", BuyingAsset: "usdc", AmountToBuy: "11"})
	require.NoError(t, err)
	require.NoError(t, s.ActionQuote(ctx, e.account, "m1"))
	qv, err := s.Venue().OrderByInstructionKind(ctx, venueCaller(e.account), store.OrderKindRFQ, "m1")
	require.NoError(t, err)
	same(qv.Receipt, ledger.KindTrade)
	require.Equal(t, receipt.Posting{Asset: "usdc", Amount: "11"}, qv.Receipt.Postings[1], "the RFQ trade's, not the swap's")
	status, err = s.Venue().OrderByInstructionKind(ctx, venueCaller(e.account), store.OrderKindSwap, "m1")
	require.NoError(t, err)
	require.Equal(t, v.Receipt.Hash, status.Receipt.Hash, "the swap's, not the RFQ trade's")

	// The matcher's fill of the resting order, once the price crosses its limit.
	matched := e.service(t, map[string]string{"eur": "200", "usdc": "1", "eth": "3000"})
	n, err := matched.MatchLimitOrders(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	rv, err = matched.Venue().OrderByInstruction(ctx, venueCaller(e.account), "l2")
	require.NoError(t, err)
	require.Equal(t, store.OrderSettled, rv.Status)
	same(rv.Receipt, ledger.KindTrade)
	require.Equal(t, "l2", rv.Receipt.Reference)
}

// TestSwapReceiptPartsAreItsReceipts: the receipt parts a market swap hashes beside the
// one writer (from its account's reads and the price) are those of the receipt its
// transaction writes, swap after swap: the writer hashes none of them again.
func TestSwapReceiptPartsAreItsReceipts(t *testing.T) {
	ctx := context.Background()
	e := newCreditEnv(t)
	s := e.service(t, map[string]string{"eur": "1.1", "usdc": "1", "eth": "3000"})
	e.deposit(t, s, "1000", "t1")
	for i := range 3 {
		req := api.SwapRequest{InstructionID: fmt.Sprintf("s%d", i), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "12.34"}
		reads, err := e.st.TraderReads(ctx, e.account, offchain.Source, ledger.UserBook(e.account), store.OrderKindSwap, req.InstructionID)
		require.NoError(t, err)
		parts, err := s.ReceiptParts(ctx, e.account, req, reads)
		require.NoError(t, err)
		require.NotNil(t, parts)
		v, err := s.SubmitSwap(ctx, e.account, req)
		require.NoError(t, err)
		require.NotNil(t, v.Receipt)
		require.True(t, parts.Of(v.Receipt.Receipt), "swap %d: the parts hashed before are its receipt's: %+v", i, v.Receipt.Receipt)
	}
}
