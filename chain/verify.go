package chain

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// Errors of VerifyReturnTx. ErrVerification means the chain contradicts what was expected
// (a lie or a bug); ErrNotConfirmed only that it is too early to tell.
var (
	ErrVerification = errors.New("return transaction does not match")
	ErrNotConfirmed = errors.New("return transaction not yet confirmed")
)

// ReceiptReader is the part of an RPC client that verification needs.
type ReceiptReader interface {
	BlockNumber(ctx context.Context) (uint64, error)
	TransactionReceipt(ctx context.Context, txHash common.Hash) (*types.Receipt, error)
}

// ReturnExpectation is what a return transaction must show.
type ReturnExpectation struct {
	// DTW is the contract that must emit the event: the caller's own record of it, never
	// what the party being checked says.
	DTW common.Address
	// OrderKey and Trader identify the order (dtw.OrderKey of its on-chain id, trader and
	// sell token). An OrderSettled event names only the key (the contract settles the
	// order stored under it, whole): Trader and SellAmount are compared with an
	// OrderCancelled event's.
	OrderKey common.Hash
	Trader   common.Address
	// Kind, when set, is the event required (dtw.EventOrderSettled or EventOrderCancelled).
	Kind dtw.EventKind
	// SellAmount, when set, is the order's locked sell amount.
	SellAmount *big.Int
	// BuyAmount, when set, is the amount a settlement must have paid.
	BuyAmount *big.Int
	// MinBuyAmount, when set, is the least a settlement may pay.
	MinBuyAmount *big.Int
	// Confirmations is the depth required. Default 1.
	Confirmations uint64
}

// ReturnCheck is a verified return transaction.
type ReturnCheck struct {
	Event         dtw.Event
	Receipt       *types.Receipt
	Confirmations uint64
}

// VerifyReturnTx fetches a return transaction's receipt and checks it: successful status,
// an OrderSettled or OrderCancelled event for the order emitted by exp.DTW, the trader and
// amounts expected, and the confirmation depth. A mismatch wraps ErrVerification; a
// missing receipt or too few confirmations wraps ErrNotConfirmed.
func VerifyReturnTx(ctx context.Context, client ReceiptReader, tx common.Hash, exp ReturnExpectation) (*ReturnCheck, error) {
	if exp.Confirmations == 0 {
		exp.Confirmations = 1
	}
	r, err := client.TransactionReceipt(ctx, tx)
	if errors.Is(err, ethereum.NotFound) {
		return nil, fmt.Errorf("%w: no receipt for %s", ErrNotConfirmed, tx)
	}
	if err != nil {
		return nil, fmt.Errorf("receipt %s: %w", tx, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		return nil, fmt.Errorf("%w: %s reverted", ErrVerification, tx)
	}
	var found *dtw.Event
	for _, l := range r.Logs {
		ev, ok := dtw.DecodeLog(exp.DTW, l)
		if !ok || ev.OrderKey != exp.OrderKey {
			continue
		}
		if ev.Kind == dtw.EventOrderSettled || ev.Kind == dtw.EventOrderCancelled {
			found = &ev
			break
		}
	}
	if found == nil {
		return nil, fmt.Errorf("%w: %s has no settle or cancel event of order key %s from contract %s", ErrVerification, tx, exp.OrderKey, exp.DTW)
	}
	if err := checkEvent(found, exp); err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrVerification, tx, err)
	}
	head, err := client.BlockNumber(ctx)
	if err != nil {
		return nil, fmt.Errorf("head: %w", err)
	}
	check := &ReturnCheck{Event: *found, Receipt: r}
	if block := r.BlockNumber.Uint64(); head >= block {
		check.Confirmations = head - block + 1
	}
	if check.Confirmations < exp.Confirmations {
		return check, fmt.Errorf("%w: %s has %d of %d confirmations", ErrNotConfirmed, tx, check.Confirmations, exp.Confirmations)
	}
	return check, nil
}

func checkEvent(ev *dtw.Event, exp ReturnExpectation) error {
	if exp.Kind != "" && ev.Kind != exp.Kind {
		return fmt.Errorf("the chain shows %s, expected %s", ev.Kind, exp.Kind)
	}
	if ev.Kind != dtw.EventOrderSettled {
		if exp.Trader != (common.Address{}) && ev.Trader != exp.Trader {
			return fmt.Errorf("the chain shows trader %s, expected %s", ev.Trader, exp.Trader)
		}
		if exp.SellAmount != nil && ev.SellAmount.Cmp(exp.SellAmount) != 0 {
			return fmt.Errorf("the chain shows sell amount %s, expected %s", ev.SellAmount, exp.SellAmount)
		}
		return nil
	}
	if exp.BuyAmount != nil && ev.BuyAmount.Cmp(exp.BuyAmount) != 0 {
		return fmt.Errorf("the chain shows buy amount %s, expected %s", ev.BuyAmount, exp.BuyAmount)
	}
	if exp.MinBuyAmount != nil && ev.BuyAmount.Cmp(exp.MinBuyAmount) < 0 {
		return fmt.Errorf("the chain shows buy amount %s, below the order's minimum %s", ev.BuyAmount, exp.MinBuyAmount)
	}
	return nil
}
