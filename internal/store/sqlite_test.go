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
