package store_test

import (
	"context"
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
)

func TestSettlerHeadAndInventory(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	_, err := s.SettlerHead(ctx, "ETHEREUM")
	require.ErrorIs(t, err, store.ErrNotFound)
	require.NoError(t, s.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 10, Synced: 9, UpdatedAt: time.Now()}))
	h, err := s.SettlerHead(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, uint64(3), h.Confirmations(8))
	require.Zero(t, h.Confirmations(11))

	_, err = s.Inventory(ctx, "ETHEREUM")
	require.ErrorIs(t, err, store.ErrNotFound)
	dai, usdt := common.HexToAddress("0xd1"), common.HexToAddress("0xd2")
	op := common.HexToAddress("0x0e")
	require.NoError(t, s.PutInventory(ctx, store.Inventory{Source: "ETHEREUM", Operator: op, At: time.Now(),
		Balances: map[common.Address]*big.Int{dai: big.NewInt(5), usdt: big.NewInt(7)}}))
	require.NoError(t, s.PutInventory(ctx, store.Inventory{Source: "ETHEREUM", Operator: op, At: time.Now(),
		Balances: map[common.Address]*big.Int{dai: big.NewInt(6)}}))
	inv, err := s.Inventory(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, op, inv.Operator)
	require.Len(t, inv.Balances, 1, "a snapshot replaces the previous one")
	require.Equal(t, "6", inv.Balances[dai].String())
}

func TestRelayRequests(t *testing.T) {
	ctx := context.Background()
	s, _ := openTest(t)
	trader := common.HexToAddress("0xa1")
	req := store.Relay{Source: "ETHEREUM", Kind: "relay-order", Trader: trader, Nonce: "5",
		Digest: common.HexToHash("0x01"), AccountID: "acct", Data: []byte{1, 2}}
	require.NoError(t, s.InsertRelayRequest(ctx, req))
	other := req
	other.Digest = common.HexToHash("0x02")
	require.ErrorIs(t, s.InsertRelayRequest(ctx, other), store.ErrConflict, "one pending request per trader nonce")

	pending, err := s.PendingRelayRequests(ctx, "ETHEREUM", 10)
	require.NoError(t, err)
	require.Len(t, pending, 1)
	require.Equal(t, req.Digest, pending[0].Digest)
	require.Equal(t, []byte{1, 2}, pending[0].Data)

	require.NoError(t, s.FailRelayRequest(ctx, pending[0].ID, store.RelayRequested, "InsufficientBalance"))
	got, err := s.RelayRequestByNonce(ctx, "ETHEREUM", trader, "5")
	require.NoError(t, err)
	require.Equal(t, store.RelayFailed, got.State)
	require.Equal(t, "InsufficientBalance", got.Reason)
	pending, err = s.PendingRelayRequests(ctx, "ETHEREUM", 10)
	require.NoError(t, err)
	require.Empty(t, pending)

	require.NoError(t, s.InsertRelayRequest(ctx, other), "a failed request is replaced")
	got, err = s.RelayRequestByNonce(ctx, "ETHEREUM", trader, "5")
	require.NoError(t, err)
	require.Equal(t, store.RelayRequested, got.State)
	require.Equal(t, other.Digest, got.Digest)
	require.Empty(t, got.Reason)

	// Once the journal records its relay, the request is no longer pending.
	_, err = s.InsertTx(ctx, chain.JournalTx{Source: "ETHEREUM", Sender: common.HexToAddress("0x0e"), Nonce: 0,
		Hash: common.HexToHash("0xabc"), Raw: []byte{1}, Kind: "relay-order", State: chain.TxPending,
		Relay: &chain.Relay{Trader: trader, Nonce: big.NewInt(5), Digest: other.Digest, AccountID: "acct"}})
	require.NoError(t, err)
	pending, err = s.PendingRelayRequests(ctx, "ETHEREUM", 10)
	require.NoError(t, err)
	require.Empty(t, pending)
}

// TestSettlerInTx: the settler's writes join a unit of work like every concept's.
func TestSettlerInTx(t *testing.T) {
	ctx := context.Background()
	st, _ := openTest(t)
	boom := errors.New("boom")
	err := st.InTx(ctx, func(tx store.Tx) error {
		require.NoError(t, tx.PutSettlerHead(ctx, store.SettlerHead{Source: "ETHEREUM", Head: 10, Synced: 9}))
		require.NoError(t, tx.PutInventory(ctx, store.Inventory{Source: "ETHEREUM", At: time.Now(), Balances: map[common.Address]*big.Int{{1}: big.NewInt(5)}}))
		return boom
	})
	require.ErrorIs(t, err, boom)
	_, err = st.SettlerHead(ctx, "ETHEREUM")
	require.ErrorIs(t, err, store.ErrNotFound, "rolled back")
	_, err = st.Inventory(ctx, "ETHEREUM")
	require.ErrorIs(t, err, store.ErrNotFound, "rolled back")

	require.NoError(t, st.InTx(ctx, func(tx store.Tx) error {
		return tx.PutInventory(ctx, store.Inventory{Source: "ETHEREUM", At: time.Now(), Balances: map[common.Address]*big.Int{{1}: big.NewInt(5)}})
	}))
	inv, err := st.Inventory(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, "5", inv.Balances[common.Address{1}].String())
}
