package custody_test

import (
	"context"
	"fmt"
	"log/slog"
	"math/big"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/offchain/offchaintest"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// payEnv drives one chain's payer by hand, as the settler's engine does (the sender's Tick,
// then the custodian's Round), on a real anvil chain and a real store, so that a test
// decides what happens between two rounds.
type payEnv struct {
	c      *testnet.Chain
	st     store.Store
	led    *ledger.Ledger
	svc    *offchaintest.Service
	cust   *custody.Custodian
	sender *chain.Sender
	src    *chain.Source
	dest   common.Address
	logs   *syncBuffer
	// beforeBroadcast, when set, runs between a journaled payment and its broadcast.
	beforeBroadcast func(ctx context.Context, tx chain.JournalTx)
}

func newPayEnv(t *testing.T) *payEnv {
	t.Helper()
	ctx := context.Background()
	n := testnet.New(t, testnet.Options{Sources: []string{"ETHEREUM"}, Traders: 1})
	c := n.Chains[0]
	dir := t.TempDir()
	cfg, err := c.GatewayConfig(dir)
	require.NoError(t, err)
	cfg.Chains[0].Confirmations = depth
	cfg.Finish()
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "db"), 0o700))
	st, err := store.Open(ctx, "", filepath.Join(dir, "db", "store.db"), store.SQLiteOptions{})
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	src := c.ChainSource(depth)
	e := &payEnv{c: c, st: st, led: ledger.New(store.Narrow[ledger.Tx](st), nil), svc: offchaintest.New(cfg, st, nil, nil), src: &src, logs: &syncBuffer{}}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("log:\n%s", e.logs.String())
		}
	})
	log := slog.New(slog.NewTextHandler(e.logs, nil))
	e.cust = custody.New(custody.Config{Source: e.src, Assets: cfg.OffchainAssets(), Logger: log}, c.Client, store.Narrow[custody.Tx](st))
	e.sender = chain.NewSender(chain.SenderConfig{Source: src.Name, ChainID: c.ChainID, Confirmations: depth, Logger: log,
		BeforeBroadcast: func(ctx context.Context, tx chain.JournalTx) {
			if e.beforeBroadcast != nil {
				e.beforeBroadcast(ctx, tx)
			}
		}}, c.Client, c.Operator.Signer(), st)
	dest, err := testnet.NewAccount("dest", testnet.RoleTrader)
	require.NoError(t, err)
	e.dest = dest.Address
	return e
}

// deposit credits amount of asset to account's OFFCHAIN book, as a confirmed deposit does.
func (e *payEnv) deposit(t *testing.T, account, asset, amount string) {
	t.Helper()
	en, ev := offchain.DepositEntry(fmt.Sprintf("deposit:test:%s:%s:%d", account, asset, time.Now().UnixNano()), account, asset,
		decimal.RequireFromString(amount), offchain.DepositMeta{Location: e.src.Name}, e.src.Name)
	_, _, err := e.led.Post(context.Background(), en, ev, ledger.Options{})
	require.NoError(t, err)
}

// withdraw holds amount of asset and records a PENDING crypto withdrawal to e.dest, as
// SubmitWithdrawal does.
func (e *payEnv) withdraw(t *testing.T, account, id, asset, amount string) store.OffchainWithdrawal {
	t.Helper()
	w := store.OffchainWithdrawal{AccountID: account, InstructionID: id, Asset: asset, Amount: decimal.RequireFromString(amount),
		Kind: store.WithdrawalCrypto, Location: e.src.Name, Destination: e.dest.Hex(), Status: store.WithdrawalPending,
		RequestHash: id, CreatedAt: time.Now()}
	require.NoError(t, e.st.InTx(context.Background(), func(tx store.Tx) error {
		if err := e.led.HoldTx(context.Background(), tx, w.HoldKey(), account, asset, w.Amount, ledger.Options{}); err != nil {
			return err
		}
		return tx.CreateOffchainWithdrawal(context.Background(), w)
	}))
	return w
}

// round is one settler round: the sender follows its journal, the custodian pays and
// settles. A round's errors (an unpayable withdrawal, say) are logged, as the engine does.
func (e *payEnv) round(t *testing.T) {
	t.Helper()
	ctx := context.Background()
	if _, err := e.sender.Tick(ctx); err != nil {
		e.logs.Write([]byte("tick: " + err.Error() + "\n"))
	}
	if err := e.cust.Round(ctx, e.sender); err != nil {
		e.logs.Write([]byte("round: " + err.Error() + "\n"))
	}
}

