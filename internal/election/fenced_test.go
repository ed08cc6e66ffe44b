package election_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/big"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"
	_ "modernc.org/sqlite"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/custody"
	"github.com/dtwgate/dtwgate/internal/election"
	"github.com/dtwgate/dtwgate/internal/engine"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/solvency"
	"github.com/dtwgate/dtwgate/internal/store"
	"github.com/dtwgate/dtwgate/testnet"
)

// The stores the settler's work is given: Fenced itself, or Fenced whose units of work
// hand the consumer its narrow Tx (election.Narrowed).
var (
	_ engine.Store           = (*election.Fenced)(nil)
	_ custody.Store          = election.Narrowed[custody.Tx]{}
	_ offchain.BalancesStore = (*election.Fenced)(nil)
	_ offchain.TradingStore  = election.Narrowed[offchain.TradingTx]{}
	_ solvency.Store         = (*election.Fenced)(nil)
)

// settlerStores are those stores' interfaces.
var settlerStores = []reflect.Type{
	reflect.TypeFor[engine.Store](), reflect.TypeFor[custody.Store](),
	reflect.TypeFor[offchain.BalancesStore](), reflect.TypeFor[offchain.TradingStore](),
	reflect.TypeFor[solvency.Store](),
}

// fencedReads are the methods of Fenced that only read: they pass through unchecked. A
// method belongs here only if it writes nothing at all.
var fencedReads = []string{
	"RecentBlocks", "OpenTxs", "MaxNonce", "OpenOrders", "OpenCancelRequests", "Order", "UncheckedCloses",
	"RelayByNonce", "PendingRelayRequests", "DepositAddresses", "CustodyCursor", "SweepsDue", "JournalRef",
	"TxsAtNonce", "OffchainWithdrawalsByStatus", "OffchainWithdrawalsAfter", "RelaysToFail",
	"CustodyDepositsFrom", "MissingCustodyDeposits", "CustodyBlocks", "CustodyReorgOf", "CustodyRescanOf", "LedgerBalances", "HeldAmounts", "LedgerBook", "AccountSettings", "GetAccount", "HouseBalance",
	"LedgerEntries", "OffchainOrder", "OffchainOrderByID",
	"OffchainOrderHistory", "OpenLimitOrders", "Quote", "AccountCommissions", "TraderReads", "SingleWriter", "OpenInventoryMoves",
	"BookBalancesAt", "LatestReservesSnapshot", "ReservesBalances",
	"ReceiptsAfter", "ReceiptsOfEntries",
}

// fencedOther are the methods of Fenced that are neither a read nor a write of the store:
// InTx (checked by TestFencedWrites itself), the lease check and the fenced signer.
var fencedOther = []string{"InTx", "Check", "Signer"}

// fencedWrite is one write of the settler's store: prep makes, on the unfenced store, what
// call needs to change a row; call makes the write through a fenced store.
type fencedWrite struct {
	name string
	prep func(t *testing.T, st store.Store)
	call func(ctx context.Context, f *election.Fenced) error
}

const (
	src    = "ETHEREUM"
	client = "acct-client"
)

var (
	forwarder = common.HexToAddress("0xf0")
	token     = common.HexToAddress("0xd1")
	trader    = common.HexToAddress("0xa1")
)

