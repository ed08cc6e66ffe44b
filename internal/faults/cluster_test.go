package faults

import (
	"context"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/gatewaytest"
)

// replica is one `dtwgate serve --role all` process: its own port and data directory,
// the shared store; restartable on the same port.
type replica struct {
	idx     int
	addr    string
	dataDir string
	logPath string

	mu   sync.Mutex
	cur  *run
	runs int
}

// run is one process of a replica.
type run struct {
	cmd      *exec.Cmd
	exited   chan struct{}
	expected atomic.Bool // the exit is ours (a kill or the end of the test)
}

// cluster is the replicas of one store. A replica that exits on its own (not killed by
// the test) is counted and restarted, as a supervisor would.
type cluster struct {
	e        *env
	bin      string
	reps     []*replica
	mu       sync.Mutex
	exits    []string
	stopping bool
	wg       sync.WaitGroup
}

func newCluster(t *testing.T, e *env) *cluster {
	t.Helper()
	c := &cluster{e: e, bin: gatewaytest.Binary(t)}
	for i := range replicas {
		dir := filepath.Join(e.dir, fmt.Sprintf("replica%d", i))
		require.NoError(t, os.MkdirAll(dir, 0o700))
		c.reps = append(c.reps, &replica{idx: i, addr: gatewaytest.FreeAddr(t), dataDir: dir, logPath: filepath.Join(e.dir, fmt.Sprintf("replica%d.log", i))})
	}
	t.Cleanup(func() {
		c.mu.Lock()
		c.stopping = true
		c.mu.Unlock()
		for _, r := range c.reps {
			c.kill(r)
		}
		c.wg.Wait()
		if t.Failed() {
			for _, r := range c.reps {
				t.Logf("replica %d (%s) log tail:\n%s", r.idx, r.addr, tailFile(r.logPath, 6000))
			}
		}
	})
	return c
}

func (c *cluster) addrs() []string {
	var out []string
	for _, r := range c.reps {
		out = append(out, r.addr)
	}
	return out
}

func (c *cluster) startAll(t *testing.T) {
	t.Helper()
	for _, r := range c.reps {
		require.NoError(t, c.start(r))
	}
}

// start runs the replica and waits until its /readyz answers 200 (60 s at most).
func (c *cluster) start(r *replica) error {
	logs, err := os.OpenFile(r.logPath, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	r.mu.Lock()
	r.runs++
	fmt.Fprintf(logs, "---- run %d at %s ----\n", r.runs, time.Now().Format(time.RFC3339Nano))
	cmd := exec.Command(c.bin, "serve", "--role", "all", "--config", c.e.cfg, "--data-dir", r.dataDir, "--store", c.e.dsn, "--listen", r.addr)
	cmd.Env = gatewaytest.Env()
	cmd.Stdout, cmd.Stderr = logs, logs
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		r.mu.Unlock()
		logs.Close()
		return fmt.Errorf("replica %d: %w", r.idx, err)
	}
	exited := make(chan struct{})
	cur := &run{cmd: cmd, exited: exited}
	r.cur = cur
	r.mu.Unlock()
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		err := cmd.Wait()
		logs.Close()
		close(exited)
		expected := cur.expected.Load()
		c.mu.Lock()
		stopping := c.stopping
		if !expected && !stopping {
			c.exits = append(c.exits, fmt.Sprintf("replica %d pid %d exited on its own at %s: %v", r.idx, cmd.Process.Pid, time.Now().Format(time.TimeOnly), err))
		}
		c.mu.Unlock()
		if !expected && !stopping {
			time.Sleep(time.Second)
			_ = c.start(r) // a supervisor restarts it
		}
	}()
	hc := &http.Client{Timeout: 2 * time.Second}
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case <-exited:
			return fmt.Errorf("replica %d exited at start:\n%s", r.idx, tailFile(r.logPath, 3000))
		default:
		}
		if resp, err := hc.Get("http://" + r.addr + "/readyz"); err == nil {
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return fmt.Errorf("replica %d not ready within 60s:\n%s", r.idx, tailFile(r.logPath, 3000))
}

// kill SIGKILLs the replica (if it runs) and waits until it is gone.
func (c *cluster) kill(r *replica) {
	r.mu.Lock()
	cur := r.cur
	r.mu.Unlock()
	if cur == nil {
		return
	}
	cur.expected.Store(true)
	_ = cur.cmd.Process.Kill()
	<-cur.exited
}

// pid returns the replica's current process id, 0 when it does not run.
func (r *replica) pid() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.cur == nil {
		return 0
	}
	select {
	case <-r.cur.exited:
		return 0
	default:
	}
	return r.cur.cmd.Process.Pid
}

// byPid returns the replica running as pid, nil for none.
func (c *cluster) byPid(pid int) *replica {
	for _, r := range c.reps {
		if pid != 0 && r.pid() == pid {
			return r
		}
	}
	return nil
}

// crashes returns how many times a replica exited without being killed.
func (c *cluster) crashes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return len(c.exits)
}

// holderPid is the pid in a lease holder id (hostname:pid:random), 0 if none.
func holderPid(holder string) int {
	parts := strings.Split(holder, ":")
	if len(parts) != 3 {
		return 0
	}
	pid, _ := strconv.Atoi(parts[1])
	return pid
}

// leaders returns the pid holding each held lease now, from the store.
func (e *env) leaders(ctx context.Context) (map[string]int, error) {
	ls, err := e.st.Leases(ctx)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	out := map[string]int{}
	for _, l := range ls {
		if l.HeldAt(now) {
			out[l.Name] = holderPid(l.Holder)
		}
	}
	return out, nil
}

// waitNewLeader polls the store until lease is held by a process other than dead, and
// returns how long after since that was.
func (e *env) waitNewLeader(ctx context.Context, lease string, dead int, since time.Time) (time.Duration, error) {
	for {
		if ls, err := e.leaders(ctx); err == nil {
			if pid, ok := ls[lease]; ok && pid != dead && pid != 0 {
				return time.Since(since), nil
			}
		}
		select {
		case <-ctx.Done():
			return time.Since(since), fmt.Errorf("no new leader of %s after %s: %w", lease, time.Since(since).Round(time.Second), ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// tailFile returns the last n bytes of a file.
func tailFile(path string, n int) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return err.Error()
	}
	if len(b) > n {
		b = b[len(b)-n:]
	}
	return string(b)
}
