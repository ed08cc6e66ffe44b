package dtwcli

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
)

// Flags of history.
const (
	flagSince       = "since"
	flagUntil       = "until"
	flagPageSize    = "page-size"
	flagAll         = "all"
	flagAfter       = "after"
	flagNewestFirst = "newest-first"
)

func tokensCommand() *cli.Command {
	return &cli.Command{
		Name:      "tokens",
		Usage:     "list the gateway's tokens of SOURCE and compare them with your config",
		ArgsUsage: "SOURCE",
		Flags:     configFlags(),
		Action:    runTokens,
	}
}

// tokenRow is one token the gateway lists, checked against the config.
type tokenRow struct {
	Asset    string `json:"asset"`
	Token    string `json:"token"`
	Address  string `json:"tokenAddress"`
	Decimals string `json:"decimals"`
	// Config is "ok", "not in config" or what differs.
	Config string `json:"config"`
}

func runTokens(c *cli.Context) error {
	if err := argsCheck(c, "tokens SOURCE", 1, 1); err != nil {
		return err
	}
	var src chain.Source
	check := func(cfg *Config) (err error) {
		src, err = cfg.source(c.Args().First())
		return err
	}
	return withClient(c, check, func(cfg *Config, cl *client.Client) error {
		info, err := cl.TokenInformation(c.Context, src.Name)
		if err != nil {
			return apiError(cfg, err)
		}
		var rows []tokenRow
		for _, ti := range info.TokenInfoResponses {
			for _, t := range ti.Tokens {
				rows = append(rows, tokenRow{Asset: ti.Asset, Token: t.Token, Address: t.TokenAddress, Decimals: t.Decimals, Config: compareToken(src, ti.Asset, t)})
			}
		}
		return output(c, rows, func() error {
			var tab [][]string
			for _, r := range rows {
				tab = append(tab, []string{r.Asset, r.Token, r.Address, r.Decimals, r.Config})
			}
			return table(c, []string{"ASSET", "TOKEN", "ADDRESS", "DECIMALS", "YOUR CONFIG"}, tab)
		})
	})
}

func compareToken(src chain.Source, assetID string, t api.TokenInfo) string {
	a, err := src.Asset(assetID)
	if err != nil {
		return "not in config"
	}
	var diffs []string
	if addr, err := chain.ParseAddress(t.TokenAddress); err != nil || addr != a.Address {
		diffs = append(diffs, "address "+a.Address.Hex())
	}
	if t.Decimals != strconv.Itoa(int(a.Decimals)) {
		diffs = append(diffs, "decimals "+strconv.Itoa(int(a.Decimals)))
	}
	if len(diffs) == 0 {
		return "ok"
	}
	return "MISMATCH: yours has " + strings.Join(diffs, ", ")
}

func addressesCommand() *cli.Command {
	return &cli.Command{
		Name:  "addresses",
		Usage: "deposit addresses (checked against your config) and your withdrawal addresses",
		Subcommands: []*cli.Command{
			{Name: "deposit", Usage: "where to deposit on each chain: the DTW contracts, and your own OFFCHAIN deposit addresses", Flags: configFlags(), Action: runDepositAddresses},
			{Name: "withdrawal", Usage: "your withdrawal destinations and their approval", Flags: configFlags(), Action: runWithdrawalAddresses},
		},
	}
}

// depositRow is a deposit address checked against the config.
type depositRow struct {
	api.DepositAddress
	Config string `json:"config"`
}

func runDepositAddresses(c *cli.Context) error {
	if err := argsCheck(c, "addresses deposit", 0, 0); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.DepositAddresses(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		var rows []depositRow
		for _, a := range res.Addresses {
			r := depositRow{DepositAddress: a, Config: "not in config"}
			if account, ok := strings.CutPrefix(a.DepositAddressReference, offchainReference); ok {
				r.Config = checkForwarder(cfg, a, account)
				rows = append(rows, r)
				continue
			}
			if s, ok := cfg.Sources[strings.ToUpper(a.DepositLocation)]; ok {
				r.Config = "ok"
				if addr, err := chain.ParseAddress(a.Address); err != nil || addr != common.HexToAddress(s.DTWAddress) {
					r.Config = "MISMATCH: your config's DTW is " + common.HexToAddress(s.DTWAddress).Hex() + " - do not deposit here"
				}
			}
			rows = append(rows, r)
		}
		return output(c, rows, func() error {
			var tab [][]string
			for _, r := range rows {
				tab = append(tab, []string{r.DepositLocation, r.Address, orDash(r.DepositAddressReference), r.Config})
			}
			return table(c, []string{"SOURCE", "ADDRESS", "REFERENCE", "YOUR CONFIG"}, tab)
		})
	})
}

