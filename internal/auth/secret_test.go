package auth_test

import (
	"context"
	"errors"
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
	ctx := context.Background()
	secrets, err := auth.NewSecrets([]byte(strings.Repeat("k", 32)))
	require.NoError(t, err)
	h := secrets.Hash("s3cret")
	require.True(t, strings.HasPrefix(h, "hmac-sha256$"))
	require.NotContains(t, h, "s3cret")
	upgrade, err := secrets.Check(ctx, "s3cret", h)
	require.NoError(t, err)
	require.False(t, upgrade)
	_, err = secrets.Check(ctx, "s3creT", h)
	require.ErrorIs(t, err, auth.ErrBadSecret)
	require.ErrorIs(t, secrets.CheckUnknown("x"), auth.ErrBadSecret)

	other, err := auth.NewSecrets([]byte(strings.Repeat("o", 32)))
	require.NoError(t, err)
	_, err = other.Check(ctx, "s3cret", h)
	require.ErrorIs(t, err, auth.ErrBadSecret, "a hash is bound to the server key")

	for _, bad := range []string{"", "scrypt$", "bcrypt$1$1$1$AA$AA", "scrypt$99$8$1$AA$AA", "hmac-sha256$AA", "hmac-sha256$"} {
		_, err := secrets.Check(ctx, "s3cret", bad)
		require.Error(t, err, bad)
		require.NotErrorIs(t, err, auth.ErrBadSecret, "a malformed hash is a server fault, not a wrong secret: %s", bad)
	}
	_, err = auth.NewSecrets([]byte("short"))
	require.Error(t, err)
}

// TestLegacyScryptHash: keys hashed with scrypt before the HMAC scheme still log in, and
// ask to be upgraded. The vector was made with the previous HashSecret (N=2^15, r=8, p=1).
func TestLegacyScryptHash(t *testing.T) {
	ctx := context.Background()
	secrets, err := auth.NewSecrets([]byte(strings.Repeat("k", 32)))
	require.NoError(t, err)
	const legacy = "scrypt$15$8$1$" + legacySaltAndHash
	upgrade, err := secrets.Check(ctx, "s3cret", legacy)
	require.NoError(t, err)
	require.True(t, upgrade)
	_, err = secrets.Check(ctx, "wrong", legacy)
	require.ErrorIs(t, err, auth.ErrBadSecret)

	// Old-format checks wait for a slot, and give up with the request's context.
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	done := make(chan error, 8)
	for range 8 {
		go func() { _, err := secrets.Check(cancelled, "s3cret", legacy); done <- err }()
	}
	for range 8 {
		err := <-done
		if err != nil && !errors.Is(err, context.Canceled) {
			t.Fatalf("got %v, want nil or context.Canceled", err)
		}
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

// BenchmarkCheckSecret is the cost of checking one API key secret.
func BenchmarkCheckSecret(b *testing.B) {
	secrets, err := auth.NewSecrets([]byte(strings.Repeat("k", 32)))
	require.NoError(b, err)
	h := secrets.Hash("s")
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_, _ = secrets.Check(ctx, "s", h)
	}
}

// legacySaltAndHash is scrypt("s3cret") with N=2^15, r=8, p=1 as the previous HashSecret
// stored it: salt and key, base64 without padding.
const legacySaltAndHash = "SsSwNB2Mig1S9Mpl0U807g$txkJTGplJWQpgmedCoJNX+rPzx6cz3zgef/QLwEjvpU"

// TestVerifiedTokensRemembered: a verified token is answered from memory until its
// expiry; a token differing in any byte (a forged signature, changed claims) is not.
func TestVerifiedTokensRemembered(t *testing.T) {
	tokens, err := auth.NewTokens([]byte(strings.Repeat("k", 32)), time.Hour)
	require.NoError(t, err)
	now := time.Now()
	tok, err := tokens.Issue(auth.Claims{APIKeyID: "key", Generation: 1}, "acc", now)
	require.NoError(t, err)
	first, err := tokens.Verify(tok, now)
	require.NoError(t, err)
	again, err := tokens.Verify(tok, now.Add(time.Minute))
	require.NoError(t, err)
	require.Same(t, first, again, "answered from memory")

	sig := tok[strings.LastIndex(tok, ".")+1:]
	forged := tok[:len(tok)-len(sig)] + strings.Repeat("A", len(sig))
	_, err = tokens.Verify(forged, now)
	require.ErrorIs(t, err, auth.ErrInvalidToken)

	_, err = tokens.Verify(tok, now.Add(time.Hour))
	require.ErrorIs(t, err, auth.ErrInvalidToken, "expired, though remembered")
}
