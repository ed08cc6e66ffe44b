package receiptkey_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/receiptkey"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

// signOne signs a first deposit receipt at time at with k and verifies it against k's
// published keys.
func signOne(t *testing.T, k *receiptkey.Key, at time.Time) error {
	t.Helper()
	r := receipt.Receipt{Account: "acc", Sequence: 1, EntryID: 1, Kind: "DEPOSIT", TimestampMillis: uint64(at.UnixMilli()),
		Postings: []receipt.Posting{{Asset: "usdt", Amount: "5"}}, Balances: []receipt.Balance{{Asset: "usdt", Balance: "5"}}}
	s, err := receipt.Sign(context.Background(), k.Signer, r)
	require.NoError(t, err)
	_, err = receipt.Verify("acc", []receipt.Signed{s}, k.Published, map[string]decimal.Decimal{"usdt": decimal.NewFromInt(5)})
	return err
}

// TestKeystoreKey: a keystore receipt key opens with its password file and publishes the
// retired keys and itself from keyValidFrom; its receipts verify from then on only; an
// operator's key is refused.
func TestKeystoreKey(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	addr, err := signer.WriteKeystore(filepath.Join(dir, "receipts.json"), key, "pw", signer.LightScrypt)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "pw"), []byte("pw\n"), 0o600))
	rotated := time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)
	old := common.HexToAddress("0x70997970C51812dc3A010C7d01b50e0d17dc79C8")
	cfg := config.Receipts{Key: "keystore:" + filepath.Join(dir, "receipts.json"), KeyPasswordFile: filepath.Join(dir, "pw"),
		KeyValidFrom: rotated,
		RetiredKeys:  []config.RetiredReceiptKey{{Address: old.Hex(), ValidFrom: rotated.AddDate(-1, 0, 0), ValidUntil: rotated}}}

	k, err := receiptkey.Open(ctx, cfg, []common.Address{common.HexToAddress("0x01")}, signer.Options{})
	require.NoError(t, err)
	defer k.Signer.Close()
	require.Equal(t, addr, k.Signer.Address())
	require.Equal(t, receipt.Keys{
		{Address: old, ValidFromMillis: uint64(rotated.AddDate(-1, 0, 0).UnixMilli()), ValidUntilMillis: uint64(rotated.UnixMilli())},
		{Address: addr, ValidFromMillis: uint64(rotated.UnixMilli())},
	}, k.Published)
	require.NoError(t, signOne(t, k, rotated.Add(time.Hour)))
	require.ErrorIs(t, signOne(t, k, rotated.Add(-time.Hour)), receipt.ErrSignature)

	_, err = receiptkey.Open(ctx, cfg, []common.Address{addr}, signer.Options{})
	require.ErrorIs(t, err, receiptkey.ErrOperatorKey)

	none, err := receiptkey.Open(ctx, config.Receipts{}, nil, signer.Options{})
	require.NoError(t, err)
	require.Nil(t, none)
}

// TestVaultKey: a receipt key held in Vault (a real dev server) signs receipts that
// verify.
func TestVaultKey(t *testing.T) {
	ctx := context.Background()
	v := testnet.NewVault(t)
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	vc := signer.VaultConfig{Address: v.Addr, Token: v.RootToken}
	addr, err := signer.PutVaultKey(ctx, vc, signer.VaultSecret{Mount: "secret", Path: "gateway/receipts", Field: signer.DefaultKeyField}, key)
	require.NoError(t, err)
	k, err := receiptkey.Open(ctx, config.Receipts{Key: "vault:secret/data/gateway/receipts#" + signer.DefaultKeyField}, nil, signer.Options{Vault: vc})
	require.NoError(t, err)
	defer k.Signer.Close()
	require.Equal(t, addr, k.Signer.Address())
	require.NoError(t, signOne(t, k, time.Now()))
}
