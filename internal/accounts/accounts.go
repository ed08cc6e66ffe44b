// Package accounts owns API keys: creating them within the creator's permissions, rotating
// them, listing them, and checking a key id and secret at login. The HTTP handlers and
// the `dtwgate admin` commands both call it, so the rules live in one place.
package accounts

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"
	"unicode/utf8"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Errors of the service; each error's text is written for the client. The gateway maps
// them to the interface's codes.
var (
	// ErrInvalid: a field is invalid (INVALID_SCHEMA).
	ErrInvalid = errors.New("invalid request")
	// ErrForbidden: the caller lacks a permission the action needs (INVALID_PERMISSIONS).
	ErrForbidden = errors.New("permission denied")
	// ErrNotFound: no such key or account of the caller's (NOT_FOUND).
	ErrNotFound = errors.New("not found")
	// ErrBadCredentials: the key id or the secret is wrong (INVALID_CREDENTIALS).
	ErrBadCredentials = errors.New("keyId or secret is wrong")
)

// MaxLabelLen bounds an API key label, in characters.
const MaxLabelLen = 100

// maxCredentialLen bounds a key id or secret at login; longer ones cannot be ours.
const maxCredentialLen = 128

// Principal is who acts: an account and the permissions of its session.
type Principal struct {
	// AccountID is the acting account.
	AccountID string
	// Permissions are what the session may do.
	Permissions []api.Permission
}

// Store is what a Service reads and writes: accounts, sub-accounts and their deposit
// references, and API keys.
type Store interface {
	GetAccount(ctx context.Context, id string) (store.Account, error)
	SubAccounts(ctx context.Context, parentID string) ([]store.Account, error)
	DepositReference(ctx context.Context, accountID, newRef string, at time.Time) (string, error)
	CreateAccountWithKey(ctx context.Context, a store.Account, k store.APIKey) error
	CreateAPIKey(ctx context.Context, k store.APIKey) error
	GetAPIKey(ctx context.Context, id string) (store.APIKey, error)
	ListAPIKeys(ctx context.Context, accountID string) ([]store.APIKey, error)
	RotateAPIKey(ctx context.Context, accountID, keyID, secretHash string, at time.Time) (store.APIKey, error)
	ReplaceSecretHash(ctx context.Context, keyID, oldHash, newHash string) error
}

// Service is the API key service. It is safe for concurrent use.
type Service struct {
	store   Store
	secrets *auth.Secrets
	now     func() time.Time
	log     *slog.Logger
}

// New returns a service over st, hashing secrets with secrets; now and log may be nil.
func New(st Store, secrets *auth.Secrets, now func() time.Time, log *slog.Logger) *Service {
	if now == nil {
		now = time.Now
	}
	if log == nil {
		log = slog.Default()
	}
	return &Service{store: st, secrets: secrets, now: now, log: log}
}

// CheckLabel validates an API key label.
func CheckLabel(label string) error {
	if label == "" || utf8.RuneCountInString(label) > MaxLabelLen || !utf8.ValidString(label) {
		return fmt.Errorf("%w: label must be 1 to %d characters", ErrInvalid, MaxLabelLen)
	}
	return nil
}

// NewKey makes a key for accountID with a fresh id and secret, and returns it with the
// secret, which is stored only as a hash under secrets' key. The caller stores it.
func NewKey(secrets *auth.Secrets, accountID, label string, perms []api.Permission, now time.Time) (store.APIKey, string) {
	secret := auth.NewSecret()
	names := make([]string, len(perms))
	for i, p := range perms {
		names[i] = string(p)
	}
	return store.APIKey{ID: auth.NewAPIKeyID(), AccountID: accountID, Label: label, Permissions: names,
		SecretHash: secrets.Hash(secret), Generation: 1, CreatedAt: now}, secret
}

// Permissions returns the permissions of a stored key.
func Permissions(k store.APIKey) []api.Permission {
	perms := make([]api.Permission, len(k.Permissions))
	for i, n := range k.Permissions {
		perms[i] = api.Permission(n)
	}
	return perms
}

