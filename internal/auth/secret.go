package auth

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/scrypt"
)

// Secret hash formats. API key secrets are 256-bit random strings, so a keyed fast hash
// is as strong as a slow one and costs microseconds instead of 32 MiB and tens of
// milliseconds per attempt (which let failed logins exhaust memory). Hashes written before
// are scrypt; they are still accepted, checked under a small semaphore, and replaced by
// the HMAC form at the key's next successful login.
const (
	hmacPrefix   = "hmac-sha256$"
	scryptPrefix = "scrypt$"
	// legacySlots bounds concurrent scrypt checks (32 MiB each).
	legacySlots = 2
	// hmacContext separates secret hashes from any other use of the key.
	hmacContext = "dtwgate api key secret v1\x00"
)

// ErrBadSecret is returned when a secret does not match its hash.
var ErrBadSecret = errors.New("secret does not match")

// Secrets hashes and checks API key secrets: HMAC-SHA-256 under a server key (kept in the
// data directory, mode 0600), compared in constant time. It is safe for concurrent use.
type Secrets struct {
	key    []byte
	legacy chan struct{}
}

// NewSecrets returns a Secrets over a server key of at least 32 bytes.
func NewSecrets(key []byte) (*Secrets, error) {
	if len(key) < keySize {
		return nil, fmt.Errorf("secret hashing key has %d bytes, want at least %d", len(key), keySize)
	}
	return &Secrets{key: key, legacy: make(chan struct{}, legacySlots)}, nil
}

// LoadSecrets reads the server key at path (creating it, mode 0600, when absent) and
// returns a Secrets over it.
func LoadSecrets(path string) (*Secrets, error) {
	key, err := LoadOrCreateKey(path)
	if err != nil {
		return nil, err
	}
	return NewSecrets(key)
}

func (s *Secrets) mac(secret string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte(hmacContext))
	m.Write([]byte(secret))
	return m.Sum(nil)
}

// Derive returns a key for another use of the server key, named by label: HMAC-SHA-256
// of the label under it, so no use learns the server key or another use's key.
func (s *Secrets) Derive(label string) []byte {
	m := hmac.New(sha256.New, s.key)
	m.Write([]byte("dtwgate derived key\x00"))
	m.Write([]byte(label))
	return m.Sum(nil)
}

// Hash returns the stored form of secret: "hmac-sha256$<base64 MAC>".
func (s *Secrets) Hash(secret string) string {
	return hmacPrefix + base64.RawStdEncoding.EncodeToString(s.mac(secret))
}

// Check compares secret with a stored hash in constant time; ErrBadSecret when it does not
// match. upgrade is true when the hash is of an older format and should be replaced by
// Hash(secret). Checking an old-format hash waits for one of few slots (or ctx).
func (s *Secrets) Check(ctx context.Context, secret, encoded string) (upgrade bool, err error) {
	switch {
	case strings.HasPrefix(encoded, hmacPrefix):
		want, err := base64.RawStdEncoding.DecodeString(encoded[len(hmacPrefix):])
		if err != nil || len(want) != sha256.Size {
			return false, errors.New("malformed hash")
		}
		if !hmac.Equal(s.mac(secret), want) {
			return false, ErrBadSecret
		}
		return false, nil
	case strings.HasPrefix(encoded, scryptPrefix):
		select {
		case s.legacy <- struct{}{}:
		case <-ctx.Done():
			return false, ctx.Err()
		}
		defer func() { <-s.legacy }()
		if err := checkScrypt(secret, encoded); err != nil {
			return false, err
		}
		return true, nil
	}
	return false, errors.New("unknown hash format")
}

// CheckUnknown does the work of a Check for a key id that does not exist, so response
// times do not tell which key ids exist. It always returns ErrBadSecret.
func (s *Secrets) CheckUnknown(secret string) error {
	hmac.Equal(s.mac(secret), make([]byte, sha256.Size))
	return ErrBadSecret
}

// checkScrypt compares secret with an encoded scrypt hash
// ("scrypt$<logN>$<r>$<p>$<salt b64>$<hash b64>") in constant time.
func checkScrypt(secret, encoded string) error {
	parts := strings.Split(encoded, "$")
	if len(parts) != 6 {
		return fmt.Errorf("malformed hash")
	}
	logN, err1 := strconv.Atoi(parts[1])
	r, err2 := strconv.Atoi(parts[2])
	p, err3 := strconv.Atoi(parts[3])
	b64 := base64.RawStdEncoding
	salt, err4 := b64.DecodeString(parts[4])
	want, err5 := b64.DecodeString(parts[5])
	if err := errors.Join(err1, err2, err3, err4, err5); err != nil || logN < 1 || logN > 16 || r < 1 || r > 16 || p != 1 || len(want) == 0 || len(want) > 64 {
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

// NewTicket returns a fresh websocket ticket.
func NewTicket() string { return RandomToken(32) }

// TicketHash returns the stored form of a ticket. Tickets are 256-bit random, so a fast
// hash suffices.
func TicketHash(ticket string) string {
	h := sha256.Sum256([]byte(ticket))
	return hex.EncodeToString(h[:])
}
