package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"time"

	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
)

// InitSigningKeys returns the JWT key ring of the store (the API's; `dtwgate admin
// jwt-keys` before a rotation), storing its first key when it has none: the key of legacyFile when that file exists (the key file of gateways before
// the keys moved into the store, so the tokens it signed stay valid), else a new one. Of
// processes that start together on an empty store, all use the first one stored.
func InitSigningKeys(ctx context.Context, st store.SigningKeys, legacyFile string, now time.Time, log *slog.Logger) ([]auth.Key, error) {
	keys, err := st.SigningKeys(ctx, now)
	if err != nil {
		return nil, err
	}
	if len(keys) == 0 {
		secret, err := auth.ReadKey(legacyFile)
		switch {
		case errors.Is(err, os.ErrNotExist):
			secret = auth.NewSigningKey()
		case err != nil:
			return nil, err
		default:
			log.Info("moving the JWT signing key into the store", "file", legacyFile)
		}
		if err := st.EnsureSigningKey(ctx, secret, now); err != nil {
			return nil, err
		}
		if keys, err = st.SigningKeys(ctx, now); err != nil {
			return nil, err
		}
	}
	if len(keys) == 0 {
		return nil, fmt.Errorf("the store has no JWT signing key valid at %s (all expired): rotate it with `dtwgate admin jwt-keys rotate`",
			now.Format(time.RFC3339))
	}
	return authKeys(keys), nil
}

// authKeys converts the store's signing keys to a key ring.
func authKeys(keys []store.SigningKey) []auth.Key {
	out := make([]auth.Key, len(keys))
	for i, k := range keys {
		out[i] = auth.Key{ID: strconv.FormatInt(k.ID, 10), Secret: k.Secret, ActiveFrom: k.ActiveFrom}
	}
	return out
}

// refreshSigningKeys reloads the key ring from the store every auth.KeyRefreshInterval
// until ctx ends, so rotations made by `dtwgate admin jwt-keys rotate` reach this process.
func refreshSigningKeys(ctx context.Context, st store.SigningKeys, tokens *auth.Tokens, log *slog.Logger) {
	t := time.NewTicker(auth.KeyRefreshInterval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		keys, err := st.SigningKeys(ctx, time.Now())
		if err == nil && len(keys) == 0 {
			err = errors.New("no key valid now")
		}
		if err == nil {
			err = tokens.SetKeys(authKeys(keys))
		}
		if err != nil && ctx.Err() == nil {
			log.Warn("could not reload the JWT signing keys; keeping the last ones", "err", err)
		}
	}
}
