package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// Receipt kinds of the movements that are no entry.
const (
	// KindHold is a withdrawal's hold: no posting, the held asset's balance unchanged.
	KindHold = "HOLD"
	// KindRelease is a hold released (a failed or rejected withdrawal).
	KindRelease = "RELEASE"
)

// ReceiptTx is what writing receipts reads and writes in the movement's transaction.
type ReceiptTx interface {
	LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error)
	ReceiptHead(ctx context.Context, accountID string) (store.StoredReceipt, error)
	InsertReceipt(ctx context.Context, r store.StoredReceipt) error
}

var _ ReceiptTx = store.Tx(nil)

// receiptsOf writes the receipts of entry e (inserted, with its id and the resulting
// balances InsertLedgerEntry returned): one per account whose book it posts to, with the
// account's postings summed per asset and its resulting balances of those assets. It
// returns the receipt of the entry's own account (unsigned), nil when it has none. head,
// when not nil, is the own account's head as read before the transaction (Options.Head),
// parts its receipt's parts hashed before (Options.Parts).
func (l *Ledger) receiptsOf(ctx context.Context, tx ReceiptTx, e store.LedgerEntry, head *store.StoredReceipt, parts *receipt.Parts) (*receipt.Signed, error) {
	if !l.receipts {
		return nil, nil
	}
	var (
		accounts []string
		own      *receipt.Signed
	)
	posted := map[string][]receipt.Posting{}
	for _, p := range e.Postings {
		acct, ok := IsUserBook(p.Book)
		if !ok {
			continue
		}
		if _, seen := posted[acct]; !seen {
			accounts = append(accounts, acct)
		}
		ps := posted[acct]
		i := slices.IndexFunc(ps, func(q receipt.Posting) bool { return q.Asset == p.Asset })
		if i < 0 {
			ps = append(ps, receipt.Posting{Asset: p.Asset, Amount: p.Amount.String()})
		} else {
			sum, _ := decimal.NewFromString(ps[i].Amount)
			ps[i].Amount = sum.Add(p.Amount).String()
		}
		posted[acct] = ps
	}
	for _, acct := range accounts {
		ref, hint, pre := "", (*store.StoredReceipt)(nil), (*receipt.Parts)(nil)
		if acct == e.AccountID {
			ref, hint, pre = entryReference(e), head, parts
		} else {
			ref = fmt.Sprintf("entry:%d", e.ID)
		}
		assets := make([]string, 0, len(posted[acct]))
		for _, p := range posted[acct] {
			assets = append(assets, p.Asset)
		}
		r, err := l.writeReceipt(ctx, tx, hint, pre, acct, e.ID, e.Kind, ref, posted[acct], assets, e.Balances[UserBook(acct)])
		if err != nil {
			return nil, err
		}
		if acct == e.AccountID {
			own = &r
		}
	}
	return own, nil
}

// holdReceipt writes the receipt of a hold placed or released on accountID's asset.
func (l *Ledger) holdReceipt(ctx context.Context, tx ReceiptTx, kind, accountID, asset, key string) error {
	if !l.receipts {
		return nil
	}
	_, err := l.writeReceipt(ctx, tx, nil, nil, accountID, 0, kind, boundReference(key), nil, []string{asset}, nil)
	return err
}

// writeReceipt links the next receipt of accountID to its head and inserts it, unsigned:
// the receipt key's job signs it after the commit. The head read locks the account's
// chain (PostgreSQL) or runs under the writer lock (SQLite), so concurrent movements of
// one account never take one sequence number twice or leave a gap. balances are the
// account's balances of assets as the movement left them (an entry's, from
// InsertLedgerEntry in this transaction, whose books the ledger locked); nil reads them.
// hint, when not nil, is the account's head as read before the transaction (Options.Head):
// the receipt follows it unless its sequence is taken, and then the head read here. parts
// (may be nil) are hashes of the receipt's parts computed before (Options.Parts).
func (l *Ledger) writeReceipt(ctx context.Context, tx ReceiptTx, hint *store.StoredReceipt, parts *receipt.Parts, accountID string, entryID int64, kind, ref string,
	postings []receipt.Posting, assets []string, balances map[string]decimal.Decimal) (receipt.Signed, error) {
	if !hasAll(balances, assets) {
		var err error
		if balances, err = tx.LedgerBalances(ctx, UserBook(accountID)); err != nil {
			return receipt.Signed{}, err
		}
	}
	if hint != nil && hint.AccountID == accountID {
		r, err := l.linkReceipt(ctx, tx, *hint, parts, accountID, entryID, kind, ref, postings, assets, balances)
		if !errors.Is(err, store.ErrConflict) {
			return r, err
		}
	}
	head, err := tx.ReceiptHead(ctx, accountID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return receipt.Signed{}, err
	}
	return l.linkReceipt(ctx, tx, head, parts, accountID, entryID, kind, ref, postings, assets, balances)
}

