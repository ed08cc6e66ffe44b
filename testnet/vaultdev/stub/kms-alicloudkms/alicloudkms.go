// Package alicloudkms stands in for go-kms-wrapping's alicloudkms wrapper (see kmsstub).
package alicloudkms

import (
	"github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub"
	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvAliCloudKmsWrapperKeyId   = "ALICLOUDKMS_WRAPPER_KEY_ID"
	EnvVaultAliCloudKmsSealKeyId = "VAULT_ALICLOUDKMS_SEAL_KEY_ID"
)

// Wrapper is the unavailable wrapper.
type Wrapper = kmsstub.Wrapper

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return kmsstub.New(wrapping.WrapperTypeAliCloudKms) }
