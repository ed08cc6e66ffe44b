package contracts_test

import (
	"math/big"
	"testing"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/testnet"
)

func plus(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }

// tampered returns a copy of a placed order with f applied to its fields.
func tampered(o *testnet.PlacedOrder, f func(*dtw.Order)) *testnet.PlacedOrder {
	cp := *o
	f(&cp.Order)
	return &cp
}

// tamperings change one field of an order each: none of them may match the stored hash.
func tamperings(stranger, otherToken common.Address) []struct {
	name string
	f    func(*dtw.Order)
} {
	return []struct {
		name string
		f    func(*dtw.Order)
	}{
		{"trader", func(o *dtw.Order) { o.Trader = stranger }},
		{"sellToken", func(o *dtw.Order) { o.SellToken = otherToken }},
		{"buyToken", func(o *dtw.Order) { o.BuyToken = otherToken }},
		{"sellAmount", func(o *dtw.Order) { o.SellAmount = plus(o.SellAmount, 1) }},
		{"minBuyAmount", func(o *dtw.Order) { o.MinBuyAmount = plus(o.MinBuyAmount, -1) }},
		{"deadline", func(o *dtw.Order) { o.Deadline++ }},
		{"kind", func(o *dtw.Order) { o.Kind ^= 1 }},
	}
}

func TestDeposit(t *testing.T) {
	c := newChain(t, 3)
	trader := c.Traders[0]
	for _, tc := range []struct {
		symbol string
		whole  int64
	}{
		{"DAI", 250},
		{"USDT", 250}, // no return values
		{"FOT", 250},  // credited 1% less than sent
		{"ETH", 3},
	} {
		t.Run(tc.symbol, func(t *testing.T) {
			c.Isolate(t)
			tok := c.MustToken(tc.symbol)
			amount := tok.Units(tc.whole)
			want := afterFee(tok, amount)

			var value *big.Int
			if tok.Kind == testnet.KindNative {
				value = amount
			} else {
				require.NoError(t, c.Approve(ctx, trader, tok, amount))
			}
			out, err := c.Client.CallContract(ctx, ethereum.CallMsg{From: trader.Address, To: &c.DTW, Value: value, Data: dtwABI.PackDeposit(tok.Address, amount)}, nil)
			require.NoError(t, err)
			credited, err := dtwABI.UnpackDeposit(out)
			require.NoError(t, err)
			requireAmount(t, want, credited, "deposit's return value")

			before := snapshotBalances(t, c, trader.Address)
			r, err := c.Deposit(ctx, trader, tok, amount)
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackDepositedEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWDeposited{Trader: trader.Address, Token: tok.Address, Amount: want}, ev)
			before.requireFreeDelta(trader.Address, tok, want)
			before.requireHeldDelta(c.DTW, tok, want)
			spent := neg(amount)
			if tok.Kind == testnet.KindNative {
				spent.Sub(spent, gasCost(r))
			}
			before.requireHeldDelta(trader.Address, tok, spent)
		})
	}

	eth, dai, usdt := c.MustToken("ETH"), c.MustToken("DAI"), c.MustToken("USDT")
	approved := c.Traders[1]
	require.NoError(t, c.Approve(ctx, approved, dai, dai.Units(testnet.TraderFunding*2)))
	for _, tc := range []struct {
		name   string
		from   testnet.Account
		token  common.Address
		amount *big.Int
		value  *big.Int
		want   string
	}{
		{"native value below amount", trader, eth.Address, eth.Units(2), eth.Units(1), "BadValue"},
		{"native value above amount", trader, eth.Address, eth.Units(1), eth.Units(2), "BadValue"},
		{"native zero", trader, eth.Address, new(big.Int), nil, "ZeroAmount"},
		{"token with value", approved, dai.Address, dai.Units(1), big.NewInt(1), "BadValue"},
		{"token zero", approved, dai.Address, new(big.Int), nil, "ZeroAmount"},
		{"account without code", trader, c.Traders[2].Address, big.NewInt(1), nil, "NotListed"},
		{"contract without balanceOf", trader, c.DTW, big.NewInt(1), nil, "NotListed"},
		{"no allowance", trader, dai.Address, dai.Units(1), nil, "TransferFailed"},
		{"no allowance, USDT-style", trader, usdt.Address, usdt.Units(1), nil, "TransferFailed"},
		{"more than the trader holds", approved, dai.Address, dai.Units(testnet.TraderFunding + 1), nil, "TransferFailed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Transact(ctx, tc.from, &c.DTW, dtwABI.PackDeposit(tc.token, tc.amount), tc.value)
			testnet.RequireRevert(t, err, tc.want)
		})
	}
	t.Run("NotListed names the token", func(t *testing.T) {
		_, err := transact(c, trader, dtwABI.PackDeposit(c.Traders[2].Address, big.NewInt(1)))
		requireRevertArgs(t, err, &bindings.DTWNotListed{Token: c.Traders[2].Address})
	})
	t.Run("NotAToken names a listed contract without balanceOf", func(t *testing.T) {
		c.Isolate(t)
		_, err := transact(c, c.Owner, dtwABI.PackSetTokensListed([]common.Address{c.DTW}, true))
		require.NoError(t, err)
		_, err = transact(c, trader, dtwABI.PackDeposit(c.DTW, big.NewInt(1)))
		requireRevertArgs(t, err, &bindings.DTWNotAToken{Token: c.DTW})
	})
}

