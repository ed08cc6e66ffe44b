// Package gateway is the dtwgate HTTP service: the route table, its handlers, bearer-token
// and permission checks, errors as the interface states them, health, readiness and
// metrics endpoints, and the HTTP server's lifecycle.
package gateway

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"slices"
	"sort"
	"strings"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/access"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/probe"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/internal/solvency"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// HTTP server limits.
const (
	readHeaderTimeout = 5 * time.Second
	readTimeout       = 15 * time.Second
	writeTimeout      = 30 * time.Second
	idleTimeout       = 120 * time.Second
	// maxHeaderBytes is the request line and header limit the gateway enforces itself,
	// with a JSON 431 REQUEST_HEADERS_TOO_LARGE (limitRequest).
	maxHeaderBytes = 16 << 10
	// serverMaxHeaderBytes is net/http's own, larger limit: beyond it (plus net/http's
	// 4 KiB slack) net/http answers a plain-text 431 itself, which jsonErrorListener
	// rewrites into the same JSON body.
	serverMaxHeaderBytes = 64 << 10
)

// SIWEPermissions are the permissions of a SIWE session: a wallet owns its account.
var SIWEPermissions = api.AllPermissions

// Services are the services the handlers call, each built once by the composition root
// (package app, whose Services embed these).
type Services struct {
	// OnChain answers the on-chain endpoints.
	OnChain *onchain.Service
	// Balances answers OFFCHAIN balances, credit and snapshots.
	Balances *offchain.Balances
	// Funding answers OFFCHAIN bank funding, deposits and withdrawals.
	Funding *offchain.Funding
	// Trading answers OFFCHAIN swaps, RFQ and limit orders.
	Trading *offchain.Trading
	// Introducers answers introducer commissions and revenue.
	Introducers *offchain.Introducers
	// OffchainVenue is the OFFCHAIN venue (over Balances and Trading).
	OffchainVenue venue.Venue
	// Venues routes the endpoints every source shares.
	Venues *venue.Router
	// Market answers market data.
	Market *market.Service
	// Accounts owns API keys.
	Accounts *accounts.Service
	// Webhooks owns the callers' webhook subscriptions.
	Webhooks *webhooks.Service
	// Callers resolves callers from memory.
	Callers *access.Cache
	// Hub serves the websockets of this process.
	Hub *push.Hub
	// DepositAddresses lists accounts' own OFFCHAIN deposit addresses, appended to GET
	// /v2/deposit-addresses; nil for none.
	DepositAddresses DepositAddresser
	// Reserves answers the proof-of-reserves endpoints; nil: none served (404).
	Reserves *solvency.Server
	// ReceiptKeys are the receipt keys published at api.PathReceiptKeys and in /readyz
	// (none without receipts.key).
	ReceiptKeys receipt.Keys
}

// Deps are what the HTTP service wires: the services and the HTTP side's own settings.
// New constructs no service.
type Deps struct {
	Services
	// Config is the checked configuration.
	Config config.Config
	// Store answers readiness and the checks of an authenticated request, and signs in
	// (store.Narrow[SignInTx] of the process's store).
	Store Store
	// Tokens signs and verifies bearer JWTs.
	Tokens *auth.Tokens
	// Secrets checks API key secrets; the SIWE nonces are derived from it.
	Secrets *auth.Secrets
	// Nonces issues and redeems SIWE nonces.
	Nonces *auth.Nonces
	// SIWE verifies Sign-In with Ethereum messages.
	SIWE *siweverify.Verifier
	// Logger receives structured logs; default slog.Default().
	Logger *slog.Logger
	// Now is the clock; default time.Now.
	Now func() time.Time
	// Metrics is the registry /metrics serves; the HTTP metrics are registered in it. The
	// process registers the settler's metrics there too. Default: a registry of the
	// service's own. Never the global default registry, and never shared by two services.
	Metrics *prometheus.Registry
	// Holder is the process's id in the leases it holds (package election), "" when it
	// campaigns for none; /readyz marks the leases it holds.
	Holder string
}

// check reports the first dependency missing.
func (d Deps) check() error {
	for _, dep := range []struct {
		name    string
		missing bool
	}{
		{"Store", d.Store == nil}, {"Tokens", d.Tokens == nil}, {"Secrets", d.Secrets == nil},
		{"Nonces", d.Nonces == nil}, {"SIWE", d.SIWE == nil}, {"OnChain", d.OnChain == nil},
		{"Balances", d.Balances == nil}, {"Funding", d.Funding == nil}, {"Trading", d.Trading == nil},
		{"Introducers", d.Introducers == nil}, {"OffchainVenue", d.OffchainVenue == nil}, {"Venues", d.Venues == nil}, {"Market", d.Market == nil},
		{"Accounts", d.Accounts == nil}, {"Webhooks", d.Webhooks == nil}, {"Callers", d.Callers == nil},
		{"Hub", d.Hub == nil},
	} {
		if dep.missing {
			return fmt.Errorf("gateway: missing dependency %s", dep.name)
		}
	}
	return nil
}

