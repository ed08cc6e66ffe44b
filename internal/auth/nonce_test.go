package auth_test

import (
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/auth"
)

func nonces(t *testing.T, key byte) *auth.Nonces {
	t.Helper()
	s, err := auth.NewSecrets([]byte(strings.Repeat(string(key), 32)))
	require.NoError(t, err)
	n, err := auth.NewNonces(s, 5*time.Minute)
	require.NoError(t, err)
	return n
}

func TestNoncesCarryTheirExpiry(t *testing.T) {
	n := nonces(t, 'a')
	now := time.Now()
	nonce := n.Issue(now)
	require.Len(t, nonce, auth.NonceLen)
	require.Regexp(t, `^[0-9a-f]+$`, nonce, "EIP-4361 nonces are alphanumeric")
	require.NotEqual(t, nonce, n.Issue(now), "each nonce is fresh")

	exp, err := n.Check(nonce, now.Add(time.Minute))
	require.NoError(t, err)
	require.Equal(t, now.Add(5*time.Minute).UnixMilli(), exp.UnixMilli())
	_, err = n.Check(nonce, now.Add(5*time.Minute))
	require.ErrorIs(t, err, auth.ErrBadNonce, "expired")

	other := nonces(t, 'b') // another gateway's key
	_, err = other.Check(nonce, now)
	require.ErrorIs(t, err, auth.ErrBadNonce)

	forged := []byte(nonce)
	forged[3] ^= 1 // move the expiry
	for _, bad := range []string{"", "abc", string(forged), nonce[:len(nonce)-2], nonce + "00", strings.ToUpper(nonce[:2]) + "zz" + nonce[4:]} {
		_, err := n.Check(bad, now)
		require.ErrorIs(t, err, auth.ErrBadNonce, "%q", bad)
	}
}
