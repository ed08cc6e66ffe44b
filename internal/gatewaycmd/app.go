// Package gatewaycmd holds the commands of the dtwgate binary: serve, admin and devnet.
package gatewaycmd

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

// Exit codes of dtwgate.
const (
	ExitOK    = 0
	ExitError = 1
	ExitUsage = 2
)

// App returns the dtwgate command-line application.
func App() *cli.App {
	return &cli.App{
		Name:    "dtwgate",
		Version: version.Get().String(),
		Usage:   "on-chain deposit-trade-withdraw gateway",
		Commands: []*cli.Command{
			serveCommand(),
			adminCommand(),
			devnetCommand(),
		},
		EnableBashCompletion: true,
		// Main prints errors and picks the exit code; the default handler would os.Exit
		// from inside Run, which also kills tests that run the app in process.
		ExitErrHandler: func(*cli.Context, error) {},
	}
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
		fmt.Fprintf(os.Stderr, "dtwgate: %v\n", err)
		var ec cli.ExitCoder
		if errors.As(err, &ec) {
			return ec.ExitCode()
		}
		return ExitError
	}
	return ExitOK
}
