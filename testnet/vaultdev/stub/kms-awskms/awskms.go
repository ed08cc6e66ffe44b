// Package awskms stands in for go-kms-wrapping's awskms wrapper in the dtwgate Vault
// dev server, which seals with Shamir only; the real wrapper would link a cloud SDK.
// The wrapper fails every operation.
package awskms

import (
	"context"
	"errors"

	hclog "github.com/hashicorp/go-hclog"
	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Names of the real wrapper's configuration.
const (
	EnvAwsKmsWrapperKeyId   = "AWSKMS_WRAPPER_KEY_ID"
	EnvVaultAwsKmsSealKeyId = "VAULT_AWSKMS_SEAL_KEY_ID"
)

var errUnavailable = errors.New("awskms seals are not available in the dtwgate Vault dev server")

// Wrapper is the unavailable wrapper.
type Wrapper struct{}

var _ wrapping.Wrapper = (*Wrapper)(nil)

// NewWrapper returns the unavailable wrapper.
func NewWrapper() *Wrapper { return &Wrapper{} }

// Type returns the wrapper type.
func (*Wrapper) Type(context.Context) (wrapping.WrapperType, error) {
	return wrapping.WrapperTypeAwsKms, nil
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

// WithLogger is accepted and ignored.
func WithLogger(hclog.Logger) wrapping.Option { return func() interface{} { return nil } }