// until runs rounds, mining a block after each, until cond holds.
func (e *payEnv) until(t *testing.T, cond func() bool, msg string, args ...any) {
	t.Helper()
	require.Eventually(t, func() bool {
		e.round(t)
		require.NoError(t, e.c.Mine(context.Background(), 1))
		return cond()
	}, 30*time.Second, 20*time.Millisecond, append([]any{msg}, args...)...)
}

// rounds runs n rounds, mining a block after each.
func (e *payEnv) rounds(t *testing.T, n int) {
	t.Helper()
	for range n {
		e.round(t)
		require.NoError(t, e.c.Mine(context.Background(), 1))
	}
}

func (e *payEnv) status(t *testing.T, w store.OffchainWithdrawal) store.OffchainWithdrawal {
	t.Helper()
	got, err := e.st.OffchainWithdrawal(context.Background(), w.AccountID, w.InstructionID)
	require.NoError(t, err)
	return got
}

func (e *payEnv) balance(t *testing.T, account, asset string) ledger.Balance {
	t.Helper()
	bals, err := e.led.Balances(context.Background(), account)
	require.NoError(t, err)
	b := bals[asset]
	b.Asset = asset
	return b
}

func (e *payEnv) paid(t *testing.T, asset string) *big.Int {
	t.Helper()
	ctx := context.Background()
	tok := e.c.MustToken(asset)
	if tok.Kind == testnet.KindNative {
		b, err := e.c.Client.BalanceAt(ctx, e.dest, nil)
		require.NoError(t, err)
		return b
	}
	b, err := e.c.TokenBalance(ctx, tok, e.dest)
	require.NoError(t, err)
	return b
}

// drain sends all of the treasury's tokens of symbol away: payments in it revert.
func (e *payEnv) drain(t *testing.T, symbol string) {
	t.Helper()
	ctx := context.Background()
	tok := e.c.MustToken(symbol)
	all, err := e.c.TokenBalance(ctx, tok, e.c.Operator.Address)
	require.NoError(t, err)
	sink := common.HexToAddress("0x000000000000000000000000000000000000dEaD")
	data := append(append([]byte{0xa9, 0x05, 0x9c, 0xbb}, common.LeftPadBytes(sink.Bytes(), 32)...), common.LeftPadBytes(all.Bytes(), 32)...)
	r, err := e.c.Transact(ctx, e.c.Operator, &tok.Address, data, nil)
	require.NoError(t, err)
	require.Equal(t, types.ReceiptStatusSuccessful, r.Status)
}

func eq(t *testing.T, want string, got decimal.Decimal, msgAndArgs ...any) {
	t.Helper()
	require.True(t, decimal.RequireFromString(want).Equal(got), append([]any{"got %s, want %s", got, want}, msgAndArgs...)...)
}

// TestRejectRacesPayment: an operator's reject that comes after the payer journaled the
// payment (here: between the journal and the broadcast) is refused, saying that the
// withdrawal has a payment transaction, and the withdrawal follows its payment to
// COMPLETED with the hold captured. A reject that comes first leaves nothing the payer
// may journal: a released hold is never paid.
func TestRejectRacesPayment(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "dai", "10")
	w := e.withdraw(t, "acc-1", "race", "dai", "4")

	var rejectErr error
	rejected := false
	e.beforeBroadcast = func(ctx context.Context, tx chain.JournalTx) {
		if tx.Kind == custody.KindPayment && !rejected {
			rejected = true
			_, rejectErr = e.svc.Reject(ctx, w.AccountID, w.InstructionID, "operator: name mismatch")
		}
	}
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "the paid withdrawal never completed")
	require.True(t, rejected, "the payment was never journaled")
	require.ErrorIs(t, rejectErr, offchain.ErrState)
	require.Contains(t, rejectErr.Error(), "payment transaction")
	require.Equal(t, big.NewInt(0).Mul(big.NewInt(4), big.NewInt(1e18)), e.paid(t, "dai"))
	b := e.balance(t, "acc-1", "dai")
	eq(t, "6", b.Balance)
	eq(t, "0", b.Held)

	// Rejected first: the payer's journal insert is refused, and nothing is paid.
	e.beforeBroadcast = nil
	w2 := e.withdraw(t, "acc-1", "rejected-first", "dai", "1")
	_, err := e.svc.Reject(ctx, w2.AccountID, w2.InstructionID, "operator: not today")
	require.NoError(t, err)
	_, err = e.sender.SendRef(ctx, custody.KindPayment, w2.HoldKey(), e.c.MustToken("DAI").Address, nil,
		append(append([]byte{0xa9, 0x05, 0x9c, 0xbb}, common.LeftPadBytes(e.dest.Bytes(), 32)...), common.LeftPadBytes(big.NewInt(1e18).Bytes(), 32)...))
	require.ErrorIs(t, err, chain.ErrRefClosed)
	_, err = e.st.JournalRef(ctx, e.src.Name, w2.HoldKey())
	require.ErrorIs(t, err, store.ErrNotFound)
	require.Equal(t, store.WithdrawalRejected, e.status(t, w2).Status)
}

