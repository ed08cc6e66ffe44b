package webhooks_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/webhook"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/webhooks"
)

// env is a real store, the subscription rules and a running dispatcher with short
// timeouts and retries.
type env struct {
	t   *testing.T
	st  *store.SQLite
	cfg config.Webhooks
	svc *webhooks.Service
}

// testConfig delivers to local receivers, times out after 500ms and retries after 50ms,
// doubling to 200ms, for 30s.
func testConfig() config.Webhooks {
	cfg := config.DefaultWebhooks()
	cfg.AllowHTTP, cfg.AllowPrivateTargets = true, true
	cfg.Timeout, cfg.RetryInitial, cfg.RetryMax, cfg.RetryWindow = 500*time.Millisecond, 50*time.Millisecond, 200*time.Millisecond, 30*time.Second
	return cfg
}

func newEnv(t *testing.T, cfg config.Webhooks) *env {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })
	return &env{t: t, st: st, cfg: cfg, svc: webhooks.NewService(cfg, st, nil)}
}

// run starts a dispatcher until the test ends.
func (e *env) run(opts webhooks.DispatcherOptions) {
	e.t.Helper()
	if opts.Logger == nil {
		opts.Logger = slog.New(slog.DiscardHandler)
	}
	if opts.PollInterval == 0 {
		opts.PollInterval = 20 * time.Millisecond
	}
	d := webhooks.NewDispatcher(e.cfg, store.Narrow[webhooks.FanOutTx](e.st), opts)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		_ = d.Run(ctx)
	}()
	e.t.Cleanup(func() {
		cancel()
		<-done
	})
}

// account creates an account.
func (e *env) account() string {
	e.t.Helper()
	id := auth.NewAccountID()
	require.NoError(e.t, e.st.CreateAccount(context.Background(), store.Account{ID: id, CreatedAt: time.Now()}))
	return id
}

// subscribe creates an ACCOUNT_ACTIVITY subscription of account to url.
func (e *env) subscribe(account, url string, headers map[string]string) api.WebhookCreated {
	e.t.Helper()
	w, err := e.svc.Create(context.Background(), account, api.CreateWebhookRequest{
		EventTypes: []api.ChannelType{api.ChannelAccountActivity}, Target: api.WebhookTarget{URL: url, Headers: headers}})
	require.NoError(e.t, err)
	return w
}

// deposit writes an OFFCHAIN deposit event of account, as the ledger does.
func (e *env) deposit(account, amount string) {
	e.t.Helper()
	e.write(outbox.Deposit, offchain.Source, account, common.Address{},
		outbox.LedgerActivity{Source: offchain.Source, Asset: "eur", Amount: amount, Location: "bank:eur-main"})
}

func (e *env) write(kind outbox.Kind, source, account string, trader common.Address, payload outbox.Payload) {
	e.t.Helper()
	require.NoError(e.t, e.st.InTx(context.Background(), func(tx store.Tx) error {
		return outbox.Write(context.Background(), tx, outbox.Event{Kind: kind, Source: source, AccountID: account, Trader: trader, Payload: payload})
	}))
}

// deliveries returns a subscription's deliveries.
func (e *env) deliveries(id string) []store.WebhookDelivery {
	e.t.Helper()
	ds, err := e.st.WebhookDeliveries(context.Background(), id)
	require.NoError(e.t, err)
	return ds
}

// received is one request a receiver got.
type received struct {
	id     string
	header http.Header
	body   []byte
	at     time.Time
}

// receiver is a real HTTP server that records every request and answers with answer
// (called with the 1-based request number and the body; nil answers 204).
type receiver struct {
	*httptest.Server
	mu     sync.Mutex
	got    []received
	answer func(n int, body []byte, w http.ResponseWriter)
}

func newReceiver(t *testing.T, answer func(n int, body []byte, w http.ResponseWriter)) *receiver {
	rc := &receiver{answer: answer}
	rc.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		rc.mu.Lock()
		rc.got = append(rc.got, received{id: r.Header.Get(webhook.HeaderID), header: r.Header.Clone(), body: body, at: time.Now()})
		n := len(rc.got)
		rc.mu.Unlock()
		if rc.answer != nil {
			rc.answer(n, body, w)
			return
		}
		w.WriteHeader(http.StatusNoContent)
	}))
	t.Cleanup(rc.Close)
	return rc
}

func (rc *receiver) requests() []received {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return append([]received(nil), rc.got...)
}

// waitRequests waits until the receiver got n requests and returns them.
func (rc *receiver) waitRequests(t *testing.T, n int) []received {
	t.Helper()
	require.Eventually(t, func() bool { return len(rc.requests()) >= n }, 10*time.Second, 10*time.Millisecond,
		"receiver got %d requests, want %d", len(rc.requests()), n)
	return rc.requests()
}
