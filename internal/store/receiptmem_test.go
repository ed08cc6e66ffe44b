package store_test

import (
	"context"
	"errors"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// twoProcesses opens two SQLite stores on one database file, as two gateway processes
// do.
func twoProcesses(t *testing.T) (a, b *store.SQLite, path string) {
	t.Helper()
	path = filepath.Join(testnet.PrivateDir(t), "shared.db")
	ctx := context.Background()
	var err error
	a, err = store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = a.Close() })
	b, err = store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { _ = b.Close() })
	return a, b, path
}

// receiptN is a test receipt of account, sequence seq, linked after the hash of seq-1.
func receiptN(account string, seq uint64) store.StoredReceipt {
	hash := func(n uint64) common.Hash {
		if n == 0 {
			return common.Hash{}
		}
		return common.BytesToHash(append([]byte(account), big.NewInt(int64(n)).Bytes()...))
	}
	return store.StoredReceipt{AccountID: account, Seq: seq, Kind: "TEST", Reference: "r", CreatedAt: time.UnixMilli(int64(1000 + seq)),
		Body: []byte(`{"postings":[],"balances":[]}`), Prev: hash(seq - 1), Hash: hash(seq)}
}

// insertIn inserts receipts in one unit of work of s, which fails (rolls back) with fail.
func insertIn(t *testing.T, s store.Store, fail error, rs ...store.StoredReceipt) error {
	t.Helper()
	return s.InTx(context.Background(), func(tx store.Tx) error {
		for _, r := range rs {
			if err := tx.InsertReceipt(context.Background(), r); err != nil {
				return err
			}
		}
		return fail
	})
}

// TestSQLiteRemembersReceiptHeads: on SQLite TraderReads hands out the receipt head this
// process last committed or read, without reading it again: never one of a transaction
// that rolled back (ahead of the database, its next receipt would leave a gap), and
// behind when another process wrote the account since (a receipt linked after it finds
// its sequence taken: TestPostFollowsTheHeadReadBefore); a process that starts reads it.
func TestSQLiteRemembersReceiptHeads(t *testing.T) {
	ctx := context.Background()
	a, b, path := twoProcesses(t)
	require.NoError(t, a.CreateAccount(ctx, store.Account{ID: "acc", CreatedAt: time.UnixMilli(1)}))
	head := func(s store.Store) store.StoredReceipt {
		t.Helper()
		r, err := s.TraderReads(ctx, "acc", "OFFCHAIN", "user:acc", store.OrderKindSwap, "i")
		require.NoError(t, err)
		return r.ReceiptHead
	}
	require.Zero(t, head(a).Seq, "no receipt yet")
	require.NoError(t, insertIn(t, a, nil, receiptN("acc", 1)))
	want := receiptN("acc", 1)
	require.Equal(t, store.StoredReceipt{AccountID: "acc", Seq: 1, Hash: want.Hash, CreatedAt: want.CreatedAt}, head(a), "as committed")

	require.NoError(t, insertIn(t, b, nil, receiptN("acc", 2)))
	require.Equal(t, uint64(1), head(a).Seq, "remembered: another process's receipt since is not read")
	require.Equal(t, uint64(2), head(b).Seq)

	failed := errors.New("rolled back")
	require.ErrorIs(t, insertIn(t, b, failed, receiptN("acc", 3)), failed)
	require.Equal(t, uint64(2), head(b).Seq, "a receipt rolled back is never remembered")
	require.ErrorIs(t, insertIn(t, a, nil, receiptN("acc", 2)), store.ErrConflict, "a head behind: its next sequence is taken")
	require.NoError(t, insertIn(t, a, nil, receiptN("acc", 3)))
	require.Equal(t, uint64(3), head(a).Seq)
	require.Equal(t, uint64(2), head(b).Seq, "behind, never ahead")

	c, err := store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	defer c.Close()
	require.Equal(t, uint64(3), head(c).Seq, "read by a process that starts")
	require.NoError(t, insertIn(t, c, nil, receiptN("acc", 4)))
	require.Equal(t, uint64(4), head(c).Seq)
}

// TestSQLiteReceiptsToSignFromMemory: the receipts right after where the receipt key's
// job stopped that this process committed are handed out without reading their rows,
// each as its row reads; a receipt of another process among them, or a job that does not
// know where it stopped yet, reads the rows; a receipt rolled back is never handed out;
// a process whose job does not sign keeps none. Every receipt of both processes is
// looked at once.
func TestSQLiteReceiptsToSignFromMemory(t *testing.T) {
	ctx := context.Background()
	a, b, _ := twoProcesses(t)
	sign := func(s *store.SQLite, limit, want int) []store.StoredReceipt {
		t.Helper()
		rows, err := s.ReceiptsToSign(ctx, limit)
		require.NoError(t, err)
		require.Len(t, rows, want)
		var sigs []store.ReceiptSignature
		for _, r := range rows {
			stored, err := s.ReceiptsAfter(ctx, r.AccountID, r.Seq-1, 1)
			require.NoError(t, err)
			require.Equal(t, stored[0], r, "handed out as its row reads")
			sigs = append(sigs, store.ReceiptSignature{Pos: r.Pos, Signature: append(r.Hash.Bytes(), 27)})
		}
		if len(rows) > 0 {
			require.NoError(t, s.SetReceiptSignatures(ctx, sigs, rows[len(rows)-1].Pos))
		}
		return rows
	}
	require.NoError(t, insertIn(t, a, nil, receiptN("a", 1), receiptN("a", 2)))
	require.Zero(t, store.RememberedReceipts(a), "kept only once its job signs")
	sign(a, 0, 2)
	require.Equal(t, int64(1), store.ReceiptRowReads(a), "where the job stopped is not known yet: rows")

	require.NoError(t, insertIn(t, a, nil, receiptN("a", 3)))
	require.NoError(t, insertIn(t, a, nil, receiptN("a", 4)))
	require.NoError(t, insertIn(t, b, nil, receiptN("b", 1)))
	require.Zero(t, store.RememberedReceipts(b), "a process whose job never signs keeps none")
	rows := sign(a, 0, 3)
	require.Equal(t, "b", rows[2].AccountID, "another process's receipt after its own: read")
	require.Equal(t, int64(1), store.ReceiptRowReads(a), "its own receipts: from memory")

	require.NoError(t, insertIn(t, b, nil, receiptN("b", 2)))
	require.NoError(t, insertIn(t, a, nil, receiptN("a", 5)))
	rows = sign(a, 0, 2)
	require.Equal(t, "b", rows[0].AccountID, "another process's receipt first")
	require.Equal(t, int64(2), store.ReceiptRowReads(a))

	failed := errors.New("rolled back")
	rolled := receiptN("a", 6)
	rolled.Hash = common.HexToHash("0xbad")
	require.ErrorIs(t, insertIn(t, a, failed, rolled), failed)
	require.NoError(t, insertIn(t, a, nil, receiptN("a", 6), receiptN("a", 7), receiptN("a", 8)))
	rows = sign(a, 2, 2)
	require.Equal(t, receiptN("a", 6).Hash, rows[0].Hash, "the receipt committed at the position, not the one rolled back")
	sign(a, 0, 1)
	require.Equal(t, int64(2), store.ReceiptRowReads(a))
	sign(a, 0, 0)

	for _, acct := range []string{"a", "b"} {
		rs, err := a.ReceiptsAfter(ctx, acct, 0, 0)
		require.NoError(t, err)
		for _, r := range rs {
			require.Equal(t, append(r.Hash.Bytes(), 27), r.Signature, "%s #%d signed", acct, r.Seq)
		}
	}
}
