package client_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

func TestErrorFromRealGateway(t *testing.T) {
	g := newGateway(t, nil)
	c := g.newClient(t, nil)
	_, err := c.Token(context.Background(), api.TokenRequest{KeyID: "nobody", Secret: "x"})
	e := requireAPIError(t, err, http.StatusUnauthorized, api.CodeInvalidCredentials)
	require.Equal(t, http.MethodPost, e.Method)
	require.Equal(t, api.PathAuthToken, e.Path)
	require.Equal(t, "keyId or secret is wrong", e.Description)
	require.False(t, e.Temporary())
	require.Equal(t, http.StatusUnauthorized, client.StatusCode(err))
	require.False(t, client.IsCode(err, api.CodeNotFound))
}

// standIn is a stand-in for a gateway, used only for what the real gateway never does:
// error_code/error_message bodies, 5xx answers and dropped connections. It counts the
// requests it gets.
type standIn struct {
	srv      *httptest.Server
	requests atomic.Int32
}

func newStandIn(t *testing.T, h func(n int32, w http.ResponseWriter, r *http.Request)) *standIn {
	t.Helper()
	s := &standIn{}
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		h(s.requests.Add(1), w, r)
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *standIn) client(t *testing.T) *client.Client {
	t.Helper()
	cfg := client.DefaultConfig()
	cfg.BaseURL = s.srv.URL + "/api"
	cfg.MinBackoff, cfg.MaxBackoff = time.Millisecond, 5*time.Millisecond
	c, err := client.New(cfg)
	require.NoError(t, err)
	c.SetToken("stand-in-token") // the stand-in checks no token
	return c
}

func reply(w http.ResponseWriter, status int, body string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write([]byte(body))
}

// dropConnection closes the connection without an answer: a network error.
func dropConnection(w http.ResponseWriter) {
	conn, _, err := w.(http.Hijacker).Hijack()
	if err == nil {
		conn.Close()
	}
}

func TestErrorBodyStyles(t *testing.T) {
	cases := []struct {
		name   string
		status int
		body   string
		code   api.ErrorCode
		desc   string
	}{
		{"code and description", 400, `{"code":"INVALID_QUERY_PARAMS","description":"bad cursor"}`, api.CodeInvalidQueryParams, "bad cursor"},
		{"error_code and error_message", 400, `{"error_code":"INVALID_QUERY_PARAMS","error_message":"bad cursor"}`, api.CodeInvalidQueryParams, "bad cursor"},
		{"extra fields", 404, `{"code":"NOT_FOUND","description":"gone","hint":{"x":1}}`, api.CodeNotFound, "gone"},
		{"not JSON", 404, `<html>nope</html>`, "", "<html>nope</html>"},
		{"empty", 404, ``, "", "Not Found"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { reply(w, tc.status, tc.body) })
			_, err := s.client(t).Assets(context.Background(), "ETHEREUM")
			var e *client.Error
			require.ErrorAs(t, err, &e)
			require.Equal(t, tc.status, e.StatusCode)
			require.Equal(t, tc.code, e.Code)
			require.Equal(t, tc.desc, e.Description)
		})
	}
}

func TestUnknownResponseFieldsIgnored(t *testing.T) {
	s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
		reply(w, 200, `{"assets":["eth","dai"],"newField":{"nested":[1,2]},"another":"x"}`)
	})
	got, err := s.client(t).Assets(context.Background(), "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, []string{"eth", "dai"}, got.Assets)
}

