package storetest

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testLeases: a free lease is taken with token 1; its holder renews it (same token,
// later expiry) while another is refused; once it expired another takes it with a higher
// token, and the old holder can neither renew nor release it; a release frees it at once.
func testLeases(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	const ttl = 10 * time.Second

	l, err := s.AcquireLease(ctx, "settler:A", "p1", ttl, at)
	require.NoError(t, err)
	require.Equal(t, store.Lease{Name: "settler:A", Holder: "p1", Token: 1, ExpiresAt: at.Add(ttl), AcquiredAt: at, RenewedAt: at}, l)
	require.True(t, l.HeldAt(at))

	renewed, err := s.AcquireLease(ctx, "settler:A", "p1", ttl, at.Add(3*time.Second))
	require.NoError(t, err)
	require.Equal(t, int64(1), renewed.Token, "a renewal keeps the token")
	require.Equal(t, at.Add(13*time.Second), renewed.ExpiresAt)
	require.Equal(t, at, renewed.AcquiredAt)

	held, err := s.AcquireLease(ctx, "settler:A", "p2", ttl, at.Add(12*time.Second))
	require.ErrorIs(t, err, store.ErrLeaseHeld)
	require.Equal(t, "p1", held.Holder)

	other, err := s.AcquireLease(ctx, "offchain-matcher", "p2", ttl, at)
	require.NoError(t, err)
	require.Equal(t, int64(1), other.Token, "tokens count per name")

	stolen, err := s.AcquireLease(ctx, "settler:A", "p2", ttl, at.Add(13*time.Second))
	require.NoError(t, err, "expired: another takes it")
	require.Equal(t, "p2", stolen.Holder)
	require.Equal(t, int64(2), stolen.Token)
	require.Equal(t, at.Add(13*time.Second), stolen.AcquiredAt)

	_, err = s.AcquireLease(ctx, "settler:A", "p1", ttl, at.Add(14*time.Second))
	require.ErrorIs(t, err, store.ErrLeaseHeld, "the ex-holder cannot renew")
	require.ErrorIs(t, s.ReleaseLease(ctx, "settler:A", "p1", 1, at.Add(14*time.Second)), store.ErrNotFound)

	require.NoError(t, s.ReleaseLease(ctx, "settler:A", "p2", 2, at.Add(15*time.Second)))
	ls, err := s.Leases(ctx)
	require.NoError(t, err)
	require.Len(t, ls, 2)
	require.Equal(t, "offchain-matcher", ls[0].Name)
	require.Equal(t, "settler:A", ls[1].Name)
	require.False(t, ls[1].HeldAt(at.Add(15*time.Second)), "released")

	back, err := s.AcquireLease(ctx, "settler:A", "p1", ttl, at.Add(15*time.Second))
	require.NoError(t, err, "released: taken at once")
	require.Equal(t, int64(3), back.Token)

	// The holder's own lease, expired and not taken by another, is a new term: a new token.
	again, err := s.AcquireLease(ctx, "settler:A", "p1", ttl, at.Add(30*time.Second))
	require.NoError(t, err)
	require.Equal(t, int64(4), again.Token)
}

// testLeaseConcurrentAcquire: of many processes acquiring a free lease at once, exactly
// one wins; the others are told who holds it.
func testLeaseConcurrentAcquire(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	const n = 8
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		winners []string
		holders []string
	)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			holder := fmt.Sprintf("p%d", i)
			l, err := s.AcquireLease(ctx, "settler:A", holder, time.Minute, at)
			mu.Lock()
			defer mu.Unlock()
			if err == nil {
				winners = append(winners, holder)
				return
			}
			require.ErrorIs(t, err, store.ErrLeaseHeld)
			holders = append(holders, l.Holder)
		}()
	}
	wg.Wait()
	require.Len(t, winners, 1)
	for _, h := range holders {
		require.Equal(t, winners[0], h)
	}
	ls, err := s.Leases(ctx)
	require.NoError(t, err)
	require.Len(t, ls, 1)
	require.Equal(t, int64(1), ls[0].Token)
}

// testLeaseFencing: a write checked inside InTx against the current token commits; one
// checked against an old token, or after the lease expired, is refused with ErrFenced and
// leaves nothing behind.
func testLeaseFencing(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	const ttl = 10 * time.Second
	old, err := s.AcquireLease(ctx, "settler:A", "p1", ttl, at)
	require.NoError(t, err)
	fencedWrite := func(id string, token int64, when time.Time) error {
		return s.InTx(ctx, func(tx store.Tx) error {
			if err := tx.CheckLease(ctx, "settler:A", token, when); err != nil {
				return err
			}
			return tx.CreateAccount(ctx, store.Account{ID: id, CreatedAt: at})
		})
	}
	require.NoError(t, fencedWrite("current", old.Token, at.Add(time.Second)))
	require.ErrorIs(t, fencedWrite("expired", old.Token, at.Add(ttl)), store.ErrFenced, "the lease expired")

	cur, err := s.AcquireLease(ctx, "settler:A", "p2", ttl, at.Add(ttl))
	require.NoError(t, err)
	require.Greater(t, cur.Token, old.Token)
	require.ErrorIs(t, fencedWrite("old", old.Token, at.Add(ttl)), store.ErrFenced, "an old token")
	require.ErrorIs(t, s.CheckLease(ctx, "settler:B", 1, at), store.ErrFenced, "no such lease")
	require.NoError(t, fencedWrite("new", cur.Token, at.Add(ttl+time.Second)))

	for id, want := range map[string]bool{"current": true, "expired": false, "old": false, "new": true} {
		_, err := s.GetAccount(ctx, id)
		if want {
			require.NoError(t, err, id)
		} else {
			require.ErrorIs(t, err, store.ErrNotFound, id)
		}
	}
}

// testSigningKeys: the first key is stored once whoever offers it; a rotation adds a key
// that signs from its activation while the previous one verifies for the grace period.
func testSigningKeys(t *testing.T, s store.Store) {
	ctx := context.Background()
	at := now()
	first, second := []byte("0123456789abcdef0123456789abcdef"), []byte("fedcba9876543210fedcba9876543210")
	require.NoError(t, s.EnsureSigningKey(ctx, first, at))
	require.NoError(t, s.EnsureSigningKey(ctx, second, at.Add(time.Second)), "a second offer changes nothing")
	keys, err := s.SigningKeys(ctx, at)
	require.NoError(t, err)
	require.Equal(t, []store.SigningKey{{ID: 1, Secret: first, CreatedAt: at, ActiveFrom: at}}, keys)

	active := at.Add(30 * time.Second)
	k, err := s.RotateSigningKey(ctx, second, active, time.Hour, at.Add(time.Second))
	require.NoError(t, err)
	require.Equal(t, store.SigningKey{ID: 2, Secret: second, CreatedAt: at.Add(time.Second), ActiveFrom: active}, k)
	keys, err = s.SigningKeys(ctx, at.Add(time.Second))
	require.NoError(t, err)
	require.Equal(t, []store.SigningKey{k, {ID: 1, Secret: first, CreatedAt: at, ActiveFrom: at, ExpiresAt: active.Add(time.Hour)}}, keys)
	keys, err = s.SigningKeys(ctx, active.Add(time.Hour))
	require.NoError(t, err)
	require.Equal(t, []store.SigningKey{k}, keys, "the old key expired")
}