func TestWithdraw(t *testing.T) {
	c := newChain(t, 3)
	trader, other := c.Traders[0], c.Traders[1]
	for _, tok := range c.Tokens {
		fund(t, c, trader, tok, tok.Units(10))
	}
	for _, tc := range []tokenCase{{"DAI", false}, {"USDT", false}, {"FOT", false}, {"ETH", false}, {"DAI", true}, {"ETH", true}} {
		t.Run(tc.name(), func(t *testing.T) {
			tok := tc.setUp(t, c)
			amount := tok.Units(3)
			before := snapshotBalances(t, c, trader.Address, other.Address)
			r, err := c.Withdraw(ctx, trader, tok, amount, other)
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackWithdrawnEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWWithdrawn{Trader: trader.Address, Token: tok.Address, Amount: amount, To: other.Address}, ev)
			before.requireFreeDelta(trader.Address, tok, neg(amount))
			before.requireHeldDelta(c.DTW, tok, neg(amount))
			before.requireHeldDelta(other.Address, tok, afterFee(tok, amount))
			before.requireFreeDelta(other.Address, tok, new(big.Int))
		})
	}

	dai, eth := c.MustToken("DAI"), c.MustToken("ETH")
	for _, tc := range []struct {
		name   string
		token  common.Address
		amount *big.Int
		to     common.Address
		want   string
	}{
		{"more than the free balance", dai.Address, plus(dai.Units(10), 1), other.Address, "InsufficientBalance"},
		{"token never deposited", other.Address, big.NewInt(1), other.Address, "InsufficientBalance"},
		{"to the zero address", dai.Address, dai.Units(1), common.Address{}, "ZeroAddress"},
		{"zero amount", dai.Address, new(big.Int), other.Address, "ZeroAmount"},
		{"native to a contract that refuses ETH", eth.Address, eth.Units(1), dai.Address, "TransferFailed"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := transact(c, trader, dtwABI.PackWithdraw(tc.token, tc.amount, tc.to))
			testnet.RequireRevert(t, err, tc.want)
		})
	}
	t.Run("InsufficientBalance names token, available and needed", func(t *testing.T) {
		_, err := c.Withdraw(ctx, trader, dai, dai.Units(11), other)
		requireRevertArgs(t, err, &bindings.DTWInsufficientBalance{Token: dai.Address, Available: dai.Units(10), Needed: dai.Units(11)})
	})
}

