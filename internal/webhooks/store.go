package webhooks

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// SubscriptionStore is what a Service reads and writes: the callers' subscriptions.
type SubscriptionStore interface {
	CreateWebhook(ctx context.Context, w store.WebhookSubscription, max int) (store.WebhookSubscription, error)
	Webhooks(ctx context.Context, accountID string) ([]store.WebhookSubscription, error)
	Webhook(ctx context.Context, accountID, id string) (store.WebhookSubscription, error)
	DeleteWebhook(ctx context.Context, accountID, id string) error
}

// FanOutTx is what one fan-out reads and writes in a unit of work: the outbox events
// after the cursor, the subscriptions of their accounts, and the deliveries it enqueues.
type FanOutTx interface {
	WebhookCursor(ctx context.Context) (int64, error)
	Events(ctx context.Context, afterID int64, limit int) ([]outbox.Record, error)
	WalletAccount(ctx context.Context, addr common.Address) (string, error)
	Webhooks(ctx context.Context, accountID string) ([]store.WebhookSubscription, error)
	EnqueueWebhookDeliveries(ctx context.Context, ds []store.WebhookDelivery, cursor int64, at time.Time) error
}

var _ FanOutTx = store.Tx(nil)

// DispatcherStore is what a Dispatcher reads and writes: the outbox's wake-up, the
// fan-out's backlog, the deliveries it claims and finishes, and its fan-outs' units of
// work.
type DispatcherStore interface {
	EventsNotify() <-chan struct{}
	WebhookBacklog(ctx context.Context) (store.WebhookBacklog, error)
	ClaimWebhookDeliveries(ctx context.Context, owner string, now, until time.Time, limit int) ([]store.WebhookDelivery, error)
	FinishWebhookAttempt(ctx context.Context, a store.WebhookAttempt) error
	PruneWebhookDeliveries(ctx context.Context, before time.Time) (int64, error)
	store.Units[FanOutTx]
}