// Service serves the API. Create it with New; it is safe for concurrent use.
type Service struct {
	cfg      config.Config
	store    Store
	tokens   *auth.Tokens
	secrets  *auth.Secrets
	nonces   *auth.Nonces
	limits   limiters
	siwe     *siweverify.Verifier
	log      *slog.Logger
	now      func() time.Time
	metrics  *httpMetrics
	draining atomic.Bool
	handler  http.Handler
	onchain  *onchain.Service
	venues   *venue.Router
	market   *market.Service
	accounts *accounts.Service
	callers  *access.Cache
	// The OFFCHAIN services: balances and credit, funding and withdrawals, trading, and
	// introducers.
	balances    *offchain.Balances
	funding     *offchain.Funding
	trading     *offchain.Trading
	introducers *offchain.Introducers
	// offchainVenue is the OFFCHAIN venue over balances and trading.
	offchainVenue venue.Venue
	// hub serves the websockets of this process.
	hub *push.Hub
	// mcp serves the MCP routes (set by mux).
	mcp *mcpEndpoint
	// webhooks owns the callers' webhook subscriptions.
	webhooks *webhooks.Service
	// depositAddrs lists accounts' OFFCHAIN deposit addresses (nil: none).
	depositAddrs DepositAddresser
	// reserves answers the proof of reserves (nil: none).
	reserves *solvency.Server
	// accessLevel is the level of the per-request log line.
	accessLevel slog.Level
	// holder is the process's lease holder id ("" for none).
	holder string
	// receiptKeys are the published receipt keys.
	receiptKeys receipt.Keys
}

// Caller is the authenticated principal of a request.
type Caller struct {
	// AccountID is the caller's account.
	AccountID string
	// APIKeyID is the key of an API key session, "" for SIWE.
	APIKeyID string
	// Address is the wallet of a SIWE session, zero for API keys.
	Address common.Address
	// Permissions are what the caller may do.
	Permissions []api.Permission
	// Generation is the API key's generation the credentials were issued at (API keys).
	Generation int64
}

// New wires the HTTP service over deps; it fails when a dependency is missing or the
// HTTP metrics cannot be registered in deps.Metrics.
func New(deps Deps) (*Service, error) {
	if err := deps.check(); err != nil {
		return nil, err
	}
	cfg := deps.Config
	s := &Service{
		cfg:     cfg,
		store:   deps.Store,
		tokens:  deps.Tokens,
		secrets: deps.Secrets,
		nonces:  deps.Nonces,
		siwe:    deps.SIWE,
		limits: limiters{
			authClient: ratelimit.New(cfg.RateLimits.AuthPerClient, 0),
			authKey:    ratelimit.New(cfg.RateLimits.AuthPerKey, 0),
			reserves:   ratelimit.New(cfg.Reserves.WithDefaults().PerAccount, 0),
		},
		log:           deps.Logger,
		now:           deps.Now,
		onchain:       deps.OnChain,
		balances:      deps.Balances,
		funding:       deps.Funding,
		trading:       deps.Trading,
		introducers:   deps.Introducers,
		offchainVenue: deps.OffchainVenue,
		venues:        deps.Venues,
		market:        deps.Market,
		accounts:      deps.Accounts,
		webhooks:      deps.Webhooks,
		callers:       deps.Callers,
		hub:           deps.Hub,
		depositAddrs:  deps.DepositAddresses,
		reserves:      deps.Reserves,
		receiptKeys:   deps.ReceiptKeys,
		holder:        deps.Holder,
		accessLevel:   slog.LevelDebug,
	}
	if cfg.AccessLog {
		s.accessLevel = slog.LevelInfo
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	var err error
	if s.metrics, err = newMetrics(deps.Metrics); err != nil {
		return nil, err
	}
	s.handler = s.instrument(s.limitRequest(s.mux()))
	return s, nil
}

// Handler returns the service's HTTP handler.
func (s *Service) Handler() http.Handler { return s.handler }

func (s *Service) mux() *http.ServeMux {
	mux := http.NewServeMux()
	s.mcp = newMCPEndpoint(s)
	methods := map[string][]string{}
	for _, rt := range routes {
		path := s.cfg.BasePath + rt.Path
		mux.Handle(rt.Method+" "+path, s.wrap(rt))
		methods[path] = append(methods[path], rt.Method)
	}
	for path, ms := range methods { // same path, other method: 405 with Allow
		sort.Strings(ms)
		allow := strings.Join(ms, ", ")
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Allow", allow)
			s.respondError(w, r, fail(errs.ErrMethodNotAllowed, "%s is not allowed here; allowed: %s", echo.Value(r.Method), allow))
		})
	}
	mux.HandleFunc("GET "+api.PathHealthz, s.handleHealthz)
	mux.HandleFunc("GET "+api.PathReadyz, s.handleReadyz)
	if s.cfg.BasePath != "" { // the well-known path at the root too
		mux.HandleFunc("GET "+api.PathReceiptKeys, func(w http.ResponseWriter, _ *http.Request) {
			respondJSON(w, http.StatusOK, s.receiptKeysBody())
		})
	}
	mux.HandleFunc("GET "+api.PathMetrics, s.handleMetrics)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.respondError(w, r, fail(errs.ErrNotFound, "no route for %s %s", echo.Value(r.Method), echo.Value(r.URL.Path)))
	})
	return mux
}