func TestPlaceOrder(t *testing.T) {
	c := newChain(t, 3)
	trader := c.Traders[0]
	dai, usdt, eth, fot := c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("ETH"), c.MustToken("FOT")

	t.Run("ids per trader and sell token from 0, events and stored hashes", func(t *testing.T) {
		c.Isolate(t)
		ids := map[common.Address]int64{}
		params := []testnet.OrderParams{
			{Sell: dai, Buy: usdt, SellAmount: dai.Units(100), MinBuyAmount: usdt.Units(99), Kind: dtw.KindLimit},
			{Sell: usdt, Buy: eth, SellAmount: usdt.Units(3000), MinBuyAmount: eth.Units(1), Kind: dtw.KindMarket},
			{Sell: eth, Buy: fot, SellAmount: eth.Units(1), MinBuyAmount: fot.Units(2900), Deadline: now(t, c) + 86400, Kind: dtw.KindLimit},
		}
		for i, p := range params {
			fund(t, c, trader, p.Sell, p.SellAmount)
			before := snapshotBalances(t, c, trader.Address)
			o, err := c.PlaceOrder(ctx, trader, p)
			require.NoError(t, err)
			requireAmount(t, big.NewInt(ids[p.Sell.Address]), o.ID, "order id %d", i)
			ids[p.Sell.Address]++
			requireAmount(t, keyOf(o), call(t, c, dtwABI.PackOrderKey(o.ID, trader.Address, p.Sell.Address), dtwABI.UnpackOrderKey), "orderKey")

			ev := testnet.RequireEvent(t, o.Receipt, c.DTW, dtwABI.UnpackOrderPlacedEvent)
			ev.Raw = nil
			fill := dtw.PackFill(o.ID, o.Order, nil) // the event packs deadline and kind as a Fill does
			require.Equal(t, trader.Address, ev.Trader)
			for name, pair := range map[string][2]*big.Int{"idAndSellAmount": {new(big.Int).Or(new(big.Int).Lsh(o.ID, 192), p.SellAmount), ev.IdAndSellAmount},
				"deadlineAndSellToken": {fill.DeadlineAndSellToken, ev.DeadlineAndSellToken},
				"kindAndBuyToken":      {fill.KindAndBuyToken, ev.KindAndBuyToken},
				"minBuyAmount":         {p.MinBuyAmount, ev.MinBuyAmount}} {
				requireAmount(t, pair[0], pair[1], "OrderPlaced %s", name)
			}
			got := dtw.OrderFromEvent(ev)
			require.Equal(t, dtw.Order{Trader: trader.Address, SellToken: p.Sell.Address, BuyToken: p.Buy.Address,
				SellAmount: p.SellAmount, MinBuyAmount: p.MinBuyAmount, Deadline: o.Order.Deadline, Kind: p.Kind}, got)
			if p.Deadline != 0 {
				require.Equal(t, p.Deadline, got.Deadline)
			}

			requireOpen(t, c, o, true)
			onChain := call(t, c, dtwABI.PackHashOrder(o.Order), dtwABI.UnpackHashOrder)
			require.Equal(t, dtw.OrderHash(o.Order), common.Hash(onChain), "hashOrder")
			before.requireFreeDelta(trader.Address, p.Sell, neg(p.SellAmount))
			before.requireHeldDelta(c.DTW, p.Sell, new(big.Int))
		}
	})

	fund(t, c, trader, dai, dai.Units(100))
	for _, tc := range []struct {
		name   string
		paused bool
		edit   func(*testnet.OrderParams)
		want   string
	}{
		{"paused", true, func(*testnet.OrderParams) {}, "IsPaused"},
		{"same token", false, func(p *testnet.OrderParams) { p.Buy = dai }, "SameToken"},
		{"deadline is now", false, func(p *testnet.OrderParams) { p.Deadline = now(t, c) }, "DeadlinePassed"},
		{"deadline in the past", false, func(p *testnet.OrderParams) { p.Deadline = now(t, c) - 60 }, "DeadlinePassed"},
		{"unknown kind", false, func(p *testnet.OrderParams) { p.Kind = 2 }, "BadKind"},
		{"zero sellAmount", false, func(p *testnet.OrderParams) { p.SellAmount = new(big.Int) }, "ZeroAmount"},
		{"zero minBuyAmount", false, func(p *testnet.OrderParams) { p.MinBuyAmount = new(big.Int) }, "ZeroAmount"},
		{"more than the free balance", false, func(p *testnet.OrderParams) { p.SellAmount = plus(p.SellAmount, 1) }, "InsufficientBalance"},
		{"token without free balance", false, func(p *testnet.OrderParams) { p.Sell, p.Buy = usdt, dai }, "InsufficientBalance"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			if tc.paused {
				pause(t, c)
			}
			p := daiForUSDT(c)
			tc.edit(&p)
			_, err := c.PlaceOrder(ctx, trader, p)
			testnet.RequireRevert(t, err, tc.want)
		})
	}
	t.Run("BadKind names the kind", func(t *testing.T) {
		p := daiForUSDT(c)
		p.Kind = 7
		_, err := c.PlaceOrder(ctx, trader, p)
		requireRevertArgs(t, err, &bindings.DTWBadKind{Kind: 7})
	})
	t.Run("packed words beyond their types", func(t *testing.T) {
		// placeOrder takes the deadline and the kind in the high 96 bits of the token
		// words: a kind beyond uint8 or a deadline beyond uint64 is refused, never
		// truncated into a valid one.
		p := daiForUSDT(c)
		p.Deadline = now(t, c) + 3600
		word := func(high *big.Int, a common.Address) *big.Int {
			return new(big.Int).Or(new(big.Int).Lsh(high, 160), new(big.Int).SetBytes(a.Bytes()))
		}
		place := func(deadline, kind *big.Int) error {
			_, err := c.Transact(ctx, trader, &c.DTW, dtwABI.PackPlaceOrder(
				word(deadline, p.Sell.Address), word(kind, p.Buy.Address), p.SellAmount, p.MinBuyAmount), nil)
			return err
		}
		deadline := new(big.Int).SetUint64(p.Deadline)
		for _, kind := range []*big.Int{big.NewInt(256), big.NewInt(257), new(big.Int).Lsh(big.NewInt(1), 95)} {
			requireRevertArgs(t, place(deadline, kind), &bindings.DTWBadKind{Kind: 255})
		}
		wrapped := new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), 64), deadline) // p.Deadline once truncated
		testnet.RequireRevert(t, place(wrapped, big.NewInt(int64(dtw.KindLimit))), "DeadlineTooFar")
		got, err := dtwABI.UnpackError(testnet.RevertData(place(wrapped, big.NewInt(0))))
		require.NoError(t, err)
		require.Equal(t, ^uint64(0), got.(*bindings.DTWDeadlineTooFar).Deadline, "a deadline beyond uint64 is named as the largest")
		require.NoError(t, place(deadline, big.NewInt(int64(dtw.KindLimit))), "the same words within their types")
	})
}