// TestPaymentJournaledNotMarked: a payment journaled whose PENDING -> SENT update never
// happened (a crash, a lost lease) is found by the next round even when the same payment
// could no longer be sent (the treasury spent the tokens on it): the withdrawal follows
// the journal to COMPLETED instead of staying PENDING for an operator to reject.
func TestPaymentJournaledNotMarked(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "dai", "10")
	w := e.withdraw(t, "acc-1", "crashed", "dai", "4")
	dai := e.c.MustToken("DAI")
	// The payer's crash: the payment is journaled and sent, the status update lost.
	amount := new(big.Int).Mul(big.NewInt(4), big.NewInt(1e18))
	jt, err := e.sender.SendRef(ctx, custody.KindPayment, w.HoldKey(), dai.Address, nil,
		append(append([]byte{0xa9, 0x05, 0x9c, 0xbb}, common.LeftPadBytes(e.dest.Bytes(), 32)...), common.LeftPadBytes(amount.Bytes(), 32)...))
	require.NoError(t, err)
	_, err = e.c.WaitReceipt(ctx, jt.Hash)
	require.NoError(t, err)
	e.drain(t, "DAI") // the same payment would now revert: it cannot be sent again
	_, err = e.svc.Reject(ctx, w.AccountID, w.InstructionID, "looks stuck")
	require.ErrorIs(t, err, offchain.ErrState, "a journaled payment's withdrawal is not rejected")
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "the journaled payment never completed")
	require.Equal(t, amount, e.paid(t, "dai"))
	eq(t, "6", e.balance(t, "acc-1", "dai").Balance)
}

// TestReorgRepaysFailedPayment: a payment that reverted settles its withdrawal FAILED and
// releases the hold; a reorg deeper than the confirmation depth then takes its block out,
// and the same signed payment is sent again (its nonce must be filled) and succeeds on
// the new chain. The reopen holds the amount again and the withdrawal is SENT again, so
// it ends COMPLETED with the hold captured: the money paid is never left unheld.
func TestReorgRepaysFailedPayment(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "eth", "3")
	e.rounds(t, 1) // nothing else of the sender in flight
	w := e.withdraw(t, "acc-1", "reorged", "eth", "1")

	snap, err := e.c.Snapshot(ctx)
	require.NoError(t, err)
	require.NoError(t, e.c.SetAutomine(ctx, false))
	e.round(t) // pays: the payment waits in the pool
	sent := e.status(t, w)
	require.Equal(t, store.WithdrawalSent, sent.Status)
	// The destination refuses ether when the payment is mined: it reverts.
	require.NoError(t, e.c.RPC.CallContext(ctx, nil, "anvil_setCode", e.dest, "0x5f5ffd"))
	require.NoError(t, e.c.Mine(ctx, 1))
	r, err := e.c.Client.TransactionReceipt(ctx, common.HexToHash(sent.TxHash))
	require.NoError(t, err)
	require.Equal(t, types.ReceiptStatusFailed, r.Status)
	require.NoError(t, e.c.SetAutomine(ctx, true))
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalFailed }, "the reverted payment never failed")
	eq(t, "3", e.balance(t, "acc-1", "eth").Available, "the hold is released")

	// A reorg deeper than the depth: the chain as before the payment's block.
	require.NoError(t, e.c.Revert(ctx, snap))
	require.NoError(t, e.c.RPC.CallContext(ctx, nil, "anvil_setCode", e.dest, "0x"))
	e.until(t, func() bool {
		return e.paid(t, "eth").Sign() > 0 && e.status(t, w).Status != store.WithdrawalSent
	}, "the reorged payment was never mined again")
	e.rounds(t, depth+2)
	got := e.status(t, w)
	require.Equal(t, new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil), e.paid(t, "eth"), "paid once")
	require.Equal(t, store.WithdrawalCompleted, got.Status, "the withdrawal follows the chain: %+v", got)
	b := e.balance(t, "acc-1", "eth")
	eq(t, "2", b.Balance)
	eq(t, "0", b.Held)
}