// wrap enforces the route's access rule, and its authentication rate limit, before
// calling its handler.
func (s *Service) wrap(rt Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var caller *Caller
		if rt.Access != Public {
			authenticate := s.authenticate
			if rt.Access == AuthenticatedOrTicket && r.Header.Get("Authorization") == "" {
				authenticate = s.redeemTicket
			}
			c, err := authenticate(r)
			if err != nil {
				w.Header().Set("WWW-Authenticate", `Bearer realm="dtwgate"`)
				s.respondError(w, r, err)
				return
			}
			if rt.Permission != "" && !slices.Contains(c.Permissions, rt.Permission) {
				s.respondError(w, r, fail(errs.ErrForbidden, "this endpoint needs permission %s", rt.Permission))
				return
			}
			caller = c
		}
		if rt.Limit == LimitReserves {
			if err := s.allowReserves(caller); err != nil {
				s.respondError(w, r, err)
				return
			}
		}
		if rt.Limit == LimitAuth {
			if err := s.allowAuth(r); err != nil {
				s.respondError(w, r, err)
				return
			}
		}
		if err := rt.handle(s, w, r, caller); err != nil {
			s.respondError(w, r, err)
		}
	})
}

// authenticate checks the bearer token and that what it was issued from still holds: the
// key's generation for API key sessions, the whitelist and wallet link for SIWE sessions.
func (s *Service) authenticate(r *http.Request) (*Caller, error) {
	scheme, token, ok := strings.Cut(r.Header.Get("Authorization"), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") || token == "" {
		return nil, fail(errs.ErrUnauthenticated, "missing bearer token")
	}
	claims, err := s.tokens.Verify(strings.TrimSpace(token), s.now())
	if err != nil {
		return nil, fail(errs.ErrUnauthenticated, "invalid or expired token")
	}
	ctx := r.Context()
	revoked := func() error { return fail(errs.ErrUnauthenticated, "token has been revoked") }
	if claims.APIKeyID != "" {
		key, err := s.callers.APIKey(ctx, claims.APIKeyID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, revoked()
		}
		if err != nil {
			return nil, fmt.Errorf("load api key: %w", err)
		}
		if key.AccountID != claims.AccountID() || key.Generation != claims.Generation {
			return nil, revoked()
		}
		return &Caller{AccountID: key.AccountID, APIKeyID: key.ID, Generation: key.Generation, Permissions: accounts.Permissions(key)}, nil
	}
	addr := common.HexToAddress(claims.Address)
	wallet, err := s.callers.Wallet(ctx, addr)
	if err != nil {
		return nil, err
	}
	if !wallet.Whitelisted || wallet.AccountID != claims.AccountID() {
		return nil, revoked()
	}
	return &Caller{AccountID: wallet.AccountID, Address: addr, Permissions: SIWEPermissions}, nil
}

func (s *Service) handleHealthz(w http.ResponseWriter, _ *http.Request) {
	respondJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

func (s *Service) handleReadyz(w http.ResponseWriter, r *http.Request) {
	if s.draining.Load() {
		s.respondError(w, r, fail(errs.ErrUnavailable, "shutting down"))
		return
	}
	out, err := probe.Readiness(r.Context(), s.store, s.holder, s.now())
	if err != nil {
		s.log.WarnContext(r.Context(), "store not ready", slog.Any("error", err))
		s.respondError(w, r, fail(errs.ErrUnavailable, "store unavailable"))
		return
	}
	out.ReceiptKeys = s.receiptKeys
	respondJSON(w, http.StatusOK, out)
}

// Serve serves on ln until ctx is cancelled, then shuts down gracefully: readiness turns
// 503 and in-flight requests get cfg.ShutdownGrace to finish.
func (s *Service) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s.handler,
		ReadHeaderTimeout: readHeaderTimeout,
		ReadTimeout:       readTimeout,
		WriteTimeout:      writeTimeout,
		IdleTimeout:       idleTimeout,
		MaxHeaderBytes:    serverMaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(s.log.Handler(), slog.LevelWarn),
		BaseContext:       func(net.Listener) context.Context { return context.WithoutCancel(ctx) },
	}
	srv.RegisterOnShutdown(s.hub.Shutdown) // hijacked websockets are not the server's to close
	srv.RegisterOnShutdown(s.mcp.shutdown) // MCP tool calls and streams wait for clients
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(jsonErrorListener{Listener: ln}) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	s.draining.Store(true)
	s.log.Info("shutting down", slog.Duration("grace", s.cfg.ShutdownGrace))
	shutdownCtx, cancel := context.WithTimeout(context.Background(), s.cfg.ShutdownGrace)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("shutdown: %w", err)
	}
	s.hub.Wait(shutdownCtx) // the websockets' close handshakes, within the same grace
	return nil
}
