package trader_test

import (
	"math/big"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
)

func TestMinBuyAmount(t *testing.T) {
	usdt := chain.Asset{ID: "usdt", Decimals: 6}
	dai := chain.Asset{ID: "dai", Decimals: 18}
	wbtc := chain.Asset{ID: "wbtc", Decimals: 8}
	for _, tc := range []struct {
		name       string
		sell, buy  chain.Asset
		amount     *big.Int
		price      string
		slippage   string
		want       string // base units of buy
		wantErr    error
		wantErrMsg string
	}{
		{name: "no slippage", sell: usdt, buy: dai, amount: big.NewInt(2_500_000), price: "0.96", slippage: "0", want: "2400000000000000000"},
		{name: "half a percent", sell: usdt, buy: dai, amount: big.NewInt(2_000_000), price: "1", slippage: "0.5", want: "1990000000000000000"},
		{name: "rounded down to the buy asset's decimals", sell: dai, buy: usdt, amount: big.NewInt(1), price: "3", slippage: "0", wantErr: trader.ErrBuysNothing},
		{name: "rounded down, not to nearest", sell: usdt, buy: wbtc, amount: big.NewInt(1_000_000), price: "0.0000099999", slippage: "0", want: "999"},
		{name: "slippage eats everything below a base unit", sell: usdt, buy: wbtc, amount: big.NewInt(1_000_000), price: "0.00000001", slippage: "1", wantErr: trader.ErrBuysNothing},
		{name: "negative slippage", sell: usdt, buy: dai, amount: big.NewInt(1), price: "1", slippage: "-1", wantErr: trader.ErrInvalidSlippage},
		{name: "a hundred percent", sell: usdt, buy: dai, amount: big.NewInt(1), price: "1", slippage: "100", wantErr: trader.ErrInvalidSlippage},
		{name: "zero price", sell: usdt, buy: dai, amount: big.NewInt(1), price: "0", slippage: "1", wantErrMsg: "not positive"},
		{name: "zero amount", sell: usdt, buy: dai, amount: big.NewInt(0), price: "1", slippage: "1", wantErr: trader.ErrBadAmount},
		{name: "no amount", sell: usdt, buy: dai, price: "1", slippage: "1", wantErr: trader.ErrBadAmount},
	} {
		t.Run(tc.name, func(t *testing.T) {
			price, err := chain.ParseDecimal(tc.price)
			require.NoError(t, err)
			slippage := decimal.RequireFromString(tc.slippage) // "-1" is not amount text; MinBuyAmount still refuses it
			got, err := trader.MinBuyAmount(tc.sell, tc.buy, tc.amount, price, slippage)
			switch {
			case tc.wantErr != nil:
				require.ErrorIs(t, err, tc.wantErr)
			case tc.wantErrMsg != "":
				require.ErrorContains(t, err, tc.wantErrMsg)
			default:
				require.NoError(t, err)
				require.Equal(t, tc.want, got.String(), "got %s, want %s", got, tc.want)
			}
		})
	}
	t.Run("the amount at the price, less the slippage", func(t *testing.T) {
		// 2.5 USDT at 0.96 DAI/USDT less 0.5%: 2.388 DAI.
		got, err := trader.MinBuyAmount(usdt, dai, big.NewInt(2_500_000), decimal.RequireFromString("0.96"), decimal.RequireFromString("0.5"))
		require.NoError(t, err)
		require.Equal(t, "2.388", dai.FromBaseUnits(got).String())
	})
}
