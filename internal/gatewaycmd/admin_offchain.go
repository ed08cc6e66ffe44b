package gatewaycmd

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

const (
	flagReference     = "reference"
	flagAmount        = "amount"
	flagTransferID    = "transfer-id"
	flagBank          = "bank"
	flagInstructionID = "instruction-id"
	flagReason        = "reason"
	flagType          = "type"
	flagBps           = "bps"
	flagPair          = "pair"
	flagIntroducer    = "introducer"
	flagClient        = "client"
	flagShare         = "share"
	flagInactive      = "inactive"
	flagValue         = "value"
)

// offchainCommand is `dtwgate admin offchain`: the operator's side of the OFFCHAIN venue.
func offchainCommand() *cli.Command {
	account := &cli.StringFlag{Name: flagAccount, Required: true, Usage: "the account (or sub-account) id"}
	instruction := &cli.StringFlag{Name: flagInstructionID, Required: true, Usage: "the withdrawal's instructionId"}
	jsonFlag := &cli.BoolFlag{Name: flagJSON, Usage: "print JSON"}
	return &cli.Command{
		Name:  "offchain",
		Usage: "the OFFCHAIN venue: book bank deposits, pay or reject fiat withdrawals, credit settings",
		Subcommands: []*cli.Command{
			{
				Name: "book-deposit",
				Usage: "book a received bank transfer: the account whose deposit reference it quotes is credited; " +
					"an unknown reference goes to the suspense book. Booking the same --transfer-id again does nothing",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagReference, Required: true, Usage: "the reference the transfer quoted"},
					&cli.StringFlag{Name: flagAsset, Required: true, Usage: "the fiat asset, e.g. eur"},
					&cli.StringFlag{Name: flagAmount, Required: true, Usage: "the amount received, e.g. 100.50"},
					&cli.StringFlag{Name: flagTransferID, Required: true, Usage: "the bank's id of the transfer"},
					&cli.StringFlag{Name: flagBank, Usage: "the receiving bank's name in offchain.banks", DefaultText: "the asset's first"},
					jsonFlag),
				Action: runBookDeposit,
			},
			{
				Name: "resolve",
				Usage: "credit a bank transfer booked to the suspense book (its reference named no account) to the account it " +
					"belongs to. Resolving it again does nothing",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagTransferID, Required: true, Usage: "the bank's id of the transfer, as booked"},
					&cli.StringFlag{Name: flagAccount, Required: true, Usage: "the account `ID` to credit"},
					jsonFlag),
				Action: runResolveSuspense,
			},
			{
				Name:   "pending",
				Usage:  "list PENDING fiat withdrawals, oldest first",
				Flags:  append(storeFlags(), jsonFlag),
				Action: runPendingFiat,
			},
			{
				Name:   "sent",
				Usage:  "mark a PENDING fiat withdrawal paid by bank transfer: COMPLETED, its hold captured",
				Flags:  append(storeFlags(), account, instruction, &cli.StringFlag{Name: flagReference, Required: true, Usage: "the bank transfer's reference"}, jsonFlag),
				Action: runFiatSent,
			},
			{
				Name:   "reject",
				Usage:  "reject a PENDING withdrawal: REJECTED, its hold released",
				Flags:  append(storeFlags(), account, instruction, &cli.StringFlag{Name: flagReason, Required: true, Usage: "why, shown to the user"}, jsonFlag),
				Action: runReject,
			},
			{
				Name:  "set-setting",
				Usage: "set an account's " + api.SettingCreditCap + " or " + api.SettingCreditLeverage,
				Flags: append(storeFlags(), account,
					&cli.StringFlag{Name: flagType, Required: true, Usage: api.SettingCreditCap + " or " + api.SettingCreditLeverage},
					&cli.StringFlag{Name: flagValue, Required: true, Usage: "a non-negative decimal"}),
				Action: runSetSetting,
			},
			{
				Name: "set-commission",
				Usage: "set an account's OFFCHAIN commission, in basis points, for one pair (--pair sell/buy) or every pair; " +
					"GET /v2/commission-rate/OFFCHAIN shows it and its trades pay it",
				Flags: append(storeFlags(), account,
					&cli.Int64Flag{Name: flagBps, Required: true, Usage: "the commission in basis points, 0 to 9999"},
					&cli.StringFlag{Name: flagPair, Usage: "SELL/BUY, e.g. eth/usdt", DefaultText: "every pair"}),
				Action: runSetCommission,
			},
			{
				Name: "introducer",
				Usage: "record that --introducer takes --share of the commission --client pays on OFFCHAIN trades " +
					"(--inactive ends it; a client has at most one active introducer)",
				Flags: append(storeFlags(),
					&cli.StringFlag{Name: flagIntroducer, Required: true, Usage: "the introducer's account `ID`"},
					&cli.StringFlag{Name: flagClient, Required: true, Usage: "the client's account `ID`"},
					&cli.StringFlag{Name: flagShare, Required: true, Usage: "the fraction of the commission, above 0 and at most 1, e.g. 0.25"},
					&cli.BoolFlag{Name: flagInactive, Usage: "end the relationship (its past revenue stays)"}),
				Action: runIntroducer,
			},
		},
	}
}

func runSetCommission(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		if err := s.introducers.SetCommission(c.Context, c.String(flagAccount), c.Int64(flagBps), c.String(flagPair)); err != nil {
			return err
		}
		pair := c.String(flagPair)
		if pair == "" {
			pair = "every pair"
		}
		return printOut(c, nil, fmt.Sprintf("OFFCHAIN commission of %s on %s is %d bps", c.String(flagAccount), pair, c.Int64(flagBps)))
	})
}

