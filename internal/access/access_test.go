package access_test

import (
	"context"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/access"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

func openStore(t *testing.T, path string) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st
}

func seed(t *testing.T, st store.Store) {
	t.Helper()
	ctx := context.Background()
	at := time.Now()
	require.NoError(t, st.CreateAccountWithKey(ctx, store.Account{ID: "acc1", CreatedAt: at},
		store.APIKey{ID: "k1", AccountID: "acc1", Permissions: []string{"READ"}, SecretHash: "h", Generation: 1, CreatedAt: at}))
}

var wallet = common.HexToAddress("0x00000000000000000000000000000000000000aa")

// TestLookupsFromMemory: repeated lookups are answered without the store.
func TestLookupsFromMemory(t *testing.T) {
	st := openStore(t, filepath.Join(testnet.PrivateDir(t), "a.db"))
	seed(t, st)
	ctx := context.Background()
	require.NoError(t, st.AddWhitelist(ctx, wallet, time.Now()))
	require.NoError(t, st.LinkWallet(ctx, "acc1", wallet, time.Now()))
	c := access.New(st)
	for range 100 {
		k, err := c.APIKey(ctx, "k1")
		require.NoError(t, err)
		require.Equal(t, "acc1", k.AccountID)
		w, err := c.Wallet(ctx, wallet)
		require.NoError(t, err)
		require.Equal(t, access.Wallet{Whitelisted: true, AccountID: "acc1"}, w)
		ws, err := c.Wallets(ctx, "acc1")
		require.NoError(t, err)
		require.Equal(t, []common.Address{wallet}, ws)
		_, err = c.APIKey(ctx, "missing")
		require.ErrorIs(t, err, store.ErrNotFound)
	}
	hits, misses := c.Stats()
	require.Equal(t, uint64(4), misses)
	require.Equal(t, uint64(396), hits)
}

// TestChangeInThisProcessAtOnce: once a rotation, a whitelist removal or a wallet link
// returns, no lookup answers what was true before it, even while other goroutines keep
// filling the cache concurrently (an entry read before a change must not be stored as
// current after it).
func TestChangeInThisProcessAtOnce(t *testing.T) {
	st := openStore(t, filepath.Join(testnet.PrivateDir(t), "a.db"))
	seed(t, st)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	c := access.New(st)
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				_, _ = c.APIKey(ctx, "k1")
				_, _ = c.Wallet(ctx, wallet)
			}
		}()
	}
	for i := range 100 {
		k, err := st.RotateAPIKey(ctx, "acc1", "k1", fmt.Sprintf("h%d", i), time.Now())
		require.NoError(t, err)
		got, err := c.APIKey(ctx, "k1")
		require.NoError(t, err)
		require.Equal(t, k.Generation, got.Generation, "rotation %d: the cache answered an old generation", i)

		if i%2 == 0 {
			require.NoError(t, st.AddWhitelist(ctx, wallet, time.Now()))
		} else {
			require.NoError(t, st.RemoveWhitelist(ctx, wallet))
		}
		w, err := c.Wallet(ctx, wallet)
		require.NoError(t, err)
		require.Equal(t, i%2 == 0, w.Whitelisted, "whitelist change %d not seen at once", i)
	}
	require.NoError(t, st.LinkWallet(ctx, "acc1", wallet, time.Now()))
	ws, err := c.Wallets(ctx, "acc1")
	require.NoError(t, err)
	require.Equal(t, []common.Address{wallet}, ws)
	cancel()
	wg.Wait()
}

// TestChangeByAnotherProcess: a change committed through another handle on the database
// (an admin command, another replica) is seen within EpochCheckEvery.
func TestChangeByAnotherProcess(t *testing.T) {
	path := filepath.Join(testnet.PrivateDir(t), "a.db")
	st := openStore(t, path)
	seed(t, st)
	ctx := context.Background()
	require.NoError(t, st.AddWhitelist(ctx, wallet, time.Now()))
	c := access.New(st)
	w, err := c.Wallet(ctx, wallet)
	require.NoError(t, err)
	require.True(t, w.Whitelisted)
	k, err := c.APIKey(ctx, "k1")
	require.NoError(t, err)

	admin := openStore(t, path)
	require.NoError(t, admin.RemoveWhitelist(ctx, wallet))
	rotated, err := admin.RotateAPIKey(ctx, "acc1", "k1", "h2", time.Now())
	require.NoError(t, err)
	require.Greater(t, rotated.Generation, k.Generation)
	changed := time.Now()
	require.Eventually(t, func() bool {
		w, err := c.Wallet(ctx, wallet)
		require.NoError(t, err)
		k, err := c.APIKey(ctx, "k1")
		require.NoError(t, err)
		return !w.Whitelisted && k.Generation == rotated.Generation
	}, 5*access.EpochCheckEvery, 10*time.Millisecond)
	t.Logf("seen %v after the other process's change (bound %v)", time.Since(changed).Round(time.Millisecond), access.EpochCheckEvery)
}

// TestFreshWalletSeesAnotherProcessAtOnce: a login reads the whitelist from the store, so
// an address whitelisted by another process a moment ago signs in at once.
func TestFreshWalletSeesAnotherProcessAtOnce(t *testing.T) {
	path := filepath.Join(testnet.PrivateDir(t), "a.db")
	st := openStore(t, path)
	ctx := context.Background()
	c := access.New(st)
	w, err := c.Wallet(ctx, wallet)
	require.NoError(t, err)
	require.False(t, w.Whitelisted)
	require.NoError(t, openStore(t, path).AddWhitelist(ctx, wallet, time.Now()))
	w, err = c.FreshWallet(ctx, wallet)
	require.NoError(t, err)
	require.True(t, w.Whitelisted)
	w, err = c.Wallet(ctx, wallet)
	require.NoError(t, err)
	require.True(t, w.Whitelisted, "the fresh answer replaced the remembered one")
}
