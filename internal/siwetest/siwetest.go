// Package siwetest builds and signs Sign-In with Ethereum messages for tests, with the
// project's keystore signer over a real keystore file.
package siwetest

import (
	"context"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/spruceid/siwe-go"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/signer"
)

// Signer is a test wallet.
type Signer struct {
	s signer.Signer
	// Address is the wallet address.
	Address common.Address
}

// NewSigner writes a fresh key to a keystore under t.TempDir (light scrypt) and opens it
// with signer.OpenKeystore.
func NewSigner(t testing.TB) *Signer {
	t.Helper()
	key, err := crypto.GenerateKey()
	require.NoError(t, err)
	path := filepath.Join(t.TempDir(), "key.json")
	_, err = signer.WriteKeystore(path, key, "test", signer.LightScrypt)
	require.NoError(t, err)
	s, err := signer.OpenKeystore(context.Background(), path, signer.StaticPassword("test"))
	require.NoError(t, err)
	t.Cleanup(func() { s.Close() })
	return &Signer{s: s, Address: s.Address()}
}

// Sign returns the EIP-191 personal_sign signature of msg as 0x-hex with v in {27, 28},
// as wallets and `cast wallet sign` produce it.
func (s *Signer) Sign(t testing.TB, msg string) string {
	t.Helper()
	return hexutil.Encode(s.SignBytes(t, msg))
}

// SignBytes is Sign without the hex encoding.
func (s *Signer) SignBytes(t testing.TB, msg string) []byte {
	t.Helper()
	sig, err := s.s.SignMessage(context.Background(), []byte(msg))
	require.NoError(t, err)
	return sig
}

// HashMessage is the EIP-191 personal_sign hash of msg.
func HashMessage(msg string) []byte {
	return crypto.Keccak256([]byte("\x19Ethereum Signed Message:\n" + strconv.Itoa(len(msg)) + msg))
}

// Message describes a SIWE message to render.
type Message struct {
	// Domain, Address, URI, Nonce and ChainID are the EIP-4361 fields.
	Domain  string
	Address string
	URI     string
	Nonce   string
	ChainID int
	// IssuedAt defaults to now.
	IssuedAt time.Time
	// ExpirationTime and NotBefore are omitted when zero.
	ExpirationTime time.Time
	NotBefore      time.Time
}

// String renders m canonically with siwe-go.
func (m Message) String(t testing.TB) string {
	t.Helper()
	opts := map[string]any{"chainId": m.ChainID, "statement": "Sign in to dtwgate"}
	if m.IssuedAt.IsZero() {
		m.IssuedAt = time.Now()
	}
	opts["issuedAt"] = m.IssuedAt
	if !m.ExpirationTime.IsZero() {
		opts["expirationTime"] = m.ExpirationTime
	}
	if !m.NotBefore.IsZero() {
		opts["notBefore"] = m.NotBefore
	}
	msg, err := siwe.InitMessage(m.Domain, m.Address, m.URI, m.Nonce, opts)
	require.NoError(t, err)
	return msg.String()
}
