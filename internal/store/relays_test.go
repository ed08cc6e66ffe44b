package store_test

import (
	"context"
	"database/sql"
	"math/big"
	"path/filepath"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	_ "github.com/jackc/pgx/v5/stdlib" // the pgx driver, for a database in an old shape
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite" // the sqlite driver, for a database in an old shape

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
	"github.com/dtwgate/dtwgate/internal/store/storetest"
	"github.com/dtwgate/dtwgate/testnet"
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

// migrateRelays writes relays in the shape before migration 0066 (relay_requests,
// relays, failed_relays) through db, which has the migrations below 0066; blob is the
// dialect's literal of the calldata 0x0102.
func migrateRelays(t *testing.T, db *sql.DB, postgres bool) {
	ctx := context.Background()
	require.NoError(t, store.MigrateBelow(ctx, db, postgres, 66))
	blob := "x'0102'"
	if postgres {
		blob = `'\x0102'::bytea`
	}
	a, b, op := common.HexToAddress("0xaa").Hex(), common.HexToAddress("0xbb").Hex(), common.HexToAddress("0x0e").Hex()
	h := func(n int) string { return common.BigToHash(big.NewInt(int64(n))).Hex() }
	stmts := []string{
		`INSERT INTO tx_journal (source, sender, nonce, tx_hash, raw, kind, state, created_at, updated_at) VALUES
			('ETHEREUM', '` + op + `', 1, '` + h(1) + `', ` + blob + `, 'relay-order', 'CONFIRMED', 1, 1),
			('ETHEREUM', '` + op + `', 2, '` + h(2) + `', ` + blob + `, 'relay-order', 'PENDING', 1, 1),
			('ETHEREUM', '` + op + `', 3, '` + h(3) + `', ` + blob + `, 'relay-order', 'FAILED', 1, 1)`,
		// n1: sent and confirmed, an older attempt dropped; n2: sent without a request.
		`INSERT INTO relays (source, kind, trader, nonce, tx_hash, account_id, created_at, digest) VALUES
			('ETHEREUM', 'relay-order', '` + a + `', '1', '` + h(1) + `', 'acct', 10, '` + h(101) + `'),
			('ETHEREUM', 'relay-withdrawal', '` + a + `', '2', '` + h(2) + `', 'acct', 11, '` + h(102) + `')`,
		// n1's request; n4 waiting; n5 refused; n6 reverted.
		`INSERT INTO relay_requests (source, kind, trader, nonce, digest, account_id, data, state, reason, failed_tx, created_at,
			updated_at) VALUES
			('ETHEREUM', 'relay-order', '` + a + `', '1', '` + h(101) + `', 'acct', ` + blob + `, 'PENDING', '', '', 9, 9),
			('ETHEREUM', 'relay-order', '` + a + `', '4', '` + h(104) + `', 'acct', ` + blob + `, 'PENDING', '', '', 12, 12),
			('ETHEREUM', 'relay-order', '` + a + `', '5', '` + h(105) + `', 'acct', ` + blob + `, 'FAILED', 'InsufficientBalance', '', 13, 13),
			('ETHEREUM', 'relay-order', '` + a + `', '6', '` + h(106) + `', 'acct', ` + blob + `, 'FAILED', 'reverted: six', '` + h(3) + `', 14, 14)`,
		// n6's failure; n1's dropped older attempt; b's n9, failed, its request gone.
		`INSERT INTO failed_relays (tx_hash, source, kind, trader, nonce, digest, account_id, reason, failed_at) VALUES
			('` + h(3) + `', 'ETHEREUM', 'relay-order', '` + a + `', '6', '` + h(106) + `', 'acct', 'reverted: six', 15),
			('` + h(7) + `', 'ETHEREUM', 'relay-withdrawal', '` + a + `', '1', '` + h(107) + `', 'acct', 'dropped: one', 8),
			('` + h(9) + `', 'ETHEREUM', 'relay-order', '` + b + `', '9', '` + h(109) + `', 'acct', 'reverted: nine', 16)`,
	}
	for _, s := range stmts {
		_, err := db.ExecContext(ctx, s)
		require.NoError(t, err, s)
	}
}

// checkMigratedRelays checks what migration 0066 made of migrateRelays' rows.
func checkMigratedRelays(t *testing.T, s store.Store) {
	ctx := context.Background()
	a, b := common.HexToAddress("0xaa"), common.HexToAddress("0xbb")
	h := func(n int) common.Hash { return common.BigToHash(big.NewInt(int64(n))) }
	for _, want := range []struct {
		trader       common.Address
		nonce, state string
		tx           common.Hash
		digest       common.Hash
		reason, kind string
		data         []byte
	}{
		{a, "1", store.RelayConfirmed, h(1), h(101), "", "relay-order", []byte{1, 2}},
		{a, "2", store.RelaySent, h(2), h(102), "", "relay-withdrawal", []byte{}},
		{a, "4", store.RelayRequested, common.Hash{}, h(104), "", "relay-order", []byte{1, 2}},
		{a, "5", store.RelayFailed, common.Hash{}, h(105), "InsufficientBalance", "relay-order", []byte{1, 2}},
		{a, "6", store.RelayFailed, h(3), h(106), "reverted: six", "relay-order", []byte{1, 2}},
		{b, "9", store.RelayFailed, h(9), h(109), "reverted: nine", "relay-order", []byte{}},
	} {
		r, err := s.RelayRequestByNonce(ctx, "ETHEREUM", want.trader, want.nonce)
		require.NoError(t, err, want.nonce)
		require.Equal(t, want.state, r.State, want.nonce)
		require.Equal(t, want.tx, r.TxHash, want.nonce)
		require.Equal(t, want.digest, r.Digest, want.nonce)
		require.Equal(t, want.reason, r.Reason, want.nonce)
		require.Equal(t, want.kind, r.Kind, want.nonce)
		require.Equal(t, want.data, append([]byte{}, r.Data...), want.nonce)
	}
	pending, err := s.PendingRelayRequests(ctx, "ETHEREUM", 10)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.Equal(t, "4", pending[0].Nonce)
	for tx, reason := range map[common.Hash]string{h(1): "", h(2): "", h(3): "reverted: six", h(7): "dropped: one", h(9): "reverted: nine"} {
		r, err := s.RelayByTx(ctx, tx)
		require.NoError(t, err, tx.Hex())
		require.Equal(t, reason, r.Reason, tx.Hex())
	}
	r, err := s.RelayByTx(ctx, h(7))
	require.NoError(t, err)
	require.Equal(t, "relay-withdrawal", r.Kind, "the older attempt keeps its kind")
	_, err = s.RelayByNonce(ctx, "ETHEREUM", a, "6")
	require.ErrorIs(t, err, store.ErrNotFound, "a failed relay's nonce is free")
}

// TestSQLiteMigrateRelays: migration 0066 moves relay_requests, relays and failed_relays
// into the one relays table, each relay in the state its rows said.
func TestSQLiteMigrateRelays(t *testing.T) {
	path := filepath.Join(testnet.PrivateDir(t), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	require.NoError(t, err)
	migrateRelays(t, db, false)
	require.NoError(t, db.Close())
	s, err := store.OpenSQLite(context.Background(), path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })
	checkMigratedRelays(t, s)
}

// TestPostgresMigrateRelays: migration 0066 on PostgreSQL, as TestSQLiteMigrateRelays.
func TestPostgresMigrateRelays(t *testing.T) {
	dsn := pgtest.Start(t)
	db, err := sql.Open("pgx", dsn)
	require.NoError(t, err)
	migrateRelays(t, db, true)
	require.NoError(t, db.Close())
	checkMigratedRelays(t, openPostgres(t, dsn))
}
