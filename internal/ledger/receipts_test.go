package ledger_test

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/signer"
)

func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }

// trade moves amount of usdt from account to the house's inventory against eth.
func trade(key, account string) store.LedgerEntry {
	return store.LedgerEntry{ExternalKey: key, Kind: ledger.KindTrade, AccountID: account,
		Meta: []byte(fmt.Sprintf(`{"instructionId":%q}`, key)),
		Postings: []store.LedgerPosting{
			{Book: ledger.UserBook(account), Asset: "usdt", Amount: d("-1.5")},
			{Book: ledger.BookInventory, Asset: "usdt", Amount: d("1.5")},
			{Book: ledger.UserBook(account), Asset: "eth", Amount: d("0.001")},
			{Book: ledger.BookInventory, Asset: "eth", Amount: d("-0.0011")},
			{Book: ledger.UserBook("introducer"), Asset: "eth", Amount: d("0.0001")},
		}}
}

// TestReceiptsChainUnderConcurrency: concurrent movements of two accounts (trades that
// also pay an introducer, holds, releases, captures, a refused trade and a repeated one)
// leave each account exactly one receipt per movement, a hash chain without a gap, and
// once the signer job signed them, chains that verify against the ledger's balances.
//
// With two SQLite processes on one database ("sqlite, two processes"), each movement
// goes through either, a trade following the head its process remembers (TraderReads:
// behind whenever the other process wrote the account since), and both processes' receipt
// key jobs sign meanwhile, each handing out its own receipts from memory.
func TestReceiptsChainUnderConcurrency(t *testing.T) {
	backends := map[string]func(t *testing.T) []store.Store{
		"sqlite": func(t *testing.T) []store.Store { st, _ := open(t); return []store.Store{st} },
		"sqlite, two processes": func(t *testing.T) []store.Store {
			dir := t.TempDir()
			require.NoError(t, os.Chmod(dir, 0o700))
			path := filepath.Join(dir, "ledger.db")
			var out []store.Store
			for range 2 {
				st, err := store.OpenSQLite(context.Background(), path)
				require.NoError(t, err)
				t.Cleanup(func() { require.NoError(t, st.Close()) })
				out = append(out, st)
			}
			return out
		},
		"postgres": func(t *testing.T) []store.Store {
			st, err := store.OpenPostgres(context.Background(), pgtest.Start(t))
			require.NoError(t, err)
			t.Cleanup(func() { require.NoError(t, st.Close()) })
			return []store.Store{st}
		},
	}
	for name, openStores := range backends {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			stores := openStores(t)
			st := stores[0]
			ledgers := make([]*ledger.Ledger, len(stores))
			for i, s := range stores {
				ledgers[i] = ledger.New(store.Narrow[ledger.Tx](s), nil)
			}
			l := ledgers[0]
			accounts := []string{"acc1", "acc2"}
			for _, a := range accounts {
				require.NoError(t, st.CreateAccount(ctx, store.Account{ID: a, CreatedAt: time.Now()}))
				_, _, err := l.Post(ctx, deposit("dep:"+a, a, "usdt", "1000"), nil, ledger.Options{})
				require.NoError(t, err)
			}
			key, err := crypto.GenerateKey()
			require.NoError(t, err)
			s := signer.NewPrivateKeySigner(key)
			signing, stopSigning := context.WithCancel(ctx)
			var signers sync.WaitGroup
			if len(stores) > 1 {
				for _, sst := range stores {
					signers.Go(func() {
						for signing.Err() == nil {
							_, _ = ledger.SignReceipts(ctx, sst, s, 7)
							time.Sleep(time.Millisecond)
						}
					})
				}
			}
			const n = 20
			var wg sync.WaitGroup
			errc := make(chan error, 4*n*len(accounts))
			for _, a := range accounts {
				for i := range n {
					wg.Add(1)
					go func() {
						defer wg.Done()
						st, l := stores[i%len(stores)], ledgers[i%len(ledgers)]
						opts := ledger.Options{}
						if st.SingleWriter() { // the head read beside the one writer, as a swap's: often stale here
							reads, err := st.TraderReads(ctx, a, "OFFCHAIN", ledger.UserBook(a), store.OrderKindSwap, "")
							if err != nil {
								errc <- err
								return
							}
							opts.Head = &reads.ReceiptHead
						}
						_, _, err := l.Post(ctx, trade(fmt.Sprintf("t:%s:%d", a, i), a), nil, opts)
						errc <- err
						key := fmt.Sprintf("w:%s:%d", a, i)
						errc <- st.InTx(ctx, func(tx store.Tx) error { return l.HoldTx(ctx, tx, key, a, "usdt", d("2"), ledger.Options{}) })
						if i%2 == 0 {
							errc <- st.InTx(ctx, func(tx store.Tx) error { return l.ReleaseTx(ctx, tx, key) })
						} else {
							errc <- st.InTx(ctx, func(tx store.Tx) error {
								_, err := l.CaptureTx(ctx, tx, key, withdrawal(key, a, "usdt", "2"), nil)
								return err
							})
						}
					}()
				}
			}
			wg.Wait()
			stopSigning()
			signers.Wait()
			close(errc)
			for err := range errc {
				require.NoError(t, err)
			}
			// A repeated trade and a refused one write no receipt.
			_, created, err := l.Post(ctx, trade("t:acc1:0", "acc1"), nil, ledger.Options{})
			require.NoError(t, err)
			require.False(t, created)
			big := withdrawal("too-much", "acc1", "usdt", "1000000")
			_, _, err = l.Post(ctx, big, nil, ledger.Options{})
			require.ErrorIs(t, err, ledger.ErrInsufficientFunds)

			signed, err := ledger.SignReceipts(ctx, st, s, 0)
			require.NoError(t, err)
			if len(stores) == 1 {
				// 1 deposit + n trades + n holds + n releases or captures per account, and
				// the introducer's share of every trade.
				require.Equal(t, 2*(1+3*n)+2*n, signed)
			}
			keys := receipt.Keys{{Address: s.Address()}}
			for _, a := range append(accounts, "introducer") {
				rows, err := st.ReceiptsAfter(ctx, a, 0, 0)
				require.NoError(t, err)
				chain := make([]receipt.Signed, len(rows))
				for i, row := range rows {
					chain[i], err = ledger.SignedReceipt(row)
					require.NoError(t, err)
				}
				bals, err := st.LedgerBalances(ctx, ledger.UserBook(a))
				require.NoError(t, err)
				head, err := receipt.Verify(a, chain, keys, bals)
				require.NoError(t, err, "account %s", a)
				require.Equal(t, uint64(len(rows)), head.Sequence)
			}
			// A receipt rewritten in the store no longer verifies.
			rows, err := st.ReceiptsAfter(ctx, "acc2", 0, 0)
			require.NoError(t, err)
			chain := make([]receipt.Signed, len(rows))
			for i, row := range rows {
				chain[i], _ = ledger.SignedReceipt(row)
			}
			i := slices.IndexFunc(chain[1:], func(r receipt.Signed) bool { return len(r.Postings) > 0 }) + 1 // one after the deposit
			require.Positive(t, i)
			chain[i].Postings[0].Amount = "-0.5"
			_, err = receipt.Verify("acc2", chain, keys, map[string]decimal.Decimal{})
			require.ErrorIs(t, err, receipt.ErrChain)
		})
	}
}

