// Package azurekeyvault stands in for go-kms-wrapping's azurekeyvault wrapper in the dtwgate Vault
// dev server, which seals with Shamir only; the real wrapper would link a cloud SDK.
// The wrapper fails every operation.
package azurekeyvault

import (
	"context"
	"errors"

	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvAzureKeyVaultWrapperVaultName = "AZUREKEYVAULT_WRAPPER_VAULT_NAME"
	EnvVaultAzureKeyVaultVaultName   = "VAULT_AZUREKEYVAULT_VAULT_NAME"
	EnvAzureKeyVaultWrapperKeyName   = "AZUREKEYVAULT_WRAPPER_KEY_NAME"
	EnvVaultAzureKeyVaultKeyName     = "VAULT_AZUREKEYVAULT_KEY_NAME"
)

var errUnavailable = errors.New("azurekeyvault seals are not available in the dtwgate Vault dev server")

// Wrapper is the unavailable wrapper.
type Wrapper struct{}

var _ wrapping.Wrapper = (*Wrapper)(nil)

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return &Wrapper{} }

// Type returns the wrapper type.
func (*Wrapper) Type(context.Context) (wrapping.WrapperType, error) {
	return wrapping.WrapperTypeAzureKeyVault, nil
}

// KeyId fails.
func (*Wrapper) KeyId(context.Context) (string, error) { return "", errUnavailable }

// SetConfig fails.
func (*Wrapper) SetConfig(context.Context, ...wrapping.Option) (*wrapping.WrapperConfig, error) {
	return nil, errUnavailable
}

// Encrypt fails.
func (*Wrapper) Encrypt(context.Context, []byte, ...wrapping.Option) (*wrapping.BlobInfo, error) {
	return nil, errUnavailable
}

// Decrypt fails.
func (*Wrapper) Decrypt(context.Context, *wrapping.BlobInfo, ...wrapping.Option) ([]byte, error) {
	return nil, errUnavailable
}

// WithDisallowEnvVars is accepted and ignored.
func WithDisallowEnvVars(bool) wrapping.Option { return func() interface{} { return nil } }
