// Package gcpckms stands in for go-kms-wrapping's gcpckms wrapper (see kmsstub).
package gcpckms

import (
	"github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub"
	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvGcpCkmsWrapperCredsPath   = "GOOGLE_CREDENTIALS"
	EnvGcpCkmsWrapperProject     = "GOOGLE_PROJECT"
	EnvGcpCkmsWrapperLocation    = "GOOGLE_REGION"
	EnvGcpCkmsWrapperKeyRing     = "GCPCKMS_WRAPPER_KEY_RING"
	EnvVaultGcpCkmsSealKeyRing   = "VAULT_GCPCKMS_SEAL_KEY_RING"
	EnvGcpCkmsWrapperCryptoKey   = "GCPCKMS_WRAPPER_CRYPTO_KEY"
	EnvVaultGcpCkmsSealCryptoKey = "VAULT_GCPCKMS_SEAL_CRYPTO_KEY"
)

// Wrapper is the unavailable wrapper.
type Wrapper = kmsstub.Wrapper

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return kmsstub.New(wrapping.WrapperTypeGcpCkms) }
