package gatewaycmd

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/accounts"
	"github.com/dtwgate/dtwgate/internal/auth"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/store"
)

const (
	flagParent = "parent"
	flagAsset  = "asset"
)

// accountAsset is what an account asset may be: a lower-case ticker.
var accountAsset = regexp.MustCompile(`^[a-z][a-z0-9]{0,15}$`)

// accountsCommand is `dtwgate admin accounts`: sub-accounts and their labels.
func accountsCommand() *cli.Command {
	return &cli.Command{
		Name:  "accounts",
		Usage: "accounts and sub-accounts",
		Subcommands: []*cli.Command{
			{
				Name:  "create",
				Usage: "create an account, or with --parent a sub-account of an account, and print its id",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagParent, Usage: "the top-level account that owns the new sub-account"},
					&cli.StringFlag{Name: flagLabel, Usage: "a label for the account (at most 64 printable characters)"},
					&cli.StringFlag{Name: flagAsset, Value: store.DefaultAccountAsset, Usage: "the account asset: the asset it is valued in", DefaultText: "offchain.accountAsset of the config, usd"},
					&cli.BoolFlag{Name: flagJSON, Usage: "print the account as JSON"},
				),
				Action: runAccountsCreate,
			},
			{
				Name:  "list",
				Usage: "list the sub-accounts of --parent",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagParent, Required: true, Usage: "the account whose sub-accounts to list"},
					&cli.BoolFlag{Name: flagJSON, Usage: "print JSON"},
				),
				Action: runAccountsList,
			},
			{
				Name:      "show",
				Usage:     "show an account",
				ArgsUsage: "ACCOUNT_ID",
				Flags:     append(storeFlags(), &cli.BoolFlag{Name: flagJSON, Usage: "print JSON"}),
				Action:    runAccountsShow,
			},
		},
	}
}

// accountJSON is the JSON form of an account in admin output.
type accountJSON struct {
	AccountID    string `json:"accountId"`
	ParentID     string `json:"parentId,omitempty"`
	Label        string `json:"label,omitempty"`
	AccountAsset string `json:"accountAsset"`
	CreatedAt    string `json:"createdAt"`
}

func toAccountJSON(a store.Account) accountJSON {
	return accountJSON{AccountID: a.ID, ParentID: a.ParentID, Label: a.Label, AccountAsset: a.AccountAsset,
		CreatedAt: a.CreatedAt.UTC().Format(time.RFC3339)}
}

func printAccounts(c *cli.Context, list []store.Account) error {
	if c.Bool(flagJSON) {
		out := make([]accountJSON, len(list))
		for i, a := range list {
			out[i] = toAccountJSON(a)
		}
		return json.NewEncoder(c.App.Writer).Encode(out)
	}
	for _, a := range list {
		parent := a.ParentID
		if parent == "" {
			parent = "-"
		}
		if _, err := fmt.Fprintf(c.App.Writer, "%s  parent %s  asset %s  label %q  created %s\n", a.ID, parent, a.AccountAsset,
			a.Label, a.CreatedAt.UTC().Format(time.RFC3339)); err != nil {
			return err
		}
	}
	return nil
}

func runAccountsCreate(c *cli.Context) error {
	label := c.String(flagLabel)
	if label != "" {
		if err := accounts.CheckLabel(label); err != nil {
			return cli.Exit(err.Error(), ExitUsage)
		}
	}
	asset := c.String(flagAsset)
	if !accountAsset.MatchString(asset) {
		return cli.Exit(fmt.Sprintf("--asset %q must be a lower-case ticker such as usd", asset), ExitUsage)
	}
	return withStore(c, func(cfg config.Config, st store.Store) error {
		if !c.IsSet(flagAsset) {
			asset = cfg.OffchainAccountAsset()
		}
		a := store.Account{ID: auth.NewAccountID(), ParentID: c.String(flagParent), Label: label, AccountAsset: asset, CreatedAt: time.Now()}
		err := st.CreateAccount(c.Context, a)
		if errors.Is(err, store.ErrNotFound) {
			return cli.Exit(fmt.Sprintf("--parent %s: no such top-level account (sub-accounts cannot own sub-accounts)", a.ParentID), ExitError)
		}
		if err != nil {
			return err
		}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(toAccountJSON(a))
		}
		return printAccounts(c, []store.Account{a})
	})
}

func runAccountsList(c *cli.Context) error {
	return withStore(c, func(_ config.Config, st store.Store) error {
		if _, err := st.GetAccount(c.Context, c.String(flagParent)); errors.Is(err, store.ErrNotFound) {
			return cli.Exit("no account "+c.String(flagParent), ExitError)
		} else if err != nil {
			return err
		}
		subs, err := st.SubAccounts(c.Context, c.String(flagParent))
		if err != nil {
			return err
		}
		return printAccounts(c, subs)
	})
}

func runAccountsShow(c *cli.Context) error {
	id, err := oneArg(c, "ACCOUNT_ID", "an account id such as acc_0123456789abcdef01234567")
	if err != nil {
		return err
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		a, err := st.GetAccount(c.Context, id)
		if errors.Is(err, store.ErrNotFound) {
			return cli.Exit("no account "+echo.Value(id), ExitError)
		}
		if err != nil {
			return err
		}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(toAccountJSON(a))
		}
		return printAccounts(c, []store.Account{a})
	})
}
