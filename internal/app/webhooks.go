package app

import (
	"context"

	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// WebhooksLease is the lease of the webhook fan-out: one process reads the outbox for
// the subscriptions, instead of every replica reading every commit's events and
// conflicting on the fan-out's cursor. Its writes need no fencing: two fan-outs (a
// lease changing hands) take turns on the cursor row and enqueue each delivery once.
const WebhooksLease = "webhooks-feed"

// buildWebhooks builds the settler's webhook dispatcher, which fans the outbox's account
// activity out to the subscriptions (in the process holding WebhooksLease) and delivers
// it (in every settler: deliveries are claimed with leases).
func (a *App) buildWebhooks(opts Options) {
	a.hooks = webhooks.NewDispatcher(a.cfg.Webhooks, store.Narrow[webhooks.FanOutTx](a.store), webhooks.DispatcherOptions{Logger: a.log, Registry: a.svcs.Registry,
		Metrics: metrics.NewWebhooks(opts.Metrics)})
	a.leaderWork[WebhooksLease] = func(ctx context.Context, _ *election.Fenced) error {
		a.hooks.RunFeed(ctx)
		return ctx.Err()
	}
}

// runWebhooks delivers until ctx ends.
func (a *App) runWebhooks(ctx context.Context) {
	a.hooks.RunDeliveries(ctx)
}
