package election_test

import (
	"bufio"
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// The environment of a child process that campaigns for lease (runChild): the store's
// DSN, its holder id and its lease TTL.
const (
	envChildDSN    = "DTW_ELECTION_CHILD_DSN"
	envChildHolder = "DTW_ELECTION_CHILD_HOLDER"
	envChildTTL    = "DTW_ELECTION_CHILD_TTL"
)

// TestMain runs a child campaigner when started as one (startChild), else the tests, and
// stops the package's PostgreSQL server (pgtest) after them.
func TestMain(m *testing.M) {
	if dsn := os.Getenv(envChildDSN); dsn != "" {
		if err := runChild(dsn, os.Getenv(envChildHolder), os.Getenv(envChildTTL)); err != nil {
			fmt.Fprintln(os.Stderr, "child:", err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(pgtest.Main(m))
}

// runChild campaigns for lease on the PostgreSQL store at dsn until it is killed, and
// prints "leading TOKEN" when a term begins and "stopped TOKEN" when it ends.
func runChild(dsn, holder, ttlText string) error {
	ttl, err := time.ParseDuration(ttlText)
	if err != nil {
		return err
	}
	ctx := context.Background()
	st, err := store.OpenPostgres(ctx, dsn)
	if err != nil {
		return err
	}
	el, err := election.New(election.Config{Holder: holder, TTL: ttl, Logger: slog.New(slog.NewTextHandler(os.Stderr, nil))}, st)
	if err != nil {
		return err
	}
	return el.Run(ctx, lease, func(ctx context.Context, token int64) error {
		fmt.Printf("leading %d\n", token)
		<-ctx.Done()
		fmt.Printf("stopped %d\n", token)
		return ctx.Err()
	})
}

// child is a campaigner in a process of its own, which a test can SIGKILL or SIGSTOP.
type child struct {
	cmd   *exec.Cmd
	lines chan string
}

// startChild starts a campaigner for lease as holder, with ttl, on the store at dsn.
func startChild(t *testing.T, dsn, holder string, ttl time.Duration) *child {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), envChildDSN+"="+dsn, envChildHolder+"="+holder, envChildTTL+"="+ttl.String())
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	logPath := filepath.Join(t.TempDir(), "child.log")
	logFile, err := os.Create(logPath)
	require.NoError(t, err)
	cmd.Stderr = logFile
	out, err := cmd.StdoutPipe()
	require.NoError(t, err)
	require.NoError(t, cmd.Start())
	c := &child{cmd: cmd, lines: make(chan string, 16)}
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			c.lines <- sc.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		_ = cmd.Wait()
		logFile.Close()
		if t.Failed() {
			log, _ := os.ReadFile(logPath)
			t.Logf("child %s's log:\n%s", holder, log)
		}
	})
	return c
}

// expect waits for the child's next line, which must start with what, and returns the
// token after it.
func (c *child) expect(t *testing.T, what string, within time.Duration) int64 {
	t.Helper()
	select {
	case line, ok := <-c.lines:
		require.True(t, ok, "the child exited before %q", what)
		token, found := strings.CutPrefix(line, what+" ")
		require.True(t, found, "got %q, want %q", line, what)
		n, err := strconv.ParseInt(token, 10, 64)
		require.NoError(t, err)
		return n
	case <-time.After(within):
		t.Fatalf("the child did not say %q within %s", what, within)
		return 0
	}
}

func (c *child) signal(t *testing.T, sig syscall.Signal) {
	t.Helper()
	require.NoError(t, c.cmd.Process.Signal(sig))
}

func openPostgres(t *testing.T, dsn string) *store.Postgres {
	t.Helper()
	st, err := store.OpenPostgres(context.Background(), dsn)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	return st
}

// requireFencedOrder fails unless every fenced write of cs's terms landed in the order of
// their tokens: the store gave each write of an older term a smaller id than each write of
// a newer one (a fenced write locks the lease row until its commit, and a change of holder
// writes that row), and each term in terms wrote. Two terms may overlap in time: a leader
// whose session the server ended may run on until it notices, but none of its writes land
// once the next term began.
func requireFencedOrder(t *testing.T, terms []term, cs ...*campaign) {
	t.Helper()
	var all []landedWrite
	for _, c := range cs {
		c.mu.Lock()
		all = append(all, c.writes...)
		c.mu.Unlock()
	}
	slices.SortFunc(all, func(a, b landedWrite) int { return cmp.Compare(a.id, b.id) })
	for i := 1; i < len(all); i++ {
		prev, next := all[i-1], all[i]
		require.GreaterOrEqual(t, next.token, prev.token,
			"%s's write %d with token %d landed after %s's write %d with the newer token %d", next.holder, next.id, next.token, prev.holder, prev.id, prev.token)
	}
	for _, tm := range terms {
		require.True(t, slices.ContainsFunc(all, func(w landedWrite) bool { return w.token == tm.token }),
			"%s's term %d wrote nothing", tm.holder, tm.token)
	}
}