// fencedWrites lists every write of the settler's store, in an order in which each one's
// fixtures exist (TestFencedWrites fails for a write of Fenced that is not here).
func fencedWrites() []fencedWrite {
	var journalID, relayID, moveID int64
	at := time.Now()
	return []fencedWrite{
		{name: "ApplyBlocks", call: func(ctx context.Context, f *election.Fenced) error {
			return f.ApplyBlocks(ctx, src, []chain.BlockRef{{Number: 10, Hash: common.HexToHash("0x10")}}, nil, 256)
		}},
		{name: "RollbackFrom", call: func(ctx context.Context, f *election.Fenced) error { return f.RollbackFrom(ctx, src, 10) }},
		{name: "InsertTx", call: func(ctx context.Context, f *election.Fenced) error {
			_, err := f.InsertTx(ctx, journalTx(1))
			return err
		}},
		{name: "SetTxState", prep: func(t *testing.T, st store.Store) {
			var err error
			journalID, err = st.InsertTx(context.Background(), journalTx(2))
			require.NoError(t, err)
		}, call: func(ctx context.Context, f *election.Fenced) error {
			return f.SetTxState(ctx, journalID, chain.TxConfirmed, 5)
		}},
		{name: "ReopenFrom", call: func(ctx context.Context, f *election.Fenced) error {
			_, err := f.ReopenFrom(ctx, src, operator, 2) // journalID, confirmed
			return err
		}},
		{name: "PutOrderReturn", call: func(ctx context.Context, f *election.Fenced) error {
			return f.PutOrderReturn(ctx, store.OrderReturn{Source: src, OrderID: 7, Status: store.OrderSettled,
				TxHash: common.HexToHash("0x77"), BlockNumber: 3, BuyAmount: big.NewInt(9), VerifiedAt: at})
		}},
		{name: "FailRelayRequest", prep: func(t *testing.T, st store.Store) {
			ctx := context.Background()
			require.NoError(t, st.InsertRelayRequest(ctx, store.Relay{Source: src, Kind: "relay-order", Trader: trader,
				Nonce: "5", Digest: common.HexToHash("0x01"), AccountID: client, Data: []byte{1}}))
			reqs, err := st.PendingRelayRequests(ctx, src, 10)
			require.NoError(t, err)
			require.Len(t, reqs, 1)
			relayID = reqs[0].ID
		}, call: func(ctx context.Context, f *election.Fenced) error {
			return f.FailRelayRequest(ctx, relayID, store.RelayRequested, "NonceAlreadyUsed")
		}},
		{name: "AddInventoryMove", call: func(ctx context.Context, f *election.Fenced) error {
			_, err := f.AddInventoryMove(ctx, store.InventoryMove{Source: src, Asset: "eth", From: "dtw", Amount: decimal.NewFromInt(1),
				Reason: "manual", CreatedAt: at})
			return err
		}},
		{name: "SetInventoryMove", prep: func(t *testing.T, st store.Store) {
			var err error
			moveID, err = st.AddInventoryMove(context.Background(), store.InventoryMove{Source: src, Asset: "eth", From: "dtw",
				Amount: decimal.NewFromInt(1), Reason: "manual", CreatedAt: at})
			require.NoError(t, err)
		}, call: func(ctx context.Context, f *election.Fenced) error {
			return f.SetInventoryMove(ctx, moveID, store.InventoryMoveDone, "0x01", "", at)
		}},
		{name: "PutInventoryPlaces", call: func(ctx context.Context, f *election.Fenced) error {
			return f.PutInventoryPlaces(ctx, src, []store.InventoryPlace{{Source: src, Asset: "eth", Place: "dtw", State: "within", UpdatedAt: at}})
		}},
		{name: "PutReservesSnapshot", call: func(ctx context.Context, f *election.Fenced) error {
			_, err := f.PutReservesSnapshot(ctx, store.ReservesSnapshot{Position: 1, Statement: []byte("{}"), Holdings: []byte("[]"),
				Secret: make([]byte, 32), CreatedAt: at}, []store.ReservesAssetBalances{{Asset: "usdt", Decimals: 6}}, 2)
			return err
		}},
		{name: "PutSettlerHead", call: func(ctx context.Context, f *election.Fenced) error {
			return f.PutSettlerHead(ctx, store.SettlerHead{Source: src, Head: 9, Synced: 8, UpdatedAt: at})
		}},
		{name: "PutInventory", call: func(ctx context.Context, f *election.Fenced) error {
			return f.PutInventory(ctx, store.Inventory{Source: src, Operator: operator, At: at,
				Balances: map[common.Address]*big.Int{token: big.NewInt(5)}})
		}},
		{name: "SetForwarderDeployed", prep: func(t *testing.T, st store.Store) {
			require.NoError(t, st.PutDepositAddress(context.Background(), store.DepositAddress{Source: src, AccountID: client,
				Address: forwarder, Salt: common.HexToHash("0x5a"), CreatedAt: at}))
		}, call: func(ctx context.Context, f *election.Fenced) error {
			return f.SetForwarderDeployed(ctx, src, forwarder, at)
		}},
		{name: "ClearSweep", prep: func(t *testing.T, st store.Store) {
			require.NoError(t, st.MarkSweep(context.Background(), store.Sweep{Source: src, Address: forwarder, Token: token, Since: at}))
		}, call: func(ctx context.Context, f *election.Fenced) error { return f.ClearSweep(ctx, src, forwarder, token) }},
		{name: "SetOffchainWithdrawalStatus", prep: func(t *testing.T, st store.Store) {
			require.NoError(t, st.CreateOffchainWithdrawal(context.Background(), store.OffchainWithdrawal{AccountID: client,
				InstructionID: "w1", Asset: "eth", Amount: decimal.RequireFromString("1"), Kind: store.WithdrawalCrypto,
				Location: src, Destination: trader.Hex(), RequestHash: "h", Status: store.WithdrawalPending, CreatedAt: at, UpdatedAt: at}))
		}, call: func(ctx context.Context, f *election.Fenced) error {
			return f.SetOffchainWithdrawalStatus(ctx, client, "w1", store.WithdrawalPending, store.WithdrawalSent, "0xabc", "", at)
		}},
		{name: "SetAccountSetting", call: func(ctx context.Context, f *election.Fenced) error {
			return f.SetAccountSetting(ctx, client, "COLLATERAL_CREDIT_CAP", "100", at)
		}},
	}
}

