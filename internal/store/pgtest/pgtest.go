// Package pgtest runs a throwaway PostgreSQL server for tests and benchmarks: Debian's
// postgresql package (installed by `make tools`), initdb'd in a temporary directory,
// listening on a free port of 127.0.0.1 and on a unix socket in that directory, stopped
// and deleted afterwards. PostgreSQL refuses to run as root, so under root the server
// runs as the unprivileged user nobody, and the directory is theirs.
//
// The server is for tests only: it runs with fsync, synchronous_commit and
// full_page_writes off (a crash of the machine may lose it, which does not matter for a
// throwaway database, and tests run much faster), unless started with Durable (for
// benchmarks that compare it with a durable store), and trusts every local connection.
//
// A test package starts one server (Start, shared by the package's tests, stopped by
// Main from TestMain) and gives each test a fresh database (Start returns its DSN).
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrNoPostgres is returned when the PostgreSQL server binaries are not installed.
var ErrNoPostgres = errors.New("PostgreSQL is not installed (initdb, postgres): `make tools` installs Debian's postgresql package")

// Server is a running throwaway PostgreSQL server.
type Server struct {
	// Port is the TCP port on 127.0.0.1.
	Port int
	dir  string
	bin  string
	cred *syscall.Credential
	cmd  *exec.Cmd
	// durable runs the server with fsync, synchronous_commit and full_page_writes on.
	durable bool
	// settings are extra `-c name=value` arguments of the postmaster (Setting).
	settings []string
	// exited is closed when the postmaster has exited.
	exited chan struct{}
	dbs    atomic.Int64
}

// startTimeout bounds initdb plus the server's start.
const startTimeout = 60 * time.Second

// superuser is the role initdb creates; local connections are trusted.
const superuser = "postgres"

// Option configures StartServer.
type Option func(*Server)

// Durable runs the server as a production server runs: fsync, synchronous_commit and
// full_page_writes on, so a commit returns once its WAL has reached the disk.
func Durable() Option { return func(s *Server) { s.durable = true } }

// Setting runs the server with a configuration parameter set (`postgres -c name=value`),
// e.g. shared_preload_libraries=pg_stat_statements for a benchmark that reports its
// statements.
func Setting(name, value string) Option {
	return func(s *Server) { s.settings = append(s.settings, "-c", name+"="+value) }
}

// StartServer initdb's a new cluster in a temporary directory and starts a server on it
// (with fsync off unless opts hold Durable). Stop it with Stop.
func StartServer(ctx context.Context, opts ...Option) (*Server, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	cred, err := runAs()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "dtwgate-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	s := &Server{dir: dir, bin: bin, cred: cred}
	for _, o := range opts {
		o(s)
	}
	if cred != nil {
		if err := os.Chown(dir, int(cred.Uid), int(cred.Gid)); err != nil {
			_ = os.RemoveAll(dir)
			return nil, fmt.Errorf("pgtest: give %s to the server's user: %w", dir, err)
		}
	}
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	initdb := s.command(ctx, "initdb", "-D", s.dataDir(), "-U", superuser, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync")
	if out, err := initdb.CombinedOutput(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, fmt.Errorf("pgtest: initdb: %w\n%s", err, out)
	}
	if err := s.start(ctx); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// start starts the postmaster on a free port and waits until it accepts connections.
func (s *Server) start(ctx context.Context) error {
	var lastErr error
	for range 3 { // the free port may be taken between the probe and the server's bind
		port, err := freePort()
		if err != nil {
			return err
		}
		s.Port = port
		if lastErr = s.startOn(ctx); lastErr == nil {
			return nil
		}
		if ctx.Err() != nil {
			break
		}
	}
	return lastErr
}

// startOn starts the postmaster on s.Port.
func (s *Server) startOn(ctx context.Context) error {
	logPath := s.LogFile()
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	if s.cred != nil {
		_ = logFile.Chown(int(s.cred.Uid), int(s.cred.Gid))
	}
	durability := "off"
	if s.durable {
		durability = "on"
	}
	args := append([]string{"-D", s.dataDir(), "-p", strconv.Itoa(s.Port), "-k", s.dir,
		"-c", "listen_addresses=127.0.0.1",
		"-c", "fsync=" + durability, "-c", "synchronous_commit=" + durability, "-c", "full_page_writes=" + durability,
		"-c", "max_connections=300", "-c", "shared_buffers=64MB",
		"-c", "max_pred_locks_per_transaction=256"}, s.settings...)
	cmd := s.command(context.Background(), "postgres", args...)
	cmd.Stdout, cmd.Stderr = logFile, logFile
	// The server dies with the test process if that is killed before it could stop it.
	cmd.SysProcAttr.Pdeathsig = syscall.SIGKILL
	if err := cmd.Start(); err != nil {
		logFile.Close()
		return fmt.Errorf("pgtest: start postgres: %w", err)
	}
	exited := make(chan struct{})
	go func() {
		_ = cmd.Wait()
		logFile.Close()
		close(exited)
	}()
	s.cmd, s.exited = cmd, exited
	for {
		c, err := pgx.Connect(ctx, s.DSN("postgres"))
		if err == nil {
			_ = c.Close(ctx)
			return nil
		}
		select {
		case <-exited:
			log, _ := os.ReadFile(logPath)
			return fmt.Errorf("pgtest: postgres exited at start:\n%s", tail(string(log), 2000))
		case <-ctx.Done():
			_ = s.Stop()
			return fmt.Errorf("pgtest: postgres did not accept connections: %w", err)
		case <-time.After(50 * time.Millisecond):
		}
	}
}

// LogFile returns the path of the server's log (its stdout and stderr), deleted by Stop.
func (s *Server) LogFile() string { return filepath.Join(s.dir, "postgres.log") }

// command runs one of the server's binaries as the server's user, with the C locale.
func (s *Server) command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, filepath.Join(s.bin, name), args...)
	cmd.Env = append(os.Environ(), "LC_ALL=C", "LANG=C")
	cmd.Dir = s.dir
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: s.cred}
	return cmd
}

