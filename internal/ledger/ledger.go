// Package ledger is the OFFCHAIN venue's double-entry ledger: every movement of funds is
// one entry whose postings sum to zero per asset, between users' books and the house's
// (custody per chain or bank, fees, trading inventory, suspense). Balances are derived
// from postings (the store keeps them up to date in the entry's transaction); holds
// reserve funds for pending withdrawals; entries are idempotent by an external key and
// write their outbox event in the same transaction.
//
// A user's available balance is balance - open holds. It may not go below zero unless the
// caller lends credit (Options.Credit: the account's position after the movement must fit
// its COLLATERAL_CREDIT_CAP and _LEVERAGE, judged by the one valuation, Position, in
// credit.go). The house's books have no floor: custody books go negative by what users
// deposited (the house owes it to them), which is what makes every asset's postings sum
// to zero. Every balance, hold, available amount and credit figure is computed here.
package ledger

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Book prefixes and the house's fixed books.
const (
	userPrefix  = "user:"
	housePrefix = "house:"
	// BookFees collects commissions, in shards (ShardBook).
	BookFees = "house:fees"
	// BookInventory is the house's trading inventory (it is the counterparty of swaps), in
	// shards (ShardBook).
	BookInventory = "house:inventory"
	// BookSuspense holds what arrived but cannot be attributed (a bank transfer with an
	// unknown reference) until an operator resolves it.
	BookSuspense = "house:suspense"
)

// UserBook is the book of an account.
func UserBook(accountID string) string { return userPrefix + accountID }

// CustodyBook is the house's book of funds held at a location: a chain's source name, or
// "bank:<name>".
func CustodyBook(location string) string { return housePrefix + "custody:" + location }

// ShardBook is the book of shard i of a house book: the book itself for shard 0, else
// "book/i". The house's trading books are split into shards so that concurrent trades,
// each posting to a shard it holds, do not queue on one balance row per asset; their
// balances are summed (store HouseBalance) wherever the house's position is judged, and
// every shard is a book of its own to the ledger, so each asset still sums to zero and
// Audit checks each shard's balance against its postings.
func ShardBook(book string, i int) string {
	if i == 0 {
		return book
	}
	return book + store.ShardSeparator + strconv.Itoa(i)
}

// userBooks are the user books an entry moves.
func userBooks(e store.LedgerEntry) []string {
	var books []string
	for _, p := range e.Postings {
		if _, ok := IsUserBook(p.Book); ok && !slices.Contains(books, p.Book) {
			books = append(books, p.Book)
		}
	}
	return books
}

// IsUserBook reports whether book belongs to an account, and which.
func IsUserBook(book string) (accountID string, ok bool) {
	return strings.CutPrefix(book, userPrefix)
}

// Entry kinds.
const (
	KindDeposit    = "DEPOSIT"
	KindWithdrawal = "WITHDRAWAL"
	KindTrade      = "TRADE"
	KindTransfer   = "TRANSFER"
	KindAdjustment = "ADJUSTMENT"
)

// MaxKeyLen bounds external keys.
const MaxKeyLen = 256

// Errors.
var (
	// ErrUnbalanced: the postings of an asset do not sum to zero, or an entry is empty.
	ErrUnbalanced = errors.New("ledger entry does not balance")
	// ErrInsufficientFunds: a user book's available balance would fall below its floor.
	ErrInsufficientFunds = errs.ErrInsufficientFunds
	// ErrKeyReused: an external key already names an entry with other postings.
	ErrKeyReused = errors.New("external key already used by another entry")
	// ErrHoldExists: a hold key already names a hold of another book, asset or amount.
	ErrHoldExists = errors.New("hold key already used by another hold")
	// ErrNoOpenHold: the hold is unknown or no longer open.
	ErrNoOpenHold = errors.New("no open hold")
)

