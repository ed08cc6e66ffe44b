package storetest

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testReceiptHead: an account's head is its latest receipt's sequence, hash and time;
// ErrNotFound before the first.
func testReceiptHead(t *testing.T, s store.Store) {
	ctx := context.Background()
	_, err := s.ReceiptHead(ctx, "acc")
	require.ErrorIs(t, err, store.ErrNotFound)
	at := now()
	for i, h := range []common.Hash{common.HexToHash("0x01"), common.HexToHash("0x02")} {
		prev := common.Hash{}
		if i > 0 {
			prev = common.HexToHash("0x01")
		}
		require.NoError(t, s.InsertReceipt(ctx, store.StoredReceipt{AccountID: "acc", Seq: uint64(i + 1), Kind: "DEPOSIT",
			CreatedAt: at.Add(-time.Duration(1-i) * time.Second), Body: []byte(`{}`), Prev: prev, Hash: h}))
	}
	head, err := s.ReceiptHead(ctx, "acc")
	require.NoError(t, err)
	require.Equal(t, uint64(2), head.Seq)
	require.Equal(t, common.HexToHash("0x02"), head.Hash)
	require.True(t, at.Equal(head.CreatedAt), "got %s, want %s", head.CreatedAt, at)
	_, err = s.ReceiptHead(ctx, "other")
	require.ErrorIs(t, err, store.ErrNotFound)
}

// testReceiptSignatures: ReceiptsToSign hands out the receipts in their insertion order
// from where SetReceiptSignatures left off, each with its signature when it has one;
// SetReceiptSignatures records each receipt's own signature (over more receipts than one
// statement takes and a batch that is no power of two) in a row of its own, keeps a
// signature already recorded, and never moves back.
func testReceiptSignatures(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 70
	sigOf := func(account string, seq uint64) []byte {
		return append(common.LeftPadBytes([]byte(fmt.Sprintf("%s#%d", account, seq)), 64), 27)
	}
	insert := func(i int) {
		account, seq := fmt.Sprintf("acc%d", i%3), uint64(i/3+1)
		r := store.StoredReceipt{AccountID: account, Seq: seq, Kind: "DEPOSIT", CreatedAt: now(), Body: []byte(`{}`),
			Hash: common.BigToHash(big.NewInt(int64(i + 1)))}
		if i == 5 {
			r.Signature = []byte{1, 2, 3}
		}
		require.NoError(t, s.InsertReceipt(ctx, r))
	}
	for i := range n {
		insert(i)
	}
	toSign := receiptsToSign(t, s, 0, n)
	var sigs []store.ReceiptSignature
	for i, r := range toSign {
		require.Equal(t, common.BigToHash(big.NewInt(int64(i+1))), r.Hash, "receipt %d in insertion order", i)
		if i > 0 {
			require.Greater(t, r.Pos, toSign[i-1].Pos)
		}
		if i == 5 {
			require.Equal(t, []byte{1, 2, 3}, r.Signature, "signed at its insert")
		} else {
			require.Nil(t, r.Signature)
		}
		sigs = append(sigs, store.ReceiptSignature{Pos: r.Pos, Signature: sigOf(r.AccountID, r.Seq)})
	}
	last := toSign[n-1].Pos
	require.Error(t, s.SetReceiptSignatures(ctx, sigs, last-1), "a signature after through")
	require.NoError(t, s.SetReceiptSignatures(ctx, sigs, last))
	toSign, err := s.ReceiptsToSign(ctx, 0)
	require.NoError(t, err)
	require.Empty(t, toSign)
	for a := range 3 {
		account := fmt.Sprintf("acc%d", a)
		rows, err := s.ReceiptsAfter(ctx, account, 0, 0)
		require.NoError(t, err)
		for _, r := range rows {
			want := sigOf(account, r.Seq)
			if account == "acc2" && r.Seq == 2 { // i == 5
				want = []byte{1, 2, 3}
			}
			require.Equal(t, want, r.Signature, "%s #%d", account, r.Seq)
		}
	}
	insert(n)
	insert(n + 1)
	toSign = receiptsToSign(t, s, 1, 1)
	require.Equal(t, common.BigToHash(big.NewInt(n+1)), toSign[0].Hash, "the first receipt inserted after")
	require.NoError(t, s.SetReceiptSignatures(ctx, nil, toSign[0].Pos))
	require.NoError(t, s.SetReceiptSignatures(ctx, nil, last), "looked at again: stays")
	toSign = receiptsToSign(t, s, 0, 1)
	require.Equal(t, common.BigToHash(big.NewInt(n+2)), toSign[0].Hash)
	require.Error(t, s.SetReceiptSignatures(ctx, []store.ReceiptSignature{{Pos: toSign[0].Pos}}, toSign[0].Pos), "an empty signature")
}

