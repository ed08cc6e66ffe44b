package dtwcli

import (
	"bufio"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// Flags of swap, quote, commission and order show (with flagSell, flagBuy, flagAmount,
// flagLimit, flagWait and flagWaitTimeout of trade.go).
const (
	flagExpires     = "expires"
	flagAmountToBuy = "amount-to-buy"
	flagAccept      = "accept"
	flagType        = "type"
)

// Polling of a resting limit order by `dtw swap --wait`.
const (
	swapPollInterval = 500 * time.Millisecond
	// estimateEvery is how often the wait shows what the order would buy now.
	estimateEvery = 5 * time.Second
)

// maxInstructionID is the interface's longest instructionId.
const maxInstructionID = 64

// drawInstructionID is a fresh instructionId for a request the user gave none.
func drawInstructionID() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "dtw-" + hex.EncodeToString(b[:])
}

func swapCommand() *cli.Command {
	return &cli.Command{
		Name: "swap",
		Usage: "swap on your OFFCHAIN balance against the gateway's house: a market order fills at once at the feed's price less commission; " +
			"--limit rests until it can receive at least that much, or expires",
		Flags: append(configFlags(), subAccountFlag,
			&cli.StringFlag{Name: flagSell, Usage: "`ASSET` to sell, e.g. dai"},
			&cli.StringFlag{Name: flagBuy, Usage: "`ASSET` to buy, e.g. usdt"},
			&cli.StringFlag{Name: flagAmount, Usage: "`AMOUNT` of --sell to sell, a decimal"},
			&cli.StringFlag{Name: flagLimit, Usage: "a limit order: receive at least `AMOUNT` of --buy, or nothing"},
			&cli.StringFlag{Name: flagExpires, Usage: "with --limit: cancel it unfilled after a `DURATION` (e.g. 24h) or at an RFC 3339 time", DefaultText: "the gateway's, 24h"},
			&cli.StringFlag{Name: flagInstructionID, Usage: "your `ID` of the order; repeating the swap with it answers the same order, never a second one", DefaultText: "drawn and printed"},
			&cli.BoolFlag{Name: flagWait, Usage: "with --limit: wait until the order is SETTLED or CANCELLED, showing progress"},
			&cli.DurationFlag{Name: flagWaitTimeout, Usage: "give up --wait after `DURATION`", DefaultText: "until the order closes"},
		),
		Action: runSwap,
	}
}

func quoteCommand() *cli.Command {
	return &cli.Command{
		Name: "quote",
		Usage: "request a firm RFQ quote on OFFCHAIN for buying --amount-to-buy of --buy with --sell; it holds 5 s: " +
			"accept with --accept, or answer the y/N prompt before its countdown ends",
		Flags: append(configFlags(), subAccountFlag,
			&cli.StringFlag{Name: flagSell, Usage: "`ASSET` to pay with, e.g. dai"},
			&cli.StringFlag{Name: flagBuy, Usage: "`ASSET` to buy, e.g. usdt"},
			&cli.StringFlag{Name: flagAmountToBuy, Usage: "`AMOUNT` of --buy to buy, a decimal"},
			&cli.BoolFlag{Name: flagAccept, Usage: "accept the quote at once, without asking"},
			&cli.StringFlag{Name: flagInstructionID, Usage: "your `ID` of the quote; requesting again with it answers the same quote", DefaultText: "drawn and printed"},
		),
		Action: runQuote,
	}
}

func commissionCommand() *cli.Command {
	return &cli.Command{
		Name:      "commission",
		Usage:     "the commission you pay selling --sell for --buy on SOURCE (default OFFCHAIN)",
		ArgsUsage: "[SOURCE]",
		Flags: append(configFlags(), subAccountFlag,
			&cli.StringFlag{Name: flagSell, Usage: "`ASSET` sold"},
			&cli.StringFlag{Name: flagBuy, Usage: "`ASSET` bought"},
		),
		Action: runCommission,
	}
}

