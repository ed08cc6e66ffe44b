package store

import "context"

// QueryPragma reads a pragma on the connection of tx (inside SQLite's InTx, the writer).
func QueryPragma(ctx context.Context, tx Tx, name string, out any) error {
	return tx.(*conn).q.QueryRowContext(ctx, "PRAGMA "+name).Scan(out)
}
