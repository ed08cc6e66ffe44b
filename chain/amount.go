package chain

import (
	"fmt"
	"math/big"
	"strings"

	"github.com/shopspring/decimal"
)

// MaxAmountText is the longest amount text accepted, in bytes: any uint256 amount of
// any token (78 digits at most, a point and a leading "0") fits.
const MaxAmountText = 80

// AmountPattern is the grammar of amount text, as a regular expression (the OpenAPI
// document's pattern of every amount): digits, then optionally a point and more digits;
// no sign, exponent, spaces or leading zeros other than a single "0" before the point.
// Every amount of a request, a flag or a configuration is read by the parsers below,
// which accept exactly this grammar, at most MaxAmountText bytes.
const AmountPattern = `^(0|[1-9][0-9]*)(\.[0-9]+)?$`

// maxUint256Digits is the number of decimal digits of the largest uint256.
const maxUint256Digits = 78

// maxCoefficientBits bounds the coefficient of a decimal ToBaseUnits converts (about 300
// digits), so that even a decimal built in code, not parsed, costs little to check.
const maxCoefficientBits = 1024

var maxUint256 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))

// The amount parsers below are the only ones in the module: every amount read from a
// request, a flag, a configuration or a gateway's report goes through them. They never do
// arithmetic whose cost grows with the exponent (decimal's Shift, BigInt, Truncate, Cmp
// and String all do), and their errors never repeat the amount: a caller quotes at most a
// prefix of the text (internal/echo).

// ParseDecimal reads the text of a decimal amount that is not tied to an asset (a price,
// a quantity to estimate): AmountPattern, at most MaxAmountText bytes, with at most 78
// digits before the point and 78 after it, trailing zeros aside. The result is
// normalized (no trailing zeros in its coefficient).
func ParseDecimal(s string) (decimal.Decimal, error) {
	d, err := lexAmount(s)
	if err != nil {
		return decimal.Zero, err
	}
	if d.Sign() == 0 {
		return decimal.Zero, nil
	}
	digits, exp, err := significand(d)
	if err != nil {
		return decimal.Zero, err
	}
	if -exp > maxUint256Digits {
		return decimal.Zero, fmt.Errorf("%w: more than %d decimals", ErrBadAmount, maxUint256Digits)
	}
	if int64(len(digits))+exp > maxUint256Digits {
		return decimal.Zero, fmt.Errorf("%w: more than %d digits before the point", ErrBadAmount, maxUint256Digits)
	}
	c, _ := new(big.Int).SetString(digits, 10)
	if d.Sign() < 0 {
		c.Neg(c)
	}
	return decimal.NewFromBigInt(c, int32(exp)), nil
}

// ParseAmount reads the text of a positive amount of a and returns it in base units. It
// refuses text longer than MaxAmountText, more fractional digits than a has (trailing
// zeros aside) and amounts that do not fit a uint256 in base units.
func (a Asset) ParseAmount(s string) (*big.Int, error) {
	d, err := lexAmount(s)
	if err != nil {
		return nil, err
	}
	return a.ToBaseUnits(d)
}

// ParseUnits is ParseAmount for amounts that may be zero, such as a quantity sold so far.
func (a Asset) ParseUnits(s string) (*big.Int, error) {
	d, err := lexAmount(s)
	if err != nil {
		return nil, err
	}
	if d.Sign() < 0 {
		return nil, fmt.Errorf("%w: must not be negative", ErrBadAmount)
	}
	return a.baseUnits(d)
}

// ToBaseUnits converts a decimal amount to base units. Amounts with more fractional
// digits than the token has, negative amounts, zero and amounts that do not fit a uint256
// in base units are rejected: rounding money silently is never right.
func (a Asset) ToBaseUnits(d decimal.Decimal) (*big.Int, error) {
	if d.Sign() <= 0 {
		return nil, fmt.Errorf("%w: must be positive", ErrBadAmount)
	}
	return a.baseUnits(d)
}

// baseUnits converts a non-negative d.
func (a Asset) baseUnits(d decimal.Decimal) (*big.Int, error) {
	if d.Sign() == 0 {
		return new(big.Int), nil
	}
	digits, exp, err := significand(d)
	if err != nil {
		return nil, err
	}
	if -exp > int64(a.Decimals) {
		return nil, fmt.Errorf("%w: has more than %d decimals, the precision of %s", ErrBadAmount, a.Decimals, a.ID)
	}
	shift := exp + int64(a.Decimals)
	if int64(len(digits))+shift > maxUint256Digits {
		return nil, fmt.Errorf("%w: too large for %s (a uint256 of base units)", ErrBadAmount, a.ID)
	}
	units, _ := new(big.Int).SetString(digits+strings.Repeat("0", int(shift)), 10)
	if units.Cmp(maxUint256) > 0 {
		return nil, fmt.Errorf("%w: too large for %s (a uint256 of base units)", ErrBadAmount, a.ID)
	}
	return units, nil
}

// lexAmount reads amount text of AmountPattern, at most MaxAmountText bytes. Nothing is
// trimmed or normalized first: text that is not exactly an amount (" 1", "+1", ".5",
// "0001", "1e-1") is refused, not guessed at.
func lexAmount(s string) (decimal.Decimal, error) {
	if len(s) > MaxAmountText {
		return decimal.Zero, fmt.Errorf("%w: longer than %d characters", ErrBadAmount, MaxAmountText)
	}
	if s == "" {
		return decimal.Zero, fmt.Errorf("%w: empty", ErrBadAmount)
	}
	if !plainDecimal(s) {
		return decimal.Zero, fmt.Errorf("%w: not a decimal such as 1.5: digits, optionally a point and digits (no sign, exponent or spaces)", ErrBadAmount)
	}
	d, err := decimal.NewFromString(s)
	if err != nil {
		return decimal.Zero, fmt.Errorf("%w: not a decimal such as 1.5", ErrBadAmount)
	}
	return d, nil
}

// plainDecimal reports whether s matches AmountPattern.
func plainDecimal(s string) bool {
	whole, frac, point := strings.Cut(s, ".")
	if whole == "" || (len(whole) > 1 && whole[0] == '0') || (point && frac == "") {
		return false
	}
	return allDigits(whole) && allDigits(frac)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// significand returns the digits of |d| without trailing zeros and the exponent that
// goes with them: |d| = digits * 10^exp. d is not zero.
func significand(d decimal.Decimal) (string, int64, error) {
	c := d.Coefficient()
	if c.BitLen() > maxCoefficientBits {
		return "", 0, fmt.Errorf("%w: too many digits", ErrBadAmount)
	}
	digits := c.Abs(c).String()
	trimmed := strings.TrimRight(digits, "0")
	return trimmed, int64(d.Exponent()) + int64(len(digits)-len(trimmed)), nil
}
