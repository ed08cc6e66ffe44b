package gatewaycmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Flag names of the admin commands.
const (
	flagLabel       = "label"
	flagPermissions = "permissions"
	flagAccount     = "account"
	flagJSON        = "json"
)

func adminCommand() *cli.Command {
	return &cli.Command{
		Name:  "admin",
		Usage: "operator commands on the gateway's store (safe while serve runs)",
		Subcommands: []*cli.Command{
			{
				Name:  "keys",
				Usage: "API keys",
				Subcommands: []*cli.Command{{
					Name:  "create",
					Usage: "create an API key (for a new account unless --account) and print its secret once",
					Flags: append(storeFlags(),
						&cli.StringFlag{Name: flagLabel, Required: true, Usage: "label of the key"},
						&cli.StringFlag{Name: flagPermissions, Required: true, Usage: "comma-separated permissions: " + permissionHelp()},
						&cli.StringFlag{Name: flagAccount, Usage: "existing account id to add the key to"},
						&cli.BoolFlag{Name: flagJSON, Usage: "print {apiKeyId, apiKeySecret, label, permissions, accountId} as JSON"},
					),
					Action: runKeysCreate,
				}},
			},
			{
				Name:  "whitelist",
				Usage: "addresses allowed to sign in with Ethereum",
				Subcommands: []*cli.Command{
					{Name: "add", Usage: "whitelist ADDRESS", ArgsUsage: "ADDRESS", Flags: storeFlags(), Action: runWhitelistAdd},
					{Name: "remove", Usage: "remove ADDRESS from the whitelist (its sessions end at once)", ArgsUsage: "ADDRESS", Flags: storeFlags(), Action: runWhitelistRemove},
					{Name: "list", Usage: "list whitelisted addresses", Flags: storeFlags(), Action: runWhitelistList},
				},
			},
			{
				Name:  "wallets",
				Usage: "wallet addresses of accounts",
				Subcommands: []*cli.Command{{
					Name:      "link",
					Usage:     "link ADDRESS to an account, so its on-chain activity is the account's",
					ArgsUsage: "ADDRESS",
					Flags:     append(storeFlags(), &cli.StringFlag{Name: flagAccount, Required: true, Usage: "account id"}),
					Action:    runWalletLink,
				}},
			},
			withdrawalAddressCommand(),
			accountsCommand(),
			offchainCommand(),
			custodyCommand(),
			inventoryCommand(),
			reservesCommand(),
			jwtKeysCommand(),
		},
	}
}

func permissionHelp() string {
	parts := make([]string, len(api.AllPermissions))
	for i, p := range api.AllPermissions {
		parts[i] = fmt.Sprintf("%s (%s)", p, api.PermissionDocs[p])
	}
	return strings.Join(parts, ", ")
}

// keyCreated is the --json output of admin keys create.
type keyCreated struct {
	api.APIKeyCreated
	AccountID string `json:"accountId"`
}

func runKeysCreate(c *cli.Context) error {
	label := c.String(flagLabel)
	if err := accounts.CheckLabel(label); err != nil {
		return cli.Exit(err.Error(), ExitUsage)
	}
	perms, err := api.ParsePermissions(c.String(flagPermissions))
	if err != nil {
		return cli.Exit(err.Error(), ExitUsage)
	}
	return withServices(c, true, func(svcs *app.Services, _ store.Store) error {
		key, account, err := svcs.Accounts.IssueKey(c.Context, c.String(flagAccount), label, perms)
		if errors.Is(err, accounts.ErrNotFound) {
			return cli.Exit(err.Error(), ExitError)
		}
		if err != nil {
			return err
		}
		out := keyCreated{APIKeyCreated: key, AccountID: account}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(out)
		}
		_, err = fmt.Fprintf(c.App.Writer, "apiKeyId:     %s\napiKeySecret: %s\naccountId:    %s\npermissions:  %s\nThe secret is shown only now.\n",
			key.APIKeyID, key.APIKeySecret, account, strings.Trim(fmt.Sprint(perms), "[]"))
		return err
	})
}

