package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/dtwgate/dtwgate/internal/outbox"
)

//go:embed migrations/*.sql
var migrationFiles embed.FS

// busyTimeout is how long a writer waits for another process's lock (in this process,
// writers queue for the one write connection instead).
const busyTimeout = 10 * time.Second

// SQLite is the embedded Store: one database file in WAL mode, shared safely by the serve
// and admin processes. Writes go through one connection (SQLite has one writer at a time;
// queueing in Go costs less than spinning on SQLITE_BUSY), and the units of work queued
// behind a commit share the next transaction (group commit); reads go through a pool of
// read-only connections, which WAL lets run beside the writer. Every connection keeps its
// prepared statements (stmtcache.go). A checkpointer keeps the WAL bounded under
// sustained load and Close truncates it.
type SQLite struct {
	path   string
	writer *sql.DB
	reader *sql.DB
	// ckpt is the checkpointer's connection for PASSIVE checkpoints, which run beside
	// the writer and the readers.
	ckpt *sql.DB
	// conn runs the concept methods: writes on writer, each in its own transaction where
	// it needs one, reads on reader.
	conn
	// kick wakes the checkpointer every kickEveryCommits commits of this process.
	kick chan struct{}
	// gate lets the checkpointer hold back this process's reads for a moment.
	gate *readGate
	stop chan struct{}
	done chan struct{}
	// walLimit is the WAL size above which the checkpointer truncates it.
	walLimit int64
	// bellWatchOnce starts the watch of the relay bell for relay waiters (RelaysNotify);
	// bellWatchStop, set by it, ends the watch.
	bellWatchOnce sync.Once
	bellWatchStop func()
	closeOnce     sync.Once
	closeErr      error
}

// conn runs the concept methods on the database or, inside InTx, on one SQL transaction.
type conn struct {
	q queryer
	// r runs reads: the read pool outside InTx, the transaction (q) inside it, so a unit
	// of work reads its own writes.
	r queryer
	// root begins transactions; nil inside InTx, where everything runs on q.
	root *sql.DB
	// group, when set, runs root's transactions, several to a database transaction
	// (groupcommit.go).
	group *groupCommitter
	// locked, when set (PostgreSQL), runs the transactions of RowLocked units.
	locked *groupCommitter
	// notify wakes event readers after a commit that wrote events.
	notify *notifier
	// access wakes caches of callers after a commit that changed access.
	access *notifier
	// relays wakes relay waiters after a commit that moved a relay.
	relays *notifier
	// ringRelays, when set (SQLite), tells other processes' relay waiters after such a
	// commit.
	ringRelays func()
	// pending is set inside InTx: what the transaction wrote that InTx announces after
	// the commit; nil outside.
	pending *pendingSignals
	// bookLocks are the book locks this unit of work took (LockLedgerBooks), not asked
	// for again.
	bookLocks map[int64]bool
	// bookReads are the books' balances and holds LockLedgerBooks read with their locks
	// (PostgreSQL), each answered once by LedgerBook unless a write came between.
	bookReads map[string]bookRead
	// swapLocks are the shards and the receipt head TraderReadsLocking took and read
	// (PostgreSQL), each answered once.
	swapLocks *swapLocks
	// mem, on SQLite, is what this process remembers of the receipts it committed
	// (receiptMemory); nil on PostgreSQL.
	mem *receiptMemory
}

// queryer is what *sql.DB and *sql.Tx share.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// ErrInsecureDir is returned when the store's directory is open to other users.
var ErrInsecureDir = errors.New("data directory is accessible to other users")

