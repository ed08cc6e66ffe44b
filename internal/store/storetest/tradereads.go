package storetest

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testTraderReads: TraderReads answers in one statement what GetAccount,
// AccountSettings, AccountCommissions, ActiveIntroducer, LedgerBalances and OffchainOrder
// answer one by one, and LedgerBook what LedgerBalances and HeldAmounts do.
func testTraderReads(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustAccount(t, s, "parent")
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "sub", ParentID: "parent", Label: "desk", AccountAsset: "eur", CreatedAt: now()}))
	mustAccount(t, s, "intro")
	mustAccount(t, s, "old-intro")
	require.NoError(t, s.SetAccountSetting(ctx, "sub", "COLLATERAL_CREDIT_CAP", "250", now()))
	for _, c := range []store.AccountCommission{
		{AccountID: "sub", Source: "OFFCHAIN", Pair: "", Bps: 12, UpdatedAt: now()},
		{AccountID: "sub", Source: "OFFCHAIN", Pair: "eth/usd", Bps: 7, UpdatedAt: now()},
		{AccountID: "sub", Source: "ETHEREUM", Pair: "", Bps: 30, UpdatedAt: now()},
	} {
		require.NoError(t, s.SetAccountCommission(ctx, c))
	}
	require.NoError(t, s.PutIntroducer(ctx, store.IntroducerRelationship{IntroducerID: "old-intro", ClientID: "sub",
		Share: decimal.RequireFromString("0.5"), Active: false, CreatedAt: now(), UpdatedAt: now()}))
	require.NoError(t, s.PutIntroducer(ctx, store.IntroducerRelationship{IntroducerID: "intro", ClientID: "sub",
		Share: decimal.RequireFromString("0.25"), Active: true, CreatedAt: now(), UpdatedAt: now()}))
	_, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "fund", Kind: "TEST", AccountID: "sub", CreatedAt: now(),
		Postings: []store.LedgerPosting{
			{Book: "user:sub", Asset: "usd", Amount: decimal.RequireFromString("100.5")},
			{Book: "user:sub", Asset: "eth", Amount: decimal.RequireFromString("-0.25")},
			{Book: "house", Asset: "usd", Amount: decimal.RequireFromString("-100.5")},
			{Book: "house", Asset: "eth", Amount: decimal.RequireFromString("0.25")},
		}})
	require.NoError(t, err)
	for _, key := range []string{"h1", "h2"} {
		require.NoError(t, s.PutLedgerHold(ctx, store.LedgerHold{Key: key, Book: "user:sub", Asset: "usd", Amount: decimal.NewFromInt(10), CreatedAt: now()}))
	}
	require.NoError(t, s.PutLedgerHold(ctx, store.LedgerHold{Key: "h3", Book: "user:sub", Asset: "eth", Amount: decimal.NewFromInt(1), CreatedAt: now()}))
	require.NoError(t, s.SetLedgerHoldState(ctx, "h3", store.HoldReleased, now()))
	id, err := s.CreateOffchainOrder(ctx, store.OffchainOrder{AccountID: "sub", Kind: store.OrderKindSwap, InstructionID: "i1",
		OrderType: store.OrderTypeMarket, SellingAsset: "usd", BuyingAsset: "eth", AmountToSell: decimal.NewFromInt(1),
		Status: store.OrderSettled, CreatedAt: now()})
	require.NoError(t, err)

	for i := range 2 {
		require.NoError(t, s.InsertReceipt(ctx, store.StoredReceipt{AccountID: "sub", Seq: uint64(i + 1), Kind: "TEST",
			CreatedAt: time.UnixMilli(now().UnixMilli() + int64(i)), Body: []byte(`{}`), Hash: common.BigToHash(big.NewInt(int64(i + 7)))}))
	}

	got, err := s.TraderReads(ctx, "sub", "OFFCHAIN", "user:sub", store.OrderKindSwap, "i1")
	require.NoError(t, err)
	if s.SingleWriter() {
		head, err := s.ReceiptHead(ctx, "sub")
		require.NoError(t, err)
		require.Equal(t, head, got.ReceiptHead, "the receipt head ReceiptHead reads")
		require.Equal(t, uint64(2), got.ReceiptHead.Seq)
	} else {
		require.Zero(t, got.ReceiptHead.Seq, "the head is read under its lock, by the ledger")
	}
	account, err := s.GetAccount(ctx, "sub")
	require.NoError(t, err)
	require.Equal(t, account, got.Account)
	settings, err := s.AccountSettings(ctx, "sub")
	require.NoError(t, err)
	require.Equal(t, settings, got.Settings)
	commissions, err := s.AccountCommissions(ctx, "sub", "OFFCHAIN")
	require.NoError(t, err)
	require.Len(t, commissions, 2)
	require.ElementsMatch(t, commissions, got.Commissions)
	intro, err := s.ActiveIntroducer(ctx, "sub")
	require.NoError(t, err)
	require.NotNil(t, got.Introducer)
	require.Equal(t, intro.IntroducerID, got.Introducer.IntroducerID)
	require.True(t, intro.Share.Equal(got.Introducer.Share))
	require.Equal(t, intro.CreatedAt, got.Introducer.CreatedAt)
	require.Equal(t, intro.UpdatedAt, got.Introducer.UpdatedAt)
	require.True(t, got.Introducer.Active)
	balances, err := s.LedgerBalances(ctx, "user:sub")
	require.NoError(t, err)
	require.Len(t, balances, 2)
	require.Equal(t, balances, got.Balances)
	require.Equal(t, id, got.OrderID)

	none, err := s.TraderReads(ctx, "parent", "OFFCHAIN", "user:parent", store.OrderKindSwap, "i1")
	require.NoError(t, err, "an account with nothing but its row")
	require.Equal(t, "parent", none.Account.ID)
	require.Empty(t, none.Settings)
	require.Empty(t, none.Commissions)
	require.Nil(t, none.Introducer)
	require.Empty(t, none.Balances)
	require.Zero(t, none.OrderID, "another account's instructionId is not this one's")
	require.Equal(t, store.StoredReceipt{AccountID: "parent"}, none.ReceiptHead, "no receipt: sequence 0")
	_, err = s.TraderReads(ctx, "nobody", "OFFCHAIN", "user:nobody", store.OrderKindSwap, "i1")
	require.ErrorIs(t, err, store.ErrNotFound)

	bals, held, err := s.LedgerBook(ctx, "user:sub")
	require.NoError(t, err)
	require.Equal(t, balances, bals)
	heldOne, err := s.HeldAmounts(ctx, "user:sub")
	require.NoError(t, err)
	require.Equal(t, heldOne, held)
	require.True(t, held["usd"].Equal(decimal.NewFromInt(20)), "open holds summed: %v", held)
	require.NotContains(t, held, "eth", "a released hold is not held")
}
