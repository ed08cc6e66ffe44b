package app

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/access"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/activity"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/market"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/receiptkey"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// Services are the services of a gateway process, each built once by NewServices from
// the config and the store: the API wires them into HTTP (NewAPI), the settler's work
// uses the registry, the chains' clients and the price source, and the admin commands
// call them. Close releases the RPC clients they dialed.
type Services struct {
	// Registry is the configured chains (the one chain.NewRegistry of a process).
	Registry *chain.Registry
	// Clients are the RPC clients of the chains dialed, by source name: each chain with a
	// DTW contract, and each price feed's chain. Empty when built Offline.
	Clients map[string]*chain.Pool
	// Prices is the price source of the engines and the API: the configured book, or
	// the live feeds (Feeds) when pricing.feeds are configured; none when Offline.
	Prices pricing.Source
	// Feeds is Prices when it is the live feeds (Run reads them), else nil.
	Feeds *pricing.Feeds
	// ReceiptKey is the receipt key (receipts.key) and the keys published beside it; nil
	// when none is configured.
	ReceiptKey *receiptkey.Key
	// Services are the services the HTTP handlers call too: OnChain, Offchain (over the
	// store), Venues (each chain's venue and OFFCHAIN), Market (over Prices, Venues and
	// the house's inventories), Accounts, Webhooks, Callers, Hub (reads nothing until a
	// socket joins) and DepositAddresses (on the chains with a deposit factory).
	gateway.Services

	cfg     config.Config
	log     *slog.Logger
	now     func() time.Time
	secrets *auth.Secrets
	// rpcMetrics receives the chains' RPC pools' metrics (nil for none).
	rpcMetrics *metrics.RPC
	closers    []func()
}

// ServiceOptions are what NewServices takes beside the config and the store.
type ServiceOptions struct {
	// Logger receives structured logs. Default slog.Default().
	Logger *slog.Logger
	// Now is the services' clock. Default time.Now.
	Now func() time.Time
	// Secrets hashes and checks API key secrets (accounts); nil when the process issues
	// and checks no keys.
	Secrets *auth.Secrets
	// Offline builds the services without dialing any RPC: the chains' venues have no
	// client (relays cannot be checked) and nothing is priced (no book, no feeds). The
	// admin commands run so.
	Offline bool
	// PublishPrices makes the feeds write price events to the store's outbox (the
	// settler's role, so that API replicas, which poll the same feeds, do not write each
	// change again).
	PublishPrices bool
	// RelayWait bounds how long the API waits for the settler to send a relay request.
	// Default onchain.DefaultRelayWait.
	RelayWait time.Duration
	// RPCMetrics receives the metrics of the chains' RPC pools; nil for none (the settler's
	// role sets it).
	RPCMetrics *metrics.RPC
	// Metrics is the registry the websocket's metrics are registered in; nil for none.
	Metrics *prometheus.Registry
	// WebsocketAfter starts the timer of the websocket's first-SUBSCRIBE rule
	// (api.WSSubscribeWithin); default time.After. Tests drive the rule's clock with it.
	WebsocketAfter func(time.Duration) <-chan time.Time
	// Prices replaces the price source the config names (tests).
	Prices pricing.Source
	// OnChain replaces the on-chain service the config's chains make (tests).
	OnChain *onchain.Service
}

