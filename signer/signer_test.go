package signer_test

import (
	"context"
	"encoding/json"
	"math/big"
	"os"
	"testing"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/stretchr/testify/require"
)

// cowKey is the signing key of the EIP-712 specification's Mail example.
func cowKey(t *testing.T) signer.Signer {
	t.Helper()
	key, err := crypto.ToECDSA(crypto.Keccak256([]byte("cow")))
	require.NoError(t, err)
	return signer.NewPrivateKeySigner(key)
}

func mailTypedData(t *testing.T) apitypes.TypedData {
	t.Helper()
	raw, err := os.ReadFile("testdata/mail.json")
	require.NoError(t, err)
	var td apitypes.TypedData
	require.NoError(t, json.Unmarshal(raw, &td))
	return td
}

// TestTypedDataMailVector checks the digest and signature of the EIP-712 spec's example.
func TestTypedDataMailVector(t *testing.T) {
	td := mailTypedData(t)
	s := cowKey(t)
	defer s.Close()
	require.Equal(t, common.HexToAddress("0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826"), s.Address(), "cow address")

	sep, err := td.HashStruct("EIP712Domain", td.Domain.Map())
	require.NoError(t, err)
	require.Equal(t, "0xf2cee375fa42b42143804025fc449deafd50cc031ca257e0b194a650a912090f", hexutil.Encode(sep), "domain separator")

	digest, err := signer.TypedDataDigest(td)
	require.NoError(t, err)
	require.Equal(t, "0xbe609aee343fb3c4b28e1df9e632fca64fcfaede20f02e86244efddf30957bd2", digest.Hex(), "digest")

	sig, err := s.SignTypedData(context.Background(), td)
	require.NoError(t, err)
	// v, r, s from the EIP-712 specification.
	require.Equal(t, "0x4355c47d63924e8a72e509b65029052eb6c299d53a04e167c5775fd466751c9d"+
		"07299936d304c153f6443dfa05f40ff007d72911b6f72307f996231605b91562"+"1c", hexutil.Encode(sig), "signature")

	got, err := signer.RecoverTypedData(td, sig)
	require.NoError(t, err)
	require.Equal(t, s.Address(), got, "recovered signer")
}

func TestSignMessageRecovers(t *testing.T) {
	s := cowKey(t)
	defer s.Close()
	for _, msg := range []string{"", "hello", "a longer message\nwith a newline"} {
		t.Run(msg, func(t *testing.T) {
			sig, err := s.SignMessage(context.Background(), []byte(msg))
			require.NoError(t, err)
			require.Len(t, sig, 65)
			require.Contains(t, []byte{27, 28}, sig[64], "v")
			got, err := signer.RecoverMessage([]byte(msg), sig)
			require.NoError(t, err)
			require.Equal(t, s.Address(), got, "got signer %s, want %s", got, s.Address())
		})
	}
}

func TestSignTx(t *testing.T) {
	s := cowKey(t)
	defer s.Close()
	to := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	chainID := big.NewInt(31337)
	tests := []struct {
		name string
		tx   *types.Transaction
	}{
		{"eip1559", types.NewTx(&types.DynamicFeeTx{ChainID: chainID, Nonce: 3, GasTipCap: big.NewInt(1e9), GasFeeCap: big.NewInt(3e9), Gas: 21000, To: &to, Value: big.NewInt(1)})},
		{"legacy", types.NewTx(&types.LegacyTx{Nonce: 4, GasPrice: big.NewInt(2e9), Gas: 21000, To: &to, Value: big.NewInt(2)})},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			signed, err := s.SignTx(context.Background(), tc.tx, chainID)
			require.NoError(t, err)
			from, err := types.Sender(types.LatestSignerForChainID(chainID), signed)
			require.NoError(t, err)
			require.Equal(t, s.Address(), from, "got sender %s, want %s", from, s.Address())
			require.Equal(t, chainID, signed.ChainId(), "chain id")
			require.True(t, signed.Protected(), "legacy tx must carry EIP-155 replay protection")
		})
	}
	_, err := s.SignTx(context.Background(), tests[0].tx, nil)
	require.Error(t, err, "nil chain id")
}

func TestCloseZeroesKey(t *testing.T) {
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	s := signer.NewPrivateKeySigner(key)
	require.NoError(t, s.Close())
	require.Zero(t, key.D.Sign(), "got key scalar %v after Close, want 0", key.D)
	_, err = s.SignMessage(context.Background(), []byte("x"))
	require.ErrorIs(t, err, signer.ErrClosed)
	require.NoError(t, s.Close(), "second Close")
}

// lyingBackend is a backend that signs elsewhere and answers with another key's
// signature.
type lyingBackend struct {
	addr  common.Address
	other signer.Signer
}

func (b lyingBackend) Address() common.Address { return b.addr }
func (b lyingBackend) SignDigest(ctx context.Context, digest common.Hash) ([]byte, error) {
	sig, err := b.other.SignEIP712Digest(ctx, digest)
	if err == nil {
		sig[64] -= 27
	}
	return sig, err
}
func (lyingBackend) Close() error { return nil }

// TestSignEIP712DigestChecksRemoteBackends: a backend that signs outside this process
// is checked on SignEIP712Digest as on every other method: a signature by another key
// is refused.
func TestSignEIP712DigestChecksRemoteBackends(t *testing.T) {
	ctx := context.Background()
	cow := cowKey(t)
	defer cow.Close()
	other, err := crypto.GenerateKey()
	require.NoError(t, err)
	s := signer.New(lyingBackend{addr: cow.Address(), other: signer.NewPrivateKeySigner(other)})
	digest, err := signer.TypedDataDigest(mailTypedData(t))
	require.NoError(t, err)
	_, err = s.SignEIP712Digest(ctx, digest)
	require.ErrorContains(t, err, "recovers to")
	_, err = s.SignTypedData(ctx, mailTypedData(t))
	require.ErrorContains(t, err, "recovers to")
}