func TestDepositAndPlaceOrder(t *testing.T) {
	c := newChain(t, 3)
	trader := c.Traders[0]
	dai, usdt, eth, fot := c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("ETH"), c.MustToken("FOT")

	for _, tc := range []struct {
		name string
		p    testnet.OrderParams
	}{
		{"native", testnet.OrderParams{Sell: eth, Buy: dai, SellAmount: eth.Units(2), MinBuyAmount: dai.Units(5000), Kind: dtw.KindMarket}},
		{"USDT-style", testnet.OrderParams{Sell: usdt, Buy: eth, SellAmount: usdt.Units(3000), MinBuyAmount: eth.Units(1), Kind: dtw.KindLimit}},
		{"fee token sells what arrived", testnet.OrderParams{Sell: fot, Buy: usdt, SellAmount: fot.Units(100), MinBuyAmount: usdt.Units(90), Kind: dtw.KindLimit}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			arrived := afterFee(tc.p.Sell, tc.p.SellAmount)
			before := snapshotBalances(t, c, trader.Address)
			o, err := c.DepositAndPlaceOrder(ctx, trader, tc.p)
			require.NoError(t, err)

			dep := testnet.RequireEvent(t, o.Receipt, c.DTW, dtwABI.UnpackDepositedEvent)
			dep.Raw = nil
			require.Equal(t, &bindings.DTWDeposited{Trader: trader.Address, Token: tc.p.Sell.Address, Amount: arrived}, dep)
			requireAmount(t, arrived, o.Order.SellAmount, "order's sellAmount")
			require.Equal(t, trader.Address, o.Order.Trader)
			requireOpen(t, c, o, true)

			before.requireFreeDelta(trader.Address, tc.p.Sell, new(big.Int))
			before.requireHeldDelta(c.DTW, tc.p.Sell, arrived)
			spent := neg(tc.p.SellAmount)
			if tc.p.Sell.Kind == testnet.KindNative {
				spent.Sub(spent, gasCost(o.Receipt))
			}
			before.requireHeldDelta(trader.Address, tc.p.Sell, spent)
		})
	}

	deadline := now(t, c) + 3600
	for _, tc := range []struct {
		name   string
		paused bool
		sell   common.Address
		buy    common.Address
		amount *big.Int
		value  *big.Int
		want   string
	}{
		{"native value differs", false, eth.Address, dai.Address, eth.Units(2), eth.Units(1), "BadValue"},
		{"token with value", false, dai.Address, eth.Address, dai.Units(2), big.NewInt(1), "BadValue"},
		{"zero amount", false, eth.Address, dai.Address, new(big.Int), nil, "ZeroAmount"},
		{"not a token", false, trader.Address, dai.Address, big.NewInt(1), nil, "NotListed"},
		{"same token", false, eth.Address, eth.Address, eth.Units(1), eth.Units(1), "SameToken"},
		{"paused", true, eth.Address, dai.Address, eth.Units(1), eth.Units(1), "IsPaused"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			if tc.paused {
				pause(t, c)
			}
			data := dtwABI.PackDepositAndPlaceOrder(tc.sell, tc.buy, tc.amount, big.NewInt(1), deadline, dtw.KindLimit)
			_, err := c.Transact(ctx, trader, &c.DTW, data, tc.value)
			testnet.RequireRevert(t, err, tc.want)
		})
	}
}

func TestSettle(t *testing.T) {
	c := newChain(t, 3)
	trader, stranger := c.Traders[0], c.Traders[1]
	dai, usdt, eth := c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("ETH")

	for _, tc := range []struct {
		name  string
		p     testnet.OrderParams
		extra int64 // paid above minBuyAmount, in base units
	}{
		{"above minBuyAmount", daiForUSDT(c), 500_000},
		{"exactly minBuyAmount", daiForUSDT(c), 0},
		{"native buy token", testnet.OrderParams{Sell: dai, Buy: eth, SellAmount: dai.Units(3000), MinBuyAmount: eth.Units(1), Kind: dtw.KindMarket}, 12345},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, tc.p)
			buy := plus(tc.p.MinBuyAmount, tc.extra)
			before := snapshotBalances(t, c, trader.Address, c.Operator.Address)
			r, err := c.Settle(ctx, c.Operator, o, buy)
			require.NoError(t, err)

			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOrderSettledEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWOrderSettled{OrderKey: keyOf(o), BuyAmount: buy}, ev,
				"the rest is OrderPlaced's by id and the transaction's sender")
			requireOpen(t, c, o, false)
			before.requireFreeDelta(trader.Address, tc.p.Sell, new(big.Int))
			before.requireFreeDelta(trader.Address, tc.p.Buy, buy)
			before.requireFreeDelta(c.Operator.Address, tc.p.Sell, tc.p.SellAmount)
			before.requireFreeDelta(c.Operator.Address, tc.p.Buy, neg(buy))
			before.requireHeldDelta(c.DTW, tc.p.Sell, new(big.Int))
			before.requireHeldDelta(c.DTW, tc.p.Buy, new(big.Int))
		})
	}

	// A second operator without inventory.
	_, err := transact(c, c.Owner, dtwABI.PackSetOperator(c.Traders[2].Address, true))
	require.NoError(t, err)
	settleErr := func(from testnet.Account, o *testnet.PlacedOrder, buy *big.Int) error {
		_, err := c.Settle(ctx, from, o, buy)
		return err
	}
	for _, tc := range []struct {
		name   string
		settle func(t *testing.T, o *testnet.PlacedOrder) error
		want   string
		open   bool // whether the order is still open afterwards
	}{
		{"below minBuyAmount", func(t *testing.T, o *testnet.PlacedOrder) error {
			return settleErr(c.Operator, o, plus(o.Order.MinBuyAmount, -1))
		}, "BelowMinBuyAmount", true},
		{"after the deadline", func(t *testing.T, o *testnet.PlacedOrder) error {
			passDeadline(t, c, o.Order)
			return settleErr(c.Operator, o, o.Order.MinBuyAmount)
		}, "DeadlinePassed", true},
		{"by a trader", func(t *testing.T, o *testnet.PlacedOrder) error {
			return settleErr(stranger, o, o.Order.MinBuyAmount)
		}, "NotOperator", true},
		{"by the owner", func(t *testing.T, o *testnet.PlacedOrder) error {
			return settleErr(c.Owner, o, o.Order.MinBuyAmount)
		}, "NotOperator", true},
		{"twice", func(t *testing.T, o *testnet.PlacedOrder) error {
			require.NoError(t, settleErr(c.Operator, o, o.Order.MinBuyAmount))
			return settleErr(c.Operator, o, o.Order.MinBuyAmount)
		}, "UnknownOrder", false},
		{"after a cancel", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Cancel(ctx, c.Operator, o)
			require.NoError(t, err)
			return settleErr(c.Operator, o, o.Order.MinBuyAmount)
		}, "UnknownOrder", false},
		{"operator without inventory", func(t *testing.T, o *testnet.PlacedOrder) error {
			return settleErr(c.Traders[2], o, o.Order.MinBuyAmount)
		}, "InsufficientBalance", true},
		{"more than the operator's inventory", func(t *testing.T, o *testnet.PlacedOrder) error {
			return settleErr(c.Operator, o, plus(usdt.Units(testnet.OperatorDeposit), 1))
		}, "InsufficientBalance", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			before := snapshotBalances(t, c, trader.Address, c.Operator.Address)
			testnet.RequireRevert(t, tc.settle(t, o), tc.want)
			requireOpen(t, c, o, tc.open)
			if tc.open {
				before.requireUnchanged()
			}
		})
	}
	t.Run("unknown id", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		other := *o
		other.ID = plus(o.ID, 1)
		err := settleErr(c.Operator, &other, o.Order.MinBuyAmount)
		requireRevertArgs(t, err, &bindings.DTWUnknownOrder{OrderKey: keyOf(&other)})
	})
	t.Run("errors carry amounts", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, trader, daiForUSDT(c))
		low := plus(o.Order.MinBuyAmount, -1)
		requireRevertArgs(t, settleErr(c.Operator, o, low),
			&bindings.DTWBelowMinBuyAmount{BuyAmount: low, MinBuyAmount: o.Order.MinBuyAmount})
		requireRevertArgs(t, settleErr(c.Traders[2], o, o.Order.MinBuyAmount),
			&bindings.DTWInsufficientBalance{Token: usdt.Address, Available: new(big.Int), Needed: o.Order.MinBuyAmount})
	})
	for _, tm := range tamperings(stranger.Address, eth.Address) {
		t.Run("tampered "+tm.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			testnet.RequireRevert(t, settleErr(c.Operator, tampered(o, tm.f), o.Order.MinBuyAmount), "UnknownOrder")
			requireOpen(t, c, o, true)
		})
	}
}

