package gateway_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/version"
)

// TestReadyzLeases: /readyz lists who leads each lease, and which the answering process
// leads.
func TestReadyzLeases(t *testing.T) {
	e := newEnvOpts(t, nil, func(o *options) { o.api.Holder = "me" })
	readyz := func() api.Readiness {
		resp, err := http.Get(e.srv.URL + api.PathReadyz)
		require.NoError(t, err)
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, resp.StatusCode, "%s", body)
		var r api.Readiness
		require.NoError(t, json.Unmarshal(body, &r))
		return r
	}
	b := version.Get()
	require.Equal(t, api.Readiness{Status: "ready", Leases: []api.LeaseStatus{}, Version: b.Version, Commit: b.Commit, Modified: b.Modified}, readyz())

	ctx := context.Background()
	now := time.Now()
	mine, err := e.store.AcquireLease(ctx, "settler:ETHEREUM", "me", time.Minute, now)
	require.NoError(t, err)
	theirs, err := e.store.AcquireLease(ctx, "offchain-matcher", "other", time.Minute, now)
	require.NoError(t, err)
	_, err = e.store.AcquireLease(ctx, "settler:OLD", "me", time.Millisecond, now.Add(-time.Second))
	require.NoError(t, err)
	require.Equal(t, []api.LeaseStatus{
		{Lease: "offchain-matcher", Holder: "other", Token: 1, ExpiresAtMillis: theirs.ExpiresAt.UnixMilli(), Held: true},
		{Lease: "settler:ETHEREUM", Holder: "me", Token: 1, ExpiresAtMillis: mine.ExpiresAt.UnixMilli(), Held: true, Self: true},
		{Lease: "settler:OLD", Holder: "me", Token: 1, ExpiresAtMillis: now.Add(-time.Second + time.Millisecond).UnixMilli()},
	}, readyz().Leases)
}
