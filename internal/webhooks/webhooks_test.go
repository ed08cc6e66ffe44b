package webhooks_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

func TestCreateValidates(t *testing.T) {
	e := newEnv(t, testConfig())
	acct := e.account()
	ok := api.WebhookTarget{URL: "https://hooks.example.com/dtw"}
	activity := []api.ChannelType{api.ChannelAccountActivity}
	many := map[string]string{}
	for i := range api.MaxWebhookHeaders + 1 {
		many["X-H"+string(rune('a'+i))] = "v"
	}
	for _, tc := range []struct {
		name string
		req  api.CreateWebhookRequest
		want string // part of the error, "" for created
	}{
		{"no event types", api.CreateWebhookRequest{Target: ok}, "eventTypes is required"},
		{"orders", api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelOrders}, Target: ok}, `"ORDERS" is not supported`},
		{"unknown type", api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity, "DEPOSITS"}, Target: ok}, `"DEPOSITS" is not supported`},
		{"no url", api.CreateWebhookRequest{EventTypes: activity}, "target.url"},
		{"signature header", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"webhook-signature": "v1,x"}}}, "reserved"},
		{"content type", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"Content-Type": "text/plain"}}}, "reserved"},
		{"host", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"host": "evil"}}}, "reserved"},
		{"bad name", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"X Bad": "v"}}}, "header name"},
		{"long name", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{strings.Repeat("x", 65): "v"}}}, "header name"},
		{"newline value", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"X-A": "a\r\nX-B: b"}}}, "control characters"},
		{"long value", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"X-A": strings.Repeat("v", 1025)}}}, "at most 1024"},
		{"twice", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"X-A": "1", "x-a": "2"}}}, "twice"},
		{"too many", api.CreateWebhookRequest{EventTypes: activity, Target: api.WebhookTarget{URL: ok.URL, Headers: many}}, "at most 10"},
		{"valid", api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity, api.ChannelAccountActivity},
			Target: api.WebhookTarget{URL: ok.URL, Headers: map[string]string{"authorization": "Bearer x", "X-Tab": "a\tb"}}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := e.svc.Create(context.Background(), acct, tc.req)
			if tc.want != "" {
				require.ErrorIs(t, err, webhooks.ErrInvalid)
				require.Contains(t, err.Error(), tc.want)
				return
			}
			require.NoError(t, err)
			require.Equal(t, activity, got.EventTypes)
			require.Equal(t, map[string]string{"Authorization": "Bearer x", "X-Tab": "a\tb"}, got.Target.Headers)
		})
	}
}

// TestCreateLimitAndOwnership: five subscriptions per account, the sixth refused; an
// account sees, gets and deletes its own only, and another's id is not found.
func TestCreateLimitAndOwnership(t *testing.T) {
	e := newEnv(t, testConfig())
	a, b := e.account(), e.account()
	var ids []string
	for range api.MaxWebhooks {
		ids = append(ids, e.subscribe(a, "https://hooks.example.com/a", nil).SubscriptionID)
	}
	_, err := e.svc.Create(context.Background(), a, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
		Target: api.WebhookTarget{URL: "https://hooks.example.com/a"}})
	require.ErrorIs(t, err, webhooks.ErrLimit)
	bid := e.subscribe(b, "https://hooks.example.com/b", nil).SubscriptionID

	list, err := e.svc.List(context.Background(), a)
	require.NoError(t, err)
	require.Len(t, list.Webhooks, api.MaxWebhooks)
	for i, w := range list.Webhooks {
		require.Equal(t, ids[i], w.SubscriptionID)
	}
	_, err = e.svc.Get(context.Background(), a, bid)
	require.ErrorIs(t, err, webhooks.ErrNotFound)
	require.ErrorIs(t, e.svc.Delete(context.Background(), a, bid), webhooks.ErrNotFound)
	require.ErrorIs(t, e.svc.Delete(context.Background(), a, "wh_nope"), webhooks.ErrNotFound)

	require.NoError(t, e.svc.Delete(context.Background(), a, ids[0]))
	_, err = e.svc.Get(context.Background(), a, ids[0])
	require.ErrorIs(t, err, webhooks.ErrNotFound)
	e.subscribe(a, "https://hooks.example.com/a", nil) // room again
}

// TestCreateRefusesPrivateTargets: with the gateway's defaults (https only, public
// targets only) a loopback or plain-http target is refused at creation.
func TestCreateRefusesPrivateTargets(t *testing.T) {
	cfg := testConfig()
	cfg.AllowHTTP, cfg.AllowPrivateTargets = false, false
	e := newEnv(t, cfg)
	acct := e.account()
	for url, want := range map[string]string{
		"https://127.0.0.1:9/hook":       "loopback",
		"https://localhost:9/hook":       "loopback",
		"https://169.254.169.254/latest": "metadata",
		"https://10.0.0.1/hook":          "private",
		"http://93.184.216.34/hook":      "must be https",
	} {
		_, err := e.svc.Create(context.Background(), acct, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
			Target: api.WebhookTarget{URL: url}})
		require.ErrorIs(t, err, webhooks.ErrInvalid, url)
		require.Contains(t, err.Error(), want, url)
	}
}
