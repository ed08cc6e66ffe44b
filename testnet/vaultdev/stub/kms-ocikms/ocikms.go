// Package ocikms stands in for go-kms-wrapping's ocikms wrapper in the dtwgate Vault
// dev server, which seals with Shamir only; the real wrapper would link a cloud SDK.
// The wrapper fails every operation.
package ocikms

import (
	"context"
	"errors"

	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvOciKmsWrapperKeyId                = "OCIKMS_WRAPPER_KEY_ID"
	EnvVaultOciKmsSealKeyId              = "VAULT_OCIKMS_SEAL_KEY_ID"
	EnvOciKmsWrapperCryptoEndpoint       = "OCIKMS_WRAPPER_CRYPTO_ENDPOINT"
	EnvVaultOciKmsSealCryptoEndpoint     = "VAULT_OCIKMS_CRYPTO_ENDPOINT"
	EnvOciKmsWrapperManagementEndpoint   = "OCIKMS_WRAPPER_MANAGEMENT_ENDPOINT"
	EnvVaultOciKmsSealManagementEndpoint = "VAULT_OCIKMS_MANAGEMENT_ENDPOINT"
	KmsConfigKeyId                       = "key_id"
	KmsConfigCryptoEndpoint              = "crypto_endpoint"
	KmsConfigManagementEndpoint          = "management_endpoint"
)

var errUnavailable = errors.New("ocikms seals are not available in the dtwgate Vault dev server")

// Wrapper is the unavailable wrapper.
type Wrapper struct{}

var _ wrapping.Wrapper = (*Wrapper)(nil)

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return &Wrapper{} }

// Type returns the wrapper type.
func (*Wrapper) Type(context.Context) (wrapping.WrapperType, error) {
	return wrapping.WrapperTypeOciKms, nil
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
