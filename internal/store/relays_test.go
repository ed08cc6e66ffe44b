package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/internal/store/storetest"
)

// TestSQLiteRelaysNotifyAcrossProcesses: two SQLite handles on one database file (an API
// process and a settler process): the settler's commits wake the API's relay waiters
// through the watched WAL, without a timer.
func TestSQLiteRelaysNotifyAcrossProcesses(t *testing.T) {
	a, path := openTest(t)
	b, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, b.Close()) })
	took := storetest.RelaysNotifyAcross(t, a, b)
	t.Logf("woken %s after the other handle's commit", took)
}

// TestPostgresRelaysNotifyAcrossReplicas: two PostgreSQL handles on one database: one's
// commits wake the other's relay waiters (LISTEN/NOTIFY on dtwgate_relays).
func TestPostgresRelaysNotifyAcrossReplicas(t *testing.T) {
	dsn := pgtest.Start(t)
	took := storetest.RelaysNotifyAcross(t, openPostgres(t, dsn), openPostgres(t, dsn))
	t.Logf("woken %s after the other replica's commit", took)
}
