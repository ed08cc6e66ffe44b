package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
)

// groupEnv is a stashEnv whose RowLocked units run on one lane, with accounts a, b and c
// funded with 7 ETH each by the house's shard 0, so that a test decides which units share
// a group (inOneGroup).
type groupEnv struct {
	stashEnv
}

func newGroupEnv(t *testing.T) groupEnv {
	t.Helper()
	ctx := context.Background()
	env := groupEnv{newStashEnv(t)}
	p := env.p
	at := time.UnixMilli(1000)
	for _, acct := range []string{"b", "c"} {
		require.NoError(t, p.CreateAccount(ctx, Account{ID: acct, CreatedAt: at}))
		_, err := p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "fund:" + acct, Kind: "DEPOSIT", AccountID: acct, CreatedAt: at, Postings: []LedgerPosting{
			{Book: "user:" + acct, Asset: "ETH", Amount: decimal.NewFromInt(7)},
			{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(-7)},
		}})
		require.NoError(t, err)
	}
	// The house's shard starts with 100,000 USD to sell.
	_, err := p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "stock", Kind: "DEPOSIT", CreatedAt: at, Postings: []LedgerPosting{
		{Book: "house:inventory/0", Asset: "USD", Amount: decimal.NewFromInt(100000)},
		{Book: "house:equity", Asset: "USD", Amount: decimal.NewFromInt(-100000)},
	}})
	require.NoError(t, err)
	p.locked.close()
	p.locked = newGroupCommitterLanes(pgGroup{db: p.db, iso: sql.LevelReadCommitted, queued: &p.queued}, pgMaxGroup, pgTxAttempts, 1)
	return env
}

// inOneGroup runs fns as units of work of one group, in their order: the lane is held by
// a unit of its own while they queue. It returns each unit's error.
func (env groupEnv) inOneGroup(t *testing.T, fns ...func(tx Tx) error) []error {
	t.Helper()
	return env.inOneGroupSaying(t, nil, fns...)
}

// inOneGroupSaying is inOneGroup whose unit i says ahead what it reads first, reads[i]
// (WithSwapReads), when there is one and it is not nil.
func (env groupEnv) inOneGroupSaying(t *testing.T, reads []*SwapReads, fns ...func(tx Tx) error) []error {
	t.Helper()
	ctx := RowLocked(context.Background())
	p := env.p
	holding, release := make(chan struct{}), make(chan struct{})
	held := make(chan error, 1)
	go func() {
		held <- p.InTx(ctx, func(Tx) error {
			close(holding)
			<-release
			return nil
		})
	}()
	<-holding
	errs := make([]error, len(fns))
	done := make(chan int, len(fns))
	for i, fn := range fns {
		uctx := ctx
		if i < len(reads) && reads[i] != nil {
			uctx = WithSwapReads(ctx, *reads[i])
		}
		go func() {
			errs[i] = p.InTx(uctx, fn)
			done <- i
		}()
		require.Eventually(t, func() bool { return p.locked.waiting.Load() == int64(i+1) }, 5*time.Second, time.Millisecond, "unit %d queued", i)
	}
	groups := p.locked.groups.Load()
	close(release)
	require.NoError(t, <-held)
	for range fns {
		<-done
	}
	require.GreaterOrEqual(t, p.locked.groups.Load()-groups, int64(1))
	return errs
}

// groupSwap is a swap of acct as offchain.Trading writes it: its reads and locks, the
// house shard's balance, its order, entry (1 ETH for 3,000 USD from shard 0) and receipt
// after the account's head. saw gets the shard's USD balance the swap read.
func groupSwap(acct, instructionID string, saw *decimal.Decimal) func(tx Tx) error {
	return groupSwapThen(acct, instructionID, saw, nil)
}

// groupSwapThen is groupSwap running afterReads, if given, once its reads found no order.
func groupSwapThen(acct, instructionID string, saw *decimal.Decimal, afterReads func() error) func(tx Tx) error {
	return groupSwapAround(acct, instructionID, saw, nil, afterReads)
}

// groupSwapClaim is the house shards groupSwap claims.
var groupSwapClaim = HouseClaim{Shards: []int{0}, Books: []string{"house:inventory/0"}, Asset: "USD"}

// groupSwapReads is what groupSwap of acct and instructionID reads first (WithSwapReads).
func groupSwapReads(acct, instructionID string) *SwapReads {
	return &SwapReads{AccountID: acct, Source: "OFFCHAIN", Book: "user:" + acct, Kind: OrderKindSwap, InstructionID: instructionID,
		Claim: groupSwapClaim}
}

