package store_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/storetest"
	"github.com/dtwgate/dtwgate/testnet"
)

func openTest(t *testing.T) (*store.SQLite, string) {
	t.Helper()
	path := filepath.Join(testnet.PrivateDir(t), "test.db")
	s, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	return s, path
}

func TestMigrationsIdempotent(t *testing.T) {
	_, path := openTest(t)
	s2, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	require.NoError(t, s2.Close())
}

// TestSQLiteConformance runs the backend conformance suite against SQLite.
func TestSQLiteConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		s, _ := openTest(t)
		return s
	})
}

// TestSQLiteSynchronous: the writer commits with the durability asked for, and an
// unknown setting is refused before anything is opened.
func TestSQLiteSynchronous(t *testing.T) {
	ctx := context.Background()
	for opt, want := range map[string]int{"": 2, store.SyncNormal: 1, store.SyncFull: 2} {
		path := filepath.Join(testnet.PrivateDir(t), "sync.db")
		s, err := store.OpenSQLiteWith(ctx, path, store.SQLiteOptions{Synchronous: opt})
		require.NoError(t, err)
		var got int
		require.NoError(t, s.InTx(ctx, func(tx store.Tx) error { return store.QueryPragma(ctx, tx, "synchronous", &got) }))
		require.Equal(t, want, got, "synchronous for %q", opt)
		require.NoError(t, s.Close())
	}
	_, err := store.OpenSQLiteWith(ctx, filepath.Join(testnet.PrivateDir(t), "bad.db"), store.SQLiteOptions{Synchronous: "off"})
	require.ErrorContains(t, err, `sqlite synchronous "off"`)
}
