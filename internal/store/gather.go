package store

import "time"

// Gathering. On PostgreSQL a group pays a fixed cost whatever its size: its read-ahead,
// its writes' statement and its commit, about three round trips and a WAL flush, each
// waking a backend and a gateway thread. A lane takes the units queued when its turn
// comes, and under load that is often only a few: the clients whose answers just went
// out are still on their way back. So a lane of a committer that gathers (gather > 0),
// when recent groups held half of gatherUnits or more on average (callers queue behind
// busy lanes), waits up to gather for its group to reach gatherUnits before it begins.
// The wait is bounded and short against a group's own time (12-25 ms under the
// benchmark's load), and it buys larger groups: fewer round trips, commits and wakeups
// per swap, so more swaps on the same CPUs (docs/scaling.md, "A group under load gathers
// its units"). With fewer callers, whose groups are small, the wait would mostly run out
// and only add to their latency: their units never wait, nor does a lone caller's.
const (
	// pgGather is how long a PostgreSQL RowLocked lane gathers at most.
	pgGather = 2 * time.Millisecond
	// pgGatherUnits is the group size a PostgreSQL RowLocked lane gathers up to: past
	// it, a group's fixed cost is a tenth of its swaps' own or less.
	pgGatherUnits = 10
	// unitsScale is the fixed-point scale of groupCommitter.unitsAvg.
	unitsScale = 16
)

// gathering reports whether a lane whose group holds n units waits for more
// (gatherMore): the committer gathers, the group is short of gatherUnits, and recent
// groups held half of gatherUnits or more on average.
func (g *groupCommitter) gathering(n int) bool {
	return g.gather > 0 && n < g.gatherUnits && 2*g.unitsAvg.Load() >= int64(g.gatherUnits)*unitsScale
}

// gatherMore adds the units that come within g.gather to the group, until it holds
// gatherUnits or the committer stops.
func (g *groupCommitter) gatherMore(pause *time.Timer, group *[]*unit) {
	start := time.Now()
	pause.Reset(g.gather)
	defer func() {
		pause.Stop()
		g.gathered.Add(1)
		g.gatheredFor.Add(int64(time.Since(start)))
	}()
	for len(*group) < g.gatherUnits {
		select {
		case u := <-g.reqs:
			*group = append(*group, u)
		case <-pause.C:
			return
		case <-g.stop:
			return
		}
	}
}

// drain adds the units queued now to the group, up to maxUnits.
func (g *groupCommitter) drain(group *[]*unit) {
	for len(*group) < g.maxUnits {
		select {
		case u := <-g.reqs:
			*group = append(*group, u)
		default:
			return
		}
	}
}
