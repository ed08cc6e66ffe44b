package app

import (
	"context"
	"errors"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// buildWebhooks builds the settler's webhook dispatcher: one per settler, which fans the
// outbox's account activity out to the subscriptions and delivers it.
func (a *App) buildWebhooks(opts Options) error {
	reg, err := chain.NewRegistry(sources(a.cfg))
	if err != nil {
		return err
	}
	a.hooks = webhooks.NewDispatcher(a.cfg.Webhooks, store.Narrow[webhooks.FanOutTx](a.store), webhooks.DispatcherOptions{Logger: a.log, Registry: reg,
		Metrics: metrics.NewWebhooks(opts.Metrics)})
	return nil
}

// runWebhooks runs the dispatcher until ctx ends.
func (a *App) runWebhooks(ctx context.Context) {
	if err := a.hooks.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		a.log.Error("webhook dispatcher stopped", "err", err)
	}
}
