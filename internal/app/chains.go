package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/ethereum/go-ethereum/rpc"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/inventory"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/signer"
)

// sources converts the configured chains to the chain registry's sources.
func sources(cfg config.Config) []chain.Source {
	out := make([]chain.Source, 0, len(cfg.Chains))
	for _, ch := range cfg.Chains {
		s := ch.ToSource()
		s.Operator = ch.Operator
		out = append(out, s)
	}
	return out
}

// served calls fn for each configured chain with a DTW contract, in the registry's order.
func served(reg *chain.Registry, fn func(src *chain.Source) error) error {
	for _, name := range reg.Names() {
		src, _ := reg.Source(name)
		if src.DTW == (common.Address{}) {
			continue
		}
		if err := fn(src); err != nil {
			return err
		}
	}
	return nil
}

// The settler's work (engine, custody, matcher) is given only a store fenced by its lease:
// a write added to any of their stores does not compile until election.Fenced fences it.
var (
	_ engine.Store           = (*election.Fenced)(nil)
	_ custody.Store          = election.Narrowed[custody.Tx]{}
	_ offchain.BalancesStore = (*election.Fenced)(nil)
	_ offchain.TradingStore  = election.Narrowed[offchain.TradingTx]{}
	_ inventory.Store        = (*election.Fenced)(nil)
)

// buildSettler opens each configured chain's operator signer (the RPC client is the
// services') and prepares its settler's work: an engine (and its custody jobs), which
// prices through the process's price source, built for each term of the chain's lease on
// the fenced store.
func (a *App) buildSettler(ctx context.Context, opts Options) error {
	cfg := a.cfg
	m, invMetrics := metrics.NewSettler(opts.Metrics), metrics.NewInventory(opts.Metrics)
	return served(a.svcs.Registry, func(src *chain.Source) error {
		client, err := a.svcs.client(ctx, src)
		if err != nil {
			return err
		}
		var chCfg config.Chain
		for _, ch := range cfg.Chains {
			if ch.Source == src.Name {
				chCfg = ch
			}
		}
		invAssets, err := inventory.Assets(chCfg, src)
		if err != nil {
			return err
		}
		op, err := openOperator(ctx, cfg, src)
		if err != nil {
			return err
		}
		a.closers = append(a.closers, func() { _ = op.Close() })
		a.operators[src.Name] = op.Address()
		chainMetrics := m.Chain(src.Name)
		a.leaderWork[SettlerLease(src.Name)] = func(ctx context.Context, st *election.Fenced) error {
			var jobs []engine.Job
			if src.DepositFactory != (common.Address{}) {
				jobs = append(jobs, custody.New(custody.Config{Source: src, Assets: cfg.OffchainAssets(), Logger: a.log,
					SweepAfter: opts.SweepAfter, NoReceipts: cfg.Receipts.Off}, client, election.Narrow[custody.Tx](st)))
			}
			rebalancer := inventory.New(inventory.Config{Source: src, Assets: invAssets, Auto: chCfg.Rebalance == config.RebalanceAuto,
				Logger: a.log, Metrics: invMetrics.Chain(src.Name)}, client, st)
			jobs = append(jobs, rebalancer)
			err := engine.New(engine.Config{
				Source: src, Pricing: a.svcs.Prices, Logger: a.log, BeforeBroadcast: opts.BeforeBroadcast, Metrics: chainMetrics,
				Interval: opts.EngineInterval, PollInterval: opts.PollInterval, BumpAfter: opts.BumpAfter, Jobs: jobs,
				Refiller: rebalancer,
			}, client, st, st.Signer(op)).Run(ctx)
			if errors.Is(err, context.Canceled) {
				return nil
			}
			return err
		}
		return nil
	})
}

// openOperator opens the operator signer of a chain, with its password file.
func openOperator(ctx context.Context, cfg config.Config, src *chain.Source) (signer.Signer, error) {
	sopts := signer.Options{}
	for _, ch := range cfg.Chains {
		if ch.Source == src.Name && ch.OperatorPasswordFile != "" {
			sopts.Password = signer.PasswordFile(ch.OperatorPasswordFile)
		}
	}
	op, err := signer.Open(ctx, src.Operator, sopts)
	if err != nil {
		return nil, fmt.Errorf("%s: operator signer: %w", src.Name, err)
	}
	return op, nil
}

// relayPolicy is the configured bounds of relayed orders and withdrawals.
func relayPolicy(cfg config.Config) (onchain.RelayPolicy, error) {
	p := onchain.RelayPolicy{PerAccount: cfg.Relay.PerAccount, Minimums: map[string]map[string]onchain.RelayMinimum{}}
	for _, ch := range cfg.Chains {
		mins := map[string]onchain.RelayMinimum{}
		for _, t := range ch.Tokens {
			var m onchain.RelayMinimum
			var err error
			if m.Order, err = config.ParseMinRelay(t.MinRelayOrder, t.Decimals); err != nil {
				return p, fmt.Errorf("%s %s minRelayOrder: %w", ch.Source, t.Symbol, err)
			}
			if m.Withdrawal, err = config.ParseMinRelay(t.MinRelayWithdrawal, t.Decimals); err != nil {
				return p, fmt.Errorf("%s %s minRelayWithdrawal: %w", ch.Source, t.Symbol, err)
			}
			mins[strings.ToLower(t.Symbol)] = m
		}
		p.Minimums[ch.Source] = mins
	}
	return p, nil
}