// orderShowCommand is `dtw order show`: an OFFCHAIN order by the instructionId you gave it.
func orderShowCommand() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "an OFFCHAIN order by your instructionId: a swap's, or with --type RFQ the trade of an accepted quote",
		ArgsUsage: "OFFCHAIN INSTRUCTION_ID",
		Flags: append(configFlags(), subAccountFlag,
			&cli.StringFlag{Name: flagType, Value: api.OrderKindSwap, Usage: "`KIND` of order: SWAP or RFQ"}),
		Action: runOrderShow,
	}
}

// requiredFlags fails with usage when one of the string flags is empty.
func requiredFlags(c *cli.Context, usage string, names ...string) error {
	for _, f := range names {
		if strings.TrimSpace(c.String(f)) == "" {
			return usageError("--%s is required: `dtw %s`", f, usage)
		}
	}
	return nil
}

// positiveDecimal checks a decimal amount flag before anything is sent (the gateway
// checks the asset's decimals).
func positiveDecimal(flag, s string) error {
	if d, err := chain.ParseDecimal(s); err != nil || !d.IsPositive() {
		return usageError("--%s %q: give a positive decimal, e.g. 10.5", flag, echo.Value(s))
	}
	return nil
}

// tradeIDs checks --sell and --buy, and --instruction-id or draws one; drawn reports it.
func tradeIDs(c *cli.Context) (id string, drawn bool, err error) {
	if strings.EqualFold(strings.TrimSpace(c.String(flagSell)), strings.TrimSpace(c.String(flagBuy))) {
		return "", false, usageError("--sell and --buy are the same asset (%s)", echo.Value(c.String(flagSell)))
	}
	id = c.String(flagInstructionID)
	switch {
	case id == "":
		return drawInstructionID(), true, nil
	case len(id) > maxInstructionID || strings.TrimSpace(id) != id:
		return "", false, usageError("--instruction-id %q: at most %d characters, no surrounding spaces", echo.Value(id), maxInstructionID)
	}
	return id, false, nil
}

// swapRequest builds the swap of the flags, checked before anything is sent.
func swapRequest(c *cli.Context, usage string, now time.Time) (api.SwapRequest, bool, error) {
	if err := requiredFlags(c, usage, flagSell, flagBuy, flagAmount); err != nil {
		return api.SwapRequest{}, false, err
	}
	id, drawn, err := tradeIDs(c)
	if err != nil {
		return api.SwapRequest{}, false, err
	}
	if err := positiveDecimal(flagAmount, c.String(flagAmount)); err != nil {
		return api.SwapRequest{}, false, err
	}
	req := api.SwapRequest{InstructionID: id, SellingAsset: c.String(flagSell), BuyingAsset: c.String(flagBuy), AmountToSell: c.String(flagAmount)}
	limit := c.String(flagLimit)
	if limit == "" {
		if c.IsSet(flagExpires) {
			return req, false, usageError("--expires goes with --limit: a market swap fills at once")
		}
		return req, drawn, nil
	}
	if err := positiveDecimal(flagLimit, limit); err != nil {
		return req, false, err
	}
	req.OrderType, req.LimitAmountToReceive = api.OrderTypeLimit, limit
	if v := c.String(flagExpires); v != "" {
		at, err := parseExpiry(v, now)
		if err != nil {
			return req, false, err
		}
		// Absolute, so that a repeat of the command with the printed time asks the same.
		req.ExpiresAt = at.UTC().Format(time.RFC3339)
	}
	return req, drawn, nil
}

// parseExpiry reads --expires: a positive duration from now, or an RFC 3339 time.
func parseExpiry(v string, now time.Time) (time.Time, error) {
	if d, err := time.ParseDuration(v); err == nil {
		if d <= 0 {
			return time.Time{}, usageError("--expires %s: give a positive duration, e.g. 24h", echo.Value(v))
		}
		return now.Add(d), nil
	}
	at, err := time.Parse(time.RFC3339, v)
	if err != nil {
		return time.Time{}, usageError("--expires %q: give a duration (24h) or an RFC 3339 time (2030-01-02T15:04:05Z)", echo.Value(v))
	}
	return at, nil
}

