package dtwcli

import (
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/api/client"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/chain/trader"
)

func orderCancelCommand() *cli.Command {
	return &cli.Command{
		Name: "cancel",
		Usage: "cancel your open order: request it (directly on-chain, or --gasless through the gateway); the gateway cancels it at once, " +
			"and without the gateway anyone may cancel it " + dtw.CancelGrace.String() + " after the request: run this again then (or after the deadline)",
		ArgsUsage: "SOURCE ONCHAIN_ORDER_ID",
		Flags: append(append(append(append([]cli.Flag{}, configFlags()...), signerFlags()...), waitFlags()...),
			&cli.StringFlag{Name: flagTx, Usage: "the placing transaction `HASH`", DefaultText: "found in your RPC's logs"},
			&cli.BoolFlag{Name: flagGasless, Usage: "sign the cancel request and let the gateway relay it (you pay no gas)"},
		),
		Action: runOrderCancel,
	}
}

// ownOrderArgs validates SOURCE ONCHAIN_ORDER_ID and --tx, opens the chain with the signer and
// reads the trader's order from its own RPC: from the placing transaction --tx, or found
// in the logs. The caller closes the session.
func ownOrderArgs(c *cli.Context, usage string) (*Config, *chainSession, *trader.PlacedOrder, error) {
	if err := argsCheck(c, usage, 2, 2); err != nil {
		return nil, nil, nil, err
	}
	id, ok := new(big.Int).SetString(c.Args().Get(1), 10)
	if !ok || id.Sign() < 0 {
		return nil, nil, nil, usageError("ONCHAIN_ORDER_ID %q: give the order's on-chain id, an integer (onchainOrderId in `dtw order status`)", c.Args().Get(1))
	}
	var tx common.Hash
	if v := c.String(flagTx); v != "" {
		h, err := chain.ParseHash(v)
		if err != nil {
			return nil, nil, nil, usageError("--tx %q is not a 0x transaction hash", v)
		}
		tx = h
	}
	cfg, src, err := sourceArg(c)
	if err != nil {
		return nil, nil, nil, err
	}
	cs, err := openChain(c, cfg, src, true)
	if err != nil {
		return nil, nil, nil, err
	}
	o, err := ownOrder(c, cs, id, tx)
	if err != nil {
		cs.Close()
		return nil, nil, nil, err
	}
	return cfg, cs, o, nil
}

// ownOrder reads the trader's order id: from tx, or found in the logs when tx is zero.
func ownOrder(c *cli.Context, cs *chainSession, id *big.Int, tx common.Hash) (*trader.PlacedOrder, error) {
	var o *trader.PlacedOrder
	var err error
	if tx == (common.Hash{}) {
		o, err = cs.trader.FindOrderByID(c.Context, id)
		if errors.Is(err, trader.ErrOrderNotFound) {
			return nil, &exitError{code: ExitChain, err: fmt.Errorf("no order %s of yours (its on-chain id) on the DTW contract %s of %s", id, cs.src.DTW.Hex(), cs.src.Name),
				hint: "check the order id and source (and sources." + cs.src.Name + ".startBlock); nothing was sent"}
		}
	} else {
		o, err = cs.trader.FindOrder(c.Context, tx, id)
	}
	if err != nil {
		return nil, chainError(cs.src.Name, err)
	}
	if o.Order.Trader != cs.trader.Address() {
		return nil, usageError("order %s is %s's, not yours (%s): nothing was sent", id, o.Order.Trader.Hex(), cs.trader.Address().Hex())
	}
	return o, nil
}

