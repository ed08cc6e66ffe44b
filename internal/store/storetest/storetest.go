// Package storetest is the conformance suite of store.Store: every backend runs Run from
// its tests, so SQLite and later backends (PostgreSQL) keep the same contract: each
// concept's methods, InTx's atomicity, single-use nonces and relays under concurrency,
// and the event outbox's order and exactly-once writes.
package storetest

import (
	"context"
	"encoding/json"
	"errors"
	"math/big"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Run runs the suite. open returns a new, empty store for one subtest and closes it when
// the subtest ends (t.Cleanup).
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	tests := []struct {
		name string
		run  func(t *testing.T, s store.Store)
	}{
		{"APIKeys", testAPIKeys},
		{"WalletsAndWhitelist", testWalletsAndWhitelist},
		{"NonceSingleUse", testNonceSingleUse},
		{"Tickets", testTickets},
		{"RelayUniqueness", testRelayUniqueness},
		{"RelayFailure", testRelayFailure},
		{"RelayFeeBumps", testRelayFeeBumps},
		{"GapFillerDoesNoWork", testGapFillerDoesNoWork},
		{"RelayStateMachine", testRelayStateMachine},
		{"RelaysNotify", testRelaysNotify},
		{"ChainEvents", testChainEvents},
		{"OrderIDs", testOrderIDs},
		{"WithdrawalAddresses", testWithdrawalAddresses},
		{"InTxCommit", testInTxCommit},
		{"InTxRollback", testInTxRollback},
		{"EventsOrderedOnce", testEventsOrderedOnce},
		{"EventsReorgCompensated", testEventsReorgCompensated},
		{"EventsOrderReturn", testEventsOrderReturn},
		{"EventsNotify", testEventsNotify},
		{"AccessChanges", testAccessChanges},
		{"OrderView", testOrderView},
		{"OffchainWithdrawals", testOffchainWithdrawals},
		{"PaymentRefs", testPaymentRefs},
		{"WithdrawalQueue", testWithdrawalQueue},
		{"SubAccounts", testSubAccounts},
		{"DepositReferences", testDepositReferences},
		{"AccountSettings", testAccountSettings},
		{"TraderReads", testTraderReads},
		{"TraderEvents", testTraderEvents},
		{"Webhooks", testWebhooks},
		{"WebhookClaims", testWebhookClaims},
		{"WebhookBacklog", testWebhookBacklog},
		{"Leases", testLeases},
		{"LeaseConcurrentAcquire", testLeaseConcurrentAcquire},
		{"LeaseFencing", testLeaseFencing},
		{"SigningKeys", testSigningKeys},
		{"ServerKeys", testServerKeys},
		{"InventoryMoves", testInventoryMoves},
		{"CustodySweeps", testCustodySweeps},
		{"CustodyReorgs", testCustodyReorgs},
		{"Reserves", testReserves},
		{"LedgerEntryBalances", testLedgerEntryBalances},
		{"ReceiptHead", testReceiptHead},
		{"ReceiptSignatures", testReceiptSignatures},
		{"ReceiptsOfEntries", testReceiptsOfEntries},
		{"ReceiptsAfter", testReceiptsAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) { tt.run(t, open(t)) })
	}
}

const source = "ETHEREUM"

var (
	traderA = common.HexToAddress("0x00000000000000000000000000000000000000aa")
	traderB = common.HexToAddress("0x00000000000000000000000000000000000000bb")
	tokenA  = common.HexToAddress("0x00000000000000000000000000000000000000d1")
	tokenB  = common.HexToAddress("0x00000000000000000000000000000000000000d2")
)

// now is the current time at the millisecond precision stores keep.
func now() time.Time { return time.UnixMilli(time.Now().UnixMilli()) }

func testAPIKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	k := store.APIKey{ID: "k1", AccountID: "a1", Label: "l", Permissions: []string{"READ", "TRADE"}, SecretHash: "h", Generation: 1, CreatedAt: at}

	require.ErrorIs(t, s.CreateAPIKey(ctx, k), store.ErrNotFound, "key of a missing account")
	require.NoError(t, s.CreateAccountWithKey(ctx, store.Account{ID: "a1", CreatedAt: at}, k))
	require.ErrorIs(t, s.CreateAPIKey(ctx, k), store.ErrConflict)

	got, err := s.GetAPIKey(ctx, "k1")
	require.NoError(t, err)
	require.Equal(t, k, got)

	_, err = s.GetAPIKey(ctx, "nope")
	require.ErrorIs(t, err, store.ErrNotFound)

	_, err = s.RotateAPIKey(ctx, "other", "k1", "h2", at)
	require.ErrorIs(t, err, store.ErrNotFound, "rotating another account's key")
	rot, err := s.RotateAPIKey(ctx, "a1", "k1", "h2", at)
	require.NoError(t, err)
	require.Equal(t, int64(2), rot.Generation)
	require.Equal(t, "h2", rot.SecretHash)

	require.ErrorIs(t, s.ReplaceSecretHash(ctx, "k1", "h", "h3"), store.ErrNotFound, "hash changed by the rotation")
	require.NoError(t, s.ReplaceSecretHash(ctx, "k1", "h2", "h3"))

	list, err := s.ListAPIKeys(ctx, "a1")
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.Equal(t, "h3", list[0].SecretHash)
	empty, err := s.ListAPIKeys(ctx, "other")
	require.NoError(t, err)
	require.Empty(t, empty)
}

func testWalletsAndWhitelist(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()

	ok, err := s.IsWhitelisted(ctx, traderA)
	require.NoError(t, err)
	require.False(t, ok)
	require.NoError(t, s.AddWhitelist(ctx, traderA, at))
	require.NoError(t, s.AddWhitelist(ctx, traderA, at), "adding twice")
	ok, err = s.IsWhitelisted(ctx, traderA)
	require.NoError(t, err)
	require.True(t, ok)
	list, err := s.ListWhitelist(ctx)
	require.NoError(t, err)
	require.Len(t, list, 1)
	require.NoError(t, s.RemoveWhitelist(ctx, traderA))
	require.ErrorIs(t, s.RemoveWhitelist(ctx, traderA), store.ErrNotFound)

	id, err := s.EnsureWalletAccount(ctx, traderA, "acc1", at)
	require.NoError(t, err)
	require.Equal(t, "acc1", id)
	id, err = s.EnsureWalletAccount(ctx, traderA, "acc2", at)
	require.NoError(t, err)
	require.Equal(t, "acc1", id, "existing link wins")
	require.ErrorIs(t, s.LinkWallet(ctx, "acc1", traderA, at), store.ErrConflict)
	require.ErrorIs(t, s.LinkWallet(ctx, "missing", traderB, at), store.ErrNotFound)
	require.NoError(t, s.LinkWallet(ctx, "acc1", traderB, at))
	ws, err := s.ListWallets(ctx, "acc1")
	require.NoError(t, err)
	require.Len(t, ws, 2)
	id, err = s.WalletAccount(ctx, traderB)
	require.NoError(t, err)
	require.Equal(t, "acc1", id)
}

