package store

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrWebhookLimit means the account holds as many webhook subscriptions as it may.
var ErrWebhookLimit = errors.New("webhook subscription limit reached")

// Statuses of a webhook delivery.
const (
	// DeliveryPending is waiting for its (next) attempt.
	DeliveryPending = "PENDING"
	// DeliveryDelivered was answered 2xx.
	DeliveryDelivered = "DELIVERED"
	// DeliveryFailed ran out of its retry window.
	DeliveryFailed = "FAILED"
)

// WebhookSubscription is an account's webhook: where its events go and the secret that
// signs them.
type WebhookSubscription struct {
	ID        string
	AccountID string
	// EventTypes are channel types (api.ChannelType values; the store does not interpret
	// them).
	EventTypes []string
	URL        string
	Headers    map[string]string
	// Secret is the Standard Webhooks signing secret ("whsec_...").
	Secret string
	// AfterEventID is set by CreateWebhook to the newest outbox event id: the subscription
	// receives the events written after it was created, only.
	AfterEventID int64
	CreatedAt    time.Time
}

// Takes reports whether the subscription receives events of channel type t.
func (w WebhookSubscription) Takes(t string) bool {
	for _, e := range w.EventTypes {
		if e == t {
			return true
		}
	}
	return false
}

// WebhookDelivery is one event to POST to one subscription's target.
type WebhookDelivery struct {
	ID             int64
	SubscriptionID string
	// EventID is the outbox event delivered; a subscription gets each event once.
	EventID int64
	// MessageID is the webhook-id header, and Payload the body: both the same on every
	// attempt.
	MessageID string
	Payload   []byte
	// Status is DeliveryPending, DeliveryDelivered or DeliveryFailed.
	Status   string
	Attempts int
	// NextAttemptAt is when a pending delivery is due.
	NextAttemptAt time.Time
	LastError     string
	// EventAt is when the event was written; CreatedAt when the delivery was.
	EventAt   time.Time
	CreatedAt time.Time
	// FinishedAt is when it was delivered or failed, zero while pending.
	FinishedAt time.Time
	// URL, Headers and Secret are the subscription's, filled by ClaimWebhookDeliveries.
	URL     string
	Headers map[string]string
	Secret  string
}

// WebhookAttempt is the outcome of an attempt at a claimed delivery.
type WebhookAttempt struct {
	DeliveryID int64
	// Owner is the claim's owner.
	Owner string
	// Status is DeliveryDelivered, DeliveryFailed (final), or DeliveryPending to try again
	// at NextAttemptAt.
	Status        string
	NextAttemptAt time.Time
	// Error says why the attempt failed ("" when delivered).
	Error string
	At    time.Time
}

