package onchain

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/store"
)

func TestAPIOrderStatus(t *testing.T) {
	for _, tc := range []struct {
		in, want string
	}{
		{store.OrderOpen, api.StatusOpen},
		{store.OrderSettled, api.StatusSettled},
		{store.OrderCancelled, api.StatusCancelled},
		{"", ""},
		{"settled", ""},
	} {
		t.Run(tc.in, func(t *testing.T) {
			got, err := apiOrderStatus(tc.in)
			if tc.want == "" {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
