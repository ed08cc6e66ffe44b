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
	return &cli.App{
		Name:  "dtw",
		Usage: "trade on-chain through a dtwgate gateway",
		Commands: []*cli.Command{
			configCommand(), loginCommand(), whoamiCommand(), tokensCommand(), addressesCommand(),
			balanceCommand(), depositCommand(), orderCommand(), withdrawCommand(), historyCommand(),
			keysCommand(), walletCommand(),
		},
		// Main prints errors with the "dtw:" prefix and picks the exit code; the default
		// handler would print them bare and os.Exit from inside Run.
		ExitErrHandler: func(*cli.Context, error) {},
	}
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