// Pool and WAL settings.
const (
	// walCheckpointLimit is the WAL size above which the checkpointer runs a TRUNCATE
	// checkpoint; SQLite's own automatic checkpoints are PASSIVE and never shrink the file,
	// and under a steady stream of readers they never reach its end, so it grew to
	// gigabytes under load.
	walCheckpointLimit = 16 << 20
	// walCheckEvery is how often the checkpointer looks at the WAL's size (other
	// processes' commits do not kick it).
	walCheckEvery = 500 * time.Millisecond
	// kickEveryCommits is how many commits of this process wake the checkpointer early: a
	// group commit appends some tens of pages, so its PASSIVE checkpoints keep up with the
	// writer, whose own checkpoint then has a few groups' pages to copy and sync (under the
	// swap benchmark, every 32 commits left the writer's checkpoints 13 ms at p99, every 4
	// about 7 ms; after every commit they competed with the writer).
	kickEveryCommits = 4
	// walAutoCheckpointPages is how many WAL pages the writer's automatic checkpoint
	// waits for (SQLite's default is 1,000): each costs the writer two fsyncs.
	walAutoCheckpointPages = 2000
	// journalSizeLimit is what SQLite truncates the WAL to when it restarts it.
	journalSizeLimit = 4 << 20
)

// SQLiteOptions tune OpenSQLiteWith.
type SQLiteOptions struct {
	// Synchronous is when a commit counts as durable: SyncFull (the default) or SyncNormal.
	Synchronous string
}

// SQLite durability settings (SQLiteOptions.Synchronous, config storeSync).
const (
	// SyncNormal: a commit is in the WAL, in the OS's cache, before it returns: it
	// survives a crash of the process but may be lost with the last moments' commits in
	// a crash of the OS or a power loss (the WAL is fsynced at checkpoints).
	SyncNormal = "normal"
	// SyncFull: the WAL is fsynced at every commit before it returns (group commit shares
	// the fsync among the units of work committed together): it survives a power loss.
	// Under bench-offchain on a quiet machine it cost 2% of the swaps per second and
	// lowered their p99 (the writer's checkpoints find the WAL already synced).
	SyncFull = "full"
)

// OpenSQLite opens the database at path with the default options (OpenSQLiteWith).
func OpenSQLite(ctx context.Context, path string) (*SQLite, error) {
	return OpenSQLiteWith(ctx, path, SQLiteOptions{})
}

// OpenSQLiteWith opens (creating if needed) the database at path and applies migrations. The
// database holds account ids, wallet links, withdrawal addresses and secret hashes, so its
// directory must be private to the owner (like ssh's key files) and the database, its
// -wal and -shm files are created, or tightened to, mode 0600.
func OpenSQLiteWith(ctx context.Context, path string, opts SQLiteOptions) (*SQLite, error) {
	sync := "FULL"
	switch opts.Synchronous {
	case "", SyncFull:
	case SyncNormal:
		sync = "NORMAL"
	default:
		return nil, fmt.Errorf("sqlite synchronous %q: want %s or %s", opts.Synchronous, SyncNormal, SyncFull)
	}
	if err := privateFiles(path); err != nil {
		return nil, err
	}
	dsn := func(txlock string, extra ...string) string {
		q := url.Values{}
		q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", busyTimeout.Milliseconds()))
		q.Add("_pragma", "journal_mode(WAL)")
		q.Add("_pragma", "synchronous("+sync+")")
		q.Add("_pragma", "foreign_keys(1)")
		q.Add("_pragma", fmt.Sprintf("journal_size_limit(%d)", journalSizeLimit))
		for _, p := range extra {
			q.Add("_pragma", p)
		}
		q.Set("_txlock", txlock)
		return "file:" + path + "?" + q.Encode()
	}
	// The writer takes the write lock at BEGIN (no lock-upgrade deadlocks); readers are
	// read-only and their transactions (snapshots) take no lock.
	kick := make(chan struct{}, 1)
	var commits atomic.Uint32
	// The checkpointer copies the WAL back on a connection of its own, beside the writer;
	// the writer's own automatic checkpoint (writes queue behind it) then finds little
	// left to copy, and runs only every walAutoCheckpointPages pages: it is what lets the
	// next write restart the WAL from its beginning.
	// Its savepoints' journals (a group commit's units) stay in memory: in temporary files
	// they were a write system call per page changed.
	writer := sql.OpenDB(connector{dsn: dsn("immediate", fmt.Sprintf("wal_autocheckpoint(%d)", walAutoCheckpointPages),
		"temp_store(MEMORY)"), onCommit: func() {
		if commits.Add(1)%kickEveryCommits == 0 {
			select { // wake the checkpointer to look at the WAL's size
			case kick <- struct{}{}:
			default:
			}
		}
	}})
	writer.SetMaxOpenConns(1)
	writer.SetMaxIdleConns(1)
	writer.SetConnMaxIdleTime(0)
	writer.SetConnMaxLifetime(0)
	gate := &readGate{}
	reader := sql.OpenDB(connector{dsn: dsn("deferred", "query_only(1)"), gate: gate})
	readers := max(4, 2*runtime.GOMAXPROCS(0))
	reader.SetMaxOpenConns(readers)
	reader.SetMaxIdleConns(readers) // a new connection per request was a third of a read's CPU
	reader.SetConnMaxIdleTime(0)
	reader.SetConnMaxLifetime(0)
	ckpt := sql.OpenDB(connector{dsn: dsn("deferred")})
	ckpt.SetMaxOpenConns(1)
	ckpt.SetMaxIdleConns(1)
	ckpt.SetConnMaxIdleTime(0)
	ckpt.SetConnMaxLifetime(0)
	s := &SQLite{
		path: path, writer: writer, reader: reader, ckpt: ckpt,
		conn: conn{q: writer, r: reader, root: writer, notify: newNotifier(), access: newNotifier(), relays: newNotifier(),
			ringRelays: relayBell(path), mem: newReceiptMemory()},
		kick:     kick,
		gate:     gate,
		stop:     make(chan struct{}),
		done:     make(chan struct{}),
		walLimit: walCheckpointLimit,
	}
	if err := s.migrate(ctx); err != nil {
		ckpt.Close()
		reader.Close()
		writer.Close()
		return nil, err
	}
	s.group = newGroupCommitter(sqliteGroup{db: writer}, maxGroup, 1)
	go s.checkpointer()
	return s, nil
}

