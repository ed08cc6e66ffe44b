package onchain

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// TestViewCache: a view is served from memory for viewTTL, then read again; an order that
// was not found is read every time (it may appear at the next block).
func TestViewCache(t *testing.T) {
	var c viewCache
	loads := 0
	found := false
	load := func(context.Context, string, uint64) (store.OrderView, error) {
		loads++
		if !found {
			return store.OrderView{}, store.ErrNotFound
		}
		return store.OrderView{Head: store.SettlerHead{Head: uint64(loads)}}, nil
	}
	ctx := context.Background()
	for range 3 {
		_, err := c.get(ctx, "ETHEREUM", 1, load)
		require.ErrorIs(t, err, store.ErrNotFound)
	}
	require.Equal(t, 3, loads, "not found is never remembered")
	found = true
	v, err := c.get(ctx, "ETHEREUM", 1, load)
	require.NoError(t, err)
	for range 10 {
		again, err := c.get(ctx, "ETHEREUM", 1, load)
		require.NoError(t, err)
		require.Equal(t, v.Head.Head, again.Head.Head)
	}
	require.Equal(t, 4, loads)
	time.Sleep(viewTTL + 10*time.Millisecond)
	fresh, err := c.get(ctx, "ETHEREUM", 1, load)
	require.NoError(t, err)
	require.Equal(t, uint64(5), fresh.Head.Head, "read again after viewTTL")
}