// offchainSource is the source of the gateway's OFFCHAIN venue.
const offchainSource = "OFFCHAIN"

// offchainReference starts the depositAddressReference of an account's own OFFCHAIN
// deposit address (a forwarder; "offchain:<accountId>").
const offchainReference = "offchain:"

// checkForwarder says whether an OFFCHAIN deposit address is the account's forwarder of
// the deposit factory in the config (when the config names one).
func checkForwarder(cfg *Config, a api.DepositAddress, account string) string {
	s, ok := cfg.Sources[strings.ToUpper(a.DepositLocation)]
	if !ok || s.DepositFactory == "" {
		return "OFFCHAIN (set depositFactory in your config to check it)"
	}
	want := chain.ForwarderAddress(common.HexToAddress(s.DepositFactory), chain.DepositSalt(account))
	if addr, err := chain.ParseAddress(a.Address); err != nil || addr != want {
		return "MISMATCH: your account's forwarder is " + want.Hex() + " - do not deposit here"
	}
	return "ok: OFFCHAIN, your forwarder"
}

func runWithdrawalAddresses(c *cli.Context) error {
	if err := argsCheck(c, "addresses withdrawal", 0, 0); err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.WithdrawalAddresses(c.Context)
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res.Addresses, func() error {
			if len(res.Addresses) == 0 {
				fmt.Fprintln(c.App.Writer, "no withdrawal addresses; the gateway's operator adds and approves them (gasless withdrawals go only there)")
				return nil
			}
			var tab [][]string
			for _, a := range res.Addresses {
				tab = append(tab, []string{a.ID, a.WithdrawalLocation, a.WithdrawalLocationReference, a.Status})
			}
			return table(c, []string{"ID", "SOURCE", "ADDRESS", "STATUS"}, tab)
		})
	})
}

func balanceCommand() *cli.Command {
	return &cli.Command{
		Name:      "balance",
		Usage:     "your free balances in the DTW contract of SOURCE, read from your own RPC (and your wallet's)",
		ArgsUsage: "SOURCE",
		Flags:     append(configFlags(), signerFlags()...),
		Action:    runBalance,
	}
}

// balanceRow is one asset's balances.
type balanceRow struct {
	Asset   string `json:"asset"`
	Address string `json:"tokenAddress"`
	// Free is the free balance in the DTW contract; Wallet is outside it.
	Free   string `json:"free"`
	Wallet string `json:"wallet"`
}

func runBalance(c *cli.Context) error {
	if err := argsCheck(c, "balance SOURCE", 1, 1); err != nil {
		return err
	}
	cfg, src, err := sourceArg(c)
	if err != nil {
		return err
	}
	cs, err := openChain(c, cfg, src, false)
	if err != nil {
		return err
	}
	defer cs.Close()
	var rows []balanceRow
	for _, a := range src.Assets {
		free, err := cs.trader.FreeBalance(c.Context, a)
		if err != nil {
			return chainError(src.Name, err)
		}
		wallet, err := cs.trader.WalletBalance(c.Context, a)
		if err != nil {
			return chainError(src.Name, err)
		}
		rows = append(rows, balanceRow{Asset: a.ID, Address: a.Address.Hex(), Free: a.FromBaseUnits(free).String(), Wallet: a.FromBaseUnits(wallet).String()})
	}
	out := map[string]any{"source": src.Name, "trader": cs.trader.Address().Hex(), "dtw": src.DTW.Hex(), "balances": rows}
	return output(c, out, func() error {
		fmt.Fprintf(c.App.Writer, "%s  trader %s  DTW %s\n", src.Name, cs.trader.Address().Hex(), src.DTW.Hex())
		var tab [][]string
		for _, r := range rows {
			tab = append(tab, []string{r.Asset, r.Free, r.Wallet})
		}
		return table(c, []string{"ASSET", "FREE IN DTW", "WALLET"}, tab)
	})
}

