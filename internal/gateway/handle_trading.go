package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// handleSwap answers POST /v2/orders and /v2/orderV2 (and a sub-account's): an OFFCHAIN
// swap, market or limit.
func (s *Service) handleSwap(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	var req api.SwapRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("instructionId", req.InstructionID, "sellingAsset", req.SellingAsset, "buyingAsset", req.BuyingAsset,
		"amountToSell", req.AmountToSell); err != nil {
		return err
	}
	out, err := s.trading.SubmitSwap(r.Context(), account, req)
	return answer(w, out, err)
}

// handleRequestQuote answers POST /v2/request-quote (and a sub-account's): a firm quote
// held 5 seconds.
func (s *Service) handleRequestQuote(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	var req api.QuoteRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("instructionId", req.InstructionID, "sellingAsset", req.SellingAsset, "buyingAsset", req.BuyingAsset,
		"amountToBuy", req.AmountToBuy); err != nil {
		return err
	}
	out, err := s.trading.RequestQuote(r.Context(), account, req)
	return answer(w, out, err)
}

// handleActionQuote answers POST /v2/action-quote (and a sub-account's): 204 once the
// quote is filled.
func (s *Service) handleActionQuote(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	var req api.ActionQuoteRequest
	if err := s.decode(w, r, &req); err != nil {
		return err
	}
	if err := required("instructionId", req.InstructionID); err != nil {
		return err
	}
	if err := s.trading.ActionQuote(r.Context(), account, req.InstructionID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// orderKind reads the type query parameter of GET /v2/order/{source}/{instructionId}:
// SWAP (the default) or RFQ.
func orderKind(r *http.Request) (string, error) {
	q := r.URL.Query()
	if !q.Has(api.ParamType) {
		return api.OrderKindSwap, nil
	}
	switch k := q.Get(api.ParamType); k {
	case api.OrderKindSwap, api.OrderKindRFQ:
		return k, nil
	default:
		return "", fail(ErrInvalidQuery, "type must be SWAP or RFQ")
	}
}

// orderByInstruction asks v for the order of a kind: venues with one kind of order per
// instructionId have no RFQ trades.
func orderByInstruction(r *http.Request, v venue.Venue, vc venue.Caller, kind, instructionID string) (api.OrderStatus, error) {
	if k, ok := v.(venue.KindedOrders); ok {
		return k.OrderByInstructionKind(r.Context(), vc, kind, instructionID)
	}
	if kind != api.OrderKindSwap {
		return api.OrderStatus{}, fail(ErrNotFound, "%s has no RFQ trades", v.Source())
	}
	return v.OrderByInstruction(r.Context(), vc, instructionID)
}

// handleIntroducerRelationships answers GET /v3/introducer-relationships.
func (s *Service) handleIntroducerRelationships(w http.ResponseWriter, r *http.Request, c *Caller) error {
	out, err := s.introducers.Relationships(r.Context(), c.AccountID)
	return answer(w, out, err)
}

// handleIntroducerRevenue answers GET /v3/introducer-revenue: paged like deposits, 403
// for an account that introduced nobody.
func (s *Service) handleIntroducerRevenue(w http.ResponseWriter, r *http.Request, c *Caller) error {
	q, err := parsePageRequest(r.URL.Query(), pageRules{times: true})
	if err != nil {
		return err
	}
	if q.Source == "" {
		return fail(ErrInvalidQuery, "%s is required (OFFCHAIN)", api.ParamSource)
	}
	out, err := s.introducers.Revenue(r.Context(), c.AccountID, q)
	return answer(w, out, err)
}
