package gateway

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Login kinds and results, the labels of dtwgate_logins_total.
const (
	loginAPIKey = "api_key"
	loginSIWE   = "siwe"
	loginTicket = "ticket"
	loginOK     = "ok"
	loginFailed = "failed"
)

// checkKeySecret returns the key of a keyId + secret pair; ErrBadCredentials when either is
// wrong, with the same work whether or not the key exists. Attempts are rate-limited per
// client address and per keyId before any lookup.
func (s *Service) checkKeySecret(w http.ResponseWriter, r *http.Request, kind string) (store.APIKey, error) {
	if err := s.allowAuth(r); err != nil {
		return store.APIKey{}, err
	}
	var req api.TokenRequest
	if err := s.decode(w, r, &req); err != nil {
		return store.APIKey{}, err
	}
	if err := required("keyId", req.KeyID, "secret", req.Secret); err != nil {
		return store.APIKey{}, err
	}
	if err := s.allowKey(req.KeyID); err != nil {
		return store.APIKey{}, err
	}
	key, err := s.accounts.Login(r.Context(), req.KeyID, req.Secret)
	if errors.Is(err, accounts.ErrBadCredentials) {
		s.metrics.login(kind, loginFailed)
		return store.APIKey{}, fail(ErrBadCredentials, "keyId or secret is wrong")
	}
	if err != nil {
		return store.APIKey{}, err
	}
	s.metrics.login(kind, loginOK)
	return key, nil
}

// handleAuthToken exchanges keyId + secret for a JWT (POST /v3/auth/token and /get-token).
func (s *Service) handleAuthToken(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	key, err := s.checkKeySecret(w, r, loginAPIKey)
	if err != nil {
		return err
	}
	token, err := s.tokens.Issue(auth.Claims{APIKeyID: key.ID, Generation: key.Generation}, key.AccountID, s.now())
	if err != nil {
		return err
	}
	respondJSON(w, http.StatusOK, api.TokenResponse{JWTToken: token})
	return nil
}

// handleAuthTicket exchanges keyId + secret for a single-use websocket ticket.
func (s *Service) handleAuthTicket(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	key, err := s.checkKeySecret(w, r, loginTicket)
	if err != nil {
		return err
	}
	ticket := auth.NewTicket()
	now := s.now()
	err = s.store.CreateTicket(r.Context(), store.Ticket{
		Hash:       auth.TicketHash(ticket),
		AccountID:  key.AccountID,
		APIKeyID:   key.ID,
		Generation: key.Generation,
		ExpiresAt:  now.Add(s.cfg.TicketTTL),
	}, now)
	if err != nil {
		return fmt.Errorf("store ticket: %w", err)
	}
	respondJSON(w, http.StatusOK, api.TicketResponse{Ticket: ticket})
	return nil
}

// handleJWTCheck answers 204; the route table has already checked the token.
func (s *Service) handleJWTCheck(w http.ResponseWriter, _ *http.Request, _ *Caller) error {
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleSIWENonce issues a single-use nonce that expires after cfg.SIWE.NonceTTL.
func (s *Service) handleSIWENonce(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	if err := s.allowAuth(r); err != nil {
		return err
	}
	nonce := auth.NewNonce()
	now := s.now()
	if err := s.store.CreateNonce(r.Context(), nonce, now, now.Add(s.cfg.SIWE.NonceTTL)); err != nil {
		return fmt.Errorf("store nonce: %w", err)
	}
	respondJSON(w, http.StatusOK, api.NonceResponse{Nonce: nonce})
	return nil
}

// handleSIWEVerify signs in with Ethereum: strict verification, then the whitelist, then
// the nonce is consumed (so a refused whitelist check leaves it usable), then a JWT bound
// to the wallet's account.
func (s *Service) handleSIWEVerify(w http.ResponseWriter, r *http.Request, _ *Caller) (err error) {
	defer func() {
		result := loginOK
		if err != nil {
			result = loginFailed
		}
		s.metrics.login(loginSIWE, result)
	}()
	if err := s.allowAuth(r); err != nil {
		return err
	}
	var req api.SIWEVerifyRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("message", req.Message, "signature", req.Signature); err != nil {
		return err
	}
	ctx := r.Context()
	now := s.now()
	res, err := s.siwe.Verify(ctx, req.Message, req.Signature, now)
	if err != nil {
		return err
	}
	ok, err := s.store.IsWhitelisted(ctx, res.Address)
	if err != nil {
		return fmt.Errorf("read whitelist: %w", err)
	}
	if !ok {
		return fail(ErrNotWhitelisted, "address %s is not whitelisted", res.Address.Hex())
	}
	if err := s.store.ConsumeNonce(ctx, res.Nonce, now); errors.Is(err, store.ErrNotFound) {
		return fail(ErrInvalidNonce, "nonce is unknown, expired or already used")
	} else if err != nil {
		return fmt.Errorf("consume nonce: %w", err)
	}
	account, err := s.store.EnsureWalletAccount(ctx, res.Address, auth.NewAccountID(), now)
	if err != nil {
		return fmt.Errorf("wallet account: %w", err)
	}
	token, err := s.tokens.Issue(auth.Claims{Address: res.Address.Hex()}, account, now)
	if err != nil {
		return err
	}
	respondJSON(w, http.StatusOK, api.TokenResponse{JWTToken: token})
	return nil
}