// privateFiles checks that path's directory is private and creates path (0600) if absent;
// SQLite gives the -wal and -shm files the database's mode. Existing files open to others
// are tightened to 0600.
func privateFiles(path string) error {
	dir := filepath.Dir(path)
	fi, err := os.Stat(dir)
	if err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	if perm := fi.Mode().Perm(); perm&0o077 != 0 {
		return fmt.Errorf("%w: %s has mode %04o, so other users could read the store (account ids, wallet links, "+
			"withdrawal addresses, secret hashes); run `chmod 700 %s`", ErrInsecureDir, dir, perm, dir)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("create store %s: %w", path, err)
	}
	for _, p := range []string{path, path + "-wal", path + "-shm", path + "-journal", path + relayBellSuffix} {
		fi, err := os.Stat(p)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("store file: %w", err)
		}
		if fi.Mode().Perm()&0o077 != 0 {
			if err := os.Chmod(p, 0o600); err != nil {
				return fmt.Errorf("make %s private: %w", p, err)
			}
		}
	}
	return nil
}

func (s *SQLite) migrate(ctx context.Context) error {
	return s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)`); err != nil {
			return fmt.Errorf("create schema_migrations: %w", err)
		}
		return applyMigrations(ctx, tx, migrationFiles, "migrations", "?")
	})
}

// applyMigrations applies, on tx, every migration dir/NNNN_name.sql of files that
// schema_migrations does not list, in order of NNNN, and lists it. The version is the
// file's number, not its position, and each is applied once whatever the others: numbers
// may have gaps, and a migration written in parallel may land with a lower number after
// a higher one was applied. placeholder is the dialect's first bind parameter ("?", "$1").
func applyMigrations(ctx context.Context, tx queryer, files fs.FS, dir, placeholder string) error {
	names, err := fs.Glob(files, dir+"/*.sql")
	if err != nil {
		return fmt.Errorf("list migrations: %w", err)
	}
	sort.Strings(names)
	applied := map[int]bool{}
	rows, err := tx.QueryContext(ctx, `SELECT version FROM schema_migrations`)
	if err != nil {
		return fmt.Errorf("read schema versions: %w", err)
	}
	for rows.Next() {
		var v int
		if err := rows.Scan(&v); err != nil {
			rows.Close()
			return fmt.Errorf("read schema versions: %w", err)
		}
		applied[v] = true
	}
	if err := rows.Close(); err != nil {
		return fmt.Errorf("read schema versions: %w", err)
	}
	second := strings.Replace(placeholder, "1", "2", 1)
	for _, name := range names {
		version, err := strconv.Atoi(strings.SplitN(path.Base(name), "_", 2)[0])
		if err != nil {
			return fmt.Errorf("migration %s: name must start with its number: %w", name, err)
		}
		if applied[version] {
			continue
		}
		body, err := fs.ReadFile(files, name)
		if err != nil {
			return fmt.Errorf("read %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil { // no arguments: a multi-statement script
			return fmt.Errorf("apply %s: %w", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, applied_at) VALUES (`+placeholder+`, `+second+`)`,
			version, time.Now().UnixMilli()); err != nil {
			return fmt.Errorf("record %s: %w", name, err)
		}
	}
	return nil
}

