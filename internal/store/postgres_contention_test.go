package store_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// TestPostgresContendedUnitsAllCommit: many serializable units on four replicas that all
// read and then write the same book (the way parallel provisioners or operators collide)
// all commit: a group that lost a conflict backs off for a random while before it runs
// again, and from its third run on queues behind the other replicas' reruns, so the
// losers do not meet again in lockstep until their attempts run out. (Without the queue,
// a run with two busy loops on both cores failed 8 times in 30.) The queue's lock is free
// afterwards.
func TestPostgresContendedUnitsAllCommit(t *testing.T) {
	ctx := context.Background()
	dsn := pgtest.Start(t)
	replicas := []store.Store{openPostgres(t, dsn), openPostgres(t, dsn), openPostgres(t, dsn), openPostgres(t, dsn)}
	const book, asset = "user:acc", "usd"
	_, err := replicas[0].InsertLedgerEntry(ctx, store.LedgerEntry{ExternalKey: "fund", Kind: "DEPOSIT", AccountID: "acc", CreatedAt: time.Now(),
		Postings: []store.LedgerPosting{{Book: book, Asset: asset, Amount: decimal.NewFromInt(1000)}, {Book: "house:bank", Asset: asset, Amount: decimal.NewFromInt(-1000)}}})
	require.NoError(t, err)

	const racers, rounds = 24, 4
	var wg sync.WaitGroup
	errs := make(chan error, racers*rounds)
	start := make(chan struct{})
	for i := range racers {
		s := replicas[i%len(replicas)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			for r := range rounds {
				errs <- s.InTx(ctx, func(tx store.Tx) error {
					if _, err := tx.LedgerBalance(ctx, book, asset); err != nil {
						return err
					}
					if _, err := tx.HeldAmounts(ctx, book); err != nil {
						return err
					}
					return tx.PutLedgerHold(ctx, store.LedgerHold{Key: fmt.Sprintf("h%d-%d", i, r), Book: book, Asset: asset,
						Amount: decimal.NewFromInt(1), CreatedAt: time.Now()})
				})
			}
		}()
	}
	close(start)
	wg.Wait()
	close(errs)
	for err := range errs {
		require.NoError(t, err)
	}
	held, err := replicas[0].HeldAmounts(ctx, book)
	require.NoError(t, err)
	require.True(t, held[asset].Equal(decimal.NewFromInt(racers*rounds)), "held %s", held[asset])
	var queued int64
	for _, r := range replicas {
		n, holders, err := r.(*store.Postgres).QueuedReruns(ctx)
		require.NoError(t, err)
		require.Zero(t, holders, "no session holds the reruns' queue after they ended")
		queued += n
	}
	t.Logf("%d runs queued behind other replicas' reruns", queued)
}
