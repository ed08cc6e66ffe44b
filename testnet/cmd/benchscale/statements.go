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
	r := &statementsReport{url: url, logFile: logFile}
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
		fmt.Printf("# %s statements: %.3f calls, %.2f rows, %.3f ms per answer: %s\n", label,
			float64(calls)/float64(n), float64(nrows)/float64(n), ms/float64(n), q)
	}
	r.printErrors(label, n)
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
