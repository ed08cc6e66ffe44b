package store_test

import (
	"context"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestPostgresOverUnixSocket: a store opens on a DSN that reaches the server over its
// unix-domain socket (a gateway on the database's host, docs/operating.md), commits and
// reads there, and every connection it holds is on the socket, none on TCP.
func TestPostgresOverUnixSocket(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	sock, err := pgtest.Shared().OverSocket(dsn)
	require.NoError(t, err)
	require.NotEqual(t, dsn, sock)

	s := openPostgres(t, sock)
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "over-socket", CreatedAt: time.Now()}))
	got, err := s.GetAccount(ctx, "over-socket")
	require.NoError(t, err)
	require.Equal(t, "over-socket", got.ID)

	// Seen from a session of our own over TCP: the store's sessions have no client
	// address (a unix-domain socket's), and no other session of the database has one.
	c, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer c.Close(ctx)
	var onSocket, onTCP int
	require.NoError(t, c.QueryRow(ctx, `SELECT count(*) FILTER (WHERE client_addr IS NULL), count(*) FILTER (WHERE client_addr IS NOT NULL)
		FROM pg_stat_activity WHERE datname = current_database() AND backend_type = 'client backend' AND pid <> pg_backend_pid()`).
		Scan(&onSocket, &onTCP))
	require.Positive(t, onSocket, "the store's sessions are on the socket")
	require.Zero(t, onTCP, "no session of the store is on TCP")

	// The form docs/operating.md gives, no host before the path.
	u, err := url.Parse(sock)
	require.NoError(t, err)
	q := u.Query()
	q.Set("port", u.Port())
	u.Host, u.RawQuery = "", q.Encode()
	require.True(t, strings.HasPrefix(u.String(), "postgres://postgres@/"), u.String())
	again := openPostgres(t, u.String())
	_, err = again.GetAccount(ctx, "over-socket")
	require.NoError(t, err)
}