// retryFlags are the flags that make a repeat of the swap ask for the same order.
func retryFlags(req api.SwapRequest) string {
	s := "--" + flagInstructionID + " " + req.InstructionID
	if req.ExpiresAt != "" {
		s += " --" + flagExpires + " " + req.ExpiresAt
	}
	return s
}

func runSwap(c *cli.Context) error {
	const usage = "swap --sell ASSET --buy ASSET --amount AMOUNT [--limit MIN_TO_RECEIVE [--expires 24h|TIME] [--wait]] [--instruction-id ID]"
	if err := argsCheck(c, usage, 0, 0); err != nil {
		return err
	}
	req, drawn, err := swapRequest(c, usage, time.Now())
	if err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		if drawn {
			progress(c, "instructionId %s (to retry without a second order: `dtw swap ... %s`)", req.InstructionID, retryFlags(req))
		}
		o, err := cl.Swap(c.Context, sub, req)
		if err != nil {
			return tradeError(cfg, err, fmt.Sprintf("if the gateway got it, the swap stands: repeat the command with %s (the gateway answers the same order, never a second one), or look with `dtw order show %s %s`",
				retryFlags(req), api.SourceOffchain, req.InstructionID))
		}
		if c.Bool(flagWait) && !finalOrder(o.Status) {
			if o, err = waitSwap(c, cfg, cl, sub, o); err != nil {
				return err
			}
		}
		return printOffchainOrder(c, o)
	})
}

// finalOrder reports whether an order's status is final.
func finalOrder(status string) bool {
	return status == api.StatusSettled || status == api.StatusCancelled || status == api.StatusFailed
}

// waitSwap follows a resting limit order until it closes, showing what it would buy now
// against its limit.
func waitSwap(c *cli.Context, cfg *Config, cl *client.Client, sub string, o api.OrderStatus) (api.OrderStatus, error) {
	var deadline time.Time
	if d := c.Duration(flagWaitTimeout); d > 0 {
		deadline = time.Now().Add(d)
	}
	progress(c, "open: order %s rests until %s %s buy at least %s %s (expires %s); waiting",
		o.OrderID, o.AmountToSell, o.SellingAsset, o.LimitAmountToReceive, o.BuyingAsset, unixTime(o.Deadline))
	var lastEstimate string
	var estimated time.Time
	tick := time.NewTicker(swapPollInterval)
	defer tick.Stop()
	for !finalOrder(o.Status) {
		if now := time.Now(); now.Sub(estimated) >= estimateEvery {
			estimated = now
			if e := estimateLine(c, cl, o); e != lastEstimate {
				lastEstimate = e
				progress(c, "%s", e)
			}
		}
		if !deadline.IsZero() && time.Now().After(deadline) {
			return o, &exitError{code: ExitAPI, err: fmt.Errorf("order %s is still %s after %s", o.OrderID, o.Status, c.Duration(flagWaitTimeout)),
				hint: fmt.Sprintf("the order stands; follow it with `dtw order status %s %s`", api.SourceOffchain, o.OrderID)}
		}
		select {
		case <-c.Context.Done():
			return o, c.Context.Err()
		case <-tick.C:
		}
		next, err := cl.OrderStatusOf(c.Context, sub, api.SourceOffchain, o.OrderID)
		if err != nil {
			return o, apiError(cfg, err)
		}
		o = next
	}
	progress(c, "%s: order %s", strings.ToLower(o.Status), o.OrderID)
	return o, nil
}

