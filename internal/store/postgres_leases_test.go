package store_test

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// TestPostgresTakeLease: TakeLease acquires a free lease as AcquireLease does, leaves a
// holder with a live session alone, takes an unexpired lease from a holder whose session
// ended (with the next token), and of concurrent takers exactly one wins.
func TestPostgresTakeLease(t *testing.T) {
	ctx := context.Background()
	st := openPostgres(t, pgtestDSN(t))
	const name, ttl = "settler:ETHEREUM", time.Minute
	now := time.Now()

	a, err := st.OpenLeaseSession(ctx, name, "a")
	require.NoError(t, err)
	require.True(t, a.Locked())
	l, err := st.TakeLease(ctx, name, "a", ttl, now)
	require.NoError(t, err)
	require.Equal(t, int64(1), l.Token)
	l, err = st.TakeLease(ctx, name, "a", ttl, now.Add(time.Second)) // a renewal
	require.NoError(t, err)
	require.Equal(t, int64(1), l.Token)

	b, err := st.OpenLeaseSession(ctx, name, "b")
	require.NoError(t, err)
	defer b.Close()
	cur, err := st.TakeLease(ctx, name, "b", ttl, now.Add(2*time.Second))
	require.ErrorIs(t, err, store.ErrLeaseHeld, "a's session lives")
	require.Equal(t, "a", cur.Holder)

	require.NoError(t, a.Close())
	select {
	case <-a.Lost():
	default:
		t.Fatal("a closed session is not lost")
	}
	require.Eventually(t, func() bool { // the server ends a's backend just after the close
		l, err = st.TakeLease(ctx, name, "b", ttl, now.Add(3*time.Second))
		return err == nil
	}, 5*time.Second, 10*time.Millisecond, "a's session ended: %v", err)
	require.Equal(t, "b", l.Holder)
	require.Equal(t, int64(2), l.Token)

	// b's session ends: of two takers with sessions, one wins.
	for _, h := range []string{"c", "d"} {
		s, err := st.OpenLeaseSession(ctx, name, h)
		require.NoError(t, err)
		defer s.Close()
	}
	require.NoError(t, b.Close())
	time.Sleep(time.Second) // the server ends b's backend
	var (
		wg   sync.WaitGroup
		mu   sync.Mutex
		won  []store.Lease
		errs []error
	)
	for _, h := range []string{"c", "d"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := st.TakeLease(ctx, name, h, ttl, now.Add(4*time.Second))
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				won = append(won, l)
			} else {
				errs = append(errs, err)
			}
		}()
	}
	wg.Wait()
	require.Len(t, errs, 1)
	require.ErrorIs(t, errs[0], store.ErrLeaseHeld)
	require.Len(t, won, 1)
	require.Equal(t, int64(3), won[0].Token)
}

// TestPostgresLeaseSessionWaitsForItsLock: a second session of the same holder and lease
// (a reconnection while the server still holds the first) opens without the lock, takes
// it once the first ends, and keeps the lease from being taken only once it holds it.
func TestPostgresLeaseSessionWaitsForItsLock(t *testing.T) {
	ctx := context.Background()
	st := openPostgres(t, pgtestDSN(t))
	const name = "offchain-matcher"
	first, err := st.OpenLeaseSession(ctx, name, "a")
	require.NoError(t, err)
	second, err := st.OpenLeaseSession(ctx, name, "a")
	require.NoError(t, err)
	defer second.Close()
	require.True(t, first.Locked())
	require.False(t, second.Locked())
	require.NoError(t, first.Close())
	require.Eventually(t, second.Locked, 5*time.Second, 20*time.Millisecond)

	_, err = st.TakeLease(ctx, name, "a", time.Minute, time.Now())
	require.NoError(t, err)
	_, err = st.TakeLease(ctx, name, "b", time.Minute, time.Now())
	require.ErrorIs(t, err, store.ErrLeaseHeld)
	require.NoError(t, second.Close())
	require.Eventually(t, func() bool {
		_, err = st.TakeLease(ctx, name, "b", time.Minute, time.Now())
		return err == nil
	}, 5*time.Second, 10*time.Millisecond, "the holder's session ended: %v", err)
}
