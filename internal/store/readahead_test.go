package store

import (
	"context"
	"errors"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
)

// readAheadCounts are a committer's read-ahead counters at a moment.
type readAheadCounts struct{ statements, units int64 }

func readAheadsOf(g *groupCommitter) readAheadCounts {
	return readAheadCounts{g.readAheads.Load(), g.readAheadUnits.Load()}
}

// TestPostgresReadAheadSwaps: three swaps of three accounts that say ahead what they read
// are read for in one statement at their group's start, take their rows without a
// statement of their own, and read the house shard's balance with the earlier swaps'
// moves kept back: the group is three round trips (read ahead, write, COMMIT).
func TestPostgresReadAheadSwaps(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	var saw [3]decimal.Decimal
	before, trips := readAheadsOf(p.locked), p.RoundTrips()
	read0, taken0 := p.ReadAheads()
	errs := env.inOneGroupSaying(t, []*SwapReads{groupSwapReads("a", "i1"), groupSwapReads("b", "i1"), groupSwapReads("c", "i1")},
		groupSwap("a", "i1", &saw[0]), groupSwap("b", "i1", &saw[1]), groupSwap("c", "i1", &saw[2]))
	require.Equal(t, []error{nil, nil, nil}, errs)
	read, taken := p.ReadAheads()
	require.Equal(t, [2]int64{3, 3}, [2]int64{read - read0, taken - taken0}, "three swaps read ahead, each took its rows")
	require.Equal(t, readAheadCounts{1, 3}, readAheadCounts{p.locked.readAheads.Load() - before.statements, p.locked.readAheadUnits.Load() - before.units})
	// The holding unit's BEGIN and COMMIT, then the read-ahead, the write and the COMMIT.
	require.LessOrEqual(t, p.RoundTrips()-trips, int64(1+3), "round trips")
	requireThreeSwaps(t, p, saw)
}

// TestPostgresReadAheadDroppedByAStatement: a statement of a unit after the read-ahead
// (here a read that first sends the writes kept back) drops what was read ahead for the
// units not yet run: each then reads on its own, after those writes, and the shard's
// balance each read is still the earlier swaps' result.
func TestPostgresReadAheadDroppedByAStatement(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	var saw [3]decimal.Decimal
	sends := p.locked.keptSends.Load()
	read0, taken0 := p.ReadAheads()
	readFirst := func(tx Tx) error {
		_, err := tx.LedgerBalances(RowLocked(context.Background()), "user:a")
		return err
	}
	errs := env.inOneGroupSaying(t, []*SwapReads{groupSwapReads("a", "i1"), groupSwapReads("b", "i1"), groupSwapReads("c", "i1")},
		groupSwap("a", "i1", &saw[0]), groupSwapAround("b", "i1", &saw[1], readFirst, nil), groupSwap("c", "i1", &saw[2]))
	require.Equal(t, []error{nil, nil, nil}, errs)
	require.Equal(t, int64(2), p.locked.keptSends.Load()-sends, "a's writes sent by b's read, b's and c's at the end")
	read, taken := p.ReadAheads()
	require.Equal(t, [2]int64{3, 1}, [2]int64{read - read0, taken - taken0}, "three read ahead, only a's taken")
	requireThreeSwaps(t, p, saw)
}

// TestPostgresReadAheadOnlyFirstOfAnAccount: the read-ahead stops at an account's second
// swap of the group, which reads after the first one's writes; a unit asking other than it
// said reads on its own.
func TestPostgresReadAheadOnlyFirstOfAnAccount(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	var saw [4]decimal.Decimal
	before := readAheadsOf(p.locked)
	errs := env.inOneGroupSaying(t, []*SwapReads{groupSwapReads("a", "i1"), groupSwapReads("b", "other"), groupSwapReads("a", "i2"),
		groupSwapReads("c", "i1")},
		groupSwap("a", "i1", &saw[0]), groupSwap("b", "i1", &saw[1]), groupSwap("a", "i2", &saw[2]), groupSwap("c", "i1", &saw[3]))
	require.Equal(t, []error{nil, nil, nil, nil}, errs)
	require.Equal(t, readAheadCounts{1, 2}, readAheadCounts{p.locked.readAheads.Load() - before.statements, p.locked.readAheadUnits.Load() - before.units},
		"a's first swap and b's read ahead")
	for i, want := range []int64{100000, 97000, 94000, 91000} {
		require.Equal(t, decimal.NewFromInt(want).String(), saw[i].String(), "the shard's balance swap %d read", i)
	}
	requireSwapped(t, p, "a", "i1", "i2")
	requireSwapped(t, p, "b", "i1")
	requireSwapped(t, p, "c", "i1")
	requireShard(t, p, 4)
}