// TestUnpayableWithdrawalsDoNotBlock: more PENDING withdrawals than a round takes that the
// treasury cannot pay (it has no DAI) do not keep a later one it can pay (ETH) waiting:
// the payer goes on through the pending set, oldest first, a bounded number per round.
func TestUnpayableWithdrawalsDoNotBlock(t *testing.T) {
	e := newPayEnv(t)
	e.drain(t, "DAI")
	e.deposit(t, "acc-1", "dai", "100")
	e.deposit(t, "acc-2", "eth", "1")
	var stuck []store.OffchainWithdrawal
	for i := range 25 {
		stuck = append(stuck, e.withdraw(t, "acc-1", fmt.Sprintf("dai-%02d", i), "dai", "1"))
	}
	w := e.withdraw(t, "acc-2", "eth-after", "eth", "0.5")
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "a payable withdrawal waited behind unpayable ones")
	for _, s := range stuck {
		require.Equal(t, store.WithdrawalPending, e.status(t, s).Status, "an unpayable withdrawal waits, held")
	}
	eq(t, "25", e.balance(t, "acc-1", "dai").Held)
	eq(t, "0.5", e.balance(t, "acc-2", "eth").Balance)
}

// TestPaidWithdrawalCompletesBelowZero: a withdrawal whose hold reserved the funds is
// completed once paid even when a credit trade took the asset's balance below zero after
// the hold: the capture is never refused by a floor.
func TestPaidWithdrawalCompletesBelowZero(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "dai", "10")
	w := e.withdraw(t, "acc-1", "credit", "dai", "4")
	// A trade within the account's credit (the ledger judges it on these terms): 12 DAI
	// sold, the balance at -2, available -6.
	_, _, err := e.led.Post(ctx, store.LedgerEntry{ExternalKey: "trade:credit", Kind: ledger.KindTrade, AccountID: "acc-1", Postings: []store.LedgerPosting{
		{Book: ledger.UserBook("acc-1"), Asset: "dai", Amount: decimal.NewFromInt(-12)},
		{Book: ledger.UserBook("acc-1"), Asset: "eth", Amount: decimal.RequireFromString("0.004")},
		{Book: "house:inventory", Asset: "dai", Amount: decimal.NewFromInt(12)},
		{Book: "house:inventory", Asset: "eth", Amount: decimal.RequireFromString("-0.004")},
	}}, nil, ledger.Options{Credit: &ledger.Terms{Unit: "usd", Prices: ledger.Prices{"dai": decimal.NewFromInt(1), "eth": decimal.NewFromInt(3000)},
		Cap: decimal.NewFromInt(1000), Leverage: decimal.NewFromInt(10)}})
	require.NoError(t, err)
	eq(t, "-2", e.balance(t, "acc-1", "dai").Balance)
	e.until(t, func() bool { return e.paid(t, "dai").Sign() > 0 }, "never paid")
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "the paid withdrawal never completed")
	b := e.balance(t, "acc-1", "dai")
	eq(t, "-6", b.Balance)
	eq(t, "0", b.Held)
}

