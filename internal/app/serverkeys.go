package app

import (
	"context"
	"crypto/rand"
	"errors"
	"os"
	"time"

	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
)

// secretsKeyName names the API key secrets' hashing key in the store.
const secretsKeyName = "apikey-hmac"

// InitSecrets returns the API key secrets' hasher over the store's hashing key (the key
// also MACs SIWE nonces and paging cursors, so every replica must hold the same one). A
// store without one gets the key of legacyFile when that file exists (the key file of
// gateways before the key moved into the store, so the stored secret hashes stay valid),
// else a new one; of processes that start together on an empty store, all use the first
// one stored.
func InitSecrets(ctx context.Context, st store.ServerKeys, legacyFile string, now time.Time) (*auth.Secrets, error) {
	secret, err := auth.ReadKey(legacyFile)
	switch {
	case errors.Is(err, os.ErrNotExist):
		secret = make([]byte, 32)
		_, _ = rand.Read(secret) // never fails (crypto/rand panics rather than return an error)
	case err != nil:
		return nil, err
	}
	key, err := st.EnsureServerKey(ctx, secretsKeyName, secret, now)
	if err != nil {
		return nil, err
	}
	return auth.NewSecrets(key)
}
