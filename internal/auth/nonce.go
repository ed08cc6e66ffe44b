package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// Nonce layout: 8 bytes of expiry (unix milliseconds, big-endian), 10 random bytes, and
// the first 12 bytes of an HMAC-SHA-256 of those 18 under the nonce key, hex-encoded: 60
// alphanumeric characters, as EIP-4361 asks.
const (
	nonceExpiryLen = 8
	nonceRandLen   = 10
	nonceMACLen    = 12
	nonceBytes     = nonceExpiryLen + nonceRandLen + nonceMACLen
	// NonceLen is the length of an issued nonce.
	NonceLen = 2 * nonceBytes

	nonceKeyLabel = "dtwgate siwe nonce v1"
)

// ErrBadNonce is returned for a nonce this gateway did not issue, or that has expired.
var ErrBadNonce = errors.New("nonce was not issued by this gateway or has expired")

// Nonces issues SIWE nonces that carry their own expiry under a MAC, so issuing one
// writes nothing; a login records the nonce it uses, once (store.Access.UseNonce). Every
// replica with the same server key checks the others' nonces. Safe for concurrent use.
type Nonces struct {
	key []byte
	ttl time.Duration
}

// NewNonces returns the nonces of secrets' server key, valid for ttl.
func NewNonces(secrets *Secrets, ttl time.Duration) (*Nonces, error) {
	if ttl <= 0 {
		return nil, fmt.Errorf("nonce ttl %v must be positive", ttl)
	}
	return &Nonces{key: secrets.Derive(nonceKeyLabel), ttl: ttl}, nil
}

func (n *Nonces) mac(body []byte) []byte {
	m := hmac.New(sha256.New, n.key)
	m.Write(body)
	return m.Sum(nil)[:nonceMACLen]
}

// Issue returns a fresh nonce valid until now + ttl.
func (n *Nonces) Issue(now time.Time) string {
	var b [nonceBytes]byte
	binary.BigEndian.PutUint64(b[:nonceExpiryLen], uint64(now.Add(n.ttl).UnixMilli()))
	if _, err := rand.Read(b[nonceExpiryLen : nonceExpiryLen+nonceRandLen]); err != nil {
		panic("crypto/rand failed: " + err.Error()) // rand.Read never fails on supported platforms
	}
	copy(b[nonceExpiryLen+nonceRandLen:], n.mac(b[:nonceExpiryLen+nonceRandLen]))
	return hex.EncodeToString(b[:])
}

// Check returns when nonce expires; ErrBadNonce when this gateway did not issue it or it
// has expired at now. It reads only the nonce: whether it was used is the store's.
func (n *Nonces) Check(nonce string, now time.Time) (time.Time, error) {
	if len(nonce) != NonceLen {
		return time.Time{}, ErrBadNonce
	}
	var b [nonceBytes]byte
	if _, err := hex.Decode(b[:], []byte(nonce)); err != nil {
		return time.Time{}, ErrBadNonce
	}
	body := b[:nonceExpiryLen+nonceRandLen]
	if !hmac.Equal(n.mac(body), b[nonceExpiryLen+nonceRandLen:]) {
		return time.Time{}, ErrBadNonce
	}
	expires := time.UnixMilli(int64(binary.BigEndian.Uint64(b[:nonceExpiryLen])))
	if !now.Before(expires) || expires.After(now.Add(n.ttl)) {
		return time.Time{}, ErrBadNonce
	}
	return expires, nil
}
