package ledger

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// ErrUnpriced: a decision rests on the value of an asset the account owes, and that asset
// has no price now (its feed is stale or unreadable). An unpriced debt is never valued at
// zero: what depends on it is refused until a price is back.
var ErrUnpriced = errs.ErrUnpriced

// Prices values assets in an account's unit (its account asset): the unit's worth of one
// unit of each asset. An asset absent from the map has no price now.
type Prices map[string]decimal.Decimal

// Terms are what an account may borrow: at most Cap (COLLATERAL_CREDIT_CAP, in the unit)
// and at most Leverage (COLLATERAL_CREDIT_LEVERAGE) times the value of its collateral.
type Terms struct {
	Unit     string
	Prices   Prices
	Cap      decimal.Decimal
	Leverage decimal.Decimal
}

// Reader reads what a position is made of: a book's balances and open holds.
type Reader interface {
	LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error)
	HeldAmounts(ctx context.Context, book string) (map[string]decimal.Decimal, error)
	// LedgerBook is LedgerBalances and HeldAmounts in one read (one round trip).
	LedgerBook(ctx context.Context, book string) (balances, held map[string]decimal.Decimal, err error)
}

// Position is an account's balances valued under its credit terms: the one valuation
// behind every credit decision (a trade, a withdrawal, the snapshot, the credit report).
//
// Only what is available counts: funds held for a pending withdrawal or a resting order
// are already spoken for, so they are collateral for nothing. An available balance below
// zero is borrowed; its value is the credit used. An asset without a price counts for
// nothing as collateral and, when it is owed, makes the position unpriced (ErrUnpriced).
type Position struct {
	Terms
	Balances map[string]Balance
}

// BalancesIn returns an account's balance of every asset it ever held, read through q (a
// store or a transaction).
func BalancesIn(ctx context.Context, q Reader, accountID string) (map[string]Balance, error) {
	bals, held, err := q.LedgerBook(ctx, UserBook(accountID))
	if err != nil {
		return nil, err
	}
	out := make(map[string]Balance, len(bals))
	for asset, b := range bals {
		out[asset] = Balance{Asset: asset, Balance: b, Held: held[asset], Available: b.Sub(held[asset])}
	}
	for asset, h := range held { // held without a balance row cannot happen; keep it visible if it does
		if _, ok := out[asset]; !ok {
			out[asset] = Balance{Asset: asset, Held: h, Available: h.Neg()}
		}
	}
	return out, nil
}

// AssetsIn returns the assets an account ever held, read through q: what its position
// must be able to price.
func AssetsIn(ctx context.Context, q Reader, accountID string) ([]string, error) {
	bals, err := q.LedgerBalances(ctx, UserBook(accountID))
	if err != nil {
		return nil, err
	}
	return slices.Sorted(maps.Keys(bals)), nil
}

// PositionIn reads an account's position through q under terms.
func PositionIn(ctx context.Context, q Reader, accountID string, terms Terms) (Position, error) {
	bals, err := BalancesIn(ctx, q, accountID)
	if err != nil {
		return Position{}, err
	}
	return Position{Terms: terms, Balances: bals}, nil
}

// price is the unit's worth of one unit of asset: 1 for the unit itself.
func (p Position) price(asset string) (decimal.Decimal, bool) {
	if strings.EqualFold(asset, p.Unit) {
		return decimal.NewFromInt(1), true
	}
	x, ok := p.Prices[asset]
	return x, ok && x.IsPositive()
}

// Value is an asset's balance in the unit; ok is false when the asset has no price.
func (p Position) Value(asset string) (v decimal.Decimal, ok bool) {
	price, ok := p.price(asset)
	if !ok {
		return decimal.Zero, false
	}
	return p.Balances[asset].Balance.Mul(price), true
}

// Collateral is the value of the positive available balances that have a price.
func (p Position) Collateral() decimal.Decimal {
	sum := decimal.Zero
	for asset, b := range p.Balances {
		if price, ok := p.price(asset); ok && b.Available.IsPositive() {
			sum = sum.Add(b.Available.Mul(price))
		}
	}
	return sum
}

