package api_test

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
)

func TestParsePermissions(t *testing.T) {
	cases := []struct {
		in   string
		want []api.Permission
		err  bool
	}{
		{"READ", []api.Permission{api.PermRead}, false},
		{"TRADE, READ,READ", []api.Permission{api.PermRead, api.PermTrade}, false},
		{"READ,ADMIN", nil, true},
		{"", nil, true},
		{"read", nil, true},
	}
	for _, c := range cases {
		t.Run(c.in, func(t *testing.T) {
			got, err := api.ParsePermissions(c.in)
			if c.err {
				require.Error(t, err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, c.want, got)
		})
	}
	require.True(t, api.HasAll([]api.Permission{api.PermRead, api.PermTrade}, []api.Permission{api.PermTrade}))
	require.False(t, api.HasAll([]api.Permission{api.PermRead}, []api.Permission{api.PermTrade}))
	for _, p := range api.AllPermissions {
		require.NotEmpty(t, api.PermissionDocs[p], "permission %s is documented", p)
	}
}