// chainRPCTimeout bounds each JSON-RPC call to a chain, and the dial, whatever the
// transport (http, ws, ipc). Without it an endpoint that takes a request and never
// answers (a hung node, a connection black-holed by the network) stalled the follower and
// the sender of the chain for good, while the settler kept renewing its lease, so no
// other replica took over (found by the fault-injection suite, internal/faults).
var chainRPCTimeout = 30 * time.Second

// DialChain connects to every one of the source's RPC URLs and returns them as one
// pool (chain.Pool): calls go to the first healthy endpoint, and the reads a decision
// rests on wait until src.VerifyQuorum endpoints agree. An RPC of another chain is
// refused outright: the gateway must never sign for, or read events of, a chain other
// than the configured one. An endpoint that does not answer at start stays in the pool,
// out of use until a health check finds it well; at least VerifyQuorum must answer. Each
// call fails after chainRPCTimeout, whatever its context and transport. m (nil for none)
// receives the pool's metrics. The pool checks its endpoints' health until closed.
func DialChain(ctx context.Context, src *chain.Source, m *metrics.RPC, log *slog.Logger) (*chain.Pool, error) {
	var (
		errs      []error
		endpoints []chain.PoolEndpoint
		answered  int
	)
	closeAll := func() {
		for _, e := range endpoints {
			e.Client.Close()
		}
	}
	for _, url := range src.RPCURLs {
		client, err := dialRPC(ctx, url)
		if err != nil {
			errs = append(errs, fmt.Errorf("dial %s: %w", url, err))
			continue
		}
		endpoints = append(endpoints, chain.PoolEndpoint{URL: url, Client: client})
		id, err := client.ChainID(ctx)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: chain id: %w", url, err))
		case id.Uint64() != src.ChainID:
			closeAll()
			return nil, fmt.Errorf("%s: %s serves chain %d, the config says %d: fix chains[].rpcUrls or chainId", src.Name, url, id.Uint64(), src.ChainID)
		default:
			answered++
		}
	}
	quorum := max(src.VerifyQuorum, 1)
	if answered == 0 || answered < quorum {
		closeAll()
		return nil, fmt.Errorf("%s: %d of %d RPC URLs answered, verifyQuorum is %d: %w", src.Name, answered, len(src.RPCURLs), quorum, errors.Join(errs...))
	}
	if log == nil {
		log = slog.Default()
	}
	if len(errs) > 0 {
		log.Warn("some RPC URLs did not answer at start; they stay out of use until they do", "source", src.Name, "err", errors.Join(errs...))
	}
	cfg := chain.PoolConfig{Source: src.Name, Quorum: quorum, Logger: log}
	if m != nil {
		var labels []string
		for i, e := range endpoints {
			labels = append(labels, chain.EndpointLabel(i, e.URL))
		}
		cfg.Metrics = m.Chain(src.Name, labels)
	}
	pool, err := chain.NewPool(cfg, endpoints)
	if err != nil {
		closeAll()
		return nil, err
	}
	pool.Start()
	return pool, nil
}

// dialRPC connects to one RPC URL, the dial and every call bounded by chainRPCTimeout.
func dialRPC(ctx context.Context, url string) (*chain.TimedClient, error) {
	dctx, cancel := context.WithTimeout(ctx, chainRPCTimeout)
	defer cancel()
	rc, err := rpc.DialOptions(dctx, url, rpc.WithHTTPClient(&http.Client{Timeout: chainRPCTimeout}))
	if err != nil {
		return nil, err
	}
	return chain.NewTimedClient(ethclient.NewClient(rc), chainRPCTimeout), nil
}

// contractWallets dials the first RPC URL of each configured chain for ERC-1271 checks of
// contract-wallet sign-ins; with no chain RPC, contract wallets cannot sign in.
func contractWallets(ctx context.Context, cfg config.Config) (siweverify.CodeVerifier, func(), error) {
	callers := map[uint64]siweverify.ContractCaller{}
	var clients []*chain.TimedClient
	closeAll := func() {
		for _, cl := range clients {
			cl.Close()
		}
	}
	for _, ch := range cfg.Chains {
		if len(ch.RPCURLs) == 0 {
			continue
		}
		cl, err := dialRPC(ctx, ch.RPCURLs[0])
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("dial %s rpc: %w", ch.Source, err)
		}
		clients = append(clients, cl)
		callers[ch.ChainID] = cl
	}
	if len(callers) == 0 {
		return siweverify.NoContracts{}, closeAll, nil
	}
	return siweverify.NewERC1271(callers), closeAll, nil
}