// Options change a posting's checks. The zero Options lends nothing: no user book's
// available balance may fall below zero.
type Options struct {
	// Credit lends the entry's account (LedgerEntry.AccountID) credit on these terms: its
	// available balances may go below zero as long as its position after the entry fits
	// them (Position.Fits). Every other user book keeps its floor of zero.
	Credit *Terms
	// NewKey says the caller made the entry's external key unique in its transaction
	// already (a swap's key names the order it inserted, whose instructionId is unique):
	// the ledger does not look the key up first, and a key found taken all the same
	// fails the entry's insert with ErrKeyReused.
	NewKey bool
	// Head is the entry's own account's receipt head as the caller read it before the
	// transaction (store.TraderReads), on a store of one writer only (Store.SingleWriter:
	// SQLite, where a refused insert leaves the transaction as it was). The account's
	// receipt then follows it without a read of the head in the writer's serial path; when
	// its sequence is found taken (a movement of the account committed meanwhile, or came
	// first in the transaction), the ledger reads the head and links after that instead.
	Head *store.StoredReceipt
	// Parts are the hashes of the entry's own account's receipt's account, reference,
	// postings and balances as the caller expects them, computed before the transaction
	// (receipt.PartsOf), nil when not: the receipt is hashed with each that matches it,
	// and the others are hashed in the transaction.
	Parts *receipt.Parts
	// InstructionID, when not empty, is the instructionId the entry's Meta states (the
	// caller built both): the reference of its own account's receipt, without decoding
	// Meta in the transaction.
	InstructionID string
}

// Tx is what a ledger's unit of work reads and writes: the ledger's rows and the outbox.
// A consumer that posts inside its own transaction (PostTx, HoldTx) declares a Tx that
// embeds this one.
type Tx interface {
	Reader
	LockLedgerBooks(ctx context.Context, books []string) error
	LedgerBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	LedgerEntryByKey(ctx context.Context, key string) (store.LedgerEntry, error)
	InsertLedgerEntry(ctx context.Context, e store.LedgerEntry) (store.LedgerEntry, error)
	LedgerHold(ctx context.Context, key string) (store.LedgerHold, error)
	PutLedgerHold(ctx context.Context, h store.LedgerHold) error
	SetLedgerHoldState(ctx context.Context, key, state string, at time.Time) error
	UncaptureLedgerHold(ctx context.Context, key string, at time.Time) error
	ReceiptTx
	outbox.Tx
}

var _ Tx = store.Tx(nil)

// Store is what a Ledger reads and writes: every write goes through InTx.
type Store interface {
	Reader
	store.Units[Tx]
}

// Over returns st, a consumer's store whose units of work hand T (a Tx with more), as
// the store of a Ledger: the consumer's ledger then writes through the consumer's units
// of work (fenced, when the consumer's are).
func Over[T Tx](st interface {
	Reader
	store.Units[T]
}) Store {
	return over[T]{st: st}
}

type over[T Tx] struct {
	st interface {
		Reader
		store.Units[T]
	}
}

// LedgerBalances implements Reader.
func (o over[T]) LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return o.st.LedgerBalances(ctx, book)
}

// HeldAmounts implements Reader.
func (o over[T]) HeldAmounts(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return o.st.HeldAmounts(ctx, book)
}

// LedgerBook implements Reader.
func (o over[T]) LedgerBook(ctx context.Context, book string) (balances, held map[string]decimal.Decimal, err error) {
	return o.st.LedgerBook(ctx, book)
}

// InTx implements store.Units.
func (o over[T]) InTx(ctx context.Context, fn func(tx Tx) error) error {
	return o.st.InTx(ctx, func(tx T) error { return fn(tx) })
}

// Ledger posts entries and manages holds on a store. It is safe for concurrent use: every
// check and write of one call runs in one store transaction.
type Ledger struct {
	st  Store
	now func() time.Time
	// receipts says whether movements write their receipts (receipts.go).
	receipts bool
}

// New returns a ledger over st that writes a receipt of every movement of an account
// (receipts.go); now defaults to time.Now.
func New(st Store, now func() time.Time) *Ledger {
	if now == nil {
		now = time.Now
	}
	return &Ledger{st: st, now: now, receipts: true}
}

// WithoutReceipts makes l write no receipts (config receipts.off: what the benchmark
// compares with) and returns it.
func (l *Ledger) WithoutReceipts() *Ledger {
	l.receipts = false
	return l
}