// groupSwapAround is groupSwapThen running beforeReads, if given, in its unit before its
// reads.
func groupSwapAround(acct, instructionID string, saw *decimal.Decimal, beforeReads func(tx Tx) error, afterReads func() error) func(tx Tx) error {
	return func(tx Tx) error {
		ctx := RowLocked(context.Background())
		if beforeReads != nil {
			if err := beforeReads(tx); err != nil {
				return err
			}
		}
		r, err := tx.TraderReadsLocking(ctx, acct, "OFFCHAIN", "user:"+acct, OrderKindSwap, instructionID, groupSwapClaim)
		if err != nil {
			return err
		}
		if r.OrderID != 0 {
			return nil // a retry: its order is there
		}
		if afterReads != nil {
			if err := afterReads(); err != nil {
				return err
			}
		}
		ok, bal, err := tx.TryLockHouseShardBalance(ctx, 0, "house:inventory/0", "USD")
		if err != nil || !ok {
			return fmt.Errorf("shard 0: claimed %v, %w", ok, err)
		}
		if saw != nil {
			*saw = bal
		}
		o := swapOrder(instructionID)
		o.AccountID = acct
		id, err := tx.CreateOffchainOrder(ctx, o)
		if err != nil {
			return err
		}
		ev := outbox.Row{Kind: "ORDER_CLOSED", Source: "OFFCHAIN", AccountID: acct, Payload: []byte(`{}`)}
		e, err := tx.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "swap:" + acct + ":" + instructionID, Kind: "TRADE", AccountID: acct,
			CreatedAt: time.UnixMilli(2000), Meta: []byte(fmt.Sprintf(`{"orderId":%d}`, id)), Event: &ev, Postings: []LedgerPosting{
				{Book: "user:" + acct, Asset: "ETH", Amount: decimal.NewFromInt(-1)},
				{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(1)},
				{Book: "user:" + acct, Asset: "USD", Amount: decimal.NewFromInt(3000)},
				{Book: "house:inventory/0", Asset: "USD", Amount: decimal.NewFromInt(-3000)},
			}})
		if err != nil {
			return err
		}
		var seq uint64 = 1
		prev := common.Hash{}
		if h, err := tx.ReceiptHead(ctx, acct); err == nil {
			seq, prev = h.Seq+1, h.Hash
		} else if !errors.Is(err, ErrNotFound) {
			return err
		}
		return tx.InsertReceipt(ctx, StoredReceipt{AccountID: acct, Seq: seq, EntryID: e.ID, Kind: "TRADE", Reference: instructionID,
			CreatedAt: time.UnixMilli(2000), Body: []byte(`{}`), Prev: prev, Hash: common.BigToHash(big.NewInt(int64(seq)))})
	}
}

// requireSwapped checks that acct's swaps of instructionIDs are each written once: order,
// entry, receipts in sequence, and the account's balances.
func requireSwapped(t *testing.T, p *Postgres, acct string, instructionIDs ...string) {
	t.Helper()
	ctx := context.Background()
	for _, id := range instructionIDs {
		_, err := p.OffchainOrder(ctx, acct, OrderKindSwap, id)
		require.NoError(t, err, "%s's order %s", acct, id)
		_, err = p.LedgerEntryByKey(ctx, "swap:"+acct+":"+id)
		require.NoError(t, err, "%s's entry %s", acct, id)
	}
	receipts, err := p.ReceiptsAfter(ctx, acct, 0, 10)
	require.NoError(t, err)
	require.Len(t, receipts, len(instructionIDs), "%s's receipts", acct)
	for i, r := range receipts {
		require.Equal(t, uint64(i+1), r.Seq, "%s's receipt %d", acct, i)
	}
	n := int64(len(instructionIDs))
	eth, err := p.LedgerBalance(ctx, "user:"+acct, "ETH")
	require.NoError(t, err)
	require.Equal(t, decimal.NewFromInt(7-n).String(), eth.String(), "%s's ETH", acct)
	usd, err := p.LedgerBalance(ctx, "user:"+acct, "USD")
	require.NoError(t, err)
	require.Equal(t, decimal.NewFromInt(3000*n).String(), usd.String(), "%s's USD", acct)
}

// requireShard checks the house shard's USD after swaps swaps of 3,000.
func requireShard(t *testing.T, p *Postgres, swaps int64) {
	t.Helper()
	usd, err := p.LedgerBalance(context.Background(), "house:inventory/0", "USD")
	require.NoError(t, err)
	require.Equal(t, decimal.NewFromInt(100000-3000*swaps).String(), usd.String(), "the shard's USD")
}