func TestRetries(t *testing.T) {
	ctx := context.Background()
	unavailable := `{"error_code":"SERVICE_UNAVAILABLE_ERROR","error_message":"try later"}`
	t.Run("GET is retried on 5xx until it succeeds", func(t *testing.T) {
		s := newStandIn(t, func(n int32, w http.ResponseWriter, _ *http.Request) {
			if n < 3 {
				reply(w, 503, unavailable)
				return
			}
			reply(w, 200, `{"assets":["eth"]}`)
		})
		got, err := s.client(t).Assets(ctx, "ETHEREUM")
		require.NoError(t, err)
		require.Equal(t, []string{"eth"}, got.Assets)
		require.Equal(t, int32(3), s.requests.Load())
	})
	t.Run("GET gives up after MaxRetries", func(t *testing.T) {
		s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { reply(w, 500, unavailable) })
		_, err := s.client(t).FundLocations(ctx)
		e := requireAPIError(t, err, 500, api.CodeServiceUnavailable)
		require.True(t, e.Temporary())
		require.Equal(t, int32(client.DefaultMaxRetries+1), s.requests.Load())
	})
	t.Run("GET is retried on network errors", func(t *testing.T) {
		s := newStandIn(t, func(n int32, w http.ResponseWriter, _ *http.Request) {
			if n == 1 {
				dropConnection(w)
				return
			}
			reply(w, 200, `{"nonce":"abcdefgh12345678"}`)
		})
		got, err := s.client(t).SIWENonce(ctx)
		require.NoError(t, err)
		require.Equal(t, "abcdefgh12345678", got.Nonce)
		require.Equal(t, int32(2), s.requests.Load())
	})
	t.Run("4xx is not retried", func(t *testing.T) {
		s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) {
			reply(w, 400, `{"code":"INVALID_ORDER_SOURCE","description":"no"}`)
		})
		_, err := s.client(t).Assets(ctx, "NOWHERE")
		requireAPIError(t, err, 400, api.CodeInvalidOrderSource)
		require.Equal(t, int32(1), s.requests.Load())
	})
	posts := []struct {
		name string
		call func(*client.Client) error
	}{
		{"POST /v2/order", func(c *client.Client) error {
			_, err := c.SubmitOrder(ctx, api.SignedOrderRequest{Source: "ETHEREUM"})
			return err
		}},
		{"POST /v2/withdrawals", func(c *client.Client) error {
			_, err := c.SubmitWithdrawal(ctx, api.SignedWithdrawalRequest{Source: "ETHEREUM"})
			return err
		}},
	}
	for _, p := range posts {
		t.Run(p.name+" is never retried on 5xx", func(t *testing.T) {
			s := newStandIn(t, func(_ int32, w http.ResponseWriter, r *http.Request) {
				require.Equal(t, http.MethodPost, r.Method)
				reply(w, 503, unavailable)
			})
			requireAPIError(t, p.call(s.client(t)), 503, api.CodeServiceUnavailable)
			require.Equal(t, int32(1), s.requests.Load())
		})
		t.Run(p.name+" is never retried on network errors", func(t *testing.T) {
			s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { dropConnection(w) })
			err := p.call(s.client(t))
			require.Error(t, err)
			var e *client.Error
			require.False(t, errors.As(err, &e), "a network error is not an API error: %v", err)
			require.Equal(t, int32(1), s.requests.Load())
		})
	}
	for _, p := range posts {
		t.Run(p.name+" is retried after a 429's Retry-After", func(t *testing.T) {
			var first time.Time
			s := newStandIn(t, func(n int32, w http.ResponseWriter, _ *http.Request) {
				if n == 1 {
					first = time.Now()
					w.Header().Set("Retry-After", "1")
					reply(w, 429, `{"code":"RATE_LIMITED","description":"slow down"}`)
					return
				}
				require.GreaterOrEqual(t, time.Since(first), 900*time.Millisecond, "waited the Retry-After")
				reply(w, 400, `{"code":"INVALID_SCHEMA","description":"refused after the wait"}`)
			})
			cfg := client.DefaultConfig()
			cfg.BaseURL = s.srv.URL + "/api"
			cfg.MinBackoff, cfg.MaxBackoff = time.Millisecond, 5*time.Second
			c, err := client.New(cfg)
			require.NoError(t, err)
			c.SetToken("stand-in-token")
			requireAPIError(t, p.call(c), 400, api.CodeInvalidSchema)
			require.Equal(t, int32(2), s.requests.Load())
		})
	}
	t.Run("backoff honors the context", func(t *testing.T) {
		s := newStandIn(t, func(_ int32, w http.ResponseWriter, _ *http.Request) { reply(w, 503, unavailable) })
		cfg := client.DefaultConfig()
		cfg.BaseURL = s.srv.URL + "/api"
		cfg.MinBackoff, cfg.MaxBackoff = time.Minute, time.Minute
		c, err := client.New(cfg)
		require.NoError(t, err)
		ctx, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err = c.SIWENonce(ctx)
		require.ErrorIs(t, err, context.DeadlineExceeded)
		require.True(t, client.IsCode(err, api.CodeServiceUnavailable), "the last answer is kept: %v", err)
		require.Less(t, time.Since(start), 5*time.Second)
	})
}

func TestConfig(t *testing.T) {
	t.Run("defaults pass", func(t *testing.T) {
		require.NoError(t, client.DefaultConfig().Check())
	})
	t.Run("environment", func(t *testing.T) {
		t.Setenv(client.EnvAPIURL, "https://gw.example/api")
		t.Setenv(client.EnvAPITimeout, "5s")
		t.Setenv(client.EnvAPIMaxRetries, "1")
		cfg := client.DefaultConfig()
		require.NoError(t, cfg.ReadEnvironment())
		require.Equal(t, "https://gw.example/api", cfg.BaseURL)
		require.Equal(t, 5*time.Second, cfg.Timeout)
		require.Equal(t, 1, cfg.MaxRetries)
	})
	t.Run("bad environment", func(t *testing.T) {
		t.Setenv(client.EnvAPITimeout, "soon")
		cfg := client.DefaultConfig()
		require.ErrorIs(t, cfg.ReadEnvironment(), client.ErrInvalidConfig)
	})
	cases := []struct {
		name   string
		modify func(*client.Config)
	}{
		{"not a URL", func(c *client.Config) { c.BaseURL = "gw.example" }},
		{"negative retries", func(c *client.Config) { c.MaxRetries = -1 }},
		{"key without secret", func(c *client.Config) { c.APIKeyID = "k" }},
		{"zero timeout", func(c *client.Config) { c.Timeout = 0 }},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := client.DefaultConfig()
			tc.modify(&cfg)
			_, err := client.New(cfg)
			require.ErrorIs(t, err, client.ErrInvalidConfig)
			require.Contains(t, err.Error(), "invalid config")
		})
	}
}
