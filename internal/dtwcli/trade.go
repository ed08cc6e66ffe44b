package dtwcli

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// Flags of deposit, order and withdraw.
const (
	flagSell        = "sell"
	flagBuy         = "buy"
	flagAmount      = "amount"
	flagMin         = "min"
	flagSlippage    = "slippage"
	flagLimit       = "limit"
	flagDeadline    = "deadline"
	flagGasless     = "gasless"
	flagWait        = "wait"
	flagWaitTimeout = "wait-timeout"
	flagTo          = "to"
	flagTx          = "tx"
)

// pollInterval is how often --wait asks the gateway.
const pollInterval = 300 * time.Millisecond

// parseAmount converts a decimal amount of an asset to base units, as a usage error.
func parseAmount(what string, a chain.Asset, s string) (*big.Int, error) {
	v, err := a.ParseAmount(s)
	if err != nil {
		return nil, usageError("%s %q: %v", what, echo.Value(s), err)
	}
	return v, nil
}

// assetAmountArgs validates the arguments SOURCE ASSET AMOUNT against the config.
func assetAmountArgs(c *cli.Context) (*Config, chain.Source, chain.Asset, *big.Int, error) {
	cfg, src, err := sourceArg(c)
	if err != nil {
		return nil, src, chain.Asset{}, nil, err
	}
	a, err := asset(src, c.Args().Get(1))
	if err != nil {
		return nil, src, a, nil, err
	}
	amount, err := parseAmount("AMOUNT", a, c.Args().Get(2))
	return cfg, src, a, amount, err
}

// requireFree fails, before anything is sent, when the free balance of a is below
// amount.
func requireFree(c *cli.Context, cs *chainSession, a chain.Asset, amount *big.Int, hint string) error {
	free, err := cs.trader.FreeBalance(c.Context, a)
	if err != nil {
		return chainError(cs.src.Name, err)
	}
	if free.Cmp(amount) < 0 {
		return &exitError{code: ExitChain, err: fmt.Errorf("your free balance on %s is %s %s, less than %s", cs.src.Name, a.FromBaseUnits(free), a.ID, a.FromBaseUnits(amount)),
			hint: hint + "; nothing was sent"}
	}
	return nil
}

func waitFlags() []cli.Flag {
	return []cli.Flag{
		&cli.BoolFlag{Name: flagWait, Usage: "wait and show progress up to independent verification"},
		&cli.DurationFlag{Name: flagWaitTimeout, Value: 2 * time.Minute, Usage: "give up waiting after `DURATION`"},
	}
}

func depositCommand() *cli.Command {
	return &cli.Command{
		Name:      "deposit",
		Usage:     "move AMOUNT of ASSET from your wallet into your free balance in the DTW contract of SOURCE (approving first if needed)",
		ArgsUsage: "SOURCE ASSET AMOUNT",
		Flags:     append(configFlags(), signerFlags()...),
		Action:    runDeposit,
	}
}

