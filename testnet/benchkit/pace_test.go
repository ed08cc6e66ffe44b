package benchkit

import (
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestMeasurePace: both pieces of work take a plausible time on any machine this runs
// on, and the line names them.
func TestMeasurePace(t *testing.T) {
	p, err := MeasurePace()
	require.NoError(t, err)
	require.Greater(t, p.Sign, time.Microsecond)
	require.Less(t, p.Sign, 10*time.Millisecond)
	require.Greater(t, p.Keccak, 100*time.Nanosecond)
	require.Less(t, p.Keccak, time.Millisecond)
	require.Regexp(t, `^# this machine's pace \(one core, before the load\): a secp256k1 signature [0-9.]+ us, a Keccak-256 of 1 KiB [0-9.]+ us; `, p.String())
}
