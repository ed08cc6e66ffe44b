package storetest

import (
	"context"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testInventoryMoves: moves are recorded PENDING, listed per source until final, and a
// final move is not changed again; the inventory report of a source is replaced whole.
func testInventoryMoves(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	amount := decimal.RequireFromString("1500000.000000000000000001")
	id, err := s.AddInventoryMove(ctx, store.InventoryMove{Source: "ETHEREUM", Asset: "dai", From: "treasury", Amount: amount,
		Reason: "manual", CreatedAt: at})
	require.NoError(t, err)
	other, err := s.AddInventoryMove(ctx, store.InventoryMove{Source: "POLYGON", Asset: "dai", From: "dtw", Amount: decimal.NewFromInt(1),
		Reason: "auto: dtw above its band", CreatedAt: at})
	require.NoError(t, err)
	require.NotEqual(t, id, other)

	open, err := s.OpenInventoryMoves(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Len(t, open, 1)
	m := open[0]
	require.Equal(t, id, m.ID)
	require.True(t, amount.Equal(m.Amount), "got %s, want %s", m.Amount, amount)
	require.Equal(t, store.InventoryMovePending, m.State)
	require.Equal(t, at.UnixMilli(), m.CreatedAt.UnixMilli())

	require.NoError(t, s.SetInventoryMove(ctx, id, store.InventoryMovePending, "0xabc", "", at))
	require.NoError(t, s.SetInventoryMove(ctx, id, store.InventoryMoveDone, "0xabc", "", at))
	require.ErrorIs(t, s.SetInventoryMove(ctx, id, store.InventoryMoveFailed, "", "late", at), store.ErrNotFound, "a final move stays final")
	m, err = s.InventoryMoveByID(ctx, id)
	require.NoError(t, err)
	require.Equal(t, store.InventoryMoveDone, m.State)
	require.Equal(t, "0xabc", m.TxHash)
	open, err = s.OpenInventoryMoves(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Empty(t, open)
	_, err = s.InventoryMoveByID(ctx, 999)
	require.ErrorIs(t, err, store.ErrNotFound)

	d := decimal.RequireFromString
	place := func(asset, place, bal string) store.InventoryPlace {
		return store.InventoryPlace{Asset: asset, Place: place, Balance: d(bal), Min: d("1"), Target: d("2.5"), Max: d("3"), State: "within", UpdatedAt: at}
	}
	require.NoError(t, s.PutInventoryPlaces(ctx, "ETHEREUM", []store.InventoryPlace{place("dai", "dtw", "2"), place("dai", "treasury", "2.75")}))
	require.NoError(t, s.PutInventoryPlaces(ctx, "POLYGON", []store.InventoryPlace{place("usdc", "dtw", "1")}))
	require.NoError(t, s.PutInventoryPlaces(ctx, "ETHEREUM", []store.InventoryPlace{place("dai", "treasury", "0.5")}))
	ps, err := s.InventoryPlaces(ctx)
	require.NoError(t, err)
	require.Len(t, ps, 2)
	require.Equal(t, "ETHEREUM", ps[0].Source)
	require.Equal(t, "treasury", ps[0].Place)
	require.Equal(t, "0.5", ps[0].Balance.String())
	require.Equal(t, "2.5", ps[0].Target.String())
	require.Equal(t, "POLYGON", ps[1].Source)
}
