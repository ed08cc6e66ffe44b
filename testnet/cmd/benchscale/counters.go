package main

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

var idleDuration = 3 * time.Second

// printIdle measures what the replicas cost PostgreSQL while no client asks anything
// (lease renewals, pollers, the listeners' wake-ups), over idleDuration: transactions
// and round trips per second and, with -pg-statements, statements per second. It adds
// idle_pg_transactions_per_second, idle_round_trips_per_second and
// idle_pg_statements_per_second to f.
func printIdle(ctx context.Context, s setup, gws []*benchkit.Gateway, storeURL string, f *figures) {
	idle := startStatements(ctx, storeURL, "")
	calls0 := statementCalls(ctx, storeURL)
	pg0, st0 := readPGStats(ctx, storeURL), benchkit.ReadStoreCounters(ctx, gws)
	start := time.Now()
	time.Sleep(idleDuration)
	pg1, st1 := readPGStats(ctx, storeURL), benchkit.ReadStoreCounters(ctx, gws)
	calls1 := statementCalls(ctx, storeURL)
	secs := time.Since(start).Seconds()
	pg, st := pg1.minus(pg0), st1.Minus(st0)
	line := fmt.Sprintf("# %s idle (no client) over %.1f s:", s.labels(), secs)
	if pg.ok {
		tps := float64(pg.commits+pg.rollbacks) / secs
		line += fmt.Sprintf(" %.1f PostgreSQL transactions/s", tps)
		f.add("idle_pg_transactions_per_second{%s} %.1f", s.labels(), tps)
	}
	if st.OK {
		rt := float64(st.RoundTrips) / secs
		line += fmt.Sprintf(", %.1f round trips/s from the gateways' pools", rt)
		f.add("idle_round_trips_per_second{%s} %.1f", s.labels(), rt)
	}
	if calls0 >= 0 && calls1 >= 0 {
		sps := float64(calls1-calls0-1) / secs // the read of calls1 itself is not the gateways'
		line += fmt.Sprintf(", %.1f statements/s (pg_stat_statements, nested ones included)", sps)
		f.add("idle_pg_statements_per_second{%s} %.1f", s.labels(), sps)
	}
	fmt.Println(line)
	idle.printPerSecond(ctx, s.labels()+" idle", secs)
}

// statementCalls is the sum of pg_stat_statements' calls in the database at url, -1
// without the extension (-pg-statements 0).
func statementCalls(ctx context.Context, url string) int64 {
	if *pgStatements <= 0 {
		return -1
	}
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		return -1
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`); err != nil {
		return -1
	}
	var n int64
	if err := c.QueryRow(ctx, `SELECT COALESCE(sum(s.calls), 0)::bigint FROM pg_stat_statements s
		JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database()`).Scan(&n); err != nil {
		return -1
	}
	return n
}
