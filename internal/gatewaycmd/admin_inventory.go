package gatewaycmd

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/echo"
	"github.com/dtwgate/dtwgate/internal/inventory"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Flags of `admin inventory move`.
const (
	flagChain = "chain"
	flagFrom  = "from"
)

func inventoryCommand() *cli.Command {
	return &cli.Command{
		Name: "inventory",
		Usage: "where the operator's DTW inventory and treasury stand against their bands (chains[].inventory), " +
			"as the settler last read them: chain, asset, place, balance, band, state",
		Flags:  append(storeFlags(), &cli.BoolFlag{Name: flagJSON, Usage: "print the report as JSON"}),
		Action: runInventory,
		Subcommands: []*cli.Command{{
			Name: "move",
			Usage: "have the settler move funds between the operator's DTW inventory and its treasury wallet, through " +
				"its journaled sender (prints what it will do; does it only with --yes)",
			Flags: append(storeFlags(),
				&cli.StringFlag{Name: flagChain, Required: true, Usage: "chain source name, e.g. ETHEREUM"},
				&cli.StringFlag{Name: flagAsset, Required: true, Usage: "asset id, e.g. usdc"},
				&cli.StringFlag{Name: flagFrom, Required: true, Usage: "where the funds leave: dtw (withdrawn to the treasury) or treasury (deposited into DTW)"},
				&cli.StringFlag{Name: flagAmount, Required: true, Usage: "amount in whole tokens, e.g. 1000.5"},
				&cli.BoolFlag{Name: flagYes, Usage: "do it (without it, only print what it would do)"},
			),
			Action: runInventoryMove,
		}},
	}
}

// inventoryRow is one line of the report (its --json form).
type inventoryRow struct {
	Chain     string    `json:"chain"`
	Asset     string    `json:"asset"`
	Place     string    `json:"place"`
	Balance   string    `json:"balance"`
	Min       string    `json:"min,omitempty"`
	Target    string    `json:"target,omitempty"`
	Max       string    `json:"max,omitempty"`
	State     string    `json:"state"`
	UpdatedAt time.Time `json:"updatedAt"`
}

func runInventory(c *cli.Context) error {
	return withStore(c, func(_ config.Config, st store.Store) error {
		places, err := st.InventoryPlaces(c.Context)
		if err != nil {
			return err
		}
		rows := make([]inventoryRow, 0, len(places))
		for _, p := range places {
			r := inventoryRow{Chain: p.Source, Asset: p.Asset, Place: p.Place, Balance: p.Balance.String(), State: p.State, UpdatedAt: p.UpdatedAt}
			if p.State != inventory.StateUnwatched {
				r.Min, r.Target, r.Max = p.Min.String(), p.Target.String(), p.Max.String()
			}
			rows = append(rows, r)
		}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(rows)
		}
		if len(rows) == 0 {
			_, err := fmt.Fprintln(c.App.Writer, "no inventory report yet: the settler writes one each round for the assets of chains[].inventory")
			return err
		}
		tw := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
		fmt.Fprintln(tw, "CHAIN\tASSET\tPLACE\tBALANCE\tBAND (MIN / TARGET / MAX)\tSTATE\tREAD AT")
		for _, r := range rows {
			band := "-"
			if r.Min != "" {
				band = r.Min + " / " + r.Target + " / " + r.Max
			}
			fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", r.Chain, r.Asset, r.Place, r.Balance, band, strings.ToUpper(r.State), r.UpdatedAt.UTC().Format(time.RFC3339))
		}
		return tw.Flush()
	})
}

func runInventoryMove(c *cli.Context) error {
	source, assetID, from := c.String(flagChain), strings.ToLower(c.String(flagAsset)), c.String(flagFrom)
	if from != inventory.PlaceDTW && from != inventory.PlaceTreasury {
		return cli.Exit(fmt.Sprintf("--from %q: use dtw or treasury", echo.Value(from)), ExitUsage)
	}
	return withStore(c, func(cfg config.Config, st store.Store) error {
		var src *chain.Source
		for _, ch := range cfg.Chains {
			if ch.Source == source && ch.DTWAddress != "" {
				s := ch.ToSource()
				src = &s
			}
		}
		if src == nil {
			return cli.Exit(fmt.Sprintf("%q is not a configured chain with a DTW contract (chains[].source)", echo.Value(source)), ExitUsage)
		}
		asset, err := src.Asset(assetID)
		if err != nil {
			return cli.Exit(err.Error(), ExitUsage)
		}
		units, err := asset.ParseAmount(c.String(flagAmount))
		if err != nil {
			return cli.Exit(fmt.Sprintf("--amount: %v", err), ExitUsage)
		}
		amount := asset.FromBaseUnits(units)
		to := inventory.PlaceTreasury
		if from == inventory.PlaceTreasury {
			to = inventory.PlaceDTW
		}
		places, err := st.InventoryPlaces(c.Context)
		if err != nil {
			return err
		}
		w := c.App.Writer
		fmt.Fprintf(w, "Move of %s %s on %s from the operator's %s to its %s:\n", amount, asset.ID, source, placeName(from), placeName(to))
		for _, p := range places {
			if p.Source != source || p.Asset != asset.ID {
				continue
			}
			fmt.Fprintf(w, "  - %s: %s %s as the settler read it at %s (%s)\n", placeName(p.Place), p.Balance, asset.ID,
				p.UpdatedAt.UTC().Format(time.RFC3339), p.State)
			if p.Place == from && p.Balance.LessThan(amount) {
				return cli.Exit(fmt.Sprintf("%s: the %s holds only %s %s", source, placeName(from), p.Balance, asset.ID), ExitError)
			}
		}
		if from == inventory.PlaceTreasury {
			if asset.Address.Cmp([20]byte{}) == 0 {
				fmt.Fprintf(w, "  - the settler sends DTW deposit(%s) with the amount as value, from the operator's key;\n", asset.ID)
			} else {
				fmt.Fprintf(w, "  - the settler sends the token's approve(DTW, amount), then DTW deposit(%s, amount), from the operator's key;\n", asset.ID)
			}
		} else {
			fmt.Fprintf(w, "  - the settler sends DTW withdraw(%s, amount, operator) from the operator's key;\n", asset.ID)
		}
		fmt.Fprintln(w, "  - through its journaled sender, under one journal reference per move: a crash never moves it twice;")
		fmt.Fprintf(w, "  - the settler of %s does it at its next round; `dtwgate admin inventory` shows the balances after.\n", source)
		if !c.Bool(flagYes) {
			_, err := fmt.Fprintln(w, "Nothing done: run again with --yes to do it.")
			return err
		}
		id, err := st.AddInventoryMove(c.Context, store.InventoryMove{Source: source, Asset: asset.ID, From: from, Amount: amount,
			Reason: inventory.ReasonManual, CreatedAt: time.Now()})
		if err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "Move %d recorded: the settler carries it out.\n", id)
		return err
	})
}

func placeName(place string) string {
	if place == inventory.PlaceDTW {
		return "DTW inventory"
	}
	return "treasury wallet"
}
