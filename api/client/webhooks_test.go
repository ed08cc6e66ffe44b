package client_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// localWebhooks lets subscriptions target local http receivers, as the devnet does.
func localWebhooks(cfg *config.Config) {
	cfg.Webhooks.AllowHTTP, cfg.Webhooks.AllowPrivateTargets = true, true
	cfg.Webhooks.RetryInitial, cfg.Webhooks.RetryMax = 50*time.Millisecond, 200*time.Millisecond
}

func activityRequest(url string) api.CreateWebhookRequest {
	return api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity}, Target: api.WebhookTarget{URL: url}}
}

// TestWebhooksCRUD: five subscriptions, the sixth refused with a clear 400; the secret
// only in the creation's answer; another account's subscription and an unknown id are
// 404 NOT_FOUND for get and delete; READ lists but may not create.
func TestWebhooksCRUD(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, localWebhooks)
	k := g.createKey(t, api.PermRead, api.PermManageKeys)
	me := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
	o := g.createKey(t, api.PermRead, api.PermManageKeys)
	other := g.newClient(t, client.NewAPIKeyAuth(o.id, o.secret))

	var created []api.WebhookCreated
	for i := range api.MaxWebhooks {
		req := activityRequest("http://127.0.0.1:9/hook")
		req.Target.Headers = map[string]string{"x-n": string(rune('0' + i))}
		w, err := me.CreateWebhook(ctx, req)
		require.NoError(t, err)
		require.Regexp(t, `^whsec_[A-Za-z0-9+/]+=*$`, w.Secret)
		require.Equal(t, []api.ChannelType{api.ChannelAccountActivity}, w.EventTypes)
		require.Equal(t, map[string]string{"X-N": string(rune('0' + i))}, w.Target.Headers)
		created = append(created, w)
	}
	_, err := me.CreateWebhook(ctx, activityRequest("http://127.0.0.1:9/hook"))
	e := requireAPIError(t, err, http.StatusBadRequest, api.CodeWebhookLimitReached)
	require.Contains(t, e.Description, "at most 5 webhook subscriptions")

	list, err := me.Webhooks(ctx)
	require.NoError(t, err)
	require.Len(t, list.Webhooks, api.MaxWebhooks)
	for i, w := range list.Webhooks {
		require.Equal(t, created[i].Webhook, w)
	}
	got, err := me.Webhook(ctx, created[2].SubscriptionID)
	require.NoError(t, err)
	require.Equal(t, created[2].Webhook, got)

	theirs, err := other.CreateWebhook(ctx, activityRequest("http://127.0.0.1:9/other"))
	require.NoError(t, err)
	_, err = me.Webhook(ctx, theirs.SubscriptionID)
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	requireAPIError(t, me.DeleteWebhook(ctx, theirs.SubscriptionID), http.StatusNotFound, api.CodeNotFound)
	_, err = me.Webhook(ctx, "wh_unknown")
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	requireAPIError(t, me.DeleteWebhook(ctx, "wh_unknown"), http.StatusNotFound, api.CodeNotFound)
	_, err = other.Webhook(ctx, theirs.SubscriptionID)
	require.NoError(t, err, "the owner still has it")

	require.NoError(t, me.DeleteWebhook(ctx, created[0].SubscriptionID))
	_, err = me.Webhook(ctx, created[0].SubscriptionID)
	requireAPIError(t, err, http.StatusNotFound, api.CodeNotFound)
	_, err = me.CreateWebhook(ctx, activityRequest("http://127.0.0.1:9/hook"))
	require.NoError(t, err, "room for one again")

	for name, req := range map[string]api.CreateWebhookRequest{
		"orders":    {EventTypes: []api.ChannelType{api.ChannelOrders}, Target: api.WebhookTarget{URL: "http://127.0.0.1:9/hook"}},
		"no types":  {Target: api.WebhookTarget{URL: "http://127.0.0.1:9/hook"}},
		"signature": {EventTypes: []api.ChannelType{api.ChannelAccountActivity}, Target: api.WebhookTarget{URL: "http://127.0.0.1:9/hook", Headers: map[string]string{"Webhook-Signature": "v1,x"}}},
	} {
		t.Run(name, func(t *testing.T) {
			_, err := other.CreateWebhook(ctx, req)
			requireAPIError(t, err, http.StatusBadRequest, api.CodeInvalidSchema)
		})
	}

	r := g.createKey(t, api.PermRead)
	reader := g.newClient(t, client.NewAPIKeyAuth(r.id, r.secret))
	_, err = reader.Webhooks(ctx)
	require.NoError(t, err)
	_, err = reader.CreateWebhook(ctx, activityRequest("http://127.0.0.1:9/hook"))
	requireAPIError(t, err, http.StatusForbidden, api.CodeInvalidPermissions)
}

