package gateway

import (
	"net/http"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// sunsetSubAccount is the sunset date of the deprecated sub_account query parameter.
const sunsetSubAccount = "Sun, 01 Feb 2026 00:00:00 GMT"

// venue resolves a source to its venue.
func (s *Service) venue(source string) (venue.Venue, error) {
	return s.venues.Venue(source)
}

// venueFor resolves a source to its venue and the caller to the venue's view of it.
func (s *Service) venueFor(r *http.Request, c *Caller, source string) (venue.Venue, venue.Caller, error) {
	v, err := s.venue(source)
	if err != nil {
		return nil, venue.Caller{}, err
	}
	wallets, err := s.wallets(r, c)
	return v, venue.Caller{AccountID: c.AccountID, Wallets: wallets}, err
}

// wallets returns the caller's wallet addresses: its on-chain identity.
func (s *Service) wallets(r *http.Request, c *Caller) ([]common.Address, error) {
	return s.callers.Wallets(r.Context(), c.AccountID)
}

// answer writes v with 200, or the error.
func answer(w http.ResponseWriter, v any, err error) error {
	if err != nil {
		if rl := relayRateLimited(err); rl != nil {
			return rl
		}
		return err
	}
	respondJSON(w, http.StatusOK, v)
	return nil
}

func (s *Service) handleAssets(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	v, err := s.venue(r.PathValue(api.PathParamSource))
	if err != nil {
		return err
	}
	out, err := v.Assets(r.Context())
	return answer(w, out, err)
}

func (s *Service) handleTokenInformation(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	v, err := s.venue(r.PathValue(api.PathParamSource))
	if err != nil {
		return err
	}
	out, err := v.TokenInformation(r.Context())
	return answer(w, out, err)
}

func (s *Service) handleDepositAddresses(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out := s.onchain.DepositAddresses()
	if s.depositAddrs != nil { // the account's own OFFCHAIN deposit addresses
		own, err := s.depositAddrs.DepositAddresses(r.Context(), c.AccountID)
		if err != nil {
			return err
		}
		out.Addresses = append(out.Addresses, own...)
	}
	return answer(w, out, nil)
}

func (s *Service) handleFundLocations(w http.ResponseWriter, _ *http.Request, _ *Caller) error {
	out := s.onchain.FundLocations()
	out.FundLocations = append(out.FundLocations, s.funding.FundLocations()...)
	return answer(w, out, nil)
}

func (s *Service) handleWithdrawalAddresses(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.onchain.WithdrawalAddresses(r.Context(), c.AccountID)
	return answer(w, out, err)
}

func (s *Service) handleSubmitOrder(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.SignedOrderRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("source", req.Source, "trader", req.Trader, "sellingAsset", req.SellingAsset, "buyingAsset", req.BuyingAsset,
		"amountToSell", req.AmountToSell, "limitAmountToReceive", req.LimitAmountToReceive, "deadline", req.Deadline,
		"nonce", req.Nonce, "signature", req.Signature); err != nil {
		return err
	}
	wallets, err := s.wallets(r, c)
	if err != nil {
		return err
	}
	out, err := s.onchain.SubmitOrder(r.Context(), c.AccountID, wallets, req)
	return answer(w, out, err)
}

func (s *Service) handleSubmitWithdrawal(w http.ResponseWriter, r *http.Request, c *Caller) error {
	var req api.SignedWithdrawalRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("source", req.Source, "trader", req.Trader, "asset", req.Asset, "amount", req.Amount, "to", req.To,
		"nonce", req.Nonce, "deadline", req.Deadline, "signature", req.Signature); err != nil {
		return err
	}
	wallets, err := s.wallets(r, c)
	if err != nil {
		return err
	}
	out, err := s.onchain.SubmitWithdrawal(r.Context(), c.AccountID, wallets, req)
	return answer(w, out, err)
}

// handleOrderByInstruction answers GET /v2/order/{source}/{instructionId} (and a
// sub-account's), of the kind the type parameter names.
func (s *Service) handleOrderByInstruction(w http.ResponseWriter, r *http.Request, c *Caller) error {
	kind, err := orderKind(r)
	if err != nil {
		return err
	}
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	out, err := orderByInstruction(r, v, vc, kind, r.PathValue(api.PathParamInstructionID))
	return answer(w, out, err)
}

// handleOrderStatus answers GET /v3/order-status/{source}/{orderId} (and a sub-account's,
// by path or by the deprecated sub_account parameter).
func (s *Service) handleOrderStatus(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, err := s.actingVenue(w, r, c)
	if err != nil {
		return err
	}
	out, err := v.OrderStatus(r.Context(), vc, r.PathValue(api.PathParamOrderID))
	return answer(w, out, err)
}

func (s *Service) handleWithdrawalStatus(w http.ResponseWriter, r *http.Request, c *Caller) error {
	wallets, err := s.wallets(r, c)
	if err != nil {
		return err
	}
	out, err := s.onchain.WithdrawalStatus(r.Context(), wallets, r.PathValue(api.PathParamInstructionID))
	return answer(w, out, err)
}

func (s *Service) handleDeposits(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, q, err := s.venuePage(r, c)
	if err != nil {
		return err
	}
	out, err := v.Deposits(r.Context(), vc, q)
	return answer(w, out, err)
}

func (s *Service) handleWithdrawalHistory(w http.ResponseWriter, r *http.Request, c *Caller) error {
	v, vc, q, err := s.venuePage(r, c)
	if err != nil {
		return err
	}
	out, err := v.Withdrawals(r.Context(), vc, q)
	return answer(w, out, err)
}

// venuePage resolves the venue of a history request's source and checks its paging.
func (s *Service) venuePage(r *http.Request, c *Caller) (venue.Venue, venue.Caller, api.PageRequest, error) {
	v, vc, err := s.venueFor(r, c, r.URL.Query().Get(api.ParamSource))
	if err != nil {
		return nil, vc, api.PageRequest{}, err
	}
	q, err := parsePageRequest(r.URL.Query(), pageRules{times: true})
	return v, vc, q, err
}

func (s *Service) handlePrice(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	out, err := s.market.Price(r.Context(), r.PathValue(api.PathParamSellingAsset), r.PathValue(api.PathParamBuyingAsset), r.URL.Query().Get(api.ParamCommissionSource))
	return answer(w, out, err)
}

func (s *Service) handlePrices(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	out, err := s.market.Prices(r.Context(), r.URL.Query()[api.ParamAssets])
	return answer(w, out, err)
}

func (s *Service) handleQuantityEstimate(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	q := r.URL.Query()
	if err := required(api.ParamSellingAsset, q.Get(api.ParamSellingAsset), api.ParamBuyingAsset, q.Get(api.ParamBuyingAsset), api.ParamSellQuantity, q.Get(api.ParamSellQuantity)); err != nil {
		return fail(ErrInvalidQuery, "%s", err.(describer).Description())
	}
	out, err := s.market.QuantityEstimate(r.Context(), q.Get(api.ParamSellingAsset), q.Get(api.ParamBuyingAsset), q.Get(api.ParamSellQuantity), q.Get(api.ParamCommissionSource))
	return answer(w, out, err)
}

// handleCommissionRate answers GET /v2/commission-rate/{source} (and a sub-account's):
// the rate the acting account pays.
func (s *Service) handleCommissionRate(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	out, err := s.market.CommissionRate(r.Context(), venue.Caller{AccountID: account}, r.PathValue(api.PathParamSource),
		q.Get(api.ParamBuyingAsset), q.Get(api.ParamSellingAsset))
	return answer(w, out, err)
}
