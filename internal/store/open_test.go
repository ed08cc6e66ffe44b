package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// TestOpenChooses: an empty store URL opens SQLite at the path, a postgres:// URL
// PostgreSQL, anything else is refused; a failed open returns a nil Store (not one
// holding a nil pointer, which a caller's nil check would miss).
func TestOpenChooses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.Open(ctx, "", filepath.Join(dir, "gw.db"), store.SQLiteOptions{})
	require.NoError(t, err)
	require.IsType(t, &store.SQLite{}, st)
	require.NoError(t, st.Close())

	pg, err := store.Open(ctx, pgtestDSN(t), "", store.SQLiteOptions{})
	require.NoError(t, err)
	require.IsType(t, &store.Postgres{}, pg)
	require.NoError(t, pg.Close())

	_, err = store.Open(ctx, "mysql://u:secret@db/x", "", store.SQLiteOptions{})
	require.ErrorIs(t, err, store.ErrBadStoreURL)
	require.NotContains(t, err.Error(), "secret")

	open := t.TempDir() // mode 0755: refused
	require.NoError(t, os.Chmod(open, 0o755))
	st, err = store.Open(ctx, "", filepath.Join(open, "gw.db"), store.SQLiteOptions{})
	require.Error(t, err)
	require.Nil(t, st)
}
