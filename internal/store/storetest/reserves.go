package storetest

import (
	"context"
	"fmt"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testReserves: a snapshot reads the ledger's position and the balances of the prefix's
// books (zero ones left out) in one view, which a commit during the read does not change;
// snapshots are stored with their balances, the latest is found, and the balances of all
// but the newest kept are dropped.
func testReserves(t *testing.T, s store.Store) {
	ctx := context.Background()
	post := func(key string, postings ...store.LedgerPosting) int64 {
		e, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: key, Kind: "DEPOSIT", Postings: postings, CreatedAt: now()})
		require.NoError(t, err)
		return e.ID
	}
	d := decimal.RequireFromString
	post("e1", store.LedgerPosting{Book: "user:a", Asset: "usdt", Amount: d("10")}, store.LedgerPosting{Book: "house:custody:X", Asset: "usdt", Amount: d("-10")})
	post("e2", store.LedgerPosting{Book: "user:b", Asset: "usdt", Amount: d("2.5")}, store.LedgerPosting{Book: "house:custody:X", Asset: "usdt", Amount: d("-2.5")})
	post("e3", store.LedgerPosting{Book: "user:c", Asset: "dai", Amount: d("1")}, store.LedgerPosting{Book: "house:custody:X", Asset: "dai", Amount: d("-1")})
	last := post("e4", store.LedgerPosting{Book: "user:c", Asset: "dai", Amount: d("-1")}, store.LedgerPosting{Book: "house:custody:X", Asset: "dai", Amount: d("1")})

	var got []string
	wrote := false
	position, err := s.BookBalancesAt(ctx, "user:", func(book, asset string, b decimal.Decimal) error {
		if !wrote { // a commit in the middle of the read
			wrote = true
			post("e5", store.LedgerPosting{Book: "user:b", Asset: "usdt", Amount: d("1")}, store.LedgerPosting{Book: "house:custody:X", Asset: "usdt", Amount: d("-1")})
		}
		got = append(got, fmt.Sprintf("%s %s %s", book, asset, b))
		return nil
	})
	require.NoError(t, err)
	require.Equal(t, last, position)
	require.Equal(t, []string{"user:a usdt 10", "user:b usdt 2.5"}, got, "user:c's zero dai is left out, and e5 is after the view")

	_, err = s.LatestReservesSnapshot(ctx)
	require.ErrorIs(t, err, store.ErrNotFound)
	var ids []int64
	for i := range 3 {
		id, err := s.PutReservesSnapshot(ctx, store.ReservesSnapshot{Position: int64(10 + i), Statement: []byte(`{"n":1}`), Holdings: []byte(`[]`),
			Secret: []byte{byte(i), 2, 3}, CreatedAt: now()}, []store.ReservesAssetBalances{
			{Asset: "usdt", Decimals: 6, Balances: []byte{byte(i), 0, 1}}, {Asset: "dai", Decimals: 18, Balances: []byte{9}}}, 2)
		require.NoError(t, err)
		ids = append(ids, id)
	}
	latest, err := s.LatestReservesSnapshot(ctx)
	require.NoError(t, err)
	require.Equal(t, ids[2], latest.ID)
	require.Equal(t, int64(12), latest.Position)
	require.Equal(t, []byte{2, 2, 3}, latest.Secret)
	require.JSONEq(t, `{"n":1}`, string(latest.Statement))
	bals, err := s.ReservesBalances(ctx, ids[2])
	require.NoError(t, err)
	require.Equal(t, []store.ReservesAssetBalances{{Asset: "dai", Decimals: 18, Balances: []byte{9}}, {Asset: "usdt", Decimals: 6, Balances: []byte{2, 0, 1}}}, bals)
	kept, err := s.ReservesBalances(ctx, ids[1])
	require.NoError(t, err)
	require.Len(t, kept, 2, "the two newest keep their balances")
	dropped, err := s.ReservesBalances(ctx, ids[0])
	require.NoError(t, err)
	require.Empty(t, dropped)
}
