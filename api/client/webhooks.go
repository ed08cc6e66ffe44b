package client

import (
	"context"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// Webhooks lists the caller's webhook subscriptions (GET /v3/webhooks).
func (c *Client) Webhooks(ctx context.Context) (api.WebhookList, error) {
	return get[api.WebhookList](ctx, c, api.PathWebhooks, nil)
}

// Webhook returns one of the caller's webhook subscriptions (GET
// /v3/webhooks/{subscriptionId}); NOT_FOUND for an unknown id or another account's.
func (c *Client) Webhook(ctx context.Context, subscriptionID string) (api.Webhook, error) {
	if err := required("subscriptionId", subscriptionID); err != nil {
		return api.Webhook{}, err
	}
	return get[api.Webhook](ctx, c, expand(api.PathWebhook, api.PathParamSubscriptionID, subscriptionID), nil)
}

// CreateWebhook subscribes a target to events (POST /v3/webhooks). The answer's secret
// signs every delivery and is shown only here: verify deliveries with package
// api/webhook (webhook.Read or webhook.Verify). A POST that timed out may have created
// the subscription, so it is not retried; list the subscriptions to find out.
func (c *Client) CreateWebhook(ctx context.Context, req api.CreateWebhookRequest) (api.WebhookCreated, error) {
	return post[api.WebhookCreated](ctx, c, api.PathWebhooks, req)
}

// DeleteWebhook deletes one of the caller's webhook subscriptions (DELETE
// /v3/webhooks/{subscriptionId}): nothing more is delivered to it.
func (c *Client) DeleteWebhook(ctx context.Context, subscriptionID string) error {
	if err := required("subscriptionId", subscriptionID); err != nil {
		return err
	}
	return c.do(ctx, request{method: http.MethodDelete, path: expand(api.PathWebhook, api.PathParamSubscriptionID, subscriptionID), auth: true})
}
