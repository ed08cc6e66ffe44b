package auth_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/auth"
)

func TestSecretHash(t *testing.T) {
	h, err := auth.HashSecret("s3cret")
	require.NoError(t, err)
	require.True(t, strings.HasPrefix(h, "scrypt$15$8$1$"))
	require.NotContains(t, h, "s3cret")
	require.NoError(t, auth.CheckSecret("s3cret", h))
	require.ErrorIs(t, auth.CheckSecret("s3creT", h), auth.ErrBadSecret)
	require.ErrorIs(t, auth.CheckUnknownSecret("x"), auth.ErrBadSecret)
	for _, bad := range []string{"", "scrypt$", "bcrypt$1$1$1$AA$AA", "scrypt$99$8$1$AA$AA"} {
		require.Error(t, auth.CheckSecret("s3cret", bad), bad)
	}
}

func TestTokens(t *testing.T) {
	key := []byte(strings.Repeat("k", 32))
	tokens, err := auth.NewTokens(key, time.Hour)
	require.NoError(t, err)
	now := time.Now()
	tok, err := tokens.Issue(auth.Claims{APIKeyID: "key", Generation: 2}, "acc", now)
	require.NoError(t, err)
	c, err := tokens.Verify(tok, now.Add(59*time.Minute))
	require.NoError(t, err)
	require.Equal(t, "acc", c.AccountID())
	require.Equal(t, int64(2), c.Generation)

	_, err = tokens.Verify(tok, now.Add(61*time.Minute))
	require.ErrorIs(t, err, auth.ErrInvalidToken, "expired")

	none, err := jwt.NewWithClaims(jwt.SigningMethodNone, &auth.Claims{APIKeyID: "key"}).SignedString(jwt.UnsafeAllowNoneSignatureType)
	require.NoError(t, err)
	_, err = tokens.Verify(none, now)
	require.ErrorIs(t, err, auth.ErrInvalidToken, "alg none")

	both, err := tokens.Issue(auth.Claims{APIKeyID: "key", Address: "0x1"}, "acc", now)
	require.NoError(t, err)
	_, err = tokens.Verify(both, now)
	require.ErrorIs(t, err, auth.ErrInvalidToken, "key and address at once")

	_, err = auth.NewTokens([]byte("short"), time.Hour)
	require.Error(t, err)
}

func TestLoadOrCreateKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", "jwt.key")
	k1, err := auth.LoadOrCreateKey(path)
	require.NoError(t, err)
	require.Len(t, k1, 32)
	info, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), info.Mode().Perm())
	k2, err := auth.LoadOrCreateKey(path)
	require.NoError(t, err)
	require.Equal(t, k1, k2, "the key persists")

	require.NoError(t, os.WriteFile(path, []byte("short"), 0o600))
	_, err = auth.LoadOrCreateKey(path)
	require.Error(t, err)
}

func BenchmarkHashSecret(b *testing.B) {
	h, err := auth.HashSecret("s")
	require.NoError(b, err)
	for b.Loop() {
		_ = auth.CheckSecret("s", h)
	}
}