// receiptsToSign returns ReceiptsToSign(limit), once it has want receipts (readAtLeast):
// on PostgreSQL a receipt is handed out once every transaction that began before its own
// ended.
func receiptsToSign(t *testing.T, s store.Store, limit, want int) []store.StoredReceipt {
	t.Helper()
	rows := readAtLeast(want, func() []store.StoredReceipt {
		rows, err := s.ReceiptsToSign(context.Background(), limit)
		require.NoError(t, err)
		return rows
	})
	require.Len(t, rows, want)
	return rows
}

// testReceiptsOfEntries: ReceiptsOfEntries finds an account's receipt of each of its
// entries by the entry's external key (the entry records its sequence at its insert, or
// SetEntryReceiptSeq after), not another account's receipt of the same entry (an
// introducer's), nor a receipt of no entry (a hold), nor an entry of another account,
// over more keys than one statement takes.
func testReceiptsOfEntries(t *testing.T, s store.Store) {
	ctx := context.Background()
	d := decimal.RequireFromString
	insert := func(account string, seq uint64, entryID int64, ref string) store.StoredReceipt {
		r := store.StoredReceipt{AccountID: account, Seq: seq, EntryID: entryID, Kind: "TRADE", Reference: ref,
			CreatedAt: time.UnixMilli(now().UnixMilli()), Body: []byte(`{}`), Hash: common.BigToHash(common.Big1)}
		require.NoError(t, s.InsertReceipt(ctx, r))
		return r
	}
	const n = 510
	want := map[string]store.StoredReceipt{}
	var keys []string
	seq, introSeq := uint64(0), uint64(0)
	for i := range n {
		key := fmt.Sprintf("swap:acc:%d", i)
		receipted := i%7 != 3 // else an entry without a receipt (receipts off)
		if receipted && i%5 == 0 {
			seq++
			insert("acc", seq, 0, "hold:"+key) // a hold before the trade
		}
		own := uint64(0)
		if receipted {
			own = seq + 1
		}
		if i%11 == 4 {
			own = 1 // taken by the account's first receipt: corrected below
		}
		e, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: key, Kind: "TRADE", AccountID: "acc", CreatedAt: now(), ReceiptSeq: own,
			Postings: []store.LedgerPosting{{Book: "user:acc", Asset: "usdt", Amount: d("-1")}, {Book: "user:intro", Asset: "usdt", Amount: d("1")}}})
		require.NoError(t, err)
		keys = append(keys, key)
		if !receipted {
			if own != 0 {
				require.NoError(t, s.SetEntryReceiptSeq(ctx, e.ID, 0))
			}
			continue
		}
		introSeq++
		insert("intro", introSeq, e.ID, fmt.Sprintf("entry:%d", e.ID))
		seq++
		want[key] = insert("acc", seq, e.ID, fmt.Sprintf("%d", i))
		if own != seq {
			require.NoError(t, s.SetEntryReceiptSeq(ctx, e.ID, seq))
		}
	}
	other, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "swap:other:1", Kind: "TRADE", AccountID: "other", CreatedAt: now(), ReceiptSeq: 1,
		Postings: []store.LedgerPosting{{Book: "user:other", Asset: "usdt", Amount: d("-1")}, {Book: "user:acc", Asset: "usdt", Amount: d("1")}}})
	require.NoError(t, err)
	seq++
	insert("acc", seq, other.ID, fmt.Sprintf("entry:%d", other.ID))
	insert("other", 1, other.ID, "1")

	got, err := s.ReceiptsOfEntries(ctx, "acc", append(keys, "swap:other:1", "missing"))
	require.NoError(t, err)
	for k, r := range got { // positions are the store's
		require.Positive(t, r.Pos)
		r.Pos = want[k].Pos
		got[k] = r
	}
	require.Equal(t, want, got)
	got, err = s.ReceiptsOfEntries(ctx, "other", []string{"swap:other:1", keys[0]})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, uint64(1), got["swap:other:1"].Seq)
	got, err = s.ReceiptsOfEntries(ctx, "acc", nil)
	require.NoError(t, err)
	require.Empty(t, got)
}

