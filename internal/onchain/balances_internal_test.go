package onchain

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// TestDeriveBalances: deposits and withdrawals move free balances; an open order locks its
// sell side; a settled one pays its buy amount, a cancelled one returns its sell side.
func TestDeriveBalances(t *testing.T) {
	dai, usdt := common.HexToAddress("0xda1"), common.HexToAddress("0x05d7")
	n := big.NewInt
	evs := []dtw.Event{
		{Kind: dtw.EventDeposited, Token: dai, Amount: n(100)},
		{Kind: dtw.EventOrderPlaced, OrderID: n(1), SellToken: dai, SellAmount: n(30), BuyToken: usdt},
		{Kind: dtw.EventOrderPlaced, OrderID: n(2), SellToken: dai, SellAmount: n(20), BuyToken: usdt},
		{Kind: dtw.EventOrderPlaced, OrderID: n(3), SellToken: dai, SellAmount: n(10), BuyToken: usdt},
		{Kind: dtw.EventOrderSettled, OrderID: n(1), BuyAmount: n(29)},
		{Kind: dtw.EventOrderCancelled, OrderID: n(2)},
		{Kind: dtw.EventWithdrawn, Token: usdt, Amount: n(9)},
	}
	free, locked := deriveBalances(evs)
	require.Equal(t, "60", free[dai].String(), "100 - 30 - 20 - 10 + 20 back")
	require.Equal(t, "10", locked[dai].String(), "order 3 is open")
	require.Equal(t, "20", free[usdt].String(), "29 bought, 9 withdrawn")
	require.Equal(t, "0", orZero(locked[usdt]).String())
}