func TestSettleBatch(t *testing.T) {
	c := newChain(t, 3)
	dai, usdt, eth, fot := c.MustToken("DAI"), c.MustToken("USDT"), c.MustToken("ETH"), c.MustToken("FOT")
	params := []testnet.OrderParams{
		daiForUSDT(c),
		{Sell: usdt, Buy: eth, SellAmount: usdt.Units(3000), MinBuyAmount: eth.Units(1), Kind: dtw.KindMarket},
		{Sell: fot, Buy: dai, SellAmount: fot.Units(500), MinBuyAmount: dai.Units(450), Kind: dtw.KindLimit},
	}
	var orders []*testnet.PlacedOrder
	var traders []common.Address
	for i, p := range params {
		orders = append(orders, place(t, c, c.Traders[i], p))
		traders = append(traders, c.Traders[i].Address)
	}
	mins := func() []*big.Int {
		var out []*big.Int
		for _, o := range orders {
			out = append(out, o.Order.MinBuyAmount)
		}
		return out
	}

	t.Run("several", func(t *testing.T) {
		c.Isolate(t)
		buys := []*big.Int{plus(orders[0].Order.MinBuyAmount, 1), orders[1].Order.MinBuyAmount, plus(orders[2].Order.MinBuyAmount, 7)}
		before := snapshotBalances(t, c, append(traders, c.Operator.Address)...)
		r, err := c.SettleBatch(ctx, c.Operator, orders, buys)
		require.NoError(t, err)
		evs := testnet.Events(r, c.DTW, dtwABI.UnpackOrderSettledEvent)
		require.Len(t, evs, len(orders))
		operatorDelta := map[common.Address]*big.Int{}
		for i, o := range orders {
			requireAmount(t, keyOf(o), evs[i].OrderKey, "event %d order key", i)
			requireAmount(t, buys[i], evs[i].BuyAmount, "event %d buyAmount", i)
			requireOpen(t, c, o, false)
			before.requireFreeDelta(o.Order.Trader, params[i].Buy, buys[i])
			before.requireFreeDelta(o.Order.Trader, params[i].Sell, new(big.Int))
			for tok, d := range map[common.Address]*big.Int{o.Order.SellToken: o.Order.SellAmount, o.Order.BuyToken: neg(buys[i])} {
				if operatorDelta[tok] == nil {
					operatorDelta[tok] = new(big.Int)
				}
				operatorDelta[tok].Add(operatorDelta[tok], d)
			}
		}
		for _, tok := range c.Tokens {
			d := operatorDelta[tok.Address]
			if d == nil {
				d = new(big.Int)
			}
			before.requireFreeDelta(c.Operator.Address, tok, d)
			before.requireHeldDelta(c.DTW, tok, new(big.Int))
		}
	})
	t.Run("empty", func(t *testing.T) {
		c.Isolate(t)
		r, err := c.SettleBatch(ctx, c.Operator, nil, nil)
		require.NoError(t, err)
		require.Empty(t, testnet.Events(r, c.DTW, dtwABI.UnpackOrderSettledEvent))
	})
	t.Run("the same order twice settles once", func(t *testing.T) {
		c.Isolate(t)
		twice := []*testnet.PlacedOrder{orders[0], orders[1], orders[0]}
		before := snapshotBalances(t, c, append(traders, c.Operator.Address)...)
		r, err := c.SettleBatch(ctx, c.Operator, twice, []*big.Int{orders[0].Order.MinBuyAmount, orders[1].Order.MinBuyAmount, orders[0].Order.MinBuyAmount})
		require.NoError(t, err)
		require.Len(t, testnet.Events(r, c.DTW, dtwABI.UnpackOrderSettledEvent), 2)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{orders[0]: dtw.SkipClosed})
		before.requireFreeDelta(orders[0].Order.Trader, params[0].Buy, orders[0].Order.MinBuyAmount)
	})
	for _, tc := range []struct {
		name   string
		from   testnet.Account
		orders []*testnet.PlacedOrder
		buys   func() []*big.Int
		want   string
	}{
		{"one fill below minBuyAmount reverts all", c.Operator, orders, func() []*big.Int {
			b := mins()
			b[1] = plus(b[1], -1)
			return b
		}, "BelowMinBuyAmount"},
		{"one tampered order reverts all", c.Operator, []*testnet.PlacedOrder{orders[0], tampered(orders[1], func(o *dtw.Order) { o.SellAmount = plus(o.SellAmount, 1) }), orders[2]}, mins, "UnknownOrder"},
		{"by a non-operator", c.Traders[0], orders, mins, "NotOperator"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := snapshotBalances(t, c, append(traders, c.Operator.Address)...)
			_, err := c.SettleBatch(ctx, tc.from, tc.orders, tc.buys())
			testnet.RequireRevert(t, err, tc.want)
			for _, o := range orders {
				requireOpen(t, c, o, true)
			}
			before.requireUnchanged()
		})
	}
}

