package store

import (
	"cmp"
	"slices"
	"sync"
	"sync/atomic"
)

// receiptMemory is what an SQLite store remembers of the receipts its own process
// committed (issue 24: receipts' cost on the swap path), so that neither a swap nor the
// receipt key's job reads back from the database what this process just wrote:
//
//   - heads: each account's latest receipt (sequence, hash, time) as this process last
//     committed or read it, which TraderReads hands out instead of reading it. A head
//     is remembered only after its transaction committed and only ever moves forward, so
//     it is never ahead of the database; it is behind when another process wrote the
//     account since, and a receipt linked after it then finds its sequence taken (the
//     head's compare-and-set, migration 0087, refuses a fork) and follows the head read
//     in the writer instead (ledger.Options.Head).
//   - written: the receipts committed here that the receipt key's job has not looked
//     at, by position, which ReceiptsToSign hands out instead of reading their rows
//     when they are exactly the receipts after where the job stopped (through): on
//     SQLite a receipt's position is the rowid, one above the highest at its insert, so
//     positions through+1, through+2, ... all committed here leave no receipt of another
//     process between them. Anything else (a gap, an unknown through) reads the rows.
//
// It is safe for concurrent use.
type receiptMemory struct {
	mu      sync.Mutex
	heads   map[string]StoredReceipt
	written []StoredReceipt
	// through is how far the receipt key's job has looked (receipt_signer.signed_through)
	// as this process last recorded it, -1 before it knows.
	through int64
	// rowReads counts the ReceiptsToSign answered from the rows (tests).
	rowReads atomic.Int64
}

// Bounds of receiptMemory: an account pushed out of heads costs one read of its head
// again, a receipt not kept in written one read of its row.
const (
	maxRememberedHeads    = 1 << 17
	maxRememberedReceipts = 1 << 14
)

func newReceiptMemory() *receiptMemory {
	return &receiptMemory{heads: map[string]StoredReceipt{}, through: -1}
}

// committed remembers receipts this process's transaction committed (pendingSignals).
func (m *receiptMemory) committed(rs []StoredReceipt) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, r := range rs {
		m.rememberHead(r)
		// Only once this process's job signs (through known): a process whose job runs
		// elsewhere would keep receipts nobody takes.
		if m.through >= 0 && r.Pos > m.through && len(m.written) < maxRememberedReceipts {
			m.written = append(m.written, r)
		}
	}
}

// read remembers a head read from the database (committed: never ahead).
func (m *receiptMemory) read(head StoredReceipt) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.rememberHead(head)
}

// rememberHead keeps head as its account's unless the one kept is as far or further; m.mu
// is held.
func (m *receiptMemory) rememberHead(head StoredReceipt) {
	if old, ok := m.heads[head.AccountID]; ok && old.Seq >= head.Seq {
		return
	}
	if len(m.heads) >= maxRememberedHeads {
		for a := range m.heads { // any one: it is read again when next needed
			delete(m.heads, a)
			break
		}
	}
	m.heads[head.AccountID] = StoredReceipt{AccountID: head.AccountID, Seq: head.Seq, Hash: head.Hash, CreatedAt: head.CreatedAt}
}

// head returns the account's remembered head.
func (m *receiptMemory) head(accountID string) (StoredReceipt, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	h, ok := m.heads[accountID]
	return h, ok
}

// toSign returns up to limit receipts right after through, when this process committed
// every one of them (ok); else the caller reads the rows.
func (m *receiptMemory) toSign(limit int) (out []StoredReceipt, ok bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.through < 0 {
		return nil, false
	}
	m.dropThrough()
	if len(m.written) == 0 || m.written[0].Pos != m.through+1 {
		return nil, false
	}
	n := 1
	for n < min(len(m.written), limit) && m.written[n].Pos == m.written[n-1].Pos+1 {
		n++
	}
	return slices.Clone(m.written[:n]), true
}

// looked records that the receipt key's job looked at every receipt through pos.
func (m *receiptMemory) looked(through int64) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.through = max(m.through, through)
	m.dropThrough()
}

// dropThrough sorts written (commits announce themselves in any order) and drops the
// receipts through m.through; m.mu is held.
func (m *receiptMemory) dropThrough() {
	if !slices.IsSortedFunc(m.written, byPos) {
		slices.SortFunc(m.written, byPos)
	}
	i := 0
	for i < len(m.written) && m.written[i].Pos <= m.through {
		i++
	}
	if i > 0 {
		m.written = append(m.written[:0], m.written[i:]...)
	}
}

func byPos(a, b StoredReceipt) int { return cmp.Compare(a.Pos, b.Pos) }
