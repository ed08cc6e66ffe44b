package metrics

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

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
	registerPair(reg, st.GroupCommits,
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "commits_total",
			Help: "Write transactions the store's group commit ran (each one commit, one fsync with storeSync full)."},
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "commit_units_total",
			Help: "Units of work the store's write transactions held (each InTx one): per commit, the mean size of a commit group."})
}

// registerPair registers in reg two counters, first and second, that read the two
// values pair returns.
func registerPair[N int64 | float64](reg prometheus.Registerer, pair func() (N, N), first, second prometheus.CounterOpts) {
	reg.MustRegister(
		prometheus.NewCounterFunc(first, func() float64 { n, _ := pair(); return float64(n) }),
		prometheus.NewCounterFunc(second, func() float64 { _, n := pair(); return float64(n) }),
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

// ReadAheadCounter is a store whose group commits read ahead for their first swaps
// (store.Postgres): for how many swaps, and how many of them took what was read.
type ReadAheadCounter interface {
	ReadAheads() (read, taken int64)
}

// NewStoreReadAheads registers dtwgate_store_read_ahead_swaps_total and
// dtwgate_store_read_ahead_taken_total in reg: the swaps whose first statement their
// group read ahead, and those that took it (the others sent their own).
func NewStoreReadAheads(reg prometheus.Registerer, st ReadAheadCounter) {
	registerPair(reg, st.ReadAheads,
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "read_ahead_swaps_total",
			Help: "Swaps whose reads and locks their group commit read ahead, with its other first swaps', in one statement."},
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "read_ahead_taken_total",
			Help: "Swaps read ahead that took what was read (the others sent their own statement after another statement of their group)."})
}

// GatherCounter is a store whose group commit lanes, under load, wait a little for a
// group's units (store.Postgres): how many groups did, and how long they waited in all.
type GatherCounter interface {
	Gathers() (groups int64, waited time.Duration)
}

// NewStoreGathers registers dtwgate_store_gathered_groups_total and
// dtwgate_store_gather_seconds_total in reg: the group commits whose lane waited for more
// units before it began, and the time they waited; their rates' ratio is the mean wait.
func NewStoreGathers(reg prometheus.Registerer, st GatherCounter) {
	registerPair(reg, func() (float64, float64) { n, d := st.Gathers(); return float64(n), d.Seconds() },
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "gathered_groups_total",
			Help: "Group commits of swaps whose lane, under load, waited for more units before it began (at most 2 ms, until ten)."},
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "gather_seconds_total",
			Help: "Time the lanes waited for more units of their groups, in all."})
}

// NotificationCounter is a store that tells other processes of its commits
// (store.Postgres' bell): how many notifications it sent, and how many of them found
// another process reading events.
type NotificationCounter interface {
	Notifications() (sent, toReaders int64)
}

// NewStoreNotifications registers dtwgate_store_notifications_total and
// dtwgate_store_notifications_to_readers_total in reg: the notifications of commits
// that wrote events this process sent to the other replicas, and those sent while
// another replica had readers of events (at the full rate; the others at the quiet one).
func NewStoreNotifications(reg prometheus.Registerer, st NotificationCounter) {
	registerPair(reg, st.Notifications,
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "notifications_total",
			Help: "Notifications of this process's commits that wrote events, sent to the other replicas (LISTEN/NOTIFY)."},
		prometheus.CounterOpts{Namespace: Namespace, Subsystem: "store", Name: "notifications_to_readers_total",
			Help: "Notifications sent while another replica had readers of events (websocket sockets, webhook subscriptions): at most every 20 ms; the others at most every 250 ms."})
}
