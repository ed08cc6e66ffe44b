package faults

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	gatewaytest.Cleanup()
	os.Exit(code)
}

// EnvFaults selects the suite's size: "full" for the full run (make test-faults),
// anything else for the bounded one that `make test` runs.
const EnvFaults = "FAULTS"

// EnvFaultsDir, when set, names a directory the run's replica logs and configs are kept
// in (a subdirectory per run), to read after a failure.
const EnvFaultsDir = "FAULTS_DIR"

// EnvFaultsSeed fixes the random schedule (kills, reorgs, cuts) to replay a run.
const EnvFaultsSeed = "FAULTS_SEED"

// size is how much traffic and how many faults a run has.
type size struct {
	name string
	// orders is how many orders are sent, one every orderEvery.
	orders     int
	orderEvery time.Duration
	// kills SIGKILL a replica; leaderKills of them the leader of a chain.
	kills, leaderKills int
	// reorgs replace 1 to 5 blocks of a chain; rpcCuts cut a chain's RPC for a while;
	// lies make one of a chain's three RPC endpoints lie for a while (receipts' status,
	// block hashes); pgRestarts restart PostgreSQL.
	reorgs, rpcCuts, lies, pgRestarts int
}

var (
	// bounded runs inside `make test` in a few minutes on two cores.
	bounded = size{name: "bounded", orders: 40, orderEvery: 2500 * time.Millisecond, kills: 4, leaderKills: 2, reorgs: 1, rpcCuts: 1, lies: 1, pgRestarts: 1}
	// full is issue 15's run: 200 orders and 20 kills, about ten minutes.
	full = size{name: "full", orders: 200, orderEvery: 2500 * time.Millisecond, kills: 20, leaderKills: 6, reorgs: 8, rpcCuts: 4, lies: 4, pgRestarts: 1}
)

// TestFaults runs three replicas on PostgreSQL and two anvil chains under a flow of
// orders and faults, then checks that nothing was lost or settled twice (see the package
// documentation). FAULTS=full runs the full size.
func TestFaults(t *testing.T) {
	sz := bounded
	if os.Getenv(EnvFaults) == "full" {
		sz = full
	}
	seed := uint64(time.Now().UnixNano())
	if s := os.Getenv(EnvFaultsSeed); s != "" {
		var err error
		seed, err = strconv.ParseUint(s, 10, 64)
		require.NoError(t, err, "%s", EnvFaultsSeed)
	}
	t.Logf("fault-injection suite, %s size, seed %d (%s=%d replays the schedule)", sz.name, seed, EnvFaultsSeed, seed)
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	began := time.Now()

	e := newEnv(t)
	e.setup(t)
	r := e.run(t, sz, rng)
	e.settle(t, r)
	rep := e.check(t, r)

	fmt.Printf("orders_lost %d\n", rep.lost)
	fmt.Printf("double_settlements %d\n", rep.double)
	fmt.Printf("leader_failover_max_s %.1f\n", rep.failoverMax.Seconds())
	t.Logf("%s run: %d orders (%d on-chain, %d OFFCHAIN; %d settled, %d cancelled), %d retries; %d kills (%d of a leader), %d reorgs, %d RPC cuts, %d lying RPCs, %d PostgreSQL restarts; %d webhook deliveries; %d replica exits not ours; took %s",
		sz.name, len(r.orders), rep.onchain, rep.offchain, rep.settled, rep.cancelled, rep.retries, r.kills, r.leaderKills, r.reorgs, r.cuts, r.lies, r.pgRestarts,
		rep.deliveries, e.cluster.crashes(), time.Since(began).Round(time.Second))
	require.Zero(t, rep.lost, "orders lost")
	require.Zero(t, rep.double, "double settlements")
	if sz.name == full.name { // a bounded run is too short a sample, and shares the machine with make test
		require.LessOrEqual(t, rep.failoverMax, maxFailover, "a killed leader is replaced within %s (leases end with their holder's database session)", maxFailover)
	}
}

// maxFailover is the longest a full run may leave a lease without a live holder after
// its holder was killed (issue 25).
const maxFailover = 3 * time.Second
