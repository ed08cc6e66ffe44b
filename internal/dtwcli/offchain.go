package dtwcli

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

// Flags of the offchain commands.
const (
	flagSubAccount    = "sub-account"
	flagInstructionID = "instruction-id"
	flagAddressID     = "address-id"
	flagIBAN          = "iban"
	flagBIC           = "bic"
	flagAccountNumber = "account-number"
	flagSortCode      = "sort-code"
	flagAccountName   = "account-name"
)

// subAccountFlag acts on a sub-account of yours, like the global --account before the
// command (after it, --account names a keystore key); see subAccount.
var subAccountFlag = &cli.StringFlag{Name: flagSubAccount, Usage: "act on sub-account `ID` of your account, as `dtw --account ID` does; `dtw accounts` lists them"}

// offchainCommand is `dtw offchain`: the custody side of the gateway.
func offchainCommand() *cli.Command {
	src := func(name, usage string, action cli.ActionFunc) *cli.Command {
		return &cli.Command{Name: name, Usage: usage, ArgsUsage: "SOURCE", Flags: append(configFlags(), subAccountFlag), Action: action}
	}
	return &cli.Command{
		Name:  "offchain",
		Usage: "balances, snapshot and credit on any source, fiat funding and withdrawals of your OFFCHAIN balance",
		Subcommands: []*cli.Command{
			src("balance", "balances on SOURCE (OFFCHAIN or a chain) as the gateway sees them", runOffchainBalance),
			src("snapshot", "balances on SOURCE valued in your account asset, credit and what you may withdraw", runOffchainSnapshot),
			{Name: "credit", Usage: "your OFFCHAIN credit and its settings", Flags: append(configFlags(), subAccountFlag), Action: runOffchainCredit},
			{Name: "deposit-reference", Usage: "the reference to quote on bank transfers to your account", Flags: append(configFlags(), subAccountFlag), Action: runDepositReference},
			{Name: "bank-details", Usage: "the bank accounts to pay fiat into", ArgsUsage: "[ASSET]", Flags: configFlags(), Before: sameForEveryAccount, Action: runBankDetails},
			{
				Name:      "withdraw",
				Usage:     "withdraw AMOUNT of ASSET from your OFFCHAIN balance: crypto to an approved address (--address-id), fiat to a bank account (--iban or --account-number, --account-name)",
				ArgsUsage: "ASSET AMOUNT",
				Flags: append(configFlags(), subAccountFlag,
					&cli.StringFlag{Name: flagInstructionID, Usage: "your `ID` of the withdrawal; retrying with it never pays twice", DefaultText: "drawn"},
					&cli.StringFlag{Name: flagAddressID, Usage: "an APPROVED withdrawal address `ID` (`dtw addresses withdrawal`)"},
					&cli.StringFlag{Name: flagIBAN, Usage: "the `IBAN` to pay"},
					&cli.StringFlag{Name: flagBIC, Usage: "its `BIC`"},
					&cli.StringFlag{Name: flagAccountNumber, Usage: "the account `NUMBER` to pay (with --sort-code)"},
					&cli.StringFlag{Name: flagSortCode, Usage: "its sort `CODE`"},
					&cli.StringFlag{Name: flagAccountName, Usage: "the `NAME` on the bank account"},
					&cli.BoolFlag{Name: flagWait, Usage: "wait until the withdrawal is COMPLETED, FAILED or REJECTED"},
					&cli.DurationFlag{Name: flagWaitTimeout, Value: 10 * time.Minute, Usage: "how long --wait waits"}),
				Action: runOffchainWithdraw,
			},
			offchainDepositCommand(),
			{Name: "withdrawal", Usage: "show an off-chain withdrawal", ArgsUsage: "INSTRUCTION_ID", Flags: append(configFlags(), subAccountFlag), Action: runOffchainWithdrawal},
		},
	}
}

func runOffchainBalance(c *cli.Context) error {
	if err := argsCheck(c, "offchain balance [--sub-account ID] SOURCE", 1, 1); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.Balances(c.Context, sub, c.Args().First())
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			rows := [][]string{}
			for _, b := range res.Balances {
				rows = append(rows, []string{b.Asset, b.Balance, b.Held, b.Available})
			}
			return table(c, []string{"ASSET", "BALANCE", "HELD", "AVAILABLE"}, rows)
		})
	})
}

func runOffchainSnapshot(c *cli.Context) error {
	if err := argsCheck(c, "offchain snapshot [--sub-account ID] SOURCE", 1, 1); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.AccountSnapshot(c.Context, sub, c.Args().First())
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			rows := [][]string{}
			for _, b := range res.Balances {
				rows = append(rows, []string{b.Asset, b.Balance, b.AccountAssetValuation, b.AvailableToWithdraw})
			}
			if err := table(c, []string{"ASSET", "BALANCE", "VALUE (" + res.AccountAsset + ")", "WITHDRAWABLE"}, rows); err != nil {
				return err
			}
			_, err := fmt.Fprintf(c.App.Writer, "total %s, credit %s, used %s\n", amountOf(res.TotalAccountAssetValuation, res.AccountAsset),
				amountOf(res.TotalCredit, res.AccountAsset), amountOf(res.CreditUsed, res.AccountAsset))
			return err
		})
	})
}