// TestReceiptInActivityEvent: a deposit's outbox event (what ACCOUNT_ACTIVITY pushes and
// webhooks deliver) carries the account's receipt of it, hashed and chained.
func TestReceiptInActivityEvent(t *testing.T) {
	ctx := context.Background()
	st, l := open(t)
	_, _, err := l.Post(ctx, deposit("dep:1", "acc1", "usdt", "7"),
		&outbox.Event{Kind: outbox.Deposit, Source: "OFFCHAIN", AccountID: "acc1", Payload: outbox.LedgerActivity{Asset: "usdt", Amount: "7"}}, ledger.Options{})
	require.NoError(t, err)
	evs, err := st.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Len(t, evs, 1)
	p, err := outbox.As[outbox.LedgerActivity](evs[0])
	require.NoError(t, err)
	require.NotNil(t, p.Receipt)
	rows, err := st.ReceiptsAfter(ctx, "acc1", 0, 0)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	require.Equal(t, rows[0].Hash, p.Receipt.Hash)
	require.Equal(t, []receipt.Balance{{Asset: "usdt", Balance: "7"}}, p.Receipt.Balances)
}

// headOf reads account's receipt head outside any transaction (Seq 0 before the first).
func headOf(ctx context.Context, t *testing.T, st store.Store, account string) *store.StoredReceipt {
	h, err := st.ReceiptHead(ctx, account)
	if errors.Is(err, store.ErrNotFound) {
		return &store.StoredReceipt{AccountID: account}
	}
	require.NoError(t, err)
	return &h
}

// headReads counts the receipt heads of acc1 a transaction reads, and records the
// receipt sequences its entries' inserts wrote (inserted) and the corrections after
// (corrected).
type headReads struct {
	store.Tx
	n                   *int
	inserted, corrected *[]uint64
}

func (h headReads) InsertLedgerEntry(ctx context.Context, e store.LedgerEntry) (store.LedgerEntry, error) {
	if h.inserted != nil {
		*h.inserted = append(*h.inserted, e.ReceiptSeq)
	}
	return h.Tx.InsertLedgerEntry(ctx, e)
}

