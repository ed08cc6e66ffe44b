// Package siweverify verifies Sign-In with Ethereum (EIP-4361) messages strictly: siwe-go
// validates and renders the message (see Parse), and this package binds the domain, URI, chain id and time window, insists on the
// canonical message text, and checks 65-byte low-s signatures itself (or ERC-1271 for
// contract wallets). Nonce freshness is the caller's check, against its store.
package siweverify

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/spruceid/siwe-go"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// MaxMessageBytes bounds the message length accepted for parsing.
const MaxMessageBytes = 4096

// Error kinds; every error Verify returns is an *Error wrapping one of them.
var (
	// ErrMalformed means the message or signature cannot be parsed at all.
	ErrMalformed = errs.Private(errs.ErrInvalid, "malformed SIWE message or signature")
	// ErrRejected means a well-formed message fails a binding, time or signature check.
	ErrRejected = errs.Private(errs.ErrSIWERejected, "SIWE message rejected")
	// ErrInvalidNonce means the message's nonce is not one the server could have issued
	// (EIP-4361: at least 8 alphanumerics); whether it was issued is the caller's check.
	ErrInvalidNonce = errs.Private(errs.ErrInvalidNonce, "invalid SIWE nonce")
)

// Error is a verification failure with a reason safe to show to the client.
type Error struct {
	// Kind is ErrMalformed, ErrRejected or ErrInvalidNonce.
	Kind error
	// Reason says which rule failed.
	Reason string
}

// Error implements error.
func (e *Error) Error() string { return e.Kind.Error() + ": " + e.Reason }

// Unwrap returns the kind, for errors.Is.
func (e *Error) Unwrap() error { return e.Kind }

// Description returns the client-facing reason.
func (e *Error) Description() string { return e.Reason }

func malformed(format string, args ...any) error {
	return &Error{Kind: ErrMalformed, Reason: fmt.Sprintf(format, args...)}
}

func rejected(format string, args ...any) error {
	return &Error{Kind: ErrRejected, Reason: fmt.Sprintf(format, args...)}
}

// CodeVerifier checks signatures of contract wallets (ERC-1271). Implementations must be
// safe for concurrent use.
type CodeVerifier interface {
	// VerifyContractSignature reports whether addr on chainID is a contract whose
	// isValidSignature accepts sig over hash. It returns false with a nil error when addr
	// has no code or the chain has no RPC.
	VerifyContractSignature(ctx context.Context, chainID uint64, addr common.Address, hash common.Hash, sig []byte) (bool, error)
}

// NoContracts is the CodeVerifier used when no chain RPC is configured: it accepts nothing.
type NoContracts struct{}

// VerifyContractSignature implements CodeVerifier.
func (NoContracts) VerifyContractSignature(context.Context, uint64, common.Address, common.Hash, []byte) (bool, error) {
	return false, nil
}

// Config binds messages to this gateway.
type Config struct {
	// Domain is the exact domain (host[:port]) messages must carry.
	Domain string
	// URI is the exact URI messages must carry.
	URI string
	// ChainIDs are the chain ids messages may carry.
	ChainIDs []uint64
	// ClockSkew is how far in the future Issued At may lie.
	ClockSkew time.Duration
	// Nonce, when set, checks the message's nonce was issued by this server and is
	// unexpired, before the signature is verified (a cheap MAC check ahead of the costly
	// curve arithmetic); an error becomes ErrInvalidNonce. Whether it was used is the
	// caller's to check after Verify.
	Nonce func(nonce string, now time.Time) error
}

// Verifier verifies SIWE messages. It is safe for concurrent use.
type Verifier struct {
	cfg  Config
	code CodeVerifier
}

// New returns a Verifier; a nil code verifier means NoContracts.
func New(cfg Config, code CodeVerifier) *Verifier {
	if code == nil {
		code = NoContracts{}
	}
	return &Verifier{cfg: cfg, code: code}
}

// Result is a verified message's identity.
type Result struct {
	// Address is the signer, EIP-55.
	Address common.Address
	// Nonce is the message nonce; the caller must consume it exactly once.
	Nonce string
	// ChainID is the message's chain id.
	ChainID uint64
}

// secp256k1HalfN is the group order halved, 32 bytes big-endian: signatures with s above
// it are malleable (EIP-2).
var secp256k1HalfN = new(big.Int).Rsh(crypto.S256().Params().N, 1).FillBytes(make([]byte, 32))

