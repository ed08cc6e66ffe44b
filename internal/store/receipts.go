package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
)

// MaxReceiptsPage bounds one page of an account's receipts.
const MaxReceiptsPage = 1000

// StoredReceipt is one receipt row: a receipt of an account's ledger movement (the
// api/receipt format, kept as its JSON in Body), with its hash and, once signed, its
// signature.
type StoredReceipt struct {
	AccountID string
	// Seq numbers the account's receipts from 1.
	Seq uint64
	// EntryID is the ledger entry (0 for a hold or a release, which are no entry).
	EntryID int64
	Kind    string
	// Reference is the instructionId or the movement's external reference.
	Reference string
	CreatedAt time.Time
	// Body is the receipt's JSON (api/receipt.Receipt).
	Body json.RawMessage
	// Prev is the hash of the account's receipt Seq-1 (zero for the first); Hash is this
	// one's.
	Prev, Hash common.Hash
	// Signature is nil until the receipt key signed Hash.
	Signature []byte
}

// Receipts owns the receipt rows. InsertReceipt runs in the movement's unit of work
// (internal/ledger), right after ReceiptHead locked the account's head.
type Receipts interface {
	// ReceiptHead returns the account's latest receipt's sequence, hash and time (not its
	// body: what the next receipt links to), locking it on PostgreSQL until the commit,
	// so concurrent writers of one account queue; ErrNotFound before the first.
	ReceiptHead(ctx context.Context, accountID string) (StoredReceipt, error)
	// InsertReceipt inserts a receipt; ErrConflict when the account's Seq exists.
	InsertReceipt(ctx context.Context, r StoredReceipt) error
	// ReceiptsAfter returns up to limit (at most MaxReceiptsPage) receipts of an account
	// with Seq > after, by Seq.
	ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]StoredReceipt, error)
	// ReceiptsOfEntries returns the account's receipt of each of its ledger entries whose
	// external key is one of keys and that has one (the entry's own account's receipt),
	// by key.
	ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]StoredReceipt, error)
	// UnsignedReceipts returns up to limit receipts still without a signature, oldest
	// first.
	UnsignedReceipts(ctx context.Context, limit int) ([]StoredReceipt, error)
	// SetReceiptSignatures records receipts' signatures in one transaction, each unless
	// its receipt has one already (a signature of the same hash by another process).
	SetReceiptSignatures(ctx context.Context, sigs []ReceiptSignature) error
}

// ReceiptSignature is the signature of an account's receipt Seq.
type ReceiptSignature struct {
	AccountID string
	Seq       uint64
	Signature []byte
}

var _ Receipts = (*SQLite)(nil)

const receiptColumns = `account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash, signature`

func scanReceipt(r scanner) (StoredReceipt, error) {
	var (
		s          StoredReceipt
		at         int64
		body       string
		prev, hash string
		sig        sql.NullString
	)
	if err := r.Scan(&s.AccountID, &s.Seq, &s.EntryID, &s.Kind, &s.Reference, &at, &body, &prev, &hash, &sig); err != nil {
		return s, err
	}
	s.CreatedAt, s.Body = time.UnixMilli(at), json.RawMessage(body)
	s.Prev, s.Hash = common.HexToHash(prev), common.HexToHash(hash)
	if sig.Valid {
		b, err := hexutil.Decode(sig.String)
		if err != nil {
			return s, fmt.Errorf("receipt %s #%d signature: %w", s.AccountID, s.Seq, err)
		}
		s.Signature = b
	}
	return s, nil
}

func (s *conn) queryReceipts(ctx context.Context, op, query string, args ...any) ([]StoredReceipt, error) {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(op, err)
	}
	defer rows.Close()
	var out []StoredReceipt
	for rows.Next() {
		r, err := scanReceipt(rows)
		if err != nil {
			return nil, wrap(op, err)
		}
		out = append(out, r)
	}
	return out, wrap(op, rows.Err())
}

