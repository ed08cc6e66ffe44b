package onchain

import (
	"context"
	"sync"
	"time"

	"github.com/dtwgate/dtwgate/internal/store"
)

// viewTTL is how long an order's view is served from memory. Order status is the API's
// most polled read: a trader's client, a bot or a dashboard asks for the same order many
// times a second. What it shows is written by the settler (events at the confirmation
// depth, checked returns, the chain head each round), so a view at most viewTTL old adds
// that much to a status change's delay and saves a read per request. Orders not found
// are never remembered.
const viewTTL = 250 * time.Millisecond

// maxViews bounds the memory; a full cache is emptied.
const maxViews = 100_000

type viewKey struct {
	source string
	id     uint64
}

type cachedView struct {
	v  store.OrderView
	at time.Time
}

// viewCache remembers order views for viewTTL. Safe for concurrent use.
type viewCache struct {
	mu    sync.RWMutex
	views map[viewKey]cachedView
}

// get returns the view of an order, from memory when it is fresh, else from load.
func (c *viewCache) get(ctx context.Context, source string, id uint64, load func(context.Context, string, uint64) (store.OrderView, error)) (store.OrderView, error) {
	k := viewKey{source, id}
	now := time.Now()
	c.mu.RLock()
	cv, ok := c.views[k]
	c.mu.RUnlock()
	if ok && now.Sub(cv.at) < viewTTL {
		return cv.v, nil
	}
	v, err := load(ctx, source, id)
	if err != nil {
		return v, err
	}
	c.mu.Lock()
	if c.views == nil || len(c.views) >= maxViews {
		c.views = make(map[viewKey]cachedView)
	}
	c.views[k] = cachedView{v: v, at: now}
	c.mu.Unlock()
	return v, nil
}