// Check validates an entry on its own: a key, postings with known books, non-zero
// amounts, and a zero sum per asset.
func Check(e store.LedgerEntry) error {
	if e.ExternalKey == "" || len(e.ExternalKey) > MaxKeyLen {
		return fmt.Errorf("%w: external key must be 1 to %d bytes", ErrUnbalanced, MaxKeyLen)
	}
	if len(e.Postings) < 2 {
		return fmt.Errorf("%w: an entry needs at least two postings", ErrUnbalanced)
	}
	sums := map[string]decimal.Decimal{}
	for _, p := range e.Postings {
		if !strings.HasPrefix(p.Book, userPrefix) && !strings.HasPrefix(p.Book, housePrefix) {
			return fmt.Errorf("%w: book %q is neither a user's nor the house's", ErrUnbalanced, p.Book)
		}
		if p.Asset == "" || p.Amount.IsZero() {
			return fmt.Errorf("%w: a posting needs an asset and a non-zero amount", ErrUnbalanced)
		}
		sums[p.Asset] = sums[p.Asset].Add(p.Amount)
	}
	for asset, sum := range sums {
		if !sum.IsZero() {
			return fmt.Errorf("%w: %s postings sum to %s", ErrUnbalanced, asset, sum)
		}
	}
	return nil
}

// Post posts e in its own transaction; see PostTx.
func (l *Ledger) Post(ctx context.Context, e store.LedgerEntry, ev *outbox.Event, opts Options) (store.LedgerEntry, bool, error) {
	var (
		out     store.LedgerEntry
		created bool
	)
	err := l.st.InTx(ctx, func(tx Tx) error {
		var err error
		out, created, err = l.PostTx(ctx, tx, e, ev, opts)
		return err
	})
	return out, created, err
}

// PostTx posts e inside the caller's transaction tx, with its event ev (may be nil). An
// entry whose external key exists is not posted again: the existing entry is returned
// with created false when its postings are the same, ErrKeyReused when not. A user book
// whose available balance would fall below its floor fails the whole entry with
// ErrInsufficientFunds. The user books e moves are locked (LockLedgerBooks) before
// anything is read: what PostTx decides on is then current and stays so until the
// commit, whatever the transaction's isolation.
func (l *Ledger) PostTx(ctx context.Context, tx Tx, e store.LedgerEntry, ev *outbox.Event, opts Options) (store.LedgerEntry, bool, error) {
	p, err := l.post(ctx, tx, e, ev, opts, true)
	return p.Entry, p.Created, err
}

// Posted is what PostedTx did.
type Posted struct {
	// Entry is the entry posted, or the existing one of its external key.
	Entry store.LedgerEntry
	// Created is false when the entry existed (nothing was posted).
	Created bool
	// Receipt is the receipt of the entry's own account written with it, unsigned (the
	// receipt key's job signs it after the commit); nil when the entry existed, writes
	// no receipts or posts nothing to its own account. A caller answering with it need
	// not read it back.
	Receipt *receipt.Signed
}

// PostedTx is PostTx that also returns the receipt it wrote of the entry's own account.
func (l *Ledger) PostedTx(ctx context.Context, tx Tx, e store.LedgerEntry, ev *outbox.Event, opts Options) (Posted, error) {
	return l.post(ctx, tx, e, ev, opts, true)
}

