package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/receiptkey"
	"github.com/dtwgate/dtwgate/internal/solvency"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/signer"
)

// ReservesLease is the lease of the proof-of-reserves schedule: one settler process
// publishes.
const ReservesLease = "reserves-publisher"

// ErrNoReceiptKey: the proof of reserves needs receipts.key, which signs its statements.
var ErrNoReceiptKey = errors.New("the proof of reserves is signed by the receipt key: set receipts.key")

// buildReserves opens the receipt key (none when receipts.key is empty) and the server
// of the proof-of-reserves endpoints over st.
func (s *Services) buildReserves(ctx context.Context, st store.Store) error {
	key, err := receiptkey.Open(ctx, s.cfg.Receipts, nil, signer.Options{})
	if err != nil || key == nil {
		return err
	}
	s.closers = append(s.closers, func() { _ = key.Signer.Close() })
	s.ReceiptKey = key
	s.Reserves = solvency.NewServer(solvency.ServerConfig{Keys: key.Published, Now: s.now}, st)
	return nil
}

// newPublisher is the one constructor of the proof-of-reserves publisher: the settler's
// schedule and `dtwgate admin reserves publish` use it. The receipt key must not be an
// operator's.
func (s *Services) newPublisher(st solvency.Store, chains []solvency.Chain) (*solvency.Publisher, error) {
	if s.ReceiptKey == nil {
		return nil, ErrNoReceiptKey
	}
	for _, c := range chains {
		if c.Operator == s.ReceiptKey.Signer.Address() {
			return nil, fmt.Errorf("%w: %s is %s's operator; give receipts.key a key of its own", receiptkey.ErrOperatorKey, c.Operator, c.Source.Name)
		}
	}
	return solvency.NewPublisher(solvency.PublisherConfig{Assets: s.cfg.OffchainAssets(), Chains: chains, Key: s.ReceiptKey.Signer,
		Keep: s.cfg.Reserves.WithDefaults().Keep, Now: s.now, Logger: s.log}, st), nil
}

// buildReserves adds the proof-of-reserves schedule to the settler's work (lease
// ReservesLease), when a receipt key is configured and reserves.every is not negative.
func (a *App) buildReserves() error {
	every := a.cfg.Reserves.WithDefaults().Every
	if a.svcs.ReceiptKey == nil || every < 0 {
		return nil
	}
	var chains []solvency.Chain
	for _, name := range a.svcs.Registry.Names() {
		src, _ := a.svcs.Registry.Source(name)
		if op, ok := a.operators[name]; ok {
			chains = append(chains, solvency.Chain{Source: src, Client: a.svcs.Clients[name], Operator: op})
		}
	}
	// The publisher is built here, so a receipt key that is an operator's stops the start.
	if _, err := a.svcs.newPublisher(a.store, chains); err != nil {
		return err
	}
	a.leaderWork[ReservesLease] = func(ctx context.Context, st *election.Fenced) error {
		pub, err := a.svcs.newPublisher(st, chains)
		if err != nil {
			return err
		}
		pub.Run(ctx, every)
		return ctx.Err()
	}
	return nil
}

// PublishReserves takes and publishes a proof-of-reserves snapshot now, in this process
// (`dtwgate admin reserves publish`): it dials each chain with a DTW contract, opens its
// operator signer for the operator's address, and signs with the receipt key.
func PublishReserves(ctx context.Context, cfg config.Config, st store.Store, log *slog.Logger) (solvency.Published, error) {
	svcs, err := NewServices(ctx, cfg, st, ServiceOptions{Logger: log, Offline: true})
	if err != nil {
		return solvency.Published{}, err
	}
	defer svcs.Close()
	var chains []solvency.Chain
	err = served(svcs.Registry, func(src *chain.Source) error {
		client, err := svcs.client(ctx, src)
		if err != nil {
			return err
		}
		op, err := openOperator(ctx, cfg, src)
		if err != nil {
			return err
		}
		addr := op.Address()
		_ = op.Close()
		chains = append(chains, solvency.Chain{Source: src, Client: client, Operator: addr})
		return nil
	})
	if err != nil {
		return solvency.Published{}, err
	}
	pub, err := svcs.newPublisher(st, chains)
	if err != nil {
		return solvency.Published{}, err
	}
	return pub.Publish(ctx)
}