// tx runs fn in a transaction, committing when it returns nil. Inside InTx it runs fn in
// InTx's transaction, which commits or rolls back as a whole.
func (s *conn) tx(ctx context.Context, fn func(tx queryer) error) error {
	if s.root == nil {
		return fn(s.q)
	}
	if s.locked != nil && isRowLocked(ctx) { // on PostgreSQL, READ COMMITTED
		return s.locked.do(ctx, fn)
	}
	if s.group != nil { // on PostgreSQL, SERIALIZABLE and run again after a lost conflict
		return s.group.do(ctx, fn)
	}
	c, tx, err := beginOn(ctx, s.root, nil)
	if err != nil {
		return fmt.Errorf("begin: %w", err)
	}
	defer func() {
		_ = tx.Rollback() // after a commit, a no-op; after an error or panic, the rollback
		_ = c.Close()
	}()
	if err := fn(tx); err != nil {
		return err
	}
	if err := tx.Commit(); err != nil {
		rollbackFailedCommit(context.WithoutCancel(ctx), c)
		return fmt.Errorf("commit: %w", err)
	}
	return nil
}

// InTx implements Store. fn's Tx runs every method on one SQL transaction (SQLite takes
// the write lock at BEGIN, so transactions of all processes are serialized), which it may
// share with other callers' units of work, each in its own savepoint (groupCommitter): fn's
// changes still commit or roll back on their own, and InTx returns after they committed.
// fn must not use tx after returning, nor call the SQLite itself (that would wait for the
// transaction fn runs in), and should do only database work (other units wait for it).
func (s *SQLite) InTx(ctx context.Context, fn func(tx Tx) error) error {
	var p pendingSignals
	err := s.conn.tx(ctx, func(q queryer) error {
		p.receipts = p.receipts[:0] // a group run again runs fn again
		return fn(&conn{q: q, r: q, notify: s.notify, access: s.access, relays: s.relays, pending: &p, mem: s.mem})
	})
	if err == nil && len(p.receipts) > 0 { // before the wake of the receipt key's job
		s.mem.committed(p.receipts)
	}
	if err == nil && p.access {
		s.access.signal()
	}
	if err == nil && p.events {
		s.notify.signal()
	}
	if err == nil && p.relays {
		s.relays.signal()
		s.ringRelays()
	}
	return err
}

// GroupCommits returns how many write transactions this store has run through its group
// commit and how many units of work (InTx calls and single writes) they held.
func (s *SQLite) GroupCommits() (transactions, units int64) {
	return s.group.groups.Load(), s.group.units.Load()
}

// EventsNotify implements Store.
func (s *SQLite) EventsNotify() <-chan struct{} { return s.notify.wait() }

// EventsNotifyBackground implements Store.
func (s *SQLite) EventsNotifyBackground() <-chan struct{} { return s.notify.waitQuietly() }

// AccessNotify implements Store.
func (s *SQLite) AccessNotify() <-chan struct{} { return s.access.wait() }

// Ping implements Store.
func (s *SQLite) Ping(ctx context.Context) error { return s.reader.PingContext(ctx) }

// Close implements Store: it stops the checkpointer, truncates the WAL (so a clean stop
// leaves no WAL behind to replay or to take disk), and closes both pools.
func (s *SQLite) Close() error {
	s.closeOnce.Do(func() {
		s.bellWatchOnce.Do(func() {}) // no watch starts after Close
		if s.bellWatchStop != nil {
			s.bellWatchStop()
		}
		close(s.stop)
		<-s.done
		s.group.close()
		rerr := s.reader.Close()
		_, cerr := s.checkpoint(context.Background())
		werr := s.writer.Close()
		kerr := s.ckpt.Close()
		s.closeErr = errors.Join(rerr, cerr, werr, kerr)
	})
	return s.closeErr
}

