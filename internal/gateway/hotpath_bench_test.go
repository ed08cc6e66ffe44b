package gateway_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/store"
)

// BenchmarkHotPath measures the handler's own CPU per request (no network) on the read
// paths the API serves most, with an API-key JWT; make bench-api measures them over HTTP.
//
//	go test -run '^$' -bench HotPath -cpuprofile /tmp/cpu.out ./internal/gateway/
func BenchmarkHotPath(b *testing.B) {
	p := newParts(b, func(c *config.Config) { // measure the work, not the refusal
		c.RateLimits.AuthPerClient = ratelimit.Limit{PerSecond: -1}
		c.RateLimits.AuthPerKey = ratelimit.Limit{PerSecond: -1}
	}, nil)
	ctx := context.Background()
	now := time.Now()
	require.NoError(b, p.store.CreateAccountWithKey(ctx, store.Account{ID: "acc1", CreatedAt: now},
		store.APIKey{ID: "k1", AccountID: "acc1", Permissions: []string{string(api.PermRead)}, SecretHash: "x", Generation: 1, CreatedAt: now}))
	tok, err := p.tokens.Issue(auth.Claims{APIKeyID: "k1", Generation: 1}, "acc1", now)
	require.NoError(b, err)
	h := p.svc.Handler()
	for _, c := range []struct{ name, path, token string }{
		{"jwt_check", api.PathJWTCheck, tok},
		{"price", "/v2/price/eth/usdt", tok},
		{"siwe_nonce", api.PathSIWENonce, ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			req := httptest.NewRequest(http.MethodGet, p.cfg.BasePath+c.path, nil)
			if c.token != "" {
				req.Header.Set("Authorization", "Bearer "+c.token)
			}
			b.ReportAllocs()
			b.RunParallel(func(pb *testing.PB) {
				for pb.Next() {
					w := httptest.NewRecorder()
					h.ServeHTTP(w, req)
					if w.Code >= 300 {
						b.Fatalf("%s: status %d: %s", c.name, w.Code, w.Body)
					}
				}
			})
		})
	}
}
