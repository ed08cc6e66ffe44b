package webhooks_test

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"math/big"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// verify checks a received delivery with the subscription's secret the way a receiver
// does, and decodes it.
func verify(t *testing.T, secret string, r received) api.WebhookDelivery {
	t.Helper()
	req := httptest.NewRequest(http.MethodPost, "/", bytes.NewReader(r.body))
	req.Header = r.header
	d, id, err := webhook.Read(req, secret)
	require.NoError(t, err)
	require.Equal(t, r.id, id)
	return d
}

// TestDeliverySigned: an OFFCHAIN deposit reaches the subscription's target with its
// headers, JSON content, and a Standard Webhooks signature the helper verifies.
func TestDeliverySigned(t *testing.T) {
	e := newEnv(t, testConfig())
	rc := newReceiver(t, nil)
	acct := e.account()
	sub := e.subscribe(acct, rc.URL+"/hook", map[string]string{"authorization": "Bearer rcv-token", "X-Tenant": "t1"})
	require.True(t, strings.HasPrefix(sub.Secret, webhook.SecretPrefix))
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "250")

	got := rc.waitRequests(t, 1)[0]
	d := verify(t, sub.Secret, got)
	require.Equal(t, "Bearer rcv-token", got.header.Get("Authorization"))
	require.Equal(t, "t1", got.header.Get("X-Tenant"))
	require.Equal(t, "application/json", got.header.Get("Content-Type"))
	require.True(t, strings.HasPrefix(got.id, "msg_"), "webhook-id %q", got.id)
	require.Equal(t, api.ChannelAccountActivity, d.Type)
	require.Equal(t, api.ActivityDeposit, d.Data.ActivityType)
	require.Equal(t, "OFFCHAIN", d.Data.Source)
	require.Equal(t, acct, d.Data.AccountID)
	require.Equal(t, "eur", d.Data.Asset)
	require.Equal(t, "250", d.Data.Amount)
	require.NotEmpty(t, d.Data.EventID)

	other, err := webhook.NewSecret()
	require.NoError(t, err)
	require.ErrorIs(t, webhook.Verify(other, got.header, got.body), webhook.ErrNoMatch)

	require.Eventually(t, func() bool {
		ds := e.deliveries(sub.SubscriptionID)
		return len(ds) == 1 && ds[0].Status == store.DeliveryDelivered
	}, 5*time.Second, 10*time.Millisecond)
	ds := e.deliveries(sub.SubscriptionID)
	require.Equal(t, 1, ds[0].Attempts)
}

// TestRetryUntilDelivered: a receiver that fails three times (500, a timeout, 503) gets
// the delivery a fourth time, with the same webhook-id and body and a fresh signature,
// and the delivery is then DELIVERED after four attempts; nothing comes after.
func TestRetryUntilDelivered(t *testing.T) {
	cfg := testConfig()
	e := newEnv(t, cfg)
	rc := newReceiver(t, func(n int, _ []byte, w http.ResponseWriter) {
		switch n {
		case 1:
			w.WriteHeader(http.StatusInternalServerError)
		case 2:
			time.Sleep(cfg.Timeout + 200*time.Millisecond) // longer than the attempt may take
		case 3:
			w.WriteHeader(http.StatusServiceUnavailable)
		default:
			w.WriteHeader(http.StatusOK)
		}
	})
	acct := e.account()
	sub := e.subscribe(acct, rc.URL, nil)
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "7")

	got := rc.waitRequests(t, 4)
	for i, r := range got {
		require.Equal(t, got[0].id, r.id, "webhook-id of request %d", i+1)
		require.Equal(t, got[0].body, r.body, "body of request %d", i+1)
		verify(t, sub.Secret, r)
	}
	for i := 1; i < len(got); i++ {
		require.GreaterOrEqual(t, got[i].at.Sub(got[i-1].at), cfg.RetryInitial/2, "backoff before request %d", i+1)
	}
	require.Eventually(t, func() bool { return e.deliveries(sub.SubscriptionID)[0].Status == store.DeliveryDelivered }, 5*time.Second, 10*time.Millisecond)
	d := e.deliveries(sub.SubscriptionID)[0]
	require.Equal(t, 4, d.Attempts)
	time.Sleep(4 * cfg.RetryMax)
	require.Len(t, rc.requests(), 4, "a delivered event is not sent again")
}