// NewServices builds every service of a process once, from a checked config and its
// store; it starts nothing (Run does). Unless opts.Offline, it dials the RPC of each chain
// with a DTW contract and of each price feed's chain.
func NewServices(ctx context.Context, cfg config.Config, st store.Store, opts ServiceOptions) (_ *Services, err error) {
	if opts.Logger == nil {
		opts.Logger = slog.Default()
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	s := &Services{cfg: cfg, log: opts.Logger, now: opts.Now, secrets: opts.Secrets, rpcMetrics: opts.RPCMetrics, Clients: map[string]*chain.Pool{}}
	defer func() {
		if err != nil {
			s.Close()
		}
	}()
	if s.Registry, err = chain.NewRegistry(sources(cfg)); err != nil {
		return nil, err
	}
	if err := s.buildPrices(ctx, st, opts); err != nil {
		return nil, err
	}
	if s.OnChain = opts.OnChain; s.OnChain == nil {
		if s.OnChain, err = s.buildOnChain(ctx, st, opts); err != nil {
			return nil, err
		}
	}
	s.Balances, s.Trading = s.newTrading(st, store.Narrow[offchain.TradingTx](st))
	s.Funding = offchain.NewFunding(cfg, store.Narrow[offchain.FundingTx](st), s.Balances, s.now)
	s.Introducers = offchain.NewIntroducers(cfg, st, s.now)
	s.OffchainVenue = offchain.NewVenue(s.Balances, s.Trading)
	// The chains of one registry have distinct upper-case names, none OFFCHAIN
	// (cfg.Check refuses it); a config that is not checked fails here.
	if s.Venues, err = venue.NewRouter(append(s.OnChain.Venues(), s.OffchainVenue)...); err != nil {
		return nil, fmt.Errorf("venues: %w", err)
	}
	s.Market = market.New(s.Prices, s.Venues, inventories{on: s.OnChain, off: s.Trading})
	s.Accounts = accounts.New(st, opts.Secrets, opts.Now, opts.Logger)
	s.Webhooks = webhooks.NewService(cfg.Webhooks, st, opts.Now)
	s.Callers = access.New(st)
	var withFactory []*chain.Source
	for _, name := range s.Registry.Names() {
		src, _ := s.Registry.Source(name)
		withFactory = append(withFactory, src)
	}
	s.DepositAddresses = custody.NewAddresses(withFactory, st)
	ws := cfg.Websocket.WithDefaults()
	var wsMetrics push.Metricer
	if opts.Metrics != nil {
		wsMetrics = metrics.NewWebsocket(opts.Metrics)
	}
	s.Hub = push.New(push.Config{MaxConnectionsPerAccount: ws.MaxConnectionsPerAccount, SendBuffer: ws.SendBuffer,
		PingInterval: ws.PingInterval, PollInterval: ws.PollInterval, Logger: opts.Logger, After: opts.WebsocketAfter,
		Metrics: wsMetrics}, st, pushViews{s})
	if err := s.buildReserves(ctx, st); err != nil {
		return nil, err
	}
	return s, nil
}

// newTrading is the one constructor of the OFFCHAIN balances and trading services: over
// the store for the API and the admin commands, over the store fenced by its lease for
// the settler's matcher (trade is st's units of work narrowed to offchain.TradingTx).
func (s *Services) newTrading(st offchain.BalancesStore, trade offchain.TradingStore) (*offchain.Balances, *offchain.Trading) {
	bal := offchain.NewBalances(s.cfg, st, s.Prices, s.now)
	return bal, offchain.NewTrading(s.cfg, trade, bal, s.Prices, s.now)
}

// client returns the RPC client of a chain, dialing it the first time.
func (s *Services) client(ctx context.Context, src *chain.Source) (*chain.Pool, error) {
	if c := s.Clients[src.Name]; c != nil {
		return c, nil
	}
	c, err := DialChain(ctx, src, s.rpcMetrics, s.log)
	if err != nil {
		return nil, err
	}
	s.closers = append(s.closers, c.Close)
	s.Clients[src.Name] = c
	return c, nil
}

// buildOnChain builds the API's view of the chains: the registry, each chain's RPC client
// (signature checks of relays; none Offline) and the store.
func (s *Services) buildOnChain(ctx context.Context, st store.Store, opts ServiceOptions) (*onchain.Service, error) {
	var chains []*onchain.Chain
	err := served(s.Registry, func(src *chain.Source) error {
		c := &onchain.Chain{Source: src}
		if !opts.Offline {
			client, err := s.client(ctx, src)
			if err != nil {
				return err
			}
			c.Client = client
		}
		chains = append(chains, c)
		return nil
	})
	if err != nil {
		return nil, err
	}
	policy, err := relayPolicy(s.cfg)
	if err != nil {
		return nil, err
	}
	policy.Wait = opts.RelayWait
	return onchain.NewWithPolicy(s.Registry, chains, st, policy), nil
}

// Close releases the RPC clients the services dialed. The store is the caller's.
func (s *Services) Close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
	s.closers = nil
}

