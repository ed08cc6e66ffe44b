package client

import (
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"
)

// Environment variables read by ReadEnvironment.
const (
	// EnvAPIURL is the gateway's base URL, ending in the base path (e.g. /api).
	EnvAPIURL = "DTW_API_URL"
	// EnvAPIKeyID is the id of the API key to log in with.
	EnvAPIKeyID = "DTW_API_KEY_ID"
	// EnvAPISecret is the secret of the API key to log in with.
	EnvAPISecret = "DTW_API_SECRET"
	// EnvAPITimeout is the per-request timeout, a Go duration such as "30s".
	EnvAPITimeout = "DTW_API_TIMEOUT"
	// EnvAPIMaxRetries is how often an idempotent request is retried, an integer.
	EnvAPIMaxRetries = "DTW_API_MAX_RETRIES"
)

// Defaults of DefaultConfig.
const (
	DefaultAPIURL        = "http://127.0.0.1:8080/api"
	DefaultTimeout       = 30 * time.Second
	DefaultMaxRetries    = 3
	DefaultMinBackoff    = 200 * time.Millisecond
	DefaultMaxBackoff    = 5 * time.Second
	DefaultRefreshBefore = 5 * time.Minute
)

// ErrInvalidConfig is wrapped by every error of Config.Check.
var ErrInvalidConfig = errors.New("invalid client config")

// Config configures a Client.
type Config struct {
	// BaseURL is the gateway's API root including its base path, e.g.
	// "https://gw.example.com/api". Default DefaultAPIURL.
	BaseURL string
	// Timeout bounds each HTTP attempt. Default 30s.
	Timeout time.Duration
	// MaxRetries is how many times an idempotent request is retried after a network
	// error or a 5xx answer; 0 disables retries. Default 3.
	MaxRetries int
	// MinBackoff is the wait before the first retry; it doubles per retry. Default 200ms.
	MinBackoff time.Duration
	// MaxBackoff caps the wait between retries. Default 5s.
	MaxBackoff time.Duration
	// RefreshBefore is how long before a JWT's expiry the client logs in again.
	// Default 5m.
	RefreshBefore time.Duration
	// Auth logs the client in. When nil and APIKeyID is set, New uses an APIKeyAuth over
	// APIKeyID and APISecret; when nil otherwise, only the public endpoints work.
	Auth Authenticator
	// APIKeyID and APISecret are an API key, read from the environment by
	// ReadEnvironment. They are used only when Auth is nil.
	APIKeyID  string
	APISecret string
	// HTTPClient sends the requests. Default: a client with Timeout.
	HTTPClient *http.Client
	// UserAgent is sent with every request. Default "dtw-client".
	UserAgent string
}

// DefaultConfig returns the default configuration: the local gateway, 30 s timeout,
// three retries and re-login five minutes before a token expires.
func DefaultConfig() Config {
	return Config{
		BaseURL:       DefaultAPIURL,
		Timeout:       DefaultTimeout,
		MaxRetries:    DefaultMaxRetries,
		MinBackoff:    DefaultMinBackoff,
		MaxBackoff:    DefaultMaxBackoff,
		RefreshBefore: DefaultRefreshBefore,
		UserAgent:     "dtw-client",
	}
}

// ReadEnvironment overlays the DTW_API_* environment variables that are set onto c.
func (c *Config) ReadEnvironment() error {
	if v := os.Getenv(EnvAPIURL); v != "" {
		c.BaseURL = v
	}
	if v := os.Getenv(EnvAPIKeyID); v != "" {
		c.APIKeyID = v
	}
	if v := os.Getenv(EnvAPISecret); v != "" {
		c.APISecret = v
	}
	if v := os.Getenv(EnvAPITimeout); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil {
			return fmt.Errorf("%w: %s=%q is not a duration such as 30s", ErrInvalidConfig, EnvAPITimeout, v)
		}
		c.Timeout = d
	}
	if v := os.Getenv(EnvAPIMaxRetries); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			return fmt.Errorf("%w: %s=%q is not an integer", ErrInvalidConfig, EnvAPIMaxRetries, v)
		}
		c.MaxRetries = n
	}
	return nil
}

// Check validates the configuration; each error names the field.
func (c Config) Check() error {
	var errs []error
	bad := func(format string, args ...any) {
		errs = append(errs, fmt.Errorf("%w: %s", ErrInvalidConfig, fmt.Sprintf(format, args...)))
	}
	if u, err := url.Parse(c.BaseURL); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		bad("BaseURL %q is not an http(s) URL (set %s)", c.BaseURL, EnvAPIURL)
	}
	if c.Timeout <= 0 {
		bad("Timeout must be positive")
	}
	if c.MaxRetries < 0 || c.MaxRetries > 20 {
		bad("MaxRetries %d must be from 0 to 20", c.MaxRetries)
	}
	if c.MinBackoff <= 0 || c.MaxBackoff < c.MinBackoff {
		bad("MinBackoff must be positive and MaxBackoff at least MinBackoff")
	}
	if c.RefreshBefore < 0 || c.RefreshBefore >= 24*time.Hour {
		bad("RefreshBefore must be from 0 to under 24h")
	}
	if c.Auth == nil && (c.APIKeyID == "") != (c.APISecret == "") {
		bad("an API key needs both %s and %s", EnvAPIKeyID, EnvAPISecret)
	}
	return errors.Join(errs...)
}

func (c Config) baseURL() string { return strings.TrimRight(c.BaseURL, "/") }
