// Package probe serves what every dtwgate process answers, whatever its role: liveness
// (/healthz), readiness with the store's leases (/readyz) and the metrics (/metrics). The
// API mounts the same readiness; a --role settler process, which serves no API, serves
// this package's Handler on its own --listen, so the process that holds the operator key
// can be scraped and probed like the others.
package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/version"
)

// Store is what readiness reads: the store answers, who holds each lease, and the
// settler's last inventory report.
type Store interface {
	Ping(ctx context.Context) error
	Leases(ctx context.Context) ([]store.Lease, error)
	InventoryPlaces(ctx context.Context) ([]store.InventoryPlace, error)
}

// ErrNotReady wraps what makes a process not ready (its store does not answer).
var ErrNotReady = errors.New("not ready")

// readyTimeout bounds the store reads of one readiness answer.
const readyTimeout = 2 * time.Second

// Readiness reads the store's state as /readyz answers it, with the process's build;
// holder is the asking process's
// id in the leases ("" when it campaigns for none). An error wraps ErrNotReady.
func Readiness(ctx context.Context, st Store, holder string, now time.Time) (api.Readiness, error) {
	ctx, cancel := context.WithTimeout(ctx, readyTimeout)
	defer cancel()
	if err := st.Ping(ctx); err != nil {
		return api.Readiness{}, fmt.Errorf("%w: store: %w", ErrNotReady, err)
	}
	leases, err := st.Leases(ctx)
	if err != nil {
		return api.Readiness{}, fmt.Errorf("%w: leases: %w", ErrNotReady, err)
	}
	b := version.Get()
	out := api.Readiness{Status: "ready", Leases: make([]api.LeaseStatus, 0, len(leases)),
		Version: b.Version, Commit: b.Commit, Modified: b.Modified}
	for _, l := range leases {
		held := l.HeldAt(now)
		out.Leases = append(out.Leases, api.LeaseStatus{Lease: l.Name, Holder: l.Holder, Token: l.Token,
			ExpiresAtMillis: l.ExpiresAt.UnixMilli(), Held: held, Self: held && holder != "" && l.Holder == holder})
	}
	places, err := st.InventoryPlaces(ctx)
	if err != nil {
		return api.Readiness{}, fmt.Errorf("%w: inventory: %w", ErrNotReady, err)
	}
	for _, p := range places {
		out.Inventory = append(out.Inventory, api.InventoryStatus{Source: p.Source, Asset: p.Asset, Place: p.Place,
			Balance: p.Balance.String(), Min: p.Min.String(), Target: p.Target.String(), Max: p.Max.String(), State: p.State,
			UpdatedAtMillis: p.UpdatedAt.UnixMilli()})
	}
	return out, nil
}

// Options configure Handler.
type Options struct {
	// Store is read by /readyz.
	Store Store
	// Holder is the process's id in the leases ("" when it campaigns for none).
	Holder string
	// Metrics is the registry /metrics serves.
	Metrics prometheus.Gatherer
	// Logger receives why the process is not ready. Default: slog.Default().
	Logger *slog.Logger
	// ReceiptKeys are the published receipt keys /readyz lists (none without a key).
	ReceiptKeys receipt.Keys
}

// Handler serves GET /healthz, /readyz and /metrics, and 404 for everything else.
func Handler(o Options) http.Handler {
	if o.Logger == nil {
		o.Logger = slog.Default()
	}
	mux := http.NewServeMux()
	mux.HandleFunc("GET "+api.PathHealthz, func(w http.ResponseWriter, _ *http.Request) {
		respond(w, http.StatusOK, map[string]string{"status": "ok"})
	})
	mux.HandleFunc("GET "+api.PathReadyz, func(w http.ResponseWriter, r *http.Request) {
		out, err := Readiness(r.Context(), o.Store, o.Holder, time.Now())
		if err != nil {
			o.Logger.WarnContext(r.Context(), "not ready", slog.Any("error", err))
			respond(w, http.StatusServiceUnavailable, api.Error{Code: api.CodeServiceUnavailable, Description: "store unavailable"})
			return
		}
		out.ReceiptKeys = o.ReceiptKeys
		respond(w, http.StatusOK, out)
	})
	mux.Handle("GET "+api.PathMetrics, promhttp.HandlerFor(o.Metrics, promhttp.HandlerOpts{}))
	return mux
}

func respond(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// Serve serves h on ln until ctx ends, then shuts down within grace.
func Serve(ctx context.Context, ln net.Listener, h http.Handler, grace time.Duration) error {
	srv := &http.Server{Handler: h, ReadHeaderTimeout: 5 * time.Second, ReadTimeout: 10 * time.Second,
		WriteTimeout: 30 * time.Second, IdleTimeout: 60 * time.Second, MaxHeaderBytes: 16 << 10}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), grace)
	defer cancel()
	_ = srv.Shutdown(sctx)
	if err := <-done; !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