// TestOrderedPerSubscription: a subscription's events arrive one at a time in event
// order, even while the first is being retried; another subscription's are not held up.
func TestOrderedPerSubscription(t *testing.T) {
	e := newEnv(t, testConfig())
	slow := newReceiver(t, func(n int, _ []byte, w http.ResponseWriter) {
		if n <= 3 {
			w.WriteHeader(http.StatusBadGateway)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	fast := newReceiver(t, nil)
	a, b := e.account(), e.account()
	subA := e.subscribe(a, slow.URL, nil)
	subB := e.subscribe(b, fast.URL, nil)
	for i := 1; i <= 5; i++ {
		e.deposit(a, big.NewInt(int64(i)).String())
		e.deposit(b, big.NewInt(int64(i)).String())
	}
	e.run(webhooks.DispatcherOptions{})

	fastGot := fast.waitRequests(t, 5)
	require.Less(t, len(slow.requests()), 8, "b's deliveries were not held up by a's retries")
	slowGot := slow.waitRequests(t, 8)
	var amounts []string
	for i, r := range slowGot {
		d := verify(t, subA.Secret, r)
		if i >= 3 { // the first three were the failed attempts at the first event
			amounts = append(amounts, d.Data.Amount)
		} else {
			require.Equal(t, "1", d.Data.Amount)
		}
	}
	require.Equal(t, []string{"1", "2", "3", "4", "5"}, amounts)
	for i, r := range fastGot {
		require.Equal(t, big.NewInt(int64(i+1)).String(), verify(t, subB.Secret, r).Data.Amount)
	}
}

// TestDeleteStopsDelivery: deleting a subscription whose receiver keeps failing stops
// the retries and the deliveries of its later events at once.
func TestDeleteStopsDelivery(t *testing.T) {
	e := newEnv(t, testConfig())
	rc := newReceiver(t, func(_ int, _ []byte, w http.ResponseWriter) { w.WriteHeader(http.StatusInternalServerError) })
	acct := e.account()
	sub := e.subscribe(acct, rc.URL, nil)
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "1")
	rc.waitRequests(t, 2)
	require.NoError(t, e.svc.Delete(context.Background(), acct, sub.SubscriptionID))
	time.Sleep(300 * time.Millisecond) // an attempt under way at the delete may still land
	n := len(rc.requests())
	e.deposit(acct, "2")
	time.Sleep(time.Second)
	require.Len(t, rc.requests(), n, "nothing is sent after the delete")
	require.Empty(t, e.deliveries(sub.SubscriptionID))
}

// TestRetryWindowEnds: a delivery that keeps failing is marked FAILED once its next
// attempt would fall beyond the retry window, and the subscription's next event goes out.
func TestRetryWindowEnds(t *testing.T) {
	cfg := testConfig()
	cfg.RetryWindow = 400 * time.Millisecond
	e := newEnv(t, cfg)
	rc := newReceiver(t, func(_ int, body []byte, w http.ResponseWriter) {
		var d api.WebhookDelivery
		if json.Unmarshal(body, &d) == nil && d.Data.Amount == "1" {
			w.WriteHeader(http.StatusTeapot)
			return
		}
		w.WriteHeader(http.StatusOK)
	})
	acct := e.account()
	sub := e.subscribe(acct, rc.URL, nil)
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "1")
	e.deposit(acct, "2")
	require.Eventually(t, func() bool {
		ds := e.deliveries(sub.SubscriptionID)
		return len(ds) == 2 && ds[0].Status == store.DeliveryFailed && ds[1].Status == store.DeliveryDelivered
	}, 10*time.Second, 10*time.Millisecond)
	ds := e.deliveries(sub.SubscriptionID)
	require.Greater(t, ds[0].Attempts, 1)
	require.Contains(t, ds[0].LastError, "answered 418")
}

// TestPrivateTargetRefusedAtDelivery: with private targets off, a subscription whose
// host resolves to loopback (stored before the rule, or re-pointed by DNS since) is never
// connected to: every dial is checked.
func TestPrivateTargetRefusedAtDelivery(t *testing.T) {
	cfg := testConfig()
	e := newEnv(t, cfg)
	rc := newReceiver(t, nil)
	acct := e.account()
	sub := e.subscribe(acct, strings.Replace(rc.URL, "127.0.0.1", "localhost", 1), nil) // allowed when created
	cfg.AllowPrivateTargets = false
	e.cfg = cfg
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "5")
	require.Eventually(t, func() bool {
		ds := e.deliveries(sub.SubscriptionID)
		return len(ds) == 1 && ds[0].Attempts >= 2
	}, 5*time.Second, 10*time.Millisecond)
	require.Empty(t, rc.requests())
	require.Contains(t, e.deliveries(sub.SubscriptionID)[0].LastError, "loopback")
}

// TestRedirectNotFollowed: a 3xx answer is a failed attempt; its Location is not visited.
func TestRedirectNotFollowed(t *testing.T) {
	e := newEnv(t, testConfig())
	elsewhere := newReceiver(t, nil)
	rc := newReceiver(t, func(_ int, _ []byte, w http.ResponseWriter) {
		w.Header().Set("Location", elsewhere.URL)
		w.WriteHeader(http.StatusTemporaryRedirect)
	})
	acct := e.account()
	sub := e.subscribe(acct, rc.URL, nil)
	e.run(webhooks.DispatcherOptions{})
	e.deposit(acct, "5")
	rc.waitRequests(t, 2)
	require.Empty(t, elsewhere.requests())
	require.Contains(t, e.deliveries(sub.SubscriptionID)[0].LastError, "answered 307")
}

