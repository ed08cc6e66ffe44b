package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// handleSubmitCancelRequest answers POST /v2/order-cancel-requests: it relays a trader's
// signed cancel request of an open on-chain order.
func (s *Service) handleSubmitCancelRequest(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.SignedCancelRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	wallets, err := s.wallets(r, c)
	if err != nil {
		return err
	}
	out, err := s.onchain.SubmitCancelRequest(r.Context(), c.AccountID, wallets, req)
	return answer(w, out, err)
}

// handleSubmitNonceInvalidation answers POST /v2/nonce-invalidations: it relays a
// trader's signed invalidation of its signature nonces.
func (s *Service) handleSubmitNonceInvalidation(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.SignedNonceInvalidationRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	wallets, err := s.wallets(r, c)
	if err != nil {
		return err
	}
	out, err := s.onchain.SubmitNonceInvalidation(r.Context(), c.AccountID, wallets, req)
	return answer(w, out, err)
}
