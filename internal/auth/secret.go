package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/crypto/scrypt"
)

// scrypt cost of new hashes: N=2^15, r=8, p=1 (32 MiB, tens of milliseconds). The
// parameters are stored with each hash so they can be raised later.
const (
	scryptLogN   = 15
	scryptR      = 8
	scryptP      = 1
	scryptKeyLen = 32
	saltLen      = 16
)

// ErrBadSecret is returned when a secret does not match its hash.
var ErrBadSecret = errors.New("secret does not match")

// HashSecret returns the encoded scrypt hash of secret:
// "scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>".
func HashSecret(secret string) (string, error) {
	salt := make([]byte, saltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("salt: %w", err)
	}
	dk, err := scrypt.Key([]byte(secret), salt, 1<<scryptLogN, scryptR, scryptP, scryptKeyLen)
	if err != nil {
		return "", fmt.Errorf("scrypt: %w", err)
	}
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("scrypt$%d$%d$%d$%s$%s", scryptLogN, scryptR, scryptP, b64.EncodeToString(salt), b64.EncodeToString(dk)), nil
}

// CheckSecret compares secret with an encoded hash in constant time; ErrBadSecret when it
// does not match.
func CheckSecret(secret, encoded string) error {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 || parts[0] != "scrypt" {
		return fmt.Errorf("unknown hash format")
	}
	logN, err1 := strconv.Atoi(parts[1])
	r, err2 := strconv.Atoi(parts[2])
	p, err3 := strconv.Atoi(parts[3])
	b64 := base64.RawStdEncoding
	salt, err4 := b64.DecodeString(parts[4])
	want, err5 := b64.DecodeString(parts[5])
	if err := errors.Join(err1, err2, err3, err4, err5); err != nil || logN < 1 || logN > 20 {
		return fmt.Errorf("malformed hash")
	}
	got, err := scrypt.Key([]byte(secret), salt, 1<<logN, r, p, len(want))
	if err != nil {
		return fmt.Errorf("scrypt: %w", err)
	}
	if subtle.ConstantTimeCompare(got, want) != 1 {
		return ErrBadSecret
	}
	return nil
}

// RandomToken returns n random bytes as lowercase hex.
func RandomToken(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic("crypto/rand failed: " + err.Error()) // rand.Read never fails on supported platforms
	}
	return hex.EncodeToString(b)
}

// NewAccountID returns a fresh account id.
func NewAccountID() string { return "acc_" + RandomToken(12) }

// NewAPIKeyID returns a fresh API key id.
func NewAPIKeyID() string { return "key_" + RandomToken(12) }

// NewSecret returns a fresh API key secret (256 bits).
func NewSecret() string { return RandomToken(32) }

// NewNonce returns a fresh SIWE nonce: 32 alphanumeric characters, as EIP-4361 requires.
func NewNonce() string { return RandomToken(16) }

// NewTicket returns a fresh websocket ticket.
func NewTicket() string { return RandomToken(32) }

// TicketHash returns the stored form of a ticket. Tickets are 256-bit random, so a fast
// hash suffices.
func TicketHash(ticket string) string {
	h := sha256.Sum256([]byte(ticket))
	return hex.EncodeToString(h[:])
}

var dummyHash = sync.OnceValue(func() string {
	h, err := HashSecret("dtwgate-dummy-secret")
	if err != nil {
		panic(err)
	}
	return h
})

// CheckUnknownSecret spends the same time as CheckSecret for a key that does not exist,
// so response times do not reveal which key ids exist. It always returns ErrBadSecret.
func CheckUnknownSecret(secret string) error {
	_ = CheckSecret(secret, dummyHash())
	return ErrBadSecret
}
