package gatewaycmd

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/api/webhook"
)

// webhookE2EConfig lets the gateway deliver to the test's loopback receiver, with short
// timeouts and retries, and gives the OFFCHAIN venue a bank for booked deposits.
const webhookE2EConfig = `webhooks:
  allowHTTP: true
  allowPrivateTargets: true
  timeout: 2s
  retryInitial: 100ms
  retryMax: 500ms
offchain:
  banks:
    - {name: eur-main, asset: eur, bankName: Bank, accountName: DTW Ltd, iban: DE89370400440532013000, bic: COBADEFFXXX}
`

// hookReceiver is a webhook receiver on a real HTTP server: it answers 503 while down,
// else verifies each delivery with the subscription's secret and records it; attempts
// counts every request per webhook-id.
type hookReceiver struct {
	*httptest.Server
	mu        sync.Mutex
	secret    string
	down      bool
	failFirst int // answer 500 to the first failFirst requests of every webhook-id
	attempts  map[string]int
	verified  []api.WebhookDelivery
	ids       []string
	bad       []string
}

func newHookReceiver(t *testing.T) *hookReceiver {
	h := &hookReceiver{attempts: map[string]int{}}
	h.Server = httptest.NewServer(http.HandlerFunc(h.serve))
	t.Cleanup(h.Close)
	return h
}

func (h *hookReceiver) serve(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	defer h.mu.Unlock()
	d, id, err := webhook.Read(r, h.secret)
	if err != nil {
		body, _ := io.ReadAll(r.Body)
		h.bad = append(h.bad, err.Error()+": "+string(body))
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	h.attempts[id]++
	if h.down || h.attempts[id] <= h.failFirst {
		w.WriteHeader(http.StatusServiceUnavailable)
		return
	}
	for _, seen := range h.ids {
		if seen == id {
			w.WriteHeader(http.StatusNoContent) // a duplicate: already handled
			return
		}
	}
	h.ids = append(h.ids, id)
	h.verified = append(h.verified, d)
	w.WriteHeader(http.StatusNoContent)
}

func (h *hookReceiver) set(fn func(h *hookReceiver)) {
	h.mu.Lock()
	defer h.mu.Unlock()
	fn(h)
}

// deliveries returns the verified deliveries, once each, in arrival order.
func (h *hookReceiver) deliveries() []api.WebhookDelivery {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]api.WebhookDelivery(nil), h.verified...)
}

// waitFor waits until n deliveries arrived and returns them.
func (h *hookReceiver) waitFor(t *testing.T, n int, what string) []api.WebhookDelivery {
	t.Helper()
	require.Eventually(t, func() bool { return len(h.deliveries()) >= n }, settleTimeout, 50*time.Millisecond,
		"%s: %d deliveries, want %d", what, len(h.deliveries()), n)
	h.mu.Lock()
	defer h.mu.Unlock()
	require.Empty(t, h.bad, "deliveries that failed verification")
	return append([]api.WebhookDelivery(nil), h.verified...)
}

