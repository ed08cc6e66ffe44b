// Package app is the gateway's composition root: it builds every part of a dtwgate
// process from one checked config and runs it, so the binary, the tests and an embedder
// assemble the gateway the same way. A process plays a role: the REST API, the settler of
// every configured chain (follower, engine and sender), or both. The two roles share
// nothing but the store, so API processes and settlers may run apart on one store; of
// several settler processes, the settler of each chain and the OFFCHAIN matcher run in
// the one elected through the store (package election).
//
// NewServices builds each service of a process once (one chain registry, one price
// source, one RPC client per chain); NewAPI wires them into the HTTP service
// (gateway.New constructs none); the settler's work and the dtwgate admin commands use
// the same services, the admin commands built Offline.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"net"
	"net/http"
	"os"
	"slices"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/probe"
	"github.com/dtwgate/dtwgate/internal/receiptkey"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// Role is what a process runs.
type Role string

// Roles.
const (
	// RoleAPI serves the REST API. It reads what the settlers record and stores relay
	// requests for them; it signs nothing.
	RoleAPI Role = "api"
	// RoleSettler follows, settles and relays on every configured chain with a DTW
	// contract, and matches OFFCHAIN limit orders. Any number may run on one store: the
	// settler of each chain, and the matcher, run in the one process elected for it.
	RoleSettler Role = "settler"
	// RoleAll is both, in one process (the default).
	RoleAll Role = "all"
)

// Roles lists the roles, for usage texts.
var Roles = []Role{RoleAPI, RoleSettler, RoleAll}

// OpenStore opens the store cfg names: its PostgreSQL database, or the SQLite database
// in its data directory (created, private, when absent).
func OpenStore(ctx context.Context, cfg config.Config) (store.Store, error) {
	if cfg.Store == "" {
		if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
			return nil, fmt.Errorf("create data dir: %w", err)
		}
	}
	return store.Open(ctx, cfg.Store, cfg.StorePath(), store.SQLiteOptions{Synchronous: cfg.StoreSync})
}

// ParseRole reads a role name; "" is RoleAll.
func ParseRole(s string) (Role, error) {
	if s == "" {
		return RoleAll, nil
	}
	if r := Role(s); slices.Contains(Roles, r) {
		return r, nil
	}
	return "", fmt.Errorf("invalid role %q: use api, settler or all", s)
}

func (r Role) serves() bool  { return r == RoleAPI || r == RoleAll }
func (r Role) settles() bool { return r == RoleSettler || r == RoleAll }

// Options are what a process adds to the config.
type Options struct {
	// Role is what the process runs. Default RoleAll.
	Role Role
	// Logger receives structured logs. Default slog.Default().
	Logger *slog.Logger
	// Listener is where the API serves, or, for RoleSettler, its /healthz, /readyz and
	// /metrics. Default: listen on the config's Listen address.
	Listener net.Listener
	// Metrics is the registry of the process's metrics (/metrics serves it). Default: a
	// new registry with the Go and process collectors.
	Metrics *prometheus.Registry
	// BeforeBroadcast is passed to every chain's sender (crash tests only; nil in
	// production).
	BeforeBroadcast func(ctx context.Context, tx chain.JournalTx)
	// EngineInterval is the longest wait between settlement rounds. Default 1s.
	EngineInterval time.Duration
	// BumpAfter is how long a transaction of the operator may stay unmined before its
	// fees are bumped. Default 30s.
	BumpAfter time.Duration
	// PollInterval is the followers' wait between polls when caught up. Default 250ms.
	PollInterval time.Duration
	// SweepAfter is how long OFFCHAIN deposits wait in their forwarders before they are
	// swept to the treasury. Default 10s.
	SweepAfter time.Duration
	// RelayWait bounds how long the API waits for the settler to send a relay request
	// before it answers 503. Default onchain.DefaultRelayWait (20s).
	RelayWait time.Duration
	// Holder identifies the process in the leases it holds (the settler of each chain, the
	// OFFCHAIN matcher). Default election.NewHolderID() (hostname:pid:random).
	Holder string
}

