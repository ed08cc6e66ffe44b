// Package azurekeyvault stands in for go-kms-wrapping's azurekeyvault wrapper (see kmsstub).
package azurekeyvault

import (
	"github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub"
	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvAzureKeyVaultWrapperVaultName = "AZUREKEYVAULT_WRAPPER_VAULT_NAME"
	EnvVaultAzureKeyVaultVaultName   = "VAULT_AZUREKEYVAULT_VAULT_NAME"
	EnvAzureKeyVaultWrapperKeyName   = "AZUREKEYVAULT_WRAPPER_KEY_NAME"
	EnvVaultAzureKeyVaultKeyName     = "VAULT_AZUREKEYVAULT_KEY_NAME"
)

// Wrapper is the unavailable wrapper.
type Wrapper = kmsstub.Wrapper

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return kmsstub.New(wrapping.WrapperTypeAzureKeyVault) }

// WithDisallowEnvVars is accepted and ignored.
func WithDisallowEnvVars(bool) wrapping.Option { return kmsstub.Ignored() }
