package venue_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/venue"
)

// named is a venue that only has a name; the router never calls anything else.
type named struct {
	venue.Venue
	name string
}

func (n named) Source() string { return n.name }

func (n named) Assets(context.Context) (api.AssetsResponse, error) {
	return api.AssetsResponse{Assets: []string{n.name}}, nil
}

func TestRouter(t *testing.T) {
	r, err := venue.NewRouter(named{name: "OPTIMISM"}, named{name: "ETHEREUM"})
	require.NoError(t, err)
	require.Equal(t, []string{"ETHEREUM", "OPTIMISM"}, r.Sources())

	v, err := r.Venue("optimism")
	require.NoError(t, err)
	got, err := v.Assets(context.Background())
	require.NoError(t, err)
	require.Equal(t, []string{"OPTIMISM"}, got.Assets)

	for _, bad := range []string{"", "MARS", "ETHEREUM ", strings.Repeat("X", 10_000)} {
		_, err := r.Venue(bad)
		require.ErrorIs(t, err, venue.ErrUnknownSource)
		require.Contains(t, err.Error(), "valid sources are ETHEREUM, OPTIMISM")
		require.Less(t, len(err.Error()), 200, "the source is echoed as a prefix only")
	}

	_, err = venue.NewRouter(named{name: "ETHEREUM"}, named{name: "ETHEREUM"})
	require.Error(t, err)
	_, err = venue.NewRouter(named{name: "ethereum"})
	require.Error(t, err)

	empty, err := venue.NewRouter()
	require.NoError(t, err)
	_, err = empty.Venue("ETHEREUM")
	require.ErrorIs(t, err, venue.ErrUnknownSource)
	require.Contains(t, err.Error(), "none are configured")
}
