package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/core/types"
)

// ErrNoBaseFee is returned by FeePolicy.Fees on a chain without EIP-1559.
var ErrNoBaseFee = errors.New("chain has no base fee: EIP-1559 is required")

// Defaults of a FeePolicy's zero fields.
var (
	// DefaultMaxFeeCap is the fee cap per gas used when FeePolicy.MaxFeeCap is nil: 500 gwei.
	DefaultMaxFeeCap = big.NewInt(500_000_000_000)
	// DefaultTip is the priority fee used when the node cannot suggest one: 1 gwei.
	DefaultTip = big.NewInt(1_000_000_000)
)

// DefaultBumpPercent is the fee raise of a replacement when FeePolicy.BumpPercent is
// below 10 (nodes refuse replacements that raise less than 10%).
const DefaultBumpPercent = 15

// FeeReader is the part of an RPC client a FeePolicy reads.
type FeeReader interface {
	HeaderByNumber(ctx context.Context, number *big.Int) (*types.Header, error)
	SuggestGasTipCap(ctx context.Context) (*big.Int, error)
}

// FeePolicy computes the EIP-1559 fees of a transaction: the node's suggested tip (or
// Tip), a fee cap of twice the latest base fee plus the tip, both capped at MaxFeeCap. It
// is the one fee policy of the module: the gateway's sender, the trader library and the
// testnet harness all price their transactions with it. The zero value is ready to use.
type FeePolicy struct {
	// MaxFeeCap caps the fee per gas, in wei. Default (nil) DefaultMaxFeeCap.
	MaxFeeCap *big.Int
	// Tip, when set, is the priority fee per gas in wei, instead of the node's
	// suggestion. Default (nil): ask the node, DefaultTip when it cannot answer.
	Tip *big.Int
	// BumpPercent raises both fee fields of a replacement by this much. Default
	// DefaultBumpPercent; values below 10 take the default.
	BumpPercent int64
}

// Cap returns the fee cap per gas in effect (MaxFeeCap or its default).
func (p FeePolicy) Cap() *big.Int {
	if p.MaxFeeCap == nil {
		return DefaultMaxFeeCap
	}
	return p.MaxFeeCap
}

// Fees returns the tip and fee cap of a new transaction at the current market.
func (p FeePolicy) Fees(ctx context.Context, c FeeReader) (tip, feeCap *big.Int, err error) {
	head, err := c.HeaderByNumber(ctx, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("latest block: %w", err)
	}
	if head.BaseFee == nil {
		return nil, nil, ErrNoBaseFee
	}
	if p.Tip != nil {
		tip = new(big.Int).Set(p.Tip)
	} else if tip, err = c.SuggestGasTipCap(ctx); err != nil {
		tip = new(big.Int).Set(DefaultTip)
	}
	feeCap = new(big.Int).Add(new(big.Int).Mul(head.BaseFee, big.NewInt(2)), tip)
	if feeCap.Cmp(p.Cap()) > 0 {
		feeCap = new(big.Int).Set(p.Cap())
	}
	if tip.Cmp(feeCap) > 0 {
		tip = new(big.Int).Set(feeCap)
	}
	return tip, feeCap, nil
}

// Bump returns the fees of a replacement for a transaction priced oldTip and oldCap:
// both raised by BumpPercent, and at least to the current market. ok is false when
// MaxFeeCap leaves no room for a replacement the node would accept.
func (p FeePolicy) Bump(ctx context.Context, c FeeReader, oldTip, oldCap *big.Int) (tip, feeCap *big.Int, ok bool, err error) {
	marketTip, marketCap, err := p.Fees(ctx, c)
	if err != nil {
		return nil, nil, false, err
	}
	pct := p.BumpPercent
	if pct < 10 {
		pct = DefaultBumpPercent
	}
	raise := func(v *big.Int) *big.Int {
		r := new(big.Int).Mul(v, big.NewInt(100+pct))
		r.Div(r, big.NewInt(100))
		return r.Add(r, big.NewInt(1))
	}
	tip, feeCap = raise(oldTip), raise(oldCap)
	if marketTip.Cmp(tip) > 0 {
		tip = marketTip
	}
	if marketCap.Cmp(feeCap) > 0 {
		feeCap = marketCap
	}
	if feeCap.Cmp(p.Cap()) > 0 {
		return nil, nil, false, nil
	}
	if tip.Cmp(feeCap) > 0 {
		tip = feeCap
	}
	return tip, feeCap, true, nil
}
