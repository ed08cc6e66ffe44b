package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
)

// MaxReceiptsPage bounds one page of an account's receipts.
const MaxReceiptsPage = 1000

// StoredReceipt is one receipt row: a receipt of an account's ledger movement (the
// api/receipt format, kept as its JSON in Body), with its hash and, once signed, its
// signature.
type StoredReceipt struct {
	// Pos numbers the receipts of every account in the order they were inserted (0 on a
	// receipt to insert): the receipt key's job signs them in that order.
	Pos       int64
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

// Receipts owns the receipt rows and their signatures. InsertReceipt runs in the
// movement's unit of work (internal/ledger), right after ReceiptHead locked the account's
// head. A signature is a row of its own (receipt_signatures), never an update of the
// receipt's: the receipt key's job follows the receipts in their insertion order (Pos)
// from where it stopped (ReceiptsToSign), and records their signatures and how far it
// got in one transaction (SetReceiptSignatures).
type Receipts interface {
	// ReceiptHead returns the account's latest receipt's sequence, hash and time (not its
	// body: what the next receipt links to), locking it on PostgreSQL until the commit,
	// so concurrent writers of one account queue; ErrNotFound before the first.
	ReceiptHead(ctx context.Context, accountID string) (StoredReceipt, error)
	// InsertReceipt inserts a receipt (and its signature, when it has one); ErrConflict
	// when the account's Seq exists. The entry of an account's own receipt records the
	// receipt's sequence in its own insert (LedgerEntry.ReceiptSeq).
	InsertReceipt(ctx context.Context, r StoredReceipt) error
	// SetEntryReceiptSeq records on entry entryID the sequence of its account's receipt
	// of it, when that is not the one its insert recorded (a head read before the
	// transaction that had moved).
	SetEntryReceiptSeq(ctx context.Context, entryID int64, seq uint64) error
	// ReceiptsAfter returns up to limit (at most MaxReceiptsPage) receipts of an account
	// with Seq > after, by Seq.
	ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]StoredReceipt, error)
	// ReceiptsOfEntries returns the account's receipt of each of its ledger entries whose
	// external key is one of keys and that has one (the entry's own account's receipt),
	// by key.
	ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]StoredReceipt, error)
	// ReceiptsToSign returns up to limit (at most MaxReceiptsPage) receipts after those
	// the receipt key's job has looked at (SetReceiptSignatures' through), by Pos, each
	// with its signature when it has one. Every receipt is returned once it committed,
	// never passed over for one of a higher Pos that committed before it.
	ReceiptsToSign(ctx context.Context, limit int) ([]StoredReceipt, error)
	// SetReceiptSignatures records receipts' signatures in one transaction, each unless
	// its receipt has one already (a signature of the same hash by another process), and
	// that the job has looked at every receipt up to Pos through (never moving back).
	SetReceiptSignatures(ctx context.Context, sigs []ReceiptSignature, through int64) error
}

// ReceiptSignature is the signature of the receipt Pos.
type ReceiptSignature struct {
	Pos       int64
	Signature []byte
}

var _ Receipts = (*SQLite)(nil)

// receiptColumns are a receipt's columns in scanReceipt's order, of receipts r and
// their signatures s (joined: receiptsFrom).
const receiptColumns = `r.pos, r.account_id, r.seq, r.entry_id, r.kind, r.reference, r.created_ms, r.body, r.prev_hash, r.hash, s.signature`

// receiptsFrom is the receipts with their signatures.
const receiptsFrom = ` FROM receipts r LEFT JOIN receipt_signatures s ON s.pos = r.pos`

func scanReceipt(r scanner) (StoredReceipt, error) {
	var (
		s          StoredReceipt
		at         int64
		body       string
		prev, hash []byte
	)
	if err := r.Scan(&s.Pos, &s.AccountID, &s.Seq, &s.EntryID, &s.Kind, &s.Reference, &at, &body, &prev, &hash, &s.Signature); err != nil {
		return s, err
	}
	s.CreatedAt, s.Body = time.UnixMilli(at), json.RawMessage(body)
	s.Prev, s.Hash = common.BytesToHash(prev), common.BytesToHash(hash)
	if len(s.Signature) == 0 {
		s.Signature = nil
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
		hash []byte
	)
	query := receiptHeadSQL
	if s.postgres() {
		query = `SELECT pos, seq, created_ms, hash FROM receipts WHERE account_id = ?
			ORDER BY seq DESC LIMIT 1` + s.forUpdate()
	}
	err := s.r.QueryRowContext(ctx, query, accountID).Scan(&r.Pos, &r.Seq, &at, &hash)
	if err != nil {
		return StoredReceipt{}, wrap("receipt head", err)
	}
	r.CreatedAt, r.Hash = time.UnixMilli(at), common.BytesToHash(hash)
	return r, nil
}