// linkReceipt builds the receipt of a movement after head (the account's latest
// receipt, zero before the first) and inserts it: store.ErrConflict when head is not the
// latest any more (its next sequence is taken).
func (l *Ledger) linkReceipt(ctx context.Context, tx ReceiptTx, head store.StoredReceipt, parts *receipt.Parts, accountID string, entryID int64, kind, ref string,
	postings []receipt.Posting, assets []string, balances map[string]decimal.Decimal) (receipt.Signed, error) {
	r := receipt.Receipt{Account: accountID, EntryID: uint64(max(entryID, 0)), Kind: kind, Reference: ref, Postings: postings}
	if r.Postings == nil {
		r.Postings = []receipt.Posting{}
	}
	if len(postings) > receipt.MaxPostings {
		return receipt.Signed{}, fmt.Errorf("receipt of entry %d: %d assets posted to %s, at most %d", entryID, len(postings), accountID, receipt.MaxPostings)
	}
	for _, a := range assets {
		r.Balances = append(r.Balances, receipt.Balance{Asset: a, Balance: balances[a].String()})
	}
	now := l.now()
	if now.Before(head.CreatedAt) {
		now = head.CreatedAt // a receipt is never dated before the one it follows
	}
	r.TimestampMillis = uint64(max(now.UnixMilli(), 0))
	r = receipt.Head{Sequence: head.Seq, Hash: head.Hash}.Next(r)
	h, err := r.HashWith(parts)
	if err != nil {
		return receipt.Signed{}, fmt.Errorf("receipt of %s's entry %d: %w", accountID, entryID, err)
	}
	body, err := json.Marshal(receiptBody{Postings: r.Postings, Balances: r.Balances})
	if err != nil {
		return receipt.Signed{}, fmt.Errorf("receipt of %s's entry %d: %w", accountID, entryID, err)
	}
	err = tx.InsertReceipt(ctx, store.StoredReceipt{AccountID: accountID, Seq: r.Sequence, EntryID: entryID, Kind: kind,
		Reference: ref, CreatedAt: time.UnixMilli(int64(r.TimestampMillis)), Body: body, Prev: r.Previous, Hash: h})
	if err != nil {
		return receipt.Signed{}, err
	}
	return receipt.Signed{Receipt: r, Hash: h, Signature: []byte{}}, nil
}

// hasAll reports whether balances has every one of assets.
func hasAll(balances map[string]decimal.Decimal, assets []string) bool {
	for _, a := range assets {
		if _, ok := balances[a]; !ok {
			return false
		}
	}
	return balances != nil
}

// entryReference is the reference an entry's own account reads on its receipt: the
// instructionId of its meta when it has one, else its external key (bounded).
func entryReference(e store.LedgerEntry) string {
	var meta struct {
		InstructionID string `json:"instructionId"`
	}
	if json.Unmarshal(e.Meta, &meta) == nil && meta.InstructionID != "" && len(meta.InstructionID) <= receipt.MaxStringLen {
		return meta.InstructionID
	}
	return boundReference(e.ExternalKey)
}

// boundReference is ref when it fits a receipt, else its SHA-256.
func boundReference(ref string) string {
	if len(ref) <= receipt.MaxStringLen {
		return ref
	}
	sum := sha256.Sum256([]byte(ref))
	return "sha256:" + hex.EncodeToString(sum[:])
}

// receiptBody is what a receipt row keeps as its body: the receipt's lists. Its other
// fields are the row's columns (SignedReceipt), so the writer marshals and stores no
// field twice.
type receiptBody struct {
	Postings []receipt.Posting `json:"postings"`
	Balances []receipt.Balance `json:"balances"`
}