// App is one gateway process, built by New and run by Run.
type App struct {
	cfg   config.Config
	role  Role
	log   *slog.Logger
	store store.Store
	api   *gateway.Service
	// probe serves /healthz, /readyz and /metrics on ln when the process serves no API
	// (RoleSettler); nil otherwise.
	probe http.Handler
	ln    net.Listener
	// elector campaigns for the leases of the settler role's work; nil otherwise.
	elector *election.Elector
	// leaderWork is the settler role's work, by lease: each runs only while this process
	// holds its lease, on the store fenced by the lease's token.
	leaderWork map[string]func(ctx context.Context, st *election.Fenced) error
	// svcs are the process's services, each built once (NewServices).
	svcs *Services
	// tokens signs and verifies the API's JWTs with the store's keys (Run reloads them);
	// nil without the API.
	tokens *auth.Tokens
	// hooks delivers the webhook subscriptions' events (the settler role); nil otherwise.
	hooks   *webhooks.Dispatcher
	closers []func()
	ran     bool
	// pprofLn is the profiler's listener, nil when cfg.Debug.PprofListen is empty.
	pprofLn net.Listener
	// operators are the chains' operator addresses, by source name (the settler role).
	operators map[string]common.Address
}

// matchInterval is how often the settler looks at resting OFFCHAIN limit orders.
const matchInterval = 250 * time.Millisecond

// MatcherLease is the lease of the OFFCHAIN limit-order matcher.
const MatcherLease = "offchain-matcher"

// ReceiptsLease is the lease of the receipt signer: one settling process signs the
// receipts every replica writes, where each process holding the key used to compute
// every signature again. A process that only serves the API signs none. Its writes need
// no fencing: a signature is only recorded on a receipt that has none, so a signer that
// lost the lease and still writes records a valid signature or nothing.
const ReceiptsLease = "receipts-signer"

// SettlerLease returns the lease of the settler of a chain.
func SettlerLease(source string) string { return "settler:" + source }

// New builds the process of opts.Role from cfg: it opens the store in cfg's data
// directory (creating the directory), dials every chain's RPC (and those of the price
// feeds) and, for the settler, opens the operator signers; for the API it loads the JWT and secret keys and listens. It
// serves and settles nothing until Run. cfg is a finished config (config.Config.Finish);
// New checks it.
func New(ctx context.Context, cfg config.Config, opts Options) (_ *App, err error) {
	if err := cfg.Check(); err != nil {
		return nil, fmt.Errorf("invalid config: %w", err)
	}
	if opts.Role == "" {
		opts.Role = RoleAll
	}
	if _, err := ParseRole(string(opts.Role)); err != nil {
		return nil, err
	}
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Metrics == nil {
		opts.Metrics = metrics.NewRegistry()
	}
	if opts.Holder == "" {
		opts.Holder = election.NewHolderID()
	}
	a := &App{cfg: cfg, role: opts.Role, log: opts.Logger, leaderWork: map[string]func(context.Context, *election.Fenced) error{},
		operators: map[string]common.Address{}}
	defer func() {
		if err != nil {
			if opts.Listener != nil && a.ln == nil {
				_ = opts.Listener.Close()
			}
			_ = a.Close()
		}
	}()
	if a.store, err = OpenStore(ctx, cfg); err != nil {
		return nil, err
	}
	if gc, ok := a.store.(metrics.GroupCommitter); ok {
		metrics.NewStoreCommits(opts.Metrics, gc)
	}
	if rt, ok := a.store.(metrics.RoundTripCounter); ok {
		metrics.NewStoreRoundTrips(opts.Metrics, rt)
	}
	if ra, ok := a.store.(metrics.ReadAheadCounter); ok {
		metrics.NewStoreReadAheads(opts.Metrics, ra)
	}
	if nc, ok := a.store.(metrics.NotificationCounter); ok {
		metrics.NewStoreNotifications(opts.Metrics, nc)
	}
	if gc, ok := a.store.(metrics.GatherCounter); ok {
		metrics.NewStoreGathers(opts.Metrics, gc)
	}
	var secrets *auth.Secrets
	if opts.Role.serves() {
		if secrets, err = InitSecrets(ctx, a.store, cfg.SecretKeyFile, time.Now()); err != nil {
			return nil, err
		}
	}
	sopts := ServiceOptions{Logger: a.log, Secrets: secrets, PublishPrices: opts.Role.settles(), RelayWait: opts.RelayWait}
	if opts.Role.serves() {
		sopts.Metrics = opts.Metrics // the websocket's, which only the API serves
	}
	if opts.Role.settles() {
		sopts.RPCMetrics = metrics.NewRPC(opts.Metrics) // the settler's RPC pools', shared with the API
	}
	if a.svcs, err = NewServices(ctx, cfg, a.store, sopts); err != nil {
		return nil, err
	}
	a.closers = append(a.closers, a.svcs.Close)
	if opts.Role.settles() {
		if a.elector, err = election.New(election.Config{Holder: opts.Holder, TTL: cfg.Election.LeaseTTL, Logger: a.log,
			Metrics: metrics.NewElection(opts.Metrics)}, a.store); err != nil {
			return nil, err
		}
		if err := a.buildSettler(ctx, opts); err != nil {
			return nil, err
		}
		audits := metrics.NewLedgerAudit(opts.Metrics)
		a.leaderWork[MatcherLease] = func(ctx context.Context, st *election.Fenced) error {
			go a.auditLedger(ctx, audits)
			_, matcher := a.svcs.newTrading(st, election.Narrow[offchain.TradingTx](st))
			matcher.RunMatcher(ctx, matchInterval, func(err error) {
				a.log.Warn("limit order matching failed; will retry", "err", err)
			})
			return ctx.Err()
		}
		a.buildWebhooks(opts)
		if err := a.buildReserves(); err != nil {
			return nil, err
		}
	}
	if k := a.svcs.ReceiptKey; k != nil { // opened, and closed, by the services
		for name, op := range a.operators {
			if op == k.Signer.Address() {
				return nil, fmt.Errorf("invalid config: %w: %s is %s's operator; give receipts.key a key of its own",
					receiptkey.ErrOperatorKey, op, name)
			}
		}
		a.svcs.ReceiptKeys = k.Published
		if a.elector != nil {
			a.leaderWork[ReceiptsLease] = func(ctx context.Context, _ *election.Fenced) error {
				ledger.RunReceiptSigner(ctx, a.store, k.Signer, a.store.EventsNotifyBackground, time.Second, a.log)
				return ctx.Err()
			}
		}
	}
	if opts.Role.serves() {
		if err := a.buildAPI(ctx, opts); err != nil {
			return nil, err
		}
	} else if err := a.buildProbe(opts); err != nil {
		return nil, err
	}
	if err := a.listenPprof(); err != nil {
		return nil, err
	}
	return a, nil
}

