package storetest

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

func webhook(id, account string) store.WebhookSubscription {
	return store.WebhookSubscription{ID: id, AccountID: account, EventTypes: []string{"ACCOUNT_ACTIVITY"}, URL: "https://hooks.example.com/" + id,
		Headers: map[string]string{"Authorization": "Bearer " + id}, Secret: "whsec_" + id, CreatedAt: now()}
}

// testWebhooks: an account holds at most max subscriptions, sees, gets and deletes its
// own only, and a subscription starts after the newest event.
func testWebhooks(t *testing.T, s store.Store) {
	ctx := context.Background()
	a, b := mustAccount(t, s, "wa"), mustAccount(t, s, "wb")
	require.NoError(t, outbox.Write(ctx, s, outbox.Event{Kind: outbox.Deposit, Source: source, AccountID: a, Trader: traderA, Payload: outbox.ChainActivity{Amount: "1"}}))
	evs := eventsAtLeast(t, s, 1)
	newest := evs[len(evs)-1].ID
	var made []store.WebhookSubscription
	for _, id := range []string{"w1", "w2", "w3"} {
		w, err := s.CreateWebhook(ctx, webhook(id, a), 3)
		require.NoError(t, err)
		require.Equal(t, newest, w.AfterEventID)
		made = append(made, w)
	}
	_, err := s.CreateWebhook(ctx, webhook("w4", a), 3)
	require.ErrorIs(t, err, store.ErrWebhookLimit)
	_, err = s.CreateWebhook(ctx, webhook("w1", b), 3)
	require.ErrorIs(t, err, store.ErrConflict)
	_, err = s.CreateWebhook(ctx, webhook("wb1", b), 3)
	require.NoError(t, err)

	got, err := s.Webhooks(ctx, a)
	require.NoError(t, err)
	require.Equal(t, made, got)
	w, err := s.Webhook(ctx, a, "w2")
	require.NoError(t, err)
	require.Equal(t, made[1], w)
	_, err = s.Webhook(ctx, a, "wb1")
	require.ErrorIs(t, err, store.ErrNotFound)
	require.ErrorIs(t, s.DeleteWebhook(ctx, a, "wb1"), store.ErrNotFound)
	require.NoError(t, s.DeleteWebhook(ctx, a, "w2"))
	require.ErrorIs(t, s.DeleteWebhook(ctx, a, "w2"), store.ErrNotFound)
	_, err = s.CreateWebhook(ctx, webhook("w4", a), 3)
	require.NoError(t, err, "room again after a delete")
}

// testWebhookBacklog: the fan-out has no backlog while no subscription exists, however
// many events the outbox holds; a subscription's fan-out resumes after its AfterEventID,
// not at the cursor left behind, and has a backlog once a later event is written, until
// the cursor passes it.
func testWebhookBacklog(t *testing.T, s store.Store) {
	ctx := context.Background()
	acct := mustAccount(t, s, "wq")
	deposit := func() int64 {
		t.Helper()
		before := len(events(t, s))
		require.NoError(t, outbox.Write(ctx, s, outbox.Event{Kind: outbox.Deposit, Source: source, AccountID: acct, Trader: traderA, Payload: outbox.ChainActivity{Amount: "1"}}))
		evs := eventsAtLeast(t, s, before+1)
		return evs[len(evs)-1].ID
	}
	cursor, err := s.WebhookCursor(ctx)
	require.NoError(t, err)
	deposit()
	b, err := s.WebhookBacklog(ctx)
	require.NoError(t, err)
	require.Equal(t, store.WebhookBacklog{After: cursor}, b, "no subscription: nothing to fan out")

	w, err := s.CreateWebhook(ctx, webhook("q1", acct), 5)
	require.NoError(t, err)
	require.Greater(t, w.AfterEventID, cursor)
	b, err = s.WebhookBacklog(ctx)
	require.NoError(t, err)
	require.Equal(t, store.WebhookBacklog{After: w.AfterEventID, Subscriptions: true}, b, "the events before the subscription are no one's")

	last := deposit()
	b, err = s.WebhookBacklog(ctx)
	require.NoError(t, err)
	require.Equal(t, store.WebhookBacklog{After: w.AfterEventID, Subscriptions: true, Pending: true}, b)

	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error { return tx.EnqueueWebhookDeliveries(ctx, nil, last, now()) }))
	b, err = s.WebhookBacklog(ctx)
	require.NoError(t, err)
	require.Equal(t, store.WebhookBacklog{After: last, Subscriptions: true}, b)
}

