package gatewaycmd

import (
	"log/slog"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/version"
)

// Flag names shared by serve and admin.
const (
	flagConfig     = "config"
	flagDataDir    = "data-dir"
	flagStore      = "store"
	flagListen     = "listen"
	flagBasePath   = "base-path"
	flagSIWEDomain = "siwe-domain"
	flagSIWEURI    = "siwe-uri"
	flagLogFormat  = "log-format"
	flagLogLevel   = "log-level"
	flagRole       = "role"
	flagPprof      = "pprof-listen"
	flagAccessLog  = "access-log"
	flagLeaseTTL   = "lease-ttl"
)

// EnvRole is the environment variable of serve's --role.
const EnvRole = "DTWGATE_ROLE"

// storeFlags locate the configuration and the store; serve and every admin command take them.
func storeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagConfig, Usage: "YAML config file (optional; flags override it)", EnvVars: []string{config.EnvConfig}},
		&cli.StringFlag{Name: flagDataDir, Usage: "directory of the SQLite store (needed unless --store names a PostgreSQL database)", EnvVars: []string{config.EnvDataDir}},
		&cli.StringFlag{Name: flagStore, Usage: "the PostgreSQL database replicas share, a postgres:// URL", DefaultText: "SQLite in --data-dir; config store",
			EnvVars: []string{config.EnvStore}},
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
		{flagStore, &cfg.Store},
		{flagListen, &cfg.Listen},
		{flagBasePath, &cfg.BasePath},
		{flagSIWEDomain, &cfg.SIWE.Domain},
		{flagSIWEURI, &cfg.SIWE.URI},
		{flagPprof, &cfg.Debug.PprofListen},
	}
	for _, o := range overlay {
		if c.IsSet(o.flag) {
			*o.dst = c.String(o.flag)
		}
	}
	if c.IsSet(flagAccessLog) {
		cfg.AccessLog = c.Bool(flagAccessLog)
	}
	if c.IsSet(flagLeaseTTL) {
		cfg.Election.LeaseTTL = c.Duration(flagLeaseTTL)
	}
	cfg.Finish()
	if err := cfg.Check(); err != nil {
		return cfg, cli.Exit(err.Error(), ExitUsage)
	}
	return cfg, nil
}

// withServices is withStore with the services of the configured store, built offline
// (no RPC dialed, nothing priced) by the composition root as serve builds them;
// withSecrets loads the API key secrets' key (creating it on a new store), which only
// the commands that issue keys need.
func withServices(c *cli.Context, withSecrets bool, fn func(*app.Services, store.Store) error) error {
	return withStore(c, func(cfg config.Config, st store.Store) error {
		opts := app.ServiceOptions{Offline: true}
		if withSecrets {
			secrets, err := app.InitSecrets(c.Context, st, cfg.SecretKeyFile, time.Now())
			if err != nil {
				return err
			}
			opts.Secrets = secrets
		}
		svcs, err := app.NewServices(c.Context, cfg, st, opts)
		if err != nil {
			return err
		}
		defer svcs.Close()
		return fn(svcs, st)
	})
}

// withStore loads the configuration, opens its store (SQLite in its data directory,
// created if needed, or PostgreSQL) and runs fn on them.
func withStore(c *cli.Context, fn func(config.Config, store.Store) error) error {
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	st, err := app.OpenStore(c.Context, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	return fn(cfg, st)
}

func serveCommand() *cli.Command {
	return &cli.Command{
		Name:  "serve",
		Usage: "run the gateway: the REST API, the settler of every chain, or both",
		Description: "Runs the gateway. With no config file it serves on the embedded default; " +
			"--listen and --data-dir (or " + config.EnvListen + " and " + config.EnvDataDir + ") are enough. " +
			"API processes and settlers share only the store (the data directory): run any number of " +
			"--role api, --role settler and --role all processes on one store. The settler of each chain, and the " +
			"OFFCHAIN matcher, run in one settler process at a time, elected through the store, each settler " +
			"campaigning every third of --lease-ttl (every 500ms on PostgreSQL): when the leader stops cleanly it releases " +
			"its leases and another takes over at its next campaign; when it dies, on PostgreSQL within about half a second " +
			"(its database session ends with it), on SQLite once its lease expires, within about --lease-ttl plus a third; " +
			"a paused leader is replaced once its lease expires.",
		Flags: append(storeFlags(),
			&cli.StringFlag{Name: flagListen, Usage: "host:port to listen on: the API, or for --role settler only /healthz, /readyz and /metrics", DefaultText: config.DefaultListen + "; config listen", EnvVars: []string{config.EnvListen}},
			&cli.StringFlag{Name: flagBasePath, Usage: "API base path, ending in /api", DefaultText: config.DefaultBasePath + "; config basePath"},
			&cli.StringFlag{Name: flagSIWEDomain, Usage: "exact SIWE domain", DefaultText: "the listen address"},
			&cli.StringFlag{Name: flagSIWEURI, Usage: "exact SIWE URI", DefaultText: "http://<listen><base path>"},
			&cli.StringFlag{Name: flagLogFormat, Value: "text", Usage: "log format: text or json"},
			&cli.StringFlag{Name: flagLogLevel, Value: "info", Usage: "log level: debug, info, warn or error"},
			&cli.BoolFlag{Name: flagAccessLog, Usage: "log a line per request at INFO", DefaultText: "at DEBUG only; config accessLog"},
			&cli.StringFlag{Name: flagPprof, Usage: "serve Go's profiler (/debug/pprof/) on this loopback host:port, apart from the API", DefaultText: "off; config debug.pprofListen"},
			&cli.StringFlag{Name: flagRole, Value: string(app.RoleAll), EnvVars: []string{EnvRole},
				Usage: "what this process runs: api (the REST API), settler (follow, settle and relay on every chain, match OFFCHAIN limit orders; elected per chain among the settlers of a store) or all"},
			&cli.DurationFlag{Name: flagLeaseTTL, Usage: "lifetime of a settler's lease, 1s to 5m: a paused settler (on SQLite also a dead one) is replaced within " +
				"about this long plus a third; one that stops cleanly, within a third (on PostgreSQL within a second, as one that dies)", DefaultText: config.DefaultLeaseTTL.String() + "; config election.leaseTTL"},
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

func runServe(c *cli.Context) error {
	log, err := newLogger(c)
	if err != nil {
		return err
	}
	b := version.Get()
	log.Info("dtwgate starting", slog.String("version", b.Version), slog.String("commit", b.Commit),
		slog.Bool("modified", b.Modified), slog.String("go", b.Go))
	role, err := app.ParseRole(c.String(flagRole))
	if err != nil {
		return cli.Exit(err.Error(), ExitUsage)
	}
	cfg, err := loadConfig(c)
	if err != nil {
		return err
	}
	gw, err := app.New(c.Context, cfg, app.Options{Role: role, Logger: log, BeforeBroadcast: holdBeforeBroadcast(log)})
	if err != nil {
		return err
	}
	defer gw.Close()
	return gw.Run(c.Context)
}
