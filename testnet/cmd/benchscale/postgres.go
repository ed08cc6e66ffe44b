package main

import (
	"context"
	"fmt"
	neturl "net/url"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/testnet/benchkit"
)

// postgres is the bench's PostgreSQL server.
type postgres struct {
	srv *pgtest.Server
	// pid is the postmaster's, whose children are the server's processes.
	pid int
	// used are the databases fresh created that drop has not dropped.
	used []string
}

// fresh checkpoints the server and creates the next setup's database, returning its
// URL: with the last setup's database dropped when it ended (drop), a setup does not pay
// for the one before (autovacuum working through its tables, its dirty buffers written
// by the next checkpoint), whatever order the setups run in.
func (pg *postgres) fresh(ctx context.Context) (string, error) {
	if err := pg.exec(ctx, "CHECKPOINT"); err != nil {
		return "", fmt.Errorf("checkpoint: %w", err)
	}
	url, err := pg.srv.CreateDatabase(ctx)
	if err != nil {
		return "", err
	}
	u, err := neturl.Parse(url)
	if err != nil {
		return "", err
	}
	pg.used = append(pg.used, strings.TrimPrefix(u.Path, "/"))
	if *pgTransport == "unix" {
		return pg.srv.OverSocket(url)
	}
	return url, nil
}

// drop drops the databases fresh created (their setups' gateways stopped).
func (pg *postgres) drop(ctx context.Context) error {
	for _, db := range pg.used {
		if err := pg.exec(ctx, "DROP DATABASE IF EXISTS "+pgx.Identifier{db}.Sanitize()+" WITH (FORCE)"); err != nil {
			return fmt.Errorf("drop a finished setup's database: %w", err)
		}
	}
	pg.used = pg.used[:0]
	return nil
}

// exec runs a statement on the server's postgres database.
func (pg *postgres) exec(ctx context.Context, sql string) error {
	c, err := pgx.Connect(ctx, pg.srv.DSN("postgres"))
	if err != nil {
		return fmt.Errorf("connect to postgres: %w", err)
	}
	defer c.Close(context.Background())
	_, err = c.Exec(ctx, sql)
	return err
}

// startPostgres starts a throwaway PostgreSQL server (durable unless -pg-durable=false)
// and prints its version and durability settings.
func startPostgres(ctx context.Context) (*postgres, error) {
	var opts []pgtest.Option
	if *pgDurable {
		opts = append(opts, pgtest.Durable())
	}
	if *pgStatements > 0 {
		opts = append(opts, pgtest.Setting("shared_preload_libraries", "pg_stat_statements"), pgtest.Setting("pg_stat_statements.track", "all"))
	}
	srv, err := pgtest.StartServer(ctx, opts...)
	if err != nil {
		return nil, err
	}
	pg := &postgres{srv: srv}
	c, err := pgx.Connect(ctx, srv.DSN("postgres"))
	if err != nil {
		_ = srv.Stop()
		return nil, fmt.Errorf("connect to postgres: %w", err)
	}
	defer c.Close(context.Background())
	var version, fsync, syncCommit, fpw string
	var backend int
	if err := c.QueryRow(ctx, `SELECT current_setting('server_version'), current_setting('fsync'),
		current_setting('synchronous_commit'), current_setting('full_page_writes'), pg_backend_pid()`).
		Scan(&version, &fsync, &syncCommit, &fpw, &backend); err != nil {
		_ = srv.Stop()
		return nil, fmt.Errorf("read postgres settings: %w", err)
	}
	pg.pid = benchkit.ParentPID(backend)
	fmt.Printf("# PostgreSQL %s (Debian's package, a throwaway server on this host): fsync=%s synchronous_commit=%s full_page_writes=%s\n",
		version, fsync, syncCommit, fpw)
	if *pgTransport == "unix" {
		fmt.Println("# the gateways connect to PostgreSQL over its unix-domain socket, as a gateway on the database's host should " +
			"(docs/operating.md); -pg-transport tcp measures TCP on 127.0.0.1, which costs both processes more CPU per round trip")
	} else {
		fmt.Println("# the gateways connect to PostgreSQL over TCP on 127.0.0.1, as gateways on other hosts do over the network " +
			"(-pg-transport unix: its unix-domain socket)")
	}
	if *pgDurable {
		fmt.Println("# PostgreSQL runs durable, like SQLite's synchronous=FULL (a swap is answered after its commit's WAL was fsynced), " +
			"so the stores compare fairly; pgtest runs it with fsync off for tests (-pg-durable=false measures that)")
	} else {
		fmt.Println("# PostgreSQL runs with fsync off (pgtest's test settings): NOT durable, unlike SQLite's synchronous=FULL; " +
			"the comparison favours PostgreSQL")
	}
	return pg, nil
}

func (pg *postgres) stop() { _ = pg.srv.Stop() }

// pgStats are a database's counters: pg_stat_database's commits and rollbacks and the
// server's pg_stat_wal.
type pgStats struct {
	ok                                     bool
	commits, rollbacks, walSyncs, walBytes int64
}

// statsFlush is how long PostgreSQL 15's backends may hold their counters before they
// publish them (an idle backend flushes within a second).
const statsFlush = 1100 * time.Millisecond

// readPGStats reads the counters of the database at url, once the backends have
// published theirs; ok is false when they could not be read.
func readPGStats(ctx context.Context, url string) pgStats {
	time.Sleep(statsFlush)
	c, err := pgx.Connect(ctx, url)
	if err != nil {
		return pgStats{}
	}
	defer c.Close(context.Background())
	var s pgStats
	err = c.QueryRow(ctx, `SELECT d.xact_commit, d.xact_rollback, w.wal_sync, w.wal_bytes::bigint
		FROM pg_stat_database d, pg_stat_wal w WHERE d.datname = current_database()`).
		Scan(&s.commits, &s.rollbacks, &s.walSyncs, &s.walBytes)
	s.ok = err == nil
	return s
}

func (s pgStats) minus(s0 pgStats) pgStats {
	return pgStats{ok: s.ok && s0.ok, commits: s.commits - s0.commits, rollbacks: s.rollbacks - s0.rollbacks,
		walSyncs: s.walSyncs - s0.walSyncs, walBytes: s.walBytes - s0.walBytes}
}
