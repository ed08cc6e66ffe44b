package gateway

import (
	"context"
	"errors"
	"fmt"
	"net/http"

	"github.com/coder/websocket"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/errs"
	"github.com/dtwgate/dtwgate/internal/push"
	"github.com/dtwgate/dtwgate/internal/store"
)

// handleWebsocket upgrades GET /v2/websocket to a websocket of the caller's account
// (package push serves it). The route table has checked the bearer token or redeemed
// the ticket, and the READ permission every channel needs.
func (s *Service) handleWebsocket(w http.ResponseWriter, r *http.Request, c *Caller) error {
	sess, err := s.hub.Join(r.Context(), c.AccountID, s.credentialsHold(c))
	switch {
	case errors.Is(err, push.ErrTooManyConnections):
		return fail(errs.ErrRateLimited, "this account has the most open websockets allowed (%d): close one first", s.cfg.Websocket.WithDefaults().MaxConnectionsPerAccount)
	case errors.Is(err, push.ErrShutDown):
		return fail(errs.ErrUnavailable, "the gateway is shutting down")
	case err != nil:
		return err
	}
	conn, raw, err := push.Accept(w, r, &websocket.AcceptOptions{
		// Cross-origin sockets are allowed: they authenticate with a bearer token or a
		// ticket, never with cookies a browser would add on its own.
		InsecureSkipVerify: true,
	})
	if err != nil { // Accept has answered
		sess.Abort()
		s.log.DebugContext(r.Context(), "websocket upgrade failed", "err", err)
		return nil
	}
	sess.Run(conn, raw)
	return nil
}

// redeemTicket authenticates a request by the single-use ticket of its token query
// parameter (POST /v3/auth/ticket): the ticket is deleted as it is read, so it opens one
// socket, and the key it was issued from must not have been rotated since.
func (s *Service) redeemTicket(r *http.Request) (*Caller, error) {
	ticket := r.URL.Query().Get(api.ParamToken)
	if ticket == "" {
		return nil, fail(errs.ErrUnauthenticated, "missing bearer token or %s ticket", api.ParamToken)
	}
	ctx := r.Context()
	t, err := s.store.ConsumeTicket(ctx, auth.TicketHash(ticket), s.now())
	if errors.Is(err, store.ErrNotFound) {
		return nil, fail(errs.ErrUnauthenticated, "ticket is unknown, expired or already used")
	}
	if err != nil {
		return nil, fmt.Errorf("redeem ticket: %w", err)
	}
	key, err := s.callers.APIKey(ctx, t.APIKeyID)
	if errors.Is(err, store.ErrNotFound) || (err == nil && (key.AccountID != t.AccountID || key.Generation != t.Generation)) {
		return nil, fail(errs.ErrUnauthenticated, "ticket has been revoked")
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

// handleAsyncAPI serves the AsyncAPI document of the websocket, its server the address
// the client reached.
func (s *Service) handleAsyncAPI(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	w.Header().Set("Content-Type", "application/yaml")
	_, _ = w.Write(api.AsyncAPIFor(r.TLS != nil, r.Host, s.cfg.BasePath))
	return nil
}
