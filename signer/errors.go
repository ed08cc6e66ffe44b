package signer

import "errors"

// Sentinel errors of the signer package. Errors returned by this package wrap one of
// them; check with errors.Is.
var (
	// ErrInvalidSpec means a signer spec string could not be parsed.
	ErrInvalidSpec = errors.New("invalid signer spec")
	// ErrKeystoreNotFound means no keystore file exists at the given path or for the
	// given account name.
	ErrKeystoreNotFound = errors.New("keystore not found")
	// ErrWrongPassword means the keystore could not be decrypted with the password.
	ErrWrongPassword = errors.New("wrong keystore password")
	// ErrNoPassword means no password source was available (no file, no environment
	// variable, no terminal to prompt on).
	ErrNoPassword = errors.New("no password available")
	// ErrKeyMalformed means key material (a private key or a keystore JSON) is not valid.
	ErrKeyMalformed = errors.New("key malformed")
	// ErrAccountExists means a keystore with that account name already exists.
	ErrAccountExists = errors.New("account already exists")
	// ErrClosed means the signer was closed and its key zeroed.
	ErrClosed = errors.New("signer closed")

	// ErrVaultUnreachable means the Vault server could not be reached.
	ErrVaultUnreachable = errors.New("vault unreachable")
	// ErrVaultSealed means the Vault server is sealed.
	ErrVaultSealed = errors.New("vault sealed")
	// ErrPermissionDenied means Vault refused the token or the AppRole credentials.
	ErrPermissionDenied = errors.New("vault permission denied")
	// ErrSecretMissing means the Vault secret, or the field in it, does not exist.
	ErrSecretMissing = errors.New("vault secret missing")
)
