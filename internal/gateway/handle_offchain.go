package gateway

import (
	"context"
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// DepositAddresser lists an account's own OFFCHAIN deposit addresses (the custody side of
// the chains); GET /v2/deposit-addresses appends them to the DTW contracts.
type DepositAddresser interface {
	DepositAddresses(ctx context.Context, accountID string) ([]api.DepositAddress, error)
}

// acting returns the account a request of the /accounts/{accountId}/ family acts on: the
// path's account, else the deprecated sub_account parameter's (answered with Deprecation
// and Sunset headers), else the caller's own. An account that is not the caller's or one
// of its sub-accounts is refused with the same 403 whether or not it exists.
func (s *Service) acting(w http.ResponseWriter, r *http.Request, c *Caller) (string, error) {
	target := r.PathValue(api.PathParamAccountID)
	if target == "" && r.URL.Query().Has(api.ParamSubAccount) {
		w.Header().Set("Deprecation", "true")
		w.Header().Set("Sunset", sunsetSubAccount)
		target = r.URL.Query().Get(api.ParamSubAccount)
	}
	return s.accounts.Acting(r.Context(), c.AccountID, target)
}

// actingVenue resolves the acting account and the venue of the path's source, with the
// venue's view of that account.
func (s *Service) actingVenue(w http.ResponseWriter, r *http.Request, c *Caller) (venue.Venue, venue.Caller, error) {
	account, err := s.acting(w, r, c)
	if err != nil {
		return nil, venue.Caller{}, err
	}
	v, err := s.venue(r.PathValue(api.PathParamSource))
	if err != nil {
		return nil, venue.Caller{}, err
	}
	wallets, err := s.callers.Wallets(r.Context(), account)
	return v, venue.Caller{AccountID: account, Wallets: wallets}, err
}

// handleBalance answers GET /v3/balance/{source} (and a sub-account's).
func (s *Service) handleBalance(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	b, ok := v.(venue.Balancer)
	if !ok {
		return fail(ErrNotFound, "%s reports no balances", v.Source())
	}
	bals, err := b.Balances(r.Context(), vc)
	return answer(w, api.BalancesResponse{Balances: bals}, err)
}

// handleAccountSnapshot answers GET /v2/account-snapshot/{source} (and a sub-account's).
func (s *Service) handleAccountSnapshot(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	out, err := s.balances.Snapshot(r.Context(), v, vc)
	return answer(w, out, err)
}

// handleCredit answers GET /v2/credit/{source} (and a sub-account's): OFFCHAIN only.
func (s *Service) handleCredit(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	out, err := s.balances.Credit(r.Context(), v, vc)
	return answer(w, out, err)
}

// handleAccountSettings answers GET /v2/account-settings/{source} (and a sub-account's).
func (s *Service) handleAccountSettings(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	out, err := s.balances.AccountSettings(r.Context(), v, vc.AccountID)
	return answer(w, out, err)
}

// handleDepositBankDetails answers GET /v2/deposit-bank-details.
func (s *Service) handleDepositBankDetails(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	out, err := s.funding.BankDetails(r.Context(), r.URL.Query().Get(api.ParamAsset))
	return answer(w, out, err)
}

// handleSubmitOffchainWithdrawal answers POST /v2/offchain-withdrawals (and a
// sub-account's): the funds are held and the withdrawal recorded PENDING.
func (s *Service) handleSubmitOffchainWithdrawal(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	var req api.OffchainWithdrawalRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("instructionId", req.InstructionID, "asset", req.Asset, "amount", req.Amount); err != nil {
		return err
	}
	out, err := s.funding.SubmitWithdrawal(r.Context(), account, req)
	return answer(w, out, err)
}

// handleOffchainWithdrawal answers GET /v2/offchain-withdrawals/{instructionId} (and a
// sub-account's).
func (s *Service) handleOffchainWithdrawal(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	out, err := s.funding.Withdrawal(r.Context(), account, r.PathValue(api.PathParamInstructionID))
	return answer(w, out, err)
}
