package metrics

import (
	"github.com/prometheus/client_golang/prometheus"
)

// Election is the Prometheus implementation of election.Metricer: whether this process
// leads each lease (dtwgate_leader{lease="settler:ETHEREUM"} 1) and how often it took
// the lead. Safe for concurrent use.
type Election struct {
	leader *prometheus.GaugeVec
	terms  *prometheus.CounterVec
}

// NewElection registers the election metrics in reg.
func NewElection(reg prometheus.Registerer) *Election {
	m := &Election{
		leader: prometheus.NewGaugeVec(prometheus.GaugeOpts{Namespace: Namespace, Name: "leader",
			Help: "1 while this process leads the lease (the settler of a chain, the OFFCHAIN matcher), else 0."}, []string{"lease"}),
		terms: prometheus.NewCounterVec(prometheus.CounterOpts{Namespace: Namespace, Name: "leader_terms_total",
			Help: "Times this process took the lead of the lease."}, []string{"lease"}),
	}
	reg.MustRegister(m.leader, m.terms)
	return m
}

// RecordLeader implements election.Metricer.
func (m *Election) RecordLeader(lease string, leading bool) {
	if leading {
		m.leader.WithLabelValues(lease).Set(1)
		m.terms.WithLabelValues(lease).Inc()
		return
	}
	m.leader.WithLabelValues(lease).Set(0)
}
