package onchain

import (
	"fmt"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/store"
)

// apiOrderStatus maps an order status the store records (store.Order...) to the status
// the API reports (api.Status...). The two vocabularies are separate on purpose: the wire
// never changes because a store value does.
func apiOrderStatus(s string) (string, error) {
	switch s {
	case store.OrderOpen:
		return api.StatusOpen, nil
	case store.OrderSettled:
		return api.StatusSettled, nil
	case store.OrderCancelled:
		return api.StatusCancelled, nil
	}
	return "", fmt.Errorf("store order status %q has no API status", s)
}