// post is PostedTx; floors says whether the user books' floors and credit are checked.
func (l *Ledger) post(ctx context.Context, tx Tx, e store.LedgerEntry, ev *outbox.Event, opts Options, floors bool) (Posted, error) {
	if err := Check(e); err != nil {
		return Posted{}, err
	}
	if err := tx.LockLedgerBooks(ctx, userBooks(e)); err != nil {
		return Posted{}, err
	}
	if !opts.NewKey {
		existing, err := tx.LedgerEntryByKey(ctx, e.ExternalKey)
		switch {
		case err == nil:
			if !samePostings(existing, e) {
				return Posted{Entry: existing}, fmt.Errorf("%w: %s", ErrKeyReused, e.ExternalKey)
			}
			return Posted{Entry: existing}, nil
		case !errors.Is(err, store.ErrNotFound):
			return Posted{}, err
		}
	}
	if floors {
		if err := l.checkFloors(ctx, tx, e, opts); err != nil {
			return Posted{}, err
		}
	}
	if e.CreatedAt.IsZero() {
		e.CreatedAt = l.now()
	}
	if ev != nil {
		if _, activity := ev.Payload.(outbox.LedgerActivity); !activity {
			// Its payload does not carry the receipt: the event is written with the entry
			// (one statement on PostgreSQL).
			r, err := outbox.Encode(*ev)
			if err != nil {
				return Posted{}, err
			}
			e.Event, ev = &r, nil
		}
	}
	head, err := l.ownHead(ctx, tx, e, opts.Head)
	if err != nil {
		return Posted{}, err
	}
	if head != nil {
		e.ReceiptSeq = head.Seq + 1 // recorded by the entry's own insert
	}
	out, err := tx.InsertLedgerEntry(ctx, e)
	if opts.NewKey && errors.Is(err, store.ErrConflict) {
		return Posted{}, fmt.Errorf("%w: %s (%w)", ErrKeyReused, e.ExternalKey, err)
	}
	if err != nil {
		return Posted{}, err
	}
	own, err := l.receiptsOf(ctx, tx, out, head, head == opts.Head, opts)
	if err != nil {
		return Posted{}, err
	}
	if ev != nil {
		ev := *ev
		if p, ok := ev.Payload.(outbox.LedgerActivity); ok && own != nil {
			p.Receipt = own
			ev.Payload = p
		}
		if err := outbox.Write(ctx, tx, ev); err != nil {
			return Posted{}, err
		}
	}
	return Posted{Entry: out, Created: true, Receipt: own}, nil
}

// checkFloors refuses an entry that takes a user book's available balance below its
// floor, or, for the account lent credit (opts.Credit), its position beyond its terms.
// Only books the entry takes from are checked: a credit is always accepted.
func (l *Ledger) checkFloors(ctx context.Context, tx Tx, e store.LedgerEntry, opts Options) error {
	type key struct{ book, asset string }
	net := map[key]decimal.Decimal{}
	for _, p := range e.Postings {
		if _, user := IsUserBook(p.Book); user {
			k := key{p.Book, p.Asset}
			net[k] = net[k].Add(p.Amount)
		}
	}
	borrower := ""
	if opts.Credit != nil {
		borrower = UserBook(e.AccountID)
		delta := map[string]decimal.Decimal{}
		takes := false
		for k, d := range net {
			if k.book == borrower {
				delta[k.asset] = d
				takes = takes || d.IsNegative()
			}
		}
		if takes {
			if err := checkCredit(ctx, tx, e.AccountID, *opts.Credit, delta); err != nil {
				return err
			}
		}
	}
	for k, delta := range net {
		if !delta.IsNegative() || k.book == borrower {
			continue
		}
		avail, err := available(ctx, tx, k.book, k.asset)
		if err != nil {
			return err
		}
		if avail.Add(delta).IsNegative() {
			return fmt.Errorf("%w: %s available %s, needs %s", ErrInsufficientFunds, k.asset, avail, delta.Neg())
		}
	}
	return nil
}

// checkCredit judges moving accountID's available balances by delta under terms.
func checkCredit(ctx context.Context, q Reader, accountID string, terms Terms, delta map[string]decimal.Decimal) error {
	before, err := PositionIn(ctx, q, accountID, terms)
	if err != nil {
		return err
	}
	return before.Fits(before.Apply(delta))
}

// available is a book's balance less its open holds.
func available(ctx context.Context, tx Tx, book, asset string) (decimal.Decimal, error) {
	bal, err := tx.LedgerBalance(ctx, book, asset)
	if err != nil {
		return decimal.Zero, err
	}
	held, err := tx.HeldAmounts(ctx, book)
	if err != nil {
		return decimal.Zero, err
	}
	return bal.Sub(held[asset]), nil
}

func samePostings(a, b store.LedgerEntry) bool {
	if a.Kind != b.Kind || a.AccountID != b.AccountID || len(a.Postings) != len(b.Postings) {
		return false
	}
	for i := range a.Postings {
		p, q := a.Postings[i], b.Postings[i]
		if p.Book != q.Book || p.Asset != q.Asset || !p.Amount.Equal(q.Amount) {
			return false
		}
	}
	return len(b.Meta) == 0 || bytes.Equal(compactJSON(a.Meta), compactJSON(b.Meta))
}

