package app_test

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

func openStore(t *testing.T) (*store.SQLite, string) {
	t.Helper()
	dir := testnet.PrivateDir(t)
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "test.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st, dir
}

// TestSigningKeysMigrate: the first start moves the key file's key into the store, so
// the tokens it signed stay valid; later starts (another replica with another file, or
// none) use the store's keys.
func TestSigningKeysMigrate(t *testing.T) {
	ctx := context.Background()
	st, dir := openStore(t)
	file := filepath.Join(dir, "jwt.key")
	fileKey := []byte(strings.Repeat("f", 32))
	require.NoError(t, os.WriteFile(file, fileKey, 0o600))
	legacy, err := auth.NewTokens(fileKey, time.Hour)
	require.NoError(t, err)
	now := time.Now()
	old, err := legacy.Issue(auth.Claims{APIKeyID: "k", Generation: 1}, "acc", now)
	require.NoError(t, err)

	keys, err := app.InitSigningKeys(ctx, st, file, now, slog.Default())
	require.NoError(t, err)
	require.Len(t, keys, 1)
	require.Equal(t, fileKey, keys[0].Secret)
	tokens, err := auth.NewTokens(keys[0].Secret, time.Hour)
	require.NoError(t, err)
	require.NoError(t, tokens.SetKeys(keys))
	_, err = tokens.Verify(old, now)
	require.NoError(t, err, "a token of the key file")

	again, err := app.InitSigningKeys(ctx, st, filepath.Join(dir, "missing.key"), now, slog.Default())
	require.NoError(t, err)
	require.Equal(t, keys, again)
}

// TestSigningKeysConcurrentStart: replicas that start together on an empty store agree on
// one key.
func TestSigningKeysConcurrentStart(t *testing.T) {
	st, dir := openStore(t)
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		seen = map[string]bool{}
	)
	for range 6 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keys, err := app.InitSigningKeys(context.Background(), st, filepath.Join(dir, "none.key"), time.Now(), slog.Default())
			require.NoError(t, err)
			require.Len(t, keys, 1)
			mu.Lock()
			seen[string(keys[0].Secret)] = true
			mu.Unlock()
		}()
	}
	wg.Wait()
	require.Len(t, seen, 1)
}