// CreateAccount implements Store.
func (s *conn) CreateAccount(ctx context.Context, a Account) error {
	return insertAccount(ctx, s.q, a)
}

func insertAccount(ctx context.Context, e queryer, a Account) error {
	if a.AccountAsset == "" {
		a.AccountAsset = DefaultAccountAsset
	}
	if a.ParentID != "" { // one level: the parent is a top-level account
		var grand string
		err := e.QueryRowContext(ctx, `SELECT parent_id FROM accounts WHERE id = ?`, a.ParentID).Scan(&grand)
		if err != nil {
			return wrap("sub-account's parent", err)
		}
		if grand != "" {
			return fmt.Errorf("insert account: parent %s is itself a sub-account: %w", a.ParentID, ErrNotFound)
		}
	}
	_, err := e.ExecContext(ctx, `INSERT INTO accounts (id, parent_id, label, account_asset, created_at) VALUES (?, ?, ?, ?, ?)`,
		a.ID, a.ParentID, a.Label, a.AccountAsset, a.CreatedAt.UnixMilli())
	return wrap("insert account", err)
}

// DefaultAccountAsset is the account asset of an account created without one.
const DefaultAccountAsset = "usd"

const accountColumns = `id, parent_id, label, account_asset, created_at`

func scanAccount(r scanner) (Account, error) {
	var (
		a  Account
		at int64
	)
	err := r.Scan(&a.ID, &a.ParentID, &a.Label, &a.AccountAsset, &at)
	a.CreatedAt = time.UnixMilli(at)
	return a, err
}

// GetAccount implements Accounts.
func (s *conn) GetAccount(ctx context.Context, id string) (Account, error) {
	a, err := scanAccount(s.r.QueryRowContext(ctx, `SELECT `+accountColumns+` FROM accounts WHERE id = ?`, id))
	return a, wrap("get account", err)
}

// DepositReference implements Accounts.
func (s *conn) DepositReference(ctx context.Context, accountID, newRef string, at time.Time) (string, error) {
	var ref string
	err := s.r.QueryRowContext(ctx, `SELECT reference FROM deposit_references WHERE account_id = ?`, accountID).Scan(&ref)
	if err == nil {
		return ref, nil
	}
	if !errors.Is(err, sql.ErrNoRows) {
		return "", wrap("deposit reference", err)
	}
	err = s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `INSERT INTO deposit_references (account_id, reference, created_at) VALUES (?, ?, ?)
			ON CONFLICT (account_id) DO NOTHING`, accountID, newRef, at.UnixMilli()); err != nil {
			return wrap("insert deposit reference", err)
		}
		return wrap("deposit reference", tx.QueryRowContext(ctx, `SELECT reference FROM deposit_references WHERE account_id = ?`, accountID).Scan(&ref))
	})
	return ref, err
}

// SubAccounts implements Accounts.
func (s *conn) SubAccounts(ctx context.Context, parentID string) ([]Account, error) {
	if parentID == "" {
		return []Account{}, nil
	}
	return queryAll(ctx, s.r, "sub-accounts", scanAccount,
		`SELECT `+accountColumns+` FROM accounts WHERE parent_id = ? ORDER BY created_at, id`, parentID)
}

// CreateAccountWithKey implements Store.
func (s *conn) CreateAccountWithKey(ctx context.Context, a Account, k APIKey) error {
	return s.tx(ctx, func(tx queryer) error {
		if err := insertAccount(ctx, tx, a); err != nil {
			return err
		}
		return insertKey(ctx, tx, k)
	})
}

// CreateAPIKey implements Store.
func (s *conn) CreateAPIKey(ctx context.Context, k APIKey) error { return insertKey(ctx, s.q, k) }