func (h headReads) SetEntryReceiptSeq(ctx context.Context, entryID int64, seq uint64) error {
	if h.corrected != nil {
		*h.corrected = append(*h.corrected, seq)
	}
	return h.Tx.SetEntryReceiptSeq(ctx, entryID, seq)
}

func (h headReads) ReceiptHead(ctx context.Context, accountID string) (store.StoredReceipt, error) {
	if accountID == "acc1" {
		*h.n++
	}
	return h.Tx.ReceiptHead(ctx, accountID)
}

// TestPostFollowsTheHeadReadBefore: an entry posted with its account's receipt head read
// before its transaction (Options.Head, a swap on SQLite) links its receipt after that
// head without reading it again in the writer; with a head that moved meanwhile, it
// reads the head and links after the latest: the chain has no gap and no fork. Parts of
// its receipt hashed before (Options.Parts) and since outdated hash as the receipt's own.
func TestPostFollowsTheHeadReadBefore(t *testing.T) {
	ctx := context.Background()
	st, l := open(t)
	_, _, err := l.Post(ctx, deposit("dep:1", "acc1", "usdt", "10"), nil, ledger.Options{})
	require.NoError(t, err)
	var (
		parts               *receipt.Parts
		inserted, corrected []uint64
	)
	post := func(key string, head *store.StoredReceipt) (*receipt.Signed, int) {
		var (
			reads  int
			posted ledger.Posted
		)
		inserted, corrected = nil, nil
		require.NoError(t, st.InTx(ctx, func(tx store.Tx) error {
			var err error
			posted, err = l.PostedTx(ctx, headReads{Tx: tx, n: &reads, inserted: &inserted, corrected: &corrected}, trade(key, "acc1"), nil,
				ledger.Options{Head: head, Parts: parts})
			return err
		}))
		return posted.Receipt, reads
	}
	h1 := headOf(ctx, t, st, "acc1")
	r2, reads := post("t1", h1)
	require.Equal(t, 0, reads, "the head read before is the head: not read again")
	require.Equal(t, uint64(2), r2.Sequence)
	require.Equal(t, h1.Hash, r2.Previous)
	require.Equal(t, []uint64{2}, inserted, "the entry records its receipt's sequence in its own insert")
	require.Empty(t, corrected)

	// Parts hashed before, one of them (the balances) not the receipt's any more.
	parts = receipt.PartsOf(receipt.Receipt{Account: "acc1", Reference: "t2",
		Postings: []receipt.Posting{{Asset: "usdt", Amount: "-1.5"}, {Asset: "eth", Amount: "0.001"}},
		Balances: []receipt.Balance{{Asset: "usdt", Balance: "7.5"}, {Asset: "eth", Balance: "0.002"}}})
	r3, reads := post("t2", h1) // stale: receipt 2 was written after it
	require.Equal(t, 1, reads)
	require.Equal(t, uint64(3), r3.Sequence)
	require.Equal(t, r2.Hash, r3.Previous)
	require.False(t, parts.Of(r3.Receipt), "its balances differ from those hashed before")
	require.Equal(t, []uint64{2}, inserted, "the sequence after the stale head")
	require.Equal(t, []uint64{3}, corrected, "then the one its receipt took")
	found, err := st.ReceiptsOfEntries(ctx, "acc1", []string{"t1", "t2"})
	require.NoError(t, err)
	require.Equal(t, uint64(2), found["t1"].Seq)
	require.Equal(t, uint64(3), found["t2"].Seq, "the entry names the receipt it got")

	rows, err := st.ReceiptsAfter(ctx, "acc1", 0, 0)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	for i, row := range rows {
		r, err := ledger.SignedReceipt(row)
		require.NoError(t, err)
		h, err := r.Receipt.Hash()
		require.NoError(t, err)
		require.Equal(t, row.Hash, h, "receipt %d rebuilt from its row hashes to its stored hash", i+1)
		if i > 0 {
			require.Equal(t, rows[i-1].Hash, r.Previous)
		}
	}
}

// TestPostedTxReturnsItsReceipt: PostedTx hands back the receipt it wrote of the entry's
// own account, equal to the stored one (a swap answers with it instead of reading it
// back); a repeated entry writes and returns none.
func TestPostedTxReturnsItsReceipt(t *testing.T) {
	ctx := context.Background()
	st, l := open(t)
	_, _, err := l.Post(ctx, deposit("dep:1", "acc1", "usdt", "10"), nil, ledger.Options{})
	require.NoError(t, err)
	var posted ledger.Posted
	post := func() {
		require.NoError(t, st.InTx(ctx, func(tx store.Tx) error {
			var err error
			posted, err = l.PostedTx(ctx, tx, trade("t1", "acc1"), nil, ledger.Options{})
			return err
		}))
	}
	post()
	require.True(t, posted.Created)
	require.NotNil(t, posted.Receipt)
	rows, err := st.ReceiptsAfter(ctx, "acc1", 1, 0)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	want, err := ledger.SignedReceipt(rows[0])
	require.NoError(t, err)
	require.Equal(t, want.Receipt, posted.Receipt.Receipt)
	require.Equal(t, want.Hash, posted.Receipt.Hash)
	require.Equal(t, []receipt.Balance{{Asset: "usdt", Balance: "8.5"}, {Asset: "eth", Balance: "0.001"}}, posted.Receipt.Balances)

	post()
	require.False(t, posted.Created)
	require.Nil(t, posted.Receipt)
}

