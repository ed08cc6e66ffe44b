package trader

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/abi/bindings"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// ErrBadAmount is returned for a missing, zero or negative amount.
var ErrBadAmount = errors.New("amount must be positive")

// erc20 packs the standard ERC-20 calls; TestToken has the standard selectors, and no
// return value is decoded from approve, so tokens without return values work.
var (
	erc20    = bindings.NewTestToken()
	contract = bindings.NewDTW()
)

func positive(amount *big.Int) error {
	if amount == nil || amount.Sign() <= 0 {
		return ErrBadAmount
	}
	return nil
}

// isNative reports whether a is native ETH.
func isNative(a chain.Asset) bool { return a.Address == dtw.Native }

// Allowance returns how much of a token the DTW contract may pull from the trader; native
// ETH needs none.
func (t *Trader) Allowance(ctx context.Context, a chain.Asset) (*big.Int, error) {
	if isNative(a) {
		return nil, nil
	}
	out, err := t.call(ctx, a.Address, erc20.PackAllowance(t.Address(), t.src.DTW))
	if err != nil {
		return nil, fmt.Errorf("allowance of %s: %w", a.ID, err)
	}
	v, err := erc20.UnpackAllowance(out)
	if err != nil {
		return nil, fmt.Errorf("allowance of %s: %w", a.ID, err)
	}
	return v, nil
}

// Approve sets the DTW contract's allowance of a token to amount. When the current
// allowance is neither zero nor amount it is first set to zero, which USDT-style tokens
// require (and costs one transaction on others). It returns the receipts of the
// transactions it sent, none when the allowance already is amount or the asset is
// native ETH.
func (t *Trader) Approve(ctx context.Context, a chain.Asset, amount *big.Int) ([]*types.Receipt, error) {
	if isNative(a) {
		return nil, nil
	}
	if amount == nil || amount.Sign() < 0 {
		return nil, fmt.Errorf("approve %s: %w", a.ID, ErrBadAmount)
	}
	current, err := t.Allowance(ctx, a)
	if err != nil {
		return nil, err
	}
	if current.Cmp(amount) == 0 {
		return nil, nil
	}
	var out []*types.Receipt
	if current.Sign() != 0 && amount.Sign() != 0 {
		r, err := t.transact(ctx, "approve "+a.ID+" to zero", a.Address, erc20.PackApprove(t.src.DTW, new(big.Int)), nil)
		if err != nil {
			return out, err
		}
		out = append(out, r)
	}
	r, err := t.transact(ctx, "approve "+a.ID, a.Address, erc20.PackApprove(t.src.DTW, amount), nil)
	if err != nil {
		return out, err
	}
	return append(out, r), nil
}

// ensureAllowance approves amount unless the allowance already covers it.
func (t *Trader) ensureAllowance(ctx context.Context, a chain.Asset, amount *big.Int) error {
	if isNative(a) {
		return nil
	}
	current, err := t.Allowance(ctx, a)
	if err != nil {
		return err
	}
	if current.Cmp(amount) >= 0 {
		return nil
	}
	_, err = t.Approve(ctx, a, amount)
	return err
}

// Deposited is a mined deposit.
type Deposited struct {
	// Receipt is the deposit transaction's receipt.
	Receipt *types.Receipt
	// Credited is what the contract credited: less than the amount sent for
	// fee-on-transfer tokens.
	Credited *big.Int
}

// Deposit moves amount of an asset from the trader's wallet into the trader's free
// balance in the DTW contract; ERC-20 tokens are approved first if the allowance does not
// cover amount, native ETH is sent as value.
func (t *Trader) Deposit(ctx context.Context, a chain.Asset, amount *big.Int) (*Deposited, error) {
	if err := positive(amount); err != nil {
		return nil, fmt.Errorf("deposit %s: %w", a.ID, err)
	}
	var value *big.Int
	if isNative(a) {
		value = amount
	} else if err := t.ensureAllowance(ctx, a, amount); err != nil {
		return nil, err
	}
	r, err := t.transact(ctx, "deposit "+a.ID, t.src.DTW, contract.PackDeposit(a.Address, amount), value)
	if err != nil {
		return nil, err
	}
	d := &Deposited{Receipt: r, Credited: new(big.Int)}
	for _, ev := range dtw.DecodeLogs(t.src.DTW, r.Logs) {
		if ev.Kind == dtw.EventDeposited && ev.Trader == t.Address() {
			d.Credited.Add(d.Credited, ev.Amount)
		}
	}
	return d, nil
}

// Withdraw sends amount of an asset from the trader's free balance to `to` directly,
// without the gateway; it works even while the contract is paused for new orders.
func (t *Trader) Withdraw(ctx context.Context, a chain.Asset, amount *big.Int, to common.Address) (*types.Receipt, error) {
	if err := positive(amount); err != nil {
		return nil, fmt.Errorf("withdraw %s: %w", a.ID, err)
	}
	if to == (common.Address{}) {
		return nil, fmt.Errorf("withdraw %s: no destination address", a.ID)
	}
	return t.transact(ctx, "withdraw "+a.ID, t.src.DTW, contract.PackWithdraw(a.Address, amount, to), nil)
}

// FreeBalance returns the trader's free (not locked in orders) balance of an asset in the
// DTW contract, in base units.
func (t *Trader) FreeBalance(ctx context.Context, a chain.Asset) (*big.Int, error) {
	out, err := t.call(ctx, t.src.DTW, contract.PackBalanceOf(t.Address(), a.Address))
	if err != nil {
		return nil, fmt.Errorf("balance of %s: %w", a.ID, err)
	}
	v, err := contract.UnpackBalanceOf(out)
	if err != nil {
		return nil, fmt.Errorf("balance of %s: %w", a.ID, err)
	}
	return v, nil
}

// FreeBalances returns the trader's free balance of every configured asset, by asset id.
func (t *Trader) FreeBalances(ctx context.Context) (map[string]*big.Int, error) {
	out := make(map[string]*big.Int, len(t.src.Assets))
	for _, a := range t.src.Assets {
		v, err := t.FreeBalance(ctx, a)
		if err != nil {
			return nil, err
		}
		out[a.ID] = v
	}
	return out, nil
}

// WalletBalance returns the trader's balance of an asset outside the contract.
func (t *Trader) WalletBalance(ctx context.Context, a chain.Asset) (*big.Int, error) {
	if isNative(a) {
		return t.backend.BalanceAt(ctx, t.Address(), nil)
	}
	out, err := t.call(ctx, a.Address, erc20.PackBalanceOf(t.Address()))
	if err != nil {
		return nil, fmt.Errorf("wallet balance of %s: %w", a.ID, err)
	}
	return erc20.UnpackBalanceOf(out)
}

// Transfer sends amount of an asset from the trader's wallet to `to` (a plain ERC-20
// transfer, or native ETH as value), e.g. to the account's OFFCHAIN deposit address. A
// transfer that would revert fails before anything is sent.
func (t *Trader) Transfer(ctx context.Context, a chain.Asset, amount *big.Int, to common.Address) (*types.Receipt, error) {
	if err := positive(amount); err != nil {
		return nil, fmt.Errorf("transfer %s: %w", a.ID, err)
	}
	if to == (common.Address{}) {
		return nil, fmt.Errorf("transfer %s: no destination address", a.ID)
	}
	if isNative(a) {
		return t.transact(ctx, "transfer "+a.ID, to, nil, amount)
	}
	return t.transact(ctx, "transfer "+a.ID, a.Address, erc20.PackTransfer(to, amount), nil)
}
