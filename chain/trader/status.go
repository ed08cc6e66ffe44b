package trader

import (
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// returnKind maps the status a gateway reports for a closed order (api.StatusSettled,
// api.StatusCancelled) to the event its return transaction must emit on-chain; ok is
// false for a status that does not close an order.
func returnKind(status string) (kind dtw.EventKind, ok bool) {
	switch status {
	case api.StatusSettled:
		return dtw.EventOrderSettled, true
	case api.StatusCancelled:
		return dtw.EventOrderCancelled, true
	}
	return "", false
}