func runOffchainCredit(c *cli.Context) error {
	if err := argsCheck(c, "offchain credit [--sub-account ID]", 0, 0); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		credit, err := cl.Credit(c.Context, sub, api.SourceOffchain)
		if err != nil {
			return apiError(cfg, err)
		}
		set, err := cl.AccountSettings(c.Context, sub, api.SourceOffchain)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, map[string]any{"credit": credit, "settings": set.AccountSettings}, func() error {
			// Credit is valued in the account asset, which only the snapshot names; without
			// it (no price for an asset the account holds) the figures go bare.
			asset := ""
			if snap, err := cl.AccountSnapshot(c.Context, sub, api.SourceOffchain); err == nil {
				asset = snap.AccountAsset
			}
			rows := [][]string{{"totalCredit", amountOf(credit.TotalCredit, asset)}, {"creditUsed", amountOf(credit.CreditUsed, asset)}}
			for _, s := range set.AccountSettings {
				rows = append(rows, []string{s.SettingType, s.Setting})
			}
			return table(c, []string{"FIELD", "VALUE"}, rows)
		})
	})
}

func runDepositReference(c *cli.Context) error {
	if err := argsCheck(c, "offchain deposit-reference [--sub-account ID]", 0, 0); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.DepositReference(c.Context, sub)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			_, err := fmt.Fprintf(c.App.Writer, "%s\nquote it on every bank transfer to your account (`dtw offchain bank-details`)\n", res.DepositReference)
			return err
		})
	})
}

func runBankDetails(c *cli.Context) error {
	if err := argsCheck(c, "offchain bank-details [ASSET]", 0, 1); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.DepositBankDetails(c.Context, c.Args().First())
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			rows := [][]string{}
			for _, d := range res.BankDetails {
				rows = append(rows, []string{d.Asset, orDash(d.BankName), orDash(d.AccountName), orDash(d.IBAN), orDash(d.BIC), orDash(d.AccountNumber), orDash(d.SortCode)})
			}
			return table(c, []string{"ASSET", "BANK", "ACCOUNT NAME", "IBAN", "BIC", "ACCOUNT NO", "SORT CODE"}, rows)
		})
	})
}

// finalWithdrawal reports whether an off-chain withdrawal's status is final.
func finalWithdrawal(status string) bool {
	return status == "COMPLETED" || status == "FAILED" || status == "REJECTED"
}

func printWithdrawal(c *cli.Context, w api.OffchainWithdrawal) error {
	return output(c, w, func() error {
		return table(c, []string{"FIELD", "VALUE"}, [][]string{
			{"instructionId", w.InstructionID}, {"status", w.Status}, {"asset", w.Asset}, {"amount", amountOf(w.Amount, w.Asset)},
			{"kind", w.Kind}, {"location", w.Location}, {"destination", w.Destination},
			{"transaction", orDash(w.TransactionHash)}, {"reason", orDash(w.Reason)}, {"requested", millis(w.TimestampMillis)},
		})
	})
}

func runOffchainWithdraw(c *cli.Context) error {
	if err := argsCheck(c, "offchain withdraw [--address-id ID | --iban IBAN --account-name NAME] [--wait] ASSET AMOUNT", 2, 2); err != nil {
		return err
	}
	req := api.OffchainWithdrawalRequest{InstructionID: c.String(flagInstructionID), Asset: c.Args().Get(0), Amount: c.Args().Get(1),
		WithdrawalAddressID: c.String(flagAddressID)}
	if c.IsSet(flagIBAN) || c.IsSet(flagAccountNumber) {
		req.BankDetail = &api.BankDetail{IBAN: c.String(flagIBAN), BIC: c.String(flagBIC), AccountNumber: c.String(flagAccountNumber),
			SortCode: c.String(flagSortCode), AccountName: c.String(flagAccountName)}
	}
	if (req.WithdrawalAddressID == "") == (req.BankDetail == nil) {
		return usageError("name the destination: --address-id ID for crypto, or --iban/--account-number with --account-name for fiat")
	}
	if req.InstructionID == "" {
		var b [12]byte
		_, _ = rand.Read(b[:])
		req.InstructionID = "dtw-" + hex.EncodeToString(b[:])
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		w, err := cl.SubmitOffchainWithdrawal(c.Context, sub, req)
		if err != nil {
			return apiError(cfg, err)
		}
		if c.Bool(flagWait) {
			deadline := time.Now().Add(c.Duration(flagWaitTimeout))
			for !finalWithdrawal(w.Status) {
				if time.Now().After(deadline) {
					return fmt.Errorf("withdrawal %s is still %s after %s: check it later with `dtw offchain withdrawal %s`", w.InstructionID, w.Status, c.Duration(flagWaitTimeout), w.InstructionID)
				}
				select {
				case <-c.Context.Done():
					return c.Context.Err()
				case <-time.After(time.Second):
				}
				if w, err = cl.OffchainWithdrawal(c.Context, sub, w.InstructionID); err != nil {
					return apiError(cfg, err)
				}
			}
		}
		return printWithdrawal(c, w)
	})
}

func runOffchainWithdrawal(c *cli.Context) error {
	if err := argsCheck(c, "offchain withdrawal [--sub-account ID] INSTRUCTION_ID", 1, 1); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		w, err := cl.OffchainWithdrawal(c.Context, sub, c.Args().First())
		if err != nil {
			return apiError(cfg, err)
		}
		return printWithdrawal(c, w)
	})
}
