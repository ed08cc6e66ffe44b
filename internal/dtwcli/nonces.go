package dtwcli

import (
	"fmt"
	"math/big"
	"time"

	"github.com/urfave/cli/v2"

	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// flagBefore is the time of nonces void-before.
const flagBefore = "before"

func noncesCommand() *cli.Command {
	flags := func(extra ...cli.Flag) []cli.Flag {
		return append(append(append([]cli.Flag{}, configFlags()...), signerFlags()...), extra...)
	}
	gasless := &cli.BoolFlag{Name: flagGasless, Usage: "sign the invalidation and let the gateway relay it (you pay no gas; a relayer holding a voided signature may still relay it first)"}
	return &cli.Command{
		Name:  "nonces",
		Usage: "void your signed orders, withdrawals and cancel requests before they are relayed (by nonce, or all signed before a time)",
		Subcommands: []*cli.Command{
			{
				Name:      "show",
				Usage:     "your minimum nonce on a chain, and whether NONCEs can still be used",
				ArgsUsage: "SOURCE [NONCE...]",
				Flags:     flags(),
				Action:    runNoncesShow,
			},
			{
				Name:      "invalidate",
				Usage:     "void the signatures with these nonces (directly on-chain: one transaction per 256 consecutive nonces; --gasless: one signed request, nonces within 256)",
				ArgsUsage: "SOURCE NONCE...",
				Flags:     flags(gasless),
				Action:    runNoncesInvalidate,
			},
			{
				Name:      "void-before",
				Usage:     "void every signature you made before a time (default now), at once: raises your minimum nonce",
				ArgsUsage: "SOURCE",
				Flags: flags(gasless, &cli.TimestampFlag{Name: flagBefore, Layout: time.RFC3339,
					Usage: "void signatures made before `TIME` (RFC 3339, e.g. 2026-01-02T15:04:05Z; default now)"}),
				Action: runNoncesVoidBefore,
			},
		},
	}
}

// nonceArgs parses the NONCE arguments after SOURCE.
func nonceArgs(c *cli.Context) ([]*big.Int, error) {
	var out []*big.Int
	for _, s := range c.Args().Slice()[1:] {
		n, ok := new(big.Int).SetString(s, 10)
		if !ok || n.Sign() < 0 || n.BitLen() > 256 {
			return nil, usageError("NONCE %q: give a signature nonce, a decimal uint256", echo.Value(s))
		}
		out = append(out, n)
	}
	return out, nil
}

func runNoncesShow(c *cli.Context) error {
	if err := argsCheck(c, "nonces show SOURCE [NONCE...]", 1, 1000); err != nil {
		return err
	}
	nonces, err := nonceArgs(c)
	if err != nil {
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
	minNonce, err := cs.trader.MinNonce(c.Context)
	if err != nil {
		return chainError(src.Name, err)
	}
	used := map[string]bool{}
	rows := [][]string{{"min nonce", minNonce.String()}}
	for _, n := range nonces {
		u, err := cs.trader.NonceUsed(c.Context, n)
		if err != nil {
			return chainError(src.Name, err)
		}
		used[n.String()] = u
		rows = append(rows, []string{"nonce " + n.String(), map[bool]string{true: "used or void", false: "usable"}[u]})
	}
	out := map[string]any{"source": src.Name, "trader": cs.trader.Address().Hex(), "minNonce": minNonce.String(), "used": used}
	return output(c, out, func() error { return table(c, []string{"FIELD", "VALUE"}, rows) })
}

func runNoncesInvalidate(c *cli.Context) error {
	if err := argsCheck(c, "nonces invalidate [--gasless] SOURCE NONCE...", 2, 1000); err != nil {
		return err
	}
	nonces, err := nonceArgs(c)
	if err != nil {
		return err
	}
	return invalidate(c, "invalidate", trader.NonceInvalidationParams{Nonces: nonces}, func(cs *chainSession) ([]string, error) {
		rs, err := cs.trader.InvalidateNonces(c.Context, nonces...)
		var txs []string
		for _, r := range rs {
			txs = append(txs, r.TxHash.Hex())
		}
		return txs, err
	})
}

func runNoncesVoidBefore(c *cli.Context) error {
	if err := argsCheck(c, "nonces void-before [--before TIME] [--gasless] SOURCE", 1, 1); err != nil {
		return err
	}
	at := time.Now()
	if t := c.Timestamp(flagBefore); t != nil {
		at = *t
	}
	minNonce := trader.MinNonceAt(at)
	return invalidate(c, "void-before", trader.NonceInvalidationParams{MinNonce: minNonce}, func(cs *chainSession) ([]string, error) {
		r, err := cs.trader.SetMinNonce(c.Context, minNonce)
		if err != nil {
			return nil, err
		}
		return []string{r.TxHash.Hex()}, nil
	})
}

// invalidate sends an invalidation directly (direct) or signs p and has the gateway relay
// it (--gasless), and prints the transactions.
func invalidate(c *cli.Context, what string, p trader.NonceInvalidationParams, direct func(*chainSession) ([]string, error)) error {
	cfg, src, err := sourceArg(c)
	if err != nil {
		return err
	}
	cs, err := openChain(c, cfg, src, true)
	if err != nil {
		return err
	}
	defer cs.Close()
	out := map[string]any{"source": src.Name, "trader": cs.trader.Address().Hex(), "gasless": c.Bool(flagGasless)}
	if p.MinNonce != nil {
		out["minNonce"] = p.MinNonce.String()
	}
	var txs []string
	if c.Bool(flagGasless) {
		cl, _, err := sessionClient(cfg)
		if err != nil {
			return err
		}
		signed, err := cs.trader.SignNonceInvalidation(c.Context, p)
		if err != nil {
			return usageError("%s: %v", what, err)
		}
		sub, err := cl.SubmitNonceInvalidation(c.Context, signed.Request)
		if err != nil {
			return apiError(cfg, err)
		}
		txs = []string{sub.InstructionID}
	} else if txs, err = direct(cs); err != nil {
		return chainError(src.Name, err)
	}
	out["transactions"] = txs
	return output(c, out, func() error {
		for _, tx := range txs {
			fmt.Fprintf(c.App.Writer, "%s on %s: transaction %s\n", what, src.Name, tx)
		}
		return nil
	})
}
