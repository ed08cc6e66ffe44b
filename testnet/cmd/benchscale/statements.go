package main

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// statementsReport, with -pg-statements N, says where a phase's commits and rollbacks
// come from: the N statements PostgreSQL ran most (pg_stat_statements, per answer) and
// the errors its log gained (serialization failures, lock timeouts and the like).
type statementsReport struct {
	url     string
	logFile string
	logAt   int64
	// tables are the tables' row counters when the phase began (tableStats).
	tables map[string]tableStats
}

// tableStats are a table's row counters (pg_stat_user_tables): rows inserted, updated,
// and updated in place (HOT: no index entry written, the new version on the same page).
type tableStats struct{ ins, upd, hot int64 }

// readTableStats reads every table's row counters in the database c is connected to.
func readTableStats(ctx context.Context, c *pgx.Conn) map[string]tableStats {
	rows, err := c.Query(ctx, `SELECT relname, n_tup_ins, n_tup_upd, n_tup_hot_upd FROM pg_stat_user_tables`)
	if err != nil {
		return nil
	}
	defer rows.Close()
	out := map[string]tableStats{}
	for rows.Next() {
		var name string
		var t tableStats
		if rows.Scan(&name, &t.ins, &t.upd, &t.hot) != nil {
			return nil
		}
		out[name] = t
	}
	return out
}

// printTables writes, per table the phase wrote, its rows inserted and updated per
// answer and the share of updates made in place (HOT).
func (r *statementsReport) printTables(ctx context.Context, c *pgx.Conn, label string, n float64) {
	if r.tables == nil {
		return
	}
	now := readTableStats(ctx, c)
	names := make([]string, 0, len(now))
	for name := range now {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		d := now[name]
		d.ins, d.upd, d.hot = d.ins-r.tables[name].ins, d.upd-r.tables[name].upd, d.hot-r.tables[name].hot
		if d.ins <= 0 && d.upd <= 0 {
			continue
		}
		hot := ""
		if d.upd > 0 {
			hot = fmt.Sprintf(", %.0f%% of the updates in place (HOT)", 100*float64(d.hot)/float64(d.upd))
		}
		fmt.Printf("# %s table %s: %.2f rows inserted, %.2f updated per answer%s\n", label, name, float64(d.ins)/n, float64(d.upd)/n, hot)
	}
}

// startStatements resets the database's statement counters and notes where the server's
// log ends; nil when -pg-statements is 0 or the counters cannot be reset.
func startStatements(ctx context.Context, url, logFile string) *statementsReport {
	if *pgStatements <= 0 {
		return nil
	}
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		fmt.Printf("# statements: %v\n", err)
		return nil
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, `CREATE EXTENSION IF NOT EXISTS pg_stat_statements`); err != nil {
		fmt.Printf("# statements: %v\n", err)
		return nil
	}
	if _, err := c.Exec(ctx, `SELECT pg_stat_statements_reset()`); err != nil {
		fmt.Printf("# statements: %v\n", err)
		return nil
	}
	r := &statementsReport{url: url, logFile: logFile, tables: readTableStats(ctx, c)}
	if logFile == "" {
		return r
	}
	if fi, err := os.Stat(logFile); err == nil {
		r.logAt = fi.Size()
	}
	return r
}

var spaces = regexp.MustCompile(`\s+`)

// print writes the phase's top statements by calls and its log's errors, per answer.
func (r *statementsReport) print(ctx context.Context, label string, n int) {
	if r == nil || n == 0 {
		return
	}
	r.printPer(ctx, label, float64(n), "answer")
	r.printErrors(label, n)
	if c, err := pgx.Connect(ctx, r.url); err == nil {
		r.printTables(ctx, c, label, float64(n))
		_ = c.Close(context.Background())
	}
}

// printPerSecond writes the top statements of a phase of secs seconds, per second.
func (r *statementsReport) printPerSecond(ctx context.Context, label string, secs float64) {
	if r == nil || secs <= 0 {
		return
	}
	r.printPer(ctx, label, secs, "second")
}

// printPer writes the phase's top statements by calls, per unit (n of them).
func (r *statementsReport) printPer(ctx context.Context, label string, n float64, unit string) {
	c, err := pgx.Connect(ctx, r.url)
	if err != nil {
		fmt.Printf("# statements: %v\n", err)
		return
	}
	defer c.Close(context.Background())
	rows, err := c.Query(ctx, `SELECT s.calls, s.rows, s.total_exec_time, s.query FROM pg_stat_statements s
		JOIN pg_database d ON d.oid = s.dbid WHERE d.datname = current_database() ORDER BY s.calls DESC LIMIT $1`, *pgStatements)
	if err != nil {
		fmt.Printf("# statements: %v\n", err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var calls, nrows int64
		var ms float64
		var q string
		if err := rows.Scan(&calls, &nrows, &ms, &q); err != nil {
			fmt.Printf("# statements: %v\n", err)
			return
		}
		q = spaces.ReplaceAllString(q, " ")
		if len(q) > 140 {
			q = q[:140] + "..."
		}
		fmt.Printf("# %s statements: %.3f calls, %.2f rows, %.3f ms per %s: %s\n", label,
			float64(calls)/n, float64(nrows)/n, ms/n, unit, q)
	}
}

// printErrors counts the ERROR lines the server's log gained since the phase began, by
// message.
func (r *statementsReport) printErrors(label string, n int) {
	f, err := os.Open(r.logFile)
	if err != nil {
		return
	}
	defer f.Close()
	if _, err := f.Seek(r.logAt, 0); err != nil {
		return
	}
	counts := map[string]int{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if _, msg, ok := strings.Cut(sc.Text(), "ERROR:"); ok {
			counts[strings.TrimSpace(msg)]++
		}
	}
	msgs := make([]string, 0, len(counts))
	for m := range counts {
		msgs = append(msgs, m)
	}
	slices.SortFunc(msgs, func(a, b string) int { return cmp.Compare(counts[b], counts[a]) })
	for _, m := range msgs {
		fmt.Printf("# %s server errors: %.3f per answer: %s\n", label, float64(counts[m])/float64(n), m)
	}
}
