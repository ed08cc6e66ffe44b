package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// webhookLatencyBuckets are the upper bounds, in seconds, of the time from an event's
// commit to its delivery.
var webhookLatencyBuckets = []float64{0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300, 3600}

// Webhooks is the Prometheus implementation of webhooks.Metricer: attempts by outcome and
// the latency of deliveries. Safe for concurrent use.
type Webhooks struct {
	attempts *prometheus.CounterVec
	latency  prometheus.Histogram
}

// NewWebhooks registers the webhook metrics in reg.
func NewWebhooks(reg prometheus.Registerer) *Webhooks {
	m := &Webhooks{
		attempts: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "webhooks", Name: "attempts_total",
			Help: "Webhook delivery attempts by outcome: DELIVERED, PENDING (to retry) or FAILED (out of retries)."}, []string{"outcome"}),
		latency: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: Namespace, Subsystem: "webhooks", Name: "delivery_seconds",
			Help: "Time from an event's commit to its delivery's 2xx answer, retries included.", Buckets: webhookLatencyBuckets}),
	}
	reg.MustRegister(m.attempts, m.latency)
	for _, outcome := range []string{"DELIVERED", "PENDING", "FAILED"} { // at 0 from the start
		m.attempts.WithLabelValues(outcome)
	}
	return m
}

// RecordAttempt implements webhooks.Metricer.
func (m *Webhooks) RecordAttempt(status string, sinceEvent time.Duration) {
	m.attempts.WithLabelValues(status).Inc()
	if status == "DELIVERED" {
		m.latency.Observe(sinceEvent.Seconds())
	}
}
