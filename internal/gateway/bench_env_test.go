package gateway_test

import (
	"context"
	"io"
	"log/slog"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/store"
)

// benchServer starts a gateway on a real SQLite file without logs, its configuration
// changed by modify, and returns the API's base URL.
func benchServer(b *testing.B, modify func(*config.Config)) string {
	b.Helper()
	dir := b.TempDir()
	if err := os.Chmod(dir, 0o700); err != nil { // the store refuses a directory open to others
		b.Fatal(err)
	}
	cfg := config.Default()
	cfg.DataDir = dir
	if modify != nil {
		modify(&cfg)
	}
	cfg.Finish()
	if err := cfg.Check(); err != nil {
		b.Fatal(err)
	}
	st, err := store.OpenSQLite(context.Background(), filepath.Join(dir, "gw.db"))
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { st.Close() })
	key, err := auth.LoadOrCreateKey(cfg.JWTKeyFile)
	if err != nil {
		b.Fatal(err)
	}
	tokens, err := auth.NewTokens(key, cfg.TokenTTL)
	if err != nil {
		b.Fatal(err)
	}
	secrets, err := auth.LoadSecrets(cfg.SecretKeyFile)
	if err != nil {
		b.Fatal(err)
	}
	svc := gateway.New(cfg, st, tokens, secrets, gateway.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	srv := httptest.NewServer(svc.Handler())
	b.Cleanup(srv.Close)
	return srv.URL + cfg.BasePath
}