// receiptHeadSQL reads an account's receipt head on SQLite (migration 0087).
const receiptHeadSQL = `SELECT pos, seq, created_ms, hash FROM receipt_heads WHERE account_id = ?`

// InsertReceipt implements Receipts: on PostgreSQL one statement, the receipt's row (its
// entry recorded the receipt's sequence in its own insert); on SQLite the row and the
// move of its account's head (insertSQLiteReceipt).
func (s *conn) InsertReceipt(ctx context.Context, r StoredReceipt) error {
	if r.Seq == 0 {
		return fmt.Errorf("insert receipt of %s: sequence 0 (receipts are numbered from 1)", r.AccountID)
	}
	if l := s.swapLocks; l != nil && l.account == r.AccountID {
		l.headRead = false // the head moves
	}
	if !s.postgres() {
		return s.insertSQLiteReceipt(ctx, r)
	}
	const insert = `INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
	args := []any{r.AccountID, r.Seq, r.EntryID, r.Kind, r.Reference, r.CreatedAt.UnixMilli(), string(r.Body), r.Prev.Bytes(), r.Hash.Bytes()}
	if st := s.stash(); st != nil && st.entry != nil && st.entry.id == r.EntryID && st.entry.receipt == nil && r.Signature == nil {
		// The receipt of an entry kept back for it: in the entry's statement
		// (postgres_stash.go), written with it, or with its group's writes
		// (groupwrites.go) when it is kept for them.
		st.entry.receipt = args
		if st.entry.rows != nil {
			return nil
		}
		return st.fail(st.takeEntry().send(ctx, st.q))
	}
	if r.Signature == nil {
		_, err := s.q.ExecContext(ctx, insert, args...)
		return wrap("insert receipt", err)
	}
	return s.tx(ctx, func(tx queryer) error {
		if err := tx.QueryRowContext(ctx, insert+` RETURNING pos`, args...).Scan(&r.Pos); err != nil {
			return wrap("insert receipt", err)
		}
		return insertReceiptSignature(ctx, tx, r)
	})
}

// insertReceiptSignature records the signature r carries, under r's position.
func insertReceiptSignature(ctx context.Context, tx queryer, r StoredReceipt) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO receipt_signatures (pos, signature) VALUES (?, ?)`, r.Pos, r.Signature)
	return wrap("insert receipt's signature", err)
}