func TestCancel(t *testing.T) {
	c := newChain(t, 3)
	trader, stranger := c.Traders[0], c.Traders[1]
	eth := c.MustToken("ETH")
	dai := c.MustToken("DAI")
	fund(t, c, stranger, dai, dai.Units(50)) // the stranger's own balance must not move

	for _, tc := range []struct {
		name    string
		from    testnet.Account
		expired bool
	}{
		{"operator before the deadline", c.Operator, false},
		{"operator after the deadline", c.Operator, true},
		{"stranger after the deadline refunds the trader", stranger, true},
		{"trader after the deadline", trader, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			if tc.expired {
				passDeadline(t, c, o.Order)
			}
			before := snapshotBalances(t, c, trader.Address, stranger.Address, c.Operator.Address)
			r, err := c.Cancel(ctx, tc.from, o)
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOrderCancelledEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWOrderCancelled{
				OrderKey: keyOf(o), Trader: trader.Address, Canceller: tc.from.Address, SellToken: dai.Address, SellAmount: o.Order.SellAmount,
			}, ev)
			requireOpen(t, c, o, false)
			before.requireFreeDelta(trader.Address, dai, o.Order.SellAmount)
			before.requireFreeDelta(stranger.Address, dai, new(big.Int))
			before.requireFreeDelta(c.Operator.Address, dai, new(big.Int))
			before.requireHeldDelta(c.DTW, dai, new(big.Int))
		})
	}

	for _, tc := range []struct {
		name   string
		cancel func(t *testing.T, o *testnet.PlacedOrder) error
		want   string
	}{
		{"stranger before the deadline", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Cancel(ctx, stranger, o)
			return err
		}, "DeadlineNotPassed"},
		{"trader before the deadline", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Cancel(ctx, trader, o)
			return err
		}, "DeadlineNotPassed"},
		{"twice", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Cancel(ctx, c.Operator, o)
			require.NoError(t, err)
			_, err = c.Cancel(ctx, c.Operator, o)
			return err
		}, "UnknownOrder"},
		{"after a settle", func(t *testing.T, o *testnet.PlacedOrder) error {
			_, err := c.Settle(ctx, c.Operator, o, o.Order.MinBuyAmount)
			require.NoError(t, err)
			_, err = c.Cancel(ctx, c.Operator, o)
			return err
		}, "UnknownOrder"},
		{"stranger names itself as the trader", func(t *testing.T, o *testnet.PlacedOrder) error {
			passDeadline(t, c, o.Order)
			_, err := c.Cancel(ctx, stranger, tampered(o, func(o *dtw.Order) { o.Trader = stranger.Address }))
			return err
		}, "UnknownOrder"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			testnet.RequireRevert(t, tc.cancel(t, o), tc.want)
		})
	}
	for _, tm := range tamperings(stranger.Address, eth.Address) {
		t.Run("tampered "+tm.name, func(t *testing.T) {
			c.Isolate(t)
			o := place(t, c, trader, daiForUSDT(c))
			_, err := c.Cancel(ctx, c.Operator, tampered(o, tm.f))
			testnet.RequireRevert(t, err, "UnknownOrder")
			requireOpen(t, c, o, true)
		})
	}
}

