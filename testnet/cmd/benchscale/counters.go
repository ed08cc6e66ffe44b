package main

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"strconv"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

// storeCounters are the gateways' store counters, summed over the replicas, from their
// /metrics: round trips to PostgreSQL, group-commit transactions and the units of work
// they held. ok is false when a gateway did not give them all (SQLite has no round trips).
type storeCounters struct {
	ok                  bool
	roundTrips, commits int64
	units               int64
}

// storeCounterNames are the metrics read, by field.
var storeCounterNames = []string{"dtwgate_store_round_trips_total", "dtwgate_store_commits_total", "dtwgate_store_commit_units_total"}

// readStoreCounters reads the counters of every gateway.
func readStoreCounters(ctx context.Context, gws []*benchkit.Gateway) storeCounters {
	out := storeCounters{ok: true}
	for _, g := range gws {
		vals, err := gatewayCounters(ctx, g)
		if err != nil {
			out.ok = false
			continue
		}
		out.roundTrips += vals[0]
		out.commits += vals[1]
		out.units += vals[2]
	}
	return out
}

// gatewayCounters reads storeCounterNames from one gateway's /metrics, in their order.
func gatewayCounters(ctx context.Context, g *benchkit.Gateway) ([]int64, error) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, "http://"+g.Listen+api.PathMetrics, nil)
	if err != nil {
		return nil, err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("metrics: %s", resp.Status)
	}
	out := make([]int64, len(storeCounterNames))
	for i, name := range storeCounterNames {
		m := regexp.MustCompile(`(?m)^` + name + ` ([0-9.e+]+)$`).FindSubmatch(body)
		if m == nil {
			return nil, fmt.Errorf("metrics: no %s", name)
		}
		f, err := strconv.ParseFloat(string(m[1]), 64)
		if err != nil {
			return nil, fmt.Errorf("metrics: %s: %w", name, err)
		}
		out[i] = int64(f)
	}
	return out, nil
}

func (s storeCounters) minus(s0 storeCounters) storeCounters {
	return storeCounters{ok: s.ok && s0.ok, roundTrips: s.roundTrips - s0.roundTrips, commits: s.commits - s0.commits, units: s.units - s0.units}
}

var idleDuration = 3 * time.Second

// printIdle measures what the replicas cost PostgreSQL while no client asks anything
// (lease renewals, pollers, the listeners' wake-ups), over idleDuration: transactions
// and round trips per second and, with -pg-statements, statements per second. It adds
// idle_pg_transactions_per_second, idle_round_trips_per_second and
// idle_pg_statements_per_second to f.
func printIdle(ctx context.Context, s setup, gws []*benchkit.Gateway, storeURL string, f *figures) {
	idle := startStatements(ctx, storeURL, "")
	calls0 := statementCalls(ctx, storeURL)
	pg0, st0 := readPGStats(ctx, storeURL), readStoreCounters(ctx, gws)
	start := time.Now()
	time.Sleep(idleDuration)
	pg1, st1 := readPGStats(ctx, storeURL), readStoreCounters(ctx, gws)
	calls1 := statementCalls(ctx, storeURL)
	secs := time.Since(start).Seconds()
	pg, st := pg1.minus(pg0), st1.minus(st0)
	line := fmt.Sprintf("# %s idle (no client) over %.1f s:", s.labels(), secs)
	if pg.ok {
		tps := float64(pg.commits+pg.rollbacks) / secs
		line += fmt.Sprintf(" %.1f PostgreSQL transactions/s", tps)
		f.add("idle_pg_transactions_per_second{%s} %.1f", s.labels(), tps)
	}
	if st.ok {
		rt := float64(st.roundTrips) / secs
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
