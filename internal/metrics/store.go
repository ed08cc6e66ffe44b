package metrics

import "github.com/prometheus/client_golang/prometheus"

// GroupCommitter is a store with a group commit (store.SQLite): how many write
// transactions it ran and how many units of work (InTx calls) they held.
type GroupCommitter interface {
	GroupCommits() (transactions, units int64)
}

// NewStoreCommits registers the counters of st's group commit in reg:
// dtwgate_store_commits_total (write transactions) and dtwgate_store_commit_units_total
// (the units of work they held, each InTx one); their rates' ratio is the mean size of
// a commit group.
func NewStoreCommits(reg prometheus.Registerer, st GroupCommitter) {
	reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "commits_total",
			Help: "Write transactions the store's group commit ran (each one commit, one fsync with storeSync full)."},
			func() float64 { n, _ := st.GroupCommits(); return float64(n) }),
		prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "commit_units_total",
			Help: "Units of work the store's write transactions held (each InTx one): per commit, the mean size of a commit group."},
			func() float64 { _, n := st.GroupCommits(); return float64(n) }),
	)
}

// RoundTripCounter is a store whose statements are round trips to a server
// (store.Postgres): how many it has made.
type RoundTripCounter interface {
	RoundTrips() int64
}

// NewStoreRoundTrips registers dtwgate_store_round_trips_total, the round trips st has
// made to its database server, in reg: per request, what the server and the gateway each
// pay a fixed cost for.
func NewStoreRoundTrips(reg prometheus.Registerer, st RoundTripCounter) {
	reg.MustRegister(prometheus.NewCounterFunc(prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "round_trips_total",
		Help: "Round trips the store made to its database server (statements sent together in one pipeline count one)."},
		func() float64 { return float64(st.RoundTrips()) }))
}
