// Package ratelimit is a keyed token-bucket rate limiter with a bounded number of keys,
// for limits per client address, per API key id or per account.
package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Limit is a sustained rate with a burst.
type Limit struct {
	// PerSecond is the sustained rate, in events per second; 0 disables the limit.
	PerSecond float64 `yaml:"perSecond"`
	// Burst is how many events may come at once. Default: PerSecond rounded up, at least 1.
	Burst int `yaml:"burst"`
}

// Enabled reports whether the limit limits anything.
func (l Limit) Enabled() bool { return l.PerSecond > 0 }

// DefaultMaxKeys bounds the keys a Limiter tracks when New is given no bound.
const DefaultMaxKeys = 100_000

type bucket struct {
	tokens float64
	last   time.Time
}

// Limiter limits events per key. Memory is bounded: when MaxKeys buckets exist, full
// buckets are dropped first (they hold no state worth keeping), and if none is full the
// new key shares the fate of an overflow bucket, so a flood of fresh keys is limited as one.
// It is safe for concurrent use.
type Limiter struct {
	limit   Limit
	maxKeys int
	mu      sync.Mutex
	buckets map[string]*bucket
	over    bucket
	swept   time.Time
}

// New returns a limiter; maxKeys <= 0 uses DefaultMaxKeys. A disabled limit allows all.
func New(limit Limit, maxKeys int) *Limiter {
	if limit.Burst <= 0 {
		limit.Burst = max(1, int(math.Ceil(limit.PerSecond)))
	}
	if maxKeys <= 0 {
		maxKeys = DefaultMaxKeys
	}
	return &Limiter{limit: limit, maxKeys: maxKeys, buckets: map[string]*bucket{}}
}

// Allow takes one token of key at now. When none is left it returns false and how long
// until one will be.
func (l *Limiter) Allow(key string, now time.Time) (bool, time.Duration) {
	if l == nil || !l.limit.Enabled() {
		return true, 0
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b, ok := l.buckets[key]
	if !ok {
		if len(l.buckets) >= l.maxKeys && now.Sub(l.swept) >= time.Second {
			l.evictFull(now) // at most once a second: a sweep costs O(keys)
			l.swept = now
		}
		if len(l.buckets) >= l.maxKeys {
			b = &l.over
			if b.last.IsZero() {
				b.tokens, b.last = float64(l.limit.Burst), now
			}
		} else {
			b = &bucket{tokens: float64(l.limit.Burst), last: now}
			l.buckets[key] = b
		}
	}
	l.refill(b, now)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	wait := time.Duration((1 - b.tokens) / l.limit.PerSecond * float64(time.Second))
	return false, max(wait, time.Millisecond)
}

func (l *Limiter) refill(b *bucket, now time.Time) {
	if el := now.Sub(b.last).Seconds(); el > 0 {
		b.tokens = math.Min(float64(l.limit.Burst), b.tokens+el*l.limit.PerSecond)
		b.last = now
	}
}

// evictFull drops the buckets that have refilled to the burst: forgetting them changes
// nothing.
func (l *Limiter) evictFull(now time.Time) {
	for k, b := range l.buckets {
		l.refill(b, now)
		if b.tokens >= float64(l.limit.Burst) {
			delete(l.buckets, k)
		}
	}
}

// Len returns how many keys are tracked.
func (l *Limiter) Len() int {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.buckets)
}
