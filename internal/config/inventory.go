package config

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/echo"
)

// Rebalance modes of chains[].rebalance.
const (
	// RebalanceOff (the default): the settler reports where the inventory stands and moves
	// nothing by itself; `dtwgate admin inventory move` moves by hand.
	RebalanceOff = "off"
	// RebalanceAuto: the settler moves funds between the DTW inventory and the treasury
	// when one leaves its band, back to its target.
	RebalanceAuto = "auto"
)

// InventoryBand is chains[].inventory[]: the bands of one asset of the chain for the
// operator's free balance inside the DTW contract (dtw: it settles orders) and for the
// operator's own wallet, the treasury (treasury: it pays OFFCHAIN withdrawals, receives
// sweeps and pays the gas). A band left empty is not watched.
type InventoryBand struct {
	// Asset is the token's asset id (its lower-case symbol in chains[].tokens).
	Asset string `yaml:"asset"`
	// DTW is the band of the operator's DTW inventory.
	DTW Band `yaml:"dtw"`
	// Treasury is the band of the treasury wallet.
	Treasury Band `yaml:"treasury"`
}

// Band is a target band in whole tokens as decimal strings, e.g. {min: "10", target:
// "50", max: "100"}: min <= target <= max. All three, or none.
type Band struct {
	Min    string `yaml:"min"`
	Target string `yaml:"target"`
	Max    string `yaml:"max"`
}

// Set reports whether the band is configured.
func (b Band) Set() bool { return b.Min != "" || b.Target != "" || b.Max != "" }

// Parse returns the band's bounds; decimals is the token's (more fractional digits are
// refused).
func (b Band) Parse(decimals uint8) (lo, target, hi decimal.Decimal, err error) {
	vals := make([]decimal.Decimal, 3)
	for i, s := range []string{b.Min, b.Target, b.Max} {
		name := [...]string{"min", "target", "max"}[i]
		if s == "" {
			return lo, target, hi, fmt.Errorf("%s: required (a band has min, target and max)", name)
		}
		token := chain.Asset{ID: "the token", Decimals: decimals}
		units, err := token.ParseUnits(s)
		if err != nil {
			return lo, target, hi, fmt.Errorf("%s: %q in whole tokens: %w", name, echo.Value(s), err)
		}
		vals[i] = token.FromBaseUnits(units)
	}
	if vals[0].GreaterThan(vals[1]) || vals[1].GreaterThan(vals[2]) {
		return lo, target, hi, fmt.Errorf("min <= target <= max does not hold")
	}
	return vals[0], vals[1], vals[2], nil
}

// checkInventory validates chains[i].inventory and chains[i].rebalance.
func checkInventory(field string, ch Chain, bad func(field, format string, args ...any)) {
	switch ch.Rebalance {
	case "", RebalanceOff, RebalanceAuto:
	default:
		bad(field+".rebalance", "%q is not auto or off", ch.Rebalance)
	}
	decimals := map[string]uint8{}
	for _, t := range ch.Tokens {
		decimals[strings.ToLower(t.Symbol)] = t.Decimals
	}
	seen := map[string]bool{}
	for i, inv := range ch.Inventory {
		f := fmt.Sprintf("%s.inventory[%d]", field, i)
		d, ok := decimals[inv.Asset]
		if !ok {
			bad(f+".asset", "%q is not a token of the chain (its lower-case symbol in tokens)", inv.Asset)
			continue
		}
		if seen[inv.Asset] {
			bad(f+".asset", "%q is listed twice", inv.Asset)
		}
		seen[inv.Asset] = true
		for name, b := range map[string]Band{"dtw": inv.DTW, "treasury": inv.Treasury} {
			if !b.Set() {
				continue
			}
			if _, _, _, err := b.Parse(d); err != nil {
				bad(f+"."+name, "%v", err)
			}
		}
	}
}
