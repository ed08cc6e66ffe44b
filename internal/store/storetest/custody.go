package storetest

import (
	"context"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/store"
)

// testCustodySweeps: a sweep's marks stay until its ref is cleared; a failed sweep
// releases them with one more attempt and a retry time; a deposit credited while a sweep
// is in flight releases its mark from that sweep.
func testCustodySweeps(t *testing.T, s store.Store) {
	ctx := context.Background()
	fwd1, fwd2 := common.HexToAddress("0xf1"), common.HexToAddress("0xf2")
	for _, f := range []common.Address{fwd1, fwd2} {
		require.NoError(t, s.MarkSweep(ctx, store.Sweep{Source: source, Address: f, Token: tokenA, Since: now()}))
	}
	marks, err := s.SweepsDue(ctx, source, 10)
	require.NoError(t, err)
	require.Len(t, marks, 2)
	require.NoError(t, s.SetSweepRef(ctx, source, "sweep:1", marks))
	marks, err = s.SweepsDue(ctx, source, 10)
	require.NoError(t, err)
	require.Equal(t, "sweep:1", marks[0].Ref)
	require.Equal(t, "sweep:1", marks[1].Ref)

	retry := now().Add(time.Minute)
	n, err := s.RetrySweepRef(ctx, source, "sweep:1", retry)
	require.NoError(t, err)
	require.EqualValues(t, 2, n)
	marks, err = s.SweepsDue(ctx, source, 10)
	require.NoError(t, err)
	require.Len(t, marks, 2)
	require.Equal(t, "", marks[0].Ref)
	require.Equal(t, 1, marks[0].Attempts)
	require.Equal(t, retry, marks[0].RetryAt)

	require.NoError(t, s.SetSweepRef(ctx, source, "sweep:2", marks))
	require.NoError(t, s.MarkSweep(ctx, store.Sweep{Source: source, Address: fwd2, Token: tokenA, Since: now()})) // new funds
	n, err = s.ClearSweepRef(ctx, source, "sweep:2")
	require.NoError(t, err)
	require.EqualValues(t, 1, n)
	marks, err = s.SweepsDue(ctx, source, 10)
	require.NoError(t, err)
	require.Len(t, marks, 1)
	require.Equal(t, fwd2, marks[0].Address)
	require.Equal(t, "", marks[0].Ref)
}

// testCustodyReorgs: credited deposits by identity and block, the blocks read, an open
// deep reorg and a rescan request.
func testCustodyReorgs(t *testing.T, s store.Store) {
	ctx := context.Background()
	h := func(n byte) common.Hash { return common.BytesToHash([]byte{n}) }
	for _, b := range []uint64{10, 20, 30} {
		require.NoError(t, s.SetCustodyCursor(ctx, source, b, h(byte(b))))
	}
	blocks, err := s.CustodyBlocks(ctx, source, 30, 10)
	require.NoError(t, err)
	require.Len(t, blocks, 2)
	require.Equal(t, uint64(20), blocks[0].Number)
	require.Equal(t, h(20), blocks[0].Hash)
	require.NoError(t, s.SetCustodyCursor(ctx, source, 20, h(21))) // a rescan back to 20 forgets 30
	blocks, err = s.CustodyBlocks(ctx, source, 100, 10)
	require.NoError(t, err)
	require.Len(t, blocks, 2)
	require.Equal(t, h(21), blocks[0].Hash)

	d := store.CustodyDeposit{Source: source, TxHash: h(1), Forwarder: traderA, Token: tokenA, Amount: big.NewInt(7), LogIndex: 3,
		BlockNumber: 25, BlockHash: h(25), AccountID: "acc", Asset: "dai", Credited: "0.000007", LedgerKey: "deposit:k", CreditedAt: now()}
	require.NoError(t, s.PutCustodyDeposit(ctx, d))
	require.ErrorIs(t, s.PutCustodyDeposit(ctx, d), store.ErrConflict)
	other := d
	other.Occurrence = 1
	_, err = s.CustodyDepositOf(ctx, other)
	require.ErrorIs(t, err, store.ErrNotFound)
	got, err := s.CustodyDepositOf(ctx, d)
	require.NoError(t, err)
	require.Equal(t, d, got)
	used, err := s.CustodyLedgerKeyUsed(ctx, source, "deposit:k")
	require.NoError(t, err)
	require.True(t, used)

	d.LogIndex, d.BlockNumber, d.BlockHash, d.MissingSince = 0, 26, h(26), now()
	require.NoError(t, s.SetCustodyDepositSeen(ctx, d))
	missing, err := s.MissingCustodyDeposits(ctx, source)
	require.NoError(t, err)
	require.Equal(t, []store.CustodyDeposit{d}, missing)
	from, err := s.CustodyDepositsFrom(ctx, source, 27)
	require.NoError(t, err)
	require.Empty(t, from)
	from, err = s.CustodyDepositsFrom(ctx, source, 26)
	require.NoError(t, err)
	require.Len(t, from, 1)

	_, err = s.CustodyReorgOf(ctx, source)
	require.ErrorIs(t, err, store.ErrNotFound)
	r := store.CustodyReorg{Source: source, DetectedAt: now(), CheckedAt: now(), Block: 30, Hash: h(30), ForkKnown: true, Fork: 20, Missing: 1}
	require.NoError(t, s.PutCustodyReorg(ctx, r))
	later := r
	later.DetectedAt, later.CheckedAt, later.Missing, later.Waiting = now().Add(time.Hour), now().Add(time.Hour), 0, 2
	require.NoError(t, s.PutCustodyReorg(ctx, later))
	got2, err := s.CustodyReorgOf(ctx, source)
	require.NoError(t, err)
	later.DetectedAt = r.DetectedAt // the first detection is kept
	require.Equal(t, later, got2)
	require.NoError(t, s.DeleteCustodyReorg(ctx, source))
	_, err = s.CustodyReorgOf(ctx, source)
	require.ErrorIs(t, err, store.ErrNotFound)

	first := store.CustodyRescan{Source: source, From: 5, RequestedAt: now()}
	require.NoError(t, s.RequestCustodyRescan(ctx, first))
	require.NoError(t, s.RequestCustodyRescan(ctx, store.CustodyRescan{Source: source, From: 21, RequestedAt: now().Add(time.Second)}))
	req, err := s.CustodyRescanOf(ctx, source)
	require.NoError(t, err)
	require.Equal(t, uint64(21), req.From)
	require.NoError(t, s.DeleteCustodyRescan(ctx, first)) // replaced since: kept
	_, err = s.CustodyRescanOf(ctx, source)
	require.NoError(t, err)
	require.NoError(t, s.DeleteCustodyRescan(ctx, req))
	_, err = s.CustodyRescanOf(ctx, source)
	require.ErrorIs(t, err, store.ErrNotFound)
}