// requireFenced checks that the fenced store of token refuses every kind of write.
func requireFenced(t *testing.T, st store.Store, token int64) {
	t.Helper()
	ctx := context.Background()
	old := election.Fence(st, lease, token, nil)
	_, err := old.InsertTx(ctx, journalTx(1))
	require.ErrorIs(t, err, store.ErrFenced)
	require.ErrorIs(t, old.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 9, UpdatedAt: time.Now()}), store.ErrFenced)
	require.ErrorIs(t, old.InTx(ctx, func(store.Tx) error { return nil }), store.ErrFenced)
}

// childLeads starts, on a new database, a child process that leads lease with leaseTTL
// and then a campaign b in this process, and returns the store, the child, the child's
// token and b.
func childLeads(t *testing.T, leaseTTL time.Duration) (*store.Postgres, *child, int64, *campaign) {
	t.Helper()
	dsn := pgtest.Start(t)
	st := openPostgres(t, dsn)
	victim := startChild(t, dsn, "victim", leaseTTL)
	token := victim.expect(t, "leading", 20*time.Second)
	return st, victim, token, startCampaignWith(t, election.Config{Holder: "b", TTL: leaseTTL}, st)
}

// startPair starts, on a new database, a campaign a with a 10 s lease TTL, waits until it
// leads, then starts b, and returns the database's DSN, the store, a and b. Each writes
// through its fenced store while it leads (startWritingCampaign).
func startPair(t *testing.T) (string, *store.Postgres, *campaign, *campaign) {
	t.Helper()
	dsn := pgtest.Start(t)
	st := openPostgres(t, dsn)
	cfg := func(holder string) election.Config { return election.Config{Holder: holder, TTL: 10 * time.Second} }
	nonces := new(atomic.Uint64)
	a := startWritingCampaign(t, cfg("a"), st, nonces)
	waitLeader(t, 5*time.Second, a)
	return dsn, st, a, startWritingCampaign(t, cfg("b"), st, nonces)
}

// TestSessionCrashFailover: on PostgreSQL, a leader whose process is SIGKILLed is
// replaced within 3 s although its lease lasts 10 s (its session ended), and not before
// it died (its session lived); the old token's writes are fenced off.
func TestSessionCrashFailover(t *testing.T) {
	const longTTL = 10 * time.Second
	st, victim, oldToken, b := childLeads(t, longTTL)

	time.Sleep(2 * time.Second) // two polls of b: the victim's session lives
	_, ok := b.el.Leading(lease)
	require.False(t, ok, "b took the lease of a live leader")
	require.Equal(t, "victim", leaseRow(t, st).Holder)

	victim.signal(t, syscall.SIGKILL)
	killed := time.Now()
	waitLeader(t, 3*time.Second, b)
	took := time.Since(killed)
	bt, _ := b.lastTerm()
	t.Logf("failover after SIGKILL: %s (lease TTL %s)", took, longTTL)
	require.Less(t, took, 3*time.Second)
	require.Greater(t, bt.token, oldToken)
	requireFenced(t, st, oldToken)
}

// TestSessionPausedHolder: a leader whose process is paused (SIGSTOP: its connection
// stays open) is replaced when its lease expires, not before; its token's writes are
// fenced off; resumed, it finds the lease taken and stops.
func TestSessionPausedHolder(t *testing.T) {
	const pauseTTL = 3 * time.Second
	st, victim, oldToken, b := childLeads(t, pauseTTL)

	victim.signal(t, syscall.SIGSTOP)
	paused := time.Now()
	expires := leaseRow(t, st).ExpiresAt // its last renewal's
	waitLeader(t, pauseTTL+2*time.Second, b)
	bt, _ := b.lastTerm()
	t.Logf("failover after SIGSTOP: %s (lease TTL %s, expired %s after the pause)", time.Since(paused), pauseTTL, expires.Sub(paused))
	require.False(t, bt.start.Before(expires), "b took the lease of a paused leader at %s, before it expired at %s", bt.start, expires)
	require.Greater(t, bt.token, oldToken)
	requireFenced(t, st, oldToken)

	victim.signal(t, syscall.SIGCONT)
	require.Equal(t, oldToken, victim.expect(t, "stopped", pauseTTL))
	time.Sleep(pauseTTL / 2)
	_, ok := b.el.Leading(lease)
	require.True(t, ok, "b lost the lease to the resumed leader")
}

