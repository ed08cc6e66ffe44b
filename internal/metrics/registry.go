// Package metrics is the gateway's Prometheus side: the registry a process exposes on
// /metrics, and the settler's metrics (follower, sender, engine per chain) behind the
// small Metricer interfaces those components define.
package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// Namespace prefixes every metric the gateway defines.
const Namespace = "dtwgate"

// NewRegistry returns a registry owned by one process, with the Go runtime and process
// collectors registered. The global default registry is not used, so two services in one
// process (tests, an embedder) never collide.
func NewRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(
		collectors.NewGoCollector(),
		collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
	)
	return reg
}
