package config

import (
	"time"
)

// Webhooks defaults.
const (
	DefaultWebhookTimeout      = 5 * time.Second
	DefaultWebhookRetryInitial = 5 * time.Second
	DefaultWebhookRetryMax     = 10 * time.Minute
	DefaultWebhookRetryWindow  = 24 * time.Hour
	DefaultWebhookConcurrency  = 16
	DefaultWebhookRetention    = 7 * 24 * time.Hour
)

// Webhooks configures the delivery of webhook subscriptions' events (the settler role
// delivers them).
type Webhooks struct {
	// AllowHTTP accepts http target URLs besides https. Default false; the devnet and
	// tests turn it on for local receivers.
	AllowHTTP bool `yaml:"allowHTTP"`
	// AllowPrivateTargets lets targets resolve to loopback, private, link-local,
	// unspecified, multicast and cloud metadata addresses. Default false: a subscriber
	// could otherwise make the gateway POST into the operator's own network. The devnet
	// and tests turn it on.
	AllowPrivateTargets bool `yaml:"allowPrivateTargets"`
	// Timeout bounds one attempt: connecting, TLS, sending and reading the answer.
	// Default 5s.
	Timeout time.Duration `yaml:"timeout"`
	// RetryInitial is the wait after a first failed attempt (a timeout, a network error or
	// a non-2xx answer); each further failure doubles it up to RetryMax, and each wait is
	// drawn at random between its half and its whole (jitter). Default 5s.
	RetryInitial time.Duration `yaml:"retryInitial"`
	// RetryMax caps the wait between attempts. Default 10m.
	RetryMax time.Duration `yaml:"retryMax"`
	// RetryWindow is how long after it was queued (at the event; after an outage, when
	// the settler came back) a delivery is retried; one whose next attempt would fall
	// beyond it is marked FAILED. Default 24h.
	RetryWindow time.Duration `yaml:"retryWindow"`
	// Concurrency is how many deliveries (each of another subscription: one
	// subscription's go out one at a time, in order) are attempted at once. Default 16.
	Concurrency int `yaml:"concurrency"`
	// Retention is how long delivered and failed deliveries are kept. Default 168h.
	Retention time.Duration `yaml:"retention"`
}

// DefaultWebhooks returns the webhooks section's defaults.
func DefaultWebhooks() Webhooks {
	return Webhooks{
		Timeout:      DefaultWebhookTimeout,
		RetryInitial: DefaultWebhookRetryInitial,
		RetryMax:     DefaultWebhookRetryMax,
		RetryWindow:  DefaultWebhookRetryWindow,
		Concurrency:  DefaultWebhookConcurrency,
		Retention:    DefaultWebhookRetention,
	}
}

// checkWebhooks checks the webhooks section.
func (c *Config) checkWebhooks(bad func(field, format string, args ...any)) {
	w := c.Webhooks
	if w.Timeout <= 0 || w.Timeout > time.Minute {
		bad("webhooks.timeout", "must be positive and at most 1m (a receiver answers at once and works afterwards)")
	}
	if w.RetryInitial <= 0 {
		bad("webhooks.retryInitial", "must be positive")
	}
	if w.RetryMax < w.RetryInitial {
		bad("webhooks.retryMax", "must be at least webhooks.retryInitial (%s)", w.RetryInitial)
	}
	if w.RetryWindow <= 0 || w.RetryWindow > 30*24*time.Hour {
		bad("webhooks.retryWindow", "must be positive and at most 720h")
	}
	if w.Concurrency < 1 || w.Concurrency > 1024 {
		bad("webhooks.concurrency", "must be between 1 and 1024")
	}
	if w.Retention < time.Hour {
		bad("webhooks.retention", "must be at least 1h")
	}
}
