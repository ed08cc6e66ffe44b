package accounts_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
)

func newService(t *testing.T) *accounts.Service {
	t.Helper()
	st := openStore(t)
	secrets, err := auth.NewSecrets([]byte(strings.Repeat("k", 32)))
	require.NoError(t, err)
	return accounts.New(st, secrets, nil, nil)
}

func openStore(t *testing.T) *store.SQLite {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return st
}

// TestKeyLifecycle: the operator issues a key for a new account; its holder creates keys
// within its permissions only, rotates only keys whose permissions it holds, and logs in
// with the secrets it was shown.
func TestKeyLifecycle(t *testing.T) {
	ctx := context.Background()
	s := newService(t)
	_, _, err := s.IssueKey(ctx, "acc_missing", "bot", []api.Permission{api.PermRead})
	require.ErrorIs(t, err, accounts.ErrNotFound)
	_, _, err = s.IssueKey(ctx, "", "", []api.Permission{api.PermRead})
	require.ErrorIs(t, err, accounts.ErrInvalid, "empty label")

	admin, account, err := s.IssueKey(ctx, "", "ops", []api.Permission{api.PermRead, api.PermManageKeys})
	require.NoError(t, err)
	key, err := s.Login(ctx, admin.APIKeyID, admin.APIKeySecret)
	require.NoError(t, err)
	require.Equal(t, account, key.AccountID)
	p := accounts.Principal{AccountID: account, Permissions: accounts.Permissions(key)}

	_, err = s.CreateKey(ctx, p, "x", []string{"TRADE"})
	require.ErrorIs(t, err, accounts.ErrForbidden)
	_, err = s.CreateKey(ctx, p, "x", []string{"ROOT"})
	require.ErrorIs(t, err, accounts.ErrInvalid)
	reader, err := s.CreateKey(ctx, p, "reader", []string{"READ"})
	require.NoError(t, err)

	full, _, err := s.IssueKey(ctx, account, "full", api.AllPermissions)
	require.NoError(t, err)
	_, err = s.RotateKey(ctx, p, full.APIKeyID)
	require.ErrorIs(t, err, accounts.ErrForbidden, "no escalation through rotation")
	rotated, err := s.RotateKey(ctx, p, reader.APIKeyID)
	require.NoError(t, err)
	_, err = s.Login(ctx, reader.APIKeyID, reader.APIKeySecret)
	require.ErrorIs(t, err, accounts.ErrBadCredentials, "the old secret is dead")
	_, err = s.Login(ctx, reader.APIKeyID, rotated.APIKeySecret)
	require.NoError(t, err)

	other, _, err := s.IssueKey(ctx, "", "other", []api.Permission{api.PermRead})
	require.NoError(t, err)
	_, err = s.RotateKey(ctx, p, other.APIKeyID)
	require.ErrorIs(t, err, accounts.ErrNotFound, "another account's key is not found")

	for _, bad := range [][2]string{{"key_unknown", "x"}, {admin.APIKeyID, "wrong"}, {strings.Repeat("k", 200), "x"}} {
		_, err := s.Login(ctx, bad[0], bad[1])
		require.ErrorIs(t, err, accounts.ErrBadCredentials)
	}
	list, err := s.ListKeys(ctx, account)
	require.NoError(t, err)
	require.Len(t, list.APIKeys, 3)
}

// TestActing: a request acts on the caller's account or one of its sub-accounts; another
// account's sub-account and an unknown id are refused alike.
func TestActing(t *testing.T) {
	st := openStore(t)
	ctx := context.Background()
	now := time.Now()
	for _, a := range []store.Account{{ID: "p", CreatedAt: now}, {ID: "q", CreatedAt: now},
		{ID: "p1", ParentID: "p", CreatedAt: now}, {ID: "q1", ParentID: "q", CreatedAt: now}} {
		require.NoError(t, st.CreateAccount(ctx, a))
	}
	svc := accounts.New(st, nil, nil, nil)
	for target, want := range map[string]string{"": "p", "p": "p", "p1": "p1"} {
		got, err := svc.Acting(ctx, "p", target)
		require.NoError(t, err)
		require.Equal(t, want, got)
	}
	_, errOther := svc.Acting(ctx, "p", "q1")
	_, errNone := svc.Acting(ctx, "p", "nope")
	_, errPeer := svc.Acting(ctx, "p", "q")
	for _, err := range []error{errOther, errNone, errPeer} {
		require.ErrorIs(t, err, accounts.ErrForbidden)
	}
	_, err := svc.Acting(ctx, "p1", "p")
	require.ErrorIs(t, err, accounts.ErrForbidden, "a sub-account does not act on its parent")
}