// Verify checks message and its 0x-hex signature at now. Every failure is an *Error.
func (v *Verifier) Verify(ctx context.Context, message, signature string, now time.Time) (Result, error) {
	sig, err := hexutil.Decode(signature)
	if err != nil {
		return Result{}, malformed("signature is not 0x-prefixed hex")
	}
	m, w, err := parse(message)
	if err != nil {
		return Result{}, err
	}
	if m.GetDomain() != v.cfg.Domain {
		return Result{}, rejected("domain %q is not %q", truncate(m.GetDomain()), v.cfg.Domain)
	}
	if uri := m.GetURI(); uri.String() != v.cfg.URI {
		return Result{}, rejected("uri %q is not %q", truncate(uri.String()), v.cfg.URI)
	}
	chainID := uint64(m.GetChainID())
	if m.GetChainID() <= 0 || !slices.Contains(v.cfg.ChainIDs, chainID) {
		return Result{}, rejected("chain id %d is not served", m.GetChainID())
	}
	if err := v.checkTimes(m, w, now); err != nil {
		return Result{}, err
	}
	if v.cfg.Nonce != nil {
		if err := v.cfg.Nonce(m.GetNonce(), now); err != nil {
			return Result{}, &Error{Kind: ErrInvalidNonce, Reason: "nonce is unknown, expired or already used: get a new one from GET /v2/auth/siwe/nonce"}
		}
	}
	hash := eip191Hash(message)
	addr := m.GetAddress()
	if err := checkECDSA(hash, sig, addr); err != nil {
		ok, cerr := v.code.VerifyContractSignature(ctx, chainID, addr, hash, sig)
		if cerr != nil {
			return Result{}, fmt.Errorf("erc-1271 check: %w", cerr)
		}
		if !ok {
			return Result{}, err
		}
	}
	return Result{Address: addr, Nonce: m.GetNonce(), ChainID: chainID}, nil
}

func (v *Verifier) checkTimes(m *siwe.Message, w window, now time.Time) error {
	if w.issuedAt.After(now.Add(v.cfg.ClockSkew)) {
		return rejected("issued-at %s is in the future", truncate(m.GetIssuedAt()))
	}
	if !w.expirationTime.IsZero() && !now.Before(w.expirationTime) {
		return rejected("message expired at %s", truncate(*m.GetExpirationTime()))
	}
	if !w.notBefore.IsZero() && now.Before(w.notBefore) {
		return rejected("message not valid before %s", truncate(*m.GetNotBefore()))
	}
	return nil
}

// checkECDSA verifies a 65-byte [r || s || v] signature with v in {0, 1, 27, 28} and low s
// as addr's signature of hash.
func checkECDSA(hash common.Hash, sig []byte, addr common.Address) error {
	if len(sig) != crypto.SignatureLength {
		return malformed("signature has %d bytes, want %d", len(sig), crypto.SignatureLength)
	}
	rsv := make([]byte, crypto.SignatureLength)
	copy(rsv, sig)
	switch rsv[64] {
	case 0, 1:
	case 27, 28:
		rsv[64] -= 27
	default:
		return rejected("signature recovery id %d is not 0, 1, 27 or 28", sig[64])
	}
	if bytes.Compare(rsv[32:64], secp256k1HalfN) > 0 {
		return rejected("signature s value is high (malleable)")
	}
	pub, err := crypto.Ecrecover(hash[:], rsv)
	if err != nil {
		return rejected("signature does not recover a key")
	}
	var signer common.Address
	copy(signer[:], crypto.Keccak256(pub[1:])[12:])
	if signer != addr {
		return rejected("signature is not by %s", addr.Hex())
	}
	return nil
}

// eip191Hash is the personal_sign hash of msg.
func eip191Hash(msg string) common.Hash {
	prefix := "\x19Ethereum Signed Message:\n" + strconv.Itoa(len(msg))
	return crypto.Keccak256Hash([]byte(prefix), []byte(msg))
}

// parseReason turns a siwe-go parse error into a short reason without its type prefix.
func parseReason(err error) string {
	var im *siwe.InvalidMessage
	if errors.As(err, &im) {
		msg := im.Error()
		const prefix = "Invalid Message: "
		if len(msg) > len(prefix) {
			return msg[len(prefix):]
		}
	}
	return "unparseable"
}
