// Package push fans the event outbox out to websocket clients. One Hub per process
// follows the outbox while at least one socket is open, from the newest event at the
// moment the first socket joined: an event committed while a socket is subscribed to its
// channel is sent to it, once, in outbox order, and nothing is sent before it committed.
// A client that reconnects re-reads state over REST; events committed while it was
// away are not replayed. Each Session is one socket: its subscriptions, a bounded buffer
// of messages waiting to be written, and the goroutines that read, write and ping it.
package push

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/outbox"
)

// Errors of Join.
var (
	// ErrTooManyConnections: the account holds Config.MaxConnectionsPerAccount sockets.
	ErrTooManyConnections = errors.New("too many websocket connections")
	// ErrShutDown: the hub is shutting down and takes no more sockets.
	ErrShutDown = errors.New("websocket hub is shut down")
	// ErrRevoked is what a Session's check returns when the socket's credentials were
	// revoked; the socket is closed with api.CloseRevoked.
	ErrRevoked = errors.New("credentials revoked")
)

// eventBatch is how many outbox events the hub reads at once.
const eventBatch = 500

// Outbox is the event outbox the hub follows (store.Store implements it).
type Outbox interface {
	Events(ctx context.Context, afterID int64, limit int) ([]outbox.Record, error)
	EventsNotify() <-chan struct{}
	LastEventID(ctx context.Context) (int64, error)
}

// Views renders outbox events as what clients are sent. Implementations are safe for
// concurrent use.
type Views interface {
	// Owner returns the account an event belongs to: its AccountID, else the account its
	// trader's wallet is linked to now; "" when none.
	Owner(ctx context.Context, ev outbox.Record) (string, error)
	// Activity renders a DEPOSIT or WITHDRAWAL event of account.
	Activity(ctx context.Context, account string, ev outbox.Record) (api.AccountActivityEvent, error)
	// Order renders an ORDER_SETTLED or ORDER_CANCELLED event of account.
	Order(ctx context.Context, account string, ev outbox.Record) (api.OrderEvent, error)
	// Price returns the price of a pair as GET /v2/price/{sellingAsset}/{buyingAsset}
	// answers it.
	Price(ctx context.Context, pair api.AssetPair) (string, error)
}

// Config configures a Hub.
type Config struct {
	// MaxConnectionsPerAccount caps an account's open sockets.
	MaxConnectionsPerAccount int
	// SendBuffer is how many messages may wait for one socket before it is closed as a
	// slow consumer.
	SendBuffer int
	// PingInterval is the wait between pings of a socket, and how long a pong may take.
	PingInterval time.Duration
	// PollInterval is how often the outbox is read for other processes' events.
	PollInterval time.Duration
	// Logger receives the hub's logs; default slog.Default().
	Logger *slog.Logger
	// After starts the timer of the first-SUBSCRIBE rule (api.WSSubscribeWithin); default
	// time.After. Tests drive the rule's clock with it.
	After func(time.Duration) <-chan time.Time
	// Metrics records the hub's metrics; default NopMetrics.
	Metrics Metricer
}

// Hub follows the outbox and fans its events out to the sessions subscribed to them.
// Create it with New; it is safe for concurrent use.
type Hub struct {
	cfg   Config
	out   Outbox
	views Views
	log   *slog.Logger

	mu sync.Mutex
	// accounts holds every open session by account.
	accounts map[string]map[*Session]struct{}
	// pairs holds the sessions following each pair, by pairKey.
	pairs map[string]*pairSubs
	count int
	// gen numbers the runs of the outbox loop; a loop whose gen is not the current one
	// stops. cancel ends the current run (nil when none runs).
	gen    uint64
	cancel context.CancelFunc
	shut   bool
}

// pairSubs are the sessions following one pair.
type pairSubs struct {
	pair     api.AssetPair
	sessions map[*Session]struct{}
}

// New returns a hub reading out and rendering with views. It reads nothing until a
// session joins.
func New(cfg Config, out Outbox, views Views) *Hub {
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.After == nil {
		cfg.After = time.After
	}
	if cfg.Metrics == nil {
		cfg.Metrics = NopMetrics{}
	}
	return &Hub{cfg: cfg, out: out, views: views, log: cfg.Logger,
		accounts: map[string]map[*Session]struct{}{}, pairs: map[string]*pairSubs{}}
}

