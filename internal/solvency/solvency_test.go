package solvency_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/api/reserves"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/solvency"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// TestPublishAndServe: a snapshot of a real ledger (a credit account's debt a zero leaf
// and a receivable, fiat left out) is signed by the receipt key and stored; a server
// built over the store serves the statement and each account's proofs, which verify
// against it; before any snapshot it answers not found, and balances tampered with in
// the store are refused rather than served.
func TestPublishAndServe(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "s.db"))
	require.NoError(t, err)
	t.Cleanup(func() { _ = st.Close() })
	k, err := crypto.GenerateKey()
	require.NoError(t, err)
	key := signer.NewPrivateKeySigner(k)
	keys := receipt.Keys{{Address: key.Address()}}
	server := solvency.NewServer(solvency.ServerConfig{Keys: keys, Refresh: time.Nanosecond}, st)
	_, err = server.Latest(ctx)
	require.ErrorIs(t, err, errs.ErrNotFound)

	d := decimal.RequireFromString
	post := func(key string, postings ...store.LedgerPosting) {
		_, err := st.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: key, Kind: ledger.KindDeposit, Postings: postings, CreatedAt: time.Now()})
		require.NoError(t, err)
	}
	custody := ledger.CustodyBook("ETHEREUM")
	post("a", store.LedgerPosting{Book: ledger.UserBook("alice"), Asset: "usdt", Amount: d("12.5")}, store.LedgerPosting{Book: custody, Asset: "usdt", Amount: d("-12.5")})
	post("b", store.LedgerPosting{Book: ledger.UserBook("bob"), Asset: "usdt", Amount: d("-2")}, store.LedgerPosting{Book: ledger.BookInventory, Asset: "usdt", Amount: d("2")})
	post("c", store.LedgerPosting{Book: ledger.UserBook("bob"), Asset: "eur", Amount: d("5")}, store.LedgerPosting{Book: ledger.CustodyBook("bank:x"), Asset: "eur", Amount: d("-5")})
	assets := []config.OffchainAssetInfo{{OffchainAsset: config.OffchainAsset{ID: "usdt", Decimals: 6}}, {OffchainAsset: config.OffchainAsset{ID: "eur", Decimals: 2, Fiat: true}}}
	pub, err := solvency.NewPublisher(solvency.PublisherConfig{Assets: assets, Key: key}, st).Publish(ctx)
	require.NoError(t, err)
	require.Equal(t, uint64(3), pub.Statement.Position)
	require.Len(t, pub.Statement.Roots, 1, "fiat is not in the proof")
	root := pub.Statement.Roots[0]
	require.Equal(t, "12500000", root.Total)
	require.Equal(t, "2000000", root.Debts)
	require.Equal(t, uint64(2), root.Leaves)

	got, err := server.Latest(ctx)
	require.NoError(t, err)
	require.Equal(t, pub.Statement, got.Statement)
	require.Equal(t, keys, got.Keys)
	for account, balance := range map[string]string{"alice": "12.5", "bob": "-2"} {
		proofs, err := server.Proofs(ctx, account)
		require.NoError(t, err)
		require.Len(t, proofs.Proofs, 1)
		_, err = reserves.AccountCheck{Account: account, Balances: map[string]decimal.Decimal{"usdt": d(balance)}}.Verify(got.Statement, keys, proofs.Proofs)
		require.NoError(t, err, account)
	}
	none, err := server.Proofs(ctx, "carol")
	require.NoError(t, err)
	require.Empty(t, none.Proofs)

	// A snapshot whose stored balances are not those its statement signed is not served.
	snap, err := st.LatestReservesSnapshot(ctx)
	require.NoError(t, err)
	snap.CreatedAt = time.Now()
	_, err = st.PutReservesSnapshot(ctx, snap, []store.ReservesAssetBalances{{Asset: "usdt", Decimals: 6,
		Balances: append([]byte{5}, "alice\x0212"...)}}, 2)
	require.NoError(t, err)
	_, err = server.Latest(ctx)
	require.ErrorContains(t, err, "the usdt tree built again is not the signed statement's")
}
