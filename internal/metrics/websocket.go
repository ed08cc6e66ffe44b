package metrics

import (
	"strconv"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/dtwgate/dtwgate/api"
)

// websocketLagBuckets are the upper bounds, in seconds, of the time from an event's commit
// to its dispatch to the sockets' buffers.
var websocketLagBuckets = []float64{0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5}

// closeCodes are the close codes the gateway sends, whose counters exist from the start.
var closeCodes = []int{1000, api.CloseNoSubscription, api.CloseRevoked, api.CloseSlowConsumer}

// Websocket is the Prometheus implementation of push.Metricer: open sockets, sockets
// closed by close code, messages pushed by channel, and the lag of events. Safe for
// concurrent use.
type Websocket struct {
	open   prometheus.Gauge
	closed *prometheus.CounterVec
	pushed *prometheus.CounterVec
	lag    prometheus.Histogram
}

// NewWebsocket registers the websocket metrics in reg.
func NewWebsocket(reg prometheus.Registerer) *Websocket {
	m := &Websocket{
		open: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: "websocket", Name: "open_sockets",
			Help: "Websockets open."}),
		closed: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "websocket", Name: "closed_total",
			Help: "Websockets closed, by the close code the gateway sent (1000 when the client ended it; 4400 no SUBSCRIBE in time, 4401 revoked, 4429 slow consumer)."},
			[]string{"code"}),
		pushed: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "websocket", Name: "pushed_messages_total",
			Help: "Messages pushed to sockets, by channel."}, []string{"channel"}),
		lag: prometheus.NewHistogram(prometheus.HistogramOpts{Namespace: Namespace, Subsystem: "websocket", Name: "event_lag_seconds",
			Help: "Time from an event's commit to its dispatch to the sockets subscribed to it.", Buckets: websocketLagBuckets}),
	}
	reg.MustRegister(m.open, m.closed, m.pushed, m.lag)
	for _, code := range closeCodes { // at 0 from the start, so rates and alerts see them
		m.closed.WithLabelValues(strconv.Itoa(code))
	}
	return m
}

// SocketOpened implements push.Metricer.
func (m *Websocket) SocketOpened() { m.open.Inc() }

// SocketClosed implements push.Metricer.
func (m *Websocket) SocketClosed(code int) {
	m.open.Dec()
	m.closed.WithLabelValues(strconv.Itoa(code)).Inc()
}

// Pushed implements push.Metricer.
func (m *Websocket) Pushed(channel api.ChannelType, sockets int) {
	m.pushed.WithLabelValues(string(channel)).Add(float64(sockets))
}

// Dispatched implements push.Metricer.
func (m *Websocket) Dispatched(sinceCommit time.Duration) { m.lag.Observe(sinceCommit.Seconds()) }