func runDeposit(c *cli.Context) error {
	if err := argsCheck(c, "deposit SOURCE ASSET AMOUNT", 3, 3); err != nil {
		return err
	}
	cfg, src, a, amount, err := assetAmountArgs(c)
	if err != nil {
		return err
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
	d, err := cs.trader.Deposit(c.Context, a, amount)
	if err != nil {
		return chainError(src.Name, err)
	}
	out := map[string]any{"source": src.Name, "asset": a.ID, "amount": a.FromBaseUnits(amount).String(),
		"credited": a.FromBaseUnits(d.Credited).String(), "transactionHash": d.Receipt.TxHash.Hex(), "block": d.Receipt.BlockNumber.Uint64()}
	return output(c, out, func() error {
		fmt.Fprintf(c.App.Writer, "deposited %s %s on %s: credited %s\ntransaction %s (block %d)\n", a.FromBaseUnits(amount), a.ID, src.Name,
			a.FromBaseUnits(d.Credited), d.Receipt.TxHash.Hex(), d.Receipt.BlockNumber.Uint64())
		return nil
	})
}

func orderCommand() *cli.Command {
	common := configFlags()
	return &cli.Command{
		Name:  "order",
		Usage: "place DTW orders, follow and verify them, cancel them, and cancel expired ones without the gateway",
		Subcommands: []*cli.Command{
			{
				Name:      "place",
				Usage:     "place an order: market with --slippage (priced by the gateway) or --min, or limit with --limit; directly on-chain or --gasless (signed, relayed by the gateway)",
				ArgsUsage: "SOURCE",
				Flags: append(append(append(append([]cli.Flag{}, common...), signerFlags()...), waitFlags()...),
					&cli.StringFlag{Name: flagSell, Usage: "`ASSET` to sell (id or token address)"},
					&cli.StringFlag{Name: flagBuy, Usage: "`ASSET` to buy"},
					&cli.StringFlag{Name: flagAmount, Usage: "`AMOUNT` to sell, a decimal"},
					&cli.StringFlag{Name: flagMin, Usage: "a market order: receive at least `AMOUNT` of --buy, or nothing"},
					&cli.StringFlag{Name: flagSlippage, Usage: "a market order: accept `PCT` percent less than the gateway's price (GET /v2/price)"},
					&cli.StringFlag{Name: flagLimit, Usage: "a limit order: receive at least `AMOUNT` of --buy; it rests until it can, or the deadline passes"},
					&cli.DurationFlag{Name: flagDeadline, Value: time.Hour, Usage: "the order lapses `DURATION` after the latest block"},
					&cli.BoolFlag{Name: flagGasless, Usage: "sign the order and let the gateway relay it (you pay no gas)"},
				),
				Action: runOrderPlace,
			},
			{Name: "status", Usage: "the gateway's status of an order (ORDER is its id, or on a chain the 0x hash of the placing transaction)", ArgsUsage: "SOURCE ORDER",
				Flags: append(append([]cli.Flag{}, common...), subAccountFlag), Action: runOrderStatus},
			orderShowCommand(),
			orderCancelCommand(),
			{
				Name:      "verify",
				Usage:     "verify the gateway's report of a closed order against your own RPC and config (exit 5 on a mismatch)",
				ArgsUsage: "SOURCE ORDER",
				Flags:     append(append([]cli.Flag{}, common...), signerFlags()...),
				Action:    runOrderVerify,
			},
			{
				Name:      "cancel-expired",
				Usage:     "cancel your order after its deadline directly on-chain (the escape hatch: needs no gateway)",
				ArgsUsage: "SOURCE ONCHAIN_ORDER_ID",
				Flags: append(append([]cli.Flag{}, common...), append(signerFlags(),
					&cli.StringFlag{Name: flagTx, Usage: "the placing transaction `HASH`", DefaultText: "found in your RPC's logs"})...),
				Action: runOrderCancelExpired,
			},
		},
	}
}

func runOrderPlace(c *cli.Context) error {
	usage := "order place --sell ASSET --buy ASSET --amount X (--slippage PCT | --min Y | --limit Y) [--deadline 1h] [--gasless] [--wait] SOURCE"
	if err := argsCheck(c, usage, 1, 1); err != nil {
		return err
	}
	for _, f := range []string{flagSell, flagBuy, flagAmount} {
		if c.String(f) == "" {
			return usageError("--%s is required: `dtw %s`", f, usage)
		}
	}
	minS, slipS, limitS := c.String(flagMin), c.String(flagSlippage), c.String(flagLimit)
	if strings.HasPrefix(limitS, "-") { // the old switch form, `--min Y --limit`, took the next flag as its value
		return usageError("--limit %q: --limit takes the least AMOUNT of --buy to receive, as on `dtw swap`: `--limit Y` (no --min)", echo.Value(limitS))
	}
	given := 0
	for _, v := range []string{minS, slipS, limitS} {
		if v != "" {
			given++
		}
	}
	if given != 1 {
		return usageError("pass exactly one of --min AMOUNT or --slippage PCT (a market order) and --limit AMOUNT (a limit order)")
	}
	var slippage decimal.Decimal
	if slipS != "" {
		var err error
		if slippage, err = chain.ParseDecimal(strings.TrimSuffix(slipS, "%")); err != nil || slippage.Sign() < 0 || slippage.GreaterThanOrEqual(decimal.NewFromInt(100)) {
			return usageError("--slippage %q: give a percentage from 0 to under 100, e.g. 0.5", echo.Value(slipS))
		}
	}
	if d := c.Duration(flagDeadline); d <= 0 {
		return usageError("--deadline %s: give a positive duration, e.g. 1h", d)
	}
	cfg, src, err := sourceArg(c)
	if err != nil {
		return err
	}
	sell, err := asset(src, c.String(flagSell))
	if err != nil {
		return err
	}
	buy, err := asset(src, c.String(flagBuy))
	if err != nil {
		return err
	}
	if sell.Address == buy.Address {
		return usageError("--sell and --buy are the same asset (%s)", sell.ID)
	}
	amount, err := parseAmount("--amount", sell, c.String(flagAmount))
	if err != nil {
		return err
	}
	var minBuy *big.Int
	switch {
	case minS != "":
		minBuy, err = parseAmount("--min", buy, minS)
	case limitS != "":
		minBuy, err = parseAmount("--limit", buy, limitS)
	}
	if err != nil {
		return err
	}
	// The gateway is needed to price, to relay and to follow; a direct order with --min
	// or --limit and no --wait needs only the chain.
	var cl *client.Client
	if slipS != "" || c.Bool(flagGasless) || c.Bool(flagWait) {
		if cl, _, err = sessionClient(cfg); err != nil {
			return err
		}
	}
	if slipS != "" {
		p, err := cl.Price(c.Context, sell.ID, buy.ID, src.Name)
		if err != nil {
			return apiError(cfg, err)
		}
		price, err := chain.ParseDecimal(p.Price)
		if err != nil || price.Sign() <= 0 {
			return apiError(cfg, fmt.Errorf("the gateway's price of %s/%s is %q, not a positive decimal", sell.ID, buy.ID, echo.Value(p.Price)))
		}
		minBuy, err = trader.MinBuyAmount(sell, buy, amount, price, slippage)
		switch {
		case errors.Is(err, trader.ErrBuysNothing):
			return usageError("--amount %s at price %s with %s%% slippage buys nothing: sell more", c.String(flagAmount), p.Price, slippage)
		case err != nil:
			return usageError("minimum to receive: %v", err)
		}
		progress(c, "price %s %s per %s; with %s%% slippage: at least %s %s", p.Price, buy.ID, sell.ID, slippage, buy.FromBaseUnits(minBuy), buy.ID)
	}
	cs, err := openChain(c, cfg, src, true)
	if err != nil {
		return err
	}
	defer cs.Close()
	if err := requireFree(c, cs, sell, amount, fmt.Sprintf("deposit first: `dtw deposit %s %s AMOUNT`", src.Name, sell.ID)); err != nil {
		return err
	}
	head, err := cs.rpc.HeaderByNumber(c.Context, nil)
	if err != nil {
		return chainError(src.Name, err)
	}
	params := trader.OrderParams{Sell: sell, Buy: buy, SellAmount: amount, MinBuyAmount: minBuy,
		Deadline: time.Unix(int64(head.Time), 0).Add(c.Duration(flagDeadline))}
	if limitS != "" {
		params.Kind = dtw.KindLimit
	}
	res := map[string]any{"source": src.Name, "sell": sell.ID, "buy": buy.ID, "amount": sell.FromBaseUnits(amount).String(),
		"min": buy.FromBaseUnits(minBuy).String(), "deadline": params.Deadline.Unix(), "gasless": c.Bool(flagGasless)}
	var instruction string
	if c.Bool(flagGasless) {
		so, err := cs.trader.SignOrder(c.Context, params, nil)
		if err != nil {
			return chainError(src.Name, err)
		}
		sub, err := cl.SubmitOrder(c.Context, so.Request)
		if err != nil {
			return apiError(cfg, err)
		}
		instruction = sub.InstructionID
		progress(c, "submitted: the gateway relays it in transaction %s", instruction)
	} else {
		po, err := cs.trader.PlaceOrder(c.Context, params)
		if err != nil {
			return chainError(src.Name, err)
		}
		instruction = po.Tx.Hex()
		res["onchainOrderId"] = po.ID.String()
		progress(c, "placed: on-chain order %s in transaction %s (block %d)", po.ID, instruction, po.Receipt.BlockNumber.Uint64())
	}
	res["instructionId"] = instruction
	if !c.Bool(flagWait) {
		return output(c, res, func() error {
			fmt.Fprintf(c.App.Writer, "follow it with `dtw order status %s %s`\n", src.Name, instruction)
			return nil
		})
	}
	ver, err := waitOrder(c, cfg, cl, cs, instruction, !c.Bool(flagGasless))
	if err != nil {
		return err
	}
	res["orderId"], res["onchainOrderId"] = ver.OrderID.String(), ver.OnchainID.String()
	res["status"], res["returnTxId"] = ver.Status.Status, ver.ReturnTx.Hex()
	res["quantitySold"], res["quantityBought"], res["verified"], res["confirmations"] = ver.Status.QuantitySold, ver.Status.QuantityBought, true, ver.Confirmations
	return output(c, res, func() error { return nil })
}

// waitOrder follows an order through the gateway (placed, confirmed, settled) and
// verifies the return transaction on the trader's own RPC, showing each stage.
func waitOrder(c *cli.Context, cfg *Config, cl *client.Client, cs *chainSession, instruction string, placedShown bool) (*trader.OrderVerification, error) {
	show := func(p trader.OrderProgress) {
		st := p.Status
		switch p.Stage {
		case trader.StagePlaced:
			if !placedShown {
				progress(c, "placed: order %s in transaction %s", st.OrderID, st.InstructionID)
			}
		case trader.StageConfirmed:
			progress(c, "confirmed: order %s is open (confirmations: %s)", st.OrderID, orDash(st.Confirmations))
		case trader.StageClosed:
			progress(c, "%s: return transaction %s (sold %s %s, bought %s %s)", strings.ToLower(st.Status), derefOr(st.ReturnTxID),
				st.QuantitySold, st.SellingAsset, st.QuantityBought, st.BuyingAsset)
		case trader.StageVerified:
			progress(c, "verified: %s by your own RPC: return transaction %s emitted by your DTW %s (confirmations: %d)",
				strings.ToLower(st.Status), p.Verification.ReturnTx.Hex(), cs.src.DTW.Hex(), p.Verification.Confirmations)
		}
	}
	v, err := cs.trader.Verifier().WaitOrder(c.Context, cl, instruction, waitOptions(c, show))
	if err != nil {
		return nil, waitError(cfg, cs.src.Name, err, fmt.Sprintf("the order stands; follow it with `dtw order status %s %s` and `dtw order verify`", cs.src.Name, instruction))
	}
	return v, nil
}

// waitOptions are the options of --wait.
func waitOptions(c *cli.Context, show func(trader.OrderProgress)) trader.WaitOptions {
	return trader.WaitOptions{Timeout: c.Duration(flagWaitTimeout), PollInterval: pollInterval, Progress: show}
}

// waitError classifies a failure of --wait; timeoutHint says what to do after a timeout.
func waitError(cfg *Config, source string, err error, timeoutHint string) error {
	switch {
	case errors.Is(err, trader.ErrVerificationFailed):
		return verificationError(err)
	case errors.Is(err, trader.ErrWaitTimeout):
		return &exitError{code: ExitAPI, err: err, hint: timeoutHint}
	case errors.Is(err, trader.ErrGateway):
		return apiError(cfg, err)
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return err
	}
	return chainError(source, err)
}

func derefOr(s *string) string {
	if s == nil {
		return "-"
	}
	return *s
}

// orderRef is an ORDER argument: an order id or the placing transaction's hash.
type orderRef struct {
	id *uint64
	tx string
}

func parseOrderRef(s string) (orderRef, error) {
	if strings.HasPrefix(s, "0x") {
		h, err := chain.ParseHash(s)
		if err != nil {
			return orderRef{}, usageError("ORDER %q: give the order id (an integer) or the placing transaction's 0x hash (66 characters)", s)
		}
		return orderRef{tx: h.Hex()}, nil
	}
	id, err := strconv.ParseUint(s, 10, 64)
	if err != nil {
		return orderRef{}, usageError("ORDER %q: give the order id (an integer) or the placing transaction's 0x hash", s)
	}
	return orderRef{id: &id}, nil
}

func (r orderRef) status(c *cli.Context, cl *client.Client, source string) (api.OrderStatus, error) {
	if r.id != nil {
		return cl.OrderStatus(c.Context, source, *r.id)
	}
	return cl.OrderByInstruction(c.Context, source, r.tx)
}

// orderArgs validates SOURCE ORDER.
func orderArgs(c *cli.Context, usage string) (*Config, chain.Source, orderRef, error) {
	if err := argsCheck(c, usage, 2, 2); err != nil {
		return nil, chain.Source{}, orderRef{}, err
	}
	cfg, src, err := sourceArg(c)
	if err != nil {
		return nil, src, orderRef{}, err
	}
	ref, err := parseOrderRef(c.Args().Get(1))
	return cfg, src, ref, err
}

func runOrderStatus(c *cli.Context) error {
	if isOffchain(c.Args().First()) {
		return runOffchainOrderStatus(c)
	}
	if err := chainOrderAccount(c); err != nil {
		return err
	}
	cfg, src, ref, err := orderArgs(c, "order status SOURCE ORDER")
	if err != nil {
		return err
	}
	cl, _, err := sessionClient(cfg)
	if err != nil {
		return err
	}
	st, err := ref.status(c, cl, src.Name)
	if err != nil {
		return apiError(cfg, err)
	}
	return output(c, st, func() error {
		return table(c, []string{"FIELD", "VALUE"}, [][]string{
			{"order", st.OrderID}, {"on-chain id", orDash(st.OnchainOrderID)}, {"source", st.OrderSource}, {"status", st.Status}, {"type", st.OrderType},
			{"sell", amountOf(st.AmountToSell, st.SellingAsset)}, {"buy at least", amountOf(st.LimitAmountToReceive, st.BuyingAsset)},
			{"sold", amountOf(st.QuantitySold, st.SellingAsset)}, {"bought", amountOf(st.QuantityBought, st.BuyingAsset)}, {"deadline", unixTime(st.Deadline)},
			{"placed in", st.InstructionID}, {"confirmations", orDash(st.Confirmations)},
			{"return tx", derefOr(st.ReturnTxID)}, {"return tx confirmations", orDash(st.ReturnTxConfirmations)},
		})
	})
}

func runOrderVerify(c *cli.Context) error {
	cfg, src, ref, err := orderArgs(c, "order verify SOURCE ORDER")
	if err != nil {
		return err
	}
	cl, _, err := sessionClient(cfg)
	if err != nil {
		return err
	}
	cs, err := openChain(c, cfg, src, false)
	if err != nil {
		return err
	}
	defer cs.Close()
	ver := cs.trader.Verifier()
	var v *trader.OrderVerification
	if ref.id != nil {
		v, err = ver.VerifyOrder(c.Context, cl, *ref.id)
	} else {
		v, err = ver.VerifyOrderByInstruction(c.Context, cl, ref.tx)
	}
	switch {
	case err == nil:
	case errors.Is(err, trader.ErrVerificationFailed):
		return verificationError(err)
	case errors.Is(err, trader.ErrNotClosed), errors.Is(err, trader.ErrNotConfirmed):
		return &exitError{code: ExitError, err: fmt.Errorf("not verifiable yet: %w", err),
			hint: "the order has no confirmed return transaction yet; run again later, or place with --wait"}
	case errors.Is(err, trader.ErrGateway) || errors.Is(err, errNotLoggedIn):
		return apiError(cfg, err)
	default:
		return chainError(src.Name, err)
	}
	st := v.Status
	out := map[string]any{"verified": true, "source": src.Name, "orderId": v.OrderID.String(), "onchainOrderId": v.OnchainID.String(), "status": st.Status,
		"instructionId": st.InstructionID, "returnTxId": v.ReturnTx.Hex(), "dtw": src.DTW.Hex(), "confirmations": v.Confirmations,
		"quantitySold": st.QuantitySold, "quantityBought": st.QuantityBought}
	return output(c, out, func() error {
		fmt.Fprintf(c.App.Writer, "VERIFIED order %s on %s (%s): return transaction %s succeeded, emitted by your DTW %s for %s,\n"+
			"sold %s %s, bought %s %s, as the gateway reports (confirmations on your RPC: %d)\n",
			v.OrderID, src.Name, st.Status, v.ReturnTx.Hex(), src.DTW.Hex(), cs.trader.Address().Hex(),
			st.QuantitySold, st.SellingAsset, st.QuantityBought, st.BuyingAsset, v.Confirmations)
		return nil
	})
}

func runOrderCancelExpired(c *cli.Context) error {
	_, cs, o, err := ownOrderArgs(c, "order cancel-expired [--tx HASH] SOURCE ONCHAIN_ORDER_ID")
	if err != nil {
		return err
	}
	defer cs.Close()
	return cancelNow(c, cs, o)
}

func withdrawCommand() *cli.Command {
	return &cli.Command{
		Name:      "withdraw",
		Usage:     "withdraw AMOUNT of ASSET from your free balance on SOURCE: directly on-chain, or --gasless (signed, relayed to an approved address)",
		ArgsUsage: "SOURCE ASSET AMOUNT",
		Flags: append(append(append(configFlags(), signerFlags()...), waitFlags()...),
			&cli.StringFlag{Name: flagTo, Usage: "destination `ADDRESS`", DefaultText: "your own"},
			&cli.BoolFlag{Name: flagGasless, Usage: "sign the withdrawal and let the gateway relay it (to an approved withdrawal address)"},
		),
		Action: runWithdraw,
	}
}

func runWithdraw(c *cli.Context) error {
	if err := argsCheck(c, "withdraw [--to ADDRESS] [--gasless [--wait]] SOURCE ASSET AMOUNT", 3, 3); err != nil {
		return err
	}
	var to common.Address
	if v := c.String(flagTo); v != "" {
		addr, err := chain.ParseAddress(v)
		if err != nil || addr == (common.Address{}) {
			return usageError("--to %q is not a 0x address (all one case, or EIP-55 checksummed)", echo.Value(v))
		}
		to = addr
	}
	if c.Bool(flagWait) && !c.Bool(flagGasless) {
		return usageError("--wait goes with --gasless; a direct withdrawal is done when the command returns")
	}
	cfg, src, a, amount, err := assetAmountArgs(c)
	if err != nil {
		return err
	}
	var cl *client.Client
	if c.Bool(flagGasless) {
		if cl, _, err = sessionClient(cfg); err != nil {
			return err
		}
	}
	cs, err := openChain(c, cfg, src, true)
	if err != nil {
		return err
	}
	defer cs.Close()
	if to == (common.Address{}) {
		to = cs.trader.Address()
	}
	if c.Bool(flagGasless) {
		err := cs.trader.CheckWithdrawalAddress(c.Context, cl, to)
		if errors.Is(err, trader.ErrGateway) {
			return apiError(cfg, err)
		}
		if err != nil {
			return usageError("%s is not an approved withdrawal address of yours on %s (see `dtw addresses withdrawal`): withdraw directly without --gasless, or ask the operator to approve it; nothing was sent", to.Hex(), src.Name)
		}
	}
	if err := requireFree(c, cs, a, amount, fmt.Sprintf("see `dtw balance %s`; funds locked in open orders come back when they close", src.Name)); err != nil {
		return err
	}
	out := map[string]any{"source": src.Name, "asset": a.ID, "amount": a.FromBaseUnits(amount).String(), "to": to.Hex(), "gasless": c.Bool(flagGasless)}
	if !c.Bool(flagGasless) {
		r, err := cs.trader.Withdraw(c.Context, a, amount, to)
		if err != nil {
			return chainError(src.Name, err)
		}
		out["transactionHash"] = r.TxHash.Hex()
		return output(c, out, func() error {
			fmt.Fprintf(c.App.Writer, "withdrew %s %s on %s to %s in transaction %s\n", a.FromBaseUnits(amount), a.ID, src.Name, to.Hex(), r.TxHash.Hex())
			return nil
		})
	}
	sw, err := cs.trader.SignWithdrawal(c.Context, trader.WithdrawalParams{Asset: a, Amount: amount, To: to})
	if err != nil {
		return chainError(src.Name, err)
	}
	sub, err := cl.SubmitWithdrawal(c.Context, sw.Request)
	if err != nil {
		return apiError(cfg, err)
	}
	out["instructionId"] = sub.InstructionID
	progress(c, "submitted: the gateway relays the withdrawal in transaction %s", sub.InstructionID)
	if !c.Bool(flagWait) {
		return output(c, out, func() error { return nil })
	}
	v, err := waitWithdrawal(c, cfg, cl, cs, sub.InstructionID)
	if err != nil {
		return err
	}
	out["status"], out["verified"], out["confirmations"] = v.Status.Status, true, v.Confirmations
	return output(c, out, func() error { return nil })
}

// waitWithdrawal follows a relayed withdrawal until the gateway reports it completed,
// and verifies it on the trader's own RPC.
func waitWithdrawal(c *cli.Context, cfg *Config, cl *client.Client, cs *chainSession, instruction string) (*trader.WithdrawalVerification, error) {
	v, err := cs.trader.Verifier().WaitWithdrawal(c.Context, cl, instruction, waitOptions(c, nil))
	if err != nil {
		return nil, waitError(cfg, cs.src.Name, err, "it may still complete; check `dtw history withdrawals "+cs.src.Name+"` and your balance")
	}
	st := v.Status
	progress(c, "verified: withdrawal of %s %s to %s in %s by your own RPC (confirmations: %d)", st.Amount, st.Asset, st.To, st.TransactionHash, v.Confirmations)
	return v, nil
}