// Join reserves a socket of account before the connection is upgraded; check tells
// whether the socket's credentials still hold (ErrRevoked when not), and is called after
// every access change. Run the session, or Abort it if the upgrade fails.
// ErrTooManyConnections and ErrShutDown refuse it.
func (h *Hub) Join(ctx context.Context, account string, check func(context.Context) error) (*Session, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shut {
		return nil, ErrShutDown
	}
	if len(h.accounts[account]) >= h.cfg.MaxConnectionsPerAccount {
		return nil, fmt.Errorf("%w: the account has %d open sockets, the most allowed", ErrTooManyConnections, len(h.accounts[account]))
	}
	if h.cancel == nil {
		// The first socket: follow the outbox from its newest event.
		cursor, err := h.out.LastEventID(ctx)
		if err != nil {
			return nil, fmt.Errorf("websocket: newest event: %w", err)
		}
		h.gen++
		loopCtx, cancel := context.WithCancel(context.Background())
		h.cancel = cancel
		go h.run(loopCtx, h.gen, cursor)
	}
	s := newSession(h, account, check)
	if h.accounts[account] == nil {
		h.accounts[account] = map[*Session]struct{}{}
	}
	h.accounts[account][s] = struct{}{}
	h.count++
	return s, nil
}

// leave removes a session and its subscriptions; the last one stops the outbox loop.
func (h *Hub) leave(s *Session) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if _, ok := h.accounts[s.account][s]; !ok {
		return
	}
	delete(h.accounts[s.account], s)
	if len(h.accounts[s.account]) == 0 {
		delete(h.accounts, s.account)
	}
	for k := range s.pairs {
		h.dropPair(k, s)
	}
	h.count--
	if h.count == 0 && h.cancel != nil {
		h.cancel()
		h.cancel = nil
		h.gen++
	}
}

// Shutdown closes every socket with 1001 (going away) and refuses new ones.
func (h *Hub) Shutdown() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.shut = true
	for _, ss := range h.accounts {
		for s := range ss {
			s.closeWith(statusGoingAway, "the gateway is shutting down")
		}
	}
}

// Wait waits until every session has ended (after Shutdown), or ctx ends.
func (h *Hub) Wait(ctx context.Context) {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for h.Sessions() > 0 {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// Sessions returns the number of open sessions.
func (h *Hub) Sessions() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.count
}

func (h *Hub) dropPair(k string, s *Session) {
	ps := h.pairs[k]
	if ps == nil {
		return
	}
	delete(ps.sessions, s)
	if len(ps.sessions) == 0 {
		delete(h.pairs, k)
	}
}

// run follows the outbox from cursor until ctx ends or another run replaced it.
func (h *Hub) run(ctx context.Context, gen uint64, cursor int64) {
	poll := time.NewTicker(h.cfg.PollInterval)
	defer poll.Stop()
	for {
		wake := h.out.EventsNotify() // before reading: a commit after the read closes it
		evs, err := h.out.Events(ctx, cursor, eventBatch)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			h.log.Warn("websocket: cannot read the event outbox; will retry", "err", err)
		}
		for _, ev := range evs {
			if ctx.Err() != nil {
				return
			}
			h.dispatch(ctx, gen, ev)
			cursor = ev.ID
		}
		if err == nil && len(evs) == eventBatch {
			continue
		}
		select {
		case <-ctx.Done():
			return
		case <-wake:
		case <-poll.C:
		}
	}
}

// dispatch sends one event to the sessions subscribed to it.
func (h *Hub) dispatch(ctx context.Context, gen uint64, ev outbox.Record) {
	switch ev.Kind {
	case outbox.Price:
		h.dispatchPrice(ctx, gen, ev)
	case outbox.Deposit, outbox.Withdrawal:
		h.dispatchAccount(ctx, gen, ev, api.ChannelAccountActivity)
	case outbox.OrderSettled, outbox.OrderCancelled:
		h.dispatchAccount(ctx, gen, ev, api.ChannelOrders)
	case outbox.AccessChanged:
		h.mu.Lock()
		for _, ss := range h.accounts {
			for s := range ss {
				s.recheck()
			}
		}
		h.mu.Unlock()
	}
}

