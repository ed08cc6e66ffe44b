package gateway

import (
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/dtwgate/dtwgate/internal/metrics"
)

// durationBuckets are the upper bounds, in seconds, of the request duration histogram.
var durationBuckets = []float64{0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5}

// httpMetrics are the gateway's HTTP metrics. The names and labels are those of the
// hand-written exposition they replace, so dashboards keep working.
type httpMetrics struct {
	inFlight  prometheus.Gauge
	requests  *prometheus.CounterVec
	durations *prometheus.HistogramVec
	logins    *prometheus.CounterVec
	handler   http.Handler
	// resolved holds the children of requests and durations per (route, method, status),
	// so a request does not hash its labels again: bounded by routes x methods x statuses.
	resolved sync.Map // observerKey -> *observers
}

type observerKey struct {
	route, method string
	status        int
}

type observers struct {
	requests  prometheus.Counter
	durations prometheus.Observer
}

// newMetrics registers the HTTP metrics in reg and serves everything reg holds (the
// settler's metrics too, when the process registered them there). A nil reg gets a new
// registry of its own. reg must not be shared by two services: registering twice fails.
func newMetrics(reg *prometheus.Registry) (*httpMetrics, error) {
	if reg == nil {
		reg = metrics.NewRegistry()
	}
	m := &httpMetrics{
		inFlight: prometheus.NewGauge(prometheus.GaugeOpts{
			Namespace: metrics.Namespace, Subsystem: "http", Name: "in_flight_requests",
			Help: "Requests being served.",
		}),
		requests: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: metrics.Namespace, Subsystem: "http", Name: "requests_total",
			Help: "Requests served, by route, method and status.",
		}, []string{"route", "method", "status"}),
		durations: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: metrics.Namespace, Subsystem: "http", Name: "request_duration_seconds",
			Help: "Request latency, by route.", Buckets: durationBuckets,
		}, []string{"route"}),
		logins: prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: metrics.Namespace, Name: "logins_total",
			Help: "Login attempts, by kind (api_key, siwe, ticket) and result.",
		}, []string{"kind", "result"}),
	}
	for _, c := range []prometheus.Collector{m.inFlight, m.requests, m.durations, m.logins} {
		if err := reg.Register(c); err != nil {
			return nil, fmt.Errorf("register HTTP metrics: %w", err)
		}
	}
	m.handler = promhttp.HandlerFor(reg, promhttp.HandlerOpts{})
	return m, nil
}

// observe records one served request. route is the matched pattern, never the raw path,
// and a method outside the standard ones is "other", so the label set stays bounded.
func (m *httpMetrics) observe(route, method string, status int, d time.Duration) {
	switch method {
	case http.MethodGet, http.MethodHead, http.MethodPost, http.MethodPut, http.MethodPatch,
		http.MethodDelete, http.MethodConnect, http.MethodOptions, http.MethodTrace:
	default:
		method = "other"
	}
	k := observerKey{route, method, status}
	o, ok := m.resolved.Load(k)
	if !ok {
		o, _ = m.resolved.LoadOrStore(k, &observers{
			requests:  m.requests.WithLabelValues(route, method, strconv.Itoa(status)),
			durations: m.durations.WithLabelValues(route),
		})
	}
	obs := o.(*observers)
	obs.requests.Inc()
	obs.durations.Observe(d.Seconds())
}

// login records one login attempt.
func (m *httpMetrics) login(kind, result string) {
	m.logins.WithLabelValues(kind, result).Inc()
}

// handleMetrics serves the metrics in the Prometheus exposition format.
func (s *Service) handleMetrics(w http.ResponseWriter, r *http.Request) {
	s.metrics.handler.ServeHTTP(w, r)
}
