package auth_test

import (
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/auth"
)

func kid(t *testing.T, token string) any {
	t.Helper()
	tok, _, err := jwt.NewParser().ParseUnverified(token, &auth.Claims{})
	require.NoError(t, err)
	return tok.Header["kid"]
}

// TestKeyRing: a token of the key file (no kid) still verifies once the same key is key
// "1" of a ring; a rotated key verifies at once but signs only from its activation; the
// old key verifies until it leaves the ring, and its remembered tokens are forgotten then.
func TestKeyRing(t *testing.T) {
	now := time.Now()
	old, next := []byte(strings.Repeat("o", 32)), []byte(strings.Repeat("n", 32))
	legacy, err := auth.NewTokens(old, time.Hour)
	require.NoError(t, err)
	legacyToken, err := legacy.Issue(auth.Claims{APIKeyID: "k", Generation: 1}, "acc", now)
	require.NoError(t, err)
	require.Nil(t, kid(t, legacyToken))

	tokens, err := auth.NewTokens(old, time.Hour)
	require.NoError(t, err)
	activeFrom := now.Add(30 * time.Second)
	require.NoError(t, tokens.SetKeys([]auth.Key{{ID: "1", Secret: old, ActiveFrom: now.Add(-time.Hour)}, {ID: "2", Secret: next, ActiveFrom: activeFrom}}))
	_, err = tokens.Verify(legacyToken, now)
	require.NoError(t, err, "a token without kid")

	before, err := tokens.Issue(auth.Claims{Address: "0xabc"}, "acc", now)
	require.NoError(t, err)
	require.Equal(t, "1", kid(t, before), "the new key is not active yet")
	after, err := tokens.Issue(auth.Claims{Address: "0xabc"}, "acc", activeFrom)
	require.NoError(t, err)
	require.Equal(t, "2", kid(t, after))
	for _, tok := range []string{before, after} {
		_, err := tokens.Verify(tok, activeFrom)
		require.NoError(t, err)
	}

	forged, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": auth.Issuer, "sub": "acc", "addr": "0xabc",
		"exp": now.Add(time.Hour).Unix()}).SignedString([]byte(strings.Repeat("x", 32)))
	require.NoError(t, err)
	_, err = tokens.Verify(forged, now)
	require.ErrorIs(t, err, auth.ErrInvalidToken)
	unknown := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims{"iss": auth.Issuer, "sub": "acc", "addr": "0xabc",
		"exp": now.Add(time.Hour).Unix()})
	unknown.Header["kid"] = "9"
	s, err := unknown.SignedString(old)
	require.NoError(t, err)
	_, err = tokens.Verify(s, now)
	require.ErrorIs(t, err, auth.ErrInvalidToken, "a kid not in the ring")

	require.NoError(t, tokens.SetKeys([]auth.Key{{ID: "2", Secret: next, ActiveFrom: activeFrom}}))
	_, err = tokens.Verify(before, activeFrom)
	require.ErrorIs(t, err, auth.ErrInvalidToken, "the old key left the ring")
	_, err = tokens.Verify(after, activeFrom)
	require.NoError(t, err)

	require.Error(t, tokens.SetKeys(nil))
	require.Error(t, tokens.SetKeys([]auth.Key{{ID: "3", Secret: []byte("short")}}))
}