func historyCommand() *cli.Command {
	flags := append(configFlags(),
		&cli.StringFlag{Name: flagSince, Value: "720h", Usage: "start: a duration ago (e.g. 24h) or an RFC 3339 `TIME`"},
		&cli.StringFlag{Name: flagUntil, Usage: "end: a duration ago or an RFC 3339 `TIME`", DefaultText: "now"},
		&cli.IntFlag{Name: flagPageSize, Usage: "items per page, 1 to 2000", DefaultText: "the gateway's, 500"},
		&cli.BoolFlag{Name: flagAll, Usage: "follow the pages to the end"},
		&cli.StringFlag{Name: flagAfter, Usage: "continue after `CURSOR` (the next cursor a page printed)"},
		&cli.BoolFlag{Name: flagNewestFirst, Usage: "newest first"},
	)
	return &cli.Command{
		Name:  "history",
		Usage: "your deposits and withdrawals on a source, as the gateway records them",
		Subcommands: []*cli.Command{
			{Name: "deposits", Usage: "deposits on SOURCE (a chain of your config, or OFFCHAIN)", ArgsUsage: "SOURCE", Flags: flags, Action: runHistory(true)},
			{Name: "withdrawals", Usage: "withdrawals on SOURCE (a chain of your config, or OFFCHAIN)", ArgsUsage: "SOURCE", Flags: flags, Action: runHistory(false)},
		},
	}
}

// parseWhen reads a duration ago or an RFC 3339 time.
func parseWhen(flag, v string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(v); err == nil {
		if d < 0 {
			return time.Time{}, usageError("--%s %s: give a positive duration ago, e.g. 24h", flag, v)
		}
		return now.Add(-d), nil
	}
	t, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, usageError("--%s %q: give a duration ago (24h) or an RFC 3339 time (2026-01-02T15:04:05Z)", flag, v)
	}
	return t, nil
}

func runHistory(deposits bool) cli.ActionFunc {
	kind := "withdrawals"
	if deposits {
		kind = "deposits"
	}
	return func(c *cli.Context) error {
		if err := argsCheck(c, "history "+kind+" [--since 24h --until TIME --page-size N --all] SOURCE", 1, 1); err != nil {
			return err
		}
		now := time.Now()
		start, err := parseWhen(flagSince, c.String(flagSince), now)
		if err != nil {
			return err
		}
		end := now
		if v := c.String(flagUntil); v != "" {
			if end, err = parseWhen(flagUntil, v, now); err != nil {
				return err
			}
		}
		if !start.Before(end) {
			return usageError("--since %s is not before --until %s", start.Format(time.RFC3339), end.Format(time.RFC3339))
		}
		if n := c.Int(flagPageSize); n < 0 || n > 2000 {
			return usageError("--page-size %d: give 1 to 2000", n)
		}
		if c.Bool(flagAll) && c.String(flagAfter) != "" {
			return usageError("--all starts from the beginning; drop --after, or drop --all")
		}
		var src chain.Source
		check := func(cfg *Config) (err error) {
			if strings.EqualFold(c.Args().First(), offchainSource) { // the gateway's ledger, no chain of the config
				src.Name = offchainSource
				return nil
			}
			src, err = cfg.source(c.Args().First())
			return err
		}
		return withClient(c, check, func(cfg *Config, cl *client.Client) error {
			q := client.ActivityQuery{Source: src.Name, Start: start, End: end, PageSize: c.Int(flagPageSize), After: c.String(flagAfter)}
			if c.Bool(flagNewestFirst) {
				q.OrderBy = client.NewestFirst
			}
			var items []api.AccountActivity
			next := ""
			if c.Bool(flagAll) {
				all := cl.AllWithdrawals
				if deposits {
					all = cl.AllDeposits
				}
				for a, err := range all(c.Context, q) {
					if err != nil {
						return apiError(cfg, err)
					}
					items = append(items, a)
				}
			} else {
				page := cl.Withdrawals
				if deposits {
					page = cl.Deposits
				}
				p, err := page(c.Context, q)
				if err != nil {
					return apiError(cfg, err)
				}
				items = p.Transactions
				if p.HasMore {
					next = p.AfterCursor
				}
			}
			out := map[string]any{"source": src.Name, "type": kind, "transactions": items, "nextCursor": next}
			return output(c, out, func() error {
				if len(items) == 0 {
					fmt.Fprintf(c.App.Writer, "no %s on %s from %s to %s\n", kind, src.Name, start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339))
					return nil
				}
				var tab [][]string
				for _, a := range items {
					tx := "-"
					if a.Reference != nil {
						tx = firstOf(a.Reference.TransactionHash, a.Reference.InstructionID)
					}
					tab = append(tab, []string{millis(a.TimestampMillis), a.Asset, a.Amount, tx})
				}
				if err := table(c, []string{"TIME", "ASSET", "AMOUNT", "TRANSACTION"}, tab); err != nil {
					return err
				}
				if next != "" {
					fmt.Fprintf(c.App.Writer, "more: run again with --after %s, or --all\n", next)
				}
				return nil
			})
		})
	}
}

func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return "-"
}
