package dtwcli

import (
	"fmt"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

// ordersCommand is `dtw orders`: the order history of every venue, as the gateway keeps it.
func ordersCommand() *cli.Command {
	return &cli.Command{
		Name:  "orders",
		Usage: "your orders on every source (OFFCHAIN swaps and RFQ trades, DTW orders of your wallets), oldest first",
		Flags: append(configFlags(), subAccountFlag,
			&cli.StringFlag{Name: flagSince, Usage: "placed at or after: a duration ago (e.g. 24h) or an RFC 3339 `TIME`", DefaultText: "from the first order"},
			&cli.StringFlag{Name: flagUntil, Usage: "placed before: a duration ago or an RFC 3339 `TIME`", DefaultText: "up to the last order"},
			&cli.IntFlag{Name: flagPageSize, Usage: "orders per page, 1 to 2000", DefaultText: "the gateway's, 500"},
			&cli.BoolFlag{Name: flagAll, Usage: "follow the pages to the end"},
			&cli.StringFlag{Name: flagAfter, Usage: "continue after `CURSOR` (the next cursor a page printed)"},
			&cli.BoolFlag{Name: flagNewestFirst, Usage: "newest first"},
		),
		Action: runOrders,
	}
}

func runOrders(c *cli.Context) error {
	if err := argsCheck(c, "orders [--since 24h --until TIME --page-size N --all --newest-first --after CURSOR]", 0, 0); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	now := time.Now()
	var q client.OrderHistoryQuery
	if v := c.String(flagSince); v != "" {
		if q.Start, err = parseWhen(flagSince, v, now); err != nil {
			return err
		}
	}
	if v := c.String(flagUntil); v != "" {
		if q.End, err = parseWhen(flagUntil, v, now); err != nil {
			return err
		}
	}
	if !q.Start.IsZero() && !q.End.IsZero() && !q.Start.Before(q.End) {
		return usageError("--since %s is not before --until %s", q.Start.Format(time.RFC3339), q.End.Format(time.RFC3339))
	}
	if q.PageSize = c.Int(flagPageSize); q.PageSize < 0 || q.PageSize > api.MaxPageSize {
		return usageError("--page-size %d: give 1 to %d", q.PageSize, api.MaxPageSize)
	}
	if q.After = c.String(flagAfter); c.Bool(flagAll) && q.After != "" {
		return usageError("--all starts from the beginning; drop --after, or drop --all")
	}
	if c.Bool(flagNewestFirst) {
		q.OrderBy = client.NewestFirst
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		orders := []api.Order{}
		next := ""
		if c.Bool(flagAll) {
			for o, err := range cl.AllOrders(c.Context, sub, q) {
				if err != nil {
					return apiError(cfg, err)
				}
				orders = append(orders, o)
			}
		} else {
			page, err := cl.OrderHistory(c.Context, sub, q)
			if err != nil {
				return apiError(cfg, err)
			}
			orders = page.Orders
			if page.HasMore {
				next = page.AfterCursor
			}
		}
		out := map[string]any{"orders": orders, "nextCursor": next}
		return output(c, out, func() error {
			if len(orders) == 0 {
				_, err := fmt.Fprintln(c.App.Writer, "no orders"+describeRange(q.Start, q.End))
				return err
			}
			rows := make([][]string, 0, len(orders))
			for _, o := range orders {
				rows = append(rows, []string{millis(o.TimestampMillis), o.OrderSource, firstOf(o.OrderID, o.InstructionID),
					orDash(o.SellingAsset), orDash(o.BuyingAsset), amountOf(o.QuantitySold, o.SellingAsset), amountOf(o.QuantityBought, o.BuyingAsset), orDash(o.Status)})
			}
			if err := table(c, []string{"TIME", "SOURCE", "ORDER-ID", "SELL", "BUY", "SOLD", "BOUGHT", "STATUS"}, rows); err != nil {
				return err
			}
			if next != "" {
				_, err := fmt.Fprintf(c.App.Writer, "more: run again with --after %s, or --all\n", next)
				return err
			}
			return nil
		})
	})
}

// describeRange says which placement times were asked for, "" for all.
func describeRange(start, end time.Time) string {
	switch {
	case !start.IsZero() && !end.IsZero():
		return fmt.Sprintf(" placed from %s to %s", start.UTC().Format(time.RFC3339), end.UTC().Format(time.RFC3339))
	case !start.IsZero():
		return " placed since " + start.UTC().Format(time.RFC3339)
	case !end.IsZero():
		return " placed before " + end.UTC().Format(time.RFC3339)
	}
	return ""
}
