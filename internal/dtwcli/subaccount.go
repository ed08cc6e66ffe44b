package dtwcli

import (
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/echo"
)

// dtw acts on your own gateway account unless told to act on one of its sub-accounts:
// per command with --sub-account, or for any command that can with the global --account
// before the command (`dtw --account ID offchain balance OFFCHAIN`).
const (
	// flagGlobalAccount is the root's --account ID. After a command, --account is the
	// signer's keystore account NAME (flagAccount): two flag sets, two meanings.
	flagGlobalAccount = "account"
	// EnvSubAccount is the environment's default for the global --account. It is not
	// $DTW_ACCOUNT, which names the signer's keystore account.
	EnvSubAccount = "DTW_SUB_ACCOUNT"
)

// globalAccountFlag is the root's --account. It has no EnvVars, so its value is the
// command line's: refuseGlobalAccount refuses only a flag, subAccount reads the environment.
func globalAccountFlag() cli.Flag {
	return &cli.StringFlag{Name: flagGlobalAccount,
		Usage: "act on sub-account `ID` of your account; `dtw accounts` lists them (goes before the command; default $" + EnvSubAccount + ")"}
}

// subAccount is the sub-account the command acts on, "" for your own account: its
// --sub-account, else the global --account, else $DTW_SUB_ACCOUNT. The two flags naming
// different sub-accounts is a usage error, before anything is sent.
func subAccount(c *cli.Context) (string, error) {
	local, global := c.String(flagSubAccount), rootContext(c).String(flagGlobalAccount)
	switch {
	case local != "" && global != "" && local != global:
		return "", usageError("--sub-account %q and the global --account %q name different sub-accounts: give one of them", echo.Value(local), echo.Value(global))
	case local != "":
		return local, nil
	case global != "":
		return global, nil
	}
	return os.Getenv(EnvSubAccount), nil
}

// refuseGlobalAccount is the Before of every command that cannot act on a sub-account:
// ignoring a global --account there would act on your own account, or your signer's
// wallet, when you asked for a sub-account. $DTW_SUB_ACCOUNT is ambient and ignored.
func refuseGlobalAccount(c *cli.Context) error {
	v := rootContext(c).String(flagGlobalAccount)
	if v == "" {
		return nil
	}
	hint := "only the commands with --sub-account take it, see `dtw offchain --help`"
	if hasFlag(c.Command.Flags, flagAccount) {
		hint = "a keystore account goes after the command, `" + c.Command.HelpName + " --account NAME ...`"
	}
	return usageError("`%s` does not act on a sub-account: drop the global --account %q; %s", c.Command.HelpName, echo.Value(v), hint)
}

// sameForEveryAccount is the Before of a command whose answer is the same for each of
// your accounts (the operator's bank details), so a global --account may go before it.
func sameForEveryAccount(*cli.Context) error { return nil }

// guardGlobalAccount gives refuseGlobalAccount to every command below cmds that takes no
// --sub-account and has no Before of its own.
func guardGlobalAccount(cmds []*cli.Command) {
	for _, cmd := range cmds {
		if len(cmd.Subcommands) > 0 {
			guardGlobalAccount(cmd.Subcommands)
			continue
		}
		if cmd.Before == nil && !hasFlag(cmd.Flags, flagSubAccount) {
			cmd.Before = refuseGlobalAccount
		}
	}
}

// misplacedAccountHint explains an --account after a command that takes --sub-account,
// where the flag set has no --account; "" otherwise.
func misplacedAccountHint(c *cli.Context, err error) string {
	if c.Command == nil || !hasFlag(c.Command.Flags, flagSubAccount) || !strings.HasSuffix(err.Error(), "not defined: -"+flagGlobalAccount) {
		return ""
	}
	return "; the global --account goes before the command (`dtw --account ID " + strings.TrimPrefix(c.Command.HelpName, "dtw ") + " ...`), or use --sub-account ID"
}

// rootContext is the app's context, whose flag set holds the global flags: the outermost
// one with a command (urfave/cli puts a bare context above it).
func rootContext(c *cli.Context) *cli.Context {
	root := c
	for _, ctx := range c.Lineage() {
		if ctx.Command != nil {
			root = ctx
		}
	}
	return root
}

func hasFlag(flags []cli.Flag, name string) bool {
	for _, f := range flags {
		for _, n := range f.Names() {
			if n == name {
				return true
			}
		}
	}
	return false
}