// buildAPI wires the HTTP service over the process's services and listens.
func (a *App) buildAPI(ctx context.Context, opts Options) error {
	cfg := a.cfg
	keys, err := InitSigningKeys(ctx, a.store, cfg.JWTKeyFile, time.Now(), a.log)
	if err != nil {
		return err
	}
	tokens, err := auth.NewTokens(keys[0].Secret, cfg.TokenTTL)
	if err != nil {
		return err
	}
	if err := tokens.SetKeys(keys); err != nil {
		return err
	}
	a.tokens = tokens
	code, closeRPC, err := contractWallets(ctx, cfg)
	if err != nil {
		return err
	}
	a.closers = append(a.closers, closeRPC)
	if a.api, err = NewAPI(cfg, a.store, a.svcs, APIOptions{Tokens: tokens, CodeVerifier: code, Metrics: opts.Metrics,
		Holder: a.holder()}); err != nil {
		return err
	}
	a.ln = opts.Listener
	if a.ln == nil {
		if a.ln, err = net.Listen("tcp", cfg.Listen); err != nil {
			return fmt.Errorf("listen: %w", err)
		}
	}
	return nil
}

// buildProbe makes a process without the API (RoleSettler) serve /healthz, /readyz and
// /metrics on its listener, so the process that holds the operator key can be scraped.
func (a *App) buildProbe(opts Options) error {
	a.probe = probe.Handler(probe.Options{Store: a.store, Holder: a.holder(), Metrics: opts.Metrics, Logger: a.log,
		ReceiptKeys: a.svcs.ReceiptKeys})
	a.ln = opts.Listener
	if a.ln == nil {
		var err error
		if a.ln, err = net.Listen("tcp", a.cfg.Listen); err != nil {
			return fmt.Errorf("listen (a settler serves /healthz, /readyz and /metrics on --listen): %w", err)
		}
	}
	return nil
}

