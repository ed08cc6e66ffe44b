package main

import (
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
)

// hookReceiver is the demo's webhook receiver: an HTTP server on loopback that verifies
// each delivery with its subscription's secret, as any receiver must (api/webhook), and
// prints it, marked [webhook].
type hookReceiver struct {
	srv    *http.Server
	mu     sync.Mutex
	secret string
	seen   map[string]bool // webhook-ids handled: a retry is acknowledged, not printed again
	wake   chan struct{}
}

// receiveWebhooks starts the receiver and subscribes the trader's account to it with
// `dtw webhooks create`; the receiver runs until close.
func (t *trader) receiveWebhooks(ctx context.Context) (*hookReceiver, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	h := &hookReceiver{seen: map[string]bool{}, wake: make(chan struct{}, 1)}
	h.srv = &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = h.srv.Serve(ln) }()
	url := "http://" + ln.Addr().String() + "/dtw-hooks"
	var out strings.Builder
	if err := t.d.execEnv(ctx, t.env, nil, &out, filepath.Join(t.d.bin, "dtw"), "webhooks", "create", "--url", url,
		"--header", "X-Demo-Receiver:trader1", "--json"); err != nil {
		h.close()
		return nil, err
	}
	var created api.WebhookCreated
	if err := json.Unmarshal([]byte(out.String()), &created); err != nil || created.Secret == "" {
		h.close()
		return nil, fmt.Errorf("dtw webhooks create printed no secret: %q", out.String())
	}
	h.mu.Lock()
	h.secret = created.Secret
	h.mu.Unlock()
	fmt.Printf("   webhook receiver on %s: it prints each delivery it verified with the secret, marked [webhook]\n", url)
	return h, nil
}

// ServeHTTP verifies and prints a delivery.
func (h *hookReceiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.mu.Lock()
	secret := h.secret
	h.mu.Unlock()
	d, id, err := webhook.Read(r, secret)
	if err != nil {
		fmt.Printf("   [webhook] refused a delivery: %v\n", err)
		http.Error(w, "signature not verified", http.StatusUnauthorized)
		return
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.seen[id] {
		h.seen[id] = true
		a := d.Data
		fmt.Printf("   [webhook] %s %s %s %s (event %s, webhook-id %s, signature verified)\n", a.Source, a.ActivityType, a.Amount, a.Asset, a.EventID, id)
		select {
		case h.wake <- struct{}{}:
		default:
		}
	}
	w.WriteHeader(http.StatusNoContent)
}

// wait waits until n deliveries were verified, for at most limit.
func (h *hookReceiver) wait(ctx context.Context, n int, limit time.Duration) error {
	deadline := time.After(limit)
	for {
		h.mu.Lock()
		got := len(h.seen)
		h.mu.Unlock()
		if got >= n {
			fmt.Printf("   the receiver verified %d deliveries\n", got)
			return nil
		}
		select {
		case <-h.wake:
		case <-deadline:
			return fmt.Errorf("webhook receiver: %d deliveries verified within %s, want %d", got, limit, n)
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// close stops the receiver.
func (h *hookReceiver) close() { _ = h.srv.Close() }
