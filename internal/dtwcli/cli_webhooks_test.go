package dtwcli_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/internal/dtwcli"
)

// TestCLIWebhooks: dtw webhooks create (headers with commas, the secret shown once),
// list (header names only), delete, each with --json; the sixth subscription, an
// unsupported event type and an unknown id fail with the gateway's code (exit 3), a
// malformed --header or a missing id with a usage error (exit 2).
func TestCLIWebhooks(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, "gw.yaml")
	require.NoError(t, os.WriteFile(cfgPath, []byte("webhooks: {allowHTTP: true, allowPrivateTargets: true}\n"), 0o600))
	gw := newGateway(t, cfgPath, filepath.Join(dir, "data"))
	gw.start(t)
	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	out := gw.admin(t, "keys", "create", "--label", "k", "--permissions", "READ,MANAGE_KEYS", "--json")
	require.NoError(t, json.Unmarshal([]byte(out), &key))
	dtw := &cli{bin: dtwBinary(t), env: newWalletEnv(t, "DTW_API_URL="+gw.base(), "DTW_API_KEY_ID="+key.APIKeyID, "DTW_API_SECRET="+key.APIKeySecret)}

	require.Contains(t, dtw.ok(t, "webhooks", "list"), "no webhook subscriptions")
	var created api.WebhookCreated
	dtw.okJSON(t, &created, "webhooks", "create", "--url", "http://127.0.0.1:9/hook", "--header", "Authorization: Bearer a,b",
		"--header", "x-tenant: t1", "--json")
	require.True(t, strings.HasPrefix(created.Secret, webhook.SecretPrefix), created.Secret)
	require.Equal(t, []api.ChannelType{api.ChannelAccountActivity}, created.EventTypes)
	require.Equal(t, map[string]string{"Authorization": "Bearer a,b", "X-Tenant": "t1"}, created.Target.Headers)

	human := dtw.ok(t, "webhooks", "create", "--url", "http://127.0.0.1:9/second")
	require.Contains(t, human, "secret:          whsec_")
	require.Contains(t, human, "shown only now")

	table := dtw.ok(t, "webhooks", "list")
	require.Contains(t, table, created.SubscriptionID)
	require.Contains(t, table, "Authorization,X-Tenant")
	require.NotContains(t, table, "Bearer", "header values stay hidden")
	var list api.WebhookList
	dtw.okJSON(t, &list, "webhooks", "list", "--json")
	require.Len(t, list.Webhooks, 2)
	require.Equal(t, created.Webhook, list.Webhooks[0])

	for range api.MaxWebhooks - 2 {
		dtw.ok(t, "webhooks", "create", "--url", "http://127.0.0.1:9/more")
	}
	dtw.fails(t, dtwcli.ExitAPI, msgs("WEBHOOK_LIMIT_REACHED", "at most 5"), "webhooks", "create", "--url", "http://127.0.0.1:9/sixth")
	dtw.fails(t, dtwcli.ExitAPI, msgs("INVALID_SCHEMA", `"ORDERS" is not supported`), "webhooks", "create", "--url", "http://127.0.0.1:9/x", "--event", "ORDERS")
	dtw.fails(t, dtwcli.ExitUsage, msgs("--header", "'NAME: VALUE'"), "webhooks", "create", "--url", "http://127.0.0.1:9/x", "--header", "NoColon")
	dtw.fails(t, dtwcli.ExitUsage, msgs("wrong number of arguments"), "webhooks", "delete")
	dtw.fails(t, dtwcli.ExitAPI, msgs("NOT_FOUND", "wh_nope"), "webhooks", "delete", "wh_nope")

	var deleted struct {
		SubscriptionID string `json:"subscriptionId"`
		Deleted        bool   `json:"deleted"`
	}
	dtw.okJSON(t, &deleted, "webhooks", "delete", "--json", created.SubscriptionID)
	require.True(t, deleted.Deleted)
	require.Equal(t, created.SubscriptionID, deleted.SubscriptionID)
	require.Contains(t, dtw.ok(t, "webhooks", "delete", list.Webhooks[1].SubscriptionID), "deleted "+list.Webhooks[1].SubscriptionID)
	dtw.okJSON(t, &list, "webhooks", "list", "--json")
	require.Len(t, list.Webhooks, api.MaxWebhooks-2)
}