func insertKey(ctx context.Context, e queryer, k APIKey) error {
	_, err := e.ExecContext(ctx,
		`INSERT INTO api_keys (id, account_id, label, permissions, secret_hash, generation, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`,
		k.ID, k.AccountID, k.Label, joinPermissions(k.Permissions), k.SecretHash, k.Generation, k.CreatedAt.UnixMilli())
	return wrap("insert api key", err)
}

const keyColumns = `id, account_id, label, permissions, secret_hash, generation, created_at, rotated_at`

// Hot-path queries of authentication, named so the index test can check their plans.
const (
	apiKeySQL        = `SELECT ` + keyColumns + ` FROM api_keys WHERE id = ?`
	walletAccountSQL = `SELECT account_id FROM wallets WHERE address = ?`
	listWalletsSQL   = `SELECT address, linked_at FROM wallets WHERE account_id = ? ORDER BY address`
	whitelistedSQL   = `SELECT COUNT(*) FROM whitelist WHERE address = ?`
)

type scanner interface{ Scan(dest ...any) error }

func scanKey(r scanner) (APIKey, error) {
	var (
		k                  APIKey
		perms              string
		created, rotatedAt int64
	)
	if err := r.Scan(&k.ID, &k.AccountID, &k.Label, &perms, &k.SecretHash, &k.Generation, &created, &rotatedAt); err != nil {
		return APIKey{}, err
	}
	k.Permissions = splitPermissions(perms)
	k.CreatedAt = time.UnixMilli(created)
	if rotatedAt != 0 {
		k.RotatedAt = time.UnixMilli(rotatedAt)
	}
	return k, nil
}

// GetAPIKey implements Store.
func (s *conn) GetAPIKey(ctx context.Context, id string) (APIKey, error) {
	k, err := scanKey(s.r.QueryRowContext(ctx, apiKeySQL, id))
	return k, wrap("get api key", err)
}

// ListAPIKeys implements Store.
func (s *conn) ListAPIKeys(ctx context.Context, accountID string) ([]APIKey, error) {
	return queryAll(ctx, s.r, "list api keys", scanKey,
		`SELECT `+keyColumns+` FROM api_keys WHERE account_id = ? ORDER BY created_at, id`, accountID)
}

// queryAll runs query and scans every row with scan.
func queryAll[T any](ctx context.Context, db queryer, op string, scan func(scanner) (T, error), query string, args ...any) ([]T, error) {
	rows, err := db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(op, err)
	}
	defer rows.Close()
	out := []T{}
	for rows.Next() {
		v, err := scan(rows)
		if err != nil {
			return nil, wrap(op, err)
		}
		out = append(out, v)
	}
	return out, wrap(op, rows.Err())
}

// RotateAPIKey implements Store.
func (s *conn) RotateAPIKey(ctx context.Context, accountID, keyID, secretHash string, at time.Time) (APIKey, error) {
	var k APIKey
	err := s.tx(ctx, func(tx queryer) error {
		var err error
		k, err = scanKey(tx.QueryRowContext(ctx,
			`UPDATE api_keys SET secret_hash = ?, generation = generation + 1, rotated_at = ?
			 WHERE id = ? AND account_id = ? RETURNING `+keyColumns,
			secretHash, at.UnixMilli(), keyID, accountID))
		if err != nil {
			return wrap("rotate api key", err)
		}
		return accessChanged(ctx, tx, accountID, outbox.AccessChange{What: "api_key", APIKeyID: keyID})
	})
	if err == nil {
		s.announceAccess()
	}
	return k, err
}

// ReplaceSecretHash implements Store.
func (s *conn) ReplaceSecretHash(ctx context.Context, keyID, oldHash, newHash string) error {
	return wrapAffected("replace secret hash")(s.q.ExecContext(ctx,
		`UPDATE api_keys SET secret_hash = ? WHERE id = ? AND secret_hash = ?`, newHash, keyID, oldHash))
}

// WalletAccount implements Store.
func (s *conn) WalletAccount(ctx context.Context, addr common.Address) (string, error) {
	var id string
	err := s.r.QueryRowContext(ctx, walletAccountSQL, addr.Hex()).Scan(&id)
	return id, wrap("get wallet", err)
}

