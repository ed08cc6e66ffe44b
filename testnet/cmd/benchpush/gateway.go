package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"runtime/pprof"
	"time"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ratelimit"
	"github.com/dtwgate/dtwgate/internal/store"
)

// gateway is a dtwgate process (the API role) serving on loopback, built in this process.
type gateway struct {
	app *app.App
	cfg config.Config
	// admin are the services `dtwgate admin` builds over the gateway's store (offline,
	// with the store's hashing key): API keys are issued through its Accounts, as
	// `dtwgate admin keys create` issues them.
	admin  *app.Services
	dir    string
	cancel context.CancelFunc
	done   chan struct{}
}

// startGateway starts a gateway on the default configuration (the demo book's prices,
// the authentication rate limits off), changed by modify (may be nil), with its store in
// a new temporary directory. Stop it when done.
func startGateway(ctx context.Context, modify func(*config.Config)) (*gateway, error) {
	dir, err := os.MkdirTemp("", "benchpush-")
	if err != nil {
		return nil, err
	}
	if err := os.Chmod(dir, 0o700); err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	cfg := config.Default()
	cfg.DataDir, cfg.Listen = dir, ln.Addr().String()
	off := ratelimit.Limit{PerSecond: -1}
	cfg.RateLimits.AuthPerClient, cfg.RateLimits.AuthPerKey = off, off
	if modify != nil {
		modify(&cfg)
	}
	cfg.Finish()
	a, err := app.New(ctx, cfg, app.Options{Role: app.RoleAPI, Listener: ln, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		return nil, err
	}
	// The services of the admin command, built as it builds them (withServices in
	// internal/gatewaycmd): the store's hashing key, never a key file.
	secrets, err := app.InitSecrets(ctx, a.Store(), cfg.SecretKeyFile, time.Now())
	if err != nil {
		_ = a.Close()
		return nil, err
	}
	admin, err := app.NewServices(ctx, cfg, a.Store(), app.ServiceOptions{Offline: true, Secrets: secrets, Logger: slog.New(slog.DiscardHandler)})
	if err != nil {
		_ = a.Close()
		return nil, err
	}
	runCtx, cancel := context.WithCancel(context.Background())
	g := &gateway{app: a, cfg: cfg, admin: admin, dir: dir, cancel: cancel, done: make(chan struct{})}
	go pprof.Do(runCtx, sideGateway, func(runCtx context.Context) {
		defer close(g.done)
		if err := a.Run(runCtx); err != nil {
			fmt.Fprintf(os.Stderr, "benchpush: gateway: %v\n", err)
		}
	})
	return g, nil
}

// stop shuts the gateway down and removes its directory.
func (g *gateway) stop() {
	g.cancel()
	<-g.done
	g.admin.Close()
	_ = g.app.Close()
	_ = os.RemoveAll(g.dir)
}

// store is the gateway's store: events written to it are the gateway's own.
func (g *gateway) store() store.Store { return g.app.Store() }

// base is the API's base URL.
func (g *gateway) base() string { return "http://" + g.cfg.Listen + g.cfg.BasePath }

// account creates an account with an API key of perms through the service `dtwgate
// admin keys create` calls, and returns a client of the API logged in with it.
func (g *gateway) account(ctx context.Context, perms ...api.Permission) (*client.Client, string, error) {
	k, id, err := g.admin.Accounts.IssueKey(ctx, "", "bench", perms)
	if err != nil {
		return nil, "", err
	}
	cfg := client.DefaultConfig()
	cfg.BaseURL = g.base()
	cfg.Auth = client.NewAPIKeyAuth(k.APIKeyID, k.APIKeySecret)
	c, err := client.New(cfg)
	if err != nil {
		return nil, "", err
	}
	if _, err := c.Accounts(ctx); err != nil { // logs in
		return nil, "", errors.Join(errors.New("first call"), err)
	}
	return c, id, nil
}
