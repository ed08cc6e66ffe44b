package trader_test

import (
	"context"
	"math/big"
	"strconv"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/testnet"
)

// report stands in for the gateway's answers so that a test can make it tell the truth
// or lie; everything it is checked against is the real chain.
type report struct {
	order      api.OrderStatus
	withdrawal api.WithdrawalStatus
}

func (r report) OrderStatus(context.Context, string, uint64) (api.OrderStatus, error) {
	return r.order, nil
}

func (r report) OrderByInstruction(context.Context, string, string) (api.OrderStatus, error) {
	return r.order, nil
}

func (r report) Withdrawal(context.Context, string) (api.WithdrawalStatus, error) {
	return r.withdrawal, nil
}

var _ trader.StatusSource = report{}

// truthfulStatus is what an honest gateway reports for a closed order.
func truthfulStatus(o *trader.PlacedOrder, sell, buy chain.Asset, status string, returnTx common.Hash, bought *big.Int) api.OrderStatus {
	ret := returnTx.Hex()
	st := api.OrderStatus{
		InstructionID: o.Tx.Hex(), ReturnTxID: &ret, OrderSource: "ETHEREUM", OrderID: "12", OnchainOrderID: o.ID.String(),
		OrderKey: o.Key().Hex(), Trader: o.Order.Trader.Hex(),
		SellingAsset: sell.ID, BuyingAsset: buy.ID, QuantitySold: "0", QuantityBought: "0",
		LimitAmount: buy.FromBaseUnits(o.Order.MinBuyAmount).String(), AmountToSell: sell.FromBaseUnits(o.Order.SellAmount).String(),
		LimitAmountToReceive: buy.FromBaseUnits(o.Order.MinBuyAmount).String(), OrderType: api.OrderTypeMarket,
		Deadline: strconv.FormatUint(o.Order.Deadline, 10), Status: status,
	}
	if status == api.StatusSettled {
		st.QuantitySold, st.QuantityBought = st.AmountToSell, buy.FromBaseUnits(bought).String()
	}
	return st
}

// settledOrder deposits and places a real order selling 2.5 USDT for at least 2 DAI and
// has the operator settle it for 2.4 DAI; it returns the order, the settlement and the
// amount bought.
func settledOrder(t *testing.T, c *testnet.Chain, tr *trader.Trader, usdt, dai chain.Asset) (*trader.PlacedOrder, *types.Receipt, *big.Int) {
	t.Helper()
	ctx := context.Background()
	o, err := tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(2_500_000), MinBuyAmount: units(dai, 2)})
	require.NoError(t, err)
	bought := new(big.Int).Div(units(dai, 24), big.NewInt(10))
	settle, err := c.Settle(ctx, c.Operator, &testnet.PlacedOrder{ID: o.ID, Order: o.Order, Receipt: o.Receipt}, bought)
	require.NoError(t, err)
	return o, settle, bought
}

