package offchain

import (
	"context"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/receipt"
	"github.com/dtwgate/dtwgate/internal/store"
)

// ReceiptParts is receiptParts of the market swap req of accountID, for the package's
// external tests.
func (s *Trading) ReceiptParts(ctx context.Context, accountID string, req api.SwapRequest, reads store.TraderReads) (*receipt.Parts, error) {
	o, err := s.parseSwap(accountID, req)
	if err != nil {
		return nil, err
	}
	return s.receiptParts(ctx, o, reads), nil
}