// testWebhookClaims: deliveries are enqueued once per subscription and event with the
// cursor; a claim leases each subscription's oldest due pending delivery to one owner;
// only the owner records the attempt; a lapsed lease is claimable again; deleting a
// subscription drops its deliveries; finished deliveries are pruned.
func testWebhookClaims(t *testing.T, s store.Store) {
	ctx := context.Background()
	acct := mustAccount(t, s, "wc")
	for _, id := range []string{"s1", "s2"} {
		_, err := s.CreateWebhook(ctx, webhook(id, acct), 5)
		require.NoError(t, err)
	}
	start, err := s.WebhookCursor(ctx)
	require.NoError(t, err)
	t0 := now()
	d := func(sub string, event int64) store.WebhookDelivery {
		return store.WebhookDelivery{SubscriptionID: sub, EventID: event, MessageID: "msg_" + sub + "_" + string(rune('0'+event)),
			Payload: []byte(`{"n":` + string(rune('0'+event)) + `}`), EventAt: t0}
	}
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
		return tx.EnqueueWebhookDeliveries(ctx, []store.WebhookDelivery{d("s1", 1), d("s1", 2), d("s1", 3), d("s2", 1)}, start+3, t0)
	}))
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error { // a repeat adds nothing and never moves the cursor back
		return tx.EnqueueWebhookDeliveries(ctx, []store.WebhookDelivery{d("s1", 1)}, start+1, t0)
	}))
	cursor, err := s.WebhookCursor(ctx)
	require.NoError(t, err)
	require.Equal(t, start+3, cursor)
	all, err := s.WebhookDeliveries(ctx, "s1")
	require.NoError(t, err)
	require.Len(t, all, 3)
	require.Equal(t, store.DeliveryPending, all[0].Status)

	claimed, err := s.ClaimWebhookDeliveries(ctx, "o1", t0, t0.Add(time.Minute), 10)
	require.NoError(t, err)
	require.Len(t, claimed, 2, "one head per subscription")
	bySub := map[string]store.WebhookDelivery{}
	for _, c := range claimed {
		bySub[c.SubscriptionID] = c
	}
	h1 := bySub["s1"]
	require.EqualValues(t, 1, h1.EventID)
	require.Equal(t, "msg_s1_1", h1.MessageID)
	require.Equal(t, []byte(`{"n":1}`), h1.Payload)
	require.Equal(t, "https://hooks.example.com/s1", h1.URL)
	require.Equal(t, "whsec_s1", h1.Secret)
	require.Equal(t, map[string]string{"Authorization": "Bearer s1"}, h1.Headers)
	again, err := s.ClaimWebhookDeliveries(ctx, "o2", t0, t0.Add(time.Minute), 10)
	require.NoError(t, err)
	require.Empty(t, again, "leased to o1")

	attempt := store.WebhookAttempt{DeliveryID: h1.ID, Owner: "o2", Status: store.DeliveryPending, NextAttemptAt: t0.Add(time.Hour), Error: "answered 500", At: t0}
	require.ErrorIs(t, s.FinishWebhookAttempt(ctx, attempt), store.ErrNotFound, "not o2's lease")
	attempt.Owner = "o1"
	require.NoError(t, s.FinishWebhookAttempt(ctx, attempt))
	require.ErrorIs(t, s.FinishWebhookAttempt(ctx, attempt), store.ErrNotFound, "the lease ended")
	require.NoError(t, s.FinishWebhookAttempt(ctx, store.WebhookAttempt{DeliveryID: bySub["s2"].ID, Owner: "o1", Status: store.DeliveryDelivered, At: t0}))

	claimed, err = s.ClaimWebhookDeliveries(ctx, "o2", t0.Add(time.Minute), t0.Add(2*time.Minute), 10)
	require.NoError(t, err)
	require.Empty(t, claimed, "s1's head is not due; its later deliveries wait behind it; s2 has none left")
	claimed, err = s.ClaimWebhookDeliveries(ctx, "o2", t0.Add(time.Hour), t0.Add(time.Hour+time.Second), 10)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	require.Equal(t, h1.ID, claimed[0].ID)
	require.Equal(t, 1, claimed[0].Attempts)
	require.Equal(t, "answered 500", claimed[0].LastError)
	require.NoError(t, s.FinishWebhookAttempt(ctx, store.WebhookAttempt{DeliveryID: h1.ID, Owner: "o2", Status: store.DeliveryDelivered, At: t0.Add(time.Hour)}))

	// The next head; its lease lapses unrecorded (a dead worker) and another owner takes it.
	claimed, err = s.ClaimWebhookDeliveries(ctx, "o3", t0.Add(time.Hour), t0.Add(time.Hour+time.Second), 10)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	require.EqualValues(t, 2, claimed[0].EventID)
	claimed, err = s.ClaimWebhookDeliveries(ctx, "o4", t0.Add(time.Hour+2*time.Second), t0.Add(2*time.Hour), 10)
	require.NoError(t, err)
	require.Len(t, claimed, 1)
	require.EqualValues(t, 2, claimed[0].EventID)
	require.ErrorIs(t, s.FinishWebhookAttempt(ctx, store.WebhookAttempt{DeliveryID: claimed[0].ID, Owner: "o3", Status: store.DeliveryDelivered, At: t0}),
		store.ErrNotFound, "o3's lease lapsed")

	all, err = s.WebhookDeliveries(ctx, "s1")
	require.NoError(t, err)
	require.Equal(t, []string{store.DeliveryDelivered, store.DeliveryPending, store.DeliveryPending}, []string{all[0].Status, all[1].Status, all[2].Status})
	require.Equal(t, 2, all[0].Attempts)
	require.False(t, all[0].FinishedAt.IsZero())

	require.NoError(t, s.DeleteWebhook(ctx, acct, "s1"))
	all, err = s.WebhookDeliveries(ctx, "s1")
	require.NoError(t, err)
	require.Empty(t, all, "deleted with their subscription")
	require.ErrorIs(t, s.FinishWebhookAttempt(ctx, store.WebhookAttempt{DeliveryID: claimed[0].ID, Owner: "o4", Status: store.DeliveryDelivered, At: t0}),
		store.ErrNotFound, "its subscription is gone")
	claimed, err = s.ClaimWebhookDeliveries(ctx, "o5", t0.Add(3*time.Hour), t0.Add(4*time.Hour), 10)
	require.NoError(t, err)
	require.Empty(t, claimed)

	n, err := s.PruneWebhookDeliveries(ctx, t0.Add(time.Second))
	require.NoError(t, err)
	require.EqualValues(t, 1, n, "s2's delivered one")
	all, err = s.WebhookDeliveries(ctx, "s2")
	require.NoError(t, err)
	require.Empty(t, all)
}
