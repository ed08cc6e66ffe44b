package ledger

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"runtime"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
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
	SetEntryReceiptSeq(ctx context.Context, entryID int64, seq uint64) error
}

var _ ReceiptTx = store.Tx(nil)

// ownHead returns the receipt head that the receipt of entry e's own account will follow,
// nil when the entry writes it none (receipts off, or no posting to its own account):
// hint when it is the account's (Options.Head, read before the transaction), else the
// head read here (locked on PostgreSQL), Seq 0 before the first receipt.
func (l *Ledger) ownHead(ctx context.Context, tx ReceiptTx, e store.LedgerEntry, hint *store.StoredReceipt) (*store.StoredReceipt, error) {
	if !l.receipts || !slices.ContainsFunc(e.Postings, func(p store.LedgerPosting) bool { return p.Book == UserBook(e.AccountID) }) {
		return nil, nil
	}
	if hint != nil && hint.AccountID == e.AccountID {
		return hint, nil
	}
	head, err := tx.ReceiptHead(ctx, e.AccountID)
	if errors.Is(err, store.ErrNotFound) {
		return &store.StoredReceipt{AccountID: e.AccountID}, nil
	}
	if err != nil {
		return nil, err
	}
	return &head, nil
}

// receiptsOf writes the receipts of entry e (inserted, with its id and the resulting
// balances InsertLedgerEntry returned): one per account whose book it posts to, with the
// account's postings summed per asset and its resulting balances of those assets. It
// returns the receipt of the entry's own account (unsigned), nil when it has none. head
// (ownHead, nil when it has none) is what the own account's receipt follows, read before
// the transaction when hinted (opts.Head: then its sequence may be taken, and the
// receipt follows the head read here and is recorded on the entry again); opts.Parts are
// its parts hashed before.
func (l *Ledger) receiptsOf(ctx context.Context, tx ReceiptTx, e store.LedgerEntry, head *store.StoredReceipt, hinted bool, opts Options) (*receipt.Signed, error) {
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
		assets := make([]string, 0, len(posted[acct]))
		for _, p := range posted[acct] {
			assets = append(assets, p.Asset)
		}
		balances := e.Balances[UserBook(acct)]
		if acct != e.AccountID || head == nil {
			if _, err := l.writeReceipt(ctx, tx, acct, e.ID, e.Kind, fmt.Sprintf("entry:%d", e.ID), posted[acct], assets, balances); err != nil {
				return nil, err
			}
			continue
		}
		ref := entryReference(e, opts.InstructionID)
		if !hasAll(balances, assets) {
			var err error
			if balances, err = tx.LedgerBalances(ctx, UserBook(acct)); err != nil {
				return nil, err
			}
		}
		r, err := l.linkReceipt(ctx, tx, *head, opts.Parts, acct, e.ID, e.Kind, ref, posted[acct], assets, balances)
		if hinted && errors.Is(err, store.ErrConflict) { // the head read before moved: follow the latest
			latest, err := tx.ReceiptHead(ctx, acct)
			if err != nil {
				return nil, err
			}
			if r, err = l.linkReceipt(ctx, tx, latest, opts.Parts, acct, e.ID, e.Kind, ref, posted[acct], assets, balances); err != nil {
				return nil, err
			}
			if err := tx.SetEntryReceiptSeq(ctx, e.ID, r.Sequence); err != nil {
				return nil, err
			}
		} else if err != nil {
			return nil, err
		}
		own = &r
	}
	return own, nil
}

// holdReceipt writes the receipt of a hold placed or released on accountID's asset.
func (l *Ledger) holdReceipt(ctx context.Context, tx ReceiptTx, kind, accountID, asset, key string) error {
	if !l.receipts {
		return nil
	}
	_, err := l.writeReceipt(ctx, tx, accountID, 0, kind, boundReference(key), nil, []string{asset}, nil)
	return err
}

