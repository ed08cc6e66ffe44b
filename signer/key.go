package signer

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"fmt"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// keySigner is a DigestSigner over a private key held in this process's memory.
type keySigner struct {
	mu   sync.RWMutex
	key  *ecdsa.PrivateKey // nil once closed
	addr common.Address
}

var (
	_ DigestSigner = (*keySigner)(nil)
	_ inProcess    = (*keySigner)(nil)
)

// newKeySigner takes ownership of key: Close zeroes it.
func newKeySigner(key *ecdsa.PrivateKey) *keySigner {
	return &keySigner{key: key, addr: keyAddress(key)}
}

// NewPrivateKeySigner returns a Signer over key, which it takes ownership of: Close
// zeroes it. Meant for tests and for keys that arrive from elsewhere already in memory.
func NewPrivateKeySigner(key *ecdsa.PrivateKey) Signer {
	return New(newKeySigner(key))
}

func (k *keySigner) Address() common.Address { return k.addr }

func (*keySigner) inProcess() {}

func (k *keySigner) SignDigest(ctx context.Context, digest common.Hash) ([]byte, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	k.mu.RLock()
	defer k.mu.RUnlock()
	if k.key == nil {
		return nil, ErrClosed
	}
	return crypto.Sign(digest[:], k.key)
}

func (k *keySigner) Close() error {
	k.mu.Lock()
	defer k.mu.Unlock()
	if k.key != nil {
		zeroKey(k.key)
		k.key = nil
	}
	return nil
}

// zeroKey overwrites the private scalar in place.
func zeroKey(key *ecdsa.PrivateKey) {
	if key == nil || key.D == nil {
		return
	}
	words := key.D.Bits()
	for i := range words {
		words[i] = 0
	}
	key.D.SetInt64(0)
}

// zeroBytes overwrites b.
func zeroBytes(b []byte) {
	for i := range b {
		b[i] = 0
	}
}

// ParsePrivateKey parses a hex private key (64 hex digits, optional 0x prefix,
// surrounding white space ignored). Errors wrap ErrKeyMalformed and never echo the
// input. The caller should zero raw after use.
func ParsePrivateKey(raw []byte) (*ecdsa.PrivateKey, error) {
	h := bytes.TrimSpace(raw) // a view of raw, not a copy
	if len(h) >= 2 && h[0] == '0' && (h[1] == 'x' || h[1] == 'X') {
		h = h[2:]
	}
	if len(h) != 64 {
		return nil, fmt.Errorf("%w: private key has %d hex digits, want 64", ErrKeyMalformed, len(h))
	}
	b := make([]byte, 32)
	defer zeroBytes(b)
	if _, err := hex.Decode(b, h); err != nil {
		return nil, fmt.Errorf("%w: private key is not hex", ErrKeyMalformed)
	}
	key, err := crypto.ToECDSA(b)
	if err != nil {
		return nil, fmt.Errorf("%w: not a valid secp256k1 private key", ErrKeyMalformed)
	}
	return key, nil
}