// Webhooks owns webhook subscriptions and their durable deliveries. Deliveries are made
// by one fan-out, in a unit of work: it reads WebhookCursor, the outbox events after it
// and the subscriptions of their accounts, and EnqueueWebhookDeliveries writes the
// deliveries and moves the cursor in the same transaction. Delivery workers claim due
// deliveries with a lease, attempt them and record the outcome; any number of workers (in
// any number of processes) may share the table.
type Webhooks interface {
	// CreateWebhook inserts a subscription unless its account holds max or more
	// (ErrWebhookLimit); it sets AfterEventID. ErrConflict when the id is used.
	CreateWebhook(ctx context.Context, w WebhookSubscription, max int) (WebhookSubscription, error)
	// Webhooks returns an account's subscriptions, oldest first.
	Webhooks(ctx context.Context, accountID string) ([]WebhookSubscription, error)
	// Webhook returns one of an account's subscriptions; ErrNotFound when it does not
	// exist or is another account's.
	Webhook(ctx context.Context, accountID, id string) (WebhookSubscription, error)
	// DeleteWebhook deletes one of an account's subscriptions and its deliveries, so
	// nothing more is attempted (an attempt under way when it commits is not recorded);
	// ErrNotFound as Webhook.
	DeleteWebhook(ctx context.Context, accountID, id string) error

	// WebhookBacklog says, in one statement that locks nothing, whether the fan-out has
	// work: where it resumes (the cursor, or the oldest subscription's AfterEventID when
	// that is later: no subscription, now or later, takes an event before it), whether any
	// subscription exists, and whether an event follows that point. A store without
	// subscriptions has no backlog, however many events it holds.
	WebhookBacklog(ctx context.Context) (WebhookBacklog, error)
	// WebhookCursor returns the id of the last outbox event the fan-out handled. Read it
	// in the fan-out's unit of work: the cursor row is its lock (SQLite serializes writers;
	// a PostgreSQL store reads it FOR UPDATE), so two fan-outs never handle one event.
	WebhookCursor(ctx context.Context) (int64, error)
	// EnqueueWebhookDeliveries inserts pending deliveries (due at once; a subscription's
	// delivery of an event already present is skipped) and moves the cursor to cursor.
	EnqueueWebhookDeliveries(ctx context.Context, ds []WebhookDelivery, cursor int64, at time.Time) error
	// ClaimWebhookDeliveries leases to owner, until until, up to limit deliveries that are
	// due at now: each is the oldest pending delivery of its subscription (so deliveries
	// of a subscription go out one at a time, in order), and is not leased by another
	// owner. A lease that ends (its worker died) makes the delivery claimable again: the
	// delivery is at least once. SQLite serializes claims by its write lock; a PostgreSQL
	// store selects the heads FOR UPDATE SKIP LOCKED and sets the lease in the same
	// statement, so replicas never claim one delivery together.
	ClaimWebhookDeliveries(ctx context.Context, owner string, now, until time.Time, limit int) ([]WebhookDelivery, error)
	// FinishWebhookAttempt records an attempt's outcome and ends the lease; ErrNotFound
	// when owner no longer holds it (it lapsed, or the subscription was deleted).
	FinishWebhookAttempt(ctx context.Context, a WebhookAttempt) error
	// WebhookDeliveries returns a subscription's deliveries, oldest first.
	WebhookDeliveries(ctx context.Context, subscriptionID string) ([]WebhookDelivery, error)
	// PruneWebhookDeliveries deletes deliveries finished before before, and returns how many.
	PruneWebhookDeliveries(ctx context.Context, before time.Time) (int64, error)
}

var _ Webhooks = (*SQLite)(nil)

const webhookColumns = `id, account_id, event_types, url, headers, secret, after_event_id, created_at`

func scanWebhook(r scanner) (WebhookSubscription, error) {
	var (
		w              WebhookSubscription
		types, headers string
		at             int64
	)
	if err := r.Scan(&w.ID, &w.AccountID, &types, &w.URL, &headers, &w.Secret, &w.AfterEventID, &at); err != nil {
		return w, err
	}
	w.EventTypes, w.CreatedAt = strings.Split(types, ","), time.UnixMilli(at)
	if err := json.Unmarshal([]byte(headers), &w.Headers); err != nil {
		return w, fmt.Errorf("decode headers of webhook %s: %w", w.ID, err)
	}
	return w, nil
}

