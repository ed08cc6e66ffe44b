package trader

import (
	"errors"
	"fmt"
	"math/big"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
)

// Errors of MinBuyAmount.
var (
	// ErrInvalidSlippage means a slippage outside [0, 100) percent.
	ErrInvalidSlippage = errors.New("slippage is not a percentage from 0 to under 100")
	// ErrBuysNothing means the amount, at the price less the slippage, rounds down to
	// nothing of the buy asset: sell more.
	ErrBuysNothing = errors.New("buys nothing")
)

var hundred = decimal.NewFromInt(100)

// MinBuyAmount is the least a market order should accept: sellAmount of sell (base
// units) at price, in whole buy per whole sell (as GET /v2/price gives it), less
// slippagePercent percent, rounded down to buy's decimals, in buy's base units. A
// slippage outside [0, 100) is ErrInvalidSlippage; a result of zero is ErrBuysNothing.
// price and slippagePercent are expected from chain.ParseDecimal, which bounds their
// digits, so the arithmetic stays cheap.
func MinBuyAmount(sell, buy chain.Asset, sellAmount *big.Int, price, slippagePercent decimal.Decimal) (*big.Int, error) {
	if err := positive(sellAmount); err != nil {
		return nil, fmt.Errorf("sell amount: %w", err)
	}
	if price.Sign() <= 0 {
		return nil, fmt.Errorf("price %s of %s/%s is not positive", price, sell.ID, buy.ID)
	}
	if slippagePercent.Sign() < 0 || slippagePercent.GreaterThanOrEqual(hundred) {
		return nil, fmt.Errorf("%w: %s", ErrInvalidSlippage, slippagePercent)
	}
	factor := hundred.Sub(slippagePercent).Div(hundred)
	least := sell.FromBaseUnits(sellAmount).Mul(price).Mul(factor).Truncate(int32(buy.Decimals))
	if least.Sign() <= 0 {
		return nil, fmt.Errorf("%w: %s %s at %s %s per %s less %s%% is less than one base unit of %s",
			ErrBuysNothing, sell.FromBaseUnits(sellAmount), sell.ID, price, buy.ID, sell.ID, slippagePercent, buy.ID)
	}
	return buy.ToBaseUnits(least)
}
