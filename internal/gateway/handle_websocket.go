package gateway

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"

	"github.com/coder/websocket"
	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/activity"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// handleWebsocket upgrades GET /v2/websocket to a websocket of the caller's account
// (package push serves it). The route table has checked the bearer token or redeemed
// the ticket, and the READ permission every channel needs.
func (s *Service) handleWebsocket(w http.ResponseWriter, r *http.Request, c *Caller) error {
	sess, err := s.hub.Join(r.Context(), c.AccountID, s.credentialsHold(c))
	switch {
	case errors.Is(err, push.ErrTooManyConnections):
		return fail(ErrRateLimited, "this account has the most open websockets allowed (%d): close one first", s.cfg.Websocket.WithDefaults().MaxConnectionsPerAccount)
	case errors.Is(err, push.ErrShutDown):
		return fail(ErrUnavailable, "the gateway is shutting down")
	case err != nil:
		return err
	}
	hj := &hijackRecorder{ResponseWriter: w}
	conn, err := websocket.Accept(hj, r, &websocket.AcceptOptions{
		// Cross-origin sockets are allowed: they authenticate with a bearer token or a
		// ticket, never with cookies a browser would add on its own.
		InsecureSkipVerify: true,
	})
	if err != nil { // Accept has answered
		sess.Abort()
		s.log.DebugContext(r.Context(), "websocket upgrade failed", "err", err)
		return nil
	}
	sess.Run(conn, hj.conn)
	return nil
}

// hijackRecorder keeps the connection a websocket was upgraded from, so that a session
// judged dead can be reset even while a write to it is stuck.
type hijackRecorder struct {
	http.ResponseWriter
	conn net.Conn
}

// Hijack implements http.Hijacker.
func (h *hijackRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, rw, err := http.NewResponseController(h.ResponseWriter).Hijack()
	if err != nil {
		return nil, nil, fmt.Errorf("hijack: %w", err)
	}
	h.conn = c
	return c, rw, nil
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (h *hijackRecorder) Unwrap() http.ResponseWriter { return h.ResponseWriter }

// redeemTicket authenticates a request by the single-use ticket of its token query
// parameter (POST /v3/auth/ticket): the ticket is deleted as it is read, so it opens one
// socket, and the key it was issued from must not have been rotated since.
func (s *Service) redeemTicket(r *http.Request) (*Caller, error) {
	ticket := r.URL.Query().Get(api.ParamToken)
	if ticket == "" {
		return nil, fail(ErrUnauthenticated, "missing bearer token or %s ticket", api.ParamToken)
	}
	ctx := r.Context()
	t, err := s.store.ConsumeTicket(ctx, auth.TicketHash(ticket), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(ErrUnauthenticated, "ticket is unknown, expired or already used")
	}
	if err != nil {
		return nil, fmt.Errorf("redeem ticket: %w", err)
	}
	key, err := s.callers.APIKey(ctx, t.APIKeyID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (key.AccountID != t.AccountID || key.Generation != t.Generation)) {
		return nil, fail(ErrUnauthenticated, "ticket has been revoked")
	}
	if err != nil {
		return nil, fmt.Errorf("load api key: %w", err)
	}
	return &Caller{AccountID: key.AccountID, APIKeyID: key.ID, Generation: key.Generation, Permissions: accounts.Permissions(key)}, nil
}

// credentialsHold returns the check of a socket's credentials that the hub runs after
// access changes: read from the store, as another process may have made the change.
func (s *Service) credentialsHold(c *Caller) func(context.Context) error {
	return func(ctx context.Context) error {
		if c.APIKeyID != "" {
			key, err := s.store.GetAPIKey(ctx, c.APIKeyID)
			if errors.Is(err, store.ErrNotFound) || (err == nil && (key.AccountID != c.AccountID || key.Generation != c.Generation)) {
				return push.ErrRevoked
			}
			return err
		}
		ok, err := s.store.IsWhitelisted(ctx, c.Address)
		if err != nil {
			return err
		}
		account, err := s.store.WalletAccount(ctx, c.Address)
		if errors.Is(err, store.ErrNotFound) || (err == nil && (!ok || account != c.AccountID)) {
			return push.ErrRevoked
		}
		return err
	}
}

// pushViews renders outbox events for the websocket as the REST endpoints show them.
type pushViews struct{ s *Service }

var _ push.Views = pushViews{}

// Owner implements push.Views.
func (v pushViews) Owner(ctx context.Context, ev outbox.Record) (string, error) {
	if ev.AccountID != "" || ev.Trader == (common.Address{}) {
		return ev.AccountID, nil
	}
	w, err := v.s.callers.Wallet(ctx, ev.Trader)
	return w.AccountID, err
}

// Activity implements push.Views: the activity the webhooks deliver too.
func (v pushViews) Activity(_ context.Context, account string, ev outbox.Record) (api.AccountActivityEvent, error) {
	return activity.FromEvent(ev, account, v.s.onchain.Registry())
}

// Order implements push.Views: the order's status record as GET
// /v3/order-status/{source}/{orderId} answers it once the change is recorded.
func (v pushViews) Order(ctx context.Context, account string, ev outbox.Record) (api.OrderEvent, error) {
	p, err := outbox.As[outbox.OrderClosed](ev)
	if err != nil {
		return api.OrderEvent{}, err
	}
	ven, err := v.s.venues.Venue(p.Source)
	if err != nil {
		return api.OrderEvent{}, err
	}
	wallets, err := v.s.callers.Wallets(ctx, account)
	if err != nil {
		return api.OrderEvent{}, err
	}
	st, err := ven.OrderStatus(ctx, venue.Caller{AccountID: account, Wallets: wallets}, strconv.FormatUint(p.OrderID, 10))
	if err != nil {
		return api.OrderEvent{}, fmt.Errorf("status of %s order %d: %w", p.Source, p.OrderID, err)
	}
	return api.OrderEvent{EventID: strconv.FormatInt(ev.ID, 10), OrderStatus: st, Removed: p.Removed}, nil
}

// Price implements push.Views: GET /v2/price's answer, without a commission.
func (v pushViews) Price(ctx context.Context, pair api.AssetPair) (string, error) {
	p, err := v.s.market.Price(ctx, pair.SellingAsset, pair.BuyingAsset, "")
	return p.Price, err
}

// handleAsyncAPI serves the AsyncAPI document of the websocket, its server the address
// the client reached.
func (s *Service) handleAsyncAPI(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(api.AsyncAPIFor(r.TLS != nil, r.Host, s.cfg.BasePath))
	return nil
}