// TestSignReceiptsInInsertionOrder: the receipt key's job signs receipts in the order
// they were inserted, each once: one this process wrote by the digest its writer
// computed (not decoding its row: a row whose body was since broken is signed all the
// same, and a trader's check of it then fails), one written elsewhere by its content's
// digest once it matches its stored hash; one whose content does not is reported, left
// unsigned and passed; a signature the key fails to make ends the round before it, and
// the next round signs it.
func TestSignReceiptsInInsertionOrder(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "ledger.db")
	require.NoError(t, os.Chmod(filepath.Dir(path), 0o700))
	st, err := store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	l := ledger.New(store.Narrow[ledger.Tx](st), nil)

	_, _, err = l.Post(ctx, deposit("dep:1", "acc1", "usdt", "10"), nil, ledger.Options{})
	require.NoError(t, err)
	elsewhere := func(account string, wrongHash bool) {
		r := receipt.Receipt{Account: account, Sequence: 1, Kind: ledger.KindDeposit, Reference: "ext",
			Postings: []receipt.Posting{{Asset: "usdt", Amount: "1"}}, Balances: []receipt.Balance{{Asset: "usdt", Balance: "1"}},
			TimestampMillis: uint64(time.Now().UnixMilli())}
		h, err := r.Hash()
		require.NoError(t, err)
		if wrongHash {
			h[0] ^= 1
		}
		body, err := json.Marshal(r)
		require.NoError(t, err)
		require.NoError(t, st.InsertReceipt(ctx, store.StoredReceipt{AccountID: account, Seq: 1, Kind: r.Kind, Reference: r.Reference,
			CreatedAt: r.Time(), Body: body, Hash: h}))
	}
	elsewhere("ext", false)
	elsewhere("bad", true)
	_, _, err = l.Post(ctx, deposit("dep:2", "acc1", "usdt", "5"), nil, ledger.Options{})
	require.NoError(t, err)
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close()) })
	_, err = db.ExecContext(ctx, `UPDATE receipts SET body = 'not json' WHERE account_id = 'acc1' AND seq = 1`)
	require.NoError(t, err)

	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	s := signer.NewPrivateKeySigner(key)
	n, err := ledger.SignReceipts(ctx, st, s, 0)
	require.ErrorContains(t, err, "receipt bad #1: stored hash")
	require.Equal(t, 4, n, "looked at every receipt")
	signedBy := func(account string, seq uint64) bool {
		rows, err := st.ReceiptsAfter(ctx, account, seq-1, 1)
		require.NoError(t, err)
		require.Len(t, rows, 1)
		if rows[0].Signature == nil {
			return false
		}
		pub, err := crypto.SigToPub(rows[0].Hash[:], append(rows[0].Signature[:64:64], rows[0].Signature[64]-27))
		require.NoError(t, err)
		require.Equal(t, s.Address(), crypto.PubkeyToAddress(*pub), "%s #%d", account, seq)
		return true
	}
	require.True(t, signedBy("acc1", 1), "signed by its writer's digest, its row not decoded")
	require.True(t, signedBy("acc1", 2))
	require.True(t, signedBy("ext", 1), "signed by its content's digest")
	require.False(t, signedBy("bad", 1), "its content is not its hash")
	n, err = ledger.SignReceipts(ctx, st, s, 0)
	require.NoError(t, err)
	require.Zero(t, n, "every receipt looked at once: the bad one is passed")

	_, _, err = l.Post(ctx, deposit("dep:3", "acc1", "usdt", "1"), nil, ledger.Options{})
	require.NoError(t, err)
	other, err := crypto.GenerateKey()
	require.NoError(t, err)
	closed := signer.NewPrivateKeySigner(other)
	require.NoError(t, closed.Close())
	_, err = ledger.SignReceipts(ctx, st, closed, 0)
	require.ErrorIs(t, err, signer.ErrClosed)
	require.False(t, signedBy("acc1", 3))
	n, err = ledger.SignReceipts(ctx, st, s, 0)
	require.NoError(t, err)
	require.Equal(t, 1, n, "the round that failed left it to sign")
	require.True(t, signedBy("acc1", 3))
}
