package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testServerKeys: the first key stored under a name is the one every later and every
// concurrent caller gets; names are apart.
func testServerKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	const workers = 8
	got := make([][]byte, workers)
	var wg sync.WaitGroup
	for i := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			key, err := s.EnsureServerKey(ctx, "apikey-hmac", []byte(fmt.Sprintf("secret-of-process-%d", i)), now())
			require.NoError(t, err)
			got[i] = key
		}()
	}
	wg.Wait()
	for i := range workers {
		require.Equal(t, got[0], got[i], "processes that start together agree on one key")
	}
	again, err := s.EnsureServerKey(ctx, "apikey-hmac", []byte("a later process's secret"), now())
	require.NoError(t, err)
	require.Equal(t, got[0], again)
	other, err := s.EnsureServerKey(ctx, "other", []byte("another key"), now())
	require.NoError(t, err)
	require.Equal(t, []byte("another key"), other)
	_, err = s.EnsureServerKey(ctx, "empty", nil, now())
	require.Error(t, err)
}
