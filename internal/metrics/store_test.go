package metrics_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/testutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

var _ metrics.GroupCommitter = (*store.SQLite)(nil)

// TestStoreCommits: the store's group commit is counted, commits and the units of work
// they held, so that their ratio is the mean commit group.
func TestStoreCommits(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	defer st.Close()
	reg := prometheus.NewRegistry()
	metrics.NewStoreCommits(reg, st)
	commits0, units0 := st.GroupCommits()

	const writers = 20
	var wg sync.WaitGroup
	for i := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			require.NoError(t, st.InTx(ctx, func(tx store.Tx) error {
				return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "eth", Price: "1", UpdatedAt: time.Unix(int64(i), 0)}})
			}))
		}()
	}
	wg.Wait()

	commits, units := st.GroupCommits()
	require.Equal(t, int64(writers), units-units0)
	require.Positive(t, commits-commits0)
	want := `
# HELP dtwgate_store_commit_units_total Units of work the store's write transactions held (each InTx one): per commit, the mean size of a commit group.
# TYPE dtwgate_store_commit_units_total counter
dtwgate_store_commit_units_total ` + itoa(units) + `
# HELP dtwgate_store_commits_total Write transactions the store's group commit ran (each one commit, one fsync with storeSync full).
# TYPE dtwgate_store_commits_total counter
dtwgate_store_commits_total ` + itoa(commits) + `
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want)))
}
func itoa(n int64) string { return strconv.FormatInt(n, 10) }

var _ metrics.ReadAheadCounter = (*store.Postgres)(nil)

// pairCounts reports a fixed pair of counts as both a ReadAheadCounter and a
// NotificationCounter (store.Postgres' own are tested in the store's
// TestPostgresReadAhead* and TestPostgresBellQuietWithoutReaders).
type pairCounts [2]int64

// ReadAheads returns the pair.
func (c pairCounts) ReadAheads() (int64, int64) { return c[0], c[1] }

// Notifications returns the pair.
func (c pairCounts) Notifications() (int64, int64) { return c[0], c[1] }

// TestStoreReadAheads: the swaps read ahead and those that took their rows are two
// counters.
func TestStoreReadAheads(t *testing.T) {
	reg := prometheus.NewRegistry()
	metrics.NewStoreReadAheads(reg, pairCounts{7, 5})
	want := `
# HELP dtwgate_store_read_ahead_swaps_total Swaps whose reads and locks their group commit read ahead, with its other first swaps', in one statement.
# TYPE dtwgate_store_read_ahead_swaps_total counter
dtwgate_store_read_ahead_swaps_total 7
# HELP dtwgate_store_read_ahead_taken_total Swaps read ahead that took what was read (the others sent their own statement after another statement of their group).
# TYPE dtwgate_store_read_ahead_taken_total counter
dtwgate_store_read_ahead_taken_total 5
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want)))
}

var _ metrics.GatherCounter = (*store.Postgres)(nil)

// gathers is a fixed GatherCounter.
type gathers struct {
	groups int64
	waited time.Duration
}

// Gathers returns the pair.
func (g gathers) Gathers() (int64, time.Duration) { return g.groups, g.waited }

// TestStoreGathers: the groups gathered and the time they waited are two counters, the
// time in seconds.
func TestStoreGathers(t *testing.T) {
	reg := prometheus.NewRegistry()
	metrics.NewStoreGathers(reg, gathers{12, 1500 * time.Millisecond})
	want := `
# HELP dtwgate_store_gathered_groups_total Group commits of swaps whose lane, under load, waited for more units before it began (at most 2 ms, until ten).
# TYPE dtwgate_store_gathered_groups_total counter
dtwgate_store_gathered_groups_total 12
# HELP dtwgate_store_gather_seconds_total Time the lanes waited for more units of their groups, in all.
# TYPE dtwgate_store_gather_seconds_total counter
dtwgate_store_gather_seconds_total 1.5
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want)))
}

var _ metrics.NotificationCounter = (*store.Postgres)(nil)

// TestStoreNotifications: the notifications sent and those that found a reader are two
// counters.
func TestStoreNotifications(t *testing.T) {
	reg := prometheus.NewRegistry()
	metrics.NewStoreNotifications(reg, pairCounts{9, 4})
	want := `
# HELP dtwgate_store_notifications_total Notifications of this process's commits that wrote events, sent to the other replicas (LISTEN/NOTIFY).
# TYPE dtwgate_store_notifications_total counter
dtwgate_store_notifications_total 9
# HELP dtwgate_store_notifications_to_readers_total Notifications sent while another replica had readers of events (websocket sockets, webhook subscriptions): at most every 20 ms; the others at most every 250 ms.
# TYPE dtwgate_store_notifications_to_readers_total counter
dtwgate_store_notifications_to_readers_total 4
`
	require.NoError(t, testutil.GatherAndCompare(reg, strings.NewReader(want)))
}