func TestVerify(t *testing.T) {
	ctx := context.Background()
	c := startChain(t)
	tr := newTrader(t, c, c.Traders[0])
	usdt, dai := asset(t, tr, "usdt"), asset(t, tr, "dai")

	// A real settlement: 2.5 USDT (6 decimals) for 2.4 DAI (18 decimals), by the operator.
	o, settle, bought := settledOrder(t, c, tr, usdt, dai)
	honest := truthfulStatus(o, usdt, dai, api.StatusSettled, settle.TxHash, bought)
	require.Equal(t, "2.5", honest.QuantitySold)
	require.Equal(t, "2.4", honest.QuantityBought)

	t.Run("honest settlement verifies", func(t *testing.T) {
		v := tr.Verifier()
		got, err := v.VerifyOrder(ctx, report{order: honest}, 12)
		require.NoError(t, err)
		require.Equal(t, settle.TxHash, got.ReturnTx)
		requireBig(t, bought, got.Event.BuyAmount)
		require.Equal(t, uint64(1), got.Confirmations)

		_, err = v.VerifyOrderByInstruction(ctx, report{order: honest}, o.Tx.Hex())
		require.NoError(t, err)
	})
	t.Run("confirmations are counted on the trader's RPC", func(t *testing.T) {
		c.Isolate(t)
		v := tr.Verifier()
		v.Confirmations = 3
		got, err := v.VerifyOrderStatus(ctx, honest)
		require.ErrorIs(t, err, trader.ErrNotConfirmed)
		require.NotErrorIs(t, err, trader.ErrVerificationFailed)
		require.Equal(t, uint64(1), got.Confirmations)
		require.NoError(t, c.Mine(ctx, 2))
		got, err = v.VerifyOrderStatus(ctx, honest)
		require.NoError(t, err)
		require.Equal(t, uint64(3), got.Confirmations)
	})

	lies := []struct {
		name   string
		tamper func(st *api.OrderStatus, src *chain.Source)
	}{
		{"the trader's config names another DTW contract", func(_ *api.OrderStatus, src *chain.Source) {
			src.DTW = common.HexToAddress("0x00000000000000000000000000000000000d7a00")
		}},
		{"more bought than settled", func(st *api.OrderStatus, _ *chain.Source) { st.QuantityBought = "2.400000000000000001" }},
		{"less bought than settled", func(st *api.OrderStatus, _ *chain.Source) { st.QuantityBought = "2.3" }},
		{"wrong quantity sold", func(st *api.OrderStatus, _ *chain.Source) { st.QuantitySold = "2.4" }},
		{"more decimals than the token has", func(st *api.OrderStatus, _ *chain.Source) { st.QuantitySold = "2.5000001" }},
		{"a quantity with a huge exponent", func(st *api.OrderStatus, _ *chain.Source) { st.QuantityBought = "1e10000000" }},
		{"a quantity with a huge negative exponent", func(st *api.OrderStatus, _ *chain.Source) { st.QuantitySold = "25e-10000000" }},
		{"the trader with a wrong EIP-55 checksum", func(st *api.OrderStatus, _ *chain.Source) {
			st.Trader = testnet.WrongChecksum(common.HexToAddress(st.Trader))
		}},
		{"wrong order amount", func(st *api.OrderStatus, _ *chain.Source) { st.AmountToSell = "25" }},
		{"another trader", func(st *api.OrderStatus, _ *chain.Source) { st.Trader = c.Traders[1].Address.Hex() }},
		{"cancel reported as settle", func(st *api.OrderStatus, _ *chain.Source) {
			st.Status = api.StatusCancelled
			st.QuantitySold, st.QuantityBought = "0", "0"
		}},
		{"placing transaction as return transaction", func(st *api.OrderStatus, _ *chain.Source) { tx := st.InstructionID; st.ReturnTxID = &tx }},
		{"settled without a return transaction", func(st *api.OrderStatus, _ *chain.Source) { st.ReturnTxID = nil }},
		{"another order's placing transaction", func(st *api.OrderStatus, _ *chain.Source) { st.InstructionID = settle.TxHash.Hex() }},
		{"assets swapped", func(st *api.OrderStatus, _ *chain.Source) { st.SellingAsset, st.BuyingAsset = "dai", "usdt" }},
		{"another source", func(st *api.OrderStatus, _ *chain.Source) { st.OrderSource = "OPTIMISM" }},
		{"open with a return transaction", func(st *api.OrderStatus, _ *chain.Source) { st.Status = api.StatusOpen }},
	}
	for _, lie := range lies {
		t.Run("lie: "+lie.name, func(t *testing.T) {
			st := honest
			src := sourceOf(c)
			lie.tamper(&st, &src)
			v := trader.NewVerifier(src, c.Client, tr.Address())
			_, err := v.VerifyOrderStatus(ctx, st)
			require.ErrorIs(t, err, trader.ErrVerificationFailed)
		})
	}
	t.Run("lie: another order id answered", func(t *testing.T) {
		_, err := tr.Verifier().VerifyOrder(ctx, report{order: honest}, 13)
		require.ErrorIs(t, err, trader.ErrVerificationFailed)
	})
	t.Run("an open order is not yet verifiable", func(t *testing.T) {
		st := honest
		st.ReturnTxID, st.Status = nil, api.StatusOpen
		_, err := tr.Verifier().VerifyOrderStatus(ctx, st)
		require.ErrorIs(t, err, trader.ErrNotClosed)
		require.NotErrorIs(t, err, trader.ErrVerificationFailed)
	})

	t.Run("cancellation verifies", func(t *testing.T) {
		c.Isolate(t)
		o, err := tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(dai, 3), MinBuyAmount: big.NewInt(1)})
		require.NoError(t, err)
		require.NoError(t, c.IncreaseTime(ctx, 2*time.Hour))
		r, err := tr.CancelExpired(ctx, o.Tx, nil)
		require.NoError(t, err)
		st := truthfulStatus(o, dai, usdt, api.StatusCancelled, r.TxHash, nil)
		_, err = tr.Verifier().VerifyOrderStatus(ctx, st)
		require.NoError(t, err)
		st.QuantityBought = "1"
		_, err = tr.Verifier().VerifyOrderStatus(ctx, st)
		require.ErrorIs(t, err, trader.ErrVerificationFailed)
		st = truthfulStatus(o, dai, usdt, api.StatusSettled, r.TxHash, big.NewInt(1))
		_, err = tr.Verifier().VerifyOrderStatus(ctx, st)
		require.ErrorIs(t, err, trader.ErrVerificationFailed, "a cancel reported as a settlement")
	})

	t.Run("withdrawal", func(t *testing.T) {
		c.Isolate(t)
		r, err := tr.Withdraw(ctx, dai, bought, c.Traders[1].Address)
		require.NoError(t, err)
		honest := api.WithdrawalStatus{
			InstructionID: r.TxHash.Hex(), Source: "ETHEREUM", Trader: tr.Address().Hex(), Asset: "dai", Amount: "2.4",
			To: c.Traders[1].Address.Hex(), Status: api.StatusCompleted, TransactionHash: r.TxHash.Hex(),
		}
		got, err := tr.Verifier().VerifyWithdrawal(ctx, report{withdrawal: honest}, r.TxHash.Hex())
		require.NoError(t, err)
		requireBig(t, bought, got.Event.Amount)

		for name, tamper := range map[string]func(*api.WithdrawalStatus){
			"amount":      func(w *api.WithdrawalStatus) { w.Amount = "2.5" },
			"destination": func(w *api.WithdrawalStatus) { w.To = tr.Address().Hex() },
			"asset":       func(w *api.WithdrawalStatus) { w.Asset = "usdt" },
			"trader":      func(w *api.WithdrawalStatus) { w.Trader = c.Traders[1].Address.Hex() },
			"transaction": func(w *api.WithdrawalStatus) { w.TransactionHash = settle.TxHash.Hex() },
		} {
			t.Run("lie: "+name, func(t *testing.T) {
				w := honest
				tamper(&w)
				_, err := tr.Verifier().VerifyWithdrawalStatus(ctx, w)
				require.ErrorIs(t, err, trader.ErrVerificationFailed)
			})
		}
		t.Run("lie: wrong DTW in the trader's config", func(t *testing.T) {
			src := sourceOf(c)
			src.DTW = c.MustToken("DAI").Address
			_, err := trader.NewVerifier(src, c.Client, tr.Address()).VerifyWithdrawalStatus(ctx, honest)
			require.ErrorIs(t, err, trader.ErrVerificationFailed)
		})
	})
}
