package webhooks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/activity"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Dispatcher tuning.
const (
	// DefaultPollInterval is how often the dispatcher looks for events and due
	// deliveries when nothing woke it (events written by other processes, retries).
	DefaultPollInterval = 250 * time.Millisecond
	// feedBatch is how many outbox events one fan-out transaction reads.
	feedBatch = 500
	// maxAnswerBytes is how much of a receiver's answer is read (then the connection is
	// dropped rather than drained further).
	maxAnswerBytes = 4 << 10
	// maxErrorText bounds the error recorded for a failed attempt.
	maxErrorText = 300
	// pruneEvery is how often finished deliveries older than the retention are deleted.
	pruneEvery = time.Hour
	// userAgent identifies deliveries.
	userAgent = "dtwgate-webhooks/1"
)

// Metricer records deliveries. The dispatcher calls it from several goroutines.
type Metricer interface {
	// RecordAttempt records an attempt's outcome (a store.Delivery* status: DELIVERED,
	// PENDING for one to retry, FAILED) and, when delivered, the time from the event's
	// commit to the receiver's answer.
	RecordAttempt(status string, sinceEvent time.Duration)
}

// NoopMetrics records nothing.
type NoopMetrics struct{}

// RecordAttempt implements Metricer.
func (NoopMetrics) RecordAttempt(string, time.Duration) {}

// DispatcherOptions are the optional dependencies of a Dispatcher.
type DispatcherOptions struct {
	// Logger receives the dispatcher's logs; default slog.Default().
	Logger *slog.Logger
	// Registry converts chain amounts with their tokens' decimals; default none (base
	// units and token addresses).
	Registry *chain.Registry
	// Metrics records deliveries; default NoopMetrics.
	Metrics Metricer
	// Now is the clock; default time.Now.
	Now func() time.Time
	// PollInterval: default DefaultPollInterval.
	PollInterval time.Duration
	// Guard replaces the guard of cfg (tests).
	Guard *Guard
}

// Dispatcher delivers the events of webhook subscriptions. It fans each outbox event of
// account activity out into a durable delivery per subscription of the account (in the
// transaction that moves its cursor), then attempts the deliveries: each subscription's
// one at a time, in event order, retried with exponential backoff and jitter until
// delivered or past the retry window. It claims deliveries with a lease, so several
// dispatchers may share a store; run one per settler. Run it once.
type Dispatcher struct {
	cfg     config.Webhooks
	st      DispatcherStore
	reg     *chain.Registry
	guard   *Guard
	client  *http.Client
	log     *slog.Logger
	metrics Metricer
	now     func() time.Time
	poll    time.Duration
	// owner names this dispatcher's leases.
	owner string
	// lease is how long a claim lasts: past an attempt's timeout, so a live worker never
	// loses it, and short, so a dead one's deliveries are taken over soon.
	lease time.Duration
	wake  chan struct{}
}

// NewDispatcher returns a dispatcher of cfg's deliveries over st.
func NewDispatcher(cfg config.Webhooks, st DispatcherStore, opts DispatcherOptions) *Dispatcher {
	d := &Dispatcher{cfg: cfg, st: st, reg: opts.Registry, guard: opts.Guard, log: opts.Logger, metrics: opts.Metrics,
		now: opts.Now, poll: opts.PollInterval, owner: "wd_" + auth.RandomToken(8), lease: 2*cfg.Timeout + 5*time.Second,
		wake: make(chan struct{}, 1)}
	if d.guard == nil {
		d.guard = &Guard{AllowHTTP: cfg.AllowHTTP, AllowPrivate: cfg.AllowPrivateTargets}
	}
	if d.log == nil {
		d.log = slog.Default()
	}
	if d.metrics == nil {
		d.metrics = NoopMetrics{}
	}
	if d.now == nil {
		d.now = time.Now
	}
	if d.poll <= 0 {
		d.poll = DefaultPollInterval
	}
	d.client = d.guard.Client(cfg.Timeout)
	return d
}