// Addr returns the address the process listens on: the API's, or for RoleSettler that of
// its /healthz, /readyz and /metrics.
func (a *App) Addr() net.Addr {
	if a.ln == nil {
		return nil
	}
	return a.ln.Addr()
}

// Store returns the process's store (admin tasks and tests use it).
func (a *App) Store() store.Store { return a.store }

// Role returns what the process runs.
func (a *App) Role() Role { return a.role }

// holder is the process's id in the leases it campaigns for, "" when it campaigns for
// none (RoleAPI).
func (a *App) holder() string {
	if a.elector == nil {
		return ""
	}
	return a.elector.Holder()
}

// Run serves and settles (and reads the price feeds) until ctx ends, then shuts the API down gracefully and waits for
// the engines. It returns an error only when the API cannot serve. Run once.
func (a *App) Run(ctx context.Context) error {
	if a.ran {
		return errors.New("app: Run called twice")
	}
	a.ran = true
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		a.servePprof(ctx)
	}()
	if a.svcs.Feeds != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = a.svcs.Feeds.Run(ctx) // ends with ctx
		}()
	}
	if a.tokens != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			refreshSigningKeys(ctx, a.store, a.tokens, a.log)
		}()
	}
	if a.hooks != nil {
		wg.Add(1)
		go func() {
			defer wg.Done()
			a.runWebhooks(ctx)
		}()
	}
	for lease, work := range a.leaderWork {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = a.elector.Run(ctx, lease, func(ctx context.Context, token int64) error { // ends with ctx
				return work(ctx, election.Fence(a.store, lease, token, nil))
			})
		}()
	}
	var err error
	if a.api != nil {
		a.log.Info("serving", slog.String("role", string(a.role)), slog.String("listen", a.ln.Addr().String()),
			slog.String("base_path", a.cfg.BasePath), slog.String("data_dir", a.cfg.DataDir),
			slog.String("siwe_domain", a.cfg.SIWE.Domain), slog.String("siwe_uri", a.cfg.SIWE.URI))
		if err = a.api.Serve(ctx, a.ln); errors.Is(err, net.ErrClosed) {
			err = nil
		}
		a.ln = nil // Serve closed it
	} else {
		a.log.Info("settling", slog.String("role", string(a.role)), slog.String("data_dir", a.cfg.DataDir), slog.Any("leases", slices.Sorted(maps.Keys(a.leaderWork))),
			slog.String("holder", a.elector.Holder()), slog.String("listen", a.ln.Addr().String()))
		if err = probe.Serve(ctx, a.ln, a.probe, a.cfg.ShutdownGrace); errors.Is(err, net.ErrClosed) {
			err = nil
		}
		a.ln = nil // Serve closed it
	}
	cancel()
	wg.Wait()
	a.log.Info("stopped")
	return err
}

// Close releases what New opened: the listener (if Run did not serve), the RPC clients,
// the operator signers and the store. Call it after Run returns.
func (a *App) Close() error {
	if a.ln != nil && !a.ran {
		_ = a.ln.Close()
	}
	for i := len(a.closers) - 1; i >= 0; i-- {
		a.closers[i]()
	}
	a.closers = nil
	if a.store != nil {
		err := a.store.Close()
		a.store = nil
		return err
	}
	return nil
}

// auditEvery is how often the leader of the OFFCHAIN matcher audits the whole ledger.
const auditEvery = 5 * time.Minute

// auditLedger audits the OFFCHAIN ledger (ledger.Audit) at once and every auditEvery
// until ctx ends, recording each result for the DtwgateLedgerUnbalanced alert and logging
// a failure. It only reads.
func (a *App) auditLedger(ctx context.Context, m *metrics.LedgerAudit) {
	t := time.NewTicker(auditEvery)
	defer t.Stop()
	for {
		switch err := ledger.Audit(ctx, a.store); {
		case err == nil:
			m.RecordAudit("ok")
		case errors.Is(err, ledger.ErrUnbalanced):
			m.RecordAudit("unbalanced")
			a.log.Error("the OFFCHAIN ledger does not balance", "err", err)
		case ctx.Err() != nil:
			return
		default:
			m.RecordAudit("error")
			a.log.Warn("ledger audit failed; will retry", "err", err)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
