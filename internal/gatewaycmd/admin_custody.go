package gatewaycmd

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/store"
)

const (
	flagFromBlock = "from-block"
	flagYes       = "yes"
)

func custodyCommand() *cli.Command {
	sourceFlag := &cli.StringFlag{Name: flagSource, Required: true, Usage: "chain source name, e.g. ETHEREUM"}
	return &cli.Command{
		Name:  "custody",
		Usage: "OFFCHAIN crypto custody on chains: deposit crediting after a reorg deeper than the depth",
		Subcommands: []*cli.Command{
			{
				Name: "reorg-status",
				Usage: "say how far deposits are credited on a chain, whether a deep reorg stopped crediting, which credited " +
					"deposits are no longer on the chain, and from which block a rescan would start",
				Flags:  append(storeFlags(), sourceFlag, &cli.BoolFlag{Name: flagJSON, Usage: "print the status as JSON"}),
				Action: runCustodyReorgStatus,
			},
			{
				Name: "rescan",
				Usage: "have the settler read a chain's deposits again from a block, crediting only those never credited " +
					"(prints what it will do; does it only with --yes)",
				Flags: append(storeFlags(), sourceFlag,
					&cli.Uint64Flag{Name: flagFromBlock, Required: true, Usage: "first block to read again (reorg-status says where a rescan would start)"},
					&cli.BoolFlag{Name: flagYes, Usage: "do it (without it, only print what it would do)"},
				),
				Action: runCustodyRescan,
			},
		},
	}
}

// custodyStatus is what reorg-status reports (its --json output).
type custodyStatus struct {
	Source string `json:"source"`
	// CreditedThrough is the last block whose deposits are credited; nil before the first.
	CreditedThrough *uint64 `json:"creditedThrough,omitempty"`
	CursorHash      string  `json:"cursorHash,omitempty"`
	// DeepReorg is the open deep reorg that stops crediting; nil when crediting runs.
	DeepReorg *deepReorgStatus `json:"deepReorg,omitempty"`
	// RescanRequested is an operator's rescan the settler has not carried out yet.
	RescanRequested *rescanStatus `json:"rescanRequested,omitempty"`
	// CreditedNotOnChain are credited deposits a deep reorg took out of the chain: they
	// stay credited (nothing reverses them) for the operator to decide.
	CreditedNotOnChain []missingDeposit `json:"creditedNotOnChain"`
}

type deepReorgStatus struct {
	DetectedAt time.Time `json:"detectedAt"`
	CheckedAt  time.Time `json:"checkedAt"`
	Block      uint64    `json:"block"`
	Hash       string    `json:"hash"`
	// RescanFrom is where a rescan would start (the block after the newest block read
	// that is still canonical); nil when no recorded block is.
	RescanFrom *uint64 `json:"rescanFrom,omitempty"`
	Missing    int     `json:"missing"`
	Waiting    int     `json:"waiting"`
}

type rescanStatus struct {
	From        uint64    `json:"fromBlock"`
	RequestedAt time.Time `json:"requestedAt"`
}

type missingDeposit struct {
	AccountID    string    `json:"accountId"`
	Asset        string    `json:"asset"`
	Amount       string    `json:"amount"`
	TxHash       string    `json:"transactionHash"`
	Block        uint64    `json:"block"`
	LogIndex     uint      `json:"logIndex"`
	Forwarder    string    `json:"forwarder"`
	LedgerKey    string    `json:"ledgerKey"`
	MissingSince time.Time `json:"missingSince"`
}

