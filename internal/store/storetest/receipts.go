package storetest

import (
	"context"
	"fmt"
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

// testReceiptSignatures: SetReceiptSignatures records each receipt's own signature, over
// more receipts than one statement takes and a batch that is no power of two, and keeps a
// signature already recorded.
func testReceiptSignatures(t *testing.T, s store.Store) {
	ctx := context.Background()
	const n = 70
	sigOf := func(account string, seq uint64) []byte {
		return append(common.LeftPadBytes([]byte(fmt.Sprintf("%s#%d", account, seq)), 64), 27)
	}
	var sigs []store.ReceiptSignature
	for i := range n {
		account, seq := fmt.Sprintf("acc%d", i%3), uint64(i/3+1)
		r := store.StoredReceipt{AccountID: account, Seq: seq, Kind: "DEPOSIT", CreatedAt: now(), Body: []byte(`{}`),
			Hash: common.BigToHash(common.Big1)}
		if i == 5 {
			r.Signature = []byte{1, 2, 3}
		}
		require.NoError(t, s.InsertReceipt(ctx, r))
		sigs = append(sigs, store.ReceiptSignature{AccountID: account, Seq: seq, Signature: sigOf(account, seq)})
	}
	unsigned, err := s.UnsignedReceipts(ctx, 0)
	require.NoError(t, err)
	require.Len(t, unsigned, n-1)
	require.NoError(t, s.SetReceiptSignatures(ctx, sigs))
	unsigned, err = s.UnsignedReceipts(ctx, 0)
	require.NoError(t, err)
	require.Empty(t, unsigned)
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
	require.Error(t, s.SetReceiptSignatures(ctx, []store.ReceiptSignature{{AccountID: "acc0", Seq: 1}}), "an empty signature")
}

// testReceiptsOfEntries: ReceiptsOfEntries finds an account's receipt of each of its
// entries by the entry's external key (InsertReceipt records its sequence on the entry),
// not another account's receipt of the same entry (an introducer's), nor a receipt of no
// entry (a hold), nor an entry of another account, over more keys than one statement
// takes.
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
	seq := uint64(0)
	for i := range n {
		key := fmt.Sprintf("swap:acc:%d", i)
		e, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: key, Kind: "TRADE", AccountID: "acc", CreatedAt: now(),
			Postings: []store.LedgerPosting{{Book: "user:acc", Asset: "usdt", Amount: d("-1")}, {Book: "user:intro", Asset: "usdt", Amount: d("1")}}})
		require.NoError(t, err)
		keys = append(keys, key)
		if i%7 == 3 {
			continue // an entry without a receipt (receipts off)
		}
		insert("intro", uint64(i+1), e.ID, fmt.Sprintf("entry:%d", e.ID))
		if i%5 == 0 {
			seq++
			insert("acc", seq, 0, "hold:"+key) // a hold before the trade
		}
		seq++
		want[key] = insert("acc", seq, e.ID, fmt.Sprintf("%d", i))
	}
	other, err := s.InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "swap:other:1", Kind: "TRADE", AccountID: "other", CreatedAt: now(),
		Postings: []store.LedgerPosting{{Book: "user:other", Asset: "usdt", Amount: d("-1")}, {Book: "user:acc", Asset: "usdt", Amount: d("1")}}})
	require.NoError(t, err)
	seq++
	insert("acc", seq, other.ID, fmt.Sprintf("entry:%d", other.ID))
	insert("other", 1, other.ID, "1")

	got, err := s.ReceiptsOfEntries(ctx, "acc", append(keys, "swap:other:1", "missing"))
	require.NoError(t, err)
	require.Equal(t, want, got)
	got, err = s.ReceiptsOfEntries(ctx, "other", []string{"swap:other:1", keys[0]})
	require.NoError(t, err)
	require.Len(t, got, 1)
	require.Equal(t, uint64(1), got["swap:other:1"].Seq)
	got, err = s.ReceiptsOfEntries(ctx, "acc", nil)
	require.NoError(t, err)
	require.Empty(t, got)
}