// TestPostgresGroupWritesSwapsInOneStatement: three swaps of three accounts in one group
// are written by one statement at the group's end: their reads, that statement and the
// COMMIT are the group's round trips; each swap read the house shard's balance with the
// earlier swaps' moves kept back; every row is written once.
func TestPostgresGroupWritesSwapsInOneStatement(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	var saw [3]decimal.Decimal
	trips, sends := p.RoundTrips(), p.locked.keptSends.Load()
	errs := env.inOneGroup(t, groupSwap("a", "i1", &saw[0]), groupSwap("b", "i1", &saw[1]), groupSwap("c", "i1", &saw[2]))
	require.Equal(t, []error{nil, nil, nil}, errs)
	require.Equal(t, int64(1), p.locked.keptSends.Load()-sends, "one statement wrote the group's swaps")
	// The holding unit's BEGIN and COMMIT (nothing else), then three reads, one write and COMMIT.
	require.LessOrEqual(t, p.RoundTrips()-trips, int64(1+3+1+1), "round trips")
	for i, want := range []int64{100000, 97000, 94000} {
		require.Equal(t, decimal.NewFromInt(want).String(), saw[i].String(), "the shard's balance swap %d read", i)
	}
	for _, acct := range []string{"a", "b", "c"} {
		requireSwapped(t, p, acct, "i1")
	}
	requireShard(t, p, 3)
	events, err := p.Events(context.Background(), 0, 100)
	require.NoError(t, err)
	var closed []string
	for _, e := range events {
		if e.Kind == "ORDER_CLOSED" {
			closed = append(closed, e.AccountID)
		}
	}
	require.Equal(t, []string{"a", "b", "c"}, closed, "the swaps' events, in the units' order")
}

// TestPostgresGroupWritesSameAccountTwice: a second swap of an account in the same group
// sends the first one's writes before its reads, so it reads its book and receipt head
// after them.
func TestPostgresGroupWritesSameAccountTwice(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	var saw [3]decimal.Decimal
	reruns, sends := p.locked.reruns.Load(), p.locked.keptSends.Load()
	errs := env.inOneGroup(t, groupSwap("a", "i1", &saw[0]), groupSwap("b", "i1", &saw[1]), groupSwap("a", "i2", &saw[2]))
	require.Equal(t, []error{nil, nil, nil}, errs)
	require.Equal(t, int64(0), p.locked.reruns.Load()-reruns, "no rerun: the second swap of a read after the first")
	require.Equal(t, int64(2), p.locked.keptSends.Load()-sends, "the first two swaps' writes sent before a's second reads, its own at the end")
	requireSwapped(t, p, "a", "i1", "i2")
	requireSwapped(t, p, "b", "i1")
	requireShard(t, p, 3)
	for i, want := range []int64{100000, 97000, 94000} {
		require.Equal(t, decimal.NewFromInt(want).String(), saw[i].String(), "the shard's balance swap %d read", i)
	}
}

// TestPostgresGroupWritesUnitFailsAfterSendingThem: a unit whose statement sent the
// earlier units' writes, and which then fails, cannot be rolled back to its savepoint
// without them: the group runs again, keeping nothing back, and only that unit fails.
func TestPostgresGroupWritesUnitFailsAfterSendingThem(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	boom := errors.New("boom")
	reruns := p.locked.reruns.Load()
	errs := env.inOneGroup(t, groupSwap("a", "i1", nil), func(tx Tx) error {
		if _, err := tx.LedgerBalances(RowLocked(context.Background()), "user:b"); err != nil {
			return err
		}
		return boom
	}, groupSwap("c", "i1", nil))
	require.NoError(t, errs[0])
	require.ErrorIs(t, errs[1], boom)
	require.NoError(t, errs[2])
	require.Equal(t, int64(1), p.locked.reruns.Load()-reruns, "the group ran again")
	requireSwapped(t, p, "a", "i1")
	requireSwapped(t, p, "c", "i1")
	requireShard(t, p, 2)
}

// TestPostgresGroupWritesOrderTakenMeanwhile: when another transaction inserts the order
// a swap kept back for its group's statement, the group runs again and that swap finds
// the order; the others are written once.
func TestPostgresGroupWritesOrderTakenMeanwhile(t *testing.T) {
	env := newGroupEnv(t)
	p := env.p
	ctx := context.Background()
	inserted := 0
	errs := env.inOneGroup(t, groupSwap("a", "i1", nil), groupSwapThen("b", "i1", nil, func() error {
		// A retry of b's swap on another replica inserts its order now, after b's reads.
		inserted++
		o := swapOrder("i1")
		_, err := p.db.ExecContext(ctx, `INSERT INTO offchain_orders (account_id, kind, instruction_id, order_type, selling_asset,
			buying_asset, amount_to_sell, status, request_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
			"b", o.Kind, o.InstructionID, o.OrderType, o.SellingAsset, o.BuyingAsset, "1", o.Status, o.RequestHash, int64(2000))
		return err
	}), groupSwap("c", "i1", nil))
	require.Equal(t, []error{nil, nil, nil}, errs)
	require.Equal(t, 1, inserted, "b's second run found the order")
	requireSwapped(t, p, "a", "i1")
	requireSwapped(t, p, "c", "i1")
	_, err := p.LedgerEntryByKey(ctx, "swap:b:i1")
	require.ErrorIs(t, err, ErrNotFound, "b's swap found its order and wrote nothing")
	requireShard(t, p, 2)
}
