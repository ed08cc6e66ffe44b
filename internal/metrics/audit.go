package metrics

import "github.com/prometheus/client_golang/prometheus"

// LedgerAudit is the Prometheus implementation of the settler's periodic ledger audit:
// whether the last audit passed, and the audits run by result. Safe for concurrent use.
type LedgerAudit struct {
	ok   prometheus.Gauge
	runs *prometheus.CounterVec
}

// NewLedgerAudit registers the ledger audit metrics in reg.
func NewLedgerAudit(reg prometheus.Registerer) *LedgerAudit {
	m := &LedgerAudit{
		ok: prometheus.NewGauge(prometheus.GaugeOpts{Namespace: Namespace, Subsystem: "ledger", Name: "audit_ok",
			Help: "1 when the last audit of the OFFCHAIN ledger found every asset's postings summing to zero and every balance equal to its postings, 0 when it did not (or could not run)."}),
		runs: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "ledger", Name: "audits_total",
			Help: "Audits of the OFFCHAIN ledger, by result (ok, unbalanced, error)."}, []string{"result"}),
	}
	reg.MustRegister(m.ok, m.runs)
	for _, r := range []string{"ok", "unbalanced", "error"} {
		m.runs.WithLabelValues(r)
	}
	return m
}

// RecordAudit records one audit's result: "ok", "unbalanced" or "error".
func (m *LedgerAudit) RecordAudit(result string) {
	m.runs.WithLabelValues(result).Inc()
	if result == "ok" {
		m.ok.Set(1)
		return
	}
	m.ok.Set(0)
}
