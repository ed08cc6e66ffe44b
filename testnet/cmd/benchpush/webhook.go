package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

var (
	whSubs   = flag.Int("wh-subs", 100, "webhook_delivery: subscriptions, each of its own account")
	whEvents = flag.Int("wh-events", 2000, "webhook_delivery: deposits timed")
	whRate   = flag.Int("wh-rate", 200, "webhook_delivery: deposits written per second, to the accounts in turn")
)

// hookSink is the local receiver of every subscription: it verifies each delivery with
// its subscription's secret, as a receiver must, and records when each event (numbered
// by its amount) first arrived.
type hookSink struct {
	mu      sync.Mutex
	secrets map[string]string // by path
	got     map[int]time.Time
	bad     int
	arrived chan struct{}
}

func (s *hookSink) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := time.Now()
	s.mu.Lock()
	secret := s.secrets[r.URL.Path]
	s.mu.Unlock()
	d, _, err := webhook.Read(r, secret)
	n, nerr := strconv.Atoi(d.Data.Amount)
	s.mu.Lock()
	defer s.mu.Unlock()
	if err != nil || nerr != nil {
		s.bad++
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if _, dup := s.got[n]; !dup {
		s.got[n] = now
		select {
		case s.arrived <- struct{}{}:
		default:
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// received returns how many events arrived and how many deliveries failed verification.
func (s *hookSink) received() (int, int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.got), s.bad
}

// webhookDelivery prints webhook_delivery_p50_ms, webhook_delivery_p99_ms and
// webhook_delivery_max_ms: the time from an OFFCHAIN deposit's commit (its DEPOSIT event
// written to the gateway's store as the ledger writes one; the clock starts just before
// the write) to its delivery's arrival at a local receiver, which verifies the
// signature. -wh-subs subscriptions, each of its own account, are created through the
// API; -wh-events deposits are written at -wh-rate a second to the accounts in turn and
// delivered by the dispatcher the settler role runs (on the gateway's store, with the
// default webhooks config but http and loopback targets allowed).
func webhookDelivery(ctx context.Context) error {
	if *whSubs < 1 || *whEvents < 1 || *whRate < 1 {
		return errors.New("-wh-subs, -wh-events and -wh-rate must be positive")
	}
	g, err := startGateway(ctx, func(c *config.Config) {
		c.Webhooks.AllowHTTP, c.Webhooks.AllowPrivateTargets = true, true
	})
	if err != nil {
		return err
	}
	defer g.stop()

	sink := &hookSink{secrets: map[string]string{}, got: map[int]time.Time{}, arrived: make(chan struct{}, 1)}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: sink, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = srv.Serve(ln) }()
	defer srv.Close()

	accounts := make([]string, *whSubs)
	for i := range accounts {
		c, id, err := g.account(ctx, api.PermRead, api.PermManageKeys)
		if err != nil {
			return err
		}
		path := "/hook/" + strconv.Itoa(i)
		w, err := c.CreateWebhook(ctx, api.CreateWebhookRequest{EventTypes: []api.ChannelType{api.ChannelAccountActivity},
			Target: api.WebhookTarget{URL: "http://" + ln.Addr().String() + path, Headers: map[string]string{"Authorization": "Bearer bench"}}})
		if err != nil {
			return err
		}
		sink.mu.Lock()
		sink.secrets[path] = w.Secret
		sink.mu.Unlock()
		accounts[i] = id
	}

	runCtx, stopDispatcher := context.WithCancel(ctx)
	d := webhooks.NewDispatcher(g.cfg.Webhooks, store.Narrow[webhooks.FanOutTx](g.store()), webhooks.DispatcherOptions{Logger: slog.New(slog.DiscardHandler)})
	dispatched := make(chan struct{})
	go func() { defer close(dispatched); _ = d.Run(runCtx) }()
	defer func() { stopDispatcher(); <-dispatched }()

	deposit := func(n int) error {
		return g.store().InTx(ctx, func(tx store.Tx) error {
			return outbox.Write(ctx, tx, outbox.Event{Kind: outbox.Deposit, Source: offchain.Source, AccountID: accounts[n%len(accounts)], Payload: outbox.LedgerActivity{Source: offchain.Source, Asset: "eur", Amount: strconv.Itoa(n), Location: "bank:bench"}})
		})
	}
	wait := func(n int) error {
		deadline := time.After(2 * time.Minute)
		for {
			if got, bad := sink.received(); bad > 0 {
				return fmt.Errorf("%d deliveries failed verification", bad)
			} else if got >= n {
				return nil
			}
			select {
			case <-sink.arrived:
			case <-deadline:
				got, _ := sink.received()
				return fmt.Errorf("%d of %d deliveries arrived within 2 minutes", got, n)
			case <-ctx.Done():
				return ctx.Err()
			}
		}
	}
	if err := deposit(0); err != nil { // warm-up, not timed
		return err
	}
	if err := wait(1); err != nil {
		return err
	}

	starts := make([]time.Time, *whEvents+1)
	tick := time.NewTicker(time.Second / time.Duration(*whRate))
	defer tick.Stop()
	began := time.Now()
	for n := 1; n <= *whEvents; n++ {
		<-tick.C
		starts[n] = time.Now()
		if err := deposit(n); err != nil {
			return err
		}
	}
	written := time.Since(began)
	if err := wait(*whEvents + 1); err != nil {
		return err
	}
	lats := make([]time.Duration, 0, *whEvents)
	sink.mu.Lock()
	for n := 1; n <= *whEvents; n++ {
		lats = append(lats, sink.got[n].Sub(starts[n]))
	}
	sink.mu.Unlock()

	fmt.Printf("# webhook_delivery: %d subscriptions (one per account) to a local receiver verifying each signature; %d OFFCHAIN deposits "+
		"written at %.0f/s to the accounts in turn; each from just before the DEPOSIT event's write to its delivery's arrival "+
		"(webhooks.concurrency %d)\n", *whSubs, *whEvents, float64(*whEvents)/written.Seconds(), g.cfg.Webhooks.Concurrency)
	fmt.Printf("webhook_delivery_p50_ms %.2f\n", ms(percentile(lats, 50)))
	fmt.Printf("webhook_delivery_p99_ms %.2f\n", ms(percentile(lats, 99)))
	fmt.Printf("webhook_delivery_max_ms %.2f\n", ms(percentile(lats, 100)))
	return nil
}
