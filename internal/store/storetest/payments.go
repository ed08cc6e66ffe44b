package storetest

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// testPaymentRefs: a transaction whose Ref names a ledger hold is journaled only while the
// hold is open (ErrRefClosed otherwise, nothing journaled); reopening a reorged FAILED
// payment of a FAILED withdrawal opens its hold again and moves it back to SENT, in the
// same transaction, while other reopened transactions are only reopened; reopening a
// reorged CONFIRMED payment of a COMPLETED withdrawal moves it back to SENT with its hold
// left captured.
func testPaymentRefs(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	withdrawal := func(id string) store.OffchainWithdrawal {
		w := store.OffchainWithdrawal{AccountID: "a1", InstructionID: id, Asset: "eth", Amount: decimal.NewFromInt(1),
			Kind: store.WithdrawalCrypto, Location: source, Destination: traderA.Hex(), RequestHash: id, CreatedAt: at}
		require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
			if err := tx.PutLedgerHold(ctx, store.LedgerHold{Key: w.HoldKey(), Book: "user:a1", Asset: "eth", Amount: w.Amount, CreatedAt: at}); err != nil {
				return err
			}
			return tx.CreateOffchainWithdrawal(ctx, w)
		}))
		return w
	}
	payment := func(n uint64, ref string) chain.JournalTx {
		return chain.JournalTx{Source: source, Sender: operator, Nonce: n, Hash: common.BigToHash(big.NewInt(int64(5000 + n))),
			Raw: []byte{byte(n)}, Kind: "offchain-withdrawal", State: chain.TxPending, CreatedAt: time.Now(), Ref: ref}
	}
	holdState := func(key string) string {
		h, err := s.LedgerHold(ctx, key)
		require.NoError(t, err)
		return h.State
	}

	// A released hold is never paid.
	rejected := withdrawal("rejected")
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
		if err := tx.SetOffchainWithdrawalStatus(ctx, "a1", "rejected", store.WithdrawalPending, store.WithdrawalRejected, "", "no", at); err != nil {
			return err
		}
		return tx.SetLedgerHoldState(ctx, rejected.HoldKey(), store.HoldReleased, at)
	}))
	_, err := s.InsertTx(ctx, payment(0, rejected.HoldKey()))
	require.ErrorIs(t, err, chain.ErrRefClosed)
	_, ok, err := s.MaxNonce(ctx, source, operator)
	require.NoError(t, err)
	require.False(t, ok, "a refused payment journals nothing")
	_, err = s.JournalRef(ctx, source, rejected.HoldKey())
	require.ErrorIs(t, err, store.ErrNotFound)

	// An open hold is paid; a ref without a hold is journaled as before.
	failed := withdrawal("failed")
	id0, err := s.InsertTx(ctx, payment(0, failed.HoldKey()))
	require.NoError(t, err)
	id1, err := s.InsertTx(ctx, payment(1, "no-hold"))
	require.NoError(t, err)
	settle := payment(2, "")
	settle.Kind = "settle"
	id2, err := s.InsertTx(ctx, settle)
	require.NoError(t, err)

	completed := withdrawal("completed")
	id3, err := s.InsertTx(ctx, payment(3, completed.HoldKey()))
	require.NoError(t, err)

	// The payment reverts: FAILED, hold released; the others are final too.
	require.NoError(t, s.SetTxState(ctx, id3, chain.TxConfirmed, 13))
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
		if err := tx.SetOffchainWithdrawalStatus(ctx, "a1", "completed", store.WithdrawalPending, store.WithdrawalCompleted, payment(3, "").Hash.Hex(), "", at); err != nil {
			return err
		}
		return tx.SetLedgerHoldState(ctx, completed.HoldKey(), store.HoldCaptured, at)
	}))
	require.NoError(t, s.SetTxState(ctx, id0, chain.TxFailed, 10))
	require.NoError(t, s.SetTxState(ctx, id1, chain.TxFailed, 11))
	require.NoError(t, s.SetTxState(ctx, id2, chain.TxConfirmed, 12))
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
		if err := tx.SetOffchainWithdrawalStatus(ctx, "a1", "failed", store.WithdrawalPending, store.WithdrawalFailed, "", "reverted", at); err != nil {
			return err
		}
		return tx.SetLedgerHoldState(ctx, failed.HoldKey(), store.HoldReleased, at)
	}))

	// A reorg takes all three out.
	n, err := s.ReopenFrom(ctx, source, operator, 0)
	require.NoError(t, err)
	require.Equal(t, int64(4), n)
	open, err := s.OpenTxs(ctx, source, operator)
	require.NoError(t, err)
	require.Len(t, open, 4)
	got, err := s.OffchainWithdrawal(ctx, "a1", "completed")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalSent, got.Status, "a completed withdrawal whose payment is reorged out is pending again")
	require.Equal(t, store.HoldCaptured, holdState(completed.HoldKey()), "its funds stay out of the account while it may be mined")
	require.Equal(t, store.HoldOpen, holdState(failed.HoldKey()), "the payment is sent again with its funds held")
	got, err = s.OffchainWithdrawal(ctx, "a1", "failed")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalSent, got.Status)
	require.Equal(t, payment(0, "").Hash.Hex(), got.TxHash)
	require.Equal(t, store.HoldReleased, holdState(rejected.HoldKey()), "other holds are left alone")
	n, err = s.ReopenFrom(ctx, source, operator, 0)
	require.NoError(t, err)
	require.Zero(t, n, "nothing final is left to reopen")
}

// testWithdrawalQueue: OffchainWithdrawalsAfter pages through a queue in the order
// (created_at, account, instruction id), from the zero position to the end.
func testWithdrawalQueue(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	var want []string
	for i := range 7 {
		w := store.OffchainWithdrawal{AccountID: fmt.Sprintf("a%d", i%2), InstructionID: fmt.Sprintf("i%d", i), Asset: "eth",
			Amount: decimal.NewFromInt(1), Kind: store.WithdrawalCrypto, Location: source, Destination: traderA.Hex(), RequestHash: "h",
			CreatedAt: at.Add(time.Duration(i/3) * time.Millisecond)} // three share a millisecond
		require.NoError(t, s.CreateOffchainWithdrawal(ctx, w))
	}
	for _, k := range []string{"a0/i0", "a0/i2", "a1/i1", "a0/i4", "a1/i3", "a1/i5", "a0/i6"} {
		want = append(want, k)
	}
	other := store.OffchainWithdrawal{AccountID: "a0", InstructionID: "elsewhere", Asset: "eth", Amount: decimal.NewFromInt(1),
		Kind: store.WithdrawalCrypto, Location: "POLYGON", Destination: traderA.Hex(), RequestHash: "h", CreatedAt: at}
	require.NoError(t, s.CreateOffchainWithdrawal(ctx, other))
	var got []string
	after := store.WithdrawalPosition{}
	for range 10 {
		page, err := s.OffchainWithdrawalsAfter(ctx, store.WithdrawalCrypto, source, store.WithdrawalPending, after, 3)
		require.NoError(t, err)
		for _, w := range page {
			got = append(got, w.AccountID+"/"+w.InstructionID)
		}
		if len(page) < 3 {
			break
		}
		after = page[len(page)-1].Position()
	}
	require.Equal(t, want, got)
}
