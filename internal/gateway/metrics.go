package gateway

import (
	"cmp"
	"fmt"
	"io"
	"net/http"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// durationBuckets are the upper bounds, in seconds, of the request duration histogram.
var durationBuckets = []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

type requestKey struct {
	route, method string
	status        int
}

type loginKey struct{ kind, result string }

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	total  uint64
}

// metrics collects the gateway's Prometheus metrics. It is safe for concurrent use.
type metrics struct {
	inFlight atomic.Int64

	mu        sync.Mutex
	requests  map[requestKey]uint64
	durations map[string]*histogram
	logins    map[loginKey]uint64
}

func newMetrics() *metrics {
	return &metrics{requests: map[requestKey]uint64{}, durations: map[string]*histogram{}, logins: map[loginKey]uint64{}}
}

func (m *metrics) observe(route, method string, status int, d time.Duration) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{route, method, status}]++
	h := m.durations[route]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(durationBuckets)+1)}
		m.durations[route] = h
	}
	sec := d.Seconds()
	i, _ := slices.BinarySearch(durationBuckets, sec)
	h.counts[i]++
	h.sum += sec
	h.total++
}

func (m *metrics) login(kind, result string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.logins[loginKey{kind, result}]++
}

// write renders the metrics in the Prometheus text exposition format.
func (m *metrics) write(w io.Writer) {
	m.mu.Lock()
	defer m.mu.Unlock()
	fmt.Fprintf(w, "# HELP dtwgate_http_in_flight_requests Requests being served.\n# TYPE dtwgate_http_in_flight_requests gauge\ndtwgate_http_in_flight_requests %d\n", m.inFlight.Load())

	fmt.Fprint(w, "# HELP dtwgate_http_requests_total Requests served, by route, method and status.\n# TYPE dtwgate_http_requests_total counter\n")
	keys := make([]requestKey, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b requestKey) int {
		return cmp.Or(strings.Compare(a.route, b.route), strings.Compare(a.method, b.method), cmp.Compare(a.status, b.status))
	})
	for _, k := range keys {
		fmt.Fprintf(w, "dtwgate_http_requests_total{route=%q,method=%q,status=\"%d\"} %d\n", k.route, k.method, k.status, m.requests[k])
	}

	fmt.Fprint(w, "# HELP dtwgate_http_request_duration_seconds Request latency, by route.\n# TYPE dtwgate_http_request_duration_seconds histogram\n")
	routes := make([]string, 0, len(m.durations))
	for r := range m.durations {
		routes = append(routes, r)
	}
	slices.Sort(routes)
	for _, r := range routes {
		h := m.durations[r]
		var cum uint64
		for i, le := range durationBuckets {
			cum += h.counts[i]
			fmt.Fprintf(w, "dtwgate_http_request_duration_seconds_bucket{route=%q,le=\"%g\"} %d\n", r, le, cum)
		}
		fmt.Fprintf(w, "dtwgate_http_request_duration_seconds_bucket{route=%q,le=\"+Inf\"} %d\n", r, h.total)
		fmt.Fprintf(w, "dtwgate_http_request_duration_seconds_sum{route=%q} %g\n", r, h.sum)
		fmt.Fprintf(w, "dtwgate_http_request_duration_seconds_count{route=%q} %d\n", r, h.total)
	}

	fmt.Fprint(w, "# HELP dtwgate_logins_total Login attempts, by kind (api_key, siwe, ticket) and result.\n# TYPE dtwgate_logins_total counter\n")
	logins := make([]loginKey, 0, len(m.logins))
	for k := range m.logins {
		logins = append(logins, k)
	}
	slices.SortFunc(logins, func(a, b loginKey) int {
		return cmp.Or(strings.Compare(a.kind, b.kind), strings.Compare(a.result, b.result))
	})
	for _, k := range logins {
		fmt.Fprintf(w, "dtwgate_logins_total{kind=%q,result=%q} %d\n", k.kind, k.result, m.logins[k])
	}
}

// handleMetrics serves the metrics.
func (s *Service) handleMetrics(w http.ResponseWriter, _ *http.Request) {
	w.Header().Set("Content-Type", "text/plain; version=0.0.4; charset=utf-8")
	s.metrics.write(w)
}
