// Package awskms stands in for go-kms-wrapping's awskms wrapper (see kmsstub).
package awskms

import (
	"github.com/dtwgate/dtwgate/testnet/vaultdev/stub/kmsstub"
	hclog "github.com/hashicorp/go-hclog"
	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvAwsKmsWrapperKeyId   = "AWSKMS_WRAPPER_KEY_ID"
	EnvVaultAwsKmsSealKeyId = "VAULT_AWSKMS_SEAL_KEY_ID"
)

// Wrapper is the unavailable wrapper.
type Wrapper = kmsstub.Wrapper

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return kmsstub.New(wrapping.WrapperTypeAwsKms) }

// WithDisallowEnvVars is accepted and ignored.
func WithDisallowEnvVars(bool) wrapping.Option { return kmsstub.Ignored() }

// WithLogger is accepted and ignored.
func WithLogger(hclog.Logger) wrapping.Option { return kmsstub.Ignored() }
