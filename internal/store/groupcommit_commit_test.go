package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestGroupCommitFailedCommit: a group whose COMMIT fails (a deferred foreign key
// violation: SQLite then keeps the transaction open) is told so and leaves nothing; the
// connection is not handed on inside that transaction, so the next group and a lone
// write after it commit their own writes and nothing of the failed group. Run on the
// driver as it is (modernc rolls back after a failed COMMIT) and on a driver that leaves
// the transaction open, as a driver may: the group commit rolls back itself.
func TestGroupCommitFailedCommit(t *testing.T) {
	for _, tc := range []struct {
		name string
		wrap func(connector) driver.Connector
	}{
		{"driver", func(c connector) driver.Connector { return c }},
		{"driver leaving the transaction open", func(c connector) driver.Connector { return leakyConnector{c} }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := context.Background()
			dir := t.TempDir()
			require.NoError(t, os.Chmod(dir, 0o700))
			path := filepath.Join(dir, "commit.db")
			s, err := OpenSQLite(ctx, path) // the schema, and the reads below
			require.NoError(t, err)
			t.Cleanup(func() { require.NoError(t, s.Close()) })

			writer := sql.OpenDB(tc.wrap(connector{dsn: "file:" + path +
				"?_pragma=busy_timeout(5000)&_pragma=journal_mode(WAL)&_pragma=foreign_keys(1)&_txlock=immediate"}))
			writer.SetMaxOpenConns(1)
			t.Cleanup(func() { require.NoError(t, writer.Close()) })
			g := newGroupCommitter(sqliteGroup{db: writer}, maxGroup, 1)
			t.Cleanup(g.close)
			account := func(q queryer, id string) error {
				return insertAccount(ctx, q, Account{ID: id, CreatedAt: time.Now()})
			}

			err = g.do(ctx, func(q queryer) error {
				if _, err := q.ExecContext(ctx, `PRAGMA defer_foreign_keys = ON`); err != nil {
					return err
				}
				if err := account(q, "lost"); err != nil {
					return err
				}
				_, err := q.ExecContext(ctx, `INSERT INTO wallets (address, account_id, linked_at) VALUES ('0x01', 'nobody', 0)`)
				return err // the violation is checked at COMMIT
			})
			require.ErrorContains(t, err, "commit: ")
			require.ErrorContains(t, err, "FOREIGN KEY")

			require.NoError(t, g.do(ctx, func(q queryer) error { return account(q, "next") }), "the next group")
			require.NoError(t, account(writer, "lone"), "a lone write")
			for id, want := range map[string]bool{"lost": false, "next": true, "lone": true} {
				_, err := s.GetAccount(ctx, id)
				if want {
					require.NoError(t, err, "%s was not committed", id)
				} else {
					require.ErrorIs(t, err, ErrNotFound, "%s of the failed group was committed", id)
				}
			}
			var wallets int
			require.NoError(t, s.reader.QueryRowContext(ctx, `SELECT count(*) FROM wallets`).Scan(&wallets))
			require.Zero(t, wallets, "the failed group's wallet was committed")
		})
	}
}

// leakyConnector opens connections whose Commit runs COMMIT and nothing else: a COMMIT
// that fails with the transaction still open leaves it open, as SQLite does.
type leakyConnector struct{ connector }

func (c leakyConnector) Connect(ctx context.Context) (driver.Conn, error) {
	conn, err := c.connector.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return leakyConn{conn.(*cachingConn)}, nil
}

type leakyConn struct{ *cachingConn }

func (c leakyConn) BeginTx(ctx context.Context, opts driver.TxOptions) (driver.Tx, error) {
	if opts.Isolation != 0 || opts.ReadOnly {
		return nil, fmt.Errorf("leaky conn: options %+v not supported", opts)
	}
	if _, err := c.ExecContext(ctx, `BEGIN IMMEDIATE`, nil); err != nil {
		return nil, err
	}
	return leakyTx{c}, nil
}

type leakyTx struct{ c leakyConn }

func (t leakyTx) Commit() error {
	_, err := t.c.ExecContext(context.Background(), `COMMIT`, nil)
	return err
}

func (t leakyTx) Rollback() error {
	_, err := t.c.ExecContext(context.Background(), `ROLLBACK`, nil)
	return err
}

// TestPostgresFailedCommit: on PostgreSQL too, a group whose COMMIT fails (a deferred
// foreign key violation) leaves nothing, and the next group and a lone write commit.
func TestPostgresFailedCommit(t *testing.T) {
	ctx := context.Background()
	s, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	account := func(id string) Account { return Account{ID: id, CreatedAt: time.Now()} }

	err = s.InTx(ctx, func(tx Tx) error {
		q := tx.(*conn).q
		if _, err := q.ExecContext(ctx, `CREATE TEMP TABLE dangling (id TEXT PRIMARY KEY, parent TEXT REFERENCES dangling(id) DEFERRABLE INITIALLY DEFERRED) ON COMMIT DROP`); err != nil {
			return err
		}
		if err := tx.CreateAccount(ctx, account("pg-lost")); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, `INSERT INTO dangling (id, parent) VALUES ('a', 'nobody')`)
		return err // the violation is checked at COMMIT
	})
	require.ErrorContains(t, err, "commit: ")
	require.ErrorContains(t, err, "foreign key")

	require.NoError(t, s.InTx(ctx, func(tx Tx) error { return tx.CreateAccount(ctx, account("pg-next")) }), "the next group")
	require.NoError(t, s.CreateAccount(ctx, account("pg-lone")), "a lone write")
	_, err = s.GetAccount(ctx, "pg-lost")
	require.ErrorIs(t, err, ErrNotFound, "the failed group's account was committed")
	for _, id := range []string{"pg-next", "pg-lone"} {
		_, err := s.GetAccount(ctx, id)
		require.NoError(t, err, id)
	}
}