// addressArg reads the single ADDRESS argument in any hex case. urfave/cli stops parsing
// flags at the first argument, so store flags written after ADDRESS are applied here.
func addressArg(c *cli.Context) (common.Address, error) {
	arg, err := oneArg(c, "ADDRESS", "0x and 40 hex digits")
	if err != nil {
		return common.Address{}, err
	}
	addr, err := chain.ParseAddress(arg)
	if err != nil {
		return common.Address{}, cli.Exit(fmt.Sprintf("ADDRESS: %v (want 0x and 40 hex digits, all one case or EIP-55 checksummed)", err), ExitUsage)
	}
	return addr, nil
}

// oneArg reads the single positional argument named name; store flags written after it
// (urfave/cli stops parsing flags at the first argument) are applied here.
func oneArg(c *cli.Context, name, want string) (string, error) {
	var positional []string
	args := c.Args().Slice()
	for i := 0; i < len(args); i++ {
		flag, value, hasValue := strings.Cut(strings.TrimLeft(args[i], "-"), "=")
		if !strings.HasPrefix(args[i], "-") || (flag != flagDataDir && flag != flagStore && flag != flagConfig && flag != flagJSON) {
			positional = append(positional, args[i])
			continue
		}
		if flag == flagJSON && !hasValue {
			value, hasValue = "true", true
		}
		if !hasValue {
			if i+1 == len(args) {
				return "", cli.Exit("flag --"+flag+" needs a value", ExitUsage)
			}
			i++
			value = args[i]
		}
		if err := c.Set(flag, value); err != nil {
			return "", cli.Exit(err.Error(), ExitUsage)
		}
	}
	if len(positional) != 1 {
		return "", cli.Exit(fmt.Sprintf("want one %s argument (%s)", name, want), ExitUsage)
	}
	return positional[0], nil
}

func runWhitelistAdd(c *cli.Context) error {
	addr, err := addressArg(c)
	if err != nil {
		return err
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		if err := st.AddWhitelist(c.Context, addr, time.Now()); err != nil {
			return err
		}
		_, err := fmt.Fprintf(c.App.Writer, "whitelisted %s\n", addr.Hex())
		return err
	})
}

func runWhitelistRemove(c *cli.Context) error {
	addr, err := addressArg(c)
	if err != nil {
		return err
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		err := st.RemoveWhitelist(c.Context, addr)
		if errors.Is(err, store.ErrNotFound) {
			return cli.Exit(addr.Hex()+" is not whitelisted", ExitError)
		}
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(c.App.Writer, "removed %s\n", addr.Hex())
		return err
	})
}

func runWhitelistList(c *cli.Context) error {
	if c.NArg() > 0 {
		return cli.Exit("whitelist list takes no arguments; put flags before them", ExitUsage)
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		list, err := st.ListWhitelist(c.Context)
		if err != nil {
			return err
		}
		for _, e := range list {
			if _, err := fmt.Fprintln(c.App.Writer, e.Address.Hex()); err != nil {
				return err
			}
		}
		return nil
	})
}

func runWalletLink(c *cli.Context) error {
	addr, err := addressArg(c)
	if err != nil {
		return err
	}
	account := c.String(flagAccount)
	return withStore(c, func(_ config.Config, st store.Store) error {
		err := st.LinkWallet(c.Context, account, addr, time.Now())
		switch {
		case errors.Is(err, store.ErrNotFound):
			return cli.Exit("no account "+account, ExitError)
		case errors.Is(err, store.ErrConflict):
			return cli.Exit(addr.Hex()+" is already linked to an account", ExitError)
		case err != nil:
			return err
		}
		_, err = fmt.Fprintf(c.App.Writer, "linked %s to %s\n", addr.Hex(), account)
		return err
	})
}
