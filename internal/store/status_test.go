package store

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

func TestReturnStatus(t *testing.T) {
	for _, tc := range []struct {
		kind dtw.EventKind
		want string
	}{
		{dtw.EventOrderSettled, OrderSettled},
		{dtw.EventOrderCancelled, OrderCancelled},
		{dtw.EventOrderPlaced, ""},
		{dtw.EventDeposited, ""},
		{dtw.EventWithdrawn, ""},
	} {
		t.Run(string(tc.kind), func(t *testing.T) {
			got, err := ReturnStatus(tc.kind)
			if tc.want == "" {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tc.want, got)
		})
	}
}