// requireThreeSwaps checks that a, b and c each swapped once (i1), having read the
// house shard's balance with the earlier swaps' moves.
func requireThreeSwaps(t *testing.T, p *Postgres, saw [3]decimal.Decimal) {
	t.Helper()
	for i, want := range []int64{100000, 97000, 94000} {
		require.Equal(t, decimal.NewFromInt(want).String(), saw[i].String(), "the shard's balance swap %d read", i)
	}
	for _, acct := range []string{"a", "b", "c"} {
		requireSwapped(t, p, acct, "i1")
	}
	requireShard(t, p, 3)
}

// TestHouseClaimRotations: a claim started at another of its shards tries the same shards
// in the same cyclic order.
func TestHouseClaimRotations(t *testing.T) {
	c := HouseClaim{Shards: []int{2, 3, 0, 1}, Books: []string{"s2", "s3", "s0", "s1"}, Asset: "USD"}
	r := c.from(0)
	require.Equal(t, []int{0, 1, 2, 3}, r.Shards)
	require.Equal(t, []string{"s0", "s1", "s2", "s3"}, r.Books)
	require.True(t, c.sameShards(r))
	require.True(t, r.sameShards(c))
	require.Equal(t, c, c.from(2), "started where it starts")
	require.Equal(t, c, c.from(9), "a shard it does not have")
	other := c
	other.Asset = "ETH"
	require.False(t, c.sameShards(other))
	require.False(t, c.sameShards(HouseClaim{Shards: []int{2, 0, 3, 1}, Books: []string{"s2", "s0", "s3", "s1"}, Asset: "USD"}), "another order")
	require.False(t, c.sameShards(HouseClaim{Shards: []int{2, 3, 0}, Books: []string{"s2", "s3", "s0"}, Asset: "USD"}), "fewer shards")
}

// TestPostgresReadAheadShardsWhereTried: a shard the read-ahead found busy sends the
// group's swaps to the next, and a later swap that asks from where its lane claimed last
// (another start than the read-ahead's) is still told the shard that was claimed: the
// rows' shard indexes count in the order the read-ahead tried.
func TestPostgresReadAheadShardsWhereTried(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	ctx := context.Background()
	books := []string{"house:inventory/0", "house:inventory/1"}
	claimed := map[string]int{}
	// swap reads as offchain.Trading does: its claim starts where its lane claimed last,
	// and it takes the first shard it is told it claimed.
	swap := func(acct string) func(tx Tx) error {
		return func(tx Tx) error {
			c := HouseClaim{Shards: []int{0, 1}, Books: books, Asset: "USD"}
			if last, ok := tx.LastHouseShard(); ok {
				c = c.from(last)
			}
			if _, err := tx.TraderReadsLocking(RowLocked(ctx), acct, "OFFCHAIN", "user:"+acct, OrderKindSwap, "i1", c); err != nil {
				return err
			}
			for i, sh := range c.Shards {
				ok, _, err := tx.TryLockHouseShardBalance(RowLocked(ctx), sh, c.Books[i], "USD")
				if err != nil {
					return err
				}
				if ok {
					claimed[acct] = sh
					return nil
				}
			}
			return errors.New("no shard")
		}
	}
	reads := func(acct string) *SwapReads {
		return &SwapReads{AccountID: acct, Source: "OFFCHAIN", Book: "user:" + acct, Kind: OrderKindSwap, InstructionID: "i1",
			Claim: HouseClaim{Shards: []int{0, 1}, Books: books, Asset: "USD"}}
	}
	// The lane claims shard 0 first, alone.
	require.Equal(t, []error{nil}, env.inOneGroupSaying(t, []*SwapReads{reads("a")}, swap("a")))
	require.Equal(t, 0, claimed["a"])
	// Another session holds shard 0 now.
	c, err := p.db.Conn(ctx)
	require.NoError(t, err)
	defer c.Close()
	key := lockKey(shardLockPrefix, "0")
	_, err = c.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, key)
	require.NoError(t, err)
	defer func() {
		_, err := c.ExecContext(ctx, `SELECT pg_advisory_unlock($1)`, key)
		require.NoError(t, err)
	}()
	before := readAheadsOf(p.locked)
	require.Equal(t, []error{nil, nil}, env.inOneGroupSaying(t, []*SwapReads{reads("b"), reads("c")}, swap("b"), swap("c")))
	require.Equal(t, readAheadCounts{1, 2}, readAheadCounts{p.locked.readAheads.Load() - before.statements, p.locked.readAheadUnits.Load() - before.units})
	require.Equal(t, map[string]int{"a": 0, "b": 1, "c": 1}, claimed, "b and c claimed shard 1, the one free")
}
