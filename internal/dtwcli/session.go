package dtwcli

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api/client"
)

// Session is the cached login of the session file (mode 0600).
type Session struct {
	// APIURL is the gateway the token is for.
	APIURL string `json:"apiUrl"`
	// Token is the bearer JWT.
	Token string `json:"token"`
	// ExpiresAt is the token's expiry.
	ExpiresAt time.Time `json:"expiresAt"`
	// Method is "siwe" or "api-key".
	Method string `json:"method"`
	// Address is the wallet a SIWE login signed in with.
	Address string `json:"address,omitempty"`
	// APIKeyID is the key an API-key login used.
	APIKeyID string `json:"apiKeyId,omitempty"`
}

func readSession(path string) (*Session, error) {
	blob, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("%w (no session file %s)", errNotLoggedIn, path)
	}
	if err != nil {
		return nil, fmt.Errorf("read session %s: %w", path, err)
	}
	var s Session
	if err := json.Unmarshal(blob, &s); err != nil {
		return nil, fmt.Errorf("%w: session file %s is unreadable (%v)", errNotLoggedIn, path, err)
	}
	return &s, nil
}

func writeSession(path string, s *Session) error {
	blob, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return fmt.Errorf("session directory: %w", err)
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, append(blob, '\n'), 0o600); err != nil {
		return fmt.Errorf("write session: %w", err)
	}
	if err := os.Chmod(tmp, 0o600); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// clientConfig is the API client's configuration for cfg, with the DTW_API_* environment.
func clientConfig(cfg *Config) (client.Config, error) {
	cc := client.DefaultConfig()
	if err := cc.ReadEnvironment(); err != nil {
		return cc, usageError("%v", err)
	}
	cc.BaseURL = cfg.APIURL
	cc.UserAgent = "dtw"
	return cc, nil
}

// newClient returns an unauthenticated client (for login).
func newClient(cfg *Config, auth client.Authenticator) (*client.Client, error) {
	cc, err := clientConfig(cfg)
	if err != nil {
		return nil, err
	}
	cc.Auth = auth
	cl, err := client.New(cc)
	if err != nil {
		return nil, usageError("%v", err)
	}
	return cl, nil
}

// sessionClient returns a client that uses the cached login, or an API key from
// $DTW_API_KEY_ID and $DTW_API_SECRET; it fails with "not logged in" before sending
// anything when there is neither.
func sessionClient(cfg *Config) (*client.Client, *Session, error) {
	cl, err := newClient(cfg, nil)
	if err != nil {
		return nil, nil, err
	}
	s, err := readSession(cfg.SessionFile)
	hasKey := cl.Authenticator() != nil
	switch {
	case err != nil && hasKey:
		return cl, nil, nil
	case err != nil:
		return nil, nil, apiError(cfg, err)
	case s.APIURL != cl.BaseURL():
		if hasKey {
			return cl, nil, nil
		}
		return nil, nil, apiError(cfg, fmt.Errorf("%w to %s: the session in %s is for %s", errNotLoggedIn, cl.BaseURL(), cfg.SessionFile, s.APIURL))
	case !time.Now().Before(s.ExpiresAt) && !hasKey:
		return nil, nil, apiError(cfg, fmt.Errorf("%w: the session in %s expired at %s", errNotLoggedIn, cfg.SessionFile, when(s.ExpiresAt)))
	}
	cl.SetToken(s.Token)
	return cl, s, nil
}

// withClient loads the config, runs check (validation before anything is sent; may
// be nil), then fn with a logged-in client.
func withClient(c *cli.Context, check func(cfg *Config) error, fn func(cfg *Config, cl *client.Client) error) error {
	cfg, _, err := loadConfig(c)
	if err != nil {
		return err
	}
	if check != nil {
		if err := check(cfg); err != nil {
			return err
		}
	}
	cl, _, err := sessionClient(cfg)
	if err != nil {
		return err
	}
	return fn(cfg, cl)
}
