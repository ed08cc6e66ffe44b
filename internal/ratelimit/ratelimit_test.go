package ratelimit

import (
	"strconv"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

func TestBurstThenRate(t *testing.T) {
	l := New(Limit{PerSecond: 2, Burst: 3}, 0)
	now := time.Unix(1000, 0)
	for i := range 3 {
		ok, _ := l.Allow("a", now)
		require.True(t, ok, "event %d within the burst", i)
	}
	ok, wait := l.Allow("a", now)
	require.False(t, ok)
	require.Equal(t, 500*time.Millisecond, wait)
	ok, _ = l.Allow("b", now)
	require.True(t, ok, "another key has its own bucket")
	ok, _ = l.Allow("a", now.Add(500*time.Millisecond))
	require.True(t, ok, "one token refilled after 1/rate")
}

func TestDisabledAllowsAll(t *testing.T) {
	l := New(Limit{}, 0)
	for range 1000 {
		ok, _ := l.Allow("a", time.Now())
		require.True(t, ok)
	}
	var nilLimiter *Limiter
	ok, _ := nilLimiter.Allow("a", time.Now())
	require.True(t, ok)
}

func TestKeysBounded(t *testing.T) {
	l := New(Limit{PerSecond: 1, Burst: 1}, 10)
	now := time.Unix(1000, 0)
	allowed := 0
	for i := range 1000 {
		if ok, _ := l.Allow("k"+strconv.Itoa(i), now); ok {
			allowed++
		}
	}
	require.LessOrEqual(t, l.Len(), 10)
	require.Equal(t, 11, allowed, "10 tracked keys plus one overflow token; the flood shares one bucket")
	// Later, full buckets are evicted and new keys are tracked again.
	ok, _ := l.Allow("fresh", now.Add(time.Minute))
	require.True(t, ok)
}
