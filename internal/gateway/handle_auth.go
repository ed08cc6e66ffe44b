package gateway

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/errs"
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

// checkKeySecret returns the key of a keyId + secret pair; errs.ErrBadCredentials when either is
// wrong, with the same work whether or not the key exists. Attempts are rate-limited per
// client address (the route's LimitAuth) and per keyId before any lookup.
func (s *Service) checkKeySecret(w http.ResponseWriter, r *http.Request, kind string) (store.APIKey, error) {
	var req api.TokenRequest
	if err := s.decode(w, r, &req); err != nil {
		return store.APIKey{}, err
	}
	if err := errs.Required("keyId", req.KeyID, "secret", req.Secret); err != nil {
		return store.APIKey{}, err
	}
	if err := s.allowKey(req.KeyID); err != nil {
		return store.APIKey{}, err
	}
	key, err := s.accounts.Login(r.Context(), req.KeyID, req.Secret)
	if errors.Is(err, accounts.ErrBadCredentials) {
		s.metrics.login(kind, loginFailed)
		return store.APIKey{}, fail(errs.ErrBadCredentials, "keyId or secret is wrong")
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

// handleSIWENonce issues a single-use nonce that expires after cfg.SIWE.NonceTTL. It
// carries its expiry under a MAC (auth.Nonces): issuing one writes nothing.
func (s *Service) handleSIWENonce(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	respondJSON(w, http.StatusOK, api.NonceResponse{Nonce: s.nonces.Issue(s.now())})
	return nil
}

// handleSIWEVerify signs in with Ethereum: strict verification (the nonce's MAC and
// expiry first, then the signature), then the whitelist, then the nonce is used (so a
// refused whitelist check leaves it usable), then a JWT bound to the wallet's account.
// A login is one unit of work in the store's group commit: the used nonce, and a new
// wallet's account beside it.
func (s *Service) handleSIWEVerify(w http.ResponseWriter, r *http.Request, _ *Caller) (err error) {
	defer func() {
		result := loginOK
		if err != nil {
			result = loginFailed
		}
		s.metrics.login(loginSIWE, result)
	}()
	var req api.SIWEVerifyRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := errs.Required("message", req.Message, "signature", req.Signature); err != nil {
		return err
	}
	ctx := r.Context()
	now := s.now()
	res, err := s.siwe.Verify(ctx, req.Message, req.Signature, now)
	if err != nil {
		return err
	}
	wallet, err := s.callers.Wallet(ctx, res.Address)
	if err == nil && !wallet.Whitelisted {
		// A refusal is read again from the store: an operator may have whitelisted the
		// address a moment ago from another process, and a login should see it at once.
		wallet, err = s.callers.FreshWallet(ctx, res.Address)
	}
	if err != nil {
		return err
	}
	if !wallet.Whitelisted {
		return fail(errs.ErrNotWhitelisted, "address %s is not whitelisted", res.Address.Hex())
	}
	expires, err := s.nonces.Check(res.Nonce, now)
	if err != nil {
		return fail(errs.ErrInvalidNonce, "nonce is unknown, expired or already used")
	}
	// The used nonce (and a new wallet's account) in one unit of work: durable before the
	// token is answered, and sharing its commit with the units queued behind the store's
	// current one (group commit), as swaps do, instead of an fsync of its own.
	account := wallet.AccountID
	err = s.store.InTx(ctx, func(tx SignInTx) error {
		if err := tx.UseNonce(ctx, res.Nonce, expires, now); err != nil {
			return err
		}
		if account != "" {
			return nil
		}
		var err error
		account, err = tx.EnsureWalletAccount(ctx, res.Address, auth.NewAccountID(), now)
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return fail(errs.ErrInvalidNonce, "nonce is unknown, expired or already used")
	}
	if err != nil {
		return fmt.Errorf("sign in: %w", err)
	}
	token, err := s.tokens.Issue(auth.Claims{Address: res.Address.Hex()}, account, now)
	if err != nil {
		return err
	}
	respondJSON(w, http.StatusOK, api.TokenResponse{JWTToken: token})
	return nil
}