// TestReorgTakesOutACompletedPayment: a withdrawal completed (its payment confirmed at the
// depth, its hold captured) is taken back by a reorg deeper than the depth, and its
// payment, sent again, reverts on the new chain: nothing was paid, so the withdrawal ends
// FAILED and the capture is reversed (the funds are the account's again). A second deep
// reorg then takes out the reverted block, and the payment, sent again, succeeds: the
// withdrawal completes with a second capture, so the account pays exactly once, for
// exactly the one payment its destination received.
func TestReorgTakesOutACompletedPayment(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "eth", "3")
	e.rounds(t, 1) // nothing else of the sender in flight
	w := e.withdraw(t, "acc-1", "reorged", "eth", "1")
	before, err := e.c.Snapshot(ctx)
	require.NoError(t, err)
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "the payment never completed")
	eq(t, "2", e.balance(t, "acc-1", "eth").Balance)
	require.Positive(t, e.paid(t, "eth").Sign())

	// A reorg deeper than the depth: the chain as before the payment's block, where the
	// destination now refuses ether.
	require.NoError(t, e.c.Revert(ctx, before))
	require.Zero(t, e.paid(t, "eth").Sign())
	again, err := e.c.Snapshot(ctx)
	require.NoError(t, err)
	require.NoError(t, e.c.RPC.CallContext(ctx, nil, "anvil_setCode", e.dest, "0x5f5ffd"))
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalFailed }, "the reverted payment never failed the completed withdrawal")
	require.Zero(t, e.paid(t, "eth").Sign(), "nothing was paid")
	b := e.balance(t, "acc-1", "eth")
	eq(t, "3", b.Balance, "the capture is reversed")
	eq(t, "0", b.Held)
	require.NoError(t, ledger.Audit(ctx, e.st))
	h, err := e.st.LedgerHold(ctx, w.HoldKey())
	require.NoError(t, err)
	require.Equal(t, store.HoldReleased, h.State)

	// A second deep reorg takes out the reverted block; the destination takes ether again.
	require.NoError(t, e.c.Revert(ctx, again))
	require.NoError(t, e.c.RPC.CallContext(ctx, nil, "anvil_setCode", e.dest, "0x"))
	e.until(t, func() bool {
		return e.paid(t, "eth").Sign() > 0 && e.status(t, w).Status == store.WithdrawalCompleted
	}, "the payment was never mined again and completed")
	e.rounds(t, depth+2)
	require.Equal(t, new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil), e.paid(t, "eth"), "paid once")
	require.Equal(t, store.WithdrawalCompleted, e.status(t, w).Status)
	b = e.balance(t, "acc-1", "eth")
	eq(t, "2", b.Balance, "debited once for the one payment")
	eq(t, "0", b.Held)
	require.NoError(t, ledger.Audit(ctx, e.st))
	entries, err := e.st.LedgerEntries(ctx, store.LedgerQuery{AccountID: "acc-1", Limit: 20})
	require.NoError(t, err)
	require.Len(t, entries, 4)
	require.Equal(t, ledger.KindDeposit, entries[0].Kind)
	var got []string
	for _, en := range entries[1:] {
		got = append(got, en.Kind+" "+en.ExternalKey)
	}
	require.Equal(t, []string{ledger.KindWithdrawal + " " + w.HoldKey(), ledger.KindAdjustment + " reversal:" + w.HoldKey(),
		ledger.KindWithdrawal + " " + w.HoldKey() + "#2"}, got)
}

// TestReorgRepaysACompletedPayment: a completed withdrawal whose payment a deep reorg
// takes out and which is then mined again completes again on its first capture: the
// account is debited once.
func TestReorgRepaysACompletedPayment(t *testing.T) {
	ctx := context.Background()
	e := newPayEnv(t)
	e.deposit(t, "acc-1", "eth", "3")
	e.rounds(t, 1)
	w := e.withdraw(t, "acc-1", "repaid", "eth", "1")
	before, err := e.c.Snapshot(ctx)
	require.NoError(t, err)
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalCompleted }, "the payment never completed")
	require.NoError(t, e.c.Revert(ctx, before))
	e.until(t, func() bool { return e.status(t, w).Status == store.WithdrawalSent }, "the reorg never reopened the completed withdrawal")
	eq(t, "2", e.balance(t, "acc-1", "eth").Balance, "the capture stands while the payment may be mined")
	e.until(t, func() bool {
		return e.paid(t, "eth").Sign() > 0 && e.status(t, w).Status == store.WithdrawalCompleted
	}, "the payment was never mined again and completed")
	e.rounds(t, depth+2)
	require.Equal(t, new(big.Int).Exp(big.NewInt(10), big.NewInt(18), nil), e.paid(t, "eth"), "paid once")
	eq(t, "2", e.balance(t, "acc-1", "eth").Balance, "debited once")
	require.NoError(t, ledger.Audit(ctx, e.st))
}
