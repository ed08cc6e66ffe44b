package gateway

import (
	"net/http"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// handleReserves answers GET /v3/reserves: the newest signed statement of the
// liabilities, the holdings listed beside it and the published receipt keys.
func (s *Service) handleReserves(w http.ResponseWriter, r *http.Request, _ *Caller) error {
	if s.reserves == nil {
		return fail(errs.ErrNotFound, "this gateway publishes no proof of reserves (receipts.key is not configured)")
	}
	out, err := s.reserves.Latest(r.Context())
	return answer(w, out, err)
}

// handleReservesProof answers GET /v3/reserves/proof (and a sub-account's): the acting
// account's inclusion proofs in the newest snapshot.
func (s *Service) handleReservesProof(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	if s.reserves == nil {
		return fail(errs.ErrNotFound, "this gateway publishes no proof of reserves (receipts.key is not configured)")
	}
	out, err := s.reserves.Proofs(r.Context(), account)
	return answer(w, out, err)
}
