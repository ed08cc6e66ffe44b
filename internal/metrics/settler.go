package metrics

import (
	"strings"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/engine"
)

// LabelSource is the label naming a chain's source on every settler metric.
const LabelSource = "source"

// settleLatencyBuckets are the upper bounds, in blocks, of the settle latency histogram.
var settleLatencyBuckets = []float64{1, 2, 3, 5, 10, 20, 50, 100, 200, 500}

// Settler is the Prometheus implementation of the settler's metrics of every chain, each
// labelled by source. Labels are bounded: the source, the journal's transaction kind and
// final state; never a transaction hash or an order id. It is safe for concurrent use.
type Settler struct {
	head, synced, lag   *prometheus.GaugeVec
	reorgs              *prometheus.CounterVec
	openTxs, oldestTx   *prometheus.GaugeVec
	relays, oldestRelay *prometheus.GaugeVec
	sent, replaced      *prometheus.CounterVec
	final               *prometheus.CounterVec
	settled             *prometheus.CounterVec
	cancelled           *prometheus.CounterVec
	settleLatency       *prometheus.HistogramVec
}

// NewSettler registers the settler's metrics in reg.
func NewSettler(reg prometheus.Registerer) *Settler {
	gauge := func(subsystem, name, help string) *prometheus.GaugeVec {
		return prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: subsystem, Name: name, Help: help}, []string{LabelSource})
	}
	counter := func(subsystem, name, help string, labels ...string) *prometheus.CounterVec {
		return prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: subsystem, Name: name, Help: help},
			append([]string{LabelSource}, labels...))
	}
	s := &Settler{
		head:        gauge("follower", "head_block", "Latest chain head the follower has seen, by source."),
		synced:      gauge("follower", "synced_block", "Last block the follower has applied, by source."),
		lag:         gauge("follower", "lag_blocks", "Blocks at the confirmation depth not applied yet (0 when caught up), by source."),
		reorgs:      counter("follower", "reorgs_total", "Reorgs the follower rolled back, by source."),
		openTxs:     gauge("sender", "open_txs", "Journaled transactions the sender still watches (pending or mined, not final), by source."),
		relays:      gauge("relays", "queued", "Gasless relays waiting to be sent (up to a batch), by source, at the settler's last round."),
		oldestRelay: gauge("relays", "oldest_queued_seconds", "How long the oldest gasless relay waiting to be sent has waited, by source (0 when none)."),
		oldestTx:    gauge("sender", "oldest_open_tx_seconds", "Age of the oldest journaled transaction the sender still watches (0 when none), by source: one that stays open for many blocks is stuck."),
		sent:        counter("sender", "txs_sent_total", "New transactions journaled and broadcast, by source and kind.", "kind"),
		replaced:    counter("sender", "txs_replaced_total", "Fee bumps: transactions sent to replace a stuck one, by source and kind.", "kind"),
		final: counter("sender", "txs_final_total",
			"Transactions that reached a final state (confirmed, failed, dropped), by source, kind and state.", "kind", "state"),
		settled:   counter("engine", "orders_settled_total", "Orders whose settlement was verified at the confirmation depth, by source."),
		cancelled: counter("engine", "orders_cancelled_total", "Orders whose cancellation was verified at the confirmation depth, by source."),
		settleLatency: prometheus.NewHistogramVec(prometheus.HistogramOpts{
			Namespace: Namespace, Subsystem: "engine", Name: "settle_latency_blocks",
			Help: "Blocks from an order's placement to its settlement, by source.", Buckets: settleLatencyBuckets,
		}, []string{LabelSource}),
	}
	reg.MustRegister(s.head, s.synced, s.lag, s.reorgs, s.openTxs, s.oldestTx, s.relays, s.oldestRelay, s.sent, s.replaced, s.final, s.settled, s.cancelled, s.settleLatency)
	return s
}

// Chain returns the metrics of one chain, for its engine's config.
func (s *Settler) Chain(source string) *Chain {
	l := prometheus.Labels{LabelSource: source}
	c := &Chain{
		head: s.head.With(l), synced: s.synced.With(l), lag: s.lag.With(l), reorgs: s.reorgs.With(l),
		openTxs: s.openTxs.With(l), oldestTx: s.oldestTx.With(l), relays: s.relays.With(l), oldestRelay: s.oldestRelay.With(l), sent: s.sent.MustCurryWith(l), replaced: s.replaced.MustCurryWith(l), final: s.final.MustCurryWith(l),
		settled: s.settled.With(l), cancelled: s.cancelled.With(l), settleLatency: s.settleLatency.With(l),
	}
	// The return transactions' outcomes exist at 0 from the start, so that rates and
	// alerts over them (deploy/prometheus/alerts.yaml) see a chain before its first failure.
	for _, kind := range returnKinds {
		for _, state := range []chain.TxState{chain.TxConfirmed, chain.TxFailed, chain.TxDropped} {
			c.final.WithLabelValues(kind, strings.ToLower(string(state)))
		}
	}
	return c
}

// returnKinds are the journal kinds of the engine's return transactions (engine.KindSettle
// and engine.KindCancel), whose outcome counters exist from the start.
var returnKinds = []string{"settle", "cancel"}

// Chain is the settler's metrics of one chain. It implements engine.Metricer, and so
// chain.FollowerMetricer and chain.SenderMetricer.
type Chain struct {
	head, synced, lag   prometheus.Gauge
	reorgs              prometheus.Counter
	openTxs, oldestTx   prometheus.Gauge
	relays, oldestRelay prometheus.Gauge
	sent, replaced      *prometheus.CounterVec
	final               *prometheus.CounterVec
	settled             prometheus.Counter
	cancelled           prometheus.Counter
	settleLatency       prometheus.Observer
}

var _ engine.Metricer = (*Chain)(nil)

// RecordFollowerHead implements chain.FollowerMetricer.
func (c *Chain) RecordFollowerHead(head, synced, lag uint64) {
	c.head.Set(float64(head))
	c.synced.Set(float64(synced))
	c.lag.Set(float64(lag))
}

// RecordReorg implements chain.FollowerMetricer.
func (c *Chain) RecordReorg() { c.reorgs.Inc() }

// RecordTxSent implements chain.SenderMetricer.
func (c *Chain) RecordTxSent(kind string) { c.sent.WithLabelValues(kind).Inc() }

// RecordTxReplaced implements chain.SenderMetricer.
func (c *Chain) RecordTxReplaced(kind string) { c.replaced.WithLabelValues(kind).Inc() }

// RecordTxFinal implements chain.SenderMetricer.
func (c *Chain) RecordTxFinal(kind string, state chain.TxState) {
	c.final.WithLabelValues(kind, strings.ToLower(string(state))).Inc()
}

// RecordOpenTxs implements chain.SenderMetricer.
func (c *Chain) RecordOpenTxs(n int, oldest time.Duration) {
	c.openTxs.Set(float64(n))
	c.oldestTx.Set(oldest.Seconds())
}

// RecordOrderSettled implements engine.Metricer.
func (c *Chain) RecordOrderSettled(latencyBlocks uint64) {
	c.settled.Inc()
	c.settleLatency.Observe(float64(latencyBlocks))
}

// RecordOrderCancelled implements engine.Metricer.
func (c *Chain) RecordOrderCancelled() { c.cancelled.Inc() }

// RecordRelaysQueued implements engine.Metricer.
func (c *Chain) RecordRelaysQueued(n int, oldest time.Duration) {
	c.relays.Set(float64(n))
	c.oldestRelay.Set(oldest.Seconds())
}