func testNonceSingleUse(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	require.NoError(t, s.UseNonce(ctx, "n1", at.Add(time.Minute), at))
	require.ErrorIs(t, s.UseNonce(ctx, "n1", at.Add(time.Minute), at), store.ErrConflict, "used twice")
	// Once expired, its record may be taken over (the nonce itself is refused by its own
	// expiry before it gets here).
	require.NoError(t, s.UseNonce(ctx, "n1", at.Add(3*time.Minute), at.Add(2*time.Minute)), "an expired record is taken over")
	require.ErrorIs(t, s.UseNonce(ctx, "n1", at.Add(3*time.Minute), at.Add(2*time.Minute)), store.ErrConflict)

	var wg sync.WaitGroup
	results := make(chan error, 8)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results <- s.UseNonce(ctx, "n2", at.Add(time.Minute), at)
		}()
	}
	wg.Wait()
	close(results)
	wins := 0
	for err := range results {
		if err == nil {
			wins++
		} else {
			require.ErrorIs(t, err, store.ErrConflict)
		}
	}
	require.Equal(t, 1, wins, "exactly one concurrent user wins")
}

func testTickets(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "a", CreatedAt: at}))
	tk := store.Ticket{Hash: "h", AccountID: "a", APIKeyID: "k", Generation: 3, ExpiresAt: at.Add(time.Second)}
	require.NoError(t, s.CreateTicket(ctx, tk, at))
	got, err := s.ConsumeTicket(ctx, "h", at)
	require.NoError(t, err)
	require.Equal(t, tk, got)
	_, err = s.ConsumeTicket(ctx, "h", at)
	require.ErrorIs(t, err, store.ErrNotFound, "single use")
	require.NoError(t, s.CreateTicket(ctx, store.Ticket{Hash: "h2", AccountID: "a", ExpiresAt: at.Add(time.Second)}, at))
	_, err = s.ConsumeTicket(ctx, "h2", at.Add(time.Second))
	require.ErrorIs(t, err, store.ErrNotFound, "expired")
}

var operator = common.HexToAddress("0x0000000000000000000000000000000000000a11")

// relayTx is a journal entry relaying trader's request with nonce and digest.
func relayTx(n uint64, kind string, trader common.Address, nonce int64, digest common.Hash) chain.JournalTx {
	return chain.JournalTx{
		Source: source, Sender: operator, Nonce: n,
		Hash: common.BigToHash(big.NewInt(int64(1000 + n))), Raw: []byte{byte(n)}, Kind: kind, State: chain.TxPending,
		CreatedAt: time.Now(),
		Relay:     &chain.Relay{Trader: trader, Nonce: big.NewInt(nonce), Digest: digest, AccountID: "acct"},
	}
}

// testRelayUniqueness: InsertTx writes a relay record with its journal entry; a second
// relay of the same (source, trader, nonce), an order or a withdrawal, is ErrRelayExists
// and journals nothing, also when many race for the nonce.
func testRelayUniqueness(t *testing.T, s store.Store) {
	ctx := context.Background()
	digest := common.HexToHash("0xd1")

	first := relayTx(0, "relay-order", traderA, 5, digest)
	id, err := s.InsertTx(ctx, first)
	require.NoError(t, err)
	require.NotZero(t, id)
	r, err := s.RelayByNonce(ctx, source, traderA, "5")
	require.NoError(t, err)
	require.Equal(t, store.Relay{Source: source, Kind: "relay-order", Trader: traderA, Nonce: "5", Digest: digest,
		TxHash: first.Hash, AccountID: "acct"}, r)
	row, err := s.RelayRequestByNonce(ctx, source, traderA, "5")
	require.NoError(t, err)
	require.Equal(t, store.RelaySent, row.State, "a relay journaled without a request is written SENT")
	byTx, err := s.RelayByTx(ctx, first.Hash)
	require.NoError(t, err)
	require.Equal(t, r, byTx)

	for _, kind := range []string{"relay-order", "relay-withdrawal"} {
		_, err = s.InsertTx(ctx, relayTx(1, kind, traderA, 5, common.HexToHash("0xd2")))
		require.ErrorIs(t, err, chain.ErrRelayExists, kind)
	}
	open, err := s.OpenTxs(ctx, source, operator)
	require.NoError(t, err)
	require.Len(t, open, 1, "a refused relay journals nothing")
	last, _, err := s.MaxNonce(ctx, source, operator)
	require.NoError(t, err)
	require.Equal(t, uint64(0), last)
	_, err = s.RelayByTx(ctx, relayTx(1, "relay-order", traderA, 5, digest).Hash)
	require.ErrorIs(t, err, store.ErrNotFound)

	// Another trader, or another nonce, is another relay.
	_, err = s.InsertTx(ctx, relayTx(1, "relay-order", traderB, 5, digest))
	require.NoError(t, err)
	_, err = s.InsertTx(ctx, relayTx(2, "relay-withdrawal", traderA, 6, digest))
	require.NoError(t, err)

	// Ten writers race for one nonce: one wins, the others journal nothing.
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.InsertTx(ctx, relayTx(uint64(10+i), "relay-order", traderA, 9, common.BigToHash(big.NewInt(int64(i)))))
		}()
	}
	wg.Wait()
	won := 0
	for _, err := range errs {
		if err == nil {
			won++
			continue
		}
		require.ErrorIs(t, err, chain.ErrRelayExists)
	}
	require.Equal(t, 1, won)
	open, err = s.OpenTxs(ctx, source, operator)
	require.NoError(t, err)
	require.Len(t, open, 4)
}

// testRelayFeeBumps: FeeBumps finds the other transactions journaled at a relay's sender
// and nonce (its fee bumps, newest first), whichever the caller names, and nothing of
// another nonce: the status endpoints find a relayed order a bump placed.
func testRelayFeeBumps(t *testing.T, s store.Store) {
	ctx := context.Background()
	relay := relayTx(30, "relay-order", traderA, 40, common.HexToHash("0xb1"))
	id, err := s.InsertTx(ctx, relay)
	require.NoError(t, err)
	bump := func(n int64, replaces int64) chain.JournalTx {
		return chain.JournalTx{Source: source, Sender: operator, Nonce: 30, Hash: common.BigToHash(big.NewInt(5000 + n)), Raw: []byte{byte(n)},
			Kind: "relay-order", State: chain.TxPending, Replaces: replaces, CreatedAt: time.Now()}
	}
	first := bump(1, id)
	firstID, err := s.InsertTx(ctx, first)
	require.NoError(t, err)
	second := bump(2, firstID)
	_, err = s.InsertTx(ctx, second)
	require.NoError(t, err)
	_, err = s.InsertTx(ctx, relayTx(31, "relay-order", traderA, 41, common.HexToHash("0xb2")))
	require.NoError(t, err)

	got, err := s.FeeBumps(ctx, relay.Hash)
	require.NoError(t, err)
	require.Equal(t, []common.Hash{second.Hash, first.Hash}, got)
	got, err = s.FeeBumps(ctx, second.Hash)
	require.NoError(t, err)
	require.Equal(t, []common.Hash{first.Hash, relay.Hash}, got)
	got, err = s.FeeBumps(ctx, common.HexToHash("0xdead"))
	require.NoError(t, err)
	require.Empty(t, got)
}