func TestCancelBatch(t *testing.T) {
	c := newChain(t, 3)
	stranger := c.Traders[2]
	dai, usdt := c.MustToken("DAI"), c.MustToken("USDT")
	soon := daiForUSDT(c)
	soon.Deadline = now(t, c) + 600
	late := testnet.OrderParams{Sell: usdt, Buy: dai, SellAmount: usdt.Units(40), MinBuyAmount: dai.Units(39), Deadline: now(t, c) + 7200}
	orders := []*testnet.PlacedOrder{place(t, c, c.Traders[0], soon), place(t, c, c.Traders[1], late)}
	refs := func(os ...*testnet.PlacedOrder) []bindings.DTWOrderRef {
		var out []bindings.DTWOrderRef
		for _, o := range os {
			out = append(out, bindings.DTWOrderRef{OrderId: o.ID, Order: o.Order})
		}
		return out
	}
	cancelBatch := func(from testnet.Account, os ...*testnet.PlacedOrder) error {
		r, err := transact(c, from, dtwABI.PackCancelBatch(refs(os...)))
		if err == nil {
			evs := testnet.Events(r, c.DTW, dtwABI.UnpackOrderCancelledEvent)
			require.Len(t, evs, len(os))
			for i, ev := range evs {
				requireAmount(t, keyOf(os[i]), ev.OrderKey, "event %d order key", i)
				require.Equal(t, from.Address, ev.Canceller)
			}
		}
		return err
	}
	refunded := func(t *testing.T, before *balances, os ...*testnet.PlacedOrder) {
		t.Helper()
		for _, o := range os {
			requireOpen(t, c, o, false)
			tok := c.MustToken(map[common.Address]string{dai.Address: "DAI", usdt.Address: "USDT"}[o.Order.SellToken])
			before.requireFreeDelta(o.Order.Trader, tok, o.Order.SellAmount)
		}
	}
	accounts := []common.Address{c.Traders[0].Address, c.Traders[1].Address, stranger.Address}

	t.Run("operator any time", func(t *testing.T) {
		c.Isolate(t)
		before := snapshotBalances(t, c, accounts...)
		require.NoError(t, cancelBatch(c.Operator, orders...))
		refunded(t, before, orders...)
	})
	t.Run("stranger after every deadline", func(t *testing.T) {
		c.Isolate(t)
		passDeadline(t, c, orders[1].Order)
		before := snapshotBalances(t, c, accounts...)
		require.NoError(t, cancelBatch(stranger, orders...))
		refunded(t, before, orders...)
		before.requireFreeDelta(stranger.Address, dai, new(big.Int))
		before.requireFreeDelta(stranger.Address, usdt, new(big.Int))
	})
	t.Run("stranger with one deadline not passed reverts all", func(t *testing.T) {
		c.Isolate(t)
		passDeadline(t, c, orders[0].Order)
		testnet.RequireRevert(t, cancelBatch(stranger, orders...), "DeadlineNotPassed")
		requireOpen(t, c, orders[0], true)
		requireOpen(t, c, orders[1], true)
		before := snapshotBalances(t, c, accounts...)
		require.NoError(t, cancelBatch(stranger, orders[0]))
		refunded(t, before, orders[0])
	})
	t.Run("the same order twice cancels once", func(t *testing.T) {
		c.Isolate(t)
		before := snapshotBalances(t, c, accounts...)
		r, err := c.CancelBatch(ctx, c.Operator, []*testnet.PlacedOrder{orders[0], orders[0]})
		require.NoError(t, err)
		require.Len(t, testnet.Events(r, c.DTW, dtwABI.UnpackOrderCancelledEvent), 1)
		requireSkipped(t, c, r, map[*testnet.PlacedOrder]uint8{orders[0]: dtw.SkipClosed})
		refunded(t, before, orders[0])
	})
	t.Run("empty", func(t *testing.T) {
		require.NoError(t, cancelBatch(stranger))
	})
}

func TestPauseStopsOnlyNewOrders(t *testing.T) {
	c := newChain(t, 3)
	trader := c.Traders[0]
	dai, eth := c.MustToken("DAI"), c.MustToken("ETH")
	settleMe := place(t, c, trader, daiForUSDT(c))
	cancelMe := place(t, c, trader, daiForUSDT(c))
	fund(t, c, trader, dai, dai.Units(100))
	o, sig, err := c.SignOrder(ctx, trader, daiForUSDT(c), big.NewInt(1))
	require.NoError(t, err)

	r, err := transact(c, c.Owner, dtwABI.PackSetPaused(true))
	require.NoError(t, err)
	require.True(t, testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackPausedSetEvent).Paused)
	require.True(t, call(t, c, dtwABI.PackPaused(), dtwABI.UnpackPaused))

	_, err = c.PlaceOrder(ctx, trader, daiForUSDT(c))
	testnet.RequireRevert(t, err, "IsPaused")
	_, err = c.RelaySignedOrder(ctx, c.Traders[1], o, sig)
	testnet.RequireRevert(t, err, "IsPaused")
	native := testnet.OrderParams{Sell: eth, Buy: dai, SellAmount: eth.Units(1), MinBuyAmount: dai.Units(1)}
	_, err = c.DepositAndPlaceOrder(ctx, trader, native)
	testnet.RequireRevert(t, err, "IsPaused")

	_, err = c.Deposit(ctx, trader, dai, dai.Units(1))
	require.NoError(t, err, "deposit while paused")
	_, err = c.Settle(ctx, c.Operator, settleMe, settleMe.Order.MinBuyAmount)
	require.NoError(t, err, "settle while paused")
	_, err = c.Cancel(ctx, c.Operator, cancelMe)
	require.NoError(t, err, "cancel while paused")
	_, err = c.Withdraw(ctx, trader, dai, dai.Units(101), trader)
	require.NoError(t, err, "withdraw while paused")

	r, err = transact(c, c.Owner, dtwABI.PackSetPaused(false))
	require.NoError(t, err)
	require.False(t, testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackPausedSetEvent).Paused)
	_, err = c.DepositAndPlaceOrder(ctx, trader, native)
	require.NoError(t, err, "order after unpausing")
}