// estimateLine says about what a resting order's amount would buy now: the gateway's
// price less the OFFCHAIN commission (indicative; the fill is priced by the gateway).
func estimateLine(c *cli.Context, cl *client.Client, o api.OrderStatus) string {
	p, err := cl.Price(c.Context, o.SellingAsset, o.BuyingAsset, api.SourceOffchain)
	if err != nil {
		return "open: no price for " + o.SellingAsset + "/" + o.BuyingAsset + " now"
	}
	price, err1 := decimal.NewFromString(p.Price)
	amount, err2 := decimal.NewFromString(o.AmountToSell)
	if err1 != nil || err2 != nil {
		return "open: no price for " + o.SellingAsset + "/" + o.BuyingAsset + " now"
	}
	return fmt.Sprintf("open: %s %s would buy about %s %s now; the limit is %s", o.AmountToSell, o.SellingAsset,
		amount.Mul(price).RoundDown(8), o.BuyingAsset, o.LimitAmountToReceive)
}

// printOffchainOrder prints an OFFCHAIN order.
func printOffchainOrder(c *cli.Context, o api.OrderStatus) error {
	return output(c, o, func() error { return table(c, []string{"FIELD", "VALUE"}, offchainOrderRows(o)) })
}

func offchainOrderRows(o api.OrderStatus) [][]string {
	rows := [][]string{
		{"order", o.OrderID}, {"instructionId", o.InstructionID}, {"source", o.OrderSource}, {"type", strings.TrimSpace(o.Type + " " + o.OrderType)},
		{"status", o.Status}, {"sell", o.AmountToSell + " " + o.SellingAsset},
	}
	if o.LimitAmountToReceive != "" {
		rows = append(rows, []string{"buy at least", o.LimitAmountToReceive + " " + o.BuyingAsset}, []string{"expires", unixTime(o.Deadline)})
	}
	rows = append(rows, []string{"sold", amountOf(o.QuantitySold, o.SellingAsset)}, []string{"bought", amountOf(o.QuantityBought, o.BuyingAsset)})
	if o.Price != "" {
		rows = append(rows, []string{"price", o.Price + " " + o.BuyingAsset + " per " + o.SellingAsset})
	}
	if o.Commission != "" {
		rows = append(rows, []string{"commission", o.Commission + " " + o.BuyingAsset})
	}
	if o.Reason != "" {
		rows = append(rows, []string{"reason", o.Reason})
	}
	return append(rows, []string{"placed", millis(o.TimestampMillis)})
}

// tradeError explains a failed trading call: a call without an answer may have been
// carried out (retry says how to find out or repeat it safely); the gateway's refusals
// say what to change.
func tradeError(cfg *Config, err error, retry string) error {
	var e *client.Error
	switch {
	case isExitCoder(err) || errors.Is(err, errNotLoggedIn) || errors.Is(err, client.ErrNoAuthenticator):
		return apiError(cfg, err)
	case !errors.As(err, &e):
		return &exitError{code: ExitAPI, err: err, hint: retry + "; " + apiHint(cfg, err)}
	case e.StatusCode >= 500:
		return &exitError{code: ExitAPI, err: err, hint: retry}
	case e.Code == api.CodeInstructionIDReused:
		return &exitError{code: ExitAPI, err: err, hint: "that instructionId names another request of yours: repeat it exactly, or drop --instruction-id to draw a new one; nothing was changed"}
	case e.Code == api.CodeInsufficientFunds:
		return &exitError{code: ExitAPI, err: err, hint: "see `dtw offchain balance OFFCHAIN` and `dtw offchain credit`; nothing was changed"}
	case e.Code == api.CodeNotEnoughLiquidity:
		return &exitError{code: ExitAPI, err: err, hint: "the house cannot take that much now (see the message): trade less; nothing was changed"}
	case e.Code == api.CodeNoMarketDataFound && e.StatusCode == 404:
		return &exitError{code: ExitAPI, err: err, hint: "the gateway has no price for the pair now (its feed is stale or missing): try again later; nothing was changed"}
	}
	return apiError(cfg, err)
}

// quoteResult is what `dtw quote --json` prints: the quote, whether it was accepted, and
// the trade when it was.
type quoteResult struct {
	Quote    api.Quote        `json:"quote"`
	Accepted bool             `json:"accepted"`
	Order    *api.OrderStatus `json:"order"`
}