// testGapFillerDoesNoWork: a gap filler (chain.KindGapFiller) journaled at the nonce of
// a dropped relay is not that relay's transaction: its confirmation confirms no relay,
// the relay is still failed, and it is neither a fee bump nor a transaction of the nonce
// for the payments and sweeps that read TxsAtNonce.
func testGapFillerDoesNoWork(t *testing.T, s store.Store) {
	ctx := context.Background()
	digest := common.HexToHash("0xe1")
	request := store.Relay{Source: source, Kind: "relay-order", Trader: traderA, Nonce: "9", Digest: digest, AccountID: "acct", Data: []byte{3}}
	require.NoError(t, s.InsertRelayRequest(ctx, request))
	sent := relayTx(60, "relay-order", traderA, 9, digest)
	id, err := s.InsertTx(ctx, sent)
	require.NoError(t, err)
	require.NoError(t, s.SetTxState(ctx, id, chain.TxDropped, 0))
	filler := chain.JournalTx{Source: source, Sender: operator, Nonce: 60, Hash: common.HexToHash("0xf111e4"), Raw: []byte{60},
		Kind: chain.KindGapFiller, State: chain.TxPending, CreatedAt: time.Now()}
	fillerID, err := s.InsertTx(ctx, filler)
	require.NoError(t, err)
	require.NoError(t, s.SetTxState(ctx, fillerID, chain.TxConfirmed, 12))

	q, err := s.RelayRequestByNonce(ctx, source, traderA, "9")
	require.NoError(t, err)
	require.NotEqual(t, store.RelayConfirmed, q.State, "the filler's confirmation is not the relay's")
	fs, err := s.RelaysToFail(ctx, source)
	require.NoError(t, err)
	require.Len(t, fs, 1, "the dropped relay is failed although a filler holds its nonce")
	require.Equal(t, sent.Hash, fs[0].Relay.TxHash)
	bumps, err := s.FeeBumps(ctx, sent.Hash)
	require.NoError(t, err)
	require.Empty(t, bumps, "a filler is not a fee bump")
	txs, err := s.TxsAtNonce(ctx, source, operator, 60)
	require.NoError(t, err)
	require.Len(t, txs, 1)
	require.Equal(t, chain.TxDropped, txs[0].State, "a payment at the nonce reads dropped, never the filler's confirmation")
}

// testRelayFailure: a relay whose transaction reverted is listed by RelaysToFail until
// its request is failed; failing it frees the trader nonce (RelayByNonce no longer finds
// it, a new request and relay of the nonce are accepted) while RelayByTx still answers it
// with the reason. A relay whose transaction is open or succeeded is not listed.
func testRelayFailure(t *testing.T, s store.Store) {
	ctx := context.Background()
	digest := common.HexToHash("0xf1")
	request := store.Relay{Source: source, Kind: "relay-order", Trader: traderA, Nonce: "5", Digest: digest, AccountID: "acct", Data: []byte{1}}
	require.NoError(t, s.InsertRelayRequest(ctx, request))
	sent := relayTx(0, "relay-order", traderA, 5, digest)
	id, err := s.InsertTx(ctx, sent)
	require.NoError(t, err)
	standing := store.Relay{Source: source, Kind: "relay-order", Trader: traderB, Nonce: "5", Digest: digest, AccountID: "acct", Data: []byte{2}}
	require.NoError(t, s.InsertRelayRequest(ctx, standing))
	okID, err := s.InsertTx(ctx, relayTx(1, "relay-order", traderB, 5, digest))
	require.NoError(t, err)

	fs, err := s.RelaysToFail(ctx, source)
	require.NoError(t, err)
	require.Empty(t, fs, "open relays are not failed")
	require.NoError(t, s.SetTxState(ctx, id, chain.TxFailed, 7))
	require.NoError(t, s.SetTxState(ctx, okID, chain.TxConfirmed, 8))
	fs, err = s.RelaysToFail(ctx, source)
	require.NoError(t, err)
	require.Len(t, fs, 1)
	f := fs[0]
	require.Equal(t, sent.Hash, f.Relay.TxHash)
	require.Equal(t, traderA, f.Relay.Trader)
	require.Equal(t, chain.TxFailed, f.State)
	require.Equal(t, uint64(7), f.Block)
	require.Equal(t, []byte{1}, f.Relay.Data)

	require.NoError(t, s.FailRelayRequest(ctx, f.Relay.ID, store.RelaySent, "reverted: test"))
	_, err = s.RelayByNonce(ctx, source, traderA, "5")
	require.ErrorIs(t, err, store.ErrNotFound, "the nonce is free")
	r, err := s.RelayByTx(ctx, sent.Hash)
	require.NoError(t, err)
	require.Equal(t, "reverted: test", r.Reason)
	require.Equal(t, traderA, r.Trader)
	q, err := s.RelayRequestByNonce(ctx, source, traderA, "5")
	require.NoError(t, err)
	require.Equal(t, store.RelayFailed, q.State)
	require.Equal(t, sent.Hash, q.TxHash, "a failed relay keeps the transaction it was sent in")
	fs, err = s.RelaysToFail(ctx, source)
	require.NoError(t, err)
	require.Empty(t, fs)
	_, err = s.RelayByNonce(ctx, source, traderB, "5")
	require.NoError(t, err, "the other trader's relay stands")

	again := request
	again.Digest = common.HexToHash("0xf2")
	require.NoError(t, s.InsertRelayRequest(ctx, again))
	_, err = s.InsertTx(ctx, relayTx(2, "relay-order", traderA, 5, again.Digest))
	require.NoError(t, err, "a new relay of the freed nonce")
	r, err = s.RelayByNonce(ctx, source, traderA, "5")
	require.NoError(t, err)
	require.Empty(t, r.Reason)
	r, err = s.RelayByTx(ctx, sent.Hash)
	require.NoError(t, err, "the failed attempt the new request replaced still answers")
	require.Equal(t, "reverted: test", r.Reason)
	require.Equal(t, "relay-order", r.Kind)
}

// block returns the ref of block n (hash varies with fork).
func block(n uint64, fork byte) chain.BlockRef {
	return chain.BlockRef{Number: n, Hash: common.BytesToHash([]byte{fork, byte(n)})}
}

func deposit(ref chain.BlockRef, logIndex uint, trader common.Address, amount int64) dtw.Event {
	return dtw.Event{Kind: dtw.EventDeposited, BlockNumber: ref.Number, BlockHash: ref.Hash, LogIndex: logIndex,
		TxHash: common.BytesToHash([]byte{0x7a, byte(ref.Number), byte(logIndex)}), BlockTime: 1000 + ref.Number,
		Trader: trader, Token: tokenA, Amount: big.NewInt(amount)}
}

func withdrawal(ref chain.BlockRef, logIndex uint, trader common.Address, amount int64) dtw.Event {
	e := deposit(ref, logIndex, trader, amount)
	e.Kind, e.To = dtw.EventWithdrawn, trader
	return e
}

// placed is an OrderPlaced event as dtw.DecodeLog gives it, of trader's order with
// on-chain id onchainID (the key dtw.OrderKey gives) and no gateway id: the store numbers
// the orders 1, 2, ... in the order it applies them, which the tests place in the order
// of onchainID, so that the store's id is onchainID where they read it.
func placed(ref chain.BlockRef, logIndex uint, trader common.Address, onchainID int64) dtw.Event {
	return dtw.Event{Kind: dtw.EventOrderPlaced, BlockNumber: ref.Number, BlockHash: ref.Hash, LogIndex: logIndex,
		TxHash: common.BytesToHash([]byte{0x0d, byte(ref.Number), byte(logIndex)}), BlockTime: 1000 + ref.Number,
		Trader: trader, TraderOrderID: big.NewInt(onchainID), OrderKey: orderKey(trader, onchainID), SellToken: tokenA,
		BuyToken: tokenB, SellAmount: big.NewInt(10), MinBuyAmount: big.NewInt(9), Deadline: 5000}
}