// TestWebhooksE2E runs the real dtwgate on an anvil chain with a webhook subscription
// made through the client: an on-chain deposit of the account's wallet and an OFFCHAIN
// bank deposit booked with `dtwgate admin offchain book-deposit` are both delivered and
// verified with the secret; a receiver failing three times gets the delivery a fourth
// time with the same webhook-id; the gateway killed with SIGKILL while deliveries are
// pending (and more events written while it is down) delivers them all, in order, once
// restarted.
func TestWebhooksE2E(t *testing.T) {
	e := newChainEnv(t, envOptions{extraConfig: webhookE2EConfig})
	c, trader := e.c, e.traders[2]
	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	out := e.gw.admin(t, "keys", "create", "--label", "hooks", "--permissions", "READ,MANAGE_KEYS", "--json")
	require.NoError(t, json.Unmarshal([]byte(out), &key), out)
	e.gw.admin(t, "wallets", "link", "--account", key.AccountID, trader.Address.Hex())
	e.start(t)
	connect := func() *client.Client { // each start listens on a new port
		ccfg := client.DefaultConfig()
		ccfg.BaseURL, ccfg.Auth = e.gw.base, client.NewAPIKeyAuth(key.APIKeyID, key.APIKeySecret)
		cl, err := client.New(ccfg)
		require.NoError(t, err)
		return cl
	}
	cl := connect()
	ref, err := cl.DepositReference(e2eCtx(t), "")
	require.NoError(t, err)
	book := func(amount, transferID string) { // works whether the gateway runs or not
		t.Helper()
		require.Contains(t, e.gw.admin(t, "offchain", "book-deposit", "--config", e.gw.Config, "--reference", ref.DepositReference,
			"--asset", "eur", "--amount", amount, "--transfer-id", transferID), "booked "+amount+" eur")
	}

	rc := newHookReceiver(t)
	sub, err := cl.CreateWebhook(context.Background(), api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
		Target: api.WebhookTarget{URL: rc.URL + "/dtw", Headers: map[string]string{"X-Receiver": "e2e"}}})
	require.NoError(t, err)
	rc.set(func(h *hookReceiver) { h.secret, h.failFirst = sub.Secret, 3 })

	// On-chain: a deposit of the account's wallet, delivered at the confirmation depth
	// after three failed attempts.
	dai := c.MustToken("DAI")
	r := deposit(t, c, trader, dai, 12)
	got := rc.waitFor(t, 1, "on-chain deposit")
	require.Equal(t, api.ChannelAccountActivity, got[0].Type)
	require.Equal(t, api.ActivityDeposit, got[0].Data.ActivityType)
	require.Equal(t, "ETHEREUM", got[0].Data.Source)
	require.Equal(t, key.AccountID, got[0].Data.AccountID)
	require.Equal(t, "dai", got[0].Data.Asset)
	require.Equal(t, "12", got[0].Data.Amount)
	require.Equal(t, r.TxHash.Hex(), got[0].Data.TransactionHash)
	rc.mu.Lock()
	require.Equal(t, 4, rc.attempts[rc.ids[0]], "three failures, then the same webhook-id once more")
	rc.mu.Unlock()

	// OFFCHAIN: a bank transfer booked by the operator.
	rc.set(func(h *hookReceiver) { h.failFirst = 0 })
	book("250", "BT-1")
	got = rc.waitFor(t, 2, "OFFCHAIN deposit")
	require.Equal(t, "OFFCHAIN", got[1].Data.Source)
	require.Equal(t, api.ActivityDeposit, got[1].Data.ActivityType)
	require.Equal(t, "eur", got[1].Data.Asset)
	require.Equal(t, "250", got[1].Data.Amount)

	// Kill -9 with a delivery pending (its receiver down), write more while the gateway
	// is dead, bring the receiver back and restart: everything arrives, in order.
	rc.set(func(h *hookReceiver) { h.down = true })
	book("1", "BT-2")
	require.Eventually(t, func() bool {
		rc.mu.Lock()
		defer rc.mu.Unlock()
		return len(rc.attempts) >= 3 // a failed attempt at the new delivery
	}, settleTimeout, 20*time.Millisecond)
	e.gw.kill(t)
	book("2", "BT-3")
	deposit(t, c, trader, dai, 3)
	book("3", "BT-4")
	rc.set(func(h *hookReceiver) { h.down = false })
	e.start(t) // the follower finds the chain deposit after the restart: its event is the newest
	cl = connect()
	got = rc.waitFor(t, 6, "deliveries pending across a SIGKILL")
	var amounts []string
	for _, d := range got[2:] {
		amounts = append(amounts, d.Data.Source+" "+d.Data.Amount)
	}
	require.Equal(t, []string{"OFFCHAIN 1", "OFFCHAIN 2", "OFFCHAIN 3", "ETHEREUM 3"}, amounts)
	time.Sleep(time.Second)
	require.Len(t, rc.deliveries(), 6, "nothing else")

	// The subscription is listed without its secret; deleting it stops deliveries.
	list, err := cl.Webhooks(context.Background())
	require.NoError(t, err)
	require.Equal(t, []api.Webhook{sub.Webhook}, list.Webhooks)
	require.NoError(t, cl.DeleteWebhook(context.Background(), sub.SubscriptionID))
	book("4", "BT-5")
	time.Sleep(2 * time.Second)
	require.Len(t, rc.deliveries(), 6, "no delivery after the delete")
}

// TestWebhooksE2ESplitRoles: deliveries are the settler's work. With an API process
// alone (--role api) a subscription is made and an event written, but nothing is
// delivered; once a settler process (--role settler) runs on the same data directory, the
// pending OFFCHAIN deposit and a later on-chain deposit are delivered, verified.
func TestWebhooksE2ESplitRoles(t *testing.T) {
	e := newChainEnv(t, envOptions{extraConfig: webhookE2EConfig})
	c, trader := e.c, e.traders[2]
	var key struct{ APIKeyID, APIKeySecret, AccountID string }
	out := e.gw.admin(t, "keys", "create", "--label", "hooks", "--permissions", "READ,MANAGE_KEYS", "--json")
	require.NoError(t, json.Unmarshal([]byte(out), &key), out)
	e.gw.admin(t, "wallets", "link", "--account", key.AccountID, trader.Address.Hex())
	e.start(t, EnvRole+"=api")
	ccfg := client.DefaultConfig()
	ccfg.BaseURL, ccfg.Auth = e.gw.base, client.NewAPIKeyAuth(key.APIKeyID, key.APIKeySecret)
	cl, err := client.New(ccfg)
	require.NoError(t, err)
	ref, err := cl.DepositReference(e2eCtx(t), "")
	require.NoError(t, err)

	rc := newHookReceiver(t)
	sub, err := cl.CreateWebhook(context.Background(), api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
		Target: api.WebhookTarget{URL: rc.URL + "/dtw"}})
	require.NoError(t, err)
	rc.set(func(h *hookReceiver) { h.secret = sub.Secret })
	require.Contains(t, e.gw.admin(t, "offchain", "book-deposit", "--config", e.gw.Config, "--reference", ref.DepositReference,
		"--asset", "eur", "--amount", "70", "--transfer-id", "BT-S1"), "booked 70 eur")
	time.Sleep(time.Second)
	require.Empty(t, rc.deliveries(), "the API role delivers nothing")

	startSettler(t, e)
	got := rc.waitFor(t, 1, "OFFCHAIN deposit, once a settler runs")
	require.Equal(t, "OFFCHAIN", got[0].Data.Source)
	require.Equal(t, "70", got[0].Data.Amount)
	deposit(t, c, trader, c.MustToken("DAI"), 4)
	got = rc.waitFor(t, 2, "on-chain deposit")
	require.Equal(t, "ETHEREUM", got[1].Data.Source)
	require.Equal(t, "4", got[1].Data.Amount)
	require.Equal(t, key.AccountID, got[1].Data.AccountID)
}