func compactJSON(m json.RawMessage) []byte {
	var buf bytes.Buffer
	if err := json.Compact(&buf, m); err != nil {
		return m
	}
	return buf.Bytes()
}

// HoldTx reserves amount of asset in accountID's book under key, inside tx: the book's
// available balance must stay at or above zero, and with opts.Credit its position must
// fit the account's credit terms. Holding again under the same key
// with the same book, asset and amount is a no-op (a retried withdrawal).
func (l *Ledger) HoldTx(ctx context.Context, tx Tx, key, accountID, asset string, amount decimal.Decimal, opts Options) error {
	if key == "" || len(key) > MaxKeyLen || !amount.IsPositive() {
		return fmt.Errorf("%w: a hold needs a key and a positive amount", ErrUnbalanced)
	}
	book := UserBook(accountID)
	if err := tx.LockLedgerBooks(ctx, []string{book}); err != nil {
		return err
	}
	h, err := tx.LedgerHold(ctx, key)
	if err == nil {
		if h.Book != book || h.Asset != asset || !h.Amount.Equal(amount) {
			return fmt.Errorf("%w: %s", ErrHoldExists, key)
		}
		return nil
	}
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	avail, err := available(ctx, tx, book, asset)
	if err != nil {
		return err
	}
	if avail.Sub(amount).IsNegative() {
		return fmt.Errorf("%w: %s available %s, needs %s", ErrInsufficientFunds, asset, avail, amount)
	}
	if opts.Credit != nil {
		if err := checkCredit(ctx, tx, accountID, *opts.Credit, map[string]decimal.Decimal{asset: amount.Neg()}); err != nil {
			return err
		}
	}
	if err := tx.PutLedgerHold(ctx, store.LedgerHold{Key: key, Book: book, Asset: asset, Amount: amount, CreatedAt: l.now()}); err != nil {
		return err
	}
	return l.holdReceipt(ctx, tx, KindHold, accountID, asset, key)
}

// ReleaseTx releases an open hold inside tx (a failed or rejected withdrawal).
func (l *Ledger) ReleaseTx(ctx context.Context, tx Tx, key string) error {
	if err := tx.SetLedgerHoldState(ctx, key, store.HoldReleased, l.now()); errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("%w: %s", ErrNoOpenHold, key)
	} else if err != nil {
		return err
	}
	h, err := tx.LedgerHold(ctx, key)
	if err != nil {
		return err
	}
	acct, ok := IsUserBook(h.Book)
	if !ok {
		return nil
	}
	return l.holdReceipt(ctx, tx, KindRelease, acct, h.Asset, key)
}

// CaptureTx closes an open hold and posts the entry it reserved funds for, inside tx. No
// floor is checked: the hold reserved the funds and the money is gone (a paid withdrawal
// always completes, even when a credit trade took the balance below zero after the hold).
//
// The entry's external key is its own the first time; a hold captured again after
// UncaptureTx reversed its capture posts under the next free key (key#2, key#3, ...), so
// that the second capture is a new entry, not the first one found again.
func (l *Ledger) CaptureTx(ctx context.Context, tx Tx, key string, e store.LedgerEntry, ev *outbox.Event) (store.LedgerEntry, error) {
	if err := tx.SetLedgerHoldState(ctx, key, store.HoldCaptured, l.now()); errors.Is(err, store.ErrNotFound) {
		return store.LedgerEntry{}, fmt.Errorf("%w: %s", ErrNoOpenHold, key)
	} else if err != nil {
		return store.LedgerEntry{}, err
	}
	k, _, err := captureKeys(ctx, tx, e.ExternalKey)
	if err != nil {
		return store.LedgerEntry{}, err
	}
	e.ExternalKey = k
	p, err := l.post(ctx, tx, e, ev, Options{NewKey: true}, false) // captureKeys found k free
	return p.Entry, err
}

// maxCaptures bounds how many times one hold is captured and reversed: each time takes a
// reorg deeper than the confirmation depth of its payment.
const maxCaptures = 16