func runQuote(c *cli.Context) error {
	const usage = "quote --sell ASSET --buy ASSET --amount-to-buy AMOUNT [--accept] [--instruction-id ID]"
	if err := argsCheck(c, usage, 0, 0); err != nil {
		return err
	}
	if err := requiredFlags(c, usage, flagSell, flagBuy, flagAmountToBuy); err != nil {
		return err
	}
	id, drawn, err := tradeIDs(c)
	if err != nil {
		return err
	}
	if err := positiveDecimal(flagAmountToBuy, c.String(flagAmountToBuy)); err != nil {
		return err
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	req := api.QuoteRequest{InstructionID: id, SellingAsset: c.String(flagSell), BuyingAsset: c.String(flagBuy), AmountToBuy: c.String(flagAmountToBuy)}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		if drawn {
			progress(c, "instructionId %s", id)
		}
		sent := time.Now()
		q, err := cl.RequestQuote(c.Context, sub, req)
		if err != nil {
			return tradeError(cfg, err, "nothing was traded (a quote trades only when accepted); request again")
		}
		deadline := quoteDeadline(q, sent)
		progress(c, "quote %s: sell %s %s to buy %s %s, price %s %s per %s (commission %s %s included)",
			q.InstructionID, q.AmountToSell, q.SellingAsset, q.AmountToBuy, q.BuyingAsset, q.Price, q.BuyingAsset, q.SellingAsset, q.Commission, q.BuyingAsset)
		res := quoteResult{Quote: q}
		if !c.Bool(flagAccept) {
			if !time.Now().Before(deadline) {
				return &exitError{code: ExitError, err: fmt.Errorf("quote %s expired at %s, before it could be accepted: nothing was traded", q.InstructionID, millis(q.ExpiresAtMillis)),
					hint: "an instructionId names one quote: request a new one without --instruction-id (or with a new id), and answer within its 5 s or pass --accept"}
			}
			switch askAccept(c, deadline) {
			case answerNo:
				return output(c, res, func() error {
					_, err := fmt.Fprintln(c.App.Writer, "declined: nothing was traded")
					return err
				})
			case answerLate:
				return &exitError{code: ExitError, err: fmt.Errorf("quote %s expired unanswered: nothing was traded", q.InstructionID),
					hint: "request a new quote and answer within its 5 s, or pass --accept"}
			case answerInterrupted:
				return fmt.Errorf("interrupted before accepting quote %s: nothing was traded: %w", q.InstructionID, c.Context.Err())
			}
		}
		o, err := actionQuote(c, cfg, cl, sub, q)
		if err != nil {
			return err
		}
		res.Accepted, res.Order = true, &o
		return output(c, res, func() error {
			fmt.Fprintf(c.App.Writer, "accepted: sold %s %s, bought %s %s\n", o.QuantitySold, o.SellingAsset, o.QuantityBought, o.BuyingAsset)
			return table(c, []string{"FIELD", "VALUE"}, offchainOrderRows(o))
		})
	})
}

// quoteDeadline is when, on this machine's clock, a quote stops being firm: its validity
// counted from before the request was sent, and no later than its expiry by the local
// clock (a repeated instructionId answers an older quote). Both err on the early side;
// the gateway's clock decides.
func quoteDeadline(q api.Quote, sent time.Time) time.Time {
	issued, err1 := strconv.ParseInt(q.TimestampMillis, 10, 64)
	expires, err2 := strconv.ParseInt(q.ExpiresAtMillis, 10, 64)
	if err1 != nil || err2 != nil {
		return sent
	}
	deadline := sent.Add(time.Duration(expires-issued) * time.Millisecond)
	if at := time.UnixMilli(expires); at.Before(deadline) {
		return at
	}
	return deadline
}

// answer is the trader's answer to the y/N prompt.
type answer int

const (
	answerNo answer = iota
	answerYes
	// answerLate: no answer before the quote's deadline.
	answerLate
	// answerInterrupted: the command was interrupted (Ctrl-C) while asking.
	answerInterrupted
)