// orderKey is the contract's key of trader's order onchainID selling tokenA.
func orderKey(trader common.Address, onchainID int64) common.Hash {
	return dtw.KeyOf(big.NewInt(onchainID), dtw.Order{Trader: trader, SellToken: tokenA})
}

// settled is an OrderSettled event as dtw.DecodeLog gives it: the order's key and the
// buy amount, the rest left to the order's OrderPlaced. The tests' settled orders are
// traderA's.
func settled(ref chain.BlockRef, logIndex uint, onchainID int64) dtw.Event {
	return settledOf(ref, logIndex, traderA, onchainID)
}

// settledOf is settled of trader's order.
func settledOf(ref chain.BlockRef, logIndex uint, trader common.Address, onchainID int64) dtw.Event {
	return dtw.Event{Kind: dtw.EventOrderSettled, BlockNumber: ref.Number, BlockHash: ref.Hash, LogIndex: logIndex,
		TxHash: common.BytesToHash([]byte{0x5e, byte(ref.Number), byte(logIndex)}), BlockTime: 1000 + ref.Number,
		OrderKey: orderKey(trader, onchainID), BuyAmount: big.NewInt(9)}
}

func testChainEvents(t *testing.T, s store.Store) {
	ctx := context.Background()
	b1, b2 := block(1, 0), block(2, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{
		deposit(b1, 0, traderA, 100), placed(b1, 1, traderA, 1), placed(b1, 2, traderA, 2),
	}, 10))
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b2}, []dtw.Event{
		settled(b2, 0, 1), withdrawal(b2, 1, traderA, 40),
	}, 10))

	refs, err := s.RecentBlocks(ctx, source, 10)
	require.NoError(t, err)
	require.Equal(t, []chain.BlockRef{b2, b1}, refs)

	open, err := s.OpenOrders(ctx, source)
	require.NoError(t, err)
	require.Len(t, open, 1)
	require.Equal(t, uint64(2), open[0].OrderID.Uint64())

	o, err := s.Order(ctx, source, 1)
	require.NoError(t, err)
	require.NotNil(t, o.Closed)
	require.Equal(t, dtw.EventOrderSettled, o.Closed.Kind)
	_, err = s.Order(ctx, source, 99)
	require.ErrorIs(t, err, store.ErrNotFound)
	byTx, err := s.OrdersByTx(ctx, source, placed(b1, 1, traderA, 1).TxHash)
	require.NoError(t, err)
	require.Len(t, byTx, 1)

	closes, err := s.UncheckedCloses(ctx, source)
	require.NoError(t, err)
	require.Len(t, closes, 1)
	ret := store.OrderReturn{Source: source, OrderID: 1, Status: store.OrderSettled, TxHash: closes[0].TxHash,
		BlockNumber: 2, BuyAmount: big.NewInt(9), VerifiedAt: now()}
	require.NoError(t, s.PutOrderReturn(ctx, ret))
	got, err := s.OrderReturn(ctx, source, 1)
	require.NoError(t, err)
	require.Equal(t, ret, got)
	closes, err = s.UncheckedCloses(ctx, source)
	require.NoError(t, err)
	require.Empty(t, closes)

	acts, err := s.Activities(ctx, store.ActivityQuery{Source: source, Kind: dtw.EventDeposited, Traders: []common.Address{traderA},
		Start: 0, End: 1 << 50, Limit: 10})
	require.NoError(t, err)
	require.Len(t, acts, 1)
	ws, err := s.WithdrawalsByTx(ctx, source, withdrawal(b2, 1, traderA, 40).TxHash)
	require.NoError(t, err)
	require.Len(t, ws, 1)

	// A reorg from block 2 removes the settlement and its checked return: order 1 is open again.
	require.NoError(t, s.RollbackFrom(ctx, source, 2))
	open, err = s.OpenOrders(ctx, source)
	require.NoError(t, err)
	require.Len(t, open, 2)
	_, err = s.OrderReturn(ctx, source, 1)
	require.ErrorIs(t, err, store.ErrNotFound)
	refs, err = s.RecentBlocks(ctx, source, 10)
	require.NoError(t, err)
	require.Equal(t, []chain.BlockRef{b1}, refs)
}

// testOrderIDs: the contract numbers orders per trader, so two traders' order 1 are two
// orders, told apart by their keys; the store numbers them itself in chain order, gives
// each closing event its order's id by key, keeps the ids of events applied again, and
// numbers the same ids again after a rollback.
func testOrderIDs(t *testing.T, s store.Store) {
	ctx := context.Background()
	b1, b2 := block(1, 0), block(2, 0)
	placeA, placeB := placed(b1, 0, traderA, 1), placed(b1, 1, traderB, 1)
	require.NotEqual(t, placeA.OrderKey, placeB.OrderKey)
	cancelA := settledOf(b2, 0, traderA, 1)
	cancelA.Kind, cancelA.Trader, cancelA.SellToken, cancelA.SellAmount, cancelA.BuyAmount = dtw.EventOrderCancelled, traderA, tokenA, big.NewInt(10), nil
	settleB := settledOf(b2, 1, traderB, 1)
	unknown := settledOf(b2, 2, traderA, 99) // placed before the follower's start block
	events := []dtw.Event{placeA, placeB}
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, events, 10))
	require.Equal(t, []string{"1", "2"}, []string{events[0].OrderID.String(), events[1].OrderID.String()},
		"numbered in chain order, in place for the caller")
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b2}, []dtw.Event{cancelA, settleB, unknown}, 10))

	a, err := s.Order(ctx, source, 1)
	require.NoError(t, err)
	require.Equal(t, traderA, a.Placed.Trader)
	require.Equal(t, "1", a.Placed.TraderOrderID.String())
	require.Equal(t, placeA.OrderKey, a.Placed.OrderKey)
	require.Equal(t, dtw.EventOrderCancelled, a.Closed.Kind, "trader A's order 1 was cancelled")
	b, err := s.Order(ctx, source, 2)
	require.NoError(t, err)
	require.Equal(t, traderB, b.Placed.Trader)
	require.Equal(t, dtw.EventOrderSettled, b.Closed.Kind, "trader B's order 1 was settled")
	require.Equal(t, traderB, b.Closed.Trader, "the settlement filled from its own placement")
	byKey, err := s.OrderByKey(ctx, source, placeB.OrderKey)
	require.NoError(t, err)
	require.Equal(t, b, byKey)
	_, err = s.OrderByKey(ctx, source, unknown.OrderKey)
	require.ErrorIs(t, err, store.ErrNotFound)
	mine, err := s.OrdersByTraderID(ctx, source, traderA, 1)
	require.NoError(t, err)
	require.Equal(t, []store.ChainOrder{a}, mine)
	none, err := s.OrdersByTraderID(ctx, source, traderA, 2)
	require.NoError(t, err)
	require.Empty(t, none)
	closes, err := s.UncheckedCloses(ctx, source)
	require.NoError(t, err)
	require.Len(t, closes, 2, "a close of an unknown order has no id to report")
	require.Equal(t, []string{"1", "2"}, []string{closes[0].OrderID.String(), closes[1].OrderID.String()})

	// Applied again (the follower restarted before its cursor moved): the same ids.
	again := []dtw.Event{placeA, placeB}
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, again, 10))
	require.Equal(t, []string{"1", "2"}, []string{again[0].OrderID.String(), again[1].OrderID.String()})
	_, err = s.Order(ctx, source, 3)
	require.ErrorIs(t, err, store.ErrNotFound)

	// A reorg below both: the new chain places B's order first, and the ids follow it.
	require.NoError(t, s.RollbackFrom(ctx, source, 1))
	b1 = block(1, 1)
	placeA, placeB = placed(b1, 1, traderA, 1), placed(b1, 0, traderB, 1)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{placeB, placeA}, 10))
	b, err = s.Order(ctx, source, 1)
	require.NoError(t, err)
	require.Equal(t, traderB, b.Placed.Trader)
	a, err = s.Order(ctx, source, 2)
	require.NoError(t, err)
	require.Equal(t, traderA, a.Placed.Trader)
	require.Nil(t, a.Closed)
}

