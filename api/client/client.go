package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"time"
)

// maxResponseBytes caps a response body the client reads.
const maxResponseBytes = 16 << 20

// Client calls the gateway. Create it with New; it is safe for concurrent use.
type Client struct {
	cfg  Config
	base string
	http *http.Client
	auth Authenticator
	now  func() time.Time

	// loginMu serializes logins so concurrent calls share one.
	loginMu sync.Mutex
	mu      sync.Mutex
	token   string
	expires time.Time
}

// New returns a client for a configuration; a configuration that fails Check is
// refused with "invalid config: ...".
func New(cfg Config) (*Client, error) {
	if err := cfg.Check(); err != nil {
		return nil, fmt.Errorf("invalid config: %w", err)
	}
	c := &Client{cfg: cfg, base: cfg.baseURL(), http: cfg.HTTPClient, auth: cfg.Auth, now: time.Now}
	if c.http == nil {
		c.http = &http.Client{Timeout: cfg.Timeout}
	}
	if c.auth == nil && cfg.APIKeyID != "" {
		c.auth = NewAPIKeyAuth(cfg.APIKeyID, cfg.APISecret)
	}
	return c, nil
}

// BaseURL returns the gateway's API root the client talks to.
func (c *Client) BaseURL() string { return c.base }

// Authenticator returns the client's authenticator, or nil.
func (c *Client) Authenticator() Authenticator { return c.auth }

// request is one API call.
type request struct {
	method string
	// path is relative to the base URL, with its parameters filled in.
	path  string
	query url.Values
	body  any
	// auth sends the bearer token.
	auth bool
	// out receives the decoded 2xx body, if not nil.
	out any
	// repeatable marks a POST whose repeat the interface defines to answer the first
	// (a swap or a quote request named by its instructionId, with the same body).
	repeatable bool
}

// idempotent reports whether sending r twice is harmless: GETs, and the POSTs marked
// repeatable. POST /v2/order and POST /v2/withdrawals are idempotent on the gateway by
// (trader, nonce), but a client should not depend on a server property the interface
// does not state, so they are never retried.
func (r request) idempotent() bool { return r.method == http.MethodGet || r.repeatable }

// do sends r: it logs in when needed, retries idempotent requests on network errors and
// 5xx answers, retries any request refused with 429 after its Retry-After, and logs in
// again once after a 401.
func (c *Client) do(ctx context.Context, r request) error {
	var body []byte
	if r.body != nil {
		var err error
		if body, err = json.Marshal(r.body); err != nil {
			return fmt.Errorf("%s %s: encode body: %w", r.method, r.path, err)
		}
	}
	relogged := false
	for attempt := 0; ; attempt++ {
		token := ""
		if r.auth {
			var err error
			if token, err = c.bearer(ctx); err != nil {
				return fmt.Errorf("%s %s: %w", r.method, r.path, err)
			}
		}
		resp, data, err := c.send(ctx, r, body, token)
		if err != nil {
			if ctx.Err() == nil && r.idempotent() && attempt < c.cfg.MaxRetries {
				if werr := c.backoff(ctx, attempt, nil); werr != nil {
					return fmt.Errorf("%s %s: %w (after %v)", r.method, r.path, werr, err)
				}
				continue
			}
			return fmt.Errorf("%s %s: %w", r.method, r.path, err)
		}
		switch {
		case resp.StatusCode == http.StatusUnauthorized && r.auth && !relogged:
			// The token was revoked (key rotated, wallet unlisted) or the clocks disagree:
			// the gateway refused before acting, so sending again is safe even for a POST.
			relogged = true
			c.dropToken(token)
			attempt--
			continue
		case resp.StatusCode == http.StatusTooManyRequests && attempt < c.cfg.MaxRetries:
			// Rate limits are checked before the gateway acts on anything, so waiting the
			// Retry-After and sending again is safe for any method.
			if werr := c.backoff(ctx, attempt, resp); werr != nil {
				return fmt.Errorf("%s %s: %w (after %w)", r.method, r.path, werr, decodeError(resp, data, r.method, r.path))
			}
			continue
		case resp.StatusCode >= 500 && r.idempotent() && attempt < c.cfg.MaxRetries:
			if werr := c.backoff(ctx, attempt, resp); werr != nil {
				return fmt.Errorf("%s %s: %w (after %w)", r.method, r.path, werr, decodeError(resp, data, r.method, r.path))
			}
			continue
		case resp.StatusCode < 200 || resp.StatusCode > 299:
			return decodeError(resp, data, r.method, r.path)
		}
		if r.out == nil || resp.StatusCode == http.StatusNoContent || len(bytes.TrimSpace(data)) == 0 {
			return nil
		}
		if err := json.Unmarshal(data, r.out); err != nil {
			return fmt.Errorf("%s %s: decode %d answer: %w", r.method, r.path, resp.StatusCode, err)
		}
		return nil
	}
}

// send makes one HTTP attempt and reads the whole answer.
func (c *Client) send(ctx context.Context, r request, body []byte, token string) (*http.Response, []byte, error) {
	u := c.base + r.path
	if len(r.query) > 0 {
		u += "?" + r.query.Encode()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, r.method, u, rd)
	if err != nil {
		return nil, nil, err
	}
	req.Header.Set("Accept", "application/json")
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.cfg.UserAgent != "" {
		req.Header.Set("User-Agent", c.cfg.UserAgent)
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxResponseBytes))
	if err != nil {
		return nil, nil, fmt.Errorf("read answer: %w", err)
	}
	return resp, data, nil
}

// expand fills the {name} parameters of an api.Path constant, escaping each value.
func expand(path string, kv ...string) string {
	for i := 0; i+1 < len(kv); i += 2 {
		path = strings.Replace(path, "{"+kv[i]+"}", url.PathEscape(kv[i+1]), 1)
	}
	return path
}

// call sends r and decodes its answer into a T.
func call[T any](ctx context.Context, c *Client, r request) (T, error) {
	var out T
	r.out = &out
	err := c.do(ctx, r)
	return out, err
}

// get is a GET of an authenticated endpoint.
func get[T any](ctx context.Context, c *Client, path string, query url.Values) (T, error) {
	return call[T](ctx, c, request{method: http.MethodGet, path: path, query: query, auth: true})
}

// post is a POST of an authenticated endpoint.
func post[T any](ctx context.Context, c *Client, path string, body any) (T, error) {
	return call[T](ctx, c, request{method: http.MethodPost, path: path, body: body, auth: true})
}

var errEmptyArg = errors.New("required argument is empty")

func required(name, value string) error {
	if strings.TrimSpace(value) == "" {
		return fmt.Errorf("%s: %w", name, errEmptyArg)
	}
	return nil
}
