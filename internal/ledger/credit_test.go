package ledger

import (
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
)

func dec(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func bal(asset, balance, held string) Balance {
	b, h := dec(balance), dec(held)
	return Balance{Asset: asset, Balance: b, Held: h, Available: b.Sub(h)}
}

// TestPositionWithdrawable: without credit in use the available balance may leave; with
// credit in use, what leaves keeps creditUsed / leverage of collateral value, and only
// available funds are collateral.
func TestPositionWithdrawable(t *testing.T) {
	p := Position{Terms: Terms{Unit: "usd", Prices: Prices{"eth": dec("2000"), "usdc": dec("1")}, Cap: dec("10000"), Leverage: dec("2")},
		Balances: map[string]Balance{"eth": bal("eth", "1", "0.1"), "usdc": bal("usdc", "500", "0")}}
	w, err := p.Withdrawable("eth", 18)
	require.NoError(t, err)
	require.Equal(t, "0.9", w.String())
	require.Equal(t, "4600", p.TotalCredit().String(), "2 x (1800 + 500) collateral, under the cap")

	// 1000 usdc borrowed: collateral 1800 (0.9 eth available) must keep 500 of value.
	p.Balances["usdc"] = bal("usdc", "-1000", "0")
	used, err := p.Used()
	require.NoError(t, err)
	require.Equal(t, []string{"1800", "1000"}, []string{p.Collateral().String(), used.String()})
	w, err = p.Withdrawable("eth", 18)
	require.NoError(t, err)
	require.Equal(t, "0.65", w.String())
	w, err = p.Withdrawable("usdc", 6)
	require.NoError(t, err)
	require.Equal(t, "0", w.String(), "a negative balance never leaves")

	// Without leverage every unit of collateral stays.
	p.Leverage = decimal.Zero
	w, err = p.Withdrawable("eth", 18)
	require.NoError(t, err)
	require.Equal(t, "0", w.String())
	require.Equal(t, "0", p.TotalCredit().String())
}

// TestPositionHeldIsNotCollateral: funds held for a pending withdrawal are collateral for
// nothing, so a second withdrawal cannot be offered the same collateral (the audit's
// double count: 999.99 eur withdrawable, then 545.46 more after withdrawing it).
func TestPositionHeldIsNotCollateral(t *testing.T) {
	p := Position{Terms: Terms{Unit: "usd", Prices: Prices{"eth": dec("3000"), "eur": dec("1.1")}, Cap: dec("100000"), Leverage: dec("1")},
		Balances: map[string]Balance{"eur": bal("eur", "1000", "0"), "eth": bal("eth", "-0.2", "0")}}
	w, err := p.Withdrawable("eur", 2)
	require.NoError(t, err)
	require.Equal(t, "454.54", w.String(), "1100 of collateral less the 600 owed, at 1.1")
	after := p.Apply(map[string]decimal.Decimal{"eur": w.Neg()})
	require.NoError(t, p.Fits(after))
	held := p
	held.Balances = map[string]Balance{"eur": bal("eur", "1000", "454.54"), "eth": bal("eth", "-0.2", "0")}
	w, err = held.Withdrawable("eur", 2)
	require.NoError(t, err)
	require.Equal(t, "0", w.String())
	require.ErrorIs(t, held.Fits(held.Apply(map[string]decimal.Decimal{"eur": dec("-0.01")})), ErrInsufficientFunds)
}

// TestPositionUnpricedDebt: an owed asset without a price is never worth zero: the credit
// in use, what may be withdrawn and any movement that takes from the account fail with
// ErrUnpriced naming the asset; a position that owes nothing needs no price.
func TestPositionUnpricedDebt(t *testing.T) {
	p := Position{Terms: Terms{Unit: "usd", Prices: Prices{"eur": dec("1.1")}, Cap: dec("100000"), Leverage: dec("1")},
		Balances: map[string]Balance{"eur": bal("eur", "1000", "0"), "eth": bal("eth", "-0.2", "0")}}
	_, err := p.Used()
	require.ErrorIs(t, err, ErrUnpriced)
	require.Contains(t, err.Error(), "0.2 eth")
	_, err = p.Withdrawable("eur", 2)
	require.ErrorIs(t, err, ErrUnpriced)
	require.ErrorIs(t, p.Fits(p.Apply(map[string]decimal.Decimal{"eur": dec("-1")})), ErrUnpriced)

	free := Position{Terms: Terms{Unit: "usd"}, Balances: map[string]Balance{"eth": bal("eth", "2", "0")}}
	w, err := free.Withdrawable("eth", 18)
	require.NoError(t, err)
	require.Equal(t, "2", w.String())
	require.NoError(t, free.Fits(free.Apply(map[string]decimal.Decimal{"eth": dec("-2")})))
}

// TestPositionCap: a movement that borrows more must stay within the cap; one that pays
// debt back fits even above a cap an operator lowered.
func TestPositionCap(t *testing.T) {
	p := Position{Terms: Terms{Unit: "usd", Prices: Prices{"eth": dec("3000")}, Cap: dec("100"), Leverage: dec("10")},
		Balances: map[string]Balance{"usd": bal("usd", "1000", "0"), "eth": bal("eth", "-0.1", "0")}}
	require.ErrorIs(t, p.Fits(p.Apply(map[string]decimal.Decimal{"eth": dec("-0.01"), "usd": dec("30")})), ErrInsufficientFunds)
	require.NoError(t, p.Fits(p.Apply(map[string]decimal.Decimal{"eth": dec("0.01"), "usd": dec("-30")})))
}