func TestAdministration(t *testing.T) {
	c := newChain(t, 3)
	stranger, newOwner, newOperator := c.Traders[0], c.Traders[1], c.Traders[2]

	t.Run("constructor", func(t *testing.T) {
		r, err := deployDTW(t, c, newOwner.Address)
		require.NoError(t, err)
		ev := testnet.RequireEvent(t, r, r.ContractAddress, dtwABI.UnpackOwnershipTransferredEvent)
		require.Equal(t, common.Address{}, ev.PreviousOwner)
		require.Equal(t, newOwner.Address, ev.NewOwner)
		other := *c
		other.DTW = r.ContractAddress
		require.Equal(t, newOwner.Address, call(t, &other, dtwABI.PackOwner(), dtwABI.UnpackOwner))
		require.False(t, call(t, &other, dtwABI.PackIsOperator(c.Operator.Address), dtwABI.UnpackIsOperator))

		_, err = deployDTW(t, c, common.Address{})
		testnet.RequireRevert(t, err, "ZeroAddress")
	})

	for _, tc := range []struct {
		name string
		data []byte
	}{
		{"setOperator", dtwABI.PackSetOperator(stranger.Address, true)},
		{"setPaused", dtwABI.PackSetPaused(true)},
		{"transferOwnership", dtwABI.PackTransferOwnership(stranger.Address)},
	} {
		for _, from := range []testnet.Account{stranger, c.Operator} {
			t.Run(tc.name+" by "+from.Name, func(t *testing.T) {
				_, err := transact(c, from, tc.data)
				testnet.RequireRevert(t, err, "NotOwner")
			})
		}
	}
	t.Run("setOperator zero address", func(t *testing.T) {
		_, err := transact(c, c.Owner, dtwABI.PackSetOperator(common.Address{}, true))
		testnet.RequireRevert(t, err, "ZeroAddress")
	})

	t.Run("grant and revoke an operator", func(t *testing.T) {
		c.Isolate(t)
		o := place(t, c, stranger, daiForUSDT(c))
		for _, enabled := range []bool{true, false} {
			r, err := transact(c, c.Owner, dtwABI.PackSetOperator(newOperator.Address, enabled))
			require.NoError(t, err)
			ev := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOperatorSetEvent)
			ev.Raw = nil
			require.Equal(t, &bindings.DTWOperatorSet{Operator: newOperator.Address, Enabled: enabled}, ev)
			require.Equal(t, enabled, call(t, c, dtwABI.PackIsOperator(newOperator.Address), dtwABI.UnpackIsOperator))
		}
		_, err := c.Cancel(ctx, newOperator, o)
		testnet.RequireRevert(t, err, "DeadlineNotPassed") // a revoked operator is a stranger again
		_, err = c.Settle(ctx, newOperator, o, o.Order.MinBuyAmount)
		testnet.RequireRevert(t, err, "NotOperator")
	})

	t.Run("two-step ownership transfer", func(t *testing.T) {
		c.Isolate(t)
		_, err := transact(c, newOwner, dtwABI.PackAcceptOwnership())
		testnet.RequireRevert(t, err, "NotPendingOwner") // nothing pending yet

		r, err := transact(c, c.Owner, dtwABI.PackTransferOwnership(newOwner.Address))
		require.NoError(t, err)
		started := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOwnershipTransferStartedEvent)
		require.Equal(t, c.Owner.Address, started.Owner)
		require.Equal(t, newOwner.Address, started.PendingOwner)
		require.Equal(t, c.Owner.Address, call(t, c, dtwABI.PackOwner(), dtwABI.UnpackOwner), "owner before acceptance")
		require.Equal(t, newOwner.Address, call(t, c, dtwABI.PackPendingOwner(), dtwABI.UnpackPendingOwner))

		for _, from := range []testnet.Account{stranger, c.Owner} {
			_, err = transact(c, from, dtwABI.PackAcceptOwnership())
			testnet.RequireRevert(t, err, "NotPendingOwner")
		}
		r, err = transact(c, newOwner, dtwABI.PackAcceptOwnership())
		require.NoError(t, err)
		done := testnet.RequireEvent(t, r, c.DTW, dtwABI.UnpackOwnershipTransferredEvent)
		require.Equal(t, c.Owner.Address, done.PreviousOwner)
		require.Equal(t, newOwner.Address, done.NewOwner)
		require.Equal(t, newOwner.Address, call(t, c, dtwABI.PackOwner(), dtwABI.UnpackOwner))
		require.Equal(t, common.Address{}, call(t, c, dtwABI.PackPendingOwner(), dtwABI.UnpackPendingOwner))

		_, err = transact(c, c.Owner, dtwABI.PackSetPaused(true))
		testnet.RequireRevert(t, err, "NotOwner")
		_, err = transact(c, newOwner, dtwABI.PackSetPaused(true))
		require.NoError(t, err)
		_, err = transact(c, newOwner, dtwABI.PackAcceptOwnership())
		testnet.RequireRevert(t, err, "NotPendingOwner") // accepting is one-shot
	})

	t.Run("a later transfer replaces the pending owner", func(t *testing.T) {
		c.Isolate(t)
		for _, to := range []common.Address{newOwner.Address, stranger.Address} {
			_, err := transact(c, c.Owner, dtwABI.PackTransferOwnership(to))
			require.NoError(t, err)
		}
		_, err := transact(c, newOwner, dtwABI.PackAcceptOwnership())
		testnet.RequireRevert(t, err, "NotPendingOwner")
		_, err = transact(c, stranger, dtwABI.PackAcceptOwnership())
		require.NoError(t, err)
	})
}
