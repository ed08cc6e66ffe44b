package gatewaycmd

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"strings"
	"sync"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/ethclient"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/onchain"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// EnvHoldBeforeBroadcast, when set to 1, makes the gateway stop after journaling its first
// transaction (a return transaction, or a relay with its relay record) and before
// broadcasting it, logging "holding before broadcast", until it is killed (or, for a
// relay, the request is cancelled). Crash tests use it to kill a real gateway in that
// window; never set it in production.
const EnvHoldBeforeBroadcast = "DTWGATE_TEST_HOLD_BEFORE_BROADCAST"

// holdBeforeBroadcast implements EnvHoldBeforeBroadcast.
func holdBeforeBroadcast(log *slog.Logger) func(context.Context, chain.JournalTx) {
	if os.Getenv(EnvHoldBeforeBroadcast) != "1" {
		return nil
	}
	return func(ctx context.Context, tx chain.JournalTx) {
		log.Warn("holding before broadcast", "tx", tx.Hash, "kind", tx.Kind, "orders", tx.OrderIDs)
		<-ctx.Done()
	}
}

// sources converts the configured chains to the chain registry's sources.
func sources(cfg config.Config) []chain.Source {
	var out []chain.Source
	for _, ch := range cfg.Chains {
		s := chain.Source{
			Name: ch.Source, ChainID: ch.ChainID, RPCURLs: ch.RPCURLs, DTW: common.HexToAddress(ch.DTWAddress),
			StartBlock: ch.StartBlock, Confirmations: max(ch.Confirmations, 1), Operator: ch.Operator,
		}
		for _, t := range ch.Tokens {
			s.Assets = append(s.Assets, chain.Asset{ID: strings.ToLower(t.Symbol), Address: common.HexToAddress(t.Address), Decimals: t.Decimals})
		}
		out = append(out, s)
	}
	return out
}

// startChains opens each configured chain's RPC and operator signer and starts its
// settlement engine, recording its metrics in m. stop cancels the engines, waits for them
// and releases the signers.
func startChains(ctx context.Context, log *slog.Logger, cfg config.Config, st store.ChainStore, m *metrics.Settler) (*onchain.Service, func(), error) {
	book, err := pricing.NewBook(cfg.Pricing)
	if err != nil {
		return nil, nil, err
	}
	reg, err := chain.NewRegistry(sources(cfg))
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	var closers []func()
	stop := func() {
		cancel()
		wg.Wait()
		for _, c := range closers {
			c()
		}
	}
	var chains []*onchain.Chain
	for _, name := range reg.Names() {
		src, _ := reg.Source(name)
		if src.DTW == (common.Address{}) {
			continue
		}
		client, err := dialChain(ctx, src)
		if err != nil {
			stop()
			return nil, nil, err
		}
		closers = append(closers, client.Close)
		opts := signer.Options{}
		for _, ch := range cfg.Chains {
			if ch.Source == name && ch.OperatorPasswordFile != "" {
				opts.Password = signer.PasswordFile(ch.OperatorPasswordFile)
			}
		}
		op, err := signer.Open(ctx, src.Operator, opts)
		if err != nil {
			stop()
			return nil, nil, fmt.Errorf("%s: operator signer: %w", name, err)
		}
		closers = append(closers, func() { _ = op.Close() })
		eng := engine.New(engine.Config{
			Source: src, Pricing: book, Logger: log, BeforeBroadcast: holdBeforeBroadcast(log), Metrics: m.Chain(name),
		}, client, st, op)
		chains = append(chains, &onchain.Chain{Source: src, Engine: eng, Client: client})
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := eng.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
				log.Error("engine stopped", "source", name, "err", err)
			}
		}()
	}
	policy, err := relayPolicy(cfg)
	if err != nil {
		stop()
		return nil, nil, err
	}
	return onchain.NewWithPolicy(reg, chains, st, book, policy), stop, nil
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

// dialChain connects to the first of the source's RPC URLs that answers with the
// configured chain id. An RPC of another chain is refused outright: the engine must never
// sign for, or read events of, a chain other than the configured one.
func dialChain(ctx context.Context, src *chain.Source) (*ethclient.Client, error) {
	var errs []error
	for _, url := range src.RPCURLs {
		client, err := ethclient.DialContext(ctx, url)
		if err != nil {
			errs = append(errs, fmt.Errorf("dial %s: %w", url, err))
			continue
		}
		id, err := client.ChainID(ctx)
		switch {
		case err != nil:
			errs = append(errs, fmt.Errorf("%s: chain id: %w", url, err))
		case id.Uint64() != src.ChainID:
			client.Close()
			return nil, fmt.Errorf("%s: %s serves chain %d, the config says %d: fix chains[].rpcUrls or chainId", src.Name, url, id.Uint64(), src.ChainID)
		default:
			return client, nil
		}
		client.Close()
	}
	return nil, fmt.Errorf("%s: no RPC URL answered: %w", src.Name, errors.Join(errs...))
}
