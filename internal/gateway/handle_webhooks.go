package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
)

// handleListWebhooks lists the caller's webhook subscriptions (GET /v3/webhooks).
func (s *Service) handleListWebhooks(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.webhooks.List(r.Context(), c.AccountID)
	return answer(w, out, err)
}

// handleCreateWebhook creates a subscription (POST /v3/webhooks); its signing secret is
// in this answer only.
func (s *Service) handleCreateWebhook(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.CreateWebhookRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	out, err := s.webhooks.Create(r.Context(), c.AccountID, req)
	if err != nil {
		return err
	}
	respondJSON(w, http.StatusCreated, out)
	return nil
}

// handleGetWebhook answers one of the caller's subscriptions (GET
// /v3/webhooks/{subscriptionId}); another account's is NOT_FOUND like an unknown one.
func (s *Service) handleGetWebhook(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.webhooks.Get(r.Context(), c.AccountID, r.PathValue(api.PathParamSubscriptionID))
	return answer(w, out, err)
}

// handleDeleteWebhook deletes one of the caller's subscriptions (DELETE
// /v3/webhooks/{subscriptionId}): nothing more is delivered to it.
func (s *Service) handleDeleteWebhook(w http.ResponseWriter, r *http.Request, c *Caller) error {
	if err := s.webhooks.Delete(r.Context(), c.AccountID, r.PathValue(api.PathParamSubscriptionID)); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
