package store

import (
	"context"
	"encoding/hex"
	"errors"
	"fmt"
	"time"
)

// SigningKey is an HS256 key of the bearer JWTs, shared by every process of a store.
type SigningKey struct {
	// ID names the key in a token's "kid" header.
	ID int64
	// Secret is the key.
	Secret []byte
	// CreatedAt is when it was stored.
	CreatedAt time.Time
	// ActiveFrom is when it starts signing (it verifies as soon as it is stored).
	ActiveFrom time.Time
	// ExpiresAt ends its verification, zero while it has no end (the newest key).
	ExpiresAt time.Time
}

// SigningKeys owns the JWT signing keys: the key with the latest ActiveFrom at or
// before now signs, every key not expired verifies.
type SigningKeys interface {
	// EnsureSigningKey stores secret as the first key, active from at, when the store has
	// no key yet; otherwise it changes nothing. Of processes that start together on an
	// empty store, one's secret is stored and all read it.
	EnsureSigningKey(ctx context.Context, secret []byte, at time.Time) error
	// SigningKeys returns the keys that verify at at, newest first.
	SigningKeys(ctx context.Context, at time.Time) ([]SigningKey, error)
	// RotateSigningKey stores secret as a new key active from activeFrom, and ends the
	// verification of the keys that had no end at activeFrom+grace.
	RotateSigningKey(ctx context.Context, secret []byte, activeFrom time.Time, grace time.Duration, at time.Time) (SigningKey, error)
}

const signingKeyColumns = `id, secret, created_at, active_from, expires_at`

func scanSigningKey(r scanner) (SigningKey, error) {
	var (
		k                          SigningKey
		secret                     string
		created, active, expiresAt int64
	)
	if err := r.Scan(&k.ID, &secret, &created, &active, &expiresAt); err != nil {
		return k, err
	}
	b, err := hex.DecodeString(secret)
	if err != nil {
		return k, fmt.Errorf("signing key %d: %w", k.ID, err)
	}
	k.Secret, k.CreatedAt, k.ActiveFrom = b, time.UnixMilli(created), time.UnixMilli(active)
	if expiresAt != 0 {
		k.ExpiresAt = time.UnixMilli(expiresAt)
	}
	return k, nil
}

// EnsureSigningKey implements SigningKeys.
func (s *conn) EnsureSigningKey(ctx context.Context, secret []byte, at time.Time) error {
	if len(secret) == 0 {
		return errors.New("ensure signing key: empty secret")
	}
	_, err := s.q.ExecContext(ctx, `INSERT INTO signing_keys (`+signingKeyColumns+`) VALUES (1, ?, ?, ?, 0) ON CONFLICT (id) DO NOTHING`,
		hex.EncodeToString(secret), at.UnixMilli(), at.UnixMilli())
	return wrap("ensure signing key", err)
}

// SigningKeys implements SigningKeys.
func (s *conn) SigningKeys(ctx context.Context, at time.Time) ([]SigningKey, error) {
	return queryAll(ctx, s.r, "signing keys", scanSigningKey, `SELECT `+signingKeyColumns+` FROM signing_keys
		WHERE expires_at = 0 OR expires_at > ? ORDER BY id DESC`, at.UnixMilli())
}

// RotateSigningKey implements SigningKeys.
func (s *conn) RotateSigningKey(ctx context.Context, secret []byte, activeFrom time.Time, grace time.Duration, at time.Time) (SigningKey, error) {
	if len(secret) == 0 || grace < 0 {
		return SigningKey{}, errors.New("rotate signing key: needs a secret and a grace period not negative")
	}
	k := SigningKey{Secret: secret, CreatedAt: at, ActiveFrom: activeFrom}
	err := s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `UPDATE signing_keys SET expires_at = ? WHERE expires_at = 0`, activeFrom.Add(grace).UnixMilli()); err != nil {
			return wrap("rotate signing key", err)
		}
		if err := tx.QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM signing_keys`).Scan(&k.ID); err != nil {
			return wrap("rotate signing key", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO signing_keys (`+signingKeyColumns+`) VALUES (?, ?, ?, ?, 0)`,
			k.ID, hex.EncodeToString(secret), at.UnixMilli(), activeFrom.UnixMilli())
		return wrap("rotate signing key", err)
	})
	if err != nil {
		return SigningKey{}, err
	}
	k.CreatedAt, k.ActiveFrom = time.UnixMilli(at.UnixMilli()), time.UnixMilli(activeFrom.UnixMilli())
	return k, nil
}