// Accounts returns an account and its sub-accounts (GET /v2/accounts).
func (s *Service) Accounts(ctx context.Context, accountID string) (api.AccountsResponse, error) {
	subs, err := s.store.SubAccounts(ctx, accountID)
	if err != nil {
		return api.AccountsResponse{}, fmt.Errorf("sub-accounts: %w", err)
	}
	out := api.AccountsResponse{AccountID: accountID, SubAccounts: make([]string, len(subs))}
	for i, a := range subs {
		out.SubAccounts[i] = a.ID
	}
	return out, nil
}

// Acting returns the account a request acts on: the caller's own when target is "" or
// the caller's, else target when it is a sub-account of the caller's account. Any other
// target is ErrForbidden, the same whether or not it exists, so the answer tells nothing
// about other accounts.
func (s *Service) Acting(ctx context.Context, callerAccount, target string) (string, error) {
	if target == "" || target == callerAccount {
		return callerAccount, nil
	}
	a, err := s.store.GetAccount(ctx, target)
	if errors.Is(err, store.ErrNotFound) || (err == nil && a.ParentID != callerAccount) {
		return "", fmt.Errorf("%w: account %s is not one of your sub-accounts", ErrForbidden, echo.Value(target))
	}
	if err != nil {
		return "", fmt.Errorf("account: %w", err)
	}
	return a.ID, nil
}

// depositReferenceAlphabet is Crockford's base32: no I, L, O or U, easy to type on a
// bank transfer.
const depositReferenceAlphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"

// newDepositReference draws a reference: "DTW" and 10 characters (50 random bits).
func newDepositReference() string {
	var b [10]byte
	if _, err := rand.Read(b[:]); err != nil {
		panic("crypto/rand failed: " + err.Error()) // never fails on supported platforms
	}
	out := []byte("DTW")
	for _, x := range b {
		out = append(out, depositReferenceAlphabet[x&31])
	}
	return string(out)
}

// DepositReference returns the account's unique deposit reference, drawn at its first
// request and kept (GET /v2/deposit-reference).
func (s *Service) DepositReference(ctx context.Context, accountID string) (api.DepositReferenceResponse, error) {
	for range 5 { // a drawn reference can only collide with another account's
		ref, err := s.store.DepositReference(ctx, accountID, newDepositReference(), s.now())
		if errors.Is(err, store.ErrConflict) {
			continue
		}
		if err != nil {
			return api.DepositReferenceResponse{}, fmt.Errorf("deposit reference: %w", err)
		}
		return api.DepositReferenceResponse{DepositReference: ref}, nil
	}
	return api.DepositReferenceResponse{}, errors.New("deposit reference: five draws collided")
}

// ListKeys lists an account's keys, without secrets.
func (s *Service) ListKeys(ctx context.Context, accountID string) (api.APIKeyList, error) {
	keys, err := s.store.ListAPIKeys(ctx, accountID)
	if err != nil {
		return api.APIKeyList{}, fmt.Errorf("list api keys: %w", err)
	}
	out := api.APIKeyList{APIKeys: make([]api.APIKey, len(keys))}
	for i, k := range keys {
		out.APIKeys[i] = api.APIKey{APIKeyID: k.ID, Label: k.Label, Permissions: Permissions(k),
			CreatedAtMillis: strconv.FormatInt(k.CreatedAt.UnixMilli(), 10)}
		if !k.RotatedAt.IsZero() {
			out.APIKeys[i].RotatedAtMillis = strconv.FormatInt(k.RotatedAt.UnixMilli(), 10)
		}
	}
	return out, nil
}

// CreateKey creates a key for p's account with a subset of p's permissions; the secret is
// in the answer only.
func (s *Service) CreateKey(ctx context.Context, p Principal, label string, permissions []string) (api.APIKeyCreated, error) {
	if err := CheckLabel(label); err != nil {
		return api.APIKeyCreated{}, err
	}
	perms, err := api.NormalizePermissions(permissions)
	if err != nil {
		return api.APIKeyCreated{}, fmt.Errorf("%w: permissions: %v", ErrInvalid, err)
	}
	if !api.HasAll(p.Permissions, perms) {
		return api.APIKeyCreated{}, fmt.Errorf("%w: requested permissions exceed the caller's", ErrForbidden)
	}
	key, secret := NewKey(s.secrets, p.AccountID, label, perms, s.now())
	if err := s.store.CreateAPIKey(ctx, key); err != nil {
		return api.APIKeyCreated{}, fmt.Errorf("create api key: %w", err)
	}
	return api.APIKeyCreated{APIKeyID: key.ID, APIKeySecret: secret, Label: key.Label, Permissions: perms}, nil
}

