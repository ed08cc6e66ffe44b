package store_test

import (
	"context"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// accountTx is a consumer's narrow view of store.Tx.
type accountTx interface {
	CreateAccount(ctx context.Context, a store.Account) error
}

// TestNarrow: a narrowed store's unit of work hands fn the consumer's Tx, commits what fn
// wrote through it and rolls it back when fn fails; a view Tx does not implement is
// refused when the store is narrowed, not when a unit of work first runs.
func TestNarrow(t *testing.T) {
	ctx := context.Background()
	st, err := store.OpenSQLite(ctx, filepath.Join(testnet.PrivateDir(t), "units.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })

	var units store.Units[accountTx] = store.Narrow[accountTx](st)
	require.NoError(t, units.InTx(ctx, func(tx accountTx) error {
		return tx.CreateAccount(ctx, store.Account{ID: "acct-a", CreatedAt: time.Now()})
	}))
	_, err = st.GetAccount(ctx, "acct-a")
	require.NoError(t, err)

	require.ErrorIs(t, units.InTx(ctx, func(tx accountTx) error {
		require.NoError(t, tx.CreateAccount(ctx, store.Account{ID: "acct-b", CreatedAt: time.Now()}))
		return store.ErrConflict
	}), store.ErrConflict)
	_, err = st.GetAccount(ctx, "acct-b")
	require.ErrorIs(t, err, store.ErrNotFound, "got the rolled-back account, want none")

	type notTx interface{ NotAStoreMethod() }
	require.PanicsWithValue(t, "store: Tx does not implement store_test.notTx", func() { store.Narrow[notTx](st) })
}
