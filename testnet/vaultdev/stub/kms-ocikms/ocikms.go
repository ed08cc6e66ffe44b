// Package ocikms stands in for go-kms-wrapping's ocikms wrapper (see kmsstub).
package ocikms

import (
	"github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub"
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

// Wrapper is the unavailable wrapper.
type Wrapper = kmsstub.Wrapper

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return kmsstub.New(wrapping.WrapperTypeOciKms) }
