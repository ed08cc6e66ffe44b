package store_test

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

func openTest(t *testing.T) (*store.SQLite, string) {
	t.Helper()
	path := filepath.Join(privateDir(t), "test.db")
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

func TestAPIKeys(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.UnixMilli(time.Now().UnixMilli())
	k := store.APIKey{ID: "k1", AccountID: "a1", Label: "l", Permissions: []string{"READ", "TRADE"}, SecretHash: "h", Generation: 1, CreatedAt: now}

	require.ErrorIs(t, s.CreateAPIKey(ctx, k), store.ErrNotFound, "key of a missing account")
	require.NoError(t, s.CreateAccountWithKey(ctx, store.Account{ID: "a1", CreatedAt: now}, k))
	require.ErrorIs(t, s.CreateAPIKey(ctx, k), store.ErrConflict)

	got, err := s.GetAPIKey(ctx, "k1")
	require.NoError(t, err)
	require.Equal(t, k, got)

	_, err = s.GetAPIKey(ctx, "nope")
	require.ErrorIs(t, err, store.ErrNotFound)

	_, err = s.RotateAPIKey(ctx, "other", "k1", "h2", now)
	require.ErrorIs(t, err, store.ErrNotFound, "rotating another account's key")
	rot, err := s.RotateAPIKey(ctx, "a1", "k1", "h2", now)
	require.NoError(t, err)
	require.Equal(t, int64(2), rot.Generation)
	require.Equal(t, "h2", rot.SecretHash)

	list, err := s.ListAPIKeys(ctx, "a1")
	require.NoError(t, err)
	require.Len(t, list, 1)
	empty, err := s.ListAPIKeys(ctx, "other")
	require.NoError(t, err)
	require.Empty(t, empty)
}

func TestWalletsAndWhitelist(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.Now()
	addr := common.HexToAddress("0x00000000000000000000000000000000000000aa")

	ok, err := s.IsWhitelisted(ctx, addr)
	require.NoError(t, err)
	require.False(t, ok)
	require.NoError(t, s.AddWhitelist(ctx, addr, now))
	require.NoError(t, s.AddWhitelist(ctx, addr, now), "adding twice")
	ok, err = s.IsWhitelisted(ctx, addr)
	require.NoError(t, err)
	require.True(t, ok)
	list, err := s.ListWhitelist(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.NoError(t, s.RemoveWhitelist(ctx, addr))
	require.ErrorIs(t, s.RemoveWhitelist(ctx, addr), store.ErrNotFound)

	id, err := s.EnsureWalletAccount(ctx, addr, "acc1", now)
	require.NoError(t, err)
	require.Equal(t, "acc1", id)
	id, err = s.EnsureWalletAccount(ctx, addr, "acc2", now)
	require.NoError(t, err)
	require.Equal(t, "acc1", id, "existing link wins")
	require.ErrorIs(t, s.LinkWallet(ctx, "acc1", addr, now), store.ErrConflict)
	other := common.HexToAddress("0x00000000000000000000000000000000000000bb")
	require.ErrorIs(t, s.LinkWallet(ctx, "missing", other, now), store.ErrNotFound)
	require.NoError(t, s.LinkWallet(ctx, "acc1", other, now))
	ws, err := s.ListWallets(ctx, "acc1")
	require.NoError(t, err)
	require.Len(t, ws, 2)
}

func TestNonceSingleUse(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.Now()
	require.NoError(t, s.CreateNonce(ctx, "n1", now, now.Add(time.Minute)))
	require.NoError(t, s.CreateNonce(ctx, "n2", now, now.Add(time.Minute)))
	require.ErrorIs(t, s.ConsumeNonce(ctx, "n1", now.Add(2*time.Minute)), store.ErrNotFound, "expired")
	require.ErrorIs(t, s.ConsumeNonce(ctx, "zz", now), store.ErrNotFound, "unknown")

	var wg sync.WaitGroup
	results := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- s.ConsumeNonce(ctx, "n2", now)
		}()
	}
	wg.Wait()
	close(results)
	wins := 0
	for err := range results {
		if err == nil {
			wins++
		} else {
			require.ErrorIs(t, err, store.ErrNotFound)
		}
	}
	require.Equal(t, 1, wins, "exactly one concurrent consumer wins")
}

func TestTickets(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	now := time.UnixMilli(time.Now().UnixMilli())
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "a", CreatedAt: now}))
	tk := store.Ticket{Hash: "h", AccountID: "a", APIKeyID: "k", Generation: 3, ExpiresAt: now.Add(time.Second)}
	require.NoError(t, s.CreateTicket(ctx, tk, now))
	got, err := s.ConsumeTicket(ctx, "h", now)
	require.NoError(t, err)
	require.Equal(t, tk, got)
	_, err = s.ConsumeTicket(ctx, "h", now)
	require.ErrorIs(t, err, store.ErrNotFound, "single use")
	require.NoError(t, s.CreateTicket(ctx, store.Ticket{Hash: "h2", AccountID: "a", ExpiresAt: now.Add(time.Second)}, now))
	_, err = s.ConsumeTicket(ctx, "h2", now.Add(time.Second))
	require.ErrorIs(t, err, store.ErrNotFound, "expired")
}