// EnsureWalletAccount implements Store.
func (s *conn) EnsureWalletAccount(ctx context.Context, addr common.Address, newID string, at time.Time) (string, error) {
	var id string
	err := s.tx(ctx, func(tx queryer) error {
		err := tx.QueryRowContext(ctx, `SELECT account_id FROM wallets WHERE address = ?`, addr.Hex()).Scan(&id)
		if !errors.Is(err, sql.ErrNoRows) {
			return wrap("get wallet", err)
		}
		id = newID
		if err := insertAccount(ctx, tx, Account{ID: newID, CreatedAt: at}); err != nil {
			return err
		}
		return insertWallet(ctx, tx, newID, addr, at)
	})
	if err == nil && id == newID {
		s.announceAccess()
	}
	return id, err
}

// insertWallet links addr to accountID and records the access change; the caller
// announces it after the commit.
func insertWallet(ctx context.Context, e queryer, accountID string, addr common.Address, at time.Time) error {
	_, err := e.ExecContext(ctx, `INSERT INTO wallets (address, account_id, linked_at) VALUES (?, ?, ?)`, addr.Hex(), accountID, at.UnixMilli())
	if err != nil {
		return wrap("insert wallet", err)
	}
	return accessChanged(ctx, e, accountID, outbox.AccessChange{What: "wallet", Address: addr})
}

// LinkWallet implements Store.
func (s *conn) LinkWallet(ctx context.Context, accountID string, addr common.Address, at time.Time) error {
	err := s.tx(ctx, func(tx queryer) error { return insertWallet(ctx, tx, accountID, addr, at) })
	if err == nil {
		s.announceAccess()
	}
	return err
}

// ListWallets implements Store.
func (s *conn) ListWallets(ctx context.Context, accountID string) ([]Wallet, error) {
	return queryAll(ctx, s.r, "list wallets", func(r scanner) (Wallet, error) {
		addr, at, err := scanAddressTime(r)
		return Wallet{Address: addr, AccountID: accountID, LinkedAt: at}, err
	}, listWalletsSQL, accountID)
}

// scanAddressTime scans an (address, unix millis) row.
func scanAddressTime(r scanner) (common.Address, time.Time, error) {
	var (
		addr string
		at   int64
	)
	err := r.Scan(&addr, &at)
	return common.HexToAddress(addr), time.UnixMilli(at), err
}

// AddWhitelist implements Store.
func (s *conn) AddWhitelist(ctx context.Context, addr common.Address, at time.Time) error {
	err := s.tx(ctx, func(tx queryer) error {
		res, err := tx.ExecContext(ctx, `INSERT INTO whitelist (address, added_at) VALUES (?, ?) ON CONFLICT (address) DO NOTHING`,
			addr.Hex(), at.UnixMilli())
		if err != nil {
			return wrap("add whitelist", err)
		}
		if n, err := res.RowsAffected(); err != nil || n == 0 {
			return wrap("add whitelist", err) // already whitelisted: nothing changed
		}
		return accessChanged(ctx, tx, "", outbox.AccessChange{What: "whitelist", Address: addr})
	})
	if err == nil {
		s.announceAccess()
	}
	return err
}

// RemoveWhitelist implements Store.
func (s *conn) RemoveWhitelist(ctx context.Context, addr common.Address) error {
	err := s.tx(ctx, func(tx queryer) error {
		err := wrapAffected("remove whitelist")(tx.ExecContext(ctx, `DELETE FROM whitelist WHERE address = ?`, addr.Hex()))
		if err != nil {
			return err
		}
		return accessChanged(ctx, tx, "", outbox.AccessChange{What: "whitelist", Address: addr})
	})
	if err == nil {
		s.announceAccess()
	}
	return err
}

// IsWhitelisted implements Store.
func (s *conn) IsWhitelisted(ctx context.Context, addr common.Address) (bool, error) {
	var n int
	err := s.r.QueryRowContext(ctx, whitelistedSQL, addr.Hex()).Scan(&n)
	return n > 0, wrap("read whitelist", err)
}

// ListWhitelist implements Store.
func (s *conn) ListWhitelist(ctx context.Context) ([]WhitelistEntry, error) {
	return queryAll(ctx, s.r, "list whitelist", func(r scanner) (WhitelistEntry, error) {
		addr, at, err := scanAddressTime(r)
		return WhitelistEntry{Address: addr, AddedAt: at}, err
	}, `SELECT address, added_at FROM whitelist ORDER BY address`)
}

