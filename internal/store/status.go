package store

import (
	"fmt"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// ReturnStatus maps the event a checked return transaction emitted to the status the
// store records for the order (OrderReturn.Status). It is the one tie between the DTW
// contract's event names and the store's order statuses; the API maps the store's statuses
// to its own (internal/onchain).
func ReturnStatus(kind dtw.EventKind) (string, error) {
	switch kind {
	case dtw.EventOrderSettled:
		return OrderSettled, nil
	case dtw.EventOrderCancelled:
		return OrderCancelled, nil
	}
	return "", fmt.Errorf("event %s does not close an order", kind)
}
