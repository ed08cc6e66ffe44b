package store_test

import (
	"context"
	"math/big"
	"sync"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// relayTx is a journal entry relaying trader's request with nonce and digest.
func relayTx(n uint64, kind string, trader common.Address, nonce int64, digest common.Hash) chain.JournalTx {
	return chain.JournalTx{
		Source: "ETHEREUM", Sender: common.HexToAddress("0x0000000000000000000000000000000000000a11"), Nonce: n,
		Hash: common.BigToHash(big.NewInt(int64(1000 + n))), Raw: []byte{byte(n)}, Kind: kind, State: chain.TxPending,
		CreatedAt: time.Now(),
		Relay:     &chain.Relay{Trader: trader, Nonce: big.NewInt(nonce), Digest: digest, AccountID: "acct"},
	}
}

// TestRelayJournaledWithItsTransaction: InsertTx writes a relay record with its journal
// entry; a second relay of the same (source, trader, nonce), an order or a withdrawal, is
// ErrRelayExists and journals nothing, also when many race for the nonce.
func TestRelayJournaledWithItsTransaction(t *testing.T) {
	s, _ := openTest(t)
	ctx := context.Background()
	trader := common.HexToAddress("0x00000000000000000000000000000000000000b0")
	sender := common.HexToAddress("0x0000000000000000000000000000000000000a11")
	digest := common.HexToHash("0xd1")

	first := relayTx(0, "relay-order", trader, 5, digest)
	id, err := s.InsertTx(ctx, first)
	require.NoError(t, err)
	require.NotZero(t, id)
	r, err := s.RelayByNonce(ctx, "ETHEREUM", trader, "5")
	require.NoError(t, err)
	require.Equal(t, store.Relay{Source: "ETHEREUM", Kind: "relay-order", Trader: trader, Nonce: "5", Digest: digest,
		TxHash: first.Hash, AccountID: "acct"}, r)
	byTx, err := s.RelayByTx(ctx, first.Hash)
	require.NoError(t, err)
	require.Equal(t, r, byTx)

	for _, kind := range []string{"relay-order", "relay-withdrawal"} {
		_, err = s.InsertTx(ctx, relayTx(1, kind, trader, 5, common.HexToHash("0xd2")))
		require.ErrorIs(t, err, chain.ErrRelayExists, kind)
	}
	open, err := s.OpenTxs(ctx, "ETHEREUM", sender)
	require.NoError(t, err)
	require.Len(t, open, 1, "a refused relay journals nothing")
	last, _, err := s.MaxNonce(ctx, "ETHEREUM", sender)
	require.NoError(t, err)
	require.Equal(t, uint64(0), last)
	_, err = s.RelayByTx(ctx, relayTx(1, "relay-order", trader, 5, digest).Hash)
	require.ErrorIs(t, err, store.ErrNotFound)

	// Another trader, or another nonce, is another relay.
	_, err = s.InsertTx(ctx, relayTx(1, "relay-order", common.HexToAddress("0xb1"), 5, digest))
	require.NoError(t, err)
	_, err = s.InsertTx(ctx, relayTx(2, "relay-withdrawal", trader, 6, digest))
	require.NoError(t, err)

	// Ten writers race for one nonce: one wins, the others journal nothing.
	var wg sync.WaitGroup
	errs := make([]error, 10)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = s.InsertTx(ctx, relayTx(uint64(10+i), "relay-order", trader, 9, common.BigToHash(big.NewInt(int64(i)))))
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
	open, err = s.OpenTxs(ctx, "ETHEREUM", sender)
	require.NoError(t, err)
	require.Len(t, open, 4)
}
