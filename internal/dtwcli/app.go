// Package dtwcli holds the commands of the dtw trader CLI.
package dtwcli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/version"
)

// Exit codes of dtw: scripts can tell usage errors, API errors, chain errors and
// verification failures apart.
const (
	ExitOK           = 0
	ExitError        = 1
	ExitUsage        = 2
	ExitAPI          = 3
	ExitChain        = 4
	ExitVerification = 5
)

// App returns the dtw command-line application.
func App() *cli.App {
	app := &cli.App{
		Name:    "dtw",
		Version: version.Get().String(),
		Usage:   "trade on-chain through a dtwgate gateway",
		Flags:   []cli.Flag{globalAccountFlag()},
		Commands: []*cli.Command{
			configCommand(), loginCommand(), whoamiCommand(), tokensCommand(), addressesCommand(),
			balanceCommand(), depositCommand(), orderCommand(), withdrawCommand(), historyCommand(), ordersCommand(),
			keysCommand(), accountsCommand(), offchainCommand(), walletCommand(), webhooksCommand(),
			swapCommand(), quoteCommand(), commissionCommand(),
			noncesCommand(), watchCommand(), receiptsCommand(), reservesCommand(),
		},
		// Main prints errors with the "dtw:" prefix and picks the exit code; the default
		// handler would print them bare and os.Exit from inside Run.
		ExitErrHandler: func(*cli.Context, error) {},
		OnUsageError:   onUsageError,
		Action: func(c *cli.Context) error {
			if c.NArg() > 0 {
				return usageError("unknown command %q: see `dtw --help`", c.Args().First())
			}
			return cli.ShowAppHelp(c)
		},
	}
	usageErrors(app.Commands)
	guardGlobalAccount(app.Commands)
	return app
}

// usageErrors makes urfave/cli's own usage errors, a bad flag or an unknown subcommand,
// exit with ExitUsage too: by default they exit 1, or 3 (which is ExitAPI).
func usageErrors(cmds []*cli.Command) {
	for _, cmd := range cmds {
		cmd.OnUsageError = onUsageError
		if len(cmd.Subcommands) == 0 {
			continue
		}
		if cmd.Action == nil {
			cmd.Action = func(c *cli.Context) error {
				if c.NArg() > 0 {
					return usageError("unknown command %q: see `%s --help`", c.Args().First(), c.Command.HelpName)
				}
				return cli.ShowSubcommandHelp(c)
			}
		}
		usageErrors(cmd.Subcommands)
	}
}

func onUsageError(c *cli.Context, err error, _ bool) error {
	name := "dtw"
	if c.Command != nil && c.Command.HelpName != "" {
		name = c.Command.HelpName
	}
	return usageError("%v: see `%s --help`%s", err, name, misplacedAccountHint(c, err))
}

func init() {
	// One printer for both binaries (dtw's tests link dtwgate's commands too).
	cli.VersionPrinter = version.Print
}

// Main runs the application with args and returns the process exit code.
func Main(args []string) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := App().RunContext(ctx, args); err != nil {
		fmt.Fprintf(os.Stderr, "dtw: %v\n", err)
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			return ec.ExitCode()
		}
		return ExitError
	}
	return ExitOK
}