func runIntroducer(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		active := !c.Bool(flagInactive)
		if err := s.introducers.SetIntroducer(c.Context, c.String(flagIntroducer), c.String(flagClient), c.String(flagShare), active); err != nil {
			return err
		}
		state := "active"
		if !active {
			state = "inactive"
		}
		return printOut(c, nil, fmt.Sprintf("%s introduces %s with a share of %s of its commission: %s", c.String(flagIntroducer),
			c.String(flagClient), c.String(flagShare), state))
	})
}

// offchainServices are the OFFCHAIN services of the admin commands.
type offchainServices struct {
	balances    *offchain.Balances
	funding     *offchain.Funding
	introducers *offchain.Introducers
}

// withOffchain runs fn with the OFFCHAIN services of the configured store; the venue's
// client errors exit 1 with their text.
func withOffchain(c *cli.Context, fn func(offchainServices) error) error {
	return withStore(c, func(cfg config.Config, st store.Store) error {
		bal := offchain.NewBalances(cfg, st, nil, nil)
		err := fn(offchainServices{balances: bal, funding: offchain.NewFunding(cfg, store.Narrow[offchain.FundingTx](st), bal, nil),
			introducers: offchain.NewIntroducers(cfg, st, nil)})
		for _, e := range []error{offchain.ErrInvalid, offchain.ErrState, store.ErrNotFound} {
			if errors.Is(err, e) {
				return cli.Exit(err.Error(), ExitError)
			}
		}
		return err
	})
}

func printOut(c *cli.Context, v any, text string) error {
	if c.Bool(flagJSON) {
		return json.NewEncoder(c.App.Writer).Encode(v)
	}
	_, err := fmt.Fprintln(c.App.Writer, text)
	return err
}

func runBookDeposit(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		b, err := s.funding.BookBankDeposit(c.Context, offchain.BankDeposit{Reference: c.String(flagReference), Asset: c.String(flagAsset),
			Amount: c.String(flagAmount), TransferID: c.String(flagTransferID), Bank: c.String(flagBank)})
		if err != nil {
			return err
		}
		to := "account " + b.AccountID
		if b.AccountID == "" {
			to = "the suspense book (unknown reference)"
		}
		text := fmt.Sprintf("booked %s %s to %s (entry %d)", c.String(flagAmount), c.String(flagAsset), to, b.Entry.ID)
		if !b.Created {
			text = fmt.Sprintf("transfer %s was booked before (entry %d): nothing changed", c.String(flagTransferID), b.Entry.ID)
		}
		return printOut(c, map[string]any{"accountId": b.AccountID, "entryId": b.Entry.ID, "created": b.Created}, text)
	})
}

func runResolveSuspense(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		b, err := s.funding.ResolveSuspense(c.Context, c.String(flagTransferID), c.String(flagAccount))
		if err != nil {
			return err
		}
		text := fmt.Sprintf("transfer %s moved from suspense to account %s (entry %d)", c.String(flagTransferID), b.AccountID, b.Entry.ID)
		if !b.Created {
			text = fmt.Sprintf("transfer %s was resolved to account %s before (entry %d): nothing changed", c.String(flagTransferID), b.AccountID, b.Entry.ID)
		}
		return printOut(c, map[string]any{"accountId": b.AccountID, "entryId": b.Entry.ID, "created": b.Created}, text)
	})
}

func runPendingFiat(c *cli.Context) error {
	return withStore(c, func(cfg config.Config, st store.Store) error {
		var out []api.OffchainWithdrawal
		for _, b := range cfg.Offchain.Banks {
			list, err := st.OffchainWithdrawalsByStatus(c.Context, store.WithdrawalFiat, b.Name, store.WithdrawalPending, 1000)
			if err != nil {
				return err
			}
			for _, w := range list {
				out = append(out, api.OffchainWithdrawal{InstructionID: w.InstructionID, AccountID: w.AccountID, Asset: w.Asset,
					Amount: w.Amount.String(), Kind: w.Kind, Location: w.Location, Destination: w.Destination, Status: w.Status})
			}
		}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(out)
		}
		for _, w := range out {
			if _, err := fmt.Fprintf(c.App.Writer, "%s  %s  %s %s from %s to %s\n", w.AccountID, w.InstructionID, w.Amount, w.Asset, w.Location, w.Destination); err != nil {
				return err
			}
		}
		return nil
	})
}

func runFiatSent(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		w, err := s.funding.CompleteFiat(c.Context, c.String(flagAccount), c.String(flagInstructionID), c.String(flagReference))
		if err != nil {
			return err
		}
		return printOut(c, w, fmt.Sprintf("withdrawal %s of %s %s is %s", w.InstructionID, w.Amount, w.Asset, w.Status))
	})
}

func runReject(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		w, err := s.funding.Reject(c.Context, c.String(flagAccount), c.String(flagInstructionID), c.String(flagReason))
		if err != nil {
			return err
		}
		return printOut(c, w, fmt.Sprintf("withdrawal %s of %s %s is %s; the funds are released", w.InstructionID, w.Amount, w.Asset, w.Status))
	})
}

func runSetSetting(c *cli.Context) error {
	return withOffchain(c, func(s offchainServices) error {
		if err := s.balances.SetSetting(c.Context, c.String(flagAccount), c.String(flagType), c.String(flagValue)); err != nil {
			return err
		}
		return printOut(c, nil, fmt.Sprintf("%s of %s is %s", c.String(flagType), c.String(flagAccount), c.String(flagValue)))
	})
}
