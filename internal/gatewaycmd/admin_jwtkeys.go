package gatewaycmd

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

// flagGrace is jwt-keys rotate's grace period flag.
const flagGrace = "grace"

func jwtKeysCommand() *cli.Command {
	return &cli.Command{
		Name:  "jwt-keys",
		Usage: "the keys that sign bearer JWTs, shared by every gateway process of the store",
		Subcommands: []*cli.Command{
			{
				Name: "rotate",
				Usage: fmt.Sprintf("add a new signing key: every process signs with it from %s on (once all have loaded it); "+
					"the previous keys keep verifying for the grace period", auth.KeyActivationDelay),
				Flags: append(storeFlags(), &cli.DurationFlag{Name: flagGrace,
					Usage:       "how long the previous keys still verify after the new one takes over; 0 ends them then",
					DefaultText: "tokenTTL, so no live token dies"}),
				Action: runJWTKeysRotate,
			},
			{Name: "list", Usage: "list the keys that verify now", Flags: storeFlags(), Action: runJWTKeysList},
		},
	}
}

func runJWTKeysRotate(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit("jwt-keys rotate takes no arguments; put flags before them", ExitUsage)
	}
	return withStore(c, func(cfg config.Config, st store.Store) error {
		grace := cfg.TokenTTL
		if c.IsSet(flagGrace) {
			grace = c.Duration(flagGrace)
		}
		if grace < 0 {
			return cli.Exit("--grace must not be negative", ExitUsage)
		}
		now := time.Now()
		// A store that never served yet takes the key file's key first, so its tokens
		// stay valid through the grace period like those of any previous key.
		if _, err := app.InitSigningKeys(c.Context, st, cfg.JWTKeyFile, now, slog.New(slog.DiscardHandler)); err != nil {
			return err
		}
		activeFrom := now.Add(auth.KeyActivationDelay)
		k, err := st.RotateSigningKey(c.Context, auth.NewSigningKey(), activeFrom, grace, now)
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(c.App.Writer, "key %d signs from %s; the previous keys verify until %s\n", k.ID,
			activeFrom.UTC().Format(time.RFC3339), activeFrom.Add(grace).UTC().Format(time.RFC3339))
		return err
	})
}

func runJWTKeysList(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit("jwt-keys list takes no arguments; put flags before them", ExitUsage)
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		keys, err := st.SigningKeys(c.Context, time.Now())
		if err != nil {
			return err
		}
		for _, k := range keys {
			until := "-"
			if !k.ExpiresAt.IsZero() {
				until = k.ExpiresAt.UTC().Format(time.RFC3339)
			}
			if _, err := fmt.Fprintf(c.App.Writer, "%d\tactive_from=%s\tverifies_until=%s\n", k.ID,
				k.ActiveFrom.UTC().Format(time.RFC3339), until); err != nil {
				return err
			}
		}
		return nil
	})
}
