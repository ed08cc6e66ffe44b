// Package access resolves who is calling from memory: an API key's account, generation
// and permissions, whether a wallet may sign in and its account, and an account's
// wallets. Reads are answered from a cache filled from the store on a miss; an access
// change (a key rotated, a wallet linked, the whitelist changed) drops the whole cache:
//
//   - at once when the change was committed by this process: the store closes its
//     AccessNotify channel before the changing call returns, and every lookup checks it;
//   - within EpochCheckEvery when another process (an admin command, another replica)
//     committed it: a lookup at most that often reads the store's AccessEpoch.
//
// An entry is stamped with the cache's generation read before the store was; a change
// that commits after that moves the generation on, so an entry read before a change can
// never be served after the change is seen.
package access

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/store"
)

// EpochCheckEvery bounds how long a change committed by another process can go unseen.
const EpochCheckEvery = 200 * time.Millisecond

// maxEntries bounds each map; a full map is emptied (keys come only from signed tokens
// and verified logins, so the bound is never reached by honest use).
const maxEntries = 100_000

// Store is what the cache reads.
type Store interface {
	GetAPIKey(ctx context.Context, id string) (store.APIKey, error)
	IsWhitelisted(ctx context.Context, addr common.Address) (bool, error)
	WalletAccount(ctx context.Context, addr common.Address) (string, error)
	ListWallets(ctx context.Context, accountID string) ([]store.Wallet, error)
	AccessNotify() <-chan struct{}
	AccessEpoch(ctx context.Context) (int64, error)
}

// Wallet is what signing in with an address needs.
type Wallet struct {
	// Whitelisted reports whether the address may sign in.
	Whitelisted bool
	// AccountID is the account the address is linked to, "" when none.
	AccountID string
}

// Cache answers lookups from memory; safe for concurrent use.
type Cache struct {
	st    Store
	state atomic.Pointer[state]
	// checking is set while one lookup reads the epoch.
	checking atomic.Bool

	keys     table[string, store.APIKey]
	wallets  table[common.Address, Wallet]
	accounts table[string, []common.Address]

	hits, misses atomic.Uint64
}

// state is the cache's generation and what moves it on.
type state struct {
	gen uint64
	// changed is the store's AccessNotify channel taken when gen began.
	changed <-chan struct{}
	// epoch is the store's AccessEpoch last read, and when.
	epoch   int64
	checked time.Time
}

// New returns a cache over st. It reads the store's epoch at its first lookup.
func New(st Store) *Cache {
	c := &Cache{st: st}
	c.state.Store(&state{changed: st.AccessNotify(), epoch: -1})
	return c
}

// generation returns the current generation, first moving it on if an access change was
// committed in this process (checked every call) or by another (checked at most every
// EpochCheckEvery).
func (c *Cache) generation(ctx context.Context) uint64 {
	for {
		s := c.state.Load()
		select {
		case <-s.changed:
			next := &state{gen: s.gen + 1, changed: c.st.AccessNotify(), epoch: s.epoch, checked: s.checked}
			if c.state.CompareAndSwap(s, next) {
				c.clear()
			}
			continue
		default:
		}
		if time.Since(s.checked) < EpochCheckEvery || !c.checking.CompareAndSwap(false, true) {
			return s.gen
		}
		epoch, err := c.st.AccessEpoch(ctx)
		c.checking.Store(false)
		if err != nil {
			return s.gen // checked again by the next lookup
		}
		next := &state{gen: s.gen, changed: s.changed, epoch: epoch, checked: time.Now()}
		if epoch != s.epoch {
			next.gen++
		}
		if c.state.CompareAndSwap(s, next) && next.gen != s.gen {
			c.clear()
		}
	}
}

func (c *Cache) clear() {
	c.keys.clear()
	c.wallets.clear()
	c.accounts.clear()
}

// APIKey returns the key with id; store.ErrNotFound when there is none.
func (c *Cache) APIKey(ctx context.Context, id string) (store.APIKey, error) {
	return lookup(ctx, c, &c.keys, id, func() (store.APIKey, error) { return c.st.GetAPIKey(ctx, id) })
}

// Wallet returns whether addr may sign in and its account.
func (c *Cache) Wallet(ctx context.Context, addr common.Address) (Wallet, error) {
	return lookup(ctx, c, &c.wallets, addr, func() (Wallet, error) { return c.loadWallet(ctx, addr) })
}

// FreshWallet is Wallet read from the store, never from memory, as a login reads it: an
// operator may have whitelisted the address a moment ago from another process. The
// answer replaces what the cache held.
func (c *Cache) FreshWallet(ctx context.Context, addr common.Address) (Wallet, error) {
	gen := c.generation(ctx)
	c.misses.Add(1)
	w, err := c.loadWallet(ctx, addr)
	if err == nil {
		c.wallets.put(addr, entry[Wallet]{v: w, gen: gen})
	}
	return w, err
}

func (c *Cache) loadWallet(ctx context.Context, addr common.Address) (Wallet, error) {
	ok, err := c.st.IsWhitelisted(ctx, addr)
	if err != nil {
		return Wallet{}, fmt.Errorf("read whitelist: %w", err)
	}
	account, err := c.st.WalletAccount(ctx, addr)
	if err != nil && !errors.Is(err, store.ErrNotFound) {
		return Wallet{}, fmt.Errorf("load wallet: %w", err)
	}
	return Wallet{Whitelisted: ok, AccountID: account}, nil
}

// Wallets returns the addresses linked to an account. The slice is shared: callers must
// not modify it.
func (c *Cache) Wallets(ctx context.Context, accountID string) ([]common.Address, error) {
	return lookup(ctx, c, &c.accounts, accountID, func() ([]common.Address, error) {
		ws, err := c.st.ListWallets(ctx, accountID)
		if err != nil {
			return nil, fmt.Errorf("list wallets: %w", err)
		}
		out := make([]common.Address, len(ws))
		for i, w := range ws {
			out[i] = w.Address
		}
		return out, nil
	})
}

// Stats returns the lookups answered from memory and from the store.
func (c *Cache) Stats() (hits, misses uint64) { return c.hits.Load(), c.misses.Load() }

// lookup answers k from t when its entry is of the current generation, else loads it.
// store.ErrNotFound is cached like a value; other errors are not.
func lookup[K comparable, V any](ctx context.Context, c *Cache, t *table[K, V], k K, load func() (V, error)) (V, error) {
	gen := c.generation(ctx)
	if e, ok := t.get(k); ok && e.gen == gen {
		c.hits.Add(1)
		return e.v, e.err
	}
	c.misses.Add(1)
	v, err := load()
	if err == nil || errors.Is(err, store.ErrNotFound) {
		t.put(k, entry[V]{v: v, err: err, gen: gen})
	}
	return v, err
}

// table is one kind of entry.
type table[K comparable, V any] struct {
	mu sync.RWMutex
	m  map[K]entry[V]
}

type entry[V any] struct {
	v   V
	err error
	gen uint64
}

func (t *table[K, V]) get(k K) (entry[V], bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	e, ok := t.m[k]
	return e, ok
}

func (t *table[K, V]) put(k K, e entry[V]) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.m == nil || len(t.m) >= maxEntries {
		t.m = make(map[K]entry[V])
	}
	t.m[k] = e
}

func (t *table[K, V]) clear() {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.m = nil
}