func (s *Server) dataDir() string { return filepath.Join(s.dir, "data") }

// DSN returns the URL of database db on the server, as the superuser.
func (s *Server) DSN(db string) string {
	u := url.URL{Scheme: "postgres", User: url.User(superuser), Host: net.JoinHostPort("127.0.0.1", strconv.Itoa(s.Port)),
		Path: "/" + db, RawQuery: "sslmode=disable"}
	return u.String()
}

// OverSocket returns dsn (a URL of DSN or CreateDatabase) connecting over the server's
// unix-domain socket instead of TCP on 127.0.0.1: a client on the server's host spends
// less CPU per round trip on it, and so does the server.
func (s *Server) OverSocket(dsn string) (string, error) {
	u, err := url.Parse(dsn)
	if err != nil {
		return "", fmt.Errorf("pgtest: parse DSN: %w", err)
	}
	q := u.Query()
	q.Set("host", s.dir)
	u.RawQuery = q.Encode()
	return u.String(), nil
}

// CreateDatabase creates a new, empty database and returns its DSN.
func (s *Server) CreateDatabase(ctx context.Context) (string, error) {
	name := fmt.Sprintf("test_%d_%d", os.Getpid(), s.dbs.Add(1))
	c, err := pgx.Connect(ctx, s.DSN("postgres"))
	if err != nil {
		return "", fmt.Errorf("pgtest: connect: %w", err)
	}
	defer c.Close(context.Background())
	if _, err := c.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("pgtest: create database: %w", err)
	}
	return s.DSN(name), nil
}

// Restart stops the server (fast shutdown: sessions are cut) and starts it again on the
// same port and data: what clients see when the database restarts.
func (s *Server) Restart(ctx context.Context) error {
	if err := s.shutdown(); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	return s.startOn(ctx)
}

// shutdown stops the postmaster (SIGINT: fast shutdown), killing it if it has not
// stopped within 10 s.
func (s *Server) shutdown() error {
	if s.cmd == nil || s.cmd.Process == nil {
		return nil
	}
	_ = s.cmd.Process.Signal(syscall.SIGINT)
	select {
	case <-s.exited:
	case <-time.After(10 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.exited
	}
	s.cmd = nil
	return nil
}

// Stop stops the server and deletes its directory.
func (s *Server) Stop() error {
	err := s.shutdown()
	return errors.Join(err, os.RemoveAll(s.dir))
}

// binDir finds the directory of initdb and postgres: the newest of
// /usr/lib/postgresql/*/bin, or else PATH.
func binDir() (string, error) {
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return version(dirs[i]) > version(dirs[j]) })
	for _, d := range dirs {
		if isExec(filepath.Join(d, "initdb")) && isExec(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	initdb, err := exec.LookPath("initdb")
	if err != nil {
		return "", ErrNoPostgres
	}
	if real, err := filepath.EvalSymlinks(initdb); err == nil {
		initdb = real
	}
	d := filepath.Dir(initdb)
	if !isExec(filepath.Join(d, "postgres")) {
		return "", ErrNoPostgres
	}
	return d, nil
}

// version is the major version in a /usr/lib/postgresql/N/bin path.
func version(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

func isExec(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// runAs returns the credential the server runs with: nil when not root, else nobody's.
func runAs() (*syscall.Credential, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	u, err := user.Lookup("nobody")
	if err != nil {
		return nil, fmt.Errorf("pgtest: PostgreSQL refuses to run as root, and there is no user nobody to run it as: %w", err)
	}
	uid, err := strconv.ParseUint(u.Uid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("pgtest: uid of nobody: %w", err)
	}
	gid, err := strconv.ParseUint(u.Gid, 10, 32)
	if err != nil {
		return nil, fmt.Errorf("pgtest: gid of nobody: %w", err)
	}
	return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, fmt.Errorf("pgtest: free port: %w", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return "..." + s[len(s)-n:]
}

// The test package's shared server.
var (
	shared     *Server
	sharedErr  error
	sharedOnce sync.Once
)

// Start returns the DSN of a new, empty database on the test package's server, starting
// the server at the first call. The test fails (it never skips) when PostgreSQL is not
// installed. The package's TestMain must call Main, which stops the server.
func Start(t testing.TB) string {
	t.Helper()
	sharedOnce.Do(func() { shared, sharedErr = StartServer(context.Background()) })
	if sharedErr != nil {
		t.Fatalf("PostgreSQL for tests: %v", sharedErr)
	}
	dsn, err := shared.CreateDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return dsn
}

// Shared returns the test package's server (started by Start), nil before the first Start.
func Shared() *Server { return shared }

// Main runs the package's tests and stops the server if Start started one; use it as
// `func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }`.
func Main(m *testing.M) int {
	code := m.Run()
	if shared != nil {
		if err := shared.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest: stop:", err)
		}
	}
	return code
}
