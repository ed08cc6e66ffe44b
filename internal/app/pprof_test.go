package app_test

import (
	"context"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
)

// TestProfilerOptIn: the profiler is off by default and, when configured, served on its
// own loopback listener, never under the API's address.
func TestProfilerOptIn(t *testing.T) {
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	cfg := config.Default()
	cfg.Listen = "127.0.0.1:0"
	cfg.DataDir = filepath.Join(dir, "data")
	cfg.Finish()

	a, err := app.New(context.Background(), cfg, app.Options{Role: app.RoleAPI})
	require.NoError(t, err)
	require.Nil(t, a.PprofAddr())
	require.NoError(t, a.Close())

	cfg.Debug.PprofListen = "127.0.0.1:0"
	a, err = app.New(context.Background(), cfg, app.Options{Role: app.RoleAPI})
	require.NoError(t, err)
	run(t, a)
	get := func(url string) int {
		resp, err := http.Get(url)
		require.NoError(t, err)
		defer resp.Body.Close()
		_, _ = io.Copy(io.Discard, resp.Body)
		return resp.StatusCode
	}
	require.Equal(t, http.StatusOK, get("http://"+a.PprofAddr().String()+"/debug/pprof/cmdline"))
	require.Equal(t, http.StatusNotFound, get("http://"+a.Addr().String()+"/debug/pprof/cmdline"))
}