// askAccept asks y/N on stdin until deadline, with a countdown on a terminal (stderr);
// end of input answers no.
func askAccept(c *cli.Context, deadline time.Time) answer {
	lines := make(chan string, 1)
	go func() {
		line, err := bufio.NewReader(c.App.Reader).ReadString('\n')
		if err != nil && line == "" {
			close(lines)
			return
		}
		lines <- line
	}()
	w := c.App.ErrWriter
	live := isTerminal(w)
	prompt := func() {
		left := max(time.Until(deadline), 0)
		if live {
			fmt.Fprintf(w, "\raccept? [y/N] %4.1fs left ", left.Seconds())
			return
		}
		fmt.Fprintf(w, "accept? [y/N] (firm for %.1f s)\n", left.Seconds())
	}
	prompt()
	tick := time.NewTicker(100 * time.Millisecond)
	defer tick.Stop()
	timeout := time.NewTimer(time.Until(deadline))
	defer timeout.Stop()
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return answerNo
			}
			switch strings.ToLower(strings.TrimSpace(line)) {
			case "y", "yes":
				return answerYes
			}
			return answerNo
		case <-timeout.C:
			if live {
				fmt.Fprintln(w)
			}
			return answerLate
		case <-c.Context.Done():
			if live {
				fmt.Fprintln(w)
			}
			return answerInterrupted
		case <-tick.C:
			if live {
				prompt()
			}
		}
	}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// actionQuote accepts a quote and returns its trade. Without an answer (network error,
// 5xx) the action may have gone through, so the trade is looked up rather than the
// action repeated.
func actionQuote(c *cli.Context, cfg *Config, cl *client.Client, sub string, q api.Quote) (api.OrderStatus, error) {
	lookup := func() (api.OrderStatus, error) {
		return cl.OrderByInstructionKind(c.Context, sub, api.SourceOffchain, api.OrderKindRFQ, q.InstructionID)
	}
	err := cl.ActionQuote(c.Context, sub, q.InstructionID)
	var e *client.Error
	switch {
	case err == nil:
	case errors.As(err, &e) && e.Code == api.CodeNoMarketDataFound && strings.Contains(e.Description, "expired"):
		return api.OrderStatus{}, &exitError{code: ExitAPI, err: fmt.Errorf("quote %s expired before the gateway got the acceptance: nothing was traded (%w)", q.InstructionID, err),
			hint: "request a new quote (without --instruction-id, or with a new id: an id names one quote) and accept it within its 5 s"}
	case errors.As(err, &e) && e.Code == api.CodeNoMarketDataFound && strings.Contains(e.Description, "actioned already"):
		// A repeat of an accepted quote (--instruction-id): show the trade it made.
		progress(c, "quote %s was accepted already", q.InstructionID)
	case errors.As(err, &e) && e.StatusCode < 500:
		return api.OrderStatus{}, tradeError(cfg, err, "")
	default:
		o, lerr := lookup()
		if lerr == nil {
			progress(c, "the acceptance got no answer (%v), but the trade is recorded", err)
			return o, nil
		}
		return api.OrderStatus{}, &exitError{code: ExitAPI, err: fmt.Errorf("accepting quote %s got no answer: %w", q.InstructionID, err),
			hint: fmt.Sprintf("look for the trade with `dtw order show %s %s --type RFQ`; if there is none, nothing was traded", api.SourceOffchain, q.InstructionID)}
	}
	o, err := lookup()
	if err != nil {
		return api.OrderStatus{}, apiError(cfg, fmt.Errorf("quote %s was accepted, but reading its trade failed: %w", q.InstructionID, err))
	}
	return o, nil
}

