package gateway

import (
	"net/http"
	"strconv"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/errs"
)

// handleReceipts answers GET /v3/receipts (and a sub-account's): a page of the acting
// account's signed receipts by sequence.
func (s *Service) handleReceipts(w http.ResponseWriter, r *http.Request, c *Caller) error {
	account, err := s.acting(w, r, c)
	if err != nil {
		return err
	}
	q := r.URL.Query()
	var after uint64
	if v := q.Get(api.ParamAfterSequence); v != "" {
		if after, err = strconv.ParseUint(v, 10, 64); err != nil {
			return fail(errs.ErrInvalidQuery, api.ParamAfterSequence+" %q must be a sequence number", echo.Value(v))
		}
	}
	limit := api.MaxReceiptsPage
	if v := q.Get(api.ParamLimit); v != "" {
		if limit, err = strconv.Atoi(v); err != nil || limit < 1 || limit > api.MaxReceiptsPage {
			return fail(errs.ErrInvalidQuery, api.ParamLimit+" %q must be 1 to %d", echo.Value(v), api.MaxReceiptsPage)
		}
	}
	page, err := s.balances.Receipts(r.Context(), account, after, limit)
	return answer(w, page, err)
}

// handleReceiptKeys answers GET /.well-known/dtwgate-receipt-keys: the receipt keys a
// trader checks receipts against.
func (s *Service) handleReceiptKeys(w http.ResponseWriter, _ *http.Request, _ *Caller) error {
	respondJSON(w, http.StatusOK, s.receiptKeysBody())
	return nil
}

// receiptKeysBody is the published receipt keys' document.
func (s *Service) receiptKeysBody() api.ReceiptKeys {
	keys := s.receiptKeys
	if keys == nil {
		keys = receipt.Keys{}
	}
	return api.ReceiptKeys{DomainName: receipt.DomainName, DomainVersion: receipt.DomainVersion, Keys: keys}
}
