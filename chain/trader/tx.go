package trader

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/chain/dtw"
)

// ErrReverted is wrapped by every *RevertError.
var ErrReverted = errors.New("reverted")

// RevertError is a call the contract refused, either at gas estimation (nothing was
// sent) or in a mined transaction.
type RevertError struct {
	// Op names what was attempted, e.g. "deposit".
	Op string
	// Reason is the contract's custom error ("InsufficientBalance"), a require reason,
	// or "" when the node gave no revert data.
	Reason string
	// Tx is the mined transaction, zero when the revert was found before sending.
	Tx common.Hash
	// Err is the node's error, if any.
	Err error
}

// Error implements error.
func (e *RevertError) Error() string {
	msg := e.Op + ": reverted"
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	if e.Tx != (common.Hash{}) {
		msg += " (transaction " + e.Tx.Hex() + ")"
	}
	return msg
}

// Unwrap lets errors.Is match ErrReverted and the node's error.
func (e *RevertError) Unwrap() []error {
	if e.Err == nil {
		return []error{ErrReverted}
	}
	return []error{ErrReverted, e.Err}
}

// transact signs, sends and waits for one EIP-1559 transaction from the trader: nonce
// from the chain, gas estimated (so a call that would revert fails with its reason
// before anything is sent), fees from Options.Fees.
func (t *Trader) transact(ctx context.Context, op string, to common.Address, data []byte, value *big.Int) (*types.Receipt, error) {
	tx, err := t.send(ctx, op, to, data, value)
	if err != nil {
		return nil, err
	}
	r, err := t.waitMined(ctx, tx.Hash())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if r.Status != types.ReceiptStatusSuccessful {
		rerr := &RevertError{Op: op, Tx: tx.Hash()}
		// Replay the call at its block for the reason; best effort.
		msg := ethereum.CallMsg{From: t.Address(), To: &to, Data: data, Value: value, Gas: tx.Gas()}
		if _, cerr := t.backend.CallContract(ctx, msg, r.BlockNumber); cerr != nil {
			rerr.Reason, rerr.Err = dtw.RevertName(cerr), cerr
		}
		return r, rerr
	}
	return r, nil
}

func (t *Trader) send(ctx context.Context, op string, to common.Address, data []byte, value *big.Int) (*types.Transaction, error) {
	if value == nil {
		value = new(big.Int)
	}
	from := t.Address()
	t.sendMu.Lock()
	defer t.sendMu.Unlock()
	tip, feeCap, err := t.opts.Fees.Fees(ctx, t.backend)
	if err != nil {
		return nil, fmt.Errorf("%s: chain %s: %w", op, t.chainID, err)
	}
	gas, err := t.backend.EstimateGas(ctx, ethereum.CallMsg{From: from, To: &to, Value: value, Data: data})
	if err != nil {
		if reason := dtw.RevertName(err); reason != "" {
			return nil, &RevertError{Op: op, Reason: reason, Err: err}
		}
		return nil, fmt.Errorf("%s: estimate gas: %w", op, err)
	}
	gas += gas * t.opts.GasMarginPercent / 100
	nonce, err := t.backend.PendingNonceAt(ctx, from)
	if err != nil {
		return nil, fmt.Errorf("%s: nonce: %w", op, err)
	}
	tx := types.NewTx(&types.DynamicFeeTx{
		ChainID: t.chainID, Nonce: nonce, GasTipCap: tip, GasFeeCap: feeCap,
		Gas: gas, To: &to, Value: value, Data: data,
	})
	signed, err := t.signer.SignTx(ctx, tx, t.chainID)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", op, err)
	}
	if err := t.backend.SendTransaction(ctx, signed); err != nil {
		return nil, fmt.Errorf("%s: send: %w", op, err)
	}
	return signed, nil
}

// waitMined polls for a receipt until ctx ends.
func (t *Trader) waitMined(ctx context.Context, hash common.Hash) (*types.Receipt, error) {
	tick := time.NewTicker(t.opts.PollInterval)
	defer tick.Stop()
	for {
		r, err := t.backend.TransactionReceipt(ctx, hash)
		if err == nil {
			return r, nil
		}
		if !errors.Is(err, ethereum.NotFound) {
			return nil, fmt.Errorf("receipt of %s: %w", hash, err)
		}
		select {
		case <-ctx.Done():
			return nil, fmt.Errorf("waiting for %s: %w", hash, ctx.Err())
		case <-tick.C:
		}
	}
}

// call runs a read-only call against the latest block.
func (t *Trader) call(ctx context.Context, to common.Address, data []byte) ([]byte, error) {
	return t.backend.CallContract(ctx, ethereum.CallMsg{From: t.Address(), To: &to, Data: data}, nil)
}
