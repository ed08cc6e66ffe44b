package custody

import (
	"context"
	"errors"
	"fmt"
	"math/big"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// KindPayment is the journal kind of an OFFCHAIN withdrawal's payment.
const KindPayment = "offchain-withdrawal"

// payBatch bounds the withdrawals paid, and the payments settled, in one round; the next
// round goes on from where it stopped.
const payBatch = 20

// transferSelector is ERC-20 transfer(address,uint256).
var transferSelector = []byte{0xa9, 0x05, 0x9c, 0xbb}

// payment is the transaction that pays w: a native transfer, or the token's transfer.
func (c *Custodian) payment(w store.OffchainWithdrawal) (tok token, to common.Address, value *big.Int, data []byte, err error) {
	tok, ok := c.byAsset[w.Asset]
	if !ok {
		return tok, to, nil, nil, fmt.Errorf("%s has no token on %s", w.Asset, c.cfg.Source.Name)
	}
	units := w.Amount.Shift(tok.decimals)
	if !units.IsInteger() || !units.IsPositive() {
		return tok, to, nil, nil, fmt.Errorf("%s %s is not a whole number of the token's base units", w.Amount, w.Asset)
	}
	amount, dest := units.BigInt(), common.HexToAddress(w.Destination)
	if tok.address == (common.Address{}) {
		return tok, dest, amount, nil, nil
	}
	data = append(append(append([]byte{}, transferSelector...), common.LeftPadBytes(dest.Bytes(), 32)...), common.LeftPadBytes(amount.Bytes(), 32)...)
	return tok, tok.address, nil, data, nil
}

// pay sends the payment of PENDING crypto withdrawals of the chain from the treasury
// (the sender's key), journaled under the withdrawal's hold key, and marks each SENT with
// the transaction hash. A withdrawal whose payment is already journaled (a crash between
// sending and marking, or a lost status update) is marked with the journaled transaction,
// never paid again, even when the same payment could no longer be sent. A round takes
// payBatch withdrawals from where the last one stopped, oldest first, and starts over
// after the newest: withdrawals the treasury cannot pay yet wait, held, without keeping
// the later ones waiting.
func (c *Custodian) pay(ctx context.Context, sender *chain.Sender) error {
	ws, err := c.st.OffchainWithdrawalsAfter(ctx, store.WithdrawalCrypto, c.cfg.Source.Name, store.WithdrawalPending, c.payFrom, payBatch)
	if err != nil {
		return err
	}
	if len(ws) < payBatch {
		c.payFrom = store.WithdrawalPosition{}
	} else {
		c.payFrom = ws[len(ws)-1].Position()
	}
	var errs []error
	for _, w := range ws {
		jt, err := c.st.JournalRef(ctx, c.cfg.Source.Name, w.HoldKey())
		switch {
		case err == nil:
			errs = append(errs, c.markSent(ctx, w, jt))
			continue
		case !errors.Is(err, store.ErrNotFound):
			errs = append(errs, err)
			continue
		}
		_, to, value, data, err := c.payment(w)
		if err != nil {
			errs = append(errs, c.fail(ctx, w, store.WithdrawalPending, "", err.Error()))
			continue
		}
		jt, err = sender.SendRef(ctx, KindPayment, w.HoldKey(), to, value, data)
		if errors.Is(err, chain.ErrRefExists) {
			jt, err = c.st.JournalRef(ctx, c.cfg.Source.Name, w.HoldKey())
		}
		if errors.Is(err, chain.ErrRefClosed) {
			continue // rejected since it was read: not paid
		}
		if err != nil {
			// Most often the treasury lacks the funds or the gas: the withdrawal waits,
			// held, until an operator tops it up.
			c.log.Warn("withdrawal not paid yet; will retry", "account", w.AccountID, "instruction", w.InstructionID,
				"asset", w.Asset, "amount", w.Amount, "err", err)
			continue
		}
		errs = append(errs, c.markSent(ctx, w, jt))
	}
	return errors.Join(errs...)
}

// markSent moves w from PENDING to SENT with its journaled payment. When that fails, the
// next round finds the payment in the journal again.
func (c *Custodian) markSent(ctx context.Context, w store.OffchainWithdrawal, jt chain.JournalTx) error {
	err := c.st.SetOffchainWithdrawalStatus(ctx, w.AccountID, w.InstructionID, store.WithdrawalPending, store.WithdrawalSent,
		jt.Hash.Hex(), "", c.cfg.Now())
	if err != nil {
		return fmt.Errorf("withdrawal %s paid by %s: %w", w.HoldKey(), jt.Hash, err)
	}
	return nil
}

// settlePayments completes each SENT withdrawal whose payment is confirmed at the depth
// and checked (the hold captured by the withdrawal's ledger entry), and fails those whose
// payment reverted or can no longer be mined (the hold released).
func (c *Custodian) settlePayments(ctx context.Context) error {
	ws, err := c.st.OffchainWithdrawalsAfter(ctx, store.WithdrawalCrypto, c.cfg.Source.Name, store.WithdrawalSent, c.settleFrom, payBatch)
	if err != nil {
		return err
	}
	if len(ws) < payBatch {
		c.settleFrom = store.WithdrawalPosition{}
	} else {
		c.settleFrom = ws[len(ws)-1].Position()
	}
	var errs []error
	for _, w := range ws {
		ref, err := c.st.JournalRef(ctx, c.cfg.Source.Name, w.HoldKey())
		if err != nil {
			errs = append(errs, fmt.Errorf("withdrawal %s: %w", w.HoldKey(), err))
			continue
		}
		txs, err := c.st.TxsAtNonce(ctx, c.cfg.Source.Name, ref.Sender, ref.Nonce)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		confirmed, failed, open := outcome(txs)
		switch {
		case confirmed != nil:
			errs = append(errs, c.complete(ctx, w, ref.Sender, confirmed.Hash))
		case failed != nil:
			errs = append(errs, c.fail(ctx, w, store.WithdrawalSent, failed.Hash.Hex(), "the payment transaction reverted"))
		case !open && len(txs) > 0:
			errs = append(errs, c.fail(ctx, w, store.WithdrawalSent, "", "the payment transaction was dropped: its nonce was used by another transaction"))
		}
	}
	return errors.Join(errs...)
}

// complete checks a confirmed payment's receipt at the depth and completes w.
func (c *Custodian) complete(ctx context.Context, w store.OffchainWithdrawal, treasury common.Address, hash common.Hash) error {
	r, err := c.client.TransactionReceipt(ctx, hash)
	if err != nil {
		return fmt.Errorf("payment receipt %s: %w", hash, err)
	}
	head, err := c.client.BlockNumber(ctx)
	if err != nil {
		return fmt.Errorf("head: %w", err)
	}
	if r.Status != types.ReceiptStatusSuccessful || head+1 < r.BlockNumber.Uint64()+c.cfg.Source.Confirmations {
		return nil // the journal said confirmed; the node has not caught up: next round
	}
	tok, _, _, _, err := c.payment(w)
	if err != nil {
		return err
	}
	if tok.address != (common.Address{}) && !paidTo(r, tok.address, treasury, common.HexToAddress(w.Destination)) {
		c.log.Error("payment receipt has no transfer to the destination; not completing", "tx", hash, "instruction", w.InstructionID)
		return nil
	}
	return c.st.InTx(ctx, func(tx Tx) error {
		if err := offchain.CompleteTx(ctx, tx, c.led, w, store.WithdrawalSent, hash.Hex(), c.cfg.Now()); err != nil {
			return err
		}
		c.log.Info("withdrawal paid", "account", w.AccountID, "instruction", w.InstructionID, "asset", w.Asset, "amount", w.Amount, "tx", hash)
		return nil
	})
}

// paidTo reports whether r holds a Transfer of token from treasury to dest.
func paidTo(r *types.Receipt, tok, treasury, dest common.Address) bool {
	for _, l := range r.Logs {
		if l.Address == tok && len(l.Topics) == 3 && l.Topics[0] == transferTopic &&
			common.BytesToAddress(l.Topics[1].Bytes()) == treasury && common.BytesToAddress(l.Topics[2].Bytes()) == dest {
			return true
		}
	}
	return false
}

// fail moves w from status from to FAILED with reason, releasing its hold.
func (c *Custodian) fail(ctx context.Context, w store.OffchainWithdrawal, from, txHash, reason string) error {
	c.log.Warn("withdrawal failed; funds released", "account", w.AccountID, "instruction", w.InstructionID, "reason", reason, "tx", txHash)
	return c.st.InTx(ctx, func(tx Tx) error {
		return offchain.ReleaseTx(ctx, tx, c.led, w, from, store.WithdrawalFailed, txHash, reason, c.cfg.Now())
	})
}

// outcome reads the journal's transactions at one nonce (a payment or sweep and its fee
// bumps): the confirmed one, the failed one, and whether one is still pending or mined.
func outcome(txs []chain.JournalTx) (confirmed, failed *chain.JournalTx, open bool) {
	for i := range txs {
		switch txs[i].State {
		case chain.TxConfirmed:
			confirmed = &txs[i]
		case chain.TxFailed:
			failed = &txs[i]
		case chain.TxPending, chain.TxMined:
			open = true
		}
	}
	return confirmed, failed, open
}
