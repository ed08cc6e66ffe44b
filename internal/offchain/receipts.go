package offchain

import (
	"context"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Receipts returns a page of accountID's signed receipts (GET /v3/receipts): up to
// limit (1 to api.MaxReceiptsPage; 0 for the most) after sequence after.
func (b *Balances) Receipts(ctx context.Context, accountID string, after uint64, limit int) (api.ReceiptsPage, error) {
	if limit <= 0 || limit > api.MaxReceiptsPage {
		limit = api.MaxReceiptsPage
	}
	rows, err := b.st.ReceiptsAfter(ctx, accountID, after, limit+1)
	if err != nil {
		return api.ReceiptsPage{}, err
	}
	page := api.ReceiptsPage{Account: accountID, Receipts: []receipt.Signed{}, HasMore: len(rows) > limit}
	for _, row := range rows[:min(len(rows), limit)] {
		r, err := ledger.SignedReceipt(row)
		if err != nil {
			return api.ReceiptsPage{}, err
		}
		page.Receipts = append(page.Receipts, r)
	}
	return page, nil
}

// withReceipts sets the receipt of each filled order of views, accountID's: the
// account's receipt of the trade's ledger entry, a swap's or an RFQ trade's of the
// order's instructionId (of both, the one whose postings are the order's).
func (s *Trading) withReceipts(ctx context.Context, accountID string, views ...*api.OrderStatus) error {
	var keys []string
	for _, v := range views {
		if v.Status == store.OrderSettled {
			keys = append(keys, swapKey(accountID, v.InstructionID), rfqKey(accountID, v.InstructionID))
		}
	}
	if len(keys) == 0 {
		return nil
	}
	found, err := s.st.ReceiptsOfEntries(ctx, accountID, keys)
	if err != nil {
		return err
	}
	for _, v := range views {
		for _, key := range []string{swapKey(accountID, v.InstructionID), rfqKey(accountID, v.InstructionID)} {
			row, ok := found[key]
			if !ok {
				continue
			}
			r, err := ledger.SignedReceipt(row)
			if err != nil {
				return err
			}
			if postsSold(r.Receipt, v) {
				v.Receipt = &r
				break
			}
		}
	}
	return nil
}

// postsSold reports whether r takes v's quantity sold of its selling asset.
func postsSold(r receipt.Receipt, v *api.OrderStatus) bool {
	for _, p := range r.Postings {
		amt, err := receipt.ParseAmount(p.Amount)
		if err == nil && p.Asset == v.SellingAsset && amt.Neg().String() == v.QuantitySold {
			return true
		}
	}
	return false
}
