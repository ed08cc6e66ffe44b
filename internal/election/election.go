// Package election runs work that must run in one process at a time among the processes
// of one store (the settler of each chain, the OFFCHAIN matcher): an Elector campaigns
// for a named lease in the store and runs the work while it holds it, and Fenced makes
// the work's writes check the lease's fencing token in their own transaction, so a
// process that lost its lease (paused, partitioned) can never write after another took
// over. Where the store allows (PostgreSQL: Sessions), a lease is also tied to its
// holder's database session, so that a holder that dies is replaced in about a second
// instead of when its lease expires.
package election

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/internal/store"
)

// DefaultTTL is the default lease lifetime: a leader whose process is paused (or, without
// Sessions, dies) is replaced within about this long.
const DefaultTTL = 10 * time.Second

// DefaultSessionPoll is the default of Config.SessionPoll: a crashed leader is replaced
// within about a second, well inside the 3 s the fault suite allows, while each process
// that does not lead a lease campaigns for it once a second (a statement of the
// database's per lease and replica: at 500 ms, the second largest idle cost of each
// replica added).
const DefaultSessionPoll = time.Second

// Store is where an Elector keeps its leases.
type Store interface {
	AcquireLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (store.Lease, error)
	ReleaseLease(ctx context.Context, name, holder string, token int64, at time.Time) error
}

// Sessions ties each lease to its holder's database session (store.Postgres implements
// it): a campaigner keeps a LeaseSession open, and TakeLease takes a lease from a holder
// whose session ended (its process died, its connection was cut, the database restarted)
// without waiting for the lease to expire.
type Sessions interface {
	// OpenLeaseSession opens holder's session for lease.
	OpenLeaseSession(ctx context.Context, lease, holder string) (*store.LeaseSession, error)
	// TakeLease is AcquireLease that also takes the lease from a holder whose session
	// ended.
	TakeLease(ctx context.Context, name, holder string, ttl time.Duration, at time.Time) (store.Lease, error)
}

// Metricer records leadership. An Elector calls it from each campaign's goroutine,
// concurrently.
type Metricer interface {
	// RecordLeader records that this process leads lease, or no longer does.
	RecordLeader(lease string, leading bool)
}

// NoopMetrics records nothing.
type NoopMetrics struct{}

// RecordLeader implements Metricer.
func (NoopMetrics) RecordLeader(string, bool) {}

var _ Metricer = NoopMetrics{}

// Config configures an Elector.
type Config struct {
	// Holder identifies this process in the leases it holds. Default NewHolderID().
	Holder string
	// TTL is how long a lease lasts unless renewed; the leader renews it every TTL/3 and
	// stops its work once it could not renew it for 2/3 TTL, before it expires. Another
	// process takes an abandoned lease within about TTL plus TTL/3. Default DefaultTTL.
	TTL time.Duration
	// Logger receives leadership changes. Default slog.Default().
	Logger *slog.Logger
	// Metrics records leadership. Default NoopMetrics.
	Metrics Metricer
	// Now is the clock lease times are taken from; every process of a store must keep its
	// clock within a small fraction of TTL of the others'. Default time.Now.
	Now func() time.Time
	// Sessions ties the leases to this process's database sessions, so that a leader
	// whose session ends is replaced within about SessionPoll instead of TTL. Default:
	// the store, when it implements Sessions (PostgreSQL); otherwise none, the TTL alone.
	Sessions Sessions
	// SessionPoll is how often, with Sessions, a process that does not lead a lease
	// campaigns for it (each round takes the lease when its holder's session ended).
	// Default DefaultSessionPoll, at most TTL/3.
	SessionPoll time.Duration
}

// Check validates the config (after defaults).
func (c Config) Check() error {
	if c.TTL < 300*time.Millisecond || c.TTL > 5*time.Minute {
		return fmt.Errorf("lease ttl %s: must be between 300ms and 5m", c.TTL)
	}
	if c.SessionPoll < 10*time.Millisecond || c.SessionPoll > c.TTL/3 {
		return fmt.Errorf("lease session poll %s: must be between 10ms and ttl/3 (%s)", c.SessionPoll, c.TTL/3)
	}
	return nil
}

// Elector campaigns for leases on behalf of one process. It is safe for concurrent use:
// run one Run per lease name, each in its own goroutine.
type Elector struct {
	cfg Config
	st  Store
	log *slog.Logger
	mu  sync.Mutex
	// leading maps the leases this process holds to their tokens.
	leading map[string]int64
}

