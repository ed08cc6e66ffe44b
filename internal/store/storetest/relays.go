package storetest

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// testRelayStateMachine: a relay's one row moves REQUESTED -> SENT (by the journal, with
// its transaction) -> CONFIRMED (by the journal; a reorg moves it back to SENT), or to
// FAILED from REQUESTED or SENT, and from FAILED to REQUESTED again; every other move is
// refused and changes nothing.
func testRelayStateMachine(t *testing.T, s store.Store) {
	ctx := context.Background()
	digest := common.HexToHash("0xe1")
	req := store.Relay{Source: source, Kind: "relay-order", Trader: traderA, Nonce: "7", Digest: digest, AccountID: "acct", Data: []byte{7}}
	state := func(want string) store.Relay {
		t.Helper()
		r, err := s.RelayRequestByNonce(ctx, source, traderA, "7")
		require.NoError(t, err)
		require.Equal(t, want, r.State)
		return r
	}
	_, err := s.RelayRequestByNonce(ctx, source, traderA, "7")
	require.ErrorIs(t, err, store.ErrNotFound)
	require.ErrorIs(t, s.FailRelayRequest(ctx, 999, store.RelayRequested, "x"), store.ErrNotFound)

	// REQUESTED: not again, not failed as if sent, not sent for another request.
	require.NoError(t, s.InsertRelayRequest(ctx, req))
	r := state(store.RelayRequested)
	require.Equal(t, []byte{7}, r.Data)
	require.Zero(t, r.TxHash)
	require.ErrorIs(t, s.InsertRelayRequest(ctx, req), store.ErrConflict, "REQUESTED -> REQUESTED")
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelaySent, "x"), store.ErrConflict, "REQUESTED is not SENT")
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelayConfirmed, "x"), store.ErrConflict, "only REQUESTED or SENT fail")
	_, err = s.InsertTx(ctx, relayTx(50, "relay-order", traderA, 7, common.HexToHash("0xe2")))
	require.ErrorIs(t, err, chain.ErrRelayExists, "another request's digest is not sent")
	_, err = s.RelayByNonce(ctx, source, traderA, "7")
	require.ErrorIs(t, err, store.ErrNotFound, "a request is no relay yet")
	state(store.RelayRequested)

	// SENT, in the journal's transaction.
	sent := relayTx(51, "relay-order", traderA, 7, digest)
	id, err := s.InsertTx(ctx, sent)
	require.NoError(t, err)
	r = state(store.RelaySent)
	require.Equal(t, sent.Hash, r.TxHash)
	_, err = s.InsertTx(ctx, relayTx(52, "relay-order", traderA, 7, digest))
	require.ErrorIs(t, err, chain.ErrRelayExists, "SENT -> SENT")
	require.ErrorIs(t, s.InsertRelayRequest(ctx, req), store.ErrConflict, "SENT -> REQUESTED")
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelayRequested, "x"), store.ErrConflict, "SENT is not REQUESTED")
	state(store.RelaySent)

	// CONFIRMED with its transaction; a reorg that reopens it moves it back.
	require.NoError(t, s.SetTxState(ctx, id, chain.TxMined, 9))
	state(store.RelaySent)
	require.NoError(t, s.SetTxState(ctx, id, chain.TxConfirmed, 9))
	state(store.RelayConfirmed)
	standing, err := s.RelayByNonce(ctx, source, traderA, "7")
	require.NoError(t, err)
	require.Equal(t, sent.Hash, standing.TxHash)
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelaySent, "x"), store.ErrConflict, "CONFIRMED -> FAILED")
	require.ErrorIs(t, s.InsertRelayRequest(ctx, req), store.ErrConflict, "CONFIRMED -> REQUESTED")
	_, err = s.ReopenFrom(ctx, source, operator, 51)
	require.NoError(t, err)
	state(store.RelaySent)

	// FAILED from SENT (reverted), once.
	require.NoError(t, s.SetTxState(ctx, id, chain.TxFailed, 10))
	fs, err := s.RelaysToFail(ctx, source)
	require.NoError(t, err)
	require.Len(t, fs, 1)
	require.Equal(t, r.ID, fs[0].Relay.ID)
	require.NoError(t, s.FailRelayRequest(ctx, r.ID, store.RelaySent, "reverted: test"))
	r = state(store.RelayFailed)
	require.Equal(t, sent.Hash, r.TxHash)
	require.Equal(t, "reverted: test", r.Reason)
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelaySent, "again"), store.ErrConflict, "FAILED -> FAILED")
	require.ErrorIs(t, s.FailRelayRequest(ctx, r.ID, store.RelayFailed, "again"), store.ErrConflict)
	_, err = s.InsertTx(ctx, relayTx(53, "relay-order", traderA, 7, digest))
	require.ErrorIs(t, err, chain.ErrRelayExists, "FAILED -> SENT without a new request")
	require.Equal(t, "reverted: test", state(store.RelayFailed).Reason)

	// FAILED -> REQUESTED (the same row) -> FAILED, refused before sending.
	again := req
	again.Digest = common.HexToHash("0xe3")
	require.NoError(t, s.InsertRelayRequest(ctx, again))
	r2 := state(store.RelayRequested)
	require.Equal(t, r.ID, r2.ID, "one row per (source, trader, nonce)")
	require.Equal(t, again.Digest, r2.Digest)
	require.Empty(t, r2.Reason)
	require.Zero(t, r2.TxHash)
	require.NoError(t, s.FailRelayRequest(ctx, r2.ID, store.RelayRequested, "InsufficientBalance"))
	r2 = state(store.RelayFailed)
	require.Zero(t, r2.TxHash, "refused before sending")
	byTx, err := s.RelayByTx(ctx, sent.Hash)
	require.NoError(t, err)
	require.Equal(t, "reverted: test", byTx.Reason, "the sent attempt still answers")
}