// SignedReceipt returns a stored receipt in its wire form, its signature empty while it
// is unsigned: its lists from the body, the rest from the row's columns (a body of the
// whole receipt, as rows written before held, reads the same).
func SignedReceipt(r store.StoredReceipt) (receipt.Signed, error) {
	var out receipt.Signed
	if err := json.Unmarshal(r.Body, &out.Receipt); err != nil {
		return receipt.Signed{}, fmt.Errorf("receipt %s #%d: %w", r.AccountID, r.Seq, err)
	}
	out.Account, out.Sequence, out.EntryID, out.Kind = r.AccountID, r.Seq, uint64(max(r.EntryID, 0)), r.Kind
	out.Reference, out.TimestampMillis, out.Previous = r.Reference, uint64(max(r.CreatedAt.UnixMilli(), 0)), r.Prev
	out.Hash, out.Signature = r.Hash, r.Signature
	return out, nil
}

// ReceiptSigner is the store the receipt key's job signs receipts through.
type ReceiptSigner interface {
	UnsignedReceipts(ctx context.Context, limit int) ([]store.StoredReceipt, error)
	SetReceiptSignatures(ctx context.Context, sigs []store.ReceiptSignature) error
}

// SignReceipts signs up to limit unsigned receipts with the receipt key s and records
// their signatures in one transaction; it returns how many it signed. Each row's content
// is hashed (once, by receipt.Sign) and the key signs that digest, never the stored hash
// as such: 32 bytes read from the store would let whoever wrote them have the receipt key
// sign anything. A row whose content does not hash to its stored hash is left unsigned
// and reported (the last such error), and the others are signed.
func SignReceipts(ctx context.Context, st ReceiptSigner, s signer.Signer, limit int) (int, error) {
	rows, err := st.UnsignedReceipts(ctx, limit)
	if err != nil {
		return 0, err
	}
	sigs := make([]store.ReceiptSignature, 0, len(rows))
	var bad error
	for _, row := range rows {
		r, err := SignedReceipt(row)
		if err != nil {
			bad = err
			continue
		}
		signed, err := receipt.Sign(ctx, s, r.Receipt)
		if err != nil {
			bad = err
			continue
		}
		if signed.Hash != row.Hash {
			bad = fmt.Errorf("receipt %s #%d: stored hash %s, content hashes to %s: not signed", row.AccountID, row.Seq, row.Hash, signed.Hash)
			continue
		}
		sigs = append(sigs, store.ReceiptSignature{AccountID: row.AccountID, Seq: row.Seq, Signature: signed.Signature})
	}
	if len(sigs) > 0 { // one transaction for the round: the signatures share a commit
		if err := st.SetReceiptSignatures(ctx, sigs); err != nil {
			return 0, err
		}
	}
	return len(sigs), bad
}

// signerGather is how long the receipt key's job lets receipts gather after a wake
// before it signs them: under load a commit wakes it every few milliseconds, and a round
// per commit put a transaction of its own (a statement, its rows' pages written again)
// into the one writer's serial path for a handful of receipts.
const signerGather = 100 * time.Millisecond

// RunReceiptSigner signs receipts until ctx ends: soon (signerGather) after a commit that
// wrote events in this process (wake, the store's EventsNotify: every movement writes
// one), and every poll for those of other processes. A failed round is logged and
// retried at the next wake.
func RunReceiptSigner(ctx context.Context, st ReceiptSigner, s signer.Signer, wake func() <-chan struct{}, poll time.Duration, log *slog.Logger) {
	if poll <= 0 {
		poll = time.Second
	}
	t := time.NewTicker(poll)
	defer t.Stop()
	for {
		ch := wake()
		for {
			n, err := SignReceipts(ctx, st, s, store.MaxReceiptsPage)
			if err != nil {
				if ctx.Err() == nil {
					log.Error("sign receipts", "err", err)
				}
				break
			}
			if n < store.MaxReceiptsPage {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ch:
			select { // gather: one round for the receipts of many commits
			case <-ctx.Done():
				return
			case <-time.After(signerGather):
			}
		case <-t.C:
		}
	}
}
