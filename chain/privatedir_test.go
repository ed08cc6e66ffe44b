package chain_test

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"
)

// privateDir is a temporary directory closed to other users, as the store requires.
func privateDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	return dir
}