// CreateWebhook implements Webhooks.
func (s *conn) CreateWebhook(ctx context.Context, w WebhookSubscription, max int) (WebhookSubscription, error) {
	if w.Headers == nil {
		w.Headers = map[string]string{}
	}
	headers, err := json.Marshal(w.Headers)
	if err != nil {
		return w, fmt.Errorf("encode webhook headers: %w", err)
	}
	err = s.tx(ctx, func(tx queryer) error {
		var n int
		if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM webhook_subscriptions WHERE account_id = ?`, w.AccountID).Scan(&n); err != nil {
			return wrap("count webhooks", err)
		}
		if n >= max {
			return fmt.Errorf("create webhook: account %s holds %d: %w", w.AccountID, n, ErrWebhookLimit)
		}
		// Later events only: those Events returns after the newest it returns now.
		if err := tx.QueryRowContext(ctx, s.lastEventSQL()).Scan(&w.AfterEventID); err != nil {
			return wrap("create webhook", err)
		}
		_, err := tx.ExecContext(ctx, `INSERT INTO webhook_subscriptions (`+webhookColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
			w.ID, w.AccountID, strings.Join(w.EventTypes, ","), w.URL, string(headers), w.Secret, w.AfterEventID, w.CreatedAt.UnixMilli())
		return wrap("create webhook", err)
	})
	return w, err
}

// Webhooks implements Webhooks.
func (s *conn) Webhooks(ctx context.Context, accountID string) ([]WebhookSubscription, error) {
	return queryAll(ctx, s.r, "list webhooks", scanWebhook,
		`SELECT `+webhookColumns+` FROM webhook_subscriptions WHERE account_id = ? ORDER BY rowid`, accountID)
}

// Webhook implements Webhooks.
func (s *conn) Webhook(ctx context.Context, accountID, id string) (WebhookSubscription, error) {
	w, err := scanWebhook(s.r.QueryRowContext(ctx,
		`SELECT `+webhookColumns+` FROM webhook_subscriptions WHERE id = ? AND account_id = ?`, id, accountID))
	return w, wrap("get webhook", err)
}

// DeleteWebhook implements Webhooks.
func (s *conn) DeleteWebhook(ctx context.Context, accountID, id string) error {
	return wrapAffected("delete webhook")(s.q.ExecContext(ctx,
		`DELETE FROM webhook_subscriptions WHERE id = ? AND account_id = ?`, id, accountID))
}

// WebhookBacklog is what WebhookBacklog reads: where the webhook fan-out resumes and
// whether it has anything to do.
type WebhookBacklog struct {
	// After is the id after which the fan-out reads events: the cursor, or the oldest
	// subscription's AfterEventID when later.
	After int64
	// Subscriptions is whether any subscription exists.
	Subscriptions bool
	// Pending is whether an event follows After while a subscription exists.
	Pending bool
}

// WebhookBacklog implements Webhooks.
func (s *conn) WebhookBacklog(ctx context.Context) (WebhookBacklog, error) {
	var b WebhookBacklog
	var oldest sql.NullInt64
	err := s.r.QueryRowContext(ctx, `SELECT c.event_id, m.oldest,
		EXISTS (SELECT 1 FROM events WHERE m.oldest IS NOT NULL AND id > CASE WHEN m.oldest > c.event_id THEN m.oldest ELSE c.event_id END)
		FROM webhook_cursor c, (SELECT MIN(after_event_id) AS oldest FROM webhook_subscriptions) m WHERE c.id = 1`).
		Scan(&b.After, &oldest, &b.Pending)
	if err != nil {
		return WebhookBacklog{}, wrap("webhook backlog", err)
	}
	b.Subscriptions = oldest.Valid
	if oldest.Valid && oldest.Int64 > b.After {
		b.After = oldest.Int64
	}
	return b, nil
}

// WebhookCursor implements Webhooks.
func (s *conn) WebhookCursor(ctx context.Context) (int64, error) {
	var id int64
	err := s.q.QueryRowContext(ctx, `SELECT event_id FROM webhook_cursor WHERE id = 1`+s.forUpdate()).Scan(&id)
	return id, wrap("webhook cursor", err)
}

// EnqueueWebhookDeliveries implements Webhooks.
func (s *conn) EnqueueWebhookDeliveries(ctx context.Context, ds []WebhookDelivery, cursor int64, at time.Time) error {
	return s.tx(ctx, func(tx queryer) error {
		for _, d := range ds {
			if _, err := tx.ExecContext(ctx, `INSERT INTO webhook_deliveries
				(subscription_id, event_id, message_id, payload, status, next_attempt_at, event_at, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (subscription_id, event_id) DO NOTHING`,
				d.SubscriptionID, d.EventID, d.MessageID, string(d.Payload), DeliveryPending, at.UnixMilli(),
				d.EventAt.UnixMilli(), at.UnixMilli()); err != nil {
				return wrap("enqueue webhook delivery", err)
			}
		}
		_, err := tx.ExecContext(ctx, `UPDATE webhook_cursor SET event_id = ? WHERE id = 1 AND event_id < ?`, cursor, cursor)
		return wrap("move webhook cursor", err)
	})
}

const deliveryColumns = `d.id, d.subscription_id, d.event_id, d.message_id, d.payload, d.status, d.attempts,
	d.next_attempt_at, d.last_error, d.event_at, d.created_at, d.finished_at`

func scanDelivery(r scanner, extra ...any) (WebhookDelivery, error) {
	var (
		d                             WebhookDelivery
		payload                       string
		next, eventAt, created, ended int64
	)
	dest := append([]any{&d.ID, &d.SubscriptionID, &d.EventID, &d.MessageID, &payload, &d.Status, &d.Attempts,
		&next, &d.LastError, &eventAt, &created, &ended}, extra...)
	if err := r.Scan(dest...); err != nil {
		return d, err
	}
	d.Payload, d.NextAttemptAt, d.EventAt, d.CreatedAt = []byte(payload), time.UnixMilli(next), time.UnixMilli(eventAt), time.UnixMilli(created)
	if ended != 0 {
		d.FinishedAt = time.UnixMilli(ended)
	}
	return d, nil
}

// claimSQL selects the due heads of the subscriptions' pending queues.
const claimSQL = `SELECT ` + deliveryColumns + `, s.url, s.headers, s.secret
	FROM (SELECT MIN(id) AS id FROM webhook_deliveries WHERE status = 'PENDING' GROUP BY subscription_id) h
	JOIN webhook_deliveries d ON d.id = h.id
	JOIN webhook_subscriptions s ON s.id = d.subscription_id
	WHERE d.next_attempt_at <= ? AND d.lease_until <= ?
	ORDER BY d.next_attempt_at, d.id LIMIT ?`

// scanClaimed scans a claimed delivery with its subscription's url, headers and secret.
func scanClaimed(r scanner) (WebhookDelivery, error) {
	var url, headers, secret string
	d, err := scanDelivery(r, &url, &headers, &secret)
	if err != nil {
		return d, err
	}
	d.URL, d.Secret = url, secret
	return d, json.Unmarshal([]byte(headers), &d.Headers)
}

// ClaimWebhookDeliveries implements Webhooks.
func (s *conn) ClaimWebhookDeliveries(ctx context.Context, owner string, now, until time.Time, limit int) ([]WebhookDelivery, error) {
	if s.postgres() {
		return s.claimPostgres(ctx, owner, now, until, limit)
	}
	if s.root != nil { // workers poll: take the write lock only when something is due
		var due int
		err := s.r.QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+claimSQL+`) AS due`, now.UnixMilli(), now.UnixMilli(), 1).Scan(&due)
		if err != nil || due == 0 {
			return nil, wrap("claim webhook deliveries", err)
		}
	}
	var out []WebhookDelivery
	err := s.tx(ctx, func(tx queryer) error {
		var err error
		out, err = queryAll(ctx, tx, "claim webhook deliveries", scanClaimed, claimSQL, now.UnixMilli(), now.UnixMilli(), limit)
		if err != nil {
			return err
		}
		for _, d := range out {
			if _, err := tx.ExecContext(ctx, `UPDATE webhook_deliveries SET lease_owner = ?, lease_until = ? WHERE id = ?`,
				owner, until.UnixMilli(), d.ID); err != nil {
				return wrap("lease webhook delivery", err)
			}
		}
		return nil
	})
	return out, err
}

// FinishWebhookAttempt implements Webhooks.
func (s *conn) FinishWebhookAttempt(ctx context.Context, a WebhookAttempt) error {
	var finished int64
	if a.Status != DeliveryPending {
		finished = a.At.UnixMilli()
	}
	return wrapAffected("finish webhook attempt")(s.q.ExecContext(ctx, `UPDATE webhook_deliveries
		SET status = ?, attempts = attempts + 1, next_attempt_at = ?, last_error = ?, finished_at = ?, lease_owner = '', lease_until = 0
		WHERE id = ? AND lease_owner = ? AND status = 'PENDING'`,
		a.Status, a.NextAttemptAt.UnixMilli(), a.Error, finished, a.DeliveryID, a.Owner))
}

// WebhookDeliveries implements Webhooks.
func (s *conn) WebhookDeliveries(ctx context.Context, subscriptionID string) ([]WebhookDelivery, error) {
	return queryAll(ctx, s.r, "webhook deliveries", func(r scanner) (WebhookDelivery, error) { return scanDelivery(r) },
		`SELECT `+deliveryColumns+` FROM webhook_deliveries d WHERE d.subscription_id = ? ORDER BY d.id`, subscriptionID)
}

// PruneWebhookDeliveries implements Webhooks.
func (s *conn) PruneWebhookDeliveries(ctx context.Context, before time.Time) (int64, error) {
	res, err := s.q.ExecContext(ctx, `DELETE FROM webhook_deliveries WHERE status <> 'PENDING' AND finished_at < ?`, before.UnixMilli())
	if err != nil {
		return 0, wrap("prune webhook deliveries", err)
	}
	n, err := res.RowsAffected()
	return n, wrap("prune webhook deliveries", err)
}
