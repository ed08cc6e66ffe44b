package store_test

import (
	"context"
	"database/sql"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/testnet"
)

// oldReceipts writes, through db (which has the migrations below 0074), two entries of
// account a with receipts (one also with an introducer's receipt, written first), a
// receipt of a hold, and an entry without a receipt.
func oldReceipts(t *testing.T, db *sql.DB, postgres bool) {
	ctx := context.Background()
	require.NoError(t, store.MigrateBelow(ctx, db, postgres, 74))
	for _, s := range []string{
		`INSERT INTO ledger_entries (id, external_key, kind, account_id, created_at) VALUES
			(1, 'swap:a:1', 'TRADE', 'a', 1), (2, 'rfq:a:2', 'TRADE', 'a', 2), (3, 'swap:a:3', 'TRADE', 'a', 3)`,
		`INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash) VALUES
			('a', 1, 1, 'TRADE', '1', 1, '{}', '', ''), ('intro', 1, 2, 'TRADE', 'entry:2', 2, '{}', '', ''),
			('a', 2, 0, 'HOLD', 'hold', 2, '{}', '', ''), ('a', 3, 2, 'TRADE', '2', 2, '{}', '', '')`,
	} {
		_, err := db.ExecContext(ctx, s)
		require.NoError(t, err, s)
	}
}

// checkReceiptSeqs checks that migration 0074 recorded the account's receipts on their
// entries, where ReceiptsOfEntries finds them.
func checkReceiptSeqs(t *testing.T, s store.Store) {
	got, err := s.ReceiptsOfEntries(context.Background(), "a", []string{"swap:a:1", "rfq:a:2", "swap:a:3", "hold"})
	require.NoError(t, err)
	require.Len(t, got, 2)
	require.Equal(t, uint64(1), got["swap:a:1"].Seq)
	require.Equal(t, uint64(3), got["rfq:a:2"].Seq)
	got, err = s.ReceiptsOfEntries(context.Background(), "intro", []string{"rfq:a:2"})
	require.NoError(t, err)
	require.Empty(t, got, "the entry is a's")
}

// TestSQLiteMigrateReceiptSeqs: migration 0074 backfills the entries' receipt sequences.
func TestSQLiteMigrateReceiptSeqs(t *testing.T) {
	path := filepath.Join(testnet.PrivateDir(t), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	oldReceipts(t, db, false)
	require.NoError(t, db.Close())
	s, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	checkReceiptSeqs(t, s)
}

// TestPostgresMigrateReceiptSeqs: migration 0074 on PostgreSQL, as on SQLite.
func TestPostgresMigrateReceiptSeqs(t *testing.T) {
	dsn := pgtest.Start(t)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	oldReceipts(t, db, true)
	require.NoError(t, db.Close())
	checkReceiptSeqs(t, openPostgres(t, dsn))
}
