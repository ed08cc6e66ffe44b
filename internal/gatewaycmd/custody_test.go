package gatewaycmd_test

import (
	"context"
	"encoding/json"
	"math/big"
	"path/filepath"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/app"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/gatewaytest"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestCustodyAdmin: `admin custody reorg-status` says how far deposits are credited,
// whether a deep reorg stopped crediting, which credited deposits are gone and where a
// rescan would start; `admin custody rescan` prints what it will do, refuses to skip
// blocks, and asks the settler for the rescan only with --yes.
func TestCustodyAdmin(t *testing.T) {
	ctx := context.Background()
	data := filepath.Join(t.TempDir(), "data")
	g := &gatewayProc{Process: gatewaytest.New(t, "", data)}
	admin := func(args ...string) string { return g.admin(t, args...) }
	cfg := config.Default()
	cfg.DataDir = data
	st, err := app.OpenStore(ctx, cfg)
	require.NoError(t, err)
	t.Cleanup(func() { st.Close() })

	require.Contains(t, g.adminFails(t, "custody", "reorg-status", "--source", "ETHEREUM"), "ETHEREUM: no OFFCHAIN custody")

	// Deposits read through block 120; one credited from block 118, one from 105.
	h := func(n byte) common.Hash { return common.BytesToHash([]byte{n}) }
	require.NoError(t, st.SetCustodyCursor(ctx, "ETHEREUM", 110, h(110)))
	require.NoError(t, st.SetCustodyCursor(ctx, "ETHEREUM", 120, h(120)))
	gone := store.CustodyDeposit{Source: "ETHEREUM", TxHash: h(1), Forwarder: common.HexToAddress("0xf0"), Token: common.HexToAddress("0xda1"),
		Amount: big.NewInt(7e18), LogIndex: 1, BlockNumber: 118, BlockHash: h(118), AccountID: "acc_a", Asset: "dai", Credited: "7",
		LedgerKey: "deposit:ETHEREUM:0x01:1", CreditedAt: time.Now()}
	kept := gone
	kept.TxHash, kept.BlockNumber, kept.BlockHash, kept.Amount, kept.Credited, kept.LedgerKey = h(2), 105, h(105), big.NewInt(5e18), "5", "deposit:ETHEREUM:0x02:0"
	require.NoError(t, st.PutCustodyDeposit(ctx, gone))
	require.NoError(t, st.PutCustodyDeposit(ctx, kept))
	out := admin("custody", "reorg-status", "--source", "ETHEREUM")
	require.Contains(t, out, "ETHEREUM: deposits credited through block 120 ("+h(120).Hex()+")")
	require.Contains(t, out, "no deep reorg: crediting runs")
	require.Contains(t, out, "no credited deposit is missing from the chain")
	require.Contains(t, g.adminFails(t, "custody", "rescan", "--source", "ETHEREUM", "--from-block", "122"), "never skips one; use --from-block 121 or lower")

	// A deep reorg replaced block 120: the fork is block 110, the deposit of block 118 is gone.
	require.NoError(t, st.PutCustodyReorg(ctx, store.CustodyReorg{Source: "ETHEREUM", DetectedAt: time.Now(), CheckedAt: time.Now(),
		Block: 120, Hash: h(120), ForkKnown: true, Fork: 110, Missing: 1}))
	gone.MissingSince = time.Now()
	require.NoError(t, st.SetCustodyDepositSeen(ctx, gone))
	out = admin("custody", "reorg-status", "--source", "ETHEREUM")
	require.Contains(t, out, "DEEP REORG, crediting stopped: block 120")
	require.Contains(t, out, "1 not on the chain, 0 mined again but not at the depth yet")
	require.Contains(t, out, "a rescan would start at block 111: dtwgate admin custody rescan --source ETHEREUM --from-block 111")
	require.Contains(t, out, "1 credited deposit(s) no longer on the chain; they stay credited")
	require.Contains(t, out, "account acc_a  7 dai  tx "+h(1).Hex()+" (block 118, log 1")
	var status struct {
		DeepReorg          struct{ RescanFrom uint64 }
		CreditedNotOnChain []struct{ AccountID, Amount, TransactionHash string }
	}
	require.NoError(t, json.Unmarshal([]byte(admin("custody", "reorg-status", "--source", "ETHEREUM", "--json")), &status))
	require.Equal(t, uint64(111), status.DeepReorg.RescanFrom)
	require.Len(t, status.CreditedNotOnChain, 1)
	require.Equal(t, h(1).Hex(), status.CreditedNotOnChain[0].TransactionHash)

	// A rescan never skips the new chain's blocks after the fork.
	require.Contains(t, g.adminFails(t, "custody", "rescan", "--source", "ETHEREUM", "--from-block", "115"),
		"--from-block 115 is after the fork: blocks 111 to 114 of the new chain would never be read")
	require.Contains(t, g.adminFails(t, "custody", "rescan", "--source", "ETHEREUM", "--from-block", "0"), "at least 1")

	// Without --yes it only says what it would do.
	out = admin("custody", "rescan", "--source", "ETHEREUM", "--from-block", "111")
	require.Contains(t, out, "Rescan of ETHEREUM from block 111:")
	require.Contains(t, out, "not credited again (1 credited deposit(s) are recorded in those blocks)")
	require.Contains(t, out, "the deep reorg of block 120 is closed and crediting resumes")
	require.Contains(t, out, "stay credited and stay listed by reorg-status: nothing is reversed")
	require.Contains(t, out, "Nothing done: run again with --yes")
	_, err = st.CustodyRescanOf(ctx, "ETHEREUM")
	require.ErrorIs(t, err, store.ErrNotFound)

	out = admin("custody", "rescan", "--source", "ETHEREUM", "--from-block", "111", "--yes")
	require.Contains(t, out, "Requested:")
	req, err := st.CustodyRescanOf(ctx, "ETHEREUM")
	require.NoError(t, err)
	require.Equal(t, uint64(111), req.From)
	require.Contains(t, admin("custody", "reorg-status", "--source", "ETHEREUM"), "rescan from block 111 requested")
}