// cancelNow cancels the order directly on-chain (after its deadline, or the grace period
// of its cancel request) and prints the refund.
func cancelNow(c *cli.Context, cs *chainSession, o *trader.PlacedOrder) error {
	r, err := cs.trader.CancelOrder(c.Context, o)
	if err != nil {
		return chainError(cs.src.Name, err)
	}
	sell, _ := cs.src.AssetByAddress(o.Order.SellToken)
	refund := sell.FromBaseUnits(o.Order.SellAmount).String() + " " + sell.ID
	out := map[string]any{"source": cs.src.Name, "onchainOrderId": o.ID.String(), "status": api.StatusCancelled, "transactionHash": r.TxHash.Hex(), "refunded": refund}
	return output(c, out, func() error {
		fmt.Fprintf(c.App.Writer, "cancelled on-chain order %s on %s in transaction %s; %s returned to your free balance\n", o.ID, cs.src.Name, r.TxHash.Hex(), refund)
		return nil
	})
}

func runOrderCancel(c *cli.Context) error {
	cfg, cs, o, err := ownOrderArgs(c, "order cancel [--gasless] [--wait] [--tx HASH] SOURCE ONCHAIN_ORDER_ID")
	if err != nil {
		return err
	}
	defer cs.Close()
	src, id := cs.src, o.ID
	after, requested, err := cs.trader.CancelAfter(c.Context, o)
	if err != nil {
		return chainError(src.Name, err)
	}
	head, err := cs.rpc.HeaderByNumber(c.Context, nil)
	if err != nil {
		return chainError(src.Name, err)
	}
	now := time.Unix(int64(head.Time), 0)
	out := map[string]any{"source": src.Name, "onchainOrderId": id.String(), "instructionId": o.Tx.Hex()}

	// Once the grace period or the deadline is over, cancel it here and now.
	if requested && now.After(after) || now.Unix() > int64(o.Order.Deadline) {
		return cancelNow(c, cs, o)
	}

	var cl *client.Client
	if c.Bool(flagGasless) || c.Bool(flagWait) {
		if cl, _, err = sessionClient(cfg); err != nil {
			return err
		}
	}
	switch {
	case requested:
		progress(c, "order %s: cancel already requested; anyone may cancel it after %s", id, when(after))
	case c.Bool(flagGasless):
		signed, err := cs.trader.SignCancelRequest(c.Context, id, nil)
		if err != nil {
			return chainError(src.Name, err)
		}
		sub, err := cl.SubmitCancelRequest(c.Context, signed.Request)
		if err != nil {
			return apiError(cfg, err)
		}
		out["requestTx"] = sub.InstructionID
		progress(c, "cancel requested: the gateway relays it in transaction %s", sub.InstructionID)
	default:
		r, err := cs.trader.RequestCancel(c.Context, o)
		if err != nil {
			return chainError(src.Name, err)
		}
		out["requestTx"] = r.TxHash.Hex()
		if after, _, err = cs.trader.CancelAfter(c.Context, o); err != nil {
			return chainError(src.Name, err)
		}
		progress(c, "cancel requested in transaction %s (block %d)", r.TxHash.Hex(), r.BlockNumber.Uint64())
	}
	if !after.IsZero() {
		out["cancelAfter"] = after.Unix()
	}
	if !c.Bool(flagWait) {
		return output(c, out, func() error {
			fmt.Fprintf(c.App.Writer, "the gateway cancels it now (follow it with `dtw order status %s %s`); without the gateway, run `dtw order cancel %s %s` again after the grace period (%s)\n",
				src.Name, o.Tx.Hex(), src.Name, id, dtw.CancelGrace)
			return nil
		})
	}
	ver, err := waitOrder(c, cfg, cl, cs, o.Tx.Hex(), true)
	if err != nil {
		return err
	}
	out["status"], out["returnTxId"], out["verified"], out["confirmations"] = ver.Status.Status, ver.ReturnTx.Hex(), true, ver.Confirmations
	if ver.Status.Status == api.StatusCancelled {
		sell, _ := src.AssetByAddress(o.Order.SellToken)
		out["refunded"] = sell.FromBaseUnits(o.Order.SellAmount).String() + " " + sell.ID
	}
	return output(c, out, func() error { return nil })
}
