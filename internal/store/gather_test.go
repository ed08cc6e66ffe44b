package store

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// gatheringCommitter is a one-lane committer on a real SQLite writer that gathers for
// wait up to units per group.
func gatheringCommitter(t *testing.T, wait time.Duration, units int) *groupCommitter {
	g := newGroupCommitterLanes(sqliteGroup{db: openInternal(t).root}, maxGroup, 1, 1, func(g *groupCommitter) {
		g.gather, g.gatherUnits = wait, units
	})
	t.Cleanup(g.close)
	return g
}

// sideBySide runs n units queued behind a held one, as callers under load come, and
// returns once all are done.
func sideBySide(t *testing.T, g *groupCommitter, n int) {
	ctx := context.Background()
	release := holdLane(g)
	var wg sync.WaitGroup
	errs := make(chan error, n)
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs <- g.do(ctx, func(queryer) error { return nil })
		}()
	}
	require.Eventually(t, func() bool { return len(g.reqs) == n }, 10*time.Second, time.Millisecond)
	require.NoError(t, release())
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
}

// TestGroupCommitGathersUnderLoad: a lone caller's unit never waits for others, nor do
// units that come a few side by side; once callers queue behind the lanes (recent groups
// of half gatherUnits or more), a lane gathers the units that come within the gather into
// one group, begins as soon as the group holds gatherUnits, and waits no longer than the
// gather when they do not come.
func TestGroupCommitGathersUnderLoad(t *testing.T) {
	ctx := context.Background()
	nop := func(queryer) error { return nil }

	few := gatheringCommitter(t, 5*time.Second, 10)
	for range 20 {
		sideBySide(t, few, 3)
	}
	require.False(t, few.gathering(1), "groups of four, short of half of ten: no gathering")

	g := gatheringCommitter(t, 5*time.Second, 4)

	for range 5 {
		start := time.Now()
		require.NoError(t, g.do(ctx, nop))
		require.Less(t, time.Since(start), 2*time.Second, "a lone caller's unit waited for others")
	}
	require.False(t, g.gathering(1), "groups of one: not under load")

	for i := 0; !g.gathering(1); i++ {
		require.Less(t, i, 20, "groups of four never brought the average to two")
		sideBySide(t, g, 3)
	}

	groups, gathered := g.groups.Load(), g.gathered.Load()
	start := time.Now()
	errs := make(chan error, 4)
	for range 4 {
		go func() { errs <- g.do(ctx, nop) }()
		time.Sleep(20 * time.Millisecond)
	}
	for range 4 {
		require.NoError(t, <-errs)
	}
	took := time.Since(start)
	require.Equal(t, groups+1, g.groups.Load(), "four units 20 ms apart gathered in one group")
	require.Equal(t, gathered+1, g.gathered.Load(), "the group is counted as gathered")
	require.Less(t, took, 2*time.Second, "the group began once it held gatherUnits, not at the gather's end")
	t.Logf("four units 20 ms apart: one group, %s", took)

	// When the others do not come, a unit waits the gather, no longer.
	short := gatheringCommitter(t, 100*time.Millisecond, 4)
	for i := 0; !short.gathering(1); i++ {
		require.Less(t, i, 20)
		sideBySide(t, short, 3)
	}
	gathered, waited := short.gathered.Load(), short.gatheredFor.Load()
	start = time.Now()
	require.NoError(t, short.do(ctx, nop))
	took = time.Since(start)
	require.GreaterOrEqual(t, took, short.gather, "under load a unit gathers before it begins")
	require.Less(t, took, short.gather+2*time.Second)
	require.Equal(t, gathered+1, short.gathered.Load())
	require.GreaterOrEqual(t, time.Duration(short.gatheredFor.Load()-waited), short.gather, "the wait is counted")
}