// Login's write: a used nonce. Its primary key makes a second use a conflict; a record
// that has expired is taken over (its nonce is refused by its own expiry before it gets
// here). Expired records are pruned every pruneNoncesEvery uses, apart from the login.
const (
	useNonceSQL = `INSERT INTO siwe_nonces (nonce, expires_at) VALUES (?, ?)
		ON CONFLICT (nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE siwe_nonces.expires_at <= ?`
	pruneNoncesSQL = `DELETE FROM siwe_nonces WHERE expires_at <= ?`
)

// pruneNoncesEvery is how many nonce uses go between prunes of expired records.
const pruneNoncesEvery = 512

// nonceUses counts UseNonce calls of the process, for pruning.
var nonceUses atomic.Uint64

// UseNonce implements Access: one statement (a login's only write for a known wallet).
func (s *conn) UseNonce(ctx context.Context, nonce string, expires, at time.Time) error {
	if err := wrapAffected("use nonce")(s.q.ExecContext(ctx, useNonceSQL, nonce, expires.UnixMilli(), at.UnixMilli())); err != nil {
		if errors.Is(err, ErrNotFound) { // the record exists and has not expired: used
			return fmt.Errorf("use nonce: %w", ErrConflict)
		}
		return err
	}
	if nonceUses.Add(1)%pruneNoncesEvery == 0 {
		if _, err := s.q.ExecContext(ctx, pruneNoncesSQL, at.UnixMilli()); err != nil {
			return wrap("prune nonces", err)
		}
	}
	return nil
}

// CreateTicket implements Store.
func (s *conn) CreateTicket(ctx context.Context, t Ticket, at time.Time) error {
	return s.tx(ctx, func(tx queryer) error {
		if _, err := tx.ExecContext(ctx, `DELETE FROM ws_tickets WHERE expires_at <= ?`, at.UnixMilli()); err != nil {
			return wrap("prune tickets", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO ws_tickets (hash, account_id, api_key_id, generation, expires_at) VALUES (?, ?, ?, ?, ?)`,
			t.Hash, t.AccountID, t.APIKeyID, t.Generation, t.ExpiresAt.UnixMilli())
		return wrap("insert ticket", err)
	})
}

// ConsumeTicket implements Store.
func (s *conn) ConsumeTicket(ctx context.Context, hash string, at time.Time) (Ticket, error) {
	t := Ticket{Hash: hash}
	var exp int64
	err := s.q.QueryRowContext(ctx,
		`DELETE FROM ws_tickets WHERE hash = ? AND expires_at > ? RETURNING account_id, api_key_id, generation, expires_at`,
		hash, at.UnixMilli()).Scan(&t.AccountID, &t.APIKeyID, &t.Generation, &exp)
	t.ExpiresAt = time.UnixMilli(exp)
	return t, wrap("consume ticket", err)
}

// wrap maps driver errors to the package's sentinels and adds context.
func wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("%s: %w", op, ErrNotFound)
	}
	if sentinel := pgSentinel(err); sentinel != nil {
		return fmt.Errorf("%s: %w", op, sentinel)
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_UNIQUE:
			return fmt.Errorf("%s: %w", op, ErrConflict)
		case sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return fmt.Errorf("%s: %w", op, ErrNotFound)
		}
	}
	return fmt.Errorf("%s: %w", op, err)
}

// wrapAffected turns "no row affected" into ErrNotFound.
func wrapAffected(op string) func(sql.Result, error) error {
	return func(res sql.Result, err error) error {
		if err != nil {
			return wrap(op, err)
		}
		n, err := res.RowsAffected()
		if err != nil {
			return wrap(op, err)
		}
		if n == 0 {
			return fmt.Errorf("%s: %w", op, ErrNotFound)
		}
		return nil
	}
}

func joinPermissions(ps []string) string { return strings.Join(ps, ",") }

func splitPermissions(s string) []string {
	out := []string{}
	for _, n := range strings.Split(s, ",") {
		if n != "" {
			out = append(out, n)
		}
	}
	return out
}