// captureKeys returns the first external key among base, base#2, ... that no entry has
// (the next capture's), and the entry of the one before it (the last capture), if any.
func captureKeys(ctx context.Context, tx Tx, base string) (next string, last *store.LedgerEntry, err error) {
	for i := 1; i <= maxCaptures; i++ {
		k := base
		if i > 1 {
			k = fmt.Sprintf("%s#%d", base, i)
		}
		e, err := tx.LedgerEntryByKey(ctx, k)
		if errors.Is(err, store.ErrNotFound) {
			return k, last, nil
		}
		if err != nil {
			return "", nil, err
		}
		last = &e
	}
	return "", nil, fmt.Errorf("%w: %s captured %d times", ErrKeyReused, base, maxCaptures)
}

// UncaptureTx reverses the capture of a hold, inside tx: the payment its entry recorded
// was taken out of the chain by a reorg deeper than the confirmation depth, and then
// failed, so nothing was paid. It posts the capture entry's postings negated (an
// ADJUSTMENT under "reversal:" and the capture's key, with a receipt like any movement)
// and moves the hold to RELEASED: the funds are the account's again, and a later
// reorg that brings the payment back holds them again before it is paid.
func (l *Ledger) UncaptureTx(ctx context.Context, tx Tx, key, captureKey, reason string) (store.LedgerEntry, error) {
	if err := tx.UncaptureLedgerHold(ctx, key, l.now()); errors.Is(err, store.ErrNotFound) {
		return store.LedgerEntry{}, fmt.Errorf("%w: %s is not captured", ErrNoOpenHold, key)
	} else if err != nil {
		return store.LedgerEntry{}, err
	}
	_, capture, err := captureKeys(ctx, tx, captureKey)
	if err != nil {
		return store.LedgerEntry{}, err
	}
	if capture == nil {
		return store.LedgerEntry{}, fmt.Errorf("%w: hold %s is captured by no entry %s", ErrUnbalanced, key, captureKey)
	}
	meta, err := json.Marshal(struct {
		Reverses string `json:"reverses"`
		Reason   string `json:"reason"`
	}{capture.ExternalKey, reason})
	if err != nil {
		return store.LedgerEntry{}, err
	}
	rev := store.LedgerEntry{ExternalKey: "reversal:" + capture.ExternalKey, Kind: KindAdjustment, AccountID: capture.AccountID, Meta: meta}
	for _, p := range capture.Postings {
		p.Amount = p.Amount.Neg()
		rev.Postings = append(rev.Postings, p)
	}
	// Each capture is reversed at most once (the hold leaves CAPTURED here): the key is new.
	p, err := l.post(ctx, tx, rev, nil, Options{NewKey: true}, false)
	return p.Entry, err
}

// Balance is one asset of a book.
type Balance struct {
	Asset string
	// Balance is the sum of the book's postings; it may be negative within credit.
	Balance decimal.Decimal
	// Held is reserved by open holds.
	Held decimal.Decimal
	// Available is Balance - Held.
	Available decimal.Decimal
}

// Balances returns an account's balance of every asset it ever held, by asset.
func (l *Ledger) Balances(ctx context.Context, accountID string) (map[string]Balance, error) {
	return BalancesIn(ctx, l.st, accountID)
}

// Audit checks the ledger as a whole: every asset's postings sum to zero, and every
// book's derived balance equals the sum of its postings. It returns the first violation
// (ErrUnbalanced), for tests and an operator's check.
func Audit(ctx context.Context, st store.Ledger) error {
	perAsset, perBook, err := st.LedgerPostingSums(ctx)
	if err != nil {
		return err
	}
	for asset, sum := range perAsset {
		if !sum.IsZero() {
			return fmt.Errorf("%w: %s postings sum to %s", ErrUnbalanced, asset, sum)
		}
	}
	for book, sums := range perBook {
		derived, err := st.LedgerBalances(ctx, book)
		if err != nil {
			return err
		}
		for asset, sum := range sums {
			if !sum.Equal(derived[asset]) {
				return fmt.Errorf("%w: %s %s derived %s, postings %s", ErrUnbalanced, book, asset, derived[asset], sum)
			}
		}
	}
	return nil
}
