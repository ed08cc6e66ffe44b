package store_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

func requirePerm(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, want, fi.Mode().Perm(), "mode of %s", path)
}

// TestStoreFilesPrivate: the database and its -wal and -shm files are 0600 whatever the
// umask, and files left open to others by an earlier version are tightened.
func TestStoreFilesPrivate(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(testnet.PrivateDir(t), "dtwgate.db")
	st, err := store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	require.NoError(t, st.AddWhitelist(ctx, [20]byte{1}, time.Now())) // a write: WAL and SHM exist now
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		requirePerm(t, p, 0o600)
	}
	require.NoError(t, st.Close())

	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if _, err := os.Stat(p); err == nil {
			require.NoError(t, os.Chmod(p, 0o644))
		}
	}
	st, err = store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, st.AddWhitelist(ctx, [20]byte{2}, time.Now()))
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		requirePerm(t, p, 0o600)
	}
}

// TestStoreRefusesOpenDirectory: a data directory other users can read or enter is refused
// with an error that says how to fix it, before any file is created.
func TestStoreRefusesOpenDirectory(t *testing.T) {
	for _, mode := range []os.FileMode{0o755, 0o750, 0o701, 0o707} {
		dir := filepath.Join(t.TempDir(), "data")
		require.NoError(t, os.Mkdir(dir, 0o700))
		require.NoError(t, os.Chmod(dir, mode))
		_, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "dtwgate.db"))
		require.ErrorIs(t, err, store.ErrInsecureDir, "mode %04o", mode)
		require.Contains(t, err.Error(), "chmod 700 "+dir)
		require.NoFileExists(t, filepath.Join(dir, "dtwgate.db"))
	}
}
