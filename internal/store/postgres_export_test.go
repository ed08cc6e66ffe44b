package store

import (
	"context"
	"fmt"
)

// SchemaVersions returns how many migrations the database records as applied.
func (p *Postgres) SchemaVersions(ctx context.Context) (int, error) {
	var n int
	err := p.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM schema_migrations`).Scan(&n)
	return n, err
}

// TerminateListeners cuts every store's listening connection to the database (as a
// network failure or a server restart would).
func (p *Postgres) TerminateListeners(ctx context.Context) error {
	var n int
	err := p.db.QueryRowContext(ctx, `SELECT COUNT(pg_terminate_backend(pid)) FROM pg_stat_activity
		WHERE datname = current_database() AND query LIKE 'LISTEN %' AND pid <> pg_backend_pid()`).Scan(&n)
	if err == nil && n == 0 {
		err = fmt.Errorf("no listening connection")
	}
	return err
}

// BellGap is the least time between two notifications of a store's bell while another
// process reads events; BellQuietGap while none does.
const (
	BellGap      = pgBellGap
	BellQuietGap = pgBellQuietGap
)

// ReadersFor is how long after its readers last waited a process stops holding the
// events readers' lock.
const ReadersFor = pgReadersFor

// EventsReaders returns how many sessions of the database hold the events readers' lock
// (pgEventsReadersLock): the processes that have readers of events.
func (p *Postgres) EventsReaders(ctx context.Context) (int, error) {
	return p.advisoryHolders(ctx, pgEventsReadersLock)
}

// QueuedReruns returns how many of p's groups ran again queued behind other replicas'
// reruns (pgRerunLock), and how many sessions of the database hold that lock now.
func (p *Postgres) QueuedReruns(ctx context.Context) (queued int64, held int, err error) {
	held, err = p.advisoryHolders(ctx, pgRerunLock)
	return p.queued.Load(), held, err
}

// advisoryHolders returns how many sessions of the database hold advisory lock key.
func (p *Postgres) advisoryHolders(ctx context.Context, key int64) (int, error) {
	var held int
	err := p.db.QueryRowContext(ctx, `SELECT COUNT(*) FROM pg_locks WHERE locktype = 'advisory' AND granted
		AND classid = ($1::bigint >> 32)::oid AND objid = ($1::bigint & 4294967295)::oid AND objsubid = 1`, key).Scan(&held)
	return held, err
}