// testReceiptsAfter: an account's receipts come back by sequence from any point and in
// pages of any size, across many receipts interleaved with another account's (on
// SQLite, walked to from the marked receipts and the head); an after at or past the
// head, or beyond any sequence, gives none. A receipt of a sequence taken is refused with
// ErrConflict and leaves nothing behind; on a store of one writer, so is one that skips
// a sequence.
func testReceiptsAfter(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 300
	hashOf := func(account string, seq uint64) common.Hash {
		return common.BytesToHash([]byte(fmt.Sprintf("%s#%d", account, seq)))
	}
	insert := func(account string, seq uint64) error {
		return s.InsertReceipt(ctx, store.StoredReceipt{AccountID: account, Seq: seq, Kind: "TRADE", Reference: fmt.Sprint(seq),
			CreatedAt: now(), Body: []byte(`{}`), Prev: hashOf(account, seq-1), Hash: hashOf(account, seq)})
	}
	rows, err := s.ReceiptsAfter(ctx, "a", 0, 10)
	require.NoError(t, err)
	require.Empty(t, rows, "no receipt yet")
	for i := range uint64(n) {
		require.NoError(t, insert("a", i+1))
		if i%3 == 0 {
			require.NoError(t, insert("b", i/3+1))
		}
	}
	for _, c := range []struct {
		after uint64
		limit int
	}{{0, 0}, {0, 1}, {0, 64}, {0, 65}, {1, 63}, {63, 1}, {63, 2}, {64, 64}, {100, 7}, {127, 130}, {250, 100}, {299, 5}, {300, 5},
		{1000, 5}, {^uint64(0), 5}, {^uint64(0) - 3, 1000}} {
		rows, err := s.ReceiptsAfter(ctx, "a", c.after, c.limit)
		require.NoError(t, err, "after %d, limit %d", c.after, c.limit)
		want := 0
		if c.after < n {
			want = min(n-int(c.after), c.limit)
			if c.limit == 0 {
				want = n - int(c.after)
			}
		}
		require.Len(t, rows, want, "after %d, limit %d", c.after, c.limit)
		for i, r := range rows {
			seq := c.after + uint64(i) + 1
			require.Equal(t, "a", r.AccountID)
			require.Equal(t, seq, r.Seq)
			require.Equal(t, hashOf("a", seq), r.Hash)
			require.Equal(t, fmt.Sprint(seq), r.Reference)
		}
	}
	for seq := uint64(1); seq <= n/3+1; seq += 17 {
		rows, err := s.ReceiptsAfter(ctx, "b", seq-1, 1)
		require.NoError(t, err)
		require.Len(t, rows, 1)
		require.Equal(t, hashOf("b", seq), rows[0].Hash)
	}

	refused := []uint64{1, 64, n}
	if s.SingleWriter() { // PostgreSQL's writers take the head under its lock; its key refuses only a taken sequence
		refused = append(refused, n+2)
		require.ErrorIs(t, insert("c", 2), store.ErrConflict, "a first receipt numbered 2")
	}
	for _, seq := range refused {
		require.ErrorIs(t, insert("a", seq), store.ErrConflict, "receipt %d after head %d", seq, n)
	}
	require.Error(t, insert("c", 0), "sequence 0")
	rows, err = s.ReceiptsAfter(ctx, "a", n-2, 0)
	require.NoError(t, err)
	require.Len(t, rows, 2, "the refused receipts left nothing")
	head, err := s.ReceiptHead(ctx, "a")
	require.NoError(t, err)
	require.Equal(t, uint64(n), head.Seq)
	require.Equal(t, hashOf("a", n), head.Hash)
	_, err = s.ReceiptHead(ctx, "c")
	require.ErrorIs(t, err, store.ErrNotFound)
	require.NoError(t, insert("a", n+1), "the next one follows")
}