func runCommission(c *cli.Context) error {
	const usage = "commission --sell ASSET --buy ASSET [SOURCE]"
	if err := argsCheck(c, usage, 0, 1); err != nil {
		return err
	}
	if err := requiredFlags(c, usage, flagSell, flagBuy); err != nil {
		return err
	}
	source := strings.ToUpper(c.Args().First())
	if source == "" {
		source = api.SourceOffchain
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		res, err := cl.SubAccountCommissionRate(c.Context, sub, source, c.String(flagBuy), c.String(flagSell))
		if err != nil {
			return apiError(cfg, err)
		}
		return output(c, res, func() error {
			pct := "-"
			if d, err := decimal.NewFromString(res.Commission); err == nil {
				pct = d.Shift(2).String() + "%"
			}
			_, err := fmt.Fprintf(c.App.Writer, "commission on %s selling %s for %s: %s (%s)\n", source, res.SellingAsset, res.BuyingAsset, res.Commission, pct)
			return err
		})
	})
}

// isOffchain reports whether a SOURCE argument names the OFFCHAIN venue.
func isOffchain(source string) bool { return strings.EqualFold(source, api.SourceOffchain) }

// runOffchainOrderStatus is `dtw order status OFFCHAIN ORDER_ID`.
func runOffchainOrderStatus(c *cli.Context) error {
	if err := argsCheck(c, "order status [--sub-account ID] OFFCHAIN ORDER_ID", 2, 2); err != nil {
		return err
	}
	id := c.Args().Get(1)
	if n, err := strconv.ParseUint(id, 10, 64); err != nil || n == 0 {
		return usageError("ORDER %q: an OFFCHAIN order id is a positive integer; for the instructionId you gave it, use `dtw order show OFFCHAIN ID [--type RFQ]`", echo.Value(id))
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		o, err := cl.OrderStatusOf(c.Context, sub, api.SourceOffchain, id)
		if err != nil {
			return offchainOrderError(cfg, err)
		}
		return printOffchainOrder(c, o)
	})
}

// offchainOrderError explains a failed lookup of an OFFCHAIN order.
func offchainOrderError(cfg *Config, err error) error {
	if client.StatusCode(err) == http.StatusNotFound {
		return &exitError{code: ExitAPI, err: err, hint: "check the id: the gateway shows only your own orders (a sub-account's with `dtw --account ID`); " +
			"a quote's trade is `dtw order show OFFCHAIN ID --type RFQ`, and exists only once the quote was accepted"}
	}
	return apiError(cfg, err)
}

// chainOrderAccount refuses a sub-account for a chain's order status: `dtw order status`
// takes one for OFFCHAIN orders only.
func chainOrderAccount(c *cli.Context) error {
	named := c.String(flagSubAccount)
	if named == "" {
		named = rootContext(c).String(flagGlobalAccount)
	}
	if named == "" {
		return nil
	}
	return usageError("`%s` acts on a sub-account for OFFCHAIN orders only: drop --account/--sub-account %q for a chain's order", c.Command.HelpName, echo.Value(named))
}

func runOrderShow(c *cli.Context) error {
	if err := argsCheck(c, "order show [--type SWAP|RFQ] [--sub-account ID] OFFCHAIN INSTRUCTION_ID", 2, 2); err != nil {
		return err
	}
	source := c.Args().First()
	if !isOffchain(source) {
		return usageError("`dtw order show` finds OFFCHAIN orders; on a chain the instructionId is the placing transaction: `dtw order status %s 0xHASH`", echo.Value(strings.ToUpper(source)))
	}
	kind := strings.ToUpper(c.String(flagType))
	if kind != api.OrderKindSwap && kind != api.OrderKindRFQ {
		return usageError("--type %q: SWAP (a swap's instructionId) or RFQ (a quote's)", echo.Value(c.String(flagType)))
	}
	sub, err := subAccount(c)
	if err != nil {
		return err
	}
	return withClient(c, nil, func(cfg *Config, cl *client.Client) error {
		o, err := cl.OrderByInstructionKind(c.Context, sub, api.SourceOffchain, kind, c.Args().Get(1))
		if err != nil {
			return offchainOrderError(cfg, err)
		}
		return printOffchainOrder(c, o)
	})
}
