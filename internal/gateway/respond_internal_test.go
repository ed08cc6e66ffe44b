package gateway

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCancelledRequestIsNotAnError: a request whose client went away (its context
// cancelled under a store read) is logged at DEBUG, not as a failed request at ERROR; a
// real failure still is.
func TestCancelledRequestIsNotAnError(t *testing.T) {
	var buf bytes.Buffer
	s := &Service{log: slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelInfo}))}

	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	r := httptest.NewRequest(http.MethodGet, "/api/v2/auth/jwt-check", nil).WithContext(ctx)
	s.respondError(httptest.NewRecorder(), r, fmt.Errorf("load api key: %w", context.Canceled))
	require.Empty(t, buf.String(), "a cancelled request was logged at INFO or above")

	r = httptest.NewRequest(http.MethodGet, "/api/v2/auth/jwt-check", nil)
	s.respondError(httptest.NewRecorder(), r, errors.New("disk on fire"))
	require.Contains(t, buf.String(), "level=ERROR")
	require.Contains(t, buf.String(), "disk on fire")
}
