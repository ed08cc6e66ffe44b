package signer_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/stretchr/testify/require"
)

const alicePolicy = `path "secret/data/traders/alice" { capabilities = ["read"] }`

// putVaultKey stores a new key at secret/data/traders/NAME and returns its address.
func putVaultKey(t *testing.T, v *testnet.Vault, name string) common.Address {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	secret := signer.VaultSecret{Mount: "secret", Path: "traders/" + name, Field: signer.DefaultKeyField}
	addr, err := signer.PutVaultKey(context.Background(), signer.VaultConfig{Address: v.Addr, Token: v.RootToken}, secret, key)
	require.NoError(t, err)
	return addr
}

func requireSignsAs(t *testing.T, s signer.Signer, want common.Address) {
	t.Helper()
	require.Equal(t, want, s.Address(), "got address %s, want %s", s.Address(), want)
	sig, err := s.SignMessage(context.Background(), []byte("vault"))
	require.NoError(t, err)
	got, err := signer.RecoverMessage([]byte("vault"), sig)
	require.NoError(t, err)
	require.Equal(t, want, got, "got signer %s, want %s", got, want)
}

func TestVaultPrivateKey(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	alice := putVaultKey(t, v, "alice")
	token, err := v.PolicyToken(ctx, "alice-read", alicePolicy)
	require.NoError(t, err)

	t.Run("explicit config", func(t *testing.T) {
		s, err := signer.Open(ctx, "vault:secret/data/traders/alice#private_key", signer.Options{
			Vault: signer.VaultConfig{Address: v.Addr, Token: token},
		})
		require.NoError(t, err)
		defer s.Close()
		requireSignsAs(t, s, alice)
	})
	t.Run("environment like the vault CLI", func(t *testing.T) {
		t.Setenv("VAULT_ADDR", v.Addr)
		t.Setenv("VAULT_TOKEN", token)
		t.Setenv("VAULT_NAMESPACE", "")
		s, err := signer.Open(ctx, "vault:secret/traders/alice", signer.Options{})
		require.NoError(t, err)
		requireSignsAs(t, s, alice)
		require.NoError(t, s.Close())
		_, err = s.SignMessage(ctx, []byte("after close"))
		require.ErrorIs(t, err, signer.ErrClosed)
	})
}

func TestVaultFailureModes(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	putVaultKey(t, v, "alice")
	require.NoError(t, v.PutKV(ctx, "secret", "traders/short", map[string]interface{}{"private_key": "0x1234"}))
	require.NoError(t, v.PutKV(ctx, "secret", "traders/notkey", map[string]interface{}{"private_key": strings.Repeat("zz", 32)}))
	require.NoError(t, v.PutKV(ctx, "secret", "traders/number", map[string]interface{}{"private_key": 42}))
	require.NoError(t, v.PutKV(ctx, "secret", "traders/zero", map[string]interface{}{"private_key": "0x" + strings.Repeat("0", 64)}))
	otherToken, err := v.PolicyToken(ctx, "bob-read", `path "secret/data/traders/bob" { capabilities = ["read"] }`)
	require.NoError(t, err)

	down := testnet.NewVault(t)
	down.Stop()
	sealed := testnet.NewVault(t)
	require.NoError(t, sealed.Seal(ctx))

	tests := []struct {
		name    string
		addr    string
		token   string
		spec    string
		wantErr error
	}{
		{"token without permission", v.Addr, otherToken, "vault:secret/data/traders/alice", signer.ErrPermissionDenied},
		{"unknown token", v.Addr, "not-a-token", "vault:secret/data/traders/alice", signer.ErrPermissionDenied},
		{"missing secret", v.Addr, v.RootToken, "vault:secret/data/traders/nobody", signer.ErrSecretMissing},
		{"missing field", v.Addr, v.RootToken, "vault:secret/data/traders/alice#other", signer.ErrSecretMissing},
		{"missing mount", v.Addr, v.RootToken, "vault:nomount/data/traders/alice", signer.ErrSecretMissing},
		{"key too short", v.Addr, v.RootToken, "vault:secret/data/traders/short", signer.ErrKeyMalformed},
		{"key not hex", v.Addr, v.RootToken, "vault:secret/data/traders/notkey", signer.ErrKeyMalformed},
		{"key not a string", v.Addr, v.RootToken, "vault:secret/data/traders/number", signer.ErrKeyMalformed},
		{"key zero", v.Addr, v.RootToken, "vault:secret/data/traders/zero", signer.ErrKeyMalformed},
		{"vault down", down.Addr, "t", "vault:secret/data/traders/alice", signer.ErrVaultUnreachable},
		{"vault sealed", sealed.Addr, sealed.RootToken, "vault:secret/data/traders/alice", signer.ErrVaultSealed},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("VAULT_MAX_RETRIES", "0")
			s, err := signer.Open(ctx, tc.spec, signer.Options{Vault: signer.VaultConfig{Address: tc.addr, Token: tc.token}})
			if s != nil {
				s.Close()
			}
			require.ErrorIs(t, err, tc.wantErr, "got %v, want %v", err, tc.wantErr)
			t.Logf("error: %v", err)
			require.NotContains(t, err.Error(), "1234", "error must not echo key material")
		})
	}
}

