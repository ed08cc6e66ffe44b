package store

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// TestGroupCommitUnitsStandAlone: units that share one SQLite transaction still commit
// or roll back on their own: a unit that fails, or panics, leaves nothing, while the
// others of its group are kept; a caller that gives up before its unit runs has nothing
// written either.
func TestGroupCommitUnitsStandAlone(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	s, err := OpenSQLite(ctx, filepath.Join(dir, "group.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, s.Close()) })

	// Hold the writer so that the units below queue up and go in one group.
	hold, held := make(chan struct{}), make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		require.NoError(t, s.InTx(ctx, func(tx Tx) error {
			close(held)
			<-hold
			return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
		}))
	}()
	<-held

	const n = 12
	errs := make([]error, n)
	panics := make([]any, n)
	gone, cancel := context.WithCancel(ctx)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { panics[i] = recover() }()
			uctx := ctx
			if i == 7 {
				uctx = gone // cancelled while queued
			}
			errs[i] = s.InTx(uctx, func(tx Tx) error {
				if err := tx.CreateAccount(ctx, Account{ID: fmt.Sprintf("a%d", i), CreatedAt: time.Now()}); err != nil {
					return err
				}
				switch i {
				case 3:
					return errors.New("unit 3 fails after writing")
				case 5:
					panic("unit 5 panics after writing")
				case 9: // a conflict inside the unit: the statement fails, the group goes on
					return tx.CreateAccount(ctx, Account{ID: "holder", CreatedAt: time.Now()})
				}
				return nil
			})
		}()
	}
	require.Eventually(t, func() bool { return s.group.waiting.Load() == n }, 5*time.Second, time.Millisecond)
	cancel()
	groupsBefore := s.group.groups.Load()
	close(hold)
	wg.Wait()

	for i := range n {
		_, err := s.GetAccount(ctx, fmt.Sprintf("a%d", i))
		switch i {
		case 3:
			require.EqualError(t, errs[i], "unit 3 fails after writing")
			require.ErrorIs(t, err, ErrNotFound, "a failed unit's writes are rolled back")
		case 5:
			require.Equal(t, "unit 5 panics after writing", panics[i], "the caller panics with its unit's panic")
			require.ErrorIs(t, err, ErrNotFound, "a panicked unit's writes are rolled back")
		case 7:
			require.ErrorIs(t, errs[i], context.Canceled)
			require.ErrorIs(t, err, ErrNotFound, "a unit given up before it ran is not run")
		case 9:
			require.ErrorIs(t, errs[i], ErrConflict)
			require.ErrorIs(t, err, ErrNotFound)
		default:
			require.NoError(t, errs[i], "unit %d", i)
			require.NoError(t, err, "unit %d's account was committed", i)
		}
	}
	_, err = s.GetAccount(ctx, "holder")
	require.NoError(t, err)
	groups, units := s.group.groups.Load()-groupsBefore, int64(n-1)
	require.Less(t, groups, units, "the queued units shared transactions (%d transactions for %d units)", groups, units)
}
