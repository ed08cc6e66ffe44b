package webhooks_test

import (
	"context"
	"log/slog"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// countingStore counts the delivery claims of the store it wraps.
type countingStore struct {
	webhooks.DispatcherStore
	claims atomic.Int64
}

// ClaimWebhookDeliveries counts a claim and makes it.
func (c *countingStore) ClaimWebhookDeliveries(ctx context.Context, owner string, now, until time.Time, limit int) ([]store.WebhookDelivery, error) {
	c.claims.Add(1)
	return c.DispatcherStore.ClaimWebhookDeliveries(ctx, owner, now, until, limit)
}

// TestIdleSenderSlowsItsPoll: a sender whose claims find nothing polls twice as seldom
// after each (every replica's settler runs one, a statement each time), yet delivers an
// event that another process's fan-out enqueued (nothing wakes it but its poll) within
// its slowest poll, and claims at its poll again once there is work.
func TestIdleSenderSlowsItsPoll(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	e := newEnv(t, testConfig())
	const poll = 20 * time.Millisecond
	st := &countingStore{DispatcherStore: store.Narrow[webhooks.FanOutTx](e.st)}
	sender := webhooks.NewDispatcher(e.cfg, st, webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler), PollInterval: poll})
	done := make(chan struct{})
	go func() {
		defer close(done)
		sender.RunDeliveries(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})

	const idle = time.Second
	time.Sleep(idle)
	claims := st.claims.Load()
	t.Logf("%d claims over %s idle at a poll of %s", claims, idle, poll)
	require.LessOrEqual(t, claims, int64(15), "claims of an idle sender, got %d, want far fewer than one per poll (%d)", claims, idle/poll)

	// Another process's fan-out enqueues a delivery: only the sender's poll finds it.
	feeder := webhooks.NewDispatcher(e.cfg, store.Narrow[webhooks.FanOutTx](e.st), webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler)})
	rc := newReceiver(t, nil)
	acct := e.account()
	e.subscribe(acct, rc.URL, nil)
	e.deposit(acct, "1")
	n, err := feeder.Feed(ctx)
	require.NoError(t, err)
	require.Equal(t, 1, n)
	enqueued := time.Now()
	got := rc.waitRequests(t, 1)
	wait := got[0].at.Sub(enqueued)
	t.Logf("delivered %s after another process enqueued it", wait)
	require.Less(t, wait, 8*poll+time.Second, "an idle sender's slowest poll bounds a delivery of another process")
}

// notifyCounting counts the fan-out's waits for commits (EventsNotify).
type notifyCounting struct {
	webhooks.DispatcherStore
	waits atomic.Int64
}

// EventsNotify counts a wait and returns the store's channel.
func (c *notifyCounting) EventsNotify() <-chan struct{} {
	c.waits.Add(1)
	return c.DispatcherStore.EventsNotify()
}

// TestFeedWaitsForCommitsOnlyWhileSubscribed: without a subscription the fan-out waits
// for its poll alone, not for commits (a process that waits for commits counts as
// reading events, and on PostgreSQL every other replica then notifies it at the full
// rate); once its poll finds a subscription, a commit wakes it again.
func TestFeedWaitsForCommitsOnlyWhileSubscribed(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	e := newEnv(t, testConfig())
	const poll = time.Second
	st := &notifyCounting{DispatcherStore: store.Narrow[webhooks.FanOutTx](e.st)}
	d := webhooks.NewDispatcher(e.cfg, st, webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler), PollInterval: poll})
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = d.Run(ctx)
	}()
	t.Cleanup(func() {
		cancel()
		<-done
	})

	acct := e.account()
	time.Sleep(100 * time.Millisecond) // the fan-out's first round is over
	for range 3 {
		e.deposit(acct, "1")
		time.Sleep(50 * time.Millisecond)
	}
	require.LessOrEqual(t, st.waits.Load(), int64(1), "no subscription: only the first round, before it knew, waits for commits")

	rc := newReceiver(t, nil)
	e.subscribe(acct, rc.URL, nil)
	require.Eventually(t, func() bool { return st.waits.Load() >= 2 }, 3*poll, 10*time.Millisecond,
		"the fan-out learns of the subscription at its poll and waits for commits again")
	e.deposit(acct, "2")
	deposited := time.Now()
	got := rc.waitRequests(t, 1)
	wait := got[0].at.Sub(deposited)
	t.Logf("delivered %s after the deposit's commit", wait)
	require.Less(t, wait, poll/2, "a commit wakes the fan-out of a subscription, before its poll")
}