func testWithdrawalAddresses(t *testing.T, s store.Store) {
	ctx := context.Background()
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "a1", CreatedAt: now()}))
	w := store.WithdrawalAddress{ID: "wa1", AccountID: "a1", Source: source, Address: traderB, Status: store.AddressPending, CreatedAt: now()}
	require.NoError(t, s.AddWithdrawalAddress(ctx, w))
	require.ErrorIs(t, s.AddWithdrawalAddress(ctx, store.WithdrawalAddress{ID: "wa2", AccountID: "a1", Source: source,
		Address: traderB, Status: store.AddressPending, CreatedAt: now()}), store.ErrConflict)
	require.ErrorIs(t, s.ApproveWithdrawalAddress(ctx, "nope"), store.ErrNotFound)
	require.NoError(t, s.ApproveWithdrawalAddress(ctx, "wa1"))
	list, err := s.WithdrawalAddresses(ctx, "a1")
	require.NoError(t, err)
	w.Status = store.AddressApproved
	require.Equal(t, []store.WithdrawalAddress{w}, list)
	all, err := s.WithdrawalAddresses(ctx, "")
	require.NoError(t, err)
	require.Len(t, all, 1)
	none, err := s.WithdrawalAddresses(ctx, "other")
	require.NoError(t, err)
	require.Empty(t, none)

	evs := eventsAtLeast(t, s, 2)
	require.Len(t, evs, 2, "added, then approved")
	for i, status := range []string{store.AddressPending, store.AddressApproved} {
		require.Equal(t, outbox.WithdrawalAddressStatus, evs[i].Kind)
		require.Equal(t, "a1", evs[i].AccountID)
		var p outbox.WithdrawalAddress
		require.NoError(t, json.Unmarshal(evs[i].Payload, &p))
		require.Equal(t, outbox.WithdrawalAddress{ID: "wa1", Source: source, Address: traderB, Status: status}, p)
	}
}

// events returns every event of s.
// events returns the outbox's events for clients, without the access changes that
// setting up accounts and wallets writes (testAccessChanges covers those).
func events(t *testing.T, s store.Outbox) []outbox.Record {
	t.Helper()
	evs, err := s.Events(context.Background(), 0, 0)
	require.NoError(t, err)
	return slices.DeleteFunc(evs, func(e outbox.Record) bool { return e.Kind == outbox.AccessChanged })
}

// eventsAtLeast returns events(t, s) once it holds at least n (readAtLeast): on
// PostgreSQL an event is read once every transaction that began before its own ended
// (migration 0076).
func eventsAtLeast(t *testing.T, s store.Outbox, n int) []outbox.Record {
	t.Helper()
	evs := readAtLeast(n, func() []outbox.Record { return events(t, s) })
	require.GreaterOrEqual(t, len(evs), n, "events written")
	return evs
}

// readAtLeast calls read until it returns at least n rows, for up to 10 s, and returns
// its last answer: what a PostgreSQL store hands out below its snapshot's horizon
// (events, receipts to sign) waits until every transaction that began before it ended,
// and another test's transaction on the server may hold that back a moment.
func readAtLeast[T any](n int, read func() []T) []T {
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		if rows := read(); len(rows) >= n || time.Now().After(deadline) {
			return rows
		}
	}
}

var errAbort = errors.New("abort")

// testInTxCommit: the changes of several concepts made through one Tx, with their events,
// are visible together after InTx returns nil.
func testInTxCommit(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	b1 := block(1, 0)
	err := s.InTx(ctx, func(tx store.Tx) error {
		if err := tx.CreateAccountWithKey(ctx, store.Account{ID: "a1", CreatedAt: at},
			store.APIKey{ID: "k1", AccountID: "a1", Label: "l", Permissions: []string{"READ"}, SecretHash: "h", Generation: 1, CreatedAt: at}); err != nil {
			return err
		}
		if err := tx.LinkWallet(ctx, "a1", traderA, at); err != nil {
			return err
		}
		if err := tx.AddWithdrawalAddress(ctx, store.WithdrawalAddress{ID: "wa1", AccountID: "a1", Source: source,
			Address: traderB, Status: store.AddressPending, CreatedAt: at}); err != nil {
			return err
		}
		if err := tx.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{deposit(b1, 0, traderA, 5)}, 10); err != nil {
			return err
		}
		// The transaction reads its own writes.
		require.Len(t, events(t, tx), 2)
		_, err := tx.GetAPIKey(ctx, "k1")
		return err
	})
	require.NoError(t, err)
	_, err = s.GetAPIKey(ctx, "k1")
	require.NoError(t, err)
	id, err := s.WalletAccount(ctx, traderA)
	require.NoError(t, err)
	require.Equal(t, "a1", id)
	evs := eventsAtLeast(t, s, 2)
	require.Len(t, evs, 2)
	require.Equal(t, outbox.WithdrawalAddressStatus, evs[0].Kind)
	require.Equal(t, outbox.Deposit, evs[1].Kind)
	require.Equal(t, "a1", evs[1].AccountID, "the deposit's account, linked earlier in the same transaction")
}

// testInTxRollback: when fn fails, at its end or by a store error halfway, InTx returns
// the error and none of fn's changes or events remain.
func testInTxRollback(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "existing", CreatedAt: at}))
	// changes makes changes of several concepts for account id, each writing events.
	changes := func(tx store.Tx, id string, block chain.BlockRef) error {
		if err := tx.CreateAccount(ctx, store.Account{ID: id, CreatedAt: at}); err != nil {
			return err
		}
		if err := tx.AddWithdrawalAddress(ctx, store.WithdrawalAddress{ID: "wa-" + id, AccountID: id, Source: source,
			Address: traderB, Status: store.AddressPending, CreatedAt: at}); err != nil {
			return err
		}
		return tx.ApplyBlocks(ctx, source, []chain.BlockRef{block}, []dtw.Event{deposit(block, 0, traderA, 5)}, 10)
	}
	cases := []struct {
		name string
		fn   func(tx store.Tx, id string, block chain.BlockRef) error
		want error
	}{
		{"fn fails", func(tx store.Tx, id string, block chain.BlockRef) error {
			if err := changes(tx, id, block); err != nil {
				return err
			}
			return errAbort
		}, errAbort},
		{"store conflict halfway", func(tx store.Tx, id string, block chain.BlockRef) error {
			if err := changes(tx, id, block); err != nil {
				return err
			}
			return tx.CreateAccount(ctx, store.Account{ID: "existing", CreatedAt: at})
		}, store.ErrConflict},
	}
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			id, ref := c.name, block(uint64(i+1), 0)
			notify := s.EventsNotify()
			require.ErrorIs(t, s.InTx(ctx, func(tx store.Tx) error { return c.fn(tx, id, ref) }), c.want)
			require.Empty(t, events(t, s), "a rolled-back InTx leaves no events")
			addrs, err := s.WithdrawalAddresses(ctx, "")
			require.NoError(t, err)
			require.Empty(t, addrs)
			refs, err := s.RecentBlocks(ctx, source, 10)
			require.NoError(t, err)
			require.Empty(t, refs)
			require.NoError(t, s.CreateAccount(ctx, store.Account{ID: id, CreatedAt: at}), "the account was rolled back")
			select {
			case <-notify:
				t.Fatal("readers woken by a rolled-back transaction")
			default:
			}
		})
	}
}