// TestEventsOfTheSubscriberOnly: a subscription gets its account's events written after
// its creation, including chain events resolved through a wallet linked since, and
// never another account's or other kinds.
func TestEventsOfTheSubscriberOnly(t *testing.T) {
	e := newEnv(t, testConfig())
	rc := newReceiver(t, nil)
	a, b := e.account(), e.account()
	e.deposit(a, "before")
	sub := e.subscribe(a, rc.URL, nil)
	trader := common.HexToAddress("0x00000000000000000000000000000000000000aa")
	token := common.HexToAddress("0x00000000000000000000000000000000000000bb")
	e.deposit(b, "other")
	e.write(outbox.Price, "", "", common.Address{}, outbox.PriceChange{Asset: "eth", Price: "3000"})
	e.write(outbox.Withdrawal, "ETHEREUM", "", trader, outbox.ChainActivity{Source: "ETHEREUM", Trader: trader, Token: token,
		Amount: "1500000", BlockTime: 1700000000, TxHash: common.HexToHash("0x01")})
	require.NoError(t, e.st.LinkWallet(context.Background(), a, trader, time.Now()))
	e.deposit(a, "after")
	reg, err := chain.NewRegistry([]chain.Source{{Name: "ETHEREUM", Assets: []chain.Asset{{ID: "usdt", Address: token, Decimals: 6}}}})
	require.NoError(t, err)
	e.run(webhooks.DispatcherOptions{Registry: reg})

	got := rc.waitRequests(t, 2)
	time.Sleep(200 * time.Millisecond)
	require.Len(t, rc.requests(), 2)
	w := verify(t, sub.Secret, got[0]).Data
	require.Equal(t, api.ActivityWithdrawal, w.ActivityType)
	require.Equal(t, "ETHEREUM", w.Source)
	require.Equal(t, a, w.AccountID)
	require.Equal(t, "usdt", w.Asset)
	require.Equal(t, "1.5", w.Amount)
	require.Equal(t, "1700000000000", w.TimestampMillis)
	require.Equal(t, common.HexToHash("0x01").Hex(), w.TransactionHash)
	require.Equal(t, &api.ActivityReference{InstructionID: w.TransactionHash, TransactionHash: w.TransactionHash, ActivityLocation: "ETHEREUM"}, w.Reference)
	require.Equal(t, "after", verify(t, sub.Secret, got[1]).Data.Amount)
}

// TestBackoff: waits double from RetryInitial up to RetryMax, each drawn between its half
// and its whole.
func TestBackoff(t *testing.T) {
	cfg := config.DefaultWebhooks()
	cfg.RetryInitial, cfg.RetryMax = time.Second, 10*time.Second
	for _, tc := range []struct {
		n    int
		want time.Duration
	}{{1, time.Second}, {2, 2 * time.Second}, {3, 4 * time.Second}, {4, 8 * time.Second}, {5, 10 * time.Second}, {60, 10 * time.Second}} {
		for range 50 {
			got := webhooks.Backoff(cfg, tc.n)
			require.GreaterOrEqual(t, got, tc.want/2, "attempt %d", tc.n)
			require.LessOrEqual(t, got, tc.want, "attempt %d", tc.n)
		}
	}
}

// TestFeedReadsNoEventWithoutSubscriptions: with no subscription the fan-out handles no
// event, however many were written (it reads none, opens no transaction and leaves the
// cursor); once a subscription exists it resumes after the subscription's start, not at
// the cursor left behind, so the events before are never read.
func TestFeedReadsNoEventWithoutSubscriptions(t *testing.T) {
	ctx := context.Background()
	e := newEnv(t, testConfig())
	d := webhooks.NewDispatcher(e.cfg, store.Narrow[webhooks.FanOutTx](e.st), webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler)})
	a := e.account()
	cursor, err := e.st.WebhookCursor(ctx)
	require.NoError(t, err)
	for range 3 {
		e.deposit(a, "1")
	}
	n, err := d.Feed(ctx)
	require.NoError(t, err)
	require.Zero(t, n, "no subscription: no event read")
	after, err := e.st.WebhookCursor(ctx)
	require.NoError(t, err)
	require.Equal(t, cursor, after, "the cursor stays: nothing was fanned out")

	rc := newReceiver(t, nil)
	e.subscribe(a, rc.URL, nil)
	e.deposit(a, "2")
	n, err = d.Feed(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n, "only the event after the subscription is read")
	n, err = d.Feed(ctx)
	require.NoError(t, err)
	require.Zero(t, n)
}