// Used is the credit in use: the value of the negative available balances. It fails
// with ErrUnpriced, naming them, when an owed asset has no price.
func (p Position) Used() (decimal.Decimal, error) {
	sum := decimal.Zero
	var unpriced []string
	for asset, b := range p.Balances {
		if !b.Available.IsNegative() {
			continue
		}
		price, ok := p.price(asset)
		if !ok {
			unpriced = append(unpriced, fmt.Sprintf("%s %s", b.Available.Neg(), asset))
			continue
		}
		sum = sum.Sub(b.Available.Mul(price))
	}
	if len(unpriced) > 0 {
		slices.Sort(unpriced)
		return decimal.Zero, fmt.Errorf("%w: the account owes %s, which has no price in %s now (a stale or unreadable feed); it cannot be valued until a price is back",
			ErrUnpriced, strings.Join(unpriced, " and "), p.Unit)
	}
	return sum, nil
}

// TotalCredit is min(Cap, Leverage x Collateral).
func (p Position) TotalCredit() decimal.Decimal {
	return decimal.Min(p.Cap, p.Leverage.Mul(p.Collateral()))
}

// Apply returns the position after the account's available balances move by delta (a
// trade's or a withdrawal's effect); p is unchanged.
func (p Position) Apply(delta map[string]decimal.Decimal) Position {
	out := Position{Terms: p.Terms, Balances: maps.Clone(p.Balances)}
	if out.Balances == nil {
		out.Balances = map[string]Balance{}
	}
	for asset, d := range delta {
		b := out.Balances[asset]
		b.Asset, b.Balance, b.Available = asset, b.Balance.Add(d), b.Available.Add(d)
		out.Balances[asset] = b
	}
	return out
}

// Fits judges a movement that takes p (before) to after: the credit used after must stay
// within Leverage x the collateral left, and a movement that borrows more must also stay
// within Cap. A movement that borrows nothing, before or after, always fits; one that
// leaves an owed asset unpriced fails with ErrUnpriced.
func (p Position) Fits(after Position) error {
	owes := false
	for _, b := range after.Balances {
		owes = owes || b.Available.IsNegative()
	}
	if !owes {
		return nil
	}
	usedAfter, err := after.Used()
	if err != nil {
		return err
	}
	usedBefore, err := p.Used()
	if err != nil {
		return err
	}
	collateral := after.Collateral()
	if !after.Leverage.IsPositive() && usedAfter.IsPositive() {
		return fmt.Errorf("%w: the account owes %s %s and its credit leverage is 0: all its collateral stays", ErrInsufficientFunds, usedAfter.Round(2), p.Unit)
	}
	if usedAfter.GreaterThan(after.Leverage.Mul(collateral)) {
		return fmt.Errorf("%w: %s %s of credit in use needs %s %s of collateral at leverage %s; %s %s would be left",
			ErrInsufficientFunds, usedAfter.Round(2), p.Unit, usedAfter.DivRound(after.Leverage, 40).Round(2), p.Unit, after.Leverage, collateral.Round(2), p.Unit)
	}
	if usedAfter.GreaterThan(usedBefore) && usedAfter.GreaterThan(after.Cap) {
		return fmt.Errorf("%w: it would borrow %s %s, beyond the credit cap of %s %s", ErrInsufficientFunds, usedAfter.Round(2), p.Unit, after.Cap.Round(2), p.Unit)
	}
	return nil
}

// Withdrawable is how much of asset may leave the account: its available balance, less
// what must stay as collateral for the credit in use, rounded down to decimals; never
// negative. It fails with ErrUnpriced when the credit in use cannot be valued.
func (p Position) Withdrawable(asset string, decimals int32) (decimal.Decimal, error) {
	avail := p.Balances[asset].Available
	if !avail.IsPositive() {
		return decimal.Zero, nil
	}
	used, err := p.Used()
	if err != nil {
		return decimal.Zero, err
	}
	if used.IsPositive() {
		if !p.Leverage.IsPositive() {
			return decimal.Zero, nil // no leverage: all collateral stays while anything is owed
		}
		free := p.Collateral().Sub(used.DivRound(p.Leverage, 40))
		if !free.IsPositive() {
			return decimal.Zero, nil
		}
		// An asset without a price is no collateral: it may leave as long as the rest
		// still covers the credit in use (free is positive).
		if price, ok := p.price(asset); ok {
			avail = decimal.Min(avail, free.DivRound(price, 40))
		}
	}
	return avail.RoundFloor(decimals), nil
}