// ReceiptHead implements Receipts.
func (s *conn) ReceiptHead(ctx context.Context, accountID string) (StoredReceipt, error) {
	if h, ok := s.takeSwapHead(accountID); ok { // read and locked by TraderReadsLocking
		if h == nil {
			return StoredReceipt{}, fmt.Errorf("receipt head of %s: %w", accountID, ErrNotFound)
		}
		return *h, nil
	}
	r := StoredReceipt{AccountID: accountID}
	var (
		at   int64
		hash string
	)
	err := s.r.QueryRowContext(ctx, `SELECT seq, created_ms, hash FROM receipts WHERE account_id = ?
		ORDER BY seq DESC LIMIT 1`+s.forUpdate(), accountID).Scan(&r.Seq, &at, &hash)
	if err != nil {
		return StoredReceipt{}, wrap("receipt head", err)
	}
	r.CreatedAt, r.Hash = time.UnixMilli(at), common.HexToHash(hash)
	return r, nil
}

// InsertReceipt implements Receipts. The receipt of an entry's own account is recorded
// on the entry too (ledger_entries.receipt_seq), where ReceiptsOfEntries finds it.
func (s *conn) InsertReceipt(ctx context.Context, r StoredReceipt) error {
	if l := s.swapLocks; l != nil && l.account == r.AccountID {
		l.headRead = false // the head moves
	}
	var sig any
	if r.Signature != nil {
		sig = hexutil.Encode(r.Signature)
	}
	const insert = `INSERT INTO receipts (` + receiptColumns + `) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	args := []any{r.AccountID, r.Seq, r.EntryID, r.Kind, r.Reference, r.CreatedAt.UnixMilli(), string(r.Body), r.Prev.Hex(), r.Hash.Hex(), sig}
	if r.EntryID > 0 && s.postgres() {
		// One statement, one round trip: the insert and the entry's sequence.
		_, err := s.q.ExecContext(ctx, `WITH r AS (`+insert+` RETURNING account_id, seq, entry_id)
			UPDATE ledger_entries SET receipt_seq = r.seq FROM r WHERE ledger_entries.id = r.entry_id AND ledger_entries.account_id = r.account_id`, args...)
		return wrap("insert receipt", err)
	}
	_, err := s.q.ExecContext(ctx, insert, args...)
	if err != nil || r.EntryID <= 0 {
		return wrap("insert receipt", err)
	}
	_, err = s.q.ExecContext(ctx, `UPDATE ledger_entries SET receipt_seq = ? WHERE id = ? AND account_id = ?`, r.Seq, r.EntryID, r.AccountID)
	return wrap("insert receipt: entry's sequence", err)
}

// ReceiptsAfter implements Receipts.
func (s *conn) ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]StoredReceipt, error) {
	if limit <= 0 || limit > MaxReceiptsPage {
		limit = MaxReceiptsPage
	}
	return s.queryReceipts(ctx, "receipts", `SELECT `+receiptColumns+` FROM receipts WHERE account_id = ? AND seq > ?
		ORDER BY seq LIMIT ?`, accountID, after, limit)
}

// ReceiptsOfEntries implements Receipts: through the entries' external keys (their
// unique index) and the receipts' primary key, so receipts need no index of their
// references.
func (s *conn) ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]StoredReceipt, error) {
	out := map[string]StoredReceipt{}
	for len(keys) > 0 {
		n := min(len(keys), 500)
		args := []any{accountID}
		for _, k := range keys[:n] {
			args = append(args, k)
		}
		rows, err := s.r.QueryContext(ctx, receiptsOfEntriesSQL(n), args...)
		if err != nil {
			return nil, wrap("receipts of entries", err)
		}
		err = scanEntryReceipts(rows, out)
		if err != nil {
			return nil, wrap("receipts of entries", err)
		}
		keys = keys[n:]
	}
	return out, nil
}

// receiptsOfEntriesSQL is ReceiptsOfEntries' statement for an account and n keys.
func receiptsOfEntriesSQL(n int) string {
	return `SELECT e.external_key, ` + prefixed("r.", receiptColumns) + ` FROM ledger_entries e
		JOIN receipts r ON r.account_id = e.account_id AND r.seq = e.receipt_seq
		WHERE e.account_id = ? AND e.receipt_seq > 0 AND e.external_key IN (` + repeatList("?", n) + `)`
}

// scanEntryReceipts reads rows of an external key and a receipt into out, and closes rows.
func scanEntryReceipts(rows *sql.Rows, out map[string]StoredReceipt) error {
	defer rows.Close()
	for rows.Next() {
		var key string
		r, err := scanReceipt(keyed{rows, &key})
		if err != nil {
			return err
		}
		out[key] = r
	}
	return rows.Err()
}

// keyed is a scanner whose first column goes to key, the rest to Scan's destinations.
type keyed struct {
	r   scanner
	key *string
}

func (k keyed) Scan(dest ...any) error { return k.r.Scan(append([]any{k.key}, dest...)...) }

// prefixed is the comma-separated columns cols, each with prefix p.
func prefixed(p, cols string) string {
	return p + strings.ReplaceAll(cols, ", ", ", "+p)
}

// UnsignedReceipts implements Receipts.
func (s *conn) UnsignedReceipts(ctx context.Context, limit int) ([]StoredReceipt, error) {
	if limit <= 0 || limit > MaxReceiptsPage {
		limit = MaxReceiptsPage
	}
	return s.queryReceipts(ctx, "unsigned receipts", `SELECT `+receiptColumns+` FROM receipts WHERE signature IS NULL
		ORDER BY created_ms LIMIT ?`, limit)
}

// SetReceiptSignatures implements Receipts.
func (s *conn) SetReceiptSignatures(ctx context.Context, sigs []ReceiptSignature) error {
	for _, sig := range sigs {
		if len(sig.Signature) == 0 {
			return errors.New("set receipt signatures: empty signature")
		}
	}
	return s.tx(ctx, func(tx queryer) error {
		for len(sigs) > 0 {
			n := min(len(sigs), maxSignaturesPerUpdate)
			if _, err := tx.ExecContext(ctx, signaturesUpdate(n), signatureArgs(sigs[:n])...); err != nil {
				return wrap("set receipt signatures", err)
			}
			sigs = sigs[n:]
		}
		return nil
	})
}

// maxSignaturesPerUpdate bounds the receipts one UPDATE signs (SetReceiptSignatures).
const maxSignaturesPerUpdate = 64

// signaturesUpdate is the statement that records the signatures of n receipts (n a
// power of two up to maxSignaturesPerUpdate, so a few texts serve every batch: the
// statement caches stay small), each unless its receipt has one.
func signaturesUpdate(n int) string {
	return `WITH s(account_id, seq, signature) AS (VALUES ` + repeatList("(?, CAST(? AS BIGINT), ?)", roundUpPow2(n)) + `)
		UPDATE receipts SET signature = s.signature FROM s
		WHERE receipts.account_id = s.account_id AND receipts.seq = s.seq AND receipts.signature IS NULL`
}

// signatureArgs are signaturesUpdate's arguments for sigs, the last repeated up to the
// statement's size (setting one signature twice in one statement sets it once).
func signatureArgs(sigs []ReceiptSignature) []any {
	n := roundUpPow2(len(sigs))
	args := make([]any, 0, 3*n)
	for i := range n {
		sig := sigs[min(i, len(sigs)-1)]
		args = append(args, sig.AccountID, int64(sig.Seq), hexutil.Encode(sig.Signature))
	}
	return args
}

// roundUpPow2 is the least power of two at least n (n >= 1).
func roundUpPow2(n int) int {
	p := 1
	for p < n {
		p *= 2
	}
	return p
}