// TestFencedWrites: every method of Fenced (which embeds nothing, so its methods are all
// the settler's work can call) is a listed read or a listed write; each write, made by a
// term whose lease another holder took over, fails with ErrFenced and changes no row of
// the database, while the same write by the current term changes rows. So a settler write
// added later fails this test until it is fenced and listed here.
func TestFencedWrites(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(testnet.PrivateDir(t), "test.db")
	st, err := store.OpenSQLite(ctx, path)
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, db.Close()) })

	writes := fencedWrites()
	var writeNames []string
	for _, w := range writes {
		writeNames = append(writeNames, w.name)
	}
	ft := reflect.TypeOf((*election.Fenced)(nil))
	var methods []string
	for i := range ft.NumMethod() {
		m := ft.Method(i).Name
		methods = append(methods, m)
		n := 0
		for _, list := range [][]string{fencedReads, writeNames, fencedOther} {
			if slices.Contains(list, m) {
				n++
			}
		}
		require.Equal(t, 1, n, "Fenced.%s must be in exactly one of fencedReads, fencedWrites (fenced, with a case) and fencedOther", m)
	}
	for _, list := range [][]string{fencedReads, writeNames, fencedOther} {
		for _, m := range list {
			require.Contains(t, methods, m, "listed, but Fenced has no method %s", m)
		}
	}
	for _, it := range settlerStores {
		for i := range it.NumMethod() {
			m := it.Method(i).Name
			require.True(t, slices.Contains(fencedReads, m) || slices.Contains(writeNames, m) || m == "InTx", "%s of %v is not listed", m, it)
		}
	}

	// Term 1 (a) expired; b took the lease over with term 2.
	t0 := time.Now()
	la, err := st.AcquireLease(ctx, lease, "a", time.Minute, t0)
	require.NoError(t, err)
	lb, err := st.AcquireLease(ctx, lease, "b", time.Minute, t0.Add(2*time.Minute))
	require.NoError(t, err)
	require.Greater(t, lb.Token, la.Token)
	now := func() time.Time { return t0.Add(150 * time.Second) }
	old := election.Fence(st, lease, la.Token, now)
	cur := election.Fence(st, lease, lb.Token, now)

	for _, id := range []string{client, "acct-introducer"} {
		require.NoError(t, st.CreateAccount(ctx, store.Account{ID: id, CreatedAt: t0}))
	}
	for _, w := range writes {
		t.Run(w.name, func(t *testing.T) {
			if w.prep != nil {
				w.prep(t, st)
			}
			before := dump(t, db)
			require.ErrorIs(t, w.call(ctx, old), store.ErrFenced, "the ex-leader's %s", w.name)
			require.Equal(t, before, dump(t, db), "the ex-leader's %s wrote", w.name)
			require.NoError(t, w.call(ctx, cur), "the leader's %s", w.name)
			require.NotEqual(t, before, dump(t, db), "the leader's %s wrote nothing: the case proves nothing", w.name)
		})
	}

	t.Run("InTx", func(t *testing.T) {
		before := dump(t, db)
		ran := false
		require.ErrorIs(t, old.InTx(ctx, func(tx store.Tx) error {
			ran = true
			return tx.PutSettlerHead(ctx, store.SettlerHead{Source: src, Head: 99, UpdatedAt: t0})
		}), store.ErrFenced)
		require.False(t, ran, "the ex-leader's unit of work ran")
		require.Equal(t, before, dump(t, db))
		require.ErrorIs(t, old.Check(ctx), store.ErrFenced)
		require.NoError(t, cur.Check(ctx))
	})
}

// dump returns every row of every table of the database, as text.
func dump(t *testing.T, db *sql.DB) string {
	t.Helper()
	ctx := context.Background()
	rows, err := db.QueryContext(ctx, `SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	require.NoError(t, rows.Close())
	var b strings.Builder
	for _, table := range tables {
		rows, err := db.QueryContext(ctx, `SELECT * FROM "`+table+`"`)
		require.NoError(t, err)
		cols, err := rows.Columns()
		require.NoError(t, err)
		var lines []string
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			require.NoError(t, rows.Scan(ptrs...))
			lines = append(lines, fmt.Sprintf("%#v", vals))
		}
		require.NoError(t, rows.Err())
		require.NoError(t, rows.Close())
		slices.Sort(lines)
		fmt.Fprintf(&b, "%s:\n%s\n", table, strings.Join(lines, "\n"))
	}
	return b.String()
}
