package auth

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// Issuer is the JWT issuer claim of every gateway token.
const Issuer = "dtwgate"

// keySize is the HS256 key length in bytes.
const keySize = 32

// ErrInvalidToken is returned for any token that fails verification.
var ErrInvalidToken = errors.New("invalid token")

// Claims are the gateway's JWT claims. A token carries either APIKeyID with Generation (an
// API key session) or Address (a SIWE session).
type Claims struct {
	jwt.RegisteredClaims
	// APIKeyID is the key the token was issued from.
	APIKeyID string `json:"kid,omitempty"`
	// Generation is the key's generation at issue; rotation bumps it.
	Generation int64 `json:"gen,omitempty"`
	// Address is the EIP-55 wallet address of a SIWE session.
	Address string `json:"addr,omitempty"`
}

// AccountID returns the account the token acts for.
func (c *Claims) AccountID() string { return c.Subject }

// Key is an HS256 signing key of a key ring (SetKeys).
type Key struct {
	// ID names the key in the "kid" header of the tokens it signs; "" signs without one.
	ID string
	// Secret is the key, at least 32 bytes.
	Secret []byte
	// ActiveFrom is when it starts signing; until then it only verifies.
	ActiveFrom time.Time
}

// Tokens signs and verifies JWTs. It is safe for concurrent use.
type Tokens struct {
	ttl time.Duration
	// mu guards keys and verified.
	mu sync.RWMutex
	// keys are the keys that verify, newest ActiveFrom first; the first active one signs.
	keys []Key
	// verified remembers tokens whose signature and claims were checked: a client sends
	// the same token on every request, and parsing and checking it again was the larger
	// part of an authenticated read's CPU.
	verified map[string]*Claims
}

// maxVerified bounds the verified-token memory; a full one is emptied. Only tokens that
// passed verification enter it, so it cannot be filled with forgeries.
const maxVerified = 50_000

// NewTokens returns a Tokens with an HS256 key of at least 32 bytes and a token lifetime.
// The key signs without a "kid"; SetKeys replaces it with a key ring.
func NewTokens(key []byte, ttl time.Duration) (*Tokens, error) {
	t := &Tokens{ttl: ttl}
	if err := t.SetKeys([]Key{{Secret: key}}); err != nil {
		return nil, err
	}
	return t, nil
}

// SetKeys replaces the key ring: every key verifies the tokens it signed (by their "kid";
// a token without one is tried with each key), and of the keys active at the time of
// Issue, the one with the latest ActiveFrom signs. A token of a key no longer in the ring
// is refused from then on.
func (t *Tokens) SetKeys(keys []Key) error {
	if len(keys) == 0 {
		return errors.New("jwt key ring is empty")
	}
	ring := slices.Clone(keys)
	for _, k := range ring {
		if len(k.Secret) < keySize {
			return fmt.Errorf("jwt key %q has %d bytes, want at least %d", k.ID, len(k.Secret), keySize)
		}
	}
	slices.SortStableFunc(ring, func(a, b Key) int { return b.ActiveFrom.Compare(a.ActiveFrom) })
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, old := range t.keys {
		if !slices.ContainsFunc(ring, func(k Key) bool { return k.ID == old.ID && bytes.Equal(k.Secret, old.Secret) }) {
			t.verified = nil // a key left: forget the tokens it verified
			break
		}
	}
	t.keys = ring
	return nil
}

// signingKey returns the key that signs at now: the active key with the latest
// ActiveFrom, or the oldest key when none is active yet.
func (t *Tokens) signingKey(now time.Time) Key {
	t.mu.RLock()
	defer t.mu.RUnlock()
	for _, k := range t.keys {
		if !k.ActiveFrom.After(now) {
			return k
		}
	}
	return t.keys[len(t.keys)-1]
}

// Issue signs c with the subject accountID, issued at now and expiring after the lifetime.
func (t *Tokens) Issue(c Claims, accountID string, now time.Time) (string, error) {
	c.Issuer = Issuer
	c.Subject = accountID
	c.IssuedAt = jwt.NewNumericDate(now)
	c.ExpiresAt = jwt.NewNumericDate(now.Add(t.ttl))
	key := t.signingKey(now)
	tok := jwt.NewWithClaims(jwt.SigningMethodHS256, &c)
	if key.ID != "" {
		tok.Header["kid"] = key.ID
	}
	s, err := tok.SignedString(key.Secret)
	if err != nil {
		return "", fmt.Errorf("sign jwt: %w", err)
	}
	return s, nil
}

// verificationKey returns the key of a token's "kid", or every key for a token without one.
func (t *Tokens) verificationKey(tok *jwt.Token) (any, error) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	kid, hasKid := tok.Header["kid"].(string)
	set := jwt.VerificationKeySet{}
	for _, k := range t.keys {
		if !hasKid || k.ID == kid {
			set.Keys = append(set.Keys, k.Secret)
		}
	}
	if len(set.Keys) == 0 {
		return nil, fmt.Errorf("unknown key %q", kid)
	}
	return set, nil
}

// Verify checks the signature, algorithm, issuer and expiry of token at now and returns its
// claims. Revocation (key rotation, whitelist removal) is the caller's check.
//
// The claims returned are shared between callers: read them, never modify them.
func (t *Tokens) Verify(token string, now time.Time) (*Claims, error) {
	t.mu.RLock()
	c, ok := t.verified[token]
	t.mu.RUnlock()
	// A remembered token is answered while it is clearly valid; at its expiry (or before
	// its not-before) it goes through the full check, which refuses it the same way.
	if ok && now.Before(c.ExpiresAt.Time) && (c.NotBefore == nil || !now.Before(c.NotBefore.Time)) {
		return c, nil
	}
	c, err := t.verify(token, now)
	if err != nil {
		return nil, err
	}
	t.mu.Lock()
	if t.verified == nil || len(t.verified) >= maxVerified {
		t.verified = make(map[string]*Claims)
	}
	t.verified[token] = c
	t.mu.Unlock()
	return c, nil
}

// verify is Verify without the memory of verified tokens.
func (t *Tokens) verify(token string, now time.Time) (*Claims, error) {
	var c Claims
	_, err := jwt.ParseWithClaims(token, &c, t.verificationKey,
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(Issuer),
		jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(func() time.Time { return now }),
	)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidToken, err)
	}
	if c.Subject == "" || (c.APIKeyID == "") == (c.Address == "") {
		return nil, fmt.Errorf("%w: needs a subject and exactly one of key or address", ErrInvalidToken)
	}
	return &c, nil
}

// LoadOrCreateKey reads a 32-byte server key (the JWT signing key, the secret hashing key)
// at path, creating a random one (mode 0600, its directory 0700) when the file does not
// exist.
func LoadOrCreateKey(path string) ([]byte, error) {
	key, err := os.ReadFile(path)
	if err == nil {
		if len(key) < keySize {
			return nil, fmt.Errorf("key %s has %d bytes, want at least %d", path, len(key), keySize)
		}
		return key, nil
	}
	if !errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("read key %s: %w", path, err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("create key dir: %w", err)
	}
	key = make([]byte, keySize)
	if _, err := rand.Read(key); err != nil {
		return nil, fmt.Errorf("generate key: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, os.ErrExist) { // another process created it first: use theirs
		return LoadOrCreateKey(path)
	}
	if err != nil {
		return nil, fmt.Errorf("create key %s: %w", path, err)
	}
	if _, err := f.Write(key); err != nil {
		f.Close()
		return nil, fmt.Errorf("write key %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return nil, fmt.Errorf("write key %s: %w", path, err)
	}
	return key, nil
}
