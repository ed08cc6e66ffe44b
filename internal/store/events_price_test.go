package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
)

// TestLastPrices: the newest PRICE event of each asset asked for, found among other
// events; assets never published are absent.
func TestLastPrices(t *testing.T) {
	ctx := context.Background()
	st, _ := openTest(t)
	at := time.Unix(1_700_000_000, 0).UTC()
	write := func(kind outbox.Kind, payload outbox.Payload) {
		t.Helper()
		require.NoError(t, outbox.Write(ctx, st, outbox.Event{Kind: kind, Payload: payload}))
	}
	last, err := st.LastPrices(ctx, []string{"eth"})
	require.NoError(t, err)
	require.Empty(t, last)

	write(outbox.Price, outbox.PriceChange{Asset: "eth", Price: "3000", UpdatedAt: at})
	write(outbox.Price, outbox.PriceChange{Asset: "dai", Price: "1", UpdatedAt: at})
	write(outbox.AccessChanged, outbox.AccessChange{What: "whitelist"})
	write(outbox.Price, outbox.PriceChange{Asset: "eth", Price: "3100.5", UpdatedAt: at.Add(time.Minute)})

	last, err = st.LastPrices(ctx, []string{"eth", "dai", "btc"})
	require.NoError(t, err)
	require.Equal(t, map[string]outbox.PriceChange{
		"eth": {Asset: "eth", Price: "3100.5", UpdatedAt: at.Add(time.Minute)},
		"dai": {Asset: "dai", Price: "1", UpdatedAt: at},
	}, last)
	last, err = st.LastPrices(ctx, []string{"dai"})
	require.NoError(t, err)
	require.Len(t, last, 1)
}