// Run fans out and delivers until ctx ends; attempts under way are cancelled then and
// retried later. It returns ctx's error.
func (d *Dispatcher) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		d.RunFeed(ctx)
	}()
	d.RunDeliveries(ctx)
	wg.Wait()
	return ctx.Err()
}

// RunDeliveries claims and attempts due deliveries until ctx ends (Run's delivering
// half); any number of processes may run it on one store.
func (d *Dispatcher) RunDeliveries(ctx context.Context) {
	d.runSend(ctx)
	d.client.CloseIdleConnections()
}

// signal wakes the sender.
func (d *Dispatcher) signal() {
	select {
	case d.wake <- struct{}{}:
	default:
	}
}

// RunFeed fans new events out into deliveries until ctx ends (Run's fan-out half):
// whenever a commit that wrote events wakes it (EventsNotify, which it waits on only
// while a subscription exists), and every poll interval, which is also how it learns
// of the first subscription. A store without subscriptions costs it one statement per
// poll, whatever the rate of events. Two fan-outs on one store are safe (the cursor row
// is locked) but one is enough: internal/app runs it under a lease.
func (d *Dispatcher) RunFeed(ctx context.Context) {
	tick := time.NewTicker(d.poll)
	defer tick.Stop()
	lastPrune := time.Time{}
	subscribed, polled := true, true
	for {
		// Without a subscription a wake would read nothing, and a process waiting for
		// commits counts as reading events (on PostgreSQL other replicas then notify it
		// at their full rate): it waits for the poll alone.
		var notify <-chan struct{}
		if subscribed {
			notify = d.st.EventsNotify()
		}
		failed := false
		for subscribed || polled {
			n, subs, err := d.feed(ctx)
			subscribed = subs
			if err != nil {
				if ctx.Err() == nil {
					d.log.Warn("webhook fan-out failed; will retry", "err", err)
				}
				subscribed, failed = true, true // read again at the next wake
				break
			}
			if n < feedBatch {
				break
			}
		}
		polled = false
		if subscribed && notify == nil && !failed {
			continue // a subscription appeared: read once more after taking the wake channel
		}
		if now := d.now(); now.Sub(lastPrune) >= pruneEvery {
			lastPrune = now
			if n, err := d.st.PruneWebhookDeliveries(ctx, now.Add(-d.cfg.Retention)); err != nil {
				d.log.Warn("pruning finished webhook deliveries failed", "err", err)
			} else if n > 0 {
				d.log.Debug("pruned finished webhook deliveries", "count", n)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-notify:
		case <-tick.C:
			polled = true
		}
	}
}

// Feed fans the outbox events after the cursor (one batch) out into deliveries and
// returns how many events it handled.
func (d *Dispatcher) Feed(ctx context.Context) (int, error) {
	n, _, err := d.feed(ctx)
	return n, err
}

// feed is Feed, which also says whether any subscription exists. It reads the backlog
// first, in one statement: without a subscription, or without an event after the point
// the fan-out resumes from, it reads no event and opens no transaction.
func (d *Dispatcher) feed(ctx context.Context) (int, bool, error) {
	b, err := d.st.WebhookBacklog(ctx)
	if err != nil || !b.Pending {
		return 0, b.Subscriptions, err
	}
	var n, made int
	err = d.st.InTx(ctx, func(tx FanOutTx) error {
		cursor, err := tx.WebhookCursor(ctx)
		if err != nil {
			return err
		}
		// No subscription takes an event before b.After, now or later (a new one starts
		// after the newest event): those are skipped, not read.
		evs, err := tx.Events(ctx, max(cursor, b.After), feedBatch)
		if err != nil || len(evs) == 0 {
			return err
		}
		ds, err := d.fanOut(ctx, tx, evs)
		if err != nil {
			return err
		}
		n, made = len(evs), len(ds)
		return tx.EnqueueWebhookDeliveries(ctx, ds, evs[len(evs)-1].ID, d.now())
	})
	if err != nil {
		return 0, true, fmt.Errorf("webhook fan-out: %w", err)
	}
	if made > 0 {
		d.signal()
	}
	return n, true, nil
}

// fanOut returns the deliveries of evs: one per event of account activity and
// subscription of its account created before the event.
func (d *Dispatcher) fanOut(ctx context.Context, tx FanOutTx, evs []outbox.Record) ([]store.WebhookDelivery, error) {
	subs := map[string][]store.WebhookSubscription{}
	var out []store.WebhookDelivery
	for _, ev := range evs {
		if !activity.Is(ev) {
			continue
		}
		account := ev.AccountID
		if account == "" && ev.Trader != (common.Address{}) {
			var err error
			if account, err = tx.WalletAccount(ctx, ev.Trader); errors.Is(err, store.ErrNotFound) {
				continue // an address of no account: nobody to tell
			} else if err != nil {
				return nil, err
			}
		}
		if account == "" {
			continue
		}
		list, ok := subs[account]
		if !ok {
			var err error
			if list, err = tx.Webhooks(ctx, account); err != nil {
				return nil, err
			}
			subs[account] = list
		}
		var body []byte
		for _, w := range list {
			if !w.Takes(string(api.ChannelAccountActivity)) || ev.ID <= w.AfterEventID {
				continue
			}
			if body == nil {
				var err error
				if body, err = d.payload(ev, account); err != nil {
					d.log.Error("webhook event not deliverable; skipped", "event", ev.ID, "err", err)
					break
				}
			}
			out = append(out, store.WebhookDelivery{SubscriptionID: w.ID, EventID: ev.ID, MessageID: "msg_" + auth.RandomToken(16),
				Payload: body, EventAt: ev.CreatedAt})
		}
	}
	return out, nil
}

// payload is the body of an event's deliveries.
func (d *Dispatcher) payload(ev outbox.Record, account string) ([]byte, error) {
	a, err := activity.FromEvent(ev, account, d.reg)
	if err != nil {
		return nil, err
	}
	at := ev.CreatedAt
	if a.TimestampMillis != "" {
		if ms, err := strconv.ParseInt(a.TimestampMillis, 10, 64); err == nil {
			at = time.UnixMilli(ms)
		}
	}
	return json.Marshal(api.WebhookDelivery{Type: api.ChannelAccountActivity, Timestamp: at.UTC().Format("2006-01-02T15:04:05.000Z07:00"), Data: a})
}

// idlePollFactor bounds how far the sender's poll slows down while its claims find
// nothing: to this many poll intervals (2 s by default). Every replica's settler runs a
// sender, and each claim is a statement of PostgreSQL's: a quarter-second poll made
// delivery claims the largest idle cost of each replica. What the sender is told of it
// still claims at once: the fan-out's new deliveries in its process, an attempt done,
// and the retries of its own attempts when they come due; the poll is left to find
// deliveries of other processes (a stopped worker's, after their lease, seconds).
const idlePollFactor = 8

// runSend claims due deliveries while it has room for them, attempts each in its own
// goroutine, and sleeps until woken (new deliveries, an attempt done, a retry of its own
// due) or the poll interval passes, twice as long after each claim that found nothing,
// up to idlePollFactor intervals.
func (d *Dispatcher) runSend(ctx context.Context) {
	var wg sync.WaitGroup
	defer wg.Wait()
	idle := d.poll
	timer := time.NewTimer(idle)
	defer timer.Stop()
	slots := make(chan struct{}, d.cfg.Concurrency)
	for {
		if free := cap(slots) - len(slots); free > 0 {
			now := d.now()
			ds, err := d.st.ClaimWebhookDeliveries(ctx, d.owner, now, now.Add(d.lease), free)
			if err != nil && ctx.Err() == nil {
				d.log.Warn("claiming webhook deliveries failed; will retry", "err", err)
			}
			if err == nil && len(ds) == 0 {
				idle = min(2*idle, idlePollFactor*d.poll)
			} else {
				idle = d.poll
			}
			for _, del := range ds {
				slots <- struct{}{}
				wg.Add(1)
				go func() {
					defer wg.Done()
					d.attempt(ctx, del)
					<-slots
					d.signal()
				}()
			}
		}
		timer.Reset(idle)
		select {
		case <-ctx.Done():
			return
		case <-d.wake:
		case <-timer.C:
		}
	}
}

// attempt POSTs a claimed delivery once and records the outcome.
func (d *Dispatcher) attempt(ctx context.Context, del store.WebhookDelivery) {
	err := d.post(ctx, del)
	now := d.now()
	a := store.WebhookAttempt{DeliveryID: del.ID, Owner: d.owner, Status: store.DeliveryDelivered, NextAttemptAt: now, At: now}
	if err != nil {
		a.Status, a.Error = store.DeliveryPending, echo.Prefix(err.Error(), maxErrorText)
		a.NextAttemptAt = now.Add(Backoff(d.cfg, del.Attempts+1))
		if ctx.Err() != nil {
			a.NextAttemptAt = now // shutting down: due again at once, in whichever process
		} else if a.NextAttemptAt.After(del.CreatedAt.Add(d.cfg.RetryWindow)) {
			a.Status = store.DeliveryFailed
		}
	}
	rec, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
	defer cancel()
	switch ferr := d.st.FinishWebhookAttempt(rec, a); {
	case errors.Is(ferr, store.ErrNotFound):
		d.log.Debug("webhook delivery gone before its attempt was recorded (subscription deleted)", "delivery", del.ID)
		return
	case ferr != nil:
		d.log.Warn("recording a webhook attempt failed; the delivery will be retried when its lease ends", "delivery", del.ID, "err", ferr)
		return
	}
	d.metrics.RecordAttempt(a.Status, now.Sub(del.EventAt))
	switch a.Status {
	case store.DeliveryFailed:
		d.log.Warn("webhook delivery failed for good", "subscription", del.SubscriptionID, "event", del.EventID,
			"attempts", del.Attempts+1, "err", a.Error)
	case store.DeliveryPending:
		d.log.Debug("webhook attempt failed; will retry", "subscription", del.SubscriptionID, "event", del.EventID,
			"attempts", del.Attempts+1, "next", a.NextAttemptAt, "err", a.Error)
		if ctx.Err() == nil { // this sender claims its retry when due, not at a slowed poll
			time.AfterFunc(a.NextAttemptAt.Sub(now), d.signal)
		}
	}
}

// post sends a delivery: its body and target headers, signed now. Any answer but 2xx,
// and any failure to get one within the timeout, is an error.
func (d *Dispatcher) post(ctx context.Context, del store.WebhookDelivery) error {
	if _, err := d.guard.CheckURL(del.URL); err != nil { // the config may have changed since
		return err
	}
	sig, err := webhook.Headers(del.Secret, del.MessageID, d.now(), del.Payload)
	if err != nil {
		return err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, del.URL, bytes.NewReader(del.Payload))
	if err != nil {
		return err
	}
	for k, v := range del.Headers {
		req.Header.Set(k, v)
	}
	for k, v := range sig {
		req.Header[k] = v
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("User-Agent", userAgent)
	resp, err := d.client.Do(req)
	if err != nil {
		return err
	}
	defer resp.Body.Close()
	answer, _ := io.ReadAll(io.LimitReader(resp.Body, maxAnswerBytes))
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("answered %d %s", resp.StatusCode, printable(answer))
	}
	return nil
}

// printable is the start of an answer body fit for a log line.
func printable(b []byte) string {
	s := strings.Map(func(r rune) rune {
		if r < ' ' || r == 0x7f {
			return ' '
		}
		return r
	}, string(b))
	return strings.TrimSpace(echo.Prefix(s, 120))
}

// Backoff is the wait after the n-th failed attempt (n >= 1): cfg.RetryInitial doubled
// n-1 times, at most cfg.RetryMax, drawn at random between its half and its whole.
func Backoff(cfg config.Webhooks, n int) time.Duration {
	wait := cfg.RetryInitial
	for i := 1; i < n && wait < cfg.RetryMax; i++ {
		wait *= 2
	}
	wait = min(wait, cfg.RetryMax)
	half := wait / 2
	return half + rand.N(wait-half+1)
}
