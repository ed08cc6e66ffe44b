package signer

import (
	"fmt"
	"strings"
)

// Kind names a signer backend in a spec string.
type Kind string

// The backends a spec can name.
const (
	// KindKeystore is a keystore file: "keystore:PATH".
	KindKeystore Kind = "keystore"
	// KindAccount is a named keystore in dtw's or Foundry's keystore directory:
	// "account:NAME".
	KindAccount Kind = "account"
	// KindVault is a hex private key in a Vault KV v2 secret:
	// "vault:MOUNT/data/PATH#FIELD" (FIELD defaults to private_key).
	KindVault Kind = "vault"
	// KindVaultKeystore is a keystore JSON in a Vault KV v2 secret, with its password
	// in the same secret's "password" field: "vault-keystore:MOUNT/data/PATH#FIELD"
	// (FIELD defaults to keystore).
	KindVaultKeystore Kind = "vault-keystore"
)

// Default field names in Vault secrets.
const (
	DefaultKeyField      = "private_key"
	DefaultKeystoreField = "keystore"
	DefaultPasswordField = "password"
)

// Spec is a parsed signer spec string.
type Spec struct {
	// Kind is the backend.
	Kind Kind
	// Path is the keystore file of KindKeystore.
	Path string
	// Account is the account name of KindAccount.
	Account string
	// Secret locates the Vault secret of KindVault and KindVaultKeystore.
	Secret VaultSecret
}

// VaultSecret locates one field of a KV v2 secret.
type VaultSecret struct {
	// Mount is the KV v2 mount path, e.g. "secret".
	Mount string
	// Path is the secret's path inside the mount, e.g. "traders/alice".
	Path string
	// Field is the field of the secret that holds the key material.
	Field string
}

// String returns the spec in its canonical form "MOUNT/data/PATH#FIELD".
func (v VaultSecret) String() string {
	return v.Mount + "/data/" + v.Path + "#" + v.Field
}

// ParseSpec parses a signer spec: "keystore:PATH", "account:NAME",
// "vault:MOUNT/data/PATH#FIELD" or "vault-keystore:MOUNT/data/PATH#FIELD". In the Vault
// forms "/data/" may be left out ("vault:secret/traders/alice" reads mount "secret",
// path "traders/alice") and so may "#FIELD". Errors wrap ErrInvalidSpec and name the
// bad part.
func ParseSpec(s string) (Spec, error) {
	kind, rest, ok := strings.Cut(s, ":")
	if !ok {
		return Spec{}, specError(s, "missing KIND: prefix (want keystore:PATH, account:NAME, vault:MOUNT/data/PATH#FIELD or vault-keystore:MOUNT/data/PATH#FIELD)")
	}
	spec := Spec{Kind: Kind(kind)}
	switch spec.Kind {
	case KindKeystore:
		if rest == "" {
			return Spec{}, specError(s, "keystore path is empty")
		}
		spec.Path = rest
	case KindAccount:
		if err := CheckAccountName(rest); err != nil {
			return Spec{}, specError(s, fmt.Sprintf("account name %q: use letters, digits, '-' and '_'", rest))
		}
		spec.Account = rest
	case KindVault, KindVaultKeystore:
		field := DefaultKeyField
		if spec.Kind == KindVaultKeystore {
			field = DefaultKeystoreField
		}
		secret, err := ParseVaultSecret(rest, field)
		if err != nil {
			return Spec{}, specError(s, err.Error())
		}
		spec.Secret = secret
	default:
		return Spec{}, specError(s, fmt.Sprintf("unknown kind %q (want keystore, account, vault or vault-keystore)", kind))
	}
	return spec, nil
}

// ParseVaultSecret parses "MOUNT/data/PATH#FIELD", "MOUNT/PATH#FIELD" or either
// without "#FIELD", in which case the field is defaultField.
func ParseVaultSecret(s, defaultField string) (VaultSecret, error) {
	loc, field, hasField := strings.Cut(s, "#")
	if hasField && field == "" {
		return VaultSecret{}, fmt.Errorf("field after '#' is empty")
	}
	if !hasField {
		field = defaultField
	}
	loc = strings.TrimSuffix(loc, "/")
	mount, path, ok := strings.Cut(loc, "/data/")
	if !ok {
		mount, path, _ = strings.Cut(loc, "/")
	}
	switch {
	case mount == "":
		return VaultSecret{}, fmt.Errorf("vault mount is empty (want MOUNT/data/PATH)")
	case path == "":
		return VaultSecret{}, fmt.Errorf("vault secret path is empty after mount %q (want MOUNT/data/PATH)", mount)
	}
	for _, seg := range strings.Split(mount+"/"+path, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return VaultSecret{}, fmt.Errorf("vault path %q has an empty, '.' or '..' segment", loc)
		}
	}
	return VaultSecret{Mount: mount, Path: path, Field: field}, nil
}

// String returns the spec string that ParseSpec parses back into s.
func (s Spec) String() string {
	switch s.Kind {
	case KindKeystore:
		return string(s.Kind) + ":" + s.Path
	case KindAccount:
		return string(s.Kind) + ":" + s.Account
	default:
		return string(s.Kind) + ":" + s.Secret.String()
	}
}

func specError(spec, what string) error {
	return fmt.Errorf("%w %q: %s", ErrInvalidSpec, spec, what)
}
