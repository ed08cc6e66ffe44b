package trader

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

func TestReturnKind(t *testing.T) {
	for _, tc := range []struct {
		status string
		want   dtw.EventKind
		ok     bool
	}{
		{api.StatusSettled, dtw.EventOrderSettled, true},
		{api.StatusCancelled, dtw.EventOrderCancelled, true},
		{api.StatusOpen, "", false},
		{api.StatusPending, "", false},
		{api.StatusFailed, "", false},
		{"settled", "", false},
	} {
		t.Run(tc.status, func(t *testing.T) {
			got, ok := returnKind(tc.status)
			require.Equal(t, tc.ok, ok)
			require.Equal(t, tc.want, got)
		})
	}
}
