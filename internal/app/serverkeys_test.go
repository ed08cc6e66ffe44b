package app_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/testnet"
)

// TestSecretsMigrate: the first start moves the hashing key file's key into the store, so
// the secrets hashed under it still check; later starts (another replica with another
// file, or none) use the store's key; a store without a file gets a new key, not a file.
func TestSecretsMigrate(t *testing.T) {
	ctx := context.Background()
	st, dir := openStore(t)
	file := filepath.Join(dir, "apikey-hmac.key")
	require.NoError(t, os.WriteFile(file, []byte(strings.Repeat("h", 32)), 0o600))
	legacy, err := auth.LoadSecrets(file)
	require.NoError(t, err)
	hash := legacy.Hash("the-secret")

	secrets, err := app.InitSecrets(ctx, st, file, time.Now())
	require.NoError(t, err)
	_, err = secrets.Check(ctx, "the-secret", hash)
	require.NoError(t, err, "a secret hashed under the file's key still checks")

	other := filepath.Join(testnet.PrivateDir(t), "apikey-hmac.key")
	require.NoError(t, os.WriteFile(other, []byte(strings.Repeat("o", 32)), 0o600))
	for _, f := range []string{other, filepath.Join(testnet.PrivateDir(t), "absent.key")} {
		again, err := app.InitSecrets(ctx, st, f, time.Now())
		require.NoError(t, err)
		_, err = again.Check(ctx, "the-secret", hash)
		require.NoError(t, err, "another replica (key file %s) uses the store's key", f)
	}

	fresh, dir2 := openStore(t)
	_, err = app.InitSecrets(ctx, fresh, filepath.Join(dir2, "apikey-hmac.key"), time.Now())
	require.NoError(t, err)
	_, err = os.Stat(filepath.Join(dir2, "apikey-hmac.key"))
	require.ErrorIs(t, err, os.ErrNotExist, "the key lives in the store only")
}
