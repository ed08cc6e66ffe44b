package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
)

// TestLastEventID: 0 for an empty outbox, then the id of the newest event; a reader
// starting from it reads only what is written afterwards.
func TestLastEventID(t *testing.T) {
	ctx := context.Background()
	st, _ := openTest(t)
	id, err := st.LastEventID(ctx)
	require.NoError(t, err)
	require.Zero(t, id)
	for _, asset := range []string{"eth", "dai"} {
		require.NoError(t, outbox.Write(ctx, st, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: asset, Price: "1", UpdatedAt: time.Now()}}))
	}
	id, err = st.LastEventID(ctx)
	require.NoError(t, err)
	evs, err := st.Events(ctx, 0, 0)
	require.NoError(t, err)
	require.Equal(t, evs[len(evs)-1].ID, id)
	require.NoError(t, outbox.Write(ctx, st, outbox.Event{Kind: outbox.Price, Payload: outbox.PriceChange{Asset: "usdt", Price: "1", UpdatedAt: time.Now()}}))
	after, err := st.Events(ctx, id, 0)
	require.NoError(t, err)
	require.Len(t, after, 1)
}
