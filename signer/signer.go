package signer

import (
	"context"
	"crypto/ecdsa"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
)

// Signer signs on behalf of one Ethereum account. All methods may be called
// concurrently; after Close every signing method returns ErrClosed.
type Signer interface {
	// Address returns the account's address.
	Address() common.Address
	// SignTx signs tx for chainID: EIP-1559 (and other typed) transactions with their
	// own signer, legacy transactions with EIP-155 replay protection.
	SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error)
	// SignMessage signs msg as an EIP-191 personal message ("\x19Ethereum Signed
	// Message:\n" + len + msg) and returns the 65-byte signature with v = 27 or 28.
	SignMessage(ctx context.Context, msg []byte) ([]byte, error)
	// SignTypedData signs EIP-712 typed data and returns the 65-byte signature with
	// v = 27 or 28.
	SignTypedData(ctx context.Context, data apitypes.TypedData) ([]byte, error)
	// SignEIP712Digest signs an EIP-712 digest the caller computed itself,
	// keccak256("\x19\x01" || domainSeparator || hashStruct(message)), and returns what
	// SignTypedData returns for typed data of that digest, byte for byte: the 65-byte
	// signature with v = 27 or 28. It is for a caller that hashes its own fixed types
	// faster than the generic encoder: today only api/receipt's Sign, over a receipt's hash
	// in the receipt key's domain. The digest is signed blind: give it only a digest the
	// caller computed in this process from typed data it built and checked, never a
	// transaction hash or any 32 bytes read from a store or a request (whoever wrote them
	// would have the key sign what they like). With a key held in this process (keystore,
	// Vault KV) it skips the check the other methods make that the signature recovers to
	// the key's address: libsecp256k1 signs with that very key (as geth's keystore signs,
	// unchecked), and the check's ECDSA recovery doubled the cost of signing a receipt; a
	// backend that signs elsewhere is checked as always.
	SignEIP712Digest(ctx context.Context, digest common.Hash) ([]byte, error)
	// Close releases the backend and zeroes any key material held in memory.
	Close() error
}

// DigestSigner is what a backend implements: an address and a raw secp256k1
// signature over a 32-byte digest. New turns one into a Signer.
type DigestSigner interface {
	// Address returns the address of the signing key.
	Address() common.Address
	// SignDigest returns the 65-byte [R || S || V] signature of digest, V = 0 or 1,
	// S in the lower half of the curve order.
	SignDigest(ctx context.Context, digest common.Hash) ([]byte, error)
	// Close releases the backend and zeroes key material.
	Close() error
}

// New returns a Signer that does the Ethereum encodings and delegates the raw
// signature to d. It checks that every signature recovers to d's address (but for
// SignEIP712Digest with a key held in this process: see there).
func New(d DigestSigner) Signer {
	return &signer{d: d}
}

type signer struct {
	d DigestSigner
}

var _ Signer = (*signer)(nil)

func (s *signer) Address() common.Address { return s.d.Address() }

func (s *signer) Close() error { return s.d.Close() }

func (s *signer) SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	if chainID == nil || chainID.Sign() <= 0 {
		return nil, fmt.Errorf("sign transaction: chain id %v: must be positive", chainID)
	}
	txSigner := types.LatestSignerForChainID(chainID)
	sig, err := s.sign(ctx, txSigner.Hash(tx))
	if err != nil {
		return nil, fmt.Errorf("sign transaction: %w", err)
	}
	signed, err := tx.WithSignature(txSigner, sig)
	if err != nil {
		return nil, fmt.Errorf("sign transaction: %w", err)
	}
	return signed, nil
}