func TestVaultAppRoleLogin(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	alice := putVaultKey(t, v, "alice")
	require.NoError(t, v.PutPolicy(ctx, "alice-read", alicePolicy))
	roleID, secretID, err := v.AppRole(ctx, "alice", "alice-read")
	require.NoError(t, err)

	t.Run("config", func(t *testing.T) {
		s, err := signer.Open(ctx, "vault:secret/data/traders/alice", signer.Options{
			Vault: signer.VaultConfig{Address: v.Addr, RoleID: roleID, SecretID: secretID},
		})
		require.NoError(t, err)
		defer s.Close()
		requireSignsAs(t, s, alice)
	})
	t.Run("environment", func(t *testing.T) {
		t.Setenv("VAULT_ADDR", v.Addr)
		t.Setenv("VAULT_TOKEN", "")
		t.Setenv(signer.EnvVaultRoleID, roleID)
		t.Setenv(signer.EnvVaultSecretID, secretID)
		s, err := signer.Open(ctx, "vault:secret/data/traders/alice", signer.Options{})
		require.NoError(t, err)
		defer s.Close()
		requireSignsAs(t, s, alice)
	})
	t.Run("wrong secret id", func(t *testing.T) {
		_, err := signer.Open(ctx, "vault:secret/data/traders/alice", signer.Options{
			Vault: signer.VaultConfig{Address: v.Addr, RoleID: roleID, SecretID: "00000000-0000-0000-0000-000000000000"},
		})
		require.ErrorIs(t, err, signer.ErrPermissionDenied, "got %v, want ErrPermissionDenied", err)
	})
	t.Run("role without the policy", func(t *testing.T) {
		r, s, err := v.AppRole(ctx, "nobody", "default")
		require.NoError(t, err)
		_, err = signer.Open(ctx, "vault:secret/data/traders/alice", signer.Options{
			Vault: signer.VaultConfig{Address: v.Addr, RoleID: r, SecretID: s},
		})
		require.ErrorIs(t, err, signer.ErrPermissionDenied, "got %v, want ErrPermissionDenied", err)
	})
}

func TestVaultKeystoreSecret(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	want := crypto.PubkeyToAddress(key.PublicKey)
	ks, err := signer.EncryptKeystore(key, "pw", signer.LightScrypt)
	require.NoError(t, err)
	require.NoError(t, v.PutKV(ctx, "secret", "ops/gateway", map[string]interface{}{"keystore": string(ks), "password": "pw"}))
	require.NoError(t, v.PutKV(ctx, "secret", "ops/wrongpw", map[string]interface{}{"keystore": string(ks), "password": "nope"}))
	require.NoError(t, v.PutKV(ctx, "secret", "ops/nopw", map[string]interface{}{"keystore": string(ks)}))
	require.NoError(t, v.PutKV(ctx, "secret", "ops/garbage", map[string]interface{}{"keystore": "{not json", "password": "pw"}))

	tests := []struct {
		path    string
		wantErr error
	}{
		{"ops/gateway", nil},
		{"ops/wrongpw", signer.ErrWrongPassword},
		{"ops/nopw", signer.ErrSecretMissing},
		{"ops/garbage", signer.ErrKeyMalformed},
	}
	for _, tc := range tests {
		t.Run(tc.path, func(t *testing.T) {
			s, err := signer.Open(ctx, "vault-keystore:secret/data/"+tc.path, signer.Options{
				Vault: signer.VaultConfig{Address: v.Addr, Token: v.RootToken},
			})
			if tc.wantErr != nil {
				require.ErrorIs(t, err, tc.wantErr, "got %v, want %v", err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			defer s.Close()
			requireSignsAs(t, s, want)
		})
	}
}

// TestSignEIP712DigestIsSignTypedData: signing a ready EIP-712 digest gives, byte for
// byte, the signature SignTypedData gives over the typed data, with a keystore key and a
// Vault key (the spec's Mail vector signs to the spec's signature), and is refused once
// the signer is closed.
func TestSignEIP712DigestIsSignTypedData(t *testing.T) {
	ctx := context.Background()
	td := mailTypedData(t)
	digest, err := signer.TypedDataDigest(td)
	require.NoError(t, err)

	cow := cowKey(t)
	sig, err := cow.SignEIP712Digest(ctx, digest)
	require.NoError(t, err)
	want, err := cow.SignTypedData(ctx, td)
	require.NoError(t, err)
	require.Equal(t, want, sig)
	require.Equal(t, "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"+
		"07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562"+"1c", hexutil.Encode(sig), "signature")
	require.NoError(t, cow.Close())

	v := testnet.NewVault(t)
	putVaultKey(t, v, "receipts")
	path := filepath.Join(t.TempDir(), "receipts")
	writeTestKeystore(t, path, "pw")
	open := map[string]func() (signer.Signer, error){
		"keystore": func() (signer.Signer, error) { return signer.OpenKeystore(ctx, path, signer.StaticPassword("pw")) },
		"vault": func() (signer.Signer, error) {
			return signer.Open(ctx, "vault:secret/data/traders/receipts#private_key", signer.Options{
				Vault: signer.VaultConfig{Address: v.Addr, Token: v.RootToken}})
		},
	}
	for name, openSigner := range open {
		t.Run(name, func(t *testing.T) {
			s, err := openSigner()
			require.NoError(t, err)
			want, err := s.SignTypedData(ctx, td)
			require.NoError(t, err)
			got, err := s.SignEIP712Digest(ctx, digest)
			require.NoError(t, err)
			require.Equal(t, want, got)
			addr, err := signer.RecoverDigest(digest, got)
			require.NoError(t, err)
			require.Equal(t, s.Address(), addr)
			require.NoError(t, s.Close())
			_, err = s.SignEIP712Digest(ctx, digest)
			require.ErrorIs(t, err, signer.ErrClosed)
		})
	}
}
