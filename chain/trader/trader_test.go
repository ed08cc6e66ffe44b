package trader_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/chain/trader"
	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet"
)

func TestTrader(t *testing.T) {
	ctx := context.Background()
	c := startChain(t)
	tr := newTrader(t, c, c.Traders[0])

	t.Run("wrong chain is refused", func(t *testing.T) {
		src := sourceOf(c)
		src.ChainID++
		_, err := trader.New(ctx, src, signer.NewPrivateKeySigner(mustKey(t)), c.Client, trader.Options{})
		require.ErrorIs(t, err, trader.ErrWrongChain)
	})

	t.Run("approve and deposit", func(t *testing.T) {
		for _, tc := range []struct {
			id        string
			approvals []int // transactions sent by the first and the second Approve
		}{
			{"dai", []int{1, 2}},
			{"usdt", []int{1, 2}}, // the second goes through zero, or the token reverts
			{"eth", []int{0, 0}},
		} {
			t.Run(tc.id, func(t *testing.T) {
				c.Isolate(t)
				a := asset(t, tr, tc.id)
				first, err := tr.Approve(ctx, a, units(a, 100))
				require.NoError(t, err)
				require.Len(t, first, tc.approvals[0])
				second, err := tr.Approve(ctx, a, units(a, 250))
				require.NoError(t, err)
				require.Len(t, second, tc.approvals[1])
				if a.Address != dtw.Native {
					allowance, err := tr.Allowance(ctx, a)
					require.NoError(t, err)
					requireBig(t, units(a, 250), allowance)
				}

				before := freeBalance(t, tr, a)
				wallet, err := tr.WalletBalance(ctx, a)
				require.NoError(t, err)
				amount := new(big.Int).Add(units(a, 250), big.NewInt(1)) // one unit over: approves again
				d, err := tr.Deposit(ctx, a, amount)
				require.NoError(t, err)
				requireBig(t, amount, d.Credited)
				requireBig(t, new(big.Int).Add(before, amount), freeBalance(t, tr, a))
				after, err := tr.WalletBalance(ctx, a)
				require.NoError(t, err)
				if a.Address != dtw.Native {
					requireBig(t, new(big.Int).Sub(wallet, amount), after)
				} else {
					require.True(t, after.Cmp(new(big.Int).Sub(wallet, amount)) < 0, "ETH: amount plus gas left the wallet")
				}
			})
		}
	})

	t.Run("approve of USDT without the zero step reverts", func(t *testing.T) {
		c.Isolate(t)
		usdt := c.MustToken("USDT")
		erc := bindings.NewTestToken()
		_, err := c.Transact(ctx, c.Traders[0], &usdt.Address, erc.PackApprove(c.DTW, big.NewInt(1)), nil)
		require.NoError(t, err)
		_, err = c.Transact(ctx, c.Traders[0], &usdt.Address, erc.PackApprove(c.DTW, big.NewInt(2)), nil)
		testnet.RequireRevert(t, err, "approve from non-zero")
	})

	t.Run("direct order", func(t *testing.T) {
		c.Isolate(t)
		dai, usdt := asset(t, tr, "dai"), asset(t, tr, "usdt")
		_, err := tr.Deposit(ctx, dai, units(dai, 10))
		require.NoError(t, err)
		o, err := tr.PlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(dai, 10), MinBuyAmount: units(usdt, 9)})
		require.NoError(t, err)
		require.Equal(t, tr.Address(), o.Order.Trader)
		requireBig(t, units(dai, 10), o.Order.SellAmount)
		require.Zero(t, freeBalance(t, tr, dai).Sign(), "the sell amount is locked")

		found, err := tr.FindOrder(ctx, o.Tx, nil)
		require.NoError(t, err)
		requireBig(t, o.ID, found.ID)
		require.Equal(t, o.Order, found.Order)

		_, err = tr.PlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: usdt, SellAmount: units(dai, 1), MinBuyAmount: big.NewInt(1)})
		var rev *trader.RevertError
		require.ErrorAs(t, err, &rev)
		require.Equal(t, "InsufficientBalance", rev.Reason)
		require.ErrorIs(t, err, trader.ErrReverted)
		require.Equal(t, common.Hash{}, rev.Tx, "refused at estimation, nothing sent")
	})

	t.Run("deposit and place order, 6 decimals and native", func(t *testing.T) {
		c.Isolate(t)
		usdt, eth := asset(t, tr, "usdt"), asset(t, tr, "eth")
		o, err := tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: usdt, Buy: eth, SellAmount: big.NewInt(1_500_000), MinBuyAmount: big.NewInt(1), Kind: dtw.KindLimit})
		require.NoError(t, err)
		requireBig(t, big.NewInt(1_500_000), o.Order.SellAmount)
		require.Equal(t, dtw.KindLimit, o.Order.Kind)
		o, err = tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: eth, Buy: usdt, SellAmount: units(eth, 1), MinBuyAmount: big.NewInt(1)})
		require.NoError(t, err)
		require.Equal(t, dtw.Native, o.Order.SellToken)
	})

	t.Run("signed order relayed by another account", func(t *testing.T) {
		c.Isolate(t)
		dai, usdt := asset(t, tr, "dai"), asset(t, tr, "usdt")
		_, err := tr.Deposit(ctx, usdt, big.NewInt(2_500_000))
		require.NoError(t, err)
		so, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(2_500_000), MinBuyAmount: units(dai, 2)}, nil)
		require.NoError(t, err)
		require.Equal(t, api.SignedOrderRequest{
			Source: "ETHEREUM", Trader: tr.Address().Hex(), SellingAsset: usdt.Address.Hex(), BuyingAsset: dai.Address.Hex(),
			AmountToSell: "2.5", LimitAmountToReceive: "2", OrderType: api.OrderTypeMarket,
			Deadline: so.Request.Deadline, Nonce: so.Order.Nonce.String(), Signature: hexutil.Encode(so.Signature),
		}, so.Request)
		got, err := signer.RecoverTypedData(dtw.OrderTypedData(c.ChainID, c.DTW, so.Order), so.Signature)
		require.NoError(t, err)
		require.Equal(t, tr.Address(), got)

		placed, err := c.RelaySignedOrder(ctx, c.Traders[1], so.Order, so.Signature)
		require.NoError(t, err)
		require.Equal(t, tr.Address(), placed.Order.Trader)
		_, err = c.RelaySignedOrder(ctx, c.Traders[1], so.Order, so.Signature)
		testnet.RequireRevert(t, err, "NonceAlreadyUsed")

		again, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(1), MinBuyAmount: big.NewInt(1)}, nil)
		require.NoError(t, err)
		require.NotEqual(t, so.Order.Nonce, again.Order.Nonce, "a fresh random nonce each time")
		fixed, err := tr.SignOrder(ctx, trader.OrderParams{Sell: usdt, Buy: dai, SellAmount: big.NewInt(1), MinBuyAmount: big.NewInt(1)}, big.NewInt(7))
		require.NoError(t, err)
		require.Equal(t, "7", fixed.Request.Nonce)
	})

	t.Run("signed withdrawal relayed by another account", func(t *testing.T) {
		c.Isolate(t)
		dai := asset(t, tr, "dai")
		_, err := tr.Deposit(ctx, dai, units(dai, 5))
		require.NoError(t, err)
		to := c.Traders[1].Address
		sw, err := tr.SignWithdrawal(ctx, trader.WithdrawalParams{Asset: dai, Amount: units(dai, 2), To: to})
		require.NoError(t, err)
		require.Equal(t, "2", sw.Request.Amount)
		require.Equal(t, to.Hex(), sw.Request.To)
		r, err := c.Transact(ctx, c.Traders[1], &c.DTW, bindings.NewDTW().PackWithdrawSigned(sw.Withdrawal, sw.Signature), nil)
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackWithdrawnEvent)
		require.Equal(t, tr.Address(), ev.Trader)
		requireBig(t, units(dai, 3), freeBalance(t, tr, dai))
	})

	t.Run("withdraw directly", func(t *testing.T) {
		c.Isolate(t)
		usdt := asset(t, tr, "usdt")
		_, err := tr.Deposit(ctx, usdt, big.NewInt(3_000_000))
		require.NoError(t, err)
		wallet, err := tr.WalletBalance(ctx, usdt)
		require.NoError(t, err)
		_, err = tr.Withdraw(ctx, usdt, big.NewInt(1_000_000), tr.Address())
		require.NoError(t, err)
		requireBig(t, big.NewInt(2_000_000), freeBalance(t, tr, usdt))
		after, err := tr.WalletBalance(ctx, usdt)
		require.NoError(t, err)
		requireBig(t, new(big.Int).Add(wallet, big.NewInt(1_000_000)), after)

		_, err = tr.Withdraw(ctx, usdt, big.NewInt(9_000_000), tr.Address())
		var rev *trader.RevertError
		require.ErrorAs(t, err, &rev)
		require.Equal(t, "InsufficientBalance", rev.Reason)
		_, err = tr.Withdraw(ctx, usdt, big.NewInt(0), tr.Address())
		require.ErrorIs(t, err, trader.ErrBadAmount)
	})

	t.Run("cancel expired order, the escape hatch", func(t *testing.T) {
		c.Isolate(t)
		dai, eth := asset(t, tr, "dai"), asset(t, tr, "eth")
		o, err := tr.DepositAndPlaceOrder(ctx, trader.OrderParams{Sell: dai, Buy: eth, SellAmount: units(dai, 4), MinBuyAmount: big.NewInt(1)})
		require.NoError(t, err)
		before := freeBalance(t, tr, dai)

		_, err = tr.CancelExpired(ctx, o.Tx, nil)
		var rev *trader.RevertError
		require.ErrorAs(t, err, &rev, "before the deadline")
		require.Equal(t, "DeadlineNotPassed", rev.Reason)

		require.NoError(t, c.IncreaseTime(ctx, 2*time.Hour))
		r, err := tr.CancelExpired(ctx, o.Tx, o.ID)
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, c.DTW, bindings.NewDTW().UnpackOrderCancelledEvent)
		requireBig(t, o.Key().Big(), ev.OrderKey)
		requireBig(t, new(big.Int).Add(before, units(dai, 4)), freeBalance(t, tr, dai))

		_, err = tr.CancelExpired(ctx, o.Tx, nil)
		require.ErrorAs(t, err, &rev, "cancelled twice")
		require.Equal(t, "UnknownOrder", rev.Reason)
		_, err = tr.CancelExpired(ctx, o.Tx, big.NewInt(999))
		require.ErrorIs(t, err, trader.ErrOrderNotFound)
		_, err = tr.CancelExpired(ctx, common.HexToHash("0x01"), nil)
		require.True(t, errors.Is(err, trader.ErrOrderNotFound), "unknown transaction: %v", err)
	})

	t.Run("free balances", func(t *testing.T) {
		all, err := tr.FreeBalances(ctx)
		require.NoError(t, err)
		require.Len(t, all, len(c.Tokens))
	})
}
