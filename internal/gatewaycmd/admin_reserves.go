package gatewaycmd

import (
	"encoding/json"
	"fmt"
	"log/slog"
	"text/tabwriter"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

func reservesCommand() *cli.Command {
	return &cli.Command{
		Name:  "reserves",
		Usage: "the proof of reserves (signed by receipts.key)",
		Subcommands: []*cli.Command{{
			Name: "publish",
			Usage: "snapshot every account's balance per asset at one ledger position, build and sign the liabilities' " +
				"trees, list the holdings on each chain (treasury, deposit forwarders, the operator's DTW balance) and " +
				"store the snapshot, which GET /v3/reserves then serves; prints the roots and holdings",
			Flags:  append(storeFlags(), &cli.BoolFlag{Name: flagJSON, Usage: "print {statement, holdings} as JSON"}),
			Action: runReservesPublish,
		}},
	}
}

func runReservesPublish(c *cli.Context) error {
	return withStore(c, func(cfg config.Config, st store.Store) error {
		pub, err := app.PublishReserves(c.Context, cfg, st, slog.New(slog.NewTextHandler(c.App.ErrWriter, nil)))
		if err != nil {
			return err
		}
		if c.Bool(flagJSON) {
			return json.NewEncoder(c.App.Writer).Encode(map[string]any{"statement": pub.Statement, "holdings": pub.Holdings})
		}
		w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
		fmt.Fprintf(w, "snapshot %d at ledger position %d, statement %s signed by the receipt key\n",
			pub.ID, pub.Statement.Position, pub.Statement.Hash)
		fmt.Fprintln(w, "ASSET\tLEAVES\tTOTAL (base units)\tDEBTS (base units)\tROOT\t")
		for _, r := range pub.Statement.Roots {
			fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t\n", r.Asset, r.Leaves, r.Total, r.Debts, r.Root)
		}
		if err := w.Flush(); err != nil {
			return err
		}
		w = tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
		fmt.Fprintln(w, "CHAIN\tASSET\tADDRESS\tIN DTW\tBLOCK\tAMOUNT (base units)\t")
		for _, h := range pub.Holdings {
			in := "-"
			if h.DTW != nil {
				in = h.DTW.Hex()
			}
			fmt.Fprintf(w, "%s\t%s\t%s\t%s\t%d\t%s\t\n", h.Chain, h.Asset, h.Address, in, h.Block, h.Amount)
		}
		return w.Flush()
	})
}
