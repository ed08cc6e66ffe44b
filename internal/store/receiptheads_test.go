package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestSQLiteMigrateReceiptHeads: migration 0087 keeps every receipt, links each to its
// account's receipt before it, and records each account's head, so that the receipts
// come back by sequence from any point, an entry's receipt is found, and the next
// receipt follows the head (and only the next).
func TestSQLiteMigrateReceiptHeads(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(testnet.PrivateDir(t), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	require.NoError(t, store.MigrateBelow(ctx, db, false, 87))
	hashOf := func(account string, seq int) []byte {
		return common.BytesToHash([]byte(fmt.Sprintf("%s#%d", account, seq))).Bytes()
	}
	const n = 150
	var values []string
	var args []any
	for i := 1; i <= n; i++ {
		for _, a := range []string{"a", "b"} {
			if a == "b" && i > 70 {
				continue
			}
			values = append(values, "(?, ?, 0, 'TRADE', ?, 1, '{}', ?, ?)")
			args = append(args, a, i, fmt.Sprint(i), hashOf(a, i-1), hashOf(a, i))
		}
	}
	_, err = db.ExecContext(ctx, `INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
		VALUES `+strings.Join(values, ", "), args...)
	require.NoError(t, err)
	_, err = db.ExecContext(ctx, `INSERT INTO ledger_entries (id, external_key, kind, account_id, created_at, receipt_seq)
		VALUES (1, 'swap:a:1', 'TRADE', 'a', 1, 77), (2, 'swap:a:2', 'TRADE', 'a', 2, 150)`)
	require.NoError(t, err)
	require.NoError(t, db.Close())

	s, err := store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	for _, c := range []struct {
		account string
		head    int
	}{{"a", n}, {"b", 70}} {
		head, err := s.ReceiptHead(ctx, c.account)
		require.NoError(t, err)
		require.Equal(t, uint64(c.head), head.Seq, c.account)
		require.Equal(t, hashOf(c.account, c.head), head.Hash.Bytes())
		for _, after := range []int{0, 1, 63, 64, c.head - 1} {
			rows, err := s.ReceiptsAfter(ctx, c.account, uint64(after), 0)
			require.NoError(t, err)
			require.Len(t, rows, c.head-after, "%s after %d", c.account, after)
			for i, r := range rows {
				require.Equal(t, uint64(after+i+1), r.Seq)
				require.Equal(t, hashOf(c.account, after+i+1), r.Hash.Bytes())
			}
		}
	}
	got, err := s.ReceiptsOfEntries(ctx, "a", []string{"swap:a:1", "swap:a:2"})
	require.NoError(t, err)
	require.Equal(t, uint64(77), got["swap:a:1"].Seq)
	require.Equal(t, uint64(150), got["swap:a:2"].Seq)
	next := store.StoredReceipt{AccountID: "b", Seq: 72, Kind: "TRADE", Body: []byte(`{}`), Hash: common.HexToHash("0x72")}
	require.ErrorIs(t, s.InsertReceipt(ctx, next), store.ErrConflict, "a sequence skipped")
	next.Seq = 71
	require.NoError(t, s.InsertReceipt(ctx, next))
	rows, err := s.ReceiptsAfter(ctx, "b", 69, 0)
	require.NoError(t, err)
	require.Len(t, rows, 2)
	require.Equal(t, common.HexToHash("0x72"), rows[1].Hash)
}
