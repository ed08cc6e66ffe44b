// Package kmsstub is the body of the stand-ins for go-kms-wrapping's cloud KMS wrappers
// in the dtwgate Vault dev server, which seals with Shamir only: linking the real
// wrappers would add every cloud SDK to the build. The wrapper fails every operation.
package kmsstub

import (
	"context"
	"fmt"

	wrapping "github.com/hashicorp/go-kms-wrapping/v2"
)

// Wrapper is a KMS wrapper that is not available.
type Wrapper struct {
	typ wrapping.WrapperType
}

var _ wrapping.Wrapper = (*Wrapper)(nil)

// New returns the unavailable wrapper of type typ.
func New(typ wrapping.WrapperType) *Wrapper { return &Wrapper{typ: typ} }

func (w *Wrapper) err() error {
	return fmt.Errorf("%s seals are not available in the dtwgate Vault dev server", w.typ)
}

// Type returns the wrapper type.
func (w *Wrapper) Type(context.Context) (wrapping.WrapperType, error) { return w.typ, nil }

// KeyId fails.
func (w *Wrapper) KeyId(context.Context) (string, error) { return "", w.err() }

// SetConfig fails.
func (w *Wrapper) SetConfig(context.Context, ...wrapping.Option) (*wrapping.WrapperConfig, error) {
	return nil, w.err()
}

// Encrypt fails.
func (w *Wrapper) Encrypt(context.Context, []byte, ...wrapping.Option) (*wrapping.BlobInfo, error) {
	return nil, w.err()
}

// Decrypt fails.
func (w *Wrapper) Decrypt(context.Context, *wrapping.BlobInfo, ...wrapping.Option) ([]byte, error) {
	return nil, w.err()
}

// Ignored is an option that wrappers ignore.
func Ignored() wrapping.Option { return func() interface{} { return nil } }
