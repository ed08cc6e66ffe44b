package gatewaycmd

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"

	"github.com/ethereum/go-ethereum/ethclient"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gateway"
	"github.com/dtwgate/dtwgate/internal/metrics"
	"github.com/dtwgate/dtwgate/internal/siweverify"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Flag names shared by serve and admin.
const (
	flagConfig     = "config"
	flagDataDir    = "data-dir"
	flagListen     = "listen"
	flagBasePath   = "base-path"
	flagSIWEDomain = "siwe-domain"
	flagSIWEURI    = "siwe-uri"
	flagLogFormat  = "log-format"
	flagLogLevel   = "log-level"
)

// storeFlags locate the configuration and the store; serve and every admin command take them.
func storeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagConfig, Usage: "YAML config file (optional; flags override it)", EnvVars: []string{config.EnvConfig}},
		&cli.StringFlag{Name: flagDataDir, Usage: "directory of the store and the JWT key", EnvVars: []string{config.EnvDataDir}},
	}
}

// loadConfig builds the configuration from the embedded default, the config file, then
// flags and environment, and checks it.
func loadConfig(c *cli.Context) (config.Config, error) {
	cfg := config.Default()
	if path := c.String(flagConfig); path != "" {
		if err := cfg.LoadFile(path); err != nil {
			return cfg, cli.Exit(err.Error(), ExitUsage)
		}
	}
	overlay := []struct {
		flag string
		dst  *string
	}{
		{flagDataDir, &cfg.DataDir},
		{flagListen, &cfg.Listen},
		{flagBasePath, &cfg.BasePath},
		{flagSIWEDomain, &cfg.SIWE.Domain},
		{flagSIWEURI, &cfg.SIWE.URI},
	}
	for _, o := range overlay {
		if c.IsSet(o.flag) {
			*o.dst = c.String(o.flag)
		}
	}
	cfg.Finish()
	if err := cfg.Check(); err != nil {
		return cfg, cli.Exit(err.Error(), ExitUsage)
	}
	return cfg, nil
}

// withStore loads the configuration, opens the store in its data directory (creating
// the directory if needed) and runs fn on them.
func withStore(c *cli.Context, fn func(config.Config, store.Store) error) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(cfg.DataDir, 0o700); err != nil {
		return fmt.Errorf("create data dir: %w", err)
	}
	st, err := store.OpenSQLite(c.Context, cfg.StorePath())
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(cfg, st)
}

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "serve the REST API",
		Description: "Runs the gateway. With no config file it serves on the embedded default; " +
			"--listen and --data-dir (or " + config.EnvListen + " and " + config.EnvDataDir + ") are enough.",
		Flags: append(storeFlags(),
			&cli.StringFlag{Name: flagListen, Usage: "host:port to listen on (default " + config.DefaultListen + ")", EnvVars: []string{config.EnvListen}},
			&cli.StringFlag{Name: flagBasePath, Usage: "API base path, ending in /api (default " + config.DefaultBasePath + ")"},
			&cli.StringFlag{Name: flagSIWEDomain, Usage: "exact SIWE domain (default: the listen address)"},
			&cli.StringFlag{Name: flagSIWEURI, Usage: "exact SIWE URI (default: http://<listen><base path>)"},
			&cli.StringFlag{Name: flagLogFormat, Value: "text", Usage: "log format: text or json"},
			&cli.StringFlag{Name: flagLogLevel, Value: "info", Usage: "log level: debug, info, warn or error"},
		),
		Action: runServe,
	}
}

func newLogger(c *cli.Context) (*slog.Logger, error) {
	var level slog.Level
	if err := level.UnmarshalText([]byte(c.String(flagLogLevel))); err != nil {
		return nil, cli.Exit("invalid --log-level: "+c.String(flagLogLevel), ExitUsage)
	}
	opts := &slog.HandlerOptions{Level: level}
	switch c.String(flagLogFormat) {
	case "text":
		return slog.New(slog.NewTextHandler(c.App.ErrWriter, opts)), nil
	case "json":
		return slog.New(slog.NewJSONHandler(c.App.ErrWriter, opts)), nil
	}
	return nil, cli.Exit("invalid --log-format: "+c.String(flagLogFormat), ExitUsage)
}

// contractWallets dials the first RPC URL of each configured chain for ERC-1271 checks of
// contract-wallet sign-ins; with no chain RPC, contract wallets cannot sign in.
func contractWallets(c *cli.Context, cfg config.Config) (siweverify.CodeVerifier, func(), error) {
	callers := map[uint64]siweverify.ContractCaller{}
	var clients []*ethclient.Client
	closeAll := func() {
		for _, cl := range clients {
			cl.Close()
		}
	}
	for _, ch := range cfg.Chains {
		if len(ch.RPCURLs) == 0 {
			continue
		}
		cl, err := ethclient.DialContext(c.Context, ch.RPCURLs[0])
		if err != nil {
			closeAll()
			return nil, nil, fmt.Errorf("dial %s rpc: %w", ch.Source, err)
		}
		clients = append(clients, cl)
		callers[ch.ChainID] = cl
	}
	if len(callers) == 0 {
		return siweverify.NoContracts{}, closeAll, nil
	}
	return siweverify.NewERC1271(callers), closeAll, nil
}

func runServe(c *cli.Context) error {
	log, err := newLogger(c)
	if err != nil {
		return err
	}
	return withStore(c, func(cfg config.Config, st store.Store) error {
		return serve(c, log, cfg, st)
	})
}

func serve(c *cli.Context, log *slog.Logger, cfg config.Config, st store.Store) error {
	key, err := auth.LoadOrCreateKey(cfg.JWTKeyFile)
	if err != nil {
		return err
	}
	tokens, err := auth.NewTokens(key, cfg.TokenTTL)
	if err != nil {
		return err
	}
	secrets, err := auth.LoadSecrets(cfg.SecretKeyFile)
	if err != nil {
		return err
	}
	code, closeRPC, err := contractWallets(c, cfg)
	if err != nil {
		return err
	}
	defer closeRPC()
	chainStore, ok := st.(store.ChainStore)
	if !ok {
		return errors.New("the configured store cannot hold chain data")
	}
	reg := metrics.NewRegistry()
	onChain, stopChains, err := startChains(c.Context, log, cfg, chainStore, metrics.NewSettler(reg))
	if err != nil {
		return err
	}
	defer stopChains()
	svc := gateway.New(cfg, st, tokens, secrets, gateway.Options{Logger: log, CodeVerifier: code, OnChain: onChain, Metrics: reg})
	ln, err := net.Listen("tcp", cfg.Listen)
	if err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	log.Info("serving", slog.String("listen", ln.Addr().String()), slog.String("base_path", cfg.BasePath),
		slog.String("data_dir", cfg.DataDir), slog.String("siwe_domain", cfg.SIWE.Domain), slog.String("siwe_uri", cfg.SIWE.URI))
	if err := svc.Serve(c.Context, ln); err != nil && !errors.Is(err, net.ErrClosed) {
		return err
	}
	log.Info("stopped")
	return nil
}
