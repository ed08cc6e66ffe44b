package storetest

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testLedgerEntryBalances: InsertLedgerEntry returns the resulting balance of every
// book and asset the entry posted to (what the entry's receipts state), equal to what
// LedgerBalances reads after it, repeated postings of a book's asset summed.
func testLedgerEntryBalances(t *testing.T, s store.Store) {
	ctx := context.Background()
	d := decimal.RequireFromString
	e, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "e1", Kind: "DEPOSIT", CreatedAt: now(), Postings: []store.LedgerPosting{
		{Book: "user:a", Asset: "usdt", Amount: d("10.25")}, {Book: "house:custody:X", Asset: "usdt", Amount: d("-10.25")}}})
	require.NoError(t, err)
	require.Len(t, e.Balances, 2)
	require.True(t, d("10.25").Equal(e.Balances["user:a"]["usdt"]), "got %s, want 10.25", e.Balances["user:a"]["usdt"])
	require.True(t, d("-10.25").Equal(e.Balances["house:custody:X"]["usdt"]))

	e, err = s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "e2", Kind: "TRADE", CreatedAt: now(), Postings: []store.LedgerPosting{
		{Book: "user:a", Asset: "usdt", Amount: d("-2")}, {Book: "house:inventory", Asset: "usdt", Amount: d("2")},
		{Book: "user:a", Asset: "usdt", Amount: d("-0.25")}, {Book: "house:fees", Asset: "usdt", Amount: d("0.25")},
		{Book: "user:a", Asset: "eth", Amount: d("0.001")}, {Book: "house:inventory", Asset: "eth", Amount: d("-0.001")}}})
	require.NoError(t, err)
	for book, assets := range e.Balances {
		read, err := s.LedgerBalances(ctx, book)
		require.NoError(t, err)
		for asset, b := range assets {
			require.True(t, read[asset].Equal(b), "%s %s: returned %s, read %s", book, asset, b, read[asset])
		}
	}
	require.True(t, d("8").Equal(e.Balances["user:a"]["usdt"]), "got %s, want 8", e.Balances["user:a"]["usdt"])
	require.True(t, d("0.001").Equal(e.Balances["user:a"]["eth"]))
	require.Len(t, e.Balances["house:inventory"], 2)

	got, err := s.LedgerEntryByKey(ctx, "e2")
	require.NoError(t, err)
	require.Nil(t, got.Balances)
}
