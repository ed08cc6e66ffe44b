package store

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// ServerKeys owns the keys every process of a store must share and that never change,
// by name (the API key secrets' hashing key).
type ServerKeys interface {
	// EnsureServerKey returns the key stored under name, storing secret as it first when
	// there is none. Of processes that start together on an empty store, all get the
	// first one stored.
	EnsureServerKey(ctx context.Context, name string, secret []byte, at time.Time) ([]byte, error)
}

// EnsureServerKey implements ServerKeys.
func (s *conn) EnsureServerKey(ctx context.Context, name string, secret []byte, at time.Time) ([]byte, error) {
	if name == "" || len(secret) == 0 {
		return nil, errors.New("ensure server key: needs a name and a secret")
	}
	var stored string
	err := s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO server_keys (name, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (name) DO NOTHING`,
			name, hex.EncodeToString(secret), at.UnixMilli()); err != nil {
			return wrap("ensure server key", err)
		}
		return wrap("server key", tx.QueryRowContext(ctx, `SELECT secret FROM server_keys WHERE name = ?`, name).Scan(&stored))
	})
	if err != nil {
		return nil, err
	}
	key, err := hex.DecodeString(stored)
	if err != nil {
		return nil, fmt.Errorf("server key %s: %w", name, err)
	}
	return key, nil
}
