package dtwcli

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
)

func offchainDepositCommand() *cli.Command {
	return &cli.Command{
		Name: "deposit",
		Usage: "send ASSET from your wallet to your own OFFCHAIN deposit address on SOURCE (checked against the config's " +
			"depositFactory first); with --wait, until the gateway credits it at the chain's confirmation depth",
		ArgsUsage: "SOURCE ASSET AMOUNT",
		Flags: append(append(append([]cli.Flag{}, configFlags()...), signerFlags()...),
			&cli.BoolFlag{Name: flagWait, Usage: "wait until the deposit is credited to your OFFCHAIN balance"},
			&cli.DurationFlag{Name: flagWaitTimeout, Value: 5 * time.Minute, Usage: "give up waiting after `DURATION`"}),
		Action: runOffchainDeposit,
	}
}

// offchainDepositAddress returns the caller's OFFCHAIN deposit address on src, refusing
// one that is not the account's forwarder of the config's deposit factory.
func offchainDepositAddress(ctx context.Context, cfg *Config, cl *client.Client, src chain.Source) (api.DepositAddress, error) {
	res, err := cl.DepositAddresses(ctx)
	if err != nil {
		return api.DepositAddress{}, apiError(cfg, err)
	}
	for _, a := range res.Addresses {
		account, ok := strings.CutPrefix(a.DepositAddressReference, offchainReference)
		if !ok || !strings.EqualFold(a.DepositLocation, src.Name) {
			continue
		}
		if check := checkForwarder(cfg, a, account); !strings.HasPrefix(check, "ok") {
			return a, &exitError{code: ExitUsage, err: fmt.Errorf("OFFCHAIN deposit address %s on %s: %s", a.Address, src.Name, check),
				hint: "set sources." + src.Name + ".depositFactory in your config to the gateway's published factory; nothing was sent"}
		}
		return a, nil
	}
	return api.DepositAddress{}, &exitError{code: ExitUsage, err: fmt.Errorf("the gateway takes no OFFCHAIN deposits on %s", src.Name),
		hint: "`dtw addresses deposit` lists where it does"}
}

func runOffchainDeposit(c *cli.Context) error {
	if err := argsCheck(c, "offchain deposit [--wait] SOURCE ASSET AMOUNT", 3, 3); err != nil {
		return err
	}
	_, src, a, amount, err := assetAmountArgs(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		addr, err := offchainDepositAddress(c.Context, cfg, cl, src)
		if err != nil {
			return err
		}
		before, err := offchainBalance(c.Context, cl, a.ID)
		if err != nil {
			return apiError(cfg, err)
		}
		cs, err := openChain(c, cfg, src, true)
		if err != nil {
			return err
		}
		defer cs.Close()
		have, err := cs.trader.WalletBalance(c.Context, a)
		if err != nil {
			return chainError(src.Name, err)
		}
		if have.Cmp(amount) < 0 {
			return &exitError{code: ExitChain, err: fmt.Errorf("your wallet %s holds %s %s, less than %s", cs.trader.Address().Hex(), a.FromBaseUnits(have), a.ID, a.FromBaseUnits(amount)),
				hint: "fund the wallet first, or deposit less; nothing was sent"}
		}
		to, _ := chain.ParseAddress(addr.Address)
		r, err := cs.trader.Transfer(c.Context, a, amount, to)
		if err != nil {
			return chainError(src.Name, err)
		}
		out := map[string]any{"source": src.Name, "asset": a.ID, "amount": a.FromBaseUnits(amount).String(), "depositAddress": addr.Address,
			"transactionHash": r.TxHash.Hex(), "block": r.BlockNumber.Uint64()}
		progress(c, "sent %s %s to your OFFCHAIN deposit address %s on %s: transaction %s (block %d)", a.FromBaseUnits(amount), a.ID,
			addr.Address, src.Name, r.TxHash.Hex(), r.BlockNumber.Uint64())
		if c.Bool(flagWait) {
			progress(c, "waiting for the gateway to credit it at %s's confirmation depth ...", src.Name)
			credited, err := waitCredited(c, cl, a.ID, before)
			if err != nil {
				return err
			}
			out["credited"] = credited.String()
		}
		return output(c, out, func() error {
			if v, ok := out["credited"]; ok {
				fmt.Fprintf(c.App.Writer, "credited %s %s to your OFFCHAIN balance\n", v, a.ID)
			}
			return nil
		})
	})
}

// offchainBalance is the caller's OFFCHAIN balance of an asset (zero when it has none).
func offchainBalance(ctx context.Context, cl *client.Client, asset string) (decimal.Decimal, error) {
	res, err := cl.Balances(ctx, "", offchainSource)
	if err != nil {
		return decimal.Zero, err
	}
	for _, b := range res.Balances {
		if strings.EqualFold(b.Asset, asset) {
			return decimal.NewFromString(b.Balance)
		}
	}
	return decimal.Zero, nil
}

// waitCredited polls the OFFCHAIN balance until it rises above before and returns the
// rise (a fee-on-transfer token credits what arrived, less than what was sent).
func waitCredited(c *cli.Context, cl *client.Client, asset string, before decimal.Decimal) (decimal.Decimal, error) {
	deadline := time.Now().Add(c.Duration(flagWaitTimeout))
	for {
		now, err := offchainBalance(c.Context, cl, asset)
		if err != nil {
			return decimal.Zero, err
		}
		if now.GreaterThan(before) {
			return now.Sub(before), nil
		}
		if time.Now().After(deadline) {
			return decimal.Zero, &exitError{code: ExitChain, err: fmt.Errorf("not credited after %s", c.Duration(flagWaitTimeout)),
				hint: "the chain may be slow to reach the confirmation depth: check later with `dtw offchain balance OFFCHAIN`"}
		}
		select {
		case <-c.Context.Done():
			return decimal.Zero, c.Context.Err()
		case <-time.After(time.Second):
		}
	}
}