// insertSQLiteReceipt inserts r's row, linked to the position of its account's receipt
// Seq-1 (migration 0087), and moves the account's head to it from Seq-1: ErrConflict,
// with nothing left written, when the head is not at Seq-1. Its position is the rowid,
// the insert's own.
func (s *conn) insertSQLiteReceipt(ctx context.Context, r StoredReceipt) error {
	return s.tx(ctx, func(tx queryer) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO receipts (account_id, seq, entry_id, kind, reference, created_ms, body, prev_hash, hash, prev_pos)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, COALESCE((SELECT pos FROM receipt_heads WHERE account_id = ? AND seq = ?), 0))`,
			r.AccountID, r.Seq, r.EntryID, r.Kind, r.Reference, r.CreatedAt.UnixMilli(), string(r.Body), r.Prev.Bytes(), r.Hash.Bytes(),
			r.AccountID, r.Seq-1)
		if err != nil {
			return wrap("insert receipt", err)
		}
		if r.Pos, err = res.LastInsertId(); err != nil {
			return wrap("insert receipt's position", err)
		}
		if err := moveReceiptHead(ctx, tx, r); err != nil {
			if _, derr := tx.ExecContext(ctx, `DELETE FROM receipts WHERE pos = ?`, r.Pos); derr != nil {
				return errors.Join(err, wrap("take back the receipt", derr))
			}
			return err
		}
		if r.Signature != nil {
			if err := insertReceiptSignature(ctx, tx, r); err != nil {
				return err
			}
		}
		if s.mem != nil && s.pending != nil {
			s.pending.receipts = append(s.pending.receipts, r)
		}
		return nil
	})
}

// moveReceiptHead makes r its account's head (SQLite, migration 0087): the first
// receipt's insert, or a later one's compare-and-set from Seq-1; ErrConflict when the
// head is elsewhere (another writer took Seq, or a receipt before it is missing).
func moveReceiptHead(ctx context.Context, tx queryer, r StoredReceipt) error {
	if r.Seq == 1 {
		_, err := tx.ExecContext(ctx, `INSERT INTO receipt_heads (account_id, seq, pos, created_ms, hash) VALUES (?, 1, ?, ?, ?)`,
			r.AccountID, r.Pos, r.CreatedAt.UnixMilli(), r.Hash.Bytes())
		return wrap("receipt 1 of "+r.AccountID, err)
	}
	res, err := tx.ExecContext(ctx, `UPDATE receipt_heads SET seq = ?, pos = ?, created_ms = ?, hash = ? WHERE account_id = ? AND seq = ?`,
		r.Seq, r.Pos, r.CreatedAt.UnixMilli(), r.Hash.Bytes(), r.AccountID, r.Seq-1)
	if err != nil {
		return wrap("move receipt head", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return wrap("move receipt head", err)
	} else if n == 0 {
		return fmt.Errorf("receipt %d of %s: its account's head is not at %d: %w", r.Seq, r.AccountID, r.Seq-1, ErrConflict)
	}
	return nil
}

// SetEntryReceiptSeq implements Receipts.
func (s *conn) SetEntryReceiptSeq(ctx context.Context, entryID int64, seq uint64) error {
	_, err := s.q.ExecContext(ctx, `UPDATE ledger_entries SET receipt_seq = ? WHERE id = ?`, seq, entryID)
	return wrap("entry's receipt sequence", err)
}

// ReceiptsAfter implements Receipts.
func (s *conn) ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]StoredReceipt, error) {
	if limit <= 0 || limit > MaxReceiptsPage {
		limit = MaxReceiptsPage
	}
	if s.postgres() {
		if after >= math.MaxInt64 { // beyond any sequence (a BIGINT)
			return nil, nil
		}
		return s.queryReceipts(ctx, "receipts", `SELECT `+receiptColumns+receiptsFrom+` WHERE r.account_id = ? AND r.seq > ?
			ORDER BY r.seq LIMIT ?`, accountID, after, limit)
	}
	head, err := s.ReceiptHead(ctx, accountID)
	if errors.Is(err, ErrNotFound) || err == nil && head.Seq <= after {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	high := head.Seq
	if head.Seq-after > uint64(limit) {
		high = after + uint64(limit)
	}
	return s.walkReceipts(ctx, head, after+1, high)
}

// receiptMarkEvery is how far apart the receipts of an account that SQLite's partial
// index receipts_mark finds are (migration 0087, whose "seq % 64 = 0" a statement
// repeats word for word to use it): every receipt is at most receiptMarkEvery-1 links
// below a marked one or its account's head.
const receiptMarkEvery = 64

// receiptMarkAbove is the marked sequence at or above seq.
func receiptMarkAbove(seq uint64) uint64 {
	return (seq + receiptMarkEvery - 1) / receiptMarkEvery * receiptMarkEvery
}

// walkReceipts returns the receipts of head's account with low <= Seq <= high (high at
// most head.Seq), by Seq, on SQLite (migration 0087): it starts at the marked receipt at
// or above high (or the head, when none is below it) and follows the links down to low,
// in one statement.
func (s *conn) walkReceipts(ctx context.Context, head StoredReceipt, low, high uint64) ([]StoredReceipt, error) {
	query, args := receiptsWalkSQL(false), []any{head.Pos, head.Seq}
	if mark := receiptMarkAbove(high); mark < head.Seq {
		query, args = receiptsWalkSQL(true), []any{head.AccountID, mark}
	}
	return s.queryReceipts(ctx, "receipts", query, append(args, low, head.AccountID, low, high)...)
}

// receiptsWalkSQL is walkReceipts' statement, which starts at the marked receipt of an
// account and sequence (fromMark) or at a position and sequence given (the head's).
func receiptsWalkSQL(fromMark bool) string {
	seed := `SELECT ?, ?`
	if fromMark {
		seed = `SELECT pos, seq FROM receipts WHERE account_id = ? AND seq = ? AND seq % ` + strconv.Itoa(receiptMarkEvery) + ` = 0`
	}
	return `WITH RECURSIVE walk(pos, seq) AS (` + seed + `
			UNION ALL SELECT r.prev_pos, w.seq - 1 FROM walk w JOIN receipts r ON r.pos = w.pos WHERE w.seq > ?)
		SELECT ` + receiptColumns + ` FROM walk w JOIN receipts r ON r.pos = w.pos LEFT JOIN receipt_signatures s ON s.pos = r.pos
		WHERE r.account_id = ? AND r.seq = w.seq AND r.seq BETWEEN ? AND ? ORDER BY r.seq`
}

// ReceiptsOfEntries implements Receipts: through the entries' external keys (their
// unique index) and the receipts' primary key, so receipts need no index of their
// references.
func (s *conn) ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]StoredReceipt, error) {
	if !s.postgres() {
		return s.sqliteReceiptsOfEntries(ctx, accountID, keys)
	}
	out := map[string]StoredReceipt{}
	err := entryKeyBatches(accountID, keys, func(n int, args []any) error {
		rows, err := s.r.QueryContext(ctx, receiptsOfEntriesSQL(n), args...)
		if err != nil {
			return wrap("receipts of entries", err)
		}
		return wrap("receipts of entries", scanEntryReceipts(rows, out))
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// entryKeyBatches calls fn with the arguments of a statement on an account's entries of
// up to 500 of keys (the account, then n keys), batch after batch.
func entryKeyBatches(accountID string, keys []string, fn func(n int, args []any) error) error {
	for len(keys) > 0 {
		n := min(len(keys), 500)
		args := []any{accountID}
		for _, k := range keys[:n] {
			args = append(args, k)
		}
		if err := fn(n, args); err != nil {
			return err
		}
		keys = keys[n:]
	}
	return nil
}

// sqliteReceiptsOfEntries is ReceiptsOfEntries on SQLite (migration 0087): the entries'
// receipt sequences through their external keys, then their receipts walked to from
// the marks above them (walkReceipts), one walk per mark (or the head).
func (s *conn) sqliteReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]StoredReceipt, error) {
	bySeq := map[uint64][]string{}
	if err := entryKeyBatches(accountID, keys, func(n int, args []any) error {
		return s.scanEntrySeqs(ctx, entryReceiptSeqsSQL(n), args, bySeq)
	}); err != nil {
		return nil, err
	}
	out := map[string]StoredReceipt{}
	if len(bySeq) == 0 {
		return out, nil
	}
	head, err := s.ReceiptHead(ctx, accountID)
	if errors.Is(err, ErrNotFound) {
		return out, nil
	}
	if err != nil {
		return nil, err
	}
	lows := map[uint64]uint64{} // the lowest sequence wanted below each mark (or the head)
	for seq := range bySeq {
		if seq > head.Seq {
			continue
		}
		mark := min(receiptMarkAbove(seq), head.Seq)
		if low, ok := lows[mark]; !ok || seq < low {
			lows[mark] = seq
		}
	}
	for mark, low := range lows {
		rs, err := s.walkReceipts(ctx, head, low, mark)
		if err != nil {
			return nil, err
		}
		for _, r := range rs {
			for _, key := range bySeq[r.Seq] {
				out[key] = r
			}
		}
	}
	return out, nil
}

// entryReceiptSeqsSQL reads the receipt sequences of an account's entries of n external
// keys (SQLite's ReceiptsOfEntries).
func entryReceiptSeqsSQL(n int) string {
	return `SELECT external_key, receipt_seq FROM ledger_entries
		WHERE account_id = ? AND receipt_seq > 0 AND external_key IN (` + repeatList("?", n) + `)`
}

// scanEntrySeqs runs query, whose rows are an entry's external key and its receipt
// sequence, and adds each key under its sequence to bySeq.
func (s *conn) scanEntrySeqs(ctx context.Context, query string, args []any, bySeq map[uint64][]string) error {
	rows, err := s.r.QueryContext(ctx, query, args...)
	if err != nil {
		return wrap("receipts of entries", err)
	}
	defer rows.Close()
	for rows.Next() {
		var (
			key string
			seq uint64
		)
		if err := rows.Scan(&key, &seq); err != nil {
			return wrap("receipts of entries", err)
		}
		bySeq[seq] = append(bySeq[seq], key)
	}
	return wrap("receipts of entries", rows.Err())
}

// receiptsOfEntriesSQL is ReceiptsOfEntries' statement for an account and n keys.
func receiptsOfEntriesSQL(n int) string {
	return `SELECT e.external_key, ` + receiptColumns + ` FROM ledger_entries e
		JOIN receipts r ON r.account_id = e.account_id AND r.seq = e.receipt_seq
		LEFT JOIN receipt_signatures s ON s.pos = r.pos
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

// ReceiptsToSign implements Receipts. On SQLite, the receipts right after where the job
// stopped that this process committed are answered from memory (receiptMemory), not
// read back; only the rows after them are read. On PostgreSQL, where transactions commit in another order than they took
// their positions, only receipts below the snapshot's horizon are returned (migration
// 0082): every transaction that could still insert one of a lower position has ended.
func (s *conn) ReceiptsToSign(ctx context.Context, limit int) ([]StoredReceipt, error) {
	if limit <= 0 || limit > MaxReceiptsPage {
		limit = MaxReceiptsPage
	}
	if s.mem != nil && s.pending == nil {
		if rs, ok := s.mem.toSign(limit); ok {
			if len(rs) == limit {
				return rs, nil
			}
			// The receipts after them (another process's, or this one's not yet
			// remembered): a full page is read as a full page.
			more, err := s.queryReceipts(ctx, "receipts to sign", `SELECT `+receiptColumns+receiptsFrom+`
				WHERE r.pos > ? ORDER BY r.pos LIMIT ?`, rs[len(rs)-1].Pos, limit-len(rs))
			return append(rs, more...), err
		}
		s.mem.rowReads.Add(1)
	}
	horizon := ""
	if s.postgres() {
		horizon = ` AND r.pos < ` + pgHorizon
	}
	return s.queryReceipts(ctx, "receipts to sign", `SELECT `+receiptColumns+receiptsFrom+`
		WHERE r.pos > (SELECT signed_through FROM receipt_signer WHERE id = 1)`+horizon+` ORDER BY r.pos LIMIT ?`, limit)
}

// SetReceiptSignatures implements Receipts.
func (s *conn) SetReceiptSignatures(ctx context.Context, sigs []ReceiptSignature, through int64) error {
	for _, sig := range sigs {
		if len(sig.Signature) == 0 {
			return errors.New("set receipt signatures: empty signature")
		}
		if sig.Pos > through {
			return fmt.Errorf("set receipt signatures: receipt %d after %d", sig.Pos, through)
		}
	}
	err := s.tx(ctx, func(tx queryer) error {
		for len(sigs) > 0 {
			n := min(len(sigs), maxSignaturesPerInsert)
			if _, err := tx.ExecContext(ctx, signaturesInsert(n), signatureArgs(sigs[:n])...); err != nil {
				return wrap("set receipt signatures", err)
			}
			sigs = sigs[n:]
		}
		_, err := tx.ExecContext(ctx, `UPDATE receipt_signer SET signed_through = ? WHERE id = 1 AND signed_through < ?`, through, through)
		return wrap("set receipt signatures: how far", err)
	})
	if err == nil && s.mem != nil && s.pending == nil {
		s.mem.looked(through)
	}
	return err
}

// maxSignaturesPerInsert bounds the signatures one INSERT records (SetReceiptSignatures).
const maxSignaturesPerInsert = 64

// signaturesInsert is the statement that records n signatures (n a power of two up to
// maxSignaturesPerInsert, so a few texts serve every batch: the statement caches stay
// small), each unless its receipt has one.
func signaturesInsert(n int) string {
	return `INSERT INTO receipt_signatures (pos, signature) VALUES ` + repeatList("(?, ?)", roundUpPow2(n)) + `
		ON CONFLICT (pos) DO NOTHING`
}

// signatureArgs are signaturesInsert's arguments for sigs, the last repeated up to the
// statement's size (a signature given twice in one statement is recorded once).
func signatureArgs(sigs []ReceiptSignature) []any {
	n := roundUpPow2(len(sigs))
	args := make([]any, 0, 2*n)
	for i := range n {
		sig := sigs[min(i, len(sigs)-1)]
		args = append(args, sig.Pos, sig.Signature)
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
