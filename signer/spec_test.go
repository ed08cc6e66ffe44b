package signer_test

import (
	"testing"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/stretchr/testify/require"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		in      string
		want    signer.Spec
		wantErr string // part of the error text that names the bad part
	}{
		{in: "keystore:/home/a/k.json", want: signer.Spec{Kind: signer.KindKeystore, Path: "/home/a/k.json"}},
		{in: "account:alice", want: signer.Spec{Kind: signer.KindAccount, Account: "alice"}},
		{in: "vault:secret/data/traders/alice#private_key", want: signer.Spec{Kind: signer.KindVault, Secret: signer.VaultSecret{Mount: "secret", Path: "traders/alice", Field: "private_key"}}},
		{in: "vault:secret/traders/alice", want: signer.Spec{Kind: signer.KindVault, Secret: signer.VaultSecret{Mount: "secret", Path: "traders/alice", Field: "private_key"}}},
		{in: "vault:kv/ops/data/gateway#key", want: signer.Spec{Kind: signer.KindVault, Secret: signer.VaultSecret{Mount: "kv/ops", Path: "gateway", Field: "key"}}},
		{in: "vault-keystore:secret/data/ops", want: signer.Spec{Kind: signer.KindVaultKeystore, Secret: signer.VaultSecret{Mount: "secret", Path: "ops", Field: "keystore"}}},
		{in: "alice", wantErr: "missing KIND: prefix"},
		{in: "ledger:0", wantErr: `unknown kind "ledger"`},
		{in: "keystore:", wantErr: "keystore path is empty"},
		{in: "account:a/b", wantErr: `account name "a/b"`},
		{in: "vault:secret", wantErr: `secret path is empty after mount "secret"`},
		{in: "vault:/data/x", wantErr: "vault mount is empty"},
		{in: "vault:secret/data/x#", wantErr: "field after '#' is empty"},
		{in: "vault:secret/data/../x", wantErr: "'..' segment"},
	}
	for _, tc := range tests {
		t.Run(tc.in, func(t *testing.T) {
			got, err := signer.ParseSpec(tc.in)
			if tc.wantErr != "" {
				require.ErrorIs(t, err, signer.ErrInvalidSpec)
				require.ErrorContains(t, err, tc.wantErr, "got %v, want it to name %q", err, tc.wantErr)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got, "got %+v, want %+v", got, tc.want)
			again, err := signer.ParseSpec(got.String())
			require.NoError(t, err)
			require.Equal(t, got, again, "round trip of %q", got.String())
		})
	}
}