// TestWebhookPrivateTargetRefused: with the defaults (https only, public targets only), a
// loopback or plain-http target is a 400 that says why.
func TestWebhookPrivateTargetRefused(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, nil)
	k := g.createKey(t, api.PermRead, api.PermManageKeys)
	c := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
	for url, want := range map[string]string{
		"https://127.0.0.1:8443/hook": "127.0.0.1, a loopback address",
		"https://[::1]/hook":          "a loopback address",
		"http://127.0.0.1:8080/hook":  "must be https",
	} {
		_, err := c.CreateWebhook(ctx, activityRequest(url))
		e := requireAPIError(t, err, http.StatusBadRequest, api.CodeInvalidSchema)
		require.Contains(t, e.Description, want, url)
	}
	list, err := c.Webhooks(ctx)
	require.NoError(t, err)
	require.Empty(t, list.Webhooks)
}

// TestWebhookDeliveryVerified: a subscription made with the client gets an OFFCHAIN
// deposit of its account, delivered by the dispatcher over the gateway's store to a real
// HTTP receiver, which verifies it with the secret the creation returned.
func TestWebhookDeliveryVerified(t *testing.T) {
	ctx := context.Background()
	g := newGateway(t, localWebhooks)
	k := g.createKey(t, api.PermRead, api.PermManageKeys)
	c := g.newClient(t, client.NewAPIKeyAuth(k.id, k.secret))
	got := make(chan api.WebhookDelivery, 1)
	var secret atomic.Value // the subscription's, once created
	rc := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s, _ := secret.Load().(string)
		d, _, err := webhook.Read(r, s)
		if err != nil {
			http.Error(w, err.Error(), http.StatusUnauthorized)
			return
		}
		got <- d
	}))
	t.Cleanup(rc.Close)
	sub, err := c.CreateWebhook(ctx, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
		Target: api.WebhookTarget{URL: rc.URL + "/hook", Headers: map[string]string{"X-Receiver-Token": "t0k"}}})
	require.NoError(t, err)
	secret.Store(sub.Secret)

	d := webhooks.NewDispatcher(g.cfg.Webhooks, store.Narrow[webhooks.FanOutTx](g.store), webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler), PollInterval: 20 * time.Millisecond})
	runCtx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = d.Run(runCtx) }()
	t.Cleanup(func() { cancel(); <-done })

	require.NoError(t, g.store.InTx(ctx, func(tx store.Tx) error {
		return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Deposit, Source: offchain.Source, AccountID: k.account, Payload: outbox.LedgerActivity{Source: offchain.Source, Asset: "eur", Amount: "42.5", Location: "bank:eur-main"}})
	}))
	select {
	case delivery := <-got:
		require.Equal(t, api.ChannelAccountActivity, delivery.Type)
		require.Equal(t, api.ActivityDeposit, delivery.Data.ActivityType)
		require.Equal(t, k.account, delivery.Data.AccountID)
		require.Equal(t, "42.5", delivery.Data.Amount)
	case <-time.After(10 * time.Second):
		t.Fatal("no verified delivery within 10s")
	}
}