// loadCustodyStatus reads a source's custody status from the store; a source the config
// does not give a deposit factory and the store knows nothing of is a usage error.
func loadCustodyStatus(ctx context.Context, cfg config.Config, st store.Store, source string) (custodyStatus, error) {
	out := custodyStatus{Source: source, CreditedNotOnChain: []missingDeposit{}}
	block, hash, ok, err := st.CustodyCursor(ctx, source)
	if err != nil {
		return out, err
	}
	if ok {
		out.CreditedThrough, out.CursorHash = &block, hash.Hex()
	} else if !custodySource(cfg, source) {
		return out, cli.Exit(fmt.Sprintf("%s: no OFFCHAIN custody (no chain of that source with a depositFactory in the config, and nothing credited on it)", source), ExitUsage)
	}
	r, err := st.CustodyReorgOf(ctx, source)
	switch {
	case err == nil:
		dr := &deepReorgStatus{DetectedAt: r.DetectedAt.UTC(), CheckedAt: r.CheckedAt.UTC(), Block: r.Block, Hash: r.Hash.Hex(),
			Missing: r.Missing, Waiting: r.Waiting}
		if r.ForkKnown {
			from := r.Fork + 1
			dr.RescanFrom = &from
		}
		out.DeepReorg = dr
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	req, err := st.CustodyRescanOf(ctx, source)
	switch {
	case err == nil:
		out.RescanRequested = &rescanStatus{From: req.From, RequestedAt: req.RequestedAt.UTC()}
	case !errors.Is(err, store.ErrNotFound):
		return out, err
	}
	missing, err := st.MissingCustodyDeposits(ctx, source)
	if err != nil {
		return out, err
	}
	for _, d := range missing {
		out.CreditedNotOnChain = append(out.CreditedNotOnChain, missingDeposit{AccountID: d.AccountID, Asset: d.Asset, Amount: d.Credited,
			TxHash: d.TxHash.Hex(), Block: d.BlockNumber, LogIndex: d.LogIndex, Forwarder: d.Forwarder.Hex(), LedgerKey: d.LedgerKey,
			MissingSince: d.MissingSince.UTC()})
	}
	return out, nil
}

// custodySource reports whether the config gives source a deposit factory.
func custodySource(cfg config.Config, source string) bool {
	for _, ch := range cfg.Chains {
		if ch.Source == source && ch.DepositFactory != "" {
			return true
		}
	}
	return false
}

func runCustodyReorgStatus(c *cli.Context) error {
	return withStore(c, func(cfg config.Config, st store.Store) error {
		s, err := loadCustodyStatus(c.Context, cfg, st, c.String(flagSource))
		if err != nil {
			return err
		}
		var b strings.Builder
		writeCustodyStatus(&b, s)
		return printOut(c, s, strings.TrimRight(b.String(), "\n"))
	})
}

func writeCustodyStatus(w io.Writer, s custodyStatus) {
	const stamp = time.RFC3339
	if s.CreditedThrough == nil {
		fmt.Fprintf(w, "%s: no deposit read yet\n", s.Source)
	} else {
		fmt.Fprintf(w, "%s: deposits credited through block %d (%s)\n", s.Source, *s.CreditedThrough, s.CursorHash)
	}
	switch r := s.DeepReorg; {
	case r == nil:
		fmt.Fprintln(w, "no deep reorg: crediting runs")
	default:
		fmt.Fprintf(w, "DEEP REORG, crediting stopped: block %d (%s), whose deposits were credited, is no longer canonical (detected %s, checked %s)\n",
			r.Block, r.Hash, r.DetectedAt.Format(stamp), r.CheckedAt.Format(stamp))
		fmt.Fprintf(w, "  credited deposits after the fork: %d not on the chain, %d mined again but not at the depth yet\n", r.Missing, r.Waiting)
		if r.RescanFrom != nil {
			fmt.Fprintf(w, "  crediting resumes by itself from block %d once every one of them is on the chain at the depth\n", *r.RescanFrom)
			fmt.Fprintf(w, "  a rescan would start at block %d: dtwgate admin custody rescan --source %s --from-block %d\n", *r.RescanFrom, s.Source, *r.RescanFrom)
		} else {
			fmt.Fprintln(w, "  no block read that is recorded is still canonical: choose the first block that may hold deposits not credited yet")
			fmt.Fprintf(w, "  and rescan from it: dtwgate admin custody rescan --source %s --from-block N\n", s.Source)
		}
	}
	if q := s.RescanRequested; q != nil {
		fmt.Fprintf(w, "rescan from block %d requested %s: the settler carries it out at its next round\n", q.From, q.RequestedAt.Format(stamp))
	}
	if len(s.CreditedNotOnChain) == 0 {
		fmt.Fprintln(w, "no credited deposit is missing from the chain")
		return
	}
	fmt.Fprintf(w, "%d credited deposit(s) no longer on the chain; they stay credited (a rescan does not reverse them): decide for each\n", len(s.CreditedNotOnChain))
	for _, d := range s.CreditedNotOnChain {
		fmt.Fprintf(w, "  account %s  %s %s  tx %s (block %d, log %d, forwarder %s, ledger entry %s) missing since %s\n",
			d.AccountID, d.Amount, d.Asset, d.TxHash, d.Block, d.LogIndex, d.Forwarder, d.LedgerKey, d.MissingSince.Format(stamp))
	}
}

func runCustodyRescan(c *cli.Context) error {
	source, from := c.String(flagSource), c.Uint64(flagFromBlock)
	if from == 0 {
		return cli.Exit("--from-block must be at least 1", ExitUsage)
	}
	return withStore(c, func(cfg config.Config, st store.Store) error {
		s, err := loadCustodyStatus(c.Context, cfg, st, source)
		if err != nil {
			return err
		}
		if s.CreditedThrough == nil {
			return cli.Exit(source+": no deposit was read yet: there is nothing to rescan", ExitError)
		}
		cursor := *s.CreditedThrough
		r := s.DeepReorg
		switch {
		case r != nil && r.RescanFrom != nil && from > *r.RescanFrom:
			return cli.Exit(fmt.Sprintf("%s: --from-block %d is after the fork: blocks %d to %d of the new chain would never be read; use --from-block %d or lower",
				source, from, *r.RescanFrom, from-1, *r.RescanFrom), ExitError)
		case from > cursor+1:
			return cli.Exit(fmt.Sprintf("%s: deposits are read through block %d: a rescan reads blocks again and never skips one; use --from-block %d or lower",
				source, cursor, cursor+1), ExitError)
		}
		again, err := st.CustodyDepositsFrom(c.Context, source, from)
		if err != nil {
			return err
		}
		w := c.App.Writer
		fmt.Fprintf(w, "Rescan of %s from block %d:\n", source, from)
		fmt.Fprintf(w, "  - the settler reads the deposits of blocks %d through the head less the confirmation depth again (now credited through block %d);\n", from, cursor)
		fmt.Fprintf(w, "  - a deposit credited before is recognised by its transaction, forwarder, token and amount, not by its log index, and is not credited again (%d credited deposit(s) are recorded in those blocks); only deposits never credited are credited;\n", len(again))
		if r != nil {
			fmt.Fprintf(w, "  - the deep reorg of block %d is closed and crediting resumes;\n", r.Block)
			if r.RescanFrom == nil {
				fmt.Fprintf(w, "  - WARNING: no recorded block is still canonical: make sure no deposit not credited yet is in a block before %d;\n", from)
			}
		}
		if n := len(s.CreditedNotOnChain); n > 0 {
			fmt.Fprintf(w, "  - the %d credited deposit(s) no longer on the chain stay credited and stay listed by reorg-status: nothing is reversed;\n", n)
		}
		if s.RescanRequested != nil {
			fmt.Fprintf(w, "  - it replaces the rescan from block %d requested %s and not carried out yet;\n", s.RescanRequested.From, s.RescanRequested.RequestedAt.Format(time.RFC3339))
		}
		fmt.Fprintf(w, "  - the settler of %s does it at its next round.\n", source)
		if !c.Bool(flagYes) {
			_, err := fmt.Fprintln(w, "Nothing done: run again with --yes to do it.")
			return err
		}
		if err := st.RequestCustodyRescan(c.Context, store.CustodyRescan{Source: source, From: from, RequestedAt: time.Now()}); err != nil {
			return err
		}
		_, err = fmt.Fprintf(w, "Requested: `dtwgate admin custody reorg-status --source %s` shows it until the settler has done it.\n", source)
		return err
	})
}