// testEventsOrderedOnce: each deposit and withdrawal applied writes one event, in chain
// order, with increasing ids; applying the same blocks again writes none; readers page
// by id.
func testEventsOrderedOnce(t *testing.T, s store.Store) {
	ctx := context.Background()
	require.NoError(t, s.LinkWallet(ctx, mustAccount(t, s, "a1"), traderA, now()))
	b1, b2 := block(1, 0), block(2, 0)
	applied := [][]dtw.Event{
		{deposit(b1, 0, traderA, 100), placed(b1, 1, traderA, 1), withdrawal(b1, 2, traderB, 3)},
		{deposit(b2, 0, traderB, 7), withdrawal(b2, 1, traderA, 40)},
	}
	for i, ref := range []chain.BlockRef{b1, b2} {
		require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{ref}, applied[i], 10))
	}
	for i, ref := range []chain.BlockRef{b1, b2} {
		require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{ref}, applied[i], 10), "again")
	}
	evs := eventsAtLeast(t, s, 4)
	want := []struct {
		kind    outbox.Kind
		trader  common.Address
		account string
		amount  string
	}{
		{outbox.Deposit, traderA, "a1", "100"},
		{outbox.Withdrawal, traderB, "", "3"},
		{outbox.Deposit, traderB, "", "7"},
		{outbox.Withdrawal, traderA, "a1", "40"},
	}
	require.Len(t, evs, len(want))
	for i, w := range want {
		e := evs[i]
		require.Equal(t, w.kind, e.Kind, "event %d", i)
		require.Equal(t, w.trader, e.Trader, "event %d", i)
		require.Equal(t, w.account, e.AccountID, "event %d", i)
		require.Equal(t, source, e.Source)
		require.False(t, e.CreatedAt.IsZero())
		if i > 0 {
			require.Greater(t, e.ID, evs[i-1].ID)
		}
		var p outbox.ChainActivity
		require.NoError(t, json.Unmarshal(e.Payload, &p))
		require.Equal(t, w.amount, p.Amount)
		require.Equal(t, w.trader, p.Trader)
		require.False(t, p.Removed)
	}

	page, err := s.Events(ctx, evs[0].ID, 2)
	require.NoError(t, err)
	require.Equal(t, evs[1:3], page)
	page, err = s.Events(ctx, evs[3].ID, 10)
	require.NoError(t, err)
	require.Empty(t, page)
}

func mustAccount(t *testing.T, s store.Store, id string) string {
	t.Helper()
	require.NoError(t, s.CreateAccount(context.Background(), store.Account{ID: id, CreatedAt: now()}))
	return id
}

// testEventsReorgCompensated: a rollback writes a Removed event for each deposit,
// withdrawal and checked return it removes; the block re-applied on the new fork writes
// its own events.
func testEventsReorgCompensated(t *testing.T, s store.Store) {
	ctx := context.Background()
	b1, b2 := block(1, 0), block(2, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1, b2}, []dtw.Event{
		deposit(b1, 0, traderA, 1), placed(b1, 1, traderA, 1), deposit(b2, 0, traderA, 2), settled(b2, 1, 1),
	}, 10))
	require.NoError(t, s.PutOrderReturn(ctx, store.OrderReturn{Source: source, OrderID: 1, Status: store.OrderSettled,
		TxHash: settled(b2, 1, 1).TxHash, BlockNumber: 2, BuyAmount: big.NewInt(9), VerifiedAt: now()}))
	before := len(eventsAtLeast(t, s, 3))
	require.Equal(t, 3, before)

	require.NoError(t, s.RollbackFrom(ctx, source, 2))
	b2b := block(2, 1)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b2b}, []dtw.Event{deposit(b2b, 0, traderA, 3)}, 10))

	evs := eventsAtLeast(t, s, before+3)[before:]
	require.Len(t, evs, 3)
	var dep outbox.ChainActivity
	require.Equal(t, outbox.Deposit, evs[0].Kind)
	require.NoError(t, json.Unmarshal(evs[0].Payload, &dep))
	require.True(t, dep.Removed)
	require.Equal(t, "2", dep.Amount)
	require.Equal(t, b2.Hash, dep.BlockHash)

	var ret outbox.OrderClosed
	require.Equal(t, outbox.OrderSettled, evs[1].Kind)
	require.Equal(t, traderA, evs[1].Trader)
	require.NoError(t, json.Unmarshal(evs[1].Payload, &ret))
	require.True(t, ret.Removed)
	require.Equal(t, uint64(1), ret.OrderID)

	require.Equal(t, outbox.Deposit, evs[2].Kind)
	dep = outbox.ChainActivity{}
	require.NoError(t, json.Unmarshal(evs[2].Payload, &dep))
	require.False(t, dep.Removed)
	require.Equal(t, "3", dep.Amount)
	require.Equal(t, b2b.Hash, dep.BlockHash)
}

// testEventsOrderReturn: a checked return writes ORDER_SETTLED or ORDER_CANCELLED once,
// with the order's trader and account.
func testEventsOrderReturn(t *testing.T, s store.Store) {
	ctx := context.Background()
	require.NoError(t, s.LinkWallet(ctx, mustAccount(t, s, "a1"), traderA, now()))
	b1 := block(1, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{
		placed(b1, 0, traderA, 1), placed(b1, 1, traderA, 2),
	}, 10))
	require.Empty(t, events(t, s), "placing an order is no event")
	settle := store.OrderReturn{Source: source, OrderID: 1, Status: store.OrderSettled, TxHash: common.HexToHash("0x5e"),
		BlockNumber: 3, BuyAmount: big.NewInt(9), VerifiedAt: now()}
	cancel := store.OrderReturn{Source: source, OrderID: 2, Status: store.OrderCancelled, TxHash: common.HexToHash("0xca"),
		BlockNumber: 3, VerifiedAt: now()}
	for _, r := range []store.OrderReturn{settle, cancel, settle} {
		require.NoError(t, s.PutOrderReturn(ctx, r))
	}
	evs := eventsAtLeast(t, s, 2)
	require.Len(t, evs, 2, "the same return again writes no event")
	for i, want := range []struct {
		kind outbox.Kind
		p    outbox.OrderClosed
	}{
		{outbox.OrderSettled, outbox.OrderClosed{Source: source, OrderID: 1, Status: store.OrderSettled, TxHash: settle.TxHash, BlockNumber: 3, BuyAmount: "9"}},
		{outbox.OrderCancelled, outbox.OrderClosed{Source: source, OrderID: 2, Status: store.OrderCancelled, TxHash: cancel.TxHash, BlockNumber: 3}},
	} {
		require.Equal(t, want.kind, evs[i].Kind)
		require.Equal(t, "a1", evs[i].AccountID)
		require.Equal(t, traderA, evs[i].Trader)
		var p outbox.OrderClosed
		require.NoError(t, json.Unmarshal(evs[i].Payload, &p))
		require.Equal(t, want.p, p)
	}
}

