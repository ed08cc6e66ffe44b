package gatewaycmd

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

const (
	flagWallet = "wallet"
	flagSource = "source"
)

func withdrawalAddressCommand() *cli.Command {
	return &cli.Command{
		Name:  "withdrawal-addresses",
		Usage: "withdrawal destinations of accounts (gasless withdrawals go only to approved ones)",
		Subcommands: []*cli.Command{
			{
				Name:      "add",
				Usage:     "add ADDRESS as a PENDING withdrawal destination of an account on a source",
				ArgsUsage: "ADDRESS",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagAccount, Usage: "account id (or --wallet)"},
					&cli.StringFlag{Name: flagWallet, Usage: "a wallet of the account (instead of --account)"},
					&cli.StringFlag{Name: flagSource, Required: true, Usage: "source (chain) name, e.g. ETHEREUM"},
					&cli.BoolFlag{Name: "approve", Usage: "approve it at once"},
				),
				Action: runWithdrawalAddressAdd,
			},
			{
				Name:      "approve",
				Usage:     "approve the withdrawal address with id ID",
				ArgsUsage: "ID",
				Flags:     storeFlags(),
				Action:    runWithdrawalAddressApprove,
			},
			{
				Name:   "list",
				Usage:  "list withdrawal addresses",
				Flags:  append(storeFlags(), &cli.StringFlag{Name: flagAccount, Usage: "only this account's"}),
				Action: runWithdrawalAddressList,
			},
		},
	}
}

func runWithdrawalAddressAdd(c *cli.Context) error {
	addr, err := addressArg(c)
	if err != nil {
		return err
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		account := c.String(flagAccount)
		if w := c.String(flagWallet); w != "" {
			wallet, err := chain.ParseAddress(w)
			if err != nil {
				return cli.Exit(fmt.Sprintf("--wallet: %v", err), ExitUsage)
			}
			if account, err = st.WalletAccount(c.Context, wallet); err != nil {
				return cli.Exit(fmt.Sprintf("wallet %s has no account yet: it gets one at its first sign-in, or link it with `dtwgate admin wallets link`", w), ExitError)
			}
		}
		if account == "" {
			return cli.Exit("give the account with --account ID or --wallet ADDRESS", ExitUsage)
		}
		b := make([]byte, 8)
		if _, err := rand.Read(b); err != nil {
			return err
		}
		w := store.WithdrawalAddress{ID: "wa_" + hex.EncodeToString(b), AccountID: account, Source: strings.ToUpper(c.String(flagSource)),
			Address: addr, Status: store.AddressPending, CreatedAt: time.Now()}
		// Added and approved commit together: never a PENDING address left by a failed approve.
		err := st.InTx(c.Context, func(tx store.Tx) error {
			if err := tx.AddWithdrawalAddress(c.Context, w); err != nil {
				return err
			}
			if c.Bool("approve") {
				return tx.ApproveWithdrawalAddress(c.Context, w.ID)
			}
			return nil
		})
		if errors.Is(err, store.ErrConflict) {
			return cli.Exit(fmt.Sprintf("%s is already a withdrawal address of account %s on %s", addr.Hex(), account, w.Source), ExitError)
		}
		if err != nil {
			return err
		}
		if c.Bool("approve") {
			w.Status = store.AddressApproved
		}
		_, err = fmt.Fprintf(c.App.Writer, "%s %s %s %s %s\n", w.ID, w.AccountID, w.Source, w.Address.Hex(), w.Status)
		return err
	})
}

func runWithdrawalAddressApprove(c *cli.Context) error {
	id, err := oneArg(c, "ID", "an id `dtwgate admin withdrawal-addresses list` shows")
	if err != nil {
		return err
	}
	return withStore(c, func(_ config.Config, st store.Store) error {
		if err := st.ApproveWithdrawalAddress(c.Context, id); errors.Is(err, store.ErrNotFound) {
			return cli.Exit("no withdrawal address "+id+"; see `dtwgate admin withdrawal-addresses list`", ExitError)
		} else if err != nil {
			return err
		}
		_, err := fmt.Fprintf(c.App.Writer, "approved %s\n", id)
		return err
	})
}

func runWithdrawalAddressList(c *cli.Context) error {
	return withStore(c, func(_ config.Config, st store.Store) error {
		list, err := st.WithdrawalAddresses(c.Context, c.String(flagAccount))
		if err != nil {
			return err
		}
		tw := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "ID\tACCOUNT\tSOURCE\tADDRESS\tSTATUS")
		for _, w := range list {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", w.ID, w.AccountID, w.Source, w.Address.Hex(), w.Status)
		}
		return tw.Flush()
	})
}
