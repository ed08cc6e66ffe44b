package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// rpcLatencyBuckets are the upper bounds, in seconds, of the RPC call latency histogram.
var rpcLatencyBuckets = []float64{0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// RPC is the Prometheus implementation of the chains' RPC pools' metrics, labelled by
// source and endpoint (chain.EndpointLabel: index and host, never the URL's path, which
// may hold a provider's key). Safe for concurrent use.
type RPC struct {
	up, lag      *prometheus.GaugeVec
	calls, fails *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	disagree     *prometheus.CounterVec
}

// NewRPC registers the RPC pool metrics in reg.
func NewRPC(reg prometheus.Registerer) *RPC {
	labels := []string{LabelSource, "endpoint"}
	m := &RPC{
		up: prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: "rpc", Name: "up",
			Help: "1 while the RPC endpoint is in use (answers, keeps up with the others' head), else 0."}, labels),
		lag: prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: "rpc", Name: "head_lag_blocks",
			Help: "Blocks the endpoint's head trails the best endpoint's, at the last health check."}, labels),
		calls: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "rpc", Name: "calls_total",
			Help: "Calls to the endpoint, by method."}, append(labels, "method")),
		fails: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "rpc", Name: "errors_total",
			Help: "Calls the endpoint failed to answer (transport errors, timeouts), by method."}, append(labels, "method")),
		latency: prometheus.NewHistogramVec(prometheus.HistogramOpts{Namespace: Namespace, Subsystem: "rpc", Name: "call_duration_seconds",
			Help: "Latency of calls to the endpoint.", Buckets: rpcLatencyBuckets}, labels),
		disagree: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "rpc", Name: "disagreements_total",
			Help: "Reads whose endpoints did not reach the verify quorum, by method: the decision waits."}, []string{LabelSource, "method"}),
	}
	reg.MustRegister(m.up, m.lag, m.calls, m.fails, m.latency, m.disagree)
	return m
}

// Chain returns the metrics of one chain's pool (a chain.PoolMetricer), with every
// endpoint's series present from the start.
func (m *RPC) Chain(source string, endpoints []string) *RPCChain {
	for _, e := range endpoints {
		m.up.WithLabelValues(source, e).Set(1)
		m.lag.WithLabelValues(source, e)
		m.fails.WithLabelValues(source, e, "eth_blockNumber")
	}
	m.disagree.WithLabelValues(source, "eth_getTransactionReceipt")
	return &RPCChain{m: m, source: source}
}

// RPCChain is the RPC metrics of one chain. It implements chain.PoolMetricer.
type RPCChain struct {
	m      *RPC
	source string
}

// RecordRPCHealth implements chain.PoolMetricer.
func (c *RPCChain) RecordRPCHealth(endpoint string, up bool, lagBlocks uint64) {
	v := 0.0
	if up {
		v = 1
	}
	c.m.up.WithLabelValues(c.source, endpoint).Set(v)
	c.m.lag.WithLabelValues(c.source, endpoint).Set(float64(lagBlocks))
}

// RecordRPCCall implements chain.PoolMetricer.
func (c *RPCChain) RecordRPCCall(endpoint, method string, d time.Duration, failed bool) {
	c.m.calls.WithLabelValues(c.source, endpoint, method).Inc()
	if failed {
		c.m.fails.WithLabelValues(c.source, endpoint, method).Inc()
	}
	c.m.latency.WithLabelValues(c.source, endpoint).Observe(d.Seconds())
}

// RecordRPCDisagreement implements chain.PoolMetricer.
func (c *RPCChain) RecordRPCDisagreement(method string) {
	c.m.disagree.WithLabelValues(c.source, method).Inc()
}