// testEventsNotify: EventsNotify's channel is closed after a commit that wrote events, and
// not by one that wrote none.
func testEventsNotify(t *testing.T, s store.Store) {
	ctx := context.Background()
	notify := s.EventsNotify()
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "a1", CreatedAt: now()}))
	b1 := block(1, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{placed(b1, 0, traderA, 1)}, 10))
	select {
	case <-notify:
		t.Fatal("woken by commits that wrote no event")
	default:
	}

	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		select {
		case <-notify:
		case <-time.After(10 * time.Second):
			t.Error("not woken by a commit that wrote an event")
		}
	}()
	b2 := block(2, 0)
	require.NoError(t, s.InTx(ctx, func(tx store.Tx) error {
		return tx.ApplyBlocks(ctx, source, []chain.BlockRef{b2}, []dtw.Event{deposit(b2, 0, traderA, 1)}, 10)
	}))
	wg.Wait()
	require.Len(t, eventsAtLeast(t, s, 1), 1)
	require.NotEqual(t, notify, s.EventsNotify(), "a new channel for the next wake-up")
}

// testAccessChanges checks that every change to what authenticates a caller closes
// AccessNotify (before the changing call returns) and advances AccessEpoch, and that
// reads and no-op changes do neither.
func testAccessChanges(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	require.NoError(t, s.CreateAccountWithKey(ctx, store.Account{ID: "acc1", CreatedAt: at},
		store.APIKey{ID: "k1", AccountID: "acc1", Permissions: []string{"READ"}, SecretHash: "h1", Generation: 1, CreatedAt: at}))
	epoch, err := s.AccessEpoch(ctx)
	require.NoError(t, err)
	changes := []struct {
		name   string
		change func() error
	}{
		{"rotate key", func() error { _, err := s.RotateAPIKey(ctx, "acc1", "k1", "h2", at); return err }},
		{"whitelist add", func() error { return s.AddWhitelist(ctx, traderA, at) }},
		{"whitelist remove", func() error { return s.RemoveWhitelist(ctx, traderA) }},
		{"link wallet", func() error { return s.LinkWallet(ctx, "acc1", traderA, at) }},
		{"new wallet account", func() error { _, err := s.EnsureWalletAccount(ctx, traderB, "acc2", at); return err }},
		{"in a unit of work", func() error {
			return s.InTx(ctx, func(tx store.Tx) error { _, err := tx.RotateAPIKey(ctx, "acc1", "k1", "h3", at); return err })
		}},
	}
	for _, c := range changes {
		ch := s.AccessNotify()
		require.NoError(t, c.change(), c.name)
		select {
		case <-ch:
		default:
			t.Fatalf("%s: AccessNotify not closed when the change returned", c.name)
		}
		next, err := s.AccessEpoch(ctx)
		require.NoError(t, err)
		require.Greater(t, next, epoch, "%s: AccessEpoch did not advance", c.name)
		epoch = next
	}

	ch := s.AccessNotify()
	_, err = s.EnsureWalletAccount(ctx, traderB, "acc3", at) // already linked: no change
	require.NoError(t, err)
	_, err = s.GetAPIKey(ctx, "k1")
	require.NoError(t, err)
	err = s.InTx(ctx, func(tx store.Tx) error {
		if _, err := tx.RotateAPIKey(ctx, "acc1", "k1", "h4", at); err != nil {
			return err
		}
		return errors.New("roll back")
	})
	require.Error(t, err)
	select {
	case <-ch:
		t.Fatal("AccessNotify closed without a committed change")
	default:
	}
	next, err := s.AccessEpoch(ctx)
	require.NoError(t, err)
	require.Equal(t, epoch, next)
}

// testOrderView: the one-statement view of an order equals what Order, OrderReturn and
// SettlerHead read separately, before and after its return and the settler's first head.
func testOrderView(t *testing.T, s store.Store) {
	ctx := context.Background()
	b1, b2 := block(1, 0), block(2, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1, b2}, []dtw.Event{
		placed(b1, 0, traderA, 1), placed(b1, 1, traderB, 2), settled(b2, 0, 1),
	}, 10))
	_, err := s.OrderView(ctx, source, 9)
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = s.OrderView(ctx, "OTHER", 7)
	require.ErrorIs(t, err, store.ErrNotFound)

	check := func(id uint64) store.OrderView {
		t.Helper()
		v, err := s.OrderView(ctx, source, id)
		require.NoError(t, err)
		o, err := s.Order(ctx, source, id)
		require.NoError(t, err)
		require.Equal(t, o, v.Order)
		r, err := s.OrderReturn(ctx, source, id)
		if errors.Is(err, store.ErrNotFound) {
			require.Nil(t, v.Return)
		} else {
			require.NoError(t, err)
			require.NotNil(t, v.Return)
			require.Equal(t, r.TxHash, v.Return.TxHash)
			require.Equal(t, r.Status, v.Return.Status)
			require.Equal(t, r.BlockNumber, v.Return.BlockNumber)
			require.Equal(t, r.BuyAmount.String(), v.Return.BuyAmount.String())
			require.Equal(t, r.VerifiedAt.UnixMilli(), v.Return.VerifiedAt.UnixMilli())
		}
		h, err := s.SettlerHead(ctx, source)
		if errors.Is(err, store.ErrNotFound) {
			require.Equal(t, store.SettlerHead{Source: source}, v.Head)
		} else {
			require.NoError(t, err)
			require.Equal(t, h.Head, v.Head.Head)
			require.Equal(t, h.Synced, v.Head.Synced)
			require.Equal(t, h.UpdatedAt.UnixMilli(), v.Head.UpdatedAt.UnixMilli())
		}
		return v
	}
	v := check(1)
	require.NotNil(t, v.Order.Closed)
	require.Nil(t, v.Return)
	require.Nil(t, check(2).Order.Closed)

	require.NoError(t, s.PutOrderReturn(ctx, store.OrderReturn{Source: source, OrderID: 1, Status: store.OrderSettled,
		TxHash: common.HexToHash("0x5e"), BlockNumber: 2, BuyAmount: big.NewInt(9), VerifiedAt: now()}))
	require.NoError(t, s.PutSettlerHead(ctx, store.SettlerHead{Source: source, Head: 12, Synced: 11, UpdatedAt: now()}))
	v = check(1)
	require.NotNil(t, v.Return)
	require.Equal(t, uint64(12), v.Head.Head)
	require.Nil(t, check(2).Return)
}