// writeReceipt links the next receipt of accountID to its head and inserts it, unsigned:
// the receipt key's job signs it after the commit. The head read locks the account's
// chain (PostgreSQL) or runs under the writer lock (SQLite), so concurrent movements of
// one account never take one sequence number twice or leave a gap. balances are the
// account's balances of assets as the movement left them (an entry's, from
// InsertLedgerEntry in this transaction, whose books the ledger locked); nil reads them.
func (l *Ledger) writeReceipt(ctx context.Context, tx ReceiptTx, accountID string, entryID int64, kind, ref string,
	postings []receipt.Posting, assets []string, balances map[string]decimal.Decimal) (receipt.Signed, error) {
	if !hasAll(balances, assets) {
		var err error
		if balances, err = tx.LedgerBalances(ctx, UserBook(accountID)); err != nil {
			return receipt.Signed{}, err
		}
	}
	head, err := tx.ReceiptHead(ctx, accountID)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return receipt.Signed{}, err
	}
	return l.linkReceipt(ctx, tx, head, nil, accountID, entryID, kind, ref, postings, assets, balances)
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
	body, err := marshalBody(r.Postings, r.Balances)
	if err != nil {
		return receipt.Signed{}, fmt.Errorf("receipt of %s's entry %d: %w", accountID, entryID, err)
	}
	err = tx.InsertReceipt(ctx, store.StoredReceipt{AccountID: accountID, Seq: r.Sequence, EntryID: entryID, Kind: kind,
		Reference: ref, CreatedAt: time.UnixMilli(int64(r.TimestampMillis)), Body: body, Prev: r.Previous, Hash: h})
	if err != nil {
		return receipt.Signed{}, err
	}
	built.add(h)
	return receipt.Signed{Receipt: r, Hash: h, Signature: []byte{}}, nil
}

// built holds the digests of the receipts this process built, checked and inserted
// (linkReceipt), until the receipt key's job signs them (digestOf): it signs those
// without decoding and hashing their rows again. A digest of a receipt whose transaction
// rolled back stays until pushed out; signing it would sign a receipt this process built.
var built = newDigests(maxBuilt)

// maxBuilt bounds built: a few seconds of receipts at the writer's pace; the job signs
// older ones from their rows.
const maxBuilt = 1 << 16

// digests is a bounded set of digests, the oldest pushed out first. It is safe for
// concurrent use.
type digests struct {
	mu   sync.Mutex
	set  map[common.Hash]struct{}
	ring []common.Hash
	next int
}

func newDigests(n int) *digests {
	return &digests{set: make(map[common.Hash]struct{}, n), ring: make([]common.Hash, n)}
}

// add adds h, pushing out the oldest digest when full.
func (d *digests) add(h common.Hash) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.set[h]; ok {
		return
	}
	delete(d.set, d.ring[d.next]) // (a digest taken and added again since leaves early: its row is hashed then)
	d.ring[d.next] = h
	d.next = (d.next + 1) % len(d.ring)
	d.set[h] = struct{}{}
}

// take removes h and reports whether it was there.
func (d *digests) take(h common.Hash) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	_, ok := d.set[h]
	delete(d.set, h)
	return ok
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
// instructionId of its meta when it has one (instructionID, when the caller gave it:
// Options.InstructionID), else its external key (bounded).
func entryReference(e store.LedgerEntry, instructionID string) string {
	if instructionID == "" {
		var meta struct {
			InstructionID string `json:"instructionId"`
		}
		if json.Unmarshal(e.Meta, &meta) == nil {
			instructionID = meta.InstructionID
		}
	}
	if instructionID != "" && len(instructionID) <= receipt.MaxStringLen {
		return instructionID
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

// marshalBody is json.Marshal(receiptBody{postings, balances}), written out for the
// strings a checked receipt holds (asset ids and decimals, which JSON escapes nothing
// of): in the writer's serial path, encoding/json's reflection cost a sixth of a
// receipt's write. Any other string goes through encoding/json.
func marshalBody(postings []receipt.Posting, balances []receipt.Balance) ([]byte, error) {
	for _, p := range postings {
		if !plainJSON(p.Asset) || !plainJSON(p.Amount) {
			return json.Marshal(receiptBody{Postings: postings, Balances: balances})
		}
	}
	for _, b := range balances {
		if !plainJSON(b.Asset) || !plainJSON(b.Balance) {
			return json.Marshal(receiptBody{Postings: postings, Balances: balances})
		}
	}
	out := make([]byte, 0, 32+48*(len(postings)+len(balances)))
	out = append(out, `{"postings":`...)
	out = appendPairs(out, len(postings), postings == nil, "amount", func(i int) (string, string) { return postings[i].Asset, postings[i].Amount })
	out = append(out, `,"balances":`...)
	out = appendPairs(out, len(balances), balances == nil, "balance", func(i int) (string, string) { return balances[i].Asset, balances[i].Balance })
	return append(out, '}'), nil
}

// appendPairs appends the JSON array of n objects {"asset":a,"<second>":b} (null when
// null), each string plain (plainJSON).
func appendPairs(out []byte, n int, null bool, second string, at func(i int) (string, string)) []byte {
	if null {
		return append(out, "null"...)
	}
	out = append(out, '[')
	for i := range n {
		if i > 0 {
			out = append(out, ',')
		}
		a, b := at(i)
		out = append(append(append(out, `{"asset":"`...), a...), `","`...)
		out = append(append(append(append(out, second...), `":"`...), b...), `"}`...)
	}
	return append(out, ']')
}

// plainJSON reports whether encoding/json writes s as itself between quotes: printable
// ASCII but for the quote, the backslash and the HTML characters it escapes.
func plainJSON(s string) bool {
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < 0x20 || c >= 0x7f, c == '"', c == '\\', c == '<', c == '>', c == '&':
			return false
		}
	}
	return true
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
	ReceiptsToSign(ctx context.Context, limit int) ([]store.StoredReceipt, error)
	SetReceiptSignatures(ctx context.Context, sigs []store.ReceiptSignature, through int64) error
}