// APIOptions are what the HTTP service adds to the services.
type APIOptions struct {
	// Tokens signs and verifies the API's JWTs.
	Tokens *auth.Tokens
	// CodeVerifier checks ERC-1271 signatures of contract wallets; default none.
	CodeVerifier siweverify.CodeVerifier
	// Metrics is the registry /metrics serves; the HTTP metrics are registered in it.
	// Default: a registry of the service's own.
	Metrics *prometheus.Registry
	// Holder is the process's id in the leases it holds, "" when it campaigns for none.
	Holder string
}

// NewAPI wires the HTTP service over svcs, which NewServices built with the API key
// secrets: only the login's nonces and SIWE verifier are made here.
func NewAPI(cfg config.Config, st store.Store, svcs *Services, opts APIOptions) (*gateway.Service, error) {
	if svcs.secrets == nil {
		return nil, fmt.Errorf("api: the services were built without API key secrets")
	}
	nonces, err := auth.NewNonces(svcs.secrets, cfg.SIWE.NonceTTL)
	if err != nil {
		return nil, fmt.Errorf("siwe nonces: %w", err)
	}
	verifier := siweverify.New(siweverify.Config{
		Domain:    cfg.SIWE.Domain,
		URI:       cfg.SIWE.URI,
		ChainIDs:  cfg.SIWEChainIDs(),
		ClockSkew: cfg.SIWE.ClockSkew,
		Nonce: func(nonce string, now time.Time) error {
			_, err := nonces.Check(nonce, now)
			return err
		},
	}, opts.CodeVerifier)
	return gateway.New(gateway.Deps{Services: svcs.Services, Config: cfg, Store: store.Narrow[gateway.SignInTx](st), Tokens: opts.Tokens,
		Secrets: svcs.secrets, Nonces: nonces, SIWE: verifier, Logger: svcs.log, Now: svcs.now, Metrics: opts.Metrics,
		Holder: opts.Holder})
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

// pushViews renders outbox events for the websocket as the REST endpoints show them.
type pushViews struct{ s *Services }

var _ push.Views = pushViews{}

// Owner implements push.Views.
func (v pushViews) Owner(ctx context.Context, ev outbox.Record) (string, error) {
	if ev.AccountID != "" || ev.Trader == (common.Address{}) {
		return ev.AccountID, nil
	}
	w, err := v.s.Callers.Wallet(ctx, ev.Trader)
	return w.AccountID, err
}

// Activity implements push.Views: the activity the webhooks deliver too.
func (v pushViews) Activity(_ context.Context, account string, ev outbox.Record) (api.AccountActivityEvent, error) {
	return activity.FromEvent(ev, account, v.s.OnChain.Registry())
}

// Order implements push.Views: the order's status record as GET
// /v3/order-status/{source}/{orderId} answers it once the change is recorded.
func (v pushViews) Order(ctx context.Context, account string, ev outbox.Record) (api.OrderEvent, error) {
	p, err := outbox.As[outbox.OrderClosed](ev)
	if err != nil {
		return api.OrderEvent{}, err
	}
	ven, err := v.s.Venues.Venue(p.Source)
	if err != nil {
		return api.OrderEvent{}, err
	}
	wallets, err := v.s.Callers.Wallets(ctx, account)
	if err != nil {
		return api.OrderEvent{}, err
	}
	st, err := ven.OrderStatus(ctx, venue.Caller{AccountID: account, Wallets: wallets}, strconv.FormatUint(p.OrderID, 10))
	if err != nil {
		return api.OrderEvent{}, fmt.Errorf("status of %s order %d: %w", p.Source, p.OrderID, err)
	}
	return api.OrderEvent{EventID: strconv.FormatInt(ev.ID, 10), OrderStatus: st, Removed: p.Removed}, nil
}

// Price implements push.Views: GET /v2/price's answer, without a commission.
func (v pushViews) Price(ctx context.Context, pair api.AssetPair) (string, error) {
	p, err := v.s.Market.Price(ctx, pair.SellingAsset, pair.BuyingAsset, "")
	return p.Price, err
}
