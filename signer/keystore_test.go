package signer_test

import (
	"context"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/signer"
)

// writeTestKeystore writes a light-scrypt keystore for a new key and returns its address.
func writeTestKeystore(t *testing.T, path, password string) common.Address {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	addr, err := signer.WriteKeystore(path, key, password, signer.LightScrypt)
	require.NoError(t, err)
	return addr
}

func TestKeystoreOpen(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "alice")
	addr := writeTestKeystore(t, path, "correct horse")

	st, err := os.Stat(path)
	require.NoError(t, err)
	require.Equal(t, os.FileMode(0o600), st.Mode().Perm(), "got mode %v, want 0600", st.Mode().Perm())

	tests := []struct {
		name     string
		path     string
		password string
		wantErr  error
	}{
		{"right password", path, "correct horse", nil},
		{"wrong password", path, "battery staple", signer.ErrWrongPassword},
		{"missing file", filepath.Join(dir, "nobody"), "x", signer.ErrKeystoreNotFound},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := signer.OpenKeystore(context.Background(), tc.path, signer.StaticPassword(tc.password))
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr, "got %v, want %v", err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			defer s.Close()
			require.Equal(t, addr, s.Address(), "got %s, want %s", s.Address(), addr)
			sig, err := s.SignMessage(context.Background(), []byte("hi"))
			require.NoError(t, err)
			got, err := signer.RecoverMessage([]byte("hi"), sig)
			require.NoError(t, err)
			require.Equal(t, addr, got)
		})
	}
}

func TestKeystoreMalformed(t *testing.T) {
	dir := t.TempDir()
	tests := map[string]string{
		"not json":     "hello",
		"json, no key": `{"version":3}`,
		"bad cipher":   `{"version":3,"id":"3198bc9c-6672-5ab3-d995-4942343ae5b6","crypto":{"cipher":"rot13","ciphertext":"00","cipherparams":{"iv":"00"},"kdf":"scrypt","kdfparams":{"dklen":32,"n":2,"p":1,"r":8,"salt":"00"},"mac":"00"}}`,
	}
	for name, content := range tests {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(dir, name)
			require.NoError(t, os.WriteFile(path, []byte(content), 0o600))
			_, err := signer.OpenKeystore(context.Background(), path, signer.StaticPassword("x"))
			require.ErrorIs(t, err, signer.ErrKeyMalformed, "got %v, want ErrKeyMalformed", err)
		})
	}
}

func TestWriteKeystoreNeverOverwrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "k")
	writeTestKeystore(t, path, "p")
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	_, err = signer.WriteKeystore(path, key, "p", signer.LightScrypt)
	require.ErrorIs(t, err, signer.ErrAccountExists)
}

func TestAccountLookup(t *testing.T) {
	dtwDir, foundryDir := t.TempDir(), t.TempDir()
	inDtw := writeTestKeystore(t, filepath.Join(dtwDir, "alice"), "p")
	writeTestKeystore(t, filepath.Join(foundryDir, "alice"), "p") // shadowed by dtw's
	inFoundry := writeTestKeystore(t, filepath.Join(foundryDir, "bob"), "p")
	withExt := writeTestKeystore(t, filepath.Join(foundryDir, "carol.json"), "p")
	opts := signer.Options{KeystoreDirs: []string{dtwDir, foundryDir}, Password: signer.StaticPassword("p")}

	tests := []struct {
		account string
		want    common.Address
		wantErr error
	}{
		{"alice", inDtw, nil},
		{"bob", inFoundry, nil},
		{"carol", withExt, nil},
		{"dave", common.Address{}, signer.ErrKeystoreNotFound},
		{"../etc", common.Address{}, signer.ErrInvalidSpec},
	}
	for _, tc := range tests {
		t.Run(tc.account, func(t *testing.T) {
			s, err := signer.Open(context.Background(), "account:"+tc.account, opts)
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr, "got %v, want %v", err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			defer s.Close()
			require.Equal(t, tc.want, s.Address(), "got %s, want %s", s.Address(), tc.want)
		})
	}

	accts, err := signer.ListAccounts(dtwDir, foundryDir, filepath.Join(dtwDir, "missing"))
	require.NoError(t, err)
	require.Len(t, accts, 4, "got %v, want 4 accounts", accts)
	require.Equal(t, inDtw, accts[0].Address, "first listed account")
}

func TestPasswordFile(t *testing.T) {
	dir := t.TempDir()
	tests := []struct{ name, content, want string }{
		{"plain", "secret", "secret"},
		{"newline", "secret\n", "secret"},
		{"crlf", "secret\r\n", "secret"},
		{"inner spaces kept", " se cret \n", " se cret "},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.name)
			require.NoError(t, os.WriteFile(path, []byte(tc.content), 0o600))
			got, err := signer.PasswordFile(path)(context.Background(), "k")
			require.NoError(t, err)
			require.Equal(t, tc.want, got, "got %q, want %q", got, tc.want)
		})
	}
	t.Run("env", func(t *testing.T) {
		t.Setenv(signer.EnvPassword, "from-env")
		got, err := signer.DefaultPassword("")(context.Background(), "k")
		require.NoError(t, err)
		require.Equal(t, "from-env", got)
	})
}

// TestDecryptReleasesScryptBuffer: decrypting a keystore of standard cost (a 256 MiB
// scrypt buffer) leaves no such amount held by the process: the gateway decrypts its
// operator key once at start and its resident memory stayed near 280 MB until a GC.
func TestDecryptReleasesScryptBuffer(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	blob, err := signer.EncryptKeystore(key, "pw", signer.StandardScrypt)
	require.NoError(t, err)
	_, err = signer.DecryptKeystore(blob, "pw")
	require.NoError(t, err)
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	held := m.HeapInuse + m.HeapIdle - m.HeapReleased // heap memory still mapped and not returned
	require.Less(t, held, uint64(128<<20), "heap still holds %d MiB after decryption", held>>20)
	t.Logf("heap held after decryption: %d MiB", held>>20)
}
