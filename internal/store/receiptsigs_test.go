package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/testnet"
)

// oldSignatures writes, through db (which has the migrations below 0082), receipts in
// the old shape (hashes and signatures as hex text on the row): a's #1 signed, b's #1
// unsigned, a's #2 signed.
func oldSignatures(t *testing.T, db *sql.DB, postgres bool) {
	ctx := context.Background()
	require.NoError(t, store.MigrateBelow(ctx, db, postgres, 82))
	_, err := db.ExecContext(ctx, `INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash, signature) VALUES
		('a', 1, 0, 'HOLD', 'h', 1, '{}', '', '0x`+common.HexToHash("0xa1").Hex()[2:]+`', '0x0102'),
		('b', 1, 0, 'HOLD', 'h', 2, '{}', '', '0x`+common.HexToHash("0xb1").Hex()[2:]+`', NULL),
		('a', 2, 0, 'HOLD', 'h', 3, '{}', '0x`+common.HexToHash("0xa1").Hex()[2:]+`', '0x`+common.HexToHash("0xa2").Hex()[2:]+`', '0x0304')`)
	require.NoError(t, err)
}

// checkSignatures checks that migration 0082 kept the receipts, their hashes and
// signatures, and left the signer to look at the receipts from the first unsigned one.
func checkSignatures(t *testing.T, s store.Store) {
	ctx := context.Background()
	a, err := s.ReceiptsAfter(ctx, "a", 0, 0)
	require.NoError(t, err)
	require.Len(t, a, 2)
	require.Equal(t, common.HexToHash("0xa1"), a[0].Hash)
	require.Equal(t, []byte{1, 2}, a[0].Signature)
	require.Equal(t, common.HexToHash("0xa1"), a[1].Prev)
	require.Equal(t, common.HexToHash("0xa2"), a[1].Hash)
	require.Equal(t, []byte{3, 4}, a[1].Signature)
	toSign, err := s.ReceiptsToSign(ctx, 0)
	require.NoError(t, err)
	require.Len(t, toSign, 2, "from b's, the first unsigned")
	require.Equal(t, "b", toSign[0].AccountID)
	require.Nil(t, toSign[0].Signature)
	require.Equal(t, common.HexToHash("0xb1"), toSign[0].Hash)
	require.Equal(t, []byte{3, 4}, toSign[1].Signature, "a's #2, signed")
}

// TestSQLiteMigrateReceiptSignatures: migration 0082 moves the receipts' signatures to
// rows of their own.
func TestSQLiteMigrateReceiptSignatures(t *testing.T) {
	path := filepath.Join(testnet.PrivateDir(t), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	oldSignatures(t, db, false)
	require.NoError(t, db.Close())
	s, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	checkSignatures(t, s)
}

// TestPostgresMigrateReceiptSignatures: migration 0082 on PostgreSQL, as on SQLite.
func TestPostgresMigrateReceiptSignatures(t *testing.T) {
	dsn := pgtest.Start(t)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	oldSignatures(t, db, true)
	require.NoError(t, db.Close())
	checkSignatures(t, openPostgres(t, dsn))
}