// IssueKey is the operator's key creation (`dtwgate admin keys create`): any permissions,
// for an existing account, or for a new one when accountID is empty. It returns the key
// and the account it belongs to.
func (s *Service) IssueKey(ctx context.Context, accountID, label string, perms []api.Permission) (api.APIKeyCreated, string, error) {
	if err := CheckLabel(label); err != nil {
		return api.APIKeyCreated{}, "", err
	}
	newAccount := accountID == ""
	if newAccount {
		accountID = auth.NewAccountID()
	}
	key, secret := NewKey(s.secrets, accountID, label, perms, s.now())
	var err error
	if newAccount {
		err = s.store.CreateAccountWithKey(ctx, store.Account{ID: accountID, CreatedAt: key.CreatedAt}, key)
	} else {
		err = s.store.CreateAPIKey(ctx, key)
	}
	if errors.Is(err, store.ErrNotFound) {
		return api.APIKeyCreated{}, "", fmt.Errorf("%w: no account %s", ErrNotFound, echo.Value(accountID))
	}
	if err != nil {
		return api.APIKeyCreated{}, "", fmt.Errorf("create api key: %w", err)
	}
	return api.APIKeyCreated{APIKeyID: key.ID, APIKeySecret: secret, Label: label, Permissions: perms}, accountID, nil
}

// RotateKey gives one of p's account's keys a new secret; its old secret and every token
// issued from it stop working at once. Rotating hands out a working secret of the key, so
// p must hold every permission of the key, as for creating it. Another account's key is
// ErrNotFound, as an absent one.
func (s *Service) RotateKey(ctx context.Context, p Principal, keyID string) (api.APIKeyRotated, error) {
	notFound := fmt.Errorf("%w: API key %q not found", ErrNotFound, echo.Value(keyID))
	target, err := s.store.GetAPIKey(ctx, keyID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && target.AccountID != p.AccountID) {
		return api.APIKeyRotated{}, notFound
	}
	if err != nil {
		return api.APIKeyRotated{}, fmt.Errorf("load api key: %w", err)
	}
	if !api.HasAll(p.Permissions, Permissions(target)) {
		return api.APIKeyRotated{}, fmt.Errorf("%w: API key %s holds permissions the caller lacks; only a caller holding all of them may rotate it", ErrForbidden, target.ID)
	}
	secret := auth.NewSecret()
	key, err := s.store.RotateAPIKey(ctx, p.AccountID, keyID, s.secrets.Hash(secret), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return api.APIKeyRotated{}, notFound
	}
	if err != nil {
		return api.APIKeyRotated{}, fmt.Errorf("rotate api key: %w", err)
	}
	return api.APIKeyRotated{APIKeyID: key.ID, APIKeySecret: secret}, nil
}

// Login checks a key id and secret and returns the key; ErrBadCredentials when either is
// wrong, with the same work whether or not the key exists. A hash of the old (scrypt)
// format is replaced by the current one.
func (s *Service) Login(ctx context.Context, keyID, secret string) (store.APIKey, error) {
	if len(keyID) > maxCredentialLen || len(secret) > maxCredentialLen {
		return store.APIKey{}, ErrBadCredentials
	}
	key, err := s.store.GetAPIKey(ctx, keyID)
	upgrade := false
	switch {
	case errors.Is(err, store.ErrNotFound):
		err = s.secrets.CheckUnknown(secret)
	case err != nil:
		return store.APIKey{}, fmt.Errorf("load api key: %w", err)
	default:
		upgrade, err = s.secrets.Check(ctx, secret, key.SecretHash)
	}
	if errors.Is(err, auth.ErrBadSecret) {
		return store.APIKey{}, ErrBadCredentials
	}
	if err != nil {
		return store.APIKey{}, fmt.Errorf("check secret: %w", err)
	}
	if upgrade {
		// Losing the race to a rotation is fine: the rotation's hash stays.
		if err := s.store.ReplaceSecretHash(ctx, key.ID, key.SecretHash, s.secrets.Hash(secret)); err != nil && !errors.Is(err, store.ErrNotFound) {
			s.log.WarnContext(ctx, "upgrade secret hash", "key", key.ID, "err", err)
		}
	}
	return key, nil
}