func (s *signer) SignMessage(ctx context.Context, msg []byte) ([]byte, error) {
	sig, err := s.sign(ctx, common.BytesToHash(accounts.TextHash(msg)))
	if err != nil {
		return nil, fmt.Errorf("sign message: %w", err)
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}

func (s *signer) SignTypedData(ctx context.Context, data apitypes.TypedData) ([]byte, error) {
	digest, err := TypedDataDigest(data)
	if err != nil {
		return nil, fmt.Errorf("sign typed data: %w", err)
	}
	sig, err := s.sign(ctx, digest)
	if err != nil {
		return nil, fmt.Errorf("sign typed data: %w", err)
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}

func (s *signer) SignEIP712Digest(ctx context.Context, digest common.Hash) ([]byte, error) {
	var (
		sig []byte
		err error
	)
	if _, local := s.d.(inProcess); local {
		sig, err = s.d.SignDigest(ctx, digest)
		if err == nil && len(sig) != crypto.SignatureLength {
			err = fmt.Errorf("backend returned a %d-byte signature, want %d", len(sig), crypto.SignatureLength)
		}
	} else {
		sig, err = s.sign(ctx, digest)
	}
	if err != nil {
		return nil, fmt.Errorf("sign EIP-712 digest: %w", err)
	}
	sig[crypto.RecoveryIDOffset] += 27
	return sig, nil
}

// inProcess is a backend whose key is in this process's memory, signed with by
// libsecp256k1 directly (keySigner).
type inProcess interface{ inProcess() }

// sign asks the backend for a signature and checks it before anyone relies on it.
func (s *signer) sign(ctx context.Context, digest common.Hash) ([]byte, error) {
	sig, err := s.d.SignDigest(ctx, digest)
	if err != nil {
		return nil, err
	}
	if len(sig) != crypto.SignatureLength {
		return nil, fmt.Errorf("backend returned a %d-byte signature, want %d", len(sig), crypto.SignatureLength)
	}
	pub, err := crypto.SigToPub(digest[:], sig)
	if err != nil {
		return nil, fmt.Errorf("backend returned an unrecoverable signature: %w", err)
	}
	if got, want := crypto.PubkeyToAddress(*pub), s.d.Address(); got != want {
		return nil, fmt.Errorf("backend signature recovers to %s, want %s", got, want)
	}
	return sig, nil
}

// TypedDataDigest returns the EIP-712 digest keccak256("\x19\x01" || domainSeparator
// || hashStruct(message)) of data.
func TypedDataDigest(data apitypes.TypedData) (common.Hash, error) {
	digest, _, err := apitypes.TypedDataAndHash(data)
	if err != nil {
		return common.Hash{}, fmt.Errorf("hash typed data: %w", err)
	}
	return common.BytesToHash(digest), nil
}

// RecoverMessage returns the address that produced sig (65 bytes, v = 27/28 or 0/1)
// over the EIP-191 personal message msg.
func RecoverMessage(msg, sig []byte) (common.Address, error) {
	return recoverDigest(common.BytesToHash(accounts.TextHash(msg)), sig)
}

// RecoverTypedData returns the address that produced sig over the EIP-712 data.
func RecoverTypedData(data apitypes.TypedData, sig []byte) (common.Address, error) {
	digest, err := TypedDataDigest(data)
	if err != nil {
		return common.Address{}, err
	}
	return recoverDigest(digest, sig)
}

// RecoverDigest returns the address that produced sig (65 bytes, v = 27/28 or 0/1) over
// a 32-byte digest, e.g. a receipt's EIP-712 hash.
func RecoverDigest(digest common.Hash, sig []byte) (common.Address, error) {
	return recoverDigest(digest, sig)
}

func recoverDigest(digest common.Hash, sig []byte) (common.Address, error) {
	if len(sig) != crypto.SignatureLength {
		return common.Address{}, fmt.Errorf("signature is %d bytes, want %d", len(sig), crypto.SignatureLength)
	}
	rsv := make([]byte, len(sig))
	copy(rsv, sig)
	if rsv[crypto.RecoveryIDOffset] >= 27 {
		rsv[crypto.RecoveryIDOffset] -= 27
	}
	pub, err := crypto.SigToPub(digest[:], rsv)
	if err != nil {
		return common.Address{}, fmt.Errorf("recover signer: %w", err)
	}
	return crypto.PubkeyToAddress(*pub), nil
}

// keyAddress is the address of a private key.
func keyAddress(key *ecdsa.PrivateKey) common.Address {
	return crypto.PubkeyToAddress(key.PublicKey)
}
