package store

import "context"

// QueryPragma reads a pragma on the connection of tx (inside SQLite's InTx, the writer).
func QueryPragma(ctx context.Context, tx Tx, name string, out any) error {
	return tx.(*conn).q.QueryRowContext(ctx, "PRAGMA "+name).Scan(out)
}

// ReceiptRowReads returns how many times ReceiptsToSign read the receipts' rows instead
// of answering from what the store remembers of its own commits.
func ReceiptRowReads(s *SQLite) int64 { return s.mem.rowReads.Load() }

// RememberedReceipts returns how many committed receipts the store keeps for its receipt
// key's job.
func RememberedReceipts(s *SQLite) int {
	s.mem.mu.Lock()
	defer s.mem.mu.Unlock()
	return len(s.mem.written)
}
