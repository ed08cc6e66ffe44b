package auth

import (
	"crypto/rand"
	"fmt"
	"os"
	"time"
)

// Key ring timing of processes that share their JWT keys through the store.
const (
	// KeyRefreshInterval is how often a process reloads the keys.
	KeyRefreshInterval = 10 * time.Second
	// KeyActivationDelay is how long after a rotation the new key starts signing: every
	// process has loaded it by then, so each verifies the tokens any other signs.
	KeyActivationDelay = 3 * KeyRefreshInterval
)

// NewSigningKey returns a random HS256 key.
func NewSigningKey() []byte {
	key := make([]byte, keySize)
	_, _ = rand.Read(key) // never fails (crypto/rand panics rather than return an error)
	return key
}

// ReadKey reads a key file written by LoadOrCreateKey; the error wraps os.ErrNotExist
// when there is none.
func ReadKey(path string) ([]byte, error) {
	key, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("read key %s: %w", path, err)
	}
	if len(key) < keySize {
		return nil, fmt.Errorf("key %s has %d bytes, want at least %d", path, len(key), keySize)
	}
	return key, nil
}
