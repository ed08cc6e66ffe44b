package dtwcli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
)

// watchCommand is `dtw watch prices|orders|activity`: the websocket's pushes, a line
// each, until Ctrl-C.
func watchCommand() *cli.Command {
	flags := configFlags()
	return &cli.Command{
		Name: "watch",
		Usage: "stream the gateway's websocket (a line per event, or --json) until Ctrl-C; it reconnects by itself, " +
			"and says so on stderr: what happened meanwhile is not replayed (see dtw history, dtw orders)",
		Subcommands: []*cli.Command{
			{Name: "prices", Usage: "the price of each PAIR (SELL/BUY, e.g. eth/usdt) now and whenever it changes",
				ArgsUsage: "PAIR...", Flags: flags, Action: runWatch(watchPrices)},
			{Name: "orders", Usage: "your orders as they settle or are cancelled, off-chain and on-chain",
				Flags: flags, Action: runWatch(watchOrders)},
			{Name: "activity", Usage: "your deposits and withdrawals, off-chain and on-chain",
				Flags: flags, Action: runWatch(watchActivity)},
		},
	}
}

type watchKind int

const (
	watchPrices watchKind = iota
	watchOrders
	watchActivity
)

func runWatch(kind watchKind) cli.ActionFunc {
	return func(c *cli.Context) error {
		var sub api.Subscription
		switch kind {
		case watchPrices:
			if err := argsCheck(c, "watch prices PAIR... (e.g. eth/usdt)", 1, api.WSMaxPairs); err != nil {
				return err
			}
			body := &api.SubscriptionBody{}
			for _, a := range c.Args().Slice() {
				sell, buy, ok := strings.Cut(a, "/")
				if !ok || sell == "" || buy == "" || strings.Contains(buy, "/") {
					return usageError("pair %q: write SELL/BUY, e.g. eth/usdt", a)
				}
				if strings.EqualFold(sell, buy) {
					return usageError("pair %q: the selling and the buying asset are the same", a)
				}
				body.Assets = append(body.Assets, api.AssetPair{SellingAsset: sell, BuyingAsset: buy})
			}
			sub = api.Subscription{ChannelType: api.ChannelPriceFeedUpdates, Body: body}
		case watchOrders:
			if err := argsCheck(c, "watch orders", 0, 0); err != nil {
				return err
			}
			sub = api.Subscription{ChannelType: api.ChannelOrders}
		default:
			if err := argsCheck(c, "watch activity", 0, 0); err != nil {
				return err
			}
			sub = api.Subscription{ChannelType: api.ChannelAccountActivity}
		}
		return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
			return watch(c, cfg, cl, sub)
		})
	}
}

// watch prints the pushes of sub until the context ends (Ctrl-C: exit 0).
func watch(c *cli.Context, cfg *Config, cl *client.Client, sub api.Subscription) error {
	ctx := c.Context
	w, err := cl.Watch(ctx, sub)
	if errors.Is(err, context.Canceled) {
		return nil
	}
	if err != nil {
		return apiError(cfg, err)
	}
	defer w.Close()
	progress(c, "watching %s (Ctrl-C to stop)", describeSubscription(sub))
	for {
		m, err := w.Next(ctx)
		if ctx.Err() != nil {
			return nil
		}
		if err != nil {
			return apiError(cfg, fmt.Errorf("the websocket ended: %w", err))
		}
		if m.Reconnected {
			fmt.Fprintf(c.App.ErrWriter, "dtw: reconnected at %s: events while disconnected are not replayed (dtw history, dtw orders show them)\n",
				time.Now().Format(time.RFC3339))
			continue
		}
		if c.Bool(flagJSON) {
			fmt.Fprintf(c.App.Writer, "%s\n", m.Raw)
			continue
		}
		printPush(c.App.Writer, m)
	}
}

func describeSubscription(sub api.Subscription) string {
	if sub.Body == nil {
		return string(sub.ChannelType)
	}
	pairs := make([]string, len(sub.Body.Assets))
	for i, p := range sub.Body.Assets {
		pairs[i] = p.SellingAsset + "/" + p.BuyingAsset
	}
	return string(sub.ChannelType) + " " + strings.Join(pairs, " ")
}

// printPush writes one push as a line: its time, what it is and its figures.
func printPush(out io.Writer, m client.Message) {
	switch {
	case m.Price != nil:
		p := m.Price
		fmt.Fprintf(out, "%s  PRICE  %s/%s  %s\n", millisTime(p.TimestampMillis), p.SellingAsset, p.BuyingAsset, p.Price)
	case m.Activity != nil:
		a := m.Activity
		line := fmt.Sprintf("%s  %s  %s  %s %s", millisTime(a.TimestampMillis), a.ActivityType, a.Source, a.Amount, a.Asset)
		if a.TransactionHash != "" {
			line += "  tx " + a.TransactionHash
		}
		if a.Removed {
			line += "  REMOVED by a reorg"
		}
		fmt.Fprintln(out, line)
	case m.Order != nil:
		o := m.Order
		line := fmt.Sprintf("%s  %s  %s  order %s  sold %s %s  bought %s %s", millisTime(o.TimestampMillis), o.Status, o.OrderSource, o.OrderID,
			orDash(o.QuantitySold), o.SellingAsset, orDash(o.QuantityBought), o.BuyingAsset)
		if o.ReturnTxID != nil {
			line += "  returnTx " + *o.ReturnTxID
		}
		if o.Removed {
			line += "  REMOVED by a reorg"
		}
		fmt.Fprintln(out, line)
	}
}

// millisTime formats epoch milliseconds as RFC 3339 in UTC, to the millisecond, and how
// long ago it was ("2026-11-27T00:23:00.123Z (3s ago)"); anything else as it is.
func millisTime(ms string) string {
	n, err := strconv.ParseInt(ms, 10, 64)
	if err != nil {
		return orDash(ms)
	}
	t := time.UnixMilli(n)
	return t.UTC().Format("2006-01-02T15:04:05.000Z") + " (" + relative(time.Until(t)) + ")"
}