// testOffchainWithdrawals: an instructionId is used once per account; status moves only
// from the stated status; the work queue lists a kind and location in a status.
func testOffchainWithdrawals(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	w := store.OffchainWithdrawal{AccountID: "a1", InstructionID: "i1", Asset: "usdt", Amount: decimal.RequireFromString("12.5"),
		Kind: store.WithdrawalCrypto, Location: source, Destination: traderA.Hex(), RequestHash: "h", CreatedAt: at}
	require.NoError(t, s.CreateOffchainWithdrawal(ctx, w))
	require.ErrorIs(t, s.CreateOffchainWithdrawal(ctx, w), store.ErrConflict)
	w2 := w
	w2.AccountID = "a2"
	require.NoError(t, s.CreateOffchainWithdrawal(ctx, w2), "another account may use the same instructionId")
	got, err := s.OffchainWithdrawal(ctx, "a1", "i1")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalPending, got.Status)
	require.Equal(t, "12.5", got.Amount.String())
	require.Equal(t, "withdrawal:a1:i1", got.HoldKey())
	queue, err := s.OffchainWithdrawalsByStatus(ctx, store.WithdrawalCrypto, source, store.WithdrawalPending, 10)
	require.NoError(t, err)
	require.Len(t, queue, 2)

	require.NoError(t, s.SetOffchainWithdrawalStatus(ctx, "a1", "i1", store.WithdrawalPending, store.WithdrawalSent, "0xabc", "", at))
	require.ErrorIs(t, s.SetOffchainWithdrawalStatus(ctx, "a1", "i1", store.WithdrawalPending, store.WithdrawalSent, "0xdef", "", at),
		store.ErrNotFound, "moves only from the stated status")
	got, err = s.OffchainWithdrawal(ctx, "a1", "i1")
	require.NoError(t, err)
	require.Equal(t, store.WithdrawalSent, got.Status)
	require.Equal(t, "0xabc", got.TxHash)
	_, err = s.OffchainWithdrawal(ctx, "a1", "nope")
	require.ErrorIs(t, err, store.ErrNotFound)
}

// testSubAccounts: an account owns sub-accounts one level deep, listed oldest first.
func testSubAccounts(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "p", CreatedAt: at}))
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "s1", ParentID: "p", Label: "desk", AccountAsset: "eur", CreatedAt: at}))
	require.NoError(t, s.CreateAccount(ctx, store.Account{ID: "s2", ParentID: "p", CreatedAt: at.Add(time.Millisecond)}))
	require.ErrorIs(t, s.CreateAccount(ctx, store.Account{ID: "x", ParentID: "missing", CreatedAt: at}), store.ErrNotFound)
	require.ErrorIs(t, s.CreateAccount(ctx, store.Account{ID: "y", ParentID: "s1", CreatedAt: at}), store.ErrNotFound, "one level only")
	subs, err := s.SubAccounts(ctx, "p")
	require.NoError(t, err)
	require.Len(t, subs, 2)
	require.Equal(t, "s1", subs[0].ID)
	require.Equal(t, "desk", subs[0].Label)
	require.Equal(t, "eur", subs[0].AccountAsset)
	require.Equal(t, "usd", subs[1].AccountAsset, "the default account asset")
	a, err := s.GetAccount(ctx, "s2")
	require.NoError(t, err)
	require.Equal(t, "p", a.ParentID)
	_, err = s.GetAccount(ctx, "nope")
	require.ErrorIs(t, err, store.ErrNotFound)
	none, err := s.SubAccounts(ctx, "s1")
	require.NoError(t, err)
	require.Empty(t, none)
}

// testDepositReferences: an account's reference is drawn once and kept; references are
// unique; an unknown account has none.
func testDepositReferences(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	mustAccount(t, s, "a1")
	mustAccount(t, s, "a2")
	ref, err := s.DepositReference(ctx, "a1", "DTWAAAA", at)
	require.NoError(t, err)
	require.Equal(t, "DTWAAAA", ref)
	ref, err = s.DepositReference(ctx, "a1", "DTWBBBB", at)
	require.NoError(t, err)
	require.Equal(t, "DTWAAAA", ref, "kept")
	_, err = s.DepositReference(ctx, "a2", "DTWAAAA", at)
	require.ErrorIs(t, err, store.ErrConflict, "unique")
	_, err = s.DepositReference(ctx, "nobody", "DTWCCCC", at)
	require.ErrorIs(t, err, store.ErrNotFound)
}

// testAccountSettings: an operator's settings per account, replaced in place; an unknown
// account has none and cannot get any.
func testAccountSettings(t *testing.T, s store.Store) {
	ctx := context.Background()
	mustAccount(t, s, "a1")
	require.NoError(t, s.SetAccountSetting(ctx, "a1", "COLLATERAL_CREDIT_CAP", "100", now()))
	require.NoError(t, s.SetAccountSetting(ctx, "a1", "COLLATERAL_CREDIT_CAP", "250", now()))
	require.NoError(t, s.SetAccountSetting(ctx, "a1", "COLLATERAL_CREDIT_LEVERAGE", "2", now()))
	got, err := s.AccountSettings(ctx, "a1")
	require.NoError(t, err)
	require.Equal(t, map[string]string{"COLLATERAL_CREDIT_CAP": "250", "COLLATERAL_CREDIT_LEVERAGE": "2"}, got)
	none, err := s.AccountSettings(ctx, "nobody")
	require.NoError(t, err)
	require.Empty(t, none)
	require.ErrorIs(t, s.SetAccountSetting(ctx, "nobody", "COLLATERAL_CREDIT_CAP", "1", now()), store.ErrNotFound)

	ref, err := s.DepositReference(ctx, "a1", "DTWREF1", now())
	require.NoError(t, err)
	id, err := s.AccountByDepositReference(ctx, ref)
	require.NoError(t, err)
	require.Equal(t, "a1", id)
	_, err = s.AccountByDepositReference(ctx, "DTWNONE")
	require.ErrorIs(t, err, store.ErrNotFound)
}

// testTraderEvents: every event of the named traders on one chain, in chain order.
func testTraderEvents(t *testing.T, s store.Store) {
	ctx := context.Background()
	b1, b2 := block(1, 0), block(2, 0)
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b1}, []dtw.Event{
		deposit(b1, 0, traderA, 100), placed(b1, 1, traderA, 1),
	}, 10))
	require.NoError(t, s.ApplyBlocks(ctx, source, []chain.BlockRef{b2}, []dtw.Event{
		settled(b2, 0, 1), withdrawal(b2, 1, traderA, 40), placed(b2, 2, traderB, 2), settledOf(b2, 3, traderB, 2),
	}, 10))
	evs, err := s.TraderEvents(ctx, source, []common.Address{traderA})
	require.NoError(t, err)
	require.Len(t, evs, 4, "a settlement is its order's trader's, found through OrderPlaced")
	require.Equal(t, []dtw.EventKind{dtw.EventDeposited, dtw.EventOrderPlaced, dtw.EventOrderSettled, dtw.EventWithdrawn},
		[]dtw.EventKind{evs[0].Kind, evs[1].Kind, evs[2].Kind, evs[3].Kind})
	require.Equal(t, []any{traderA, tokenA, tokenB, "10", "9"},
		[]any{evs[2].Trader, evs[2].SellToken, evs[2].BuyToken, evs[2].SellAmount.String(), evs[2].BuyAmount.String()},
		"settled in a later batch than placed: filled from the store")
	evs, err = s.TraderEvents(ctx, source, []common.Address{traderB})
	require.NoError(t, err)
	require.Len(t, evs, 2)
	require.Equal(t, []any{dtw.EventOrderSettled, traderB, tokenA, tokenB, "10"},
		[]any{evs[1].Kind, evs[1].Trader, evs[1].SellToken, evs[1].BuyToken, evs[1].SellAmount.String()},
		"placed and settled in one batch: filled from the batch")
	none, err := s.TraderEvents(ctx, source, nil)
	require.NoError(t, err)
	require.Empty(t, none)
	other, err := s.TraderEvents(ctx, "OTHER", []common.Address{traderA})
	require.NoError(t, err)
	require.Empty(t, other)
}