// dispatchPrice sends the new price of every followed pair of the changed asset, each
// rendered once for all its sessions.
func (h *Hub) dispatchPrice(ctx context.Context, gen uint64, ev outbox.Record) {
	change, err := outbox.As[outbox.PriceChange](ev)
	if err != nil {
		h.log.Warn("websocket: unreadable price event", "event", ev.ID, "err", err)
		return
	}
	asset := strings.ToLower(change.Asset)
	h.mu.Lock()
	var pairs []api.AssetPair
	for _, ps := range h.pairs {
		if ps.pair.SellingAsset == asset || ps.pair.BuyingAsset == asset {
			pairs = append(pairs, ps.pair)
		}
	}
	h.mu.Unlock()
	for _, p := range pairs {
		price, err := h.views.Price(ctx, p)
		if err != nil {
			h.log.Debug("websocket: no price to send", "pair", pairKey(p), "event", ev.ID, "err", err)
			continue
		}
		msg, err := encode(api.ChannelPriceFeedUpdates, api.PriceUpdate{EventID: strconv.FormatInt(ev.ID, 10),
			SellingAsset: p.SellingAsset, BuyingAsset: p.BuyingAsset, Price: price, TimestampMillis: millis(ev.CreatedAt)})
		if err != nil {
			h.log.Error("websocket: encode price", "err", err)
			continue
		}
		n := 0
		h.mu.Lock()
		if h.gen == gen {
			if ps := h.pairs[pairKey(p)]; ps != nil {
				for s := range ps.sessions {
					s.enqueue(msg)
				}
				n = len(ps.sessions)
			}
		}
		h.mu.Unlock()
		h.cfg.Metrics.Pushed(api.ChannelPriceFeedUpdates, n)
	}
	h.cfg.Metrics.Dispatched(time.Since(ev.CreatedAt))
}

// dispatchAccount sends an account's event to its sessions subscribed to channel.
func (h *Hub) dispatchAccount(ctx context.Context, gen uint64, ev outbox.Record, channel api.ChannelType) {
	account, err := h.views.Owner(ctx, ev)
	if err != nil {
		h.log.Warn("websocket: cannot resolve an event's account", "event", ev.ID, "err", err)
		return
	}
	if account == "" || !h.subscribed(account, channel) {
		return
	}
	var data any
	if channel == api.ChannelOrders {
		data, err = h.views.Order(ctx, account, ev)
	} else {
		data, err = h.views.Activity(ctx, account, ev)
	}
	if err != nil {
		h.log.Warn("websocket: cannot render an event", "event", ev.ID, "kind", ev.Kind, "err", err)
		return
	}
	msg, err := encode(channel, data)
	if err != nil {
		h.log.Error("websocket: encode event", "event", ev.ID, "err", err)
		return
	}
	n := 0
	h.mu.Lock()
	if h.gen == gen {
		for s := range h.accounts[account] {
			if s.follows(channel) {
				s.enqueue(msg)
				n++
			}
		}
	}
	h.mu.Unlock()
	h.cfg.Metrics.Pushed(channel, n)
	h.cfg.Metrics.Dispatched(time.Since(ev.CreatedAt))
}

// subscribed reports whether a session of account follows channel.
func (h *Hub) subscribed(account string, channel api.ChannelType) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	for s := range h.accounts[account] {
		if s.follows(channel) {
			return true
		}
	}
	return false
}

// encode renders a pushed message of channel.
func encode(channel api.ChannelType, data any) ([]byte, error) {
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	return json.Marshal(api.WSMessage{Type: string(channel), Data: raw})
}

func millis(t time.Time) string { return strconv.FormatInt(t.UnixMilli(), 10) }

// pairKey names a pair case-insensitively.
func pairKey(p api.AssetPair) string { return p.SellingAsset + "/" + p.BuyingAsset }
