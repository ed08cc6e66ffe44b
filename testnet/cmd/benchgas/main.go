// Command benchgas measures the gas of each DTW operation on a local anvil chain and
// prints one `gas <name> <value>` line per figure (`make bench-gas`). Figures other than
// the first-credit ones are taken in steady state: the traders and the operator already
// hold balances of both tokens in the contract, and traders have approved the contract.
package main

import (
	"context"
	"flag"
	"fmt"
	"math/big"
	"os"
	"time"

	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/testnet"
)

// limits are issue 27's gas targets per figure, and the ceiling above which a run fails
// (with -targets). A figure above its target prints its gap; while a target is not met
// its ceiling is the earlier target, met before, so that no change makes a figure worse
// unnoticed. Once a target is met, its ceiling becomes the target.
var limits = map[string]struct{ target, ceiling uint64 }{
	"settle_single":         {43_000, 43_000}, // met: a low selector, OrderSettled of the id and buy amount
	"settle_batch_marginal": {12_000, 12_000}, // met: packed fills, one operator balance write per run
	"place_order":           {55_000, 55_000}, // met: a direct order's id counted in its balance slot, no global counter
	"relay_signed_order":    {65_000, 65_000}, // met: a relayed order's slot doubling as its nonce
}

const batchSize = 10

var checkTargets = flag.Bool("targets", true, "fail when a figure is above its ceiling (false: only print them, as the smoke form in make test does)")

func main() {
	flag.Parse()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	figures, err := run(ctx)
	for _, f := range figures {
		fmt.Printf("gas %s %d\n", f.name, f.gas)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "benchgas: %v\n", err)
		os.Exit(1)
	}
	failed := false
	for _, f := range figures {
		l, ok := limits[f.name]
		if !ok {
			continue
		}
		if f.gas > l.target {
			fmt.Printf("gap %s %d above its target %d\n", f.name, f.gas-l.target, l.target)
		}
		if f.gas > l.ceiling && *checkTargets {
			fmt.Fprintf(os.Stderr, "benchgas: %s uses %d gas, above its ceiling %d\n", f.name, f.gas, l.ceiling)
			failed = true
		}
	}
	if failed {
		os.Exit(1)
	}
}

type figure struct {
	name string
	gas  uint64
}

func run(ctx context.Context) ([]figure, error) {
	n, err := testnet.Start(ctx, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: batchSize + 2})
	if err != nil {
		return nil, err
	}
	defer n.Stop()
	c := n.Chains[0]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	maxApproval := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	traders, fresh := c.Traders[:batchSize+1], c.Traders[batchSize+1]

	// Steady state: every trader holds DAI and USDT in the contract, with a standing approval.
	for _, tr := range append(traders, fresh) {
		if _, err := c.Deposit(ctx, tr, dai, dai.Units(10_000)); err != nil {
			return nil, err
		}
		if tr != fresh {
			if _, err := c.Deposit(ctx, tr, usdt, usdt.Units(10_000)); err != nil {
				return nil, err
			}
		}
		if err := c.Approve(ctx, tr, dai, maxApproval); err != nil {
			return nil, err
		}
	}
	var out []figure
	record := func(name string, r *types.Receipt, err error) error {
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		out = append(out, figure{name, r.GasUsed})
		return nil
	}
	t := traders[0]
	order := testnet.OrderParams{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99)}
	buy := usdt.Units(100)

	r, err := c.Transact(ctx, t, &c.DTW, depositCalldata(dai, dai.Units(100)), nil)
	if err := record("deposit_erc20", r, err); err != nil {
		return out, err
	}
	placed, err := c.PlaceOrder(ctx, t, order)
	if err != nil {
		return out, fmt.Errorf("place_order: %w", err)
	}
	_ = record("place_order", placed.Receipt, nil)
	r, err = c.Settle(ctx, c.Operator, placed, buy)
	if err := record("settle_single", r, err); err != nil {
		return out, err
	}
	combined, err := c.DepositAndPlaceOrder(ctx, t, order)
	if err != nil {
		return out, fmt.Errorf("deposit_and_place_order: %w", err)
	}
	_ = record("deposit_and_place_order", combined.Receipt, nil)
	r, err = c.Cancel(ctx, c.Operator, combined)
	if err := record("cancel", r, err); err != nil {
		return out, err
	}
	// A trader's cancel request of an open order, and the operator honouring it.
	requested, err := c.PlaceOrder(ctx, t, order)
	if err != nil {
		return out, fmt.Errorf("cancel_request: %w", err)
	}
	r, err = c.RequestCancel(ctx, t, requested)
	if err := record("cancel_request", r, err); err != nil {
		return out, err
	}
	r, err = c.Cancel(ctx, c.Operator, requested)
	if err := record("cancel_after_request", r, err); err != nil {
		return out, err
	}
	r, err = c.Withdraw(ctx, t, dai, dai.Units(1), t)
	if err := record("withdraw", r, err); err != nil {
		return out, err
	}
	// The first signed order of a trader writes its nonce word; measure the second.
	for nonce := int64(0); nonce < 2; nonce++ {
		so, sig, err := c.SignOrder(ctx, t, order, big.NewInt(nonce))
		if err != nil {
			return out, err
		}
		relayed, err := c.RelaySignedOrder(ctx, c.Operator, so, sig)
		if err != nil {
			return out, fmt.Errorf("relay_signed_order: %w", err)
		}
		if nonce == 1 {
			_ = record("relay_signed_order", relayed.Receipt, nil)
		}
	}

	gasOfBatch := func(size int) (uint64, error) {
		var orders []*testnet.PlacedOrder
		var amounts []*big.Int
		for i := 0; i < size; i++ {
			p, err := c.PlaceOrder(ctx, traders[i], order)
			if err != nil {
				return 0, err
			}
			orders, amounts = append(orders, p), append(amounts, buy)
		}
		r, err := c.SettleBatch(ctx, c.Operator, orders, amounts)
		if err != nil {
			return 0, err
		}
		return r.GasUsed, nil
	}
	one, err := gasOfBatch(1)
	if err != nil {
		return out, fmt.Errorf("settle batch of 1: %w", err)
	}
	many, err := gasOfBatch(batchSize)
	if err != nil {
		return out, fmt.Errorf("settle batch of %d: %w", batchSize, err)
	}
	out = append(out, figure{"settle_batch_1", one}, figure{fmt.Sprintf("settle_batch_%d", batchSize), many},
		figure{"settle_batch_marginal", (many - one) / (batchSize - 1)})

	first, err := c.PlaceOrder(ctx, fresh, order)
	if err != nil {
		return out, err
	}
	r, err = c.Settle(ctx, c.Operator, first, buy)
	if err := record("settle_single_first_credit", r, err); err != nil {
		return out, err
	}
	return out, nil
}

func depositCalldata(token testnet.Token, amount *big.Int) []byte {
	return bindings.NewDTW().PackDeposit(token.Address, amount)
}
