package gateway

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
)

// maxLabelLen bounds an API key label, in characters.
const maxLabelLen = 100

// NewAPIKey makes a key for accountID with a fresh id and secret, and returns it with the
// secret, which is stored only as a hash under secrets' key.
func NewAPIKey(secrets *auth.Secrets, accountID, label string, perms []api.Permission, now time.Time) (store.APIKey, string) {
	secret := auth.NewSecret()
	return store.APIKey{
		ID:          auth.NewAPIKeyID(),
		AccountID:   accountID,
		Label:       label,
		Permissions: StoredPermissions(perms),
		SecretHash:  secrets.Hash(secret),
		Generation:  1,
		CreatedAt:   now,
	}, secret
}

// CheckLabel validates an API key label.
func CheckLabel(label string) error {
	if label == "" || utf8.RuneCountInString(label) > maxLabelLen || !utf8.ValidString(label) {
		return fmt.Errorf("label must be 1 to %d characters", maxLabelLen)
	}
	return nil
}

// handleListAPIKeys lists the caller's keys, without secrets.
func (s *Service) handleListAPIKeys(w http.ResponseWriter, r *http.Request, c *Caller) error {
	keys, err := s.store.ListAPIKeys(r.Context(), c.AccountID)
	if err != nil {
		return fmt.Errorf("list api keys: %w", err)
	}
	out := api.APIKeyList{APIKeys: make([]api.APIKey, len(keys))}
	for i, k := range keys {
		out.APIKeys[i] = api.APIKey{
			APIKeyID:        k.ID,
			Label:           k.Label,
			Permissions:     KeyPermissions(k),
			CreatedAtMillis: strconv.FormatInt(k.CreatedAt.UnixMilli(), 10),
		}
		if !k.RotatedAt.IsZero() {
			out.APIKeys[i].RotatedAtMillis = strconv.FormatInt(k.RotatedAt.UnixMilli(), 10)
		}
	}
	respondJSON(w, http.StatusOK, out)
	return nil
}

// handleCreateAPIKey creates a key for the caller's account with a subset of the caller's
// permissions; the secret is shown only in this response.
func (s *Service) handleCreateAPIKey(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.CreateAPIKeyRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := CheckLabel(req.Label); err != nil {
		return fail(ErrInvalidSchema, "field label: %s", err.Error())
	}
	perms, err := api.NormalizePermissions(req.Permissions)
	if err != nil {
		return fail(ErrInvalidSchema, "field permissions: %s", err.Error())
	}
	if !api.HasAll(c.Permissions, perms) {
		return fail(ErrForbidden, "requested permissions exceed the caller's")
	}
	key, secret := NewAPIKey(s.secrets, c.AccountID, req.Label, perms, s.now())
	if err := s.store.CreateAPIKey(r.Context(), key); err != nil {
		return fmt.Errorf("create api key: %w", err)
	}
	respondJSON(w, http.StatusCreated, api.APIKeyCreated{APIKeyID: key.ID, APIKeySecret: secret, Label: key.Label, Permissions: KeyPermissions(key)})
	return nil
}

// handleRotateAPIKey gives one of the caller's keys a new secret; its old secret and every
// token issued from it stop working at once.
func (s *Service) handleRotateAPIKey(w http.ResponseWriter, r *http.Request, c *Caller) error {
	id := r.PathValue(api.PathParamAPIKeyID)
	// Rotating hands out a working secret of the key: only a caller holding every
	// permission of that key may do it, exactly as for creating one.
	target, err := s.store.GetAPIKey(r.Context(), id)
	if errors.Is(err, store.ErrNotFound) || (err == nil && target.AccountID != c.AccountID) {
		return fail(ErrNotFound, "API key %.64q not found", id)
	}
	if err != nil {
		return fmt.Errorf("load api key: %w", err)
	}
	if !api.HasAll(c.Permissions, KeyPermissions(target)) {
		return fail(ErrForbidden, "API key %s holds permissions the caller lacks; only a caller holding all of them may rotate it", target.ID)
	}
	secret := auth.NewSecret()
	key, err := s.store.RotateAPIKey(r.Context(), c.AccountID, id, s.secrets.Hash(secret), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return fail(ErrNotFound, "API key %.64q not found", id)
	}
	if err != nil {
		return fmt.Errorf("rotate api key: %w", err)
	}
	respondJSON(w, http.StatusOK, api.APIKeyRotated{APIKeyID: key.ID, APIKeySecret: secret})
	return nil
}

// StoredPermissions returns the stored form of permissions (the store keeps their names).
func StoredPermissions(perms []api.Permission) []string {
	names := make([]string, len(perms))
	for i, p := range perms {
		names[i] = string(p)
	}
	return names
}

// KeyPermissions returns the permissions of a stored key.
func KeyPermissions(k store.APIKey) []api.Permission {
	perms := make([]api.Permission, len(k.Permissions))
	for i, n := range k.Permissions {
		perms[i] = api.Permission(n)
	}
	return perms
}