// TestSessionLostStopsLeader: a leader whose lease session the server ends stops its work
// at once (the lease may be taken now), and the lease has a leader again within 3 s with
// a new token; the old token's writes are fenced off, and none of the old term's writes
// landed after the new term's first (the terms may overlap in time, by the moment the old
// leader takes to notice).
func TestSessionLostStopsLeader(t *testing.T) {
	dsn, st, a, b := startPair(t)
	at, _ := a.lastTerm()

	require.Equal(t, 1, terminateByName(t, dsn, "dtwgate-lease a"))
	cut := time.Now()
	require.Eventually(t, func() bool { tm, _ := a.lastTerm(); return !tm.stop.IsZero() }, time.Second, 10*time.Millisecond,
		"a still leads a second after its session ended")
	next := waitLeader(t, 3*time.Second, a, b)
	nt, _ := next.lastTerm()
	t.Logf("after the session's end: a stopped, %s leads %s later", nt.holder, time.Since(cut))
	require.Greater(t, nt.token, at.token)
	requireFenced(t, st, at.token)
	waitWrote(t, next, nt.token)
	requireFencedOrder(t, []term{at, nt}, a, b)
}

// waitWrote waits until c's term of token made a fenced write.
func waitWrote(t *testing.T, c *campaign, token int64) {
	t.Helper()
	require.Eventually(t, func() bool {
		c.mu.Lock()
		defer c.mu.Unlock()
		return slices.ContainsFunc(c.writes, func(w landedWrite) bool { return w.token == token })
	}, 5*time.Second, 10*time.Millisecond, "the term of token %d wrote nothing", token)
}

// TestSessionPostgresRestart: when PostgreSQL restarts, the leader stops at once, and the
// lease has one leader again soon after the server is back; the old term's writes all
// landed before the new term's.
func TestSessionPostgresRestart(t *testing.T) {
	_, _, a, b := startPair(t)
	at, _ := a.lastTerm()
	waitWrote(t, a, at.token)

	restarting := time.Now()
	stopped := make(chan time.Duration, 1)
	go func() {
		for time.Since(restarting) < 10*time.Second {
			if tm, _ := a.lastTerm(); !tm.stop.IsZero() {
				stopped <- time.Since(restarting)
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
		close(stopped)
	}()
	require.NoError(t, pgtest.Shared().Restart(context.Background()))
	back := time.Now()
	d, ok := <-stopped
	require.True(t, ok, "a still leads after the restart")
	next := waitLeader(t, 5*time.Second, a, b)
	nt, _ := next.lastTerm()
	t.Logf("restart took %s; a stopped %s after it began; %s leads %s after the server was back", back.Sub(restarting), d, nt.holder, time.Since(back))
	waitWrote(t, next, nt.token)
	requireFencedOrder(t, []term{at, nt}, a, b)
}

// terminateByName ends the server's sessions of application_name name, as an
// administrator's pg_terminate_backend does, and returns how many it ended.
func terminateByName(t *testing.T, dsn, name string) int {
	t.Helper()
	ctx := context.Background()
	c, err := pgx.Connect(ctx, dsn)
	require.NoError(t, err)
	defer c.Close(ctx)
	var n int
	require.NoError(t, c.QueryRow(ctx, `SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = $1`, name).Scan(&n))
	return n
}

// countingSessions counts the campaign rounds (TakeLease) of the Sessions it wraps.
type countingSessions struct {
	election.Sessions
	takes atomic.Int64
}

// TakeLease counts a round and runs it.
func (c *countingSessions) TakeLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (store.Lease, error) {
	c.takes.Add(1)
	return c.Sessions.TakeLease(ctx, name, holder, ttl, at)
}

// TestSessionIdleCampaigns: on PostgreSQL, a process that does not lead a lease campaigns
// for it once a second by default (DefaultSessionPoll), a statement each time in every
// replica and for every lease, not twice a second as before; a crash is still taken over
// well within 3 s (TestSessionCrashFailover).
func TestSessionIdleCampaigns(t *testing.T) {
	dsn := pgtest.Start(t)
	st := openPostgres(t, dsn)
	a := startCampaignWith(t, election.Config{Holder: "a", TTL: 10 * time.Second}, st)
	waitLeader(t, 5*time.Second, a)
	counted := &countingSessions{Sessions: st}
	b := startCampaignWith(t, election.Config{Holder: "b", TTL: 10 * time.Second, Sessions: counted}, st)
	const idle = 3 * time.Second
	time.Sleep(idle)
	_, ok := b.el.Leading(lease)
	require.False(t, ok, "b took the lease of a live leader")
	takes := counted.takes.Load()
	t.Logf("%d campaign rounds in %s", takes, idle)
	require.LessOrEqual(t, takes, int64(idle/election.DefaultSessionPoll)+1, "campaign rounds of a process that does not lead")
	require.LessOrEqual(t, takes, int64(4), "campaign rounds in %s, want about one a second", idle)
}
