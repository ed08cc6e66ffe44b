package dtwcli

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestRelative: how far a time is, to the largest unit or two, ahead or behind.
func TestRelative(t *testing.T) {
	for _, tc := range []struct {
		d    time.Duration
		want string
	}{
		{0, "now"},
		{300 * time.Millisecond, "now"},
		{45 * time.Second, "in 45s"},
		{-3*time.Minute - 10*time.Second, "3m ago"},
		{59*time.Minute + 59*time.Second, "in 59m"},
		{time.Hour, "in 1h"},
		{-(25*time.Hour + 5*time.Minute), "25h5m ago"},
		{72 * time.Hour, "in 3d"},
	} {
		require.Equal(t, tc.want, relative(tc.d), "relative(%s)", tc.d)
	}
}