// testRelaysNotify: every commit that moves a relay closes the channel RelaysNotify
// returned before it, whether the move was made on its own or inside InTx.
func testRelaysNotify(t *testing.T, s store.Store) {
	ctx := context.Background()
	woken := func(what string, move func()) {
		t.Helper()
		ch := s.RelaysNotify()
		move()
		select {
		case <-ch:
		case <-time.After(5 * time.Second):
			t.Fatalf("not woken by %s", what)
		}
	}
	req := store.Relay{Source: source, Kind: "relay-withdrawal", Trader: traderB, Nonce: "3", Digest: common.HexToHash("0xc1"),
		AccountID: "acct", Data: []byte{3}}
	woken("a request", func() { require.NoError(t, s.InsertRelayRequest(ctx, req)) })
	var id int64
	woken("a send", func() {
		var err error
		id, err = s.InsertTx(ctx, relayTx(60, "relay-withdrawal", traderB, 3, req.Digest))
		require.NoError(t, err)
	})
	woken("a confirmation", func() { require.NoError(t, s.SetTxState(ctx, id, chain.TxConfirmed, 4)) })
	req.Nonce = "4"
	woken("a request in InTx", func() {
		require.NoError(t, s.InTx(ctx, func(tx store.Tx) error { return tx.InsertRelayRequest(ctx, req) }))
	})
	r, err := s.RelayRequestByNonce(ctx, source, traderB, "4")
	require.NoError(t, err)
	woken("a failure", func() { require.NoError(t, s.FailRelayRequest(ctx, r.ID, store.RelayRequested, "InsufficientBalance")) })
}

// RelaysNotifyAcross checks that a commit moving a relay through store a closes the
// channel b.RelaysNotify returned (two handles on one database, as an API process and a
// settler process have), and returns how long after the commit it closed.
func RelaysNotifyAcross(t *testing.T, a, b store.Store) time.Duration {
	ctx := context.Background()
	req := store.Relay{Source: source, Kind: "relay-order", Trader: traderA, Nonce: "11", Digest: common.HexToHash("0xa1"),
		AccountID: "acct", Data: []byte{11}}
	ch := b.RelaysNotify()
	require.NoError(t, a.InsertRelayRequest(ctx, req))
	committed := time.Now()
	select {
	case <-ch:
	case <-time.After(10 * time.Second):
		t.Fatal("the other handle's waiter was not woken")
	}
	took := time.Since(committed)
	got, err := b.RelayRequestByNonce(ctx, source, traderA, "11")
	require.NoError(t, err)
	require.Equal(t, store.RelayRequested, got.State)

	// And the settler's send, through a, wakes a waiter of b that reads it SENT.
	_, err = a.InsertTx(ctx, chain.JournalTx{Source: source, Sender: operator, Nonce: 70, Hash: common.BigToHash(big.NewInt(7070)),
		Raw: []byte{70}, Kind: "relay-order", State: chain.TxPending, CreatedAt: time.Now(),
		Relay: &chain.Relay{Trader: traderA, Nonce: big.NewInt(11), Digest: req.Digest, AccountID: "acct"}})
	require.NoError(t, err)
	deadline := time.After(10 * time.Second)
	for {
		ch := b.RelaysNotify()
		got, err = b.RelayRequestByNonce(ctx, source, traderA, "11")
		require.NoError(t, err)
		if got.State == store.RelaySent {
			return took
		}
		select {
		case <-ch:
		case <-deadline:
			t.Fatalf("the other handle never read the relay SENT (%s)", got.State)
		}
	}
}
