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
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/access"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/probe"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/siweverify"
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

// Options are the optional dependencies of a Service.
type Options struct {
	// Logger receives structured logs; default slog.Default().
	Logger *slog.Logger
	// Now is the clock; default time.Now.
	Now func() time.Time
	// CodeVerifier checks ERC-1271 signatures of contract wallets; default none.
	CodeVerifier siweverify.CodeVerifier
	// OnChain answers the on-chain endpoints; default: no chains (every source is
	// INVALID_ORDER_SOURCE).
	OnChain *onchain.Service
	// Prices is the price source of market data; default: the book of cfg.Pricing.
	Prices pricing.Source
	// Venues routes the endpoints every source shares; default: a venue per chain of
	// OnChain.
	Venues *venue.Router
	// Callers resolves callers from memory; default: a cache of the service's own over
	// the store.
	Callers *access.Cache
	// DepositAddresses lists accounts' own OFFCHAIN deposit addresses, appended to GET
	// /v2/deposit-addresses; default none.
	DepositAddresses DepositAddresser
	// Metrics is the registry /metrics serves; the HTTP metrics are registered in it. The
	// process registers the settler's metrics there too. Default: a registry of the
	// service's own. Never the global default registry, and never shared by two services.
	Metrics *prometheus.Registry
	// WebsocketAfter starts the timer of the websocket's first-SUBSCRIBE rule
	// (api.WSSubscribeWithin); default time.After. Tests drive the rule's clock with it.
	WebsocketAfter func(time.Duration) <-chan time.Time
	// WebsocketMetrics records the websocket's metrics (metrics.NewWebsocket on the
	// process's registry); default none.
	WebsocketMetrics push.Metricer
	// Holder is the process's id in the leases it holds (package election), "" when it
	// campaigns for none; /readyz marks the leases it holds.
	Holder string
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
	// hub serves the websockets of this process.
	hub *push.Hub
	// mcp serves {base}/mcp (set by mux).
	mcp *mcpEndpoint
	// webhooks owns the callers' webhook subscriptions.
	webhooks *webhooks.Service
	// depositAddrs lists accounts' OFFCHAIN deposit addresses (nil: none).
	depositAddrs DepositAddresser
	// accessLevel is the level of the per-request log line.
	accessLevel slog.Level
	// holder is the process's lease holder id ("" for none).
	holder string
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

// New returns a Service for a checked configuration; tokens signs bearer JWTs and secrets
// checks API key secrets.
func New(cfg config.Config, st store.Store, tokens *auth.Tokens, secrets *auth.Secrets, opts Options) *Service {
	s := &Service{
		cfg:     cfg,
		store:   store.Narrow[SignInTx](st),
		tokens:  tokens,
		secrets: secrets,
		limits: limiters{
			authClient: ratelimit.New(cfg.RateLimits.AuthPerClient, 0),
			authKey:    ratelimit.New(cfg.RateLimits.AuthPerKey, 0),
		},
		log:     opts.Logger,
		now:     opts.Now,
		metrics: newMetrics(opts.Metrics),
		onchain: opts.OnChain,
		holder:  opts.Holder,
	}
	if s.onchain == nil {
		s.onchain = onchain.Empty()
	}
	prices := opts.Prices
	if prices == nil {
		// cfg is checked: its book builds.
		book, err := pricing.NewBook(cfg.Pricing)
		if err != nil {
			panic("gateway: pricing of a checked config: " + err.Error())
		}
		prices = book
	}
	s.balances = offchain.NewBalances(cfg, st, prices, opts.Now)
	s.funding = offchain.NewFunding(cfg, store.Narrow[offchain.FundingTx](st), s.balances, opts.Now)
	s.trading = offchain.NewTrading(cfg, store.Narrow[offchain.TradingTx](st), s.balances, prices, opts.Now)
	s.introducers = offchain.NewIntroducers(cfg, st, opts.Now)
	s.depositAddrs = opts.DepositAddresses
	s.venues = opts.Venues
	if s.venues == nil {
		// The chains of one registry have distinct upper-case names, none OFFCHAIN
		// (cfg.Check refuses it): this cannot fail.
		r, err := venue.NewRouter(append(s.onchain.Venues(), offchain.NewVenue(s.balances, s.trading))...)
		if err != nil {
			panic("gateway: venues of the chains: " + err.Error())
		}
		s.venues = r
	}
	s.market = market.New(prices, s.venues, inventories{on: s.onchain, off: s.trading})
	s.accounts = accounts.New(st, secrets, s.now, s.log)
	s.webhooks = webhooks.NewService(cfg.Webhooks, st, s.now)
	s.accessLevel = slog.LevelDebug
	if cfg.AccessLog {
		s.accessLevel = slog.LevelInfo
	}
	s.callers = opts.Callers
	if s.callers == nil {
		s.callers = access.New(st)
	}
	if s.log == nil {
		s.log = slog.Default()
	}
	if s.now == nil {
		s.now = time.Now
	}
	nonces, err := auth.NewNonces(secrets, cfg.SIWE.NonceTTL)
	if err != nil {
		panic("gateway: nonces of a checked config: " + err.Error()) // cfg.Check requires a positive TTL
	}
	s.nonces = nonces
	ws := cfg.Websocket.WithDefaults()
	s.hub = push.New(push.Config{MaxConnectionsPerAccount: ws.MaxConnectionsPerAccount, SendBuffer: ws.SendBuffer,
		PingInterval: ws.PingInterval, PollInterval: ws.PollInterval, Logger: s.log, After: opts.WebsocketAfter,
		Metrics: opts.WebsocketMetrics}, st, pushViews{s})
	s.siwe = siweverify.New(siweverify.Config{
		Domain:    cfg.SIWE.Domain,
		URI:       cfg.SIWE.URI,
		ChainIDs:  cfg.SIWEChainIDs(),
		ClockSkew: cfg.SIWE.ClockSkew,
		Nonce: func(nonce string, now time.Time) error {
			_, err := nonces.Check(nonce, now)
			return err
		},
	}, opts.CodeVerifier)
	s.handler = s.instrument(s.limitRequest(s.mux()))
	return s
}

// Handler returns the service's HTTP handler.
func (s *Service) Handler() http.Handler { return s.handler }

func (s *Service) mux() *http.ServeMux {
	mux := http.NewServeMux()
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
			s.respondError(w, r, fail(ErrMethodNotAllowed, "%s is not allowed here; allowed: %s", echo.Value(r.Method), allow))
		})
	}
	mcpEP := newMCPEndpoint(s)
	s.mcp = mcpEP
	for _, m := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		mux.Handle(m+" "+s.cfg.BasePath+api.PathMCP, mcpEP)
	}
	mux.HandleFunc(s.cfg.BasePath+api.PathMCP, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", "DELETE, GET, POST")
		s.respondError(w, r, fail(ErrMethodNotAllowed, "%s is not allowed here; allowed: DELETE, GET, POST", echo.Value(r.Method)))
	})
	mux.HandleFunc("GET "+api.PathHealthz, s.handleHealthz)
	mux.HandleFunc("GET "+api.PathReadyz, s.handleReadyz)
	mux.HandleFunc("GET "+api.PathMetrics, s.handleMetrics)
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		s.respondError(w, r, fail(ErrNotFound, "no route for %s %s", echo.Value(r.Method), echo.Value(r.URL.Path)))
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
				s.respondError(w, r, err)
				return
			}
			if rt.Permission != "" && !slices.Contains(c.Permissions, rt.Permission) {
				s.respondError(w, r, fail(ErrForbidden, "this endpoint needs permission %s", rt.Permission))
				return
			}
			caller = c
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
		return nil, fail(ErrUnauthenticated, "missing bearer token")
	}
	claims, err := s.tokens.Verify(strings.TrimSpace(token), s.now())
	if err != nil {
		return nil, fail(ErrUnauthenticated, "invalid or expired token")
	}
	ctx := r.Context()
	revoked := func() error { return fail(ErrUnauthenticated, "token has been revoked") }
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
		s.respondError(w, r, fail(ErrUnavailable, "shutting down"))
		return
	}
	out, err := probe.Readiness(r.Context(), s.store, s.holder, s.now())
	if err != nil {
		s.log.WarnContext(r.Context(), "store not ready", slog.Any("error", err))
		s.respondError(w, r, fail(ErrUnavailable, "store unavailable"))
		return
	}
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

// inventories is what the house can deliver on every venue: OFFCHAIN's from its ledger,
// the chains' from their settlers.
type inventories struct {
	on  *onchain.Service
	off *offchain.Trading
}

// Available implements market.Inventory.
func (i inventories) Available(ctx context.Context, source, asset string) (decimal.Decimal, int32, bool, error) {
	if strings.EqualFold(source, offchain.Source) {
		return i.off.Available(ctx, asset)
	}
	return i.on.Available(ctx, source, asset)
}
