package config_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/config"
)

func TestElection(t *testing.T) {
	c := valid()
	require.Equal(t, config.DefaultLeaseTTL, c.Election.LeaseTTL)
	for _, d := range []time.Duration{0, 500 * time.Millisecond, 6 * time.Minute} {
		c := valid()
		c.Election.LeaseTTL = d
		err := c.Check()
		require.ErrorIs(t, err, config.ErrInvalid, d)
		require.Contains(t, err.Error(), "election.leaseTTL")
	}
	path := filepath.Join(t.TempDir(), "gw.yaml")
	require.NoError(t, os.WriteFile(path, []byte("election:\n  leaseTTL: 3s\n"), 0o600))
	require.NoError(t, c.LoadFile(path))
	require.Equal(t, 3*time.Second, c.Election.LeaseTTL)
	require.NoError(t, c.Check())
}
