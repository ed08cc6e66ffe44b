package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
)

// principal is the caller as the accounts service sees it.
func principal(c *Caller) accounts.Principal {
	return accounts.Principal{AccountID: c.AccountID, Permissions: c.Permissions}
}

// handleListAPIKeys lists the caller's keys, without secrets.
func (s *Service) handleListAPIKeys(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.accounts.ListKeys(r.Context(), c.AccountID)
	return answer(w, out, err)
}

// handleCreateAPIKey creates a key for the caller's account with a subset of the caller's
// permissions; the secret is shown only in this response.
func (s *Service) handleCreateAPIKey(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.CreateAPIKeyRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	out, err := s.accounts.CreateKey(r.Context(), principal(c), req.Label, req.Permissions)
	if err != nil {
		return err
	}
	respondJSON(w, http.StatusCreated, out)
	return nil
}

// handleRotateAPIKey gives one of the caller's keys a new secret; its old secret and every
// token issued from it stop working at once.
func (s *Service) handleRotateAPIKey(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.accounts.RotateKey(r.Context(), principal(c), r.PathValue(api.PathParamAPIKeyID))
	return answer(w, out, err)
}

// handleAccounts lists the caller's account and its sub-accounts (GET /v2/accounts).
func (s *Service) handleAccounts(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.accounts.Accounts(r.Context(), c.AccountID)
	return answer(w, out, err)
}

// handleDepositReference answers the deposit reference of the caller's account, or of
// one of its sub-accounts on the /accounts/{accountId}/ path.
func (s *Service) handleDepositReference(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.accounts.Acting(r.Context(), c.AccountID, r.PathValue(api.PathParamAccountID))
	if err != nil {
		return err
	}
	out, err := s.accounts.DepositReference(r.Context(), account)
	return answer(w, out, err)
}