// New returns an Elector over st. It fails only on an invalid config.
func New(cfg Config, st Store) (*Elector, error) {
	if cfg.Holder == "" {
		cfg.Holder = NewHolderID()
	}
	if cfg.TTL == 0 {
		cfg.TTL = DefaultTTL
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NoopMetrics{}
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Sessions == nil {
		cfg.Sessions, _ = st.(Sessions)
	}
	if cfg.SessionPoll == 0 {
		cfg.SessionPoll = min(DefaultSessionPoll, cfg.TTL/3)
	}
	if err := cfg.Check(); err != nil {
		return nil, fmt.Errorf("invalid config: %w", err)
	}
	return &Elector{cfg: cfg, st: st, log: cfg.Logger.With("holder", cfg.Holder), leading: map[string]int64{}}, nil
}

// NewHolderID returns an id for this process: hostname:pid:random.
func NewHolderID() string {
	host, err := os.Hostname()
	if err != nil || host == "" {
		host = "unknown"
	}
	b := make([]byte, 4)
	_, _ = rand.Read(b) // never fails (crypto/rand panics rather than return an error)
	return fmt.Sprintf("%s:%d:%s", host, os.Getpid(), hex.EncodeToString(b))
}

// Holder returns the id this process holds leases under.
func (e *Elector) Holder() string { return e.cfg.Holder }

// TTL returns the lease lifetime.
func (e *Elector) TTL() time.Duration { return e.cfg.TTL }

// Leading returns the token of lease when this process leads it.
func (e *Elector) Leading(lease string) (token int64, ok bool) {
	e.mu.Lock()
	defer e.mu.Unlock()
	token, ok = e.leading[lease]
	return token, ok
}

func (e *Elector) setLeading(lease string, token int64, ok bool) {
	e.mu.Lock()
	if ok {
		e.leading[lease] = token
	} else {
		delete(e.leading, lease)
	}
	e.mu.Unlock()
	e.cfg.Metrics.RecordLeader(lease, ok)
}

// Run campaigns for lease until ctx ends: it tries to acquire it every TTL/3 (with
// Sessions, every SessionPoll, over a session of its own that it keeps open) and, each
// time it does, runs fn with a context that ends when the leadership does and the
// lease's fencing token (pass it to Fence). While fn runs, Run renews the lease every
// TTL/3; it cancels fn's context at once when another process holds the lease, when its
// session was lost (the database may have released the lease to another process), and
// when it could not renew it for 2/3 TTL (so fn stops before the lease expires, not after
// another took over), then waits for fn to return. When ctx ends it cancels fn, waits for
// it and releases the lease, so another process takes over at once. When fn returns by
// itself, its error is logged and the lease released; Run campaigns again after TTL. Run
// returns ctx's error.
func (e *Elector) Run(ctx context.Context, lease string, fn func(ctx context.Context, token int64) error) error {
	every := e.cfg.TTL / 3
	poll := every
	if e.cfg.Sessions != nil {
		poll = e.cfg.SessionPoll
	}
	log := e.log.With("lease", lease)
	e.cfg.Metrics.RecordLeader(lease, false)
	var sess *store.LeaseSession
	defer func() { _ = sess.Close() }()
	for {
		wait := poll
		var err error
		if sess, err = e.session(ctx, log, lease, sess); err != nil {
			if ctx.Err() == nil {
				log.Warn("could not open the lease's database session; will retry", "err", err)
			}
			wait = every
		} else {
			at := e.cfg.Now()
			actx, cancel := context.WithTimeout(ctx, every)
			l, err := e.acquire(actx, lease, at)
			cancel()
			switch {
			case err == nil:
				if e.lead(ctx, log, l, at, sess.Lost(), fn) {
					wait = e.cfg.TTL // fn gave up by itself: let another process try first
				}
			case errors.Is(err, store.ErrLeaseHeld), ctx.Err() != nil:
			default:
				log.Warn("could not campaign for the lease; will retry", "err", err)
			}
		}
		if ctx.Err() != nil {
			return ctx.Err()
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(wait):
		}
	}
}

// session returns the open session of this process for lease, sess itself unless it was
// lost (then a new one); nil without Sessions.
func (e *Elector) session(ctx context.Context, log *slog.Logger, lease string, sess *store.LeaseSession) (*store.LeaseSession, error) {
	if e.cfg.Sessions == nil {
		return nil, nil
	}
	if sess != nil {
		select {
		case <-sess.Lost():
			log.Warn("the lease's database session was lost; opening another", "err", sess.Err())
			_ = sess.Close()
		default:
			return sess, nil
		}
	}
	octx, cancel := context.WithTimeout(ctx, e.cfg.TTL/3)
	defer cancel()
	sess, err := e.cfg.Sessions.OpenLeaseSession(octx, lease, e.cfg.Holder)
	if err == nil && !sess.Locked() {
		log.Warn("another session still holds this holder's lease lock (an earlier connection the database has not closed yet): if this process dies before it takes it, its lease is taken at its expiry")
	}
	return sess, err
}

// acquire takes or renews lease: with Sessions, also from a holder whose session ended.
func (e *Elector) acquire(ctx context.Context, lease string, at time.Time) (store.Lease, error) {
	if e.cfg.Sessions != nil {
		return e.cfg.Sessions.TakeLease(ctx, lease, e.cfg.Holder, e.cfg.TTL, at)
	}
	return e.st.AcquireLease(ctx, lease, e.cfg.Holder, e.cfg.TTL, at)
}

// lead runs fn while this process holds l, acquired at `at`, and its session lives (lost
// is closed when it ends), and reports whether fn returned by itself.
func (e *Elector) lead(ctx context.Context, log *slog.Logger, l store.Lease, at time.Time, lost <-chan struct{}, fn func(context.Context, int64) error) (returned bool) {
	every := e.cfg.TTL / 3
	// stopAt is when fn must stop unless a renewal lands: one renewal interval before the
	// lease expires.
	stopAt := at.Add(e.cfg.TTL - every)
	log = log.With("token", l.Token)
	log.Info("leading")
	e.setLeading(l.Name, l.Token, true)
	defer e.setLeading(l.Name, l.Token, false)

	lctx, cancel := context.WithCancel(ctx)
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- fn(lctx, l.Token) }()
	finish := func(why string, release bool, err error) {
		if err != nil && !errors.Is(err, context.Canceled) {
			log.Warn("lead work stopped with an error", "err", err)
		}
		log.Info("no longer leading", "why", why)
		if release {
			e.release(log, l)
		}
	}
	stop := func(why string, release bool) {
		cancel()
		finish(why, release, <-done)
	}
	renew := time.NewTicker(every)
	defer renew.Stop()
	watchdog := time.NewTimer(time.Until(stopAt))
	defer watchdog.Stop()
	for {
		select {
		case <-ctx.Done():
			stop("shutting down", true)
			return false
		case err := <-done:
			finish("the work returned", true, err)
			return true
		case <-watchdog.C:
			stop("could not renew the lease in time", true)
			return false
		case <-lost: // another process may take the lease now: stop before it does
			stop("the lease's database session was lost", true)
			return false
		case <-renew.C:
			now := e.cfg.Now()
			rctx, rcancel := context.WithDeadline(ctx, stopAt)
			r, err := e.st.AcquireLease(rctx, l.Name, e.cfg.Holder, e.cfg.TTL, now)
			rcancel()
			switch {
			case err == nil && r.Token == l.Token:
				stopAt = now.Add(e.cfg.TTL - every)
				watchdog.Reset(time.Until(stopAt))
			case err == nil: // it had expired: a new term, with a new token
				stop("the lease expired before its renewal", false)
				return false
			case errors.Is(err, store.ErrLeaseHeld):
				stop("another process holds the lease: "+r.Holder, false)
				return false
			case ctx.Err() != nil:
			default:
				log.Warn("could not renew the lease; will retry", "err", err, "stop_at", stopAt)
			}
		}
	}
}

// release frees l so that another process takes over at once.
func (e *Elector) release(log *slog.Logger, l store.Lease) {
	ctx, cancel := context.WithTimeout(context.Background(), e.cfg.TTL/3)
	defer cancel()
	if err := e.st.ReleaseLease(ctx, l.Name, e.cfg.Holder, l.Token, e.cfg.Now()); err != nil && !errors.Is(err, store.ErrNotFound) {
		log.Warn("could not release the lease; it expires by itself", "err", err)
	}
}
