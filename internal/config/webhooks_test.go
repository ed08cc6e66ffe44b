package config_test

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/config"
)

func TestWebhooksCheck(t *testing.T) {
	cases := []struct {
		name  string
		edit  func(w *config.Webhooks)
		field string
	}{
		{"no timeout", func(w *config.Webhooks) { w.Timeout = 0 }, "webhooks.timeout"},
		{"long timeout", func(w *config.Webhooks) { w.Timeout = 2 * time.Minute }, "webhooks.timeout"},
		{"no initial wait", func(w *config.Webhooks) { w.RetryInitial = 0 }, "webhooks.retryInitial"},
		{"max below initial", func(w *config.Webhooks) { w.RetryMax = time.Second }, "webhooks.retryMax"},
		{"no window", func(w *config.Webhooks) { w.RetryWindow = 0 }, "webhooks.retryWindow"},
		{"no concurrency", func(w *config.Webhooks) { w.Concurrency = 0 }, "webhooks.concurrency"},
		{"short retention", func(w *config.Webhooks) { w.Retention = time.Minute }, "webhooks.retention"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := valid()
			tc.edit(&c.Webhooks)
			err := c.Check()
			require.ErrorIs(t, err, config.ErrInvalid)
			require.Contains(t, err.Error(), tc.field)
		})
	}
}

// TestWebhooksDefaults: https and public targets only unless the file says otherwise;
// keys the file leaves out keep their defaults.
func TestWebhooksDefaults(t *testing.T) {
	c := valid()
	require.False(t, c.Webhooks.AllowHTTP)
	require.False(t, c.Webhooks.AllowPrivateTargets)
	require.Equal(t, config.DefaultWebhooks(), c.Webhooks)

	path := filepath.Join(t.TempDir(), "gw.yaml")
	require.NoError(t, os.WriteFile(path, []byte("webhooks:\n  allowHTTP: true\n  allowPrivateTargets: true\n  retryWindow: 1h\n"), 0o600))
	require.NoError(t, c.LoadFile(path))
	require.True(t, c.Webhooks.AllowHTTP)
	require.True(t, c.Webhooks.AllowPrivateTargets)
	require.Equal(t, time.Hour, c.Webhooks.RetryWindow)
	require.Equal(t, config.DefaultWebhookTimeout, c.Webhooks.Timeout)
	require.NoError(t, c.Check())
}
