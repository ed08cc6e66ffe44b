// Package discover stands in for github.com/hashicorp/go-discover in the dtwgate Vault
// dev server. Vault links go-discover only for Raft auto-join, which a single in-memory
// dev server never uses; the real module would pull in every cloud SDK and Kubernetes'
// client, which made the build several times slower. Every lookup fails.
package discover

import (
	"errors"
	"log"
)

// Provider has the method set of go-discover's providers.
type Provider interface {
	Addrs(args map[string]string, l *log.Logger) ([]string, error)
	Help() string
}

// Providers is empty: no cloud provider is linked in.
var Providers = map[string]Provider{}

// Discover has the API of go-discover's Discover.
type Discover struct {
	providers map[string]Provider
}

// Option configures a Discover.
type Option func(*Discover) error

// New returns a Discover.
func New(opts ...Option) (*Discover, error) {
	d := &Discover{}
	for _, o := range opts {
		if err := o(d); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// WithUserAgent is accepted and ignored.
func WithUserAgent(string) Option { return func(*Discover) error { return nil } }

// WithProviders sets the providers.
func WithProviders(m map[string]Provider) Option {
	return func(d *Discover) error { d.providers = m; return nil }
}

// Names returns no names.
func (d *Discover) Names() []string { return nil }

// Help explains that auto-join is unavailable.
func (d *Discover) Help() string { return "auto-join is not available in the dtwgate Vault dev server" }

// Addrs always fails: auto-join is not available.
func (d *Discover) Addrs(string, *log.Logger) ([]string, error) {
	return nil, errors.New("auto-join is not available in the dtwgate Vault dev server")
}
