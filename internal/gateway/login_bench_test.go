package gateway_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
)

// BenchmarkBadLogins256 sends rounds of 256 concurrent POST /v3/auth/token with random key
// ids and secrets (no credentials needed, as an attacker would) and reports the median
// latency and the peak Go heap in use while they run. Rate limits are off so the figure
// is the cost of checking a bad credential, not of refusing it early.
//
//	go test -run '^$' -bench BadLogins256 -benchtime 10x ./internal/gateway/
func BenchmarkBadLogins256(b *testing.B) {
	benchBadLogins(b, func(c *config.Config) {
		c.RateLimits.AuthPerClient = ratelimit.Limit{PerSecond: -1}
		c.RateLimits.AuthPerKey = ratelimit.Limit{PerSecond: -1}
	}, http.StatusUnauthorized)
}

// BenchmarkBadLogins256Limited is BenchmarkBadLogins256 with the default rate limits: past
// the client's burst the logins are refused with 429 before any lookup.
func BenchmarkBadLogins256Limited(b *testing.B) {
	benchBadLogins(b, nil, http.StatusUnauthorized, http.StatusTooManyRequests)
}

func benchBadLogins(b *testing.B, modify func(*config.Config), statuses ...int) {
	const concurrent = 256
	url := benchServer(b, modify)
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: concurrent}}
	var peak atomic.Uint64
	stop := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		var ms runtime.MemStats
		for {
			runtime.ReadMemStats(&ms)
			if ms.HeapInuse > peak.Load() {
				peak.Store(ms.HeapInuse)
			}
			select {
			case <-stop:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	var mu sync.Mutex
	var lat []time.Duration
	b.ResetTimer()
	for range b.N {
		var wg sync.WaitGroup
		for range concurrent {
			wg.Add(1)
			go func() {
				defer wg.Done()
				body, _ := json.Marshal(api.TokenRequest{KeyID: auth.NewAPIKeyID(), Secret: auth.NewSecret()})
				start := time.Now()
				resp, err := client.Post(url+api.PathAuthToken, "application/json", bytes.NewReader(body))
				if err != nil {
					b.Error(err)
					return
				}
				resp.Body.Close()
				d := time.Since(start)
				if !slices.Contains(statuses, resp.StatusCode) {
					b.Errorf("status %d, want one of %v", resp.StatusCode, statuses)
				}
				mu.Lock()
				lat = append(lat, d)
				mu.Unlock()
			}()
		}
		wg.Wait()
	}
	b.StopTimer()
	close(stop)
	<-sampled
	slices.Sort(lat)
	b.ReportMetric(float64(lat[len(lat)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(lat[len(lat)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MiB")
}
