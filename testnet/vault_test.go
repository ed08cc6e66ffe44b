package testnet_test

import (
	"context"
	"net/http"
	"testing"

	"github.com/dtwgate/dtwgate/testnet"
	"github.com/hashicorp/vault/api"
	"github.com/stretchr/testify/require"
)

func TestVaultDevServer(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	root, err := v.Client(v.RootToken)
	require.NoError(t, err)

	require.NoError(t, v.PutKV(ctx, "secret", "demo/a", map[string]interface{}{"k": "v"}))
	got, err := root.KVv2("secret").Get(ctx, "demo/a")
	require.NoError(t, err)
	require.Equal(t, "v", got.Data["k"], "got %v, want v", got.Data["k"])

	t.Run("policy token", func(t *testing.T) {
		tok, err := v.PolicyToken(ctx, "read-a", `path "secret/data/demo/a" { capabilities = ["read"] }`)
		require.NoError(t, err)
		c, err := v.Client(tok)
		require.NoError(t, err)
		_, err = c.KVv2("secret").Get(ctx, "demo/a")
		require.NoError(t, err)
		_, err = c.KVv2("secret").Put(ctx, "demo/a", map[string]interface{}{"k": "w"})
		requireStatus(t, err, http.StatusForbidden)
	})

	t.Run("approle", func(t *testing.T) {
		roleID, secretID, err := v.AppRole(ctx, "reader", "read-a")
		require.NoError(t, err)
		c, err := v.Client("")
		require.NoError(t, err)
		s, err := c.Logical().WriteWithContext(ctx, "auth/approle/login", map[string]interface{}{"role_id": roleID, "secret_id": secretID})
		require.NoError(t, err)
		require.Contains(t, s.Auth.Policies, "read-a", "got policies %v", s.Auth.Policies)
	})
}

func TestVaultSealAndStop(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	require.NoError(t, v.Seal(ctx))
	c, err := v.Client(v.RootToken)
	require.NoError(t, err)
	_, err = c.KVv2("secret").Get(ctx, "x")
	requireStatus(t, err, http.StatusServiceUnavailable)

	v.Stop()
	<-v.Done()
	v.Stop() // idempotent
}

func requireStatus(t *testing.T, err error, want int) {
	t.Helper()
	var re *api.ResponseError
	require.ErrorAs(t, err, &re)
	require.Equal(t, want, re.StatusCode, "got status %d, want %d: %v", re.StatusCode, want, err)
}
