package signer

import (
	"context"
	"fmt"
)

// Options configure Open.
type Options struct {
	// KeystoreDirs are searched, in order, for "account:NAME". Default: dtw's keystore
	// directory (DefaultKeystoreDir) then Foundry's (FoundryKeystoreDir).
	KeystoreDirs []string
	// Password supplies keystore passwords. Default: DefaultPassword("") ($DTW_PASSWORD,
	// else a no-echo prompt).
	Password PasswordFunc
	// Vault configures the Vault connection of the vault backends. Its zero value reads
	// the Vault CLI's environment variables.
	Vault VaultConfig
}

// AccountDirs returns the directories searched for named accounts.
func (o Options) AccountDirs() []string {
	if len(o.KeystoreDirs) > 0 {
		return o.KeystoreDirs
	}
	return []string{DefaultKeystoreDir(), FoundryKeystoreDir()}
}

func (o Options) password() PasswordFunc {
	if o.Password != nil {
		return o.Password
	}
	return DefaultPassword("")
}

// Open parses spec (see ParseSpec) and opens the signer it names. The caller must
// Close the signer.
func Open(ctx context.Context, spec string, opts Options) (Signer, error) {
	s, err := ParseSpec(spec)
	if err != nil {
		return nil, err
	}
	return OpenSpec(ctx, s, opts)
}

// OpenSpec opens the signer that spec names. The caller must Close the signer.
func OpenSpec(ctx context.Context, spec Spec, opts Options) (Signer, error) {
	switch spec.Kind {
	case KindKeystore:
		return OpenKeystore(ctx, spec.Path, opts.password())
	case KindAccount:
		path, err := FindAccount(spec.Account, opts.AccountDirs()...)
		if err != nil {
			return nil, err
		}
		return OpenKeystore(ctx, path, opts.password())
	case KindVault:
		return OpenVault(ctx, opts.Vault, spec.Secret)
	case KindVaultKeystore:
		return OpenVaultKeystore(ctx, opts.Vault, spec.Secret, DefaultPasswordField)
	default:
		return nil, fmt.Errorf("%w: unknown kind %q", ErrInvalidSpec, spec.Kind)
	}
}