// SignReceipts signs the unsigned receipts among the next limit the receipt key's job has
// not looked at (in their insertion order) with the receipt key s, and records their
// signatures and how far it looked in one transaction; it returns how many receipts it
// looked at. The key signs only digests computed in this process from receipts it built
// and checked, never a hash read from the store as such (32 bytes read from the store
// would let whoever wrote them have the receipt key sign anything): a receipt this
// process wrote is signed by the digest its writer computed (built), any other's content
// is decoded and hashed here. A row whose content does not hash to its stored hash is
// left unsigned and reported (the last such error), and the others are signed; a
// signature the key fails to make ends the round there, to be tried again.
func SignReceipts(ctx context.Context, st ReceiptSigner, s signer.Signer, limit int) (int, error) {
	rows, err := st.ReceiptsToSign(ctx, limit)
	if err != nil {
		return 0, err
	}
	sigs := make([]store.ReceiptSignature, 0, len(rows))
	var (
		bad     error
		through int64
		looked  int
	)
	for _, row := range rows {
		if row.Signature == nil {
			h, err := digestOf(row)
			if err != nil {
				bad = err
			} else {
				sig, err := s.SignEIP712Digest(ctx, h)
				if err != nil {
					bad = fmt.Errorf("sign receipt %s #%d: %w", row.AccountID, row.Seq, err)
					break
				}
				sigs = append(sigs, store.ReceiptSignature{Pos: row.Pos, Signature: sig})
				// A round signs a gather's receipts (signerGather, some milliseconds of
				// signing under load): yield between them, so that a swap's goroutine
				// queued behind the job does not wait for the whole round (the runtime
				// preempts a running goroutine only after 10 ms).
				runtime.Gosched()
			}
		}
		through, looked = row.Pos, looked+1
	}
	if looked > 0 { // one transaction for the round: the signatures share a commit
		if err := st.SetReceiptSignatures(ctx, sigs, through); err != nil {
			return 0, err
		}
	}
	return looked, bad
}

// digestOf returns the EIP-712 digest of a stored receipt to sign: the one its writer in
// this process computed (built), else its content's, which must be its stored hash.
func digestOf(row store.StoredReceipt) (common.Hash, error) {
	if built.take(row.Hash) {
		return row.Hash, nil
	}
	r, err := SignedReceipt(row)
	if err != nil {
		return common.Hash{}, err
	}
	h, err := r.Receipt.HashWith(nil)
	if err != nil {
		return common.Hash{}, fmt.Errorf("receipt %s #%d: %w", row.AccountID, row.Seq, err)
	}
	if h != row.Hash {
		return common.Hash{}, fmt.Errorf("receipt %s #%d: stored hash %s, content hashes to %s: not signed", row.AccountID, row.Seq, row.Hash, h)
	}
	return h, nil
}

// signerGather is how long the receipt key's job lets receipts gather after a wake
// before it signs them: under load a commit wakes it every few milliseconds, and a round
// per commit put a transaction of its own (a statement, its rows' pages written again)
// into the one writer's serial path for a handful of receipts.
const signerGather = 100 * time.Millisecond

// RunReceiptSigner signs receipts until ctx ends: soon (signerGather) after a commit that
// wrote events in this process (wake, the store's EventsNotifyBackground: every movement
// writes one), after other processes' notifications of theirs on PostgreSQL (under load
// at most 250 ms apart: the signer does not count as reading events), and at least every
// poll. A failed round is logged and retried at the next wake.
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
