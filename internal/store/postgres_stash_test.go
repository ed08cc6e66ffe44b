package store

import (
	"context"
	"fmt"
	"math/big"
	"testing"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/internal/outbox"
	"github.com/dtwgate/dtwgate/internal/store/pgtest"
)

// stashEnv is a PostgreSQL store with account "a" funded with 7 ETH by the house's
// shard 0, and what a swap of a writes.
type stashEnv struct {
	p     *Postgres
	claim HouseClaim
}

func newStashEnv(t *testing.T) stashEnv {
	t.Helper()
	ctx := context.Background()
	p, err := OpenPostgres(ctx, pgtest.Start(t))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, p.Close()) })
	at := time.UnixMilli(1000)
	require.NoError(t, p.CreateAccount(ctx, Account{ID: "a", CreatedAt: at}))
	_, err = p.InsertLedgerEntry(ctx, LedgerEntry{ExternalKey: "fund", Kind: "DEPOSIT", AccountID: "a", CreatedAt: at, Postings: []LedgerPosting{
		{Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(7)},
		{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(-7)},
	}})
	require.NoError(t, err)
	return stashEnv{p: p, claim: HouseClaim{Shards: []int{0}, Books: []string{"house:inventory/0"}, Asset: "USD"}}
}

func swapOrder(instructionID string) OffchainOrder {
	return OffchainOrder{AccountID: "a", Kind: OrderKindSwap, InstructionID: instructionID, OrderType: OrderTypeMarket,
		SellingAsset: "ETH", BuyingAsset: "USD", AmountToSell: decimal.NewFromInt(1), QuantitySold: decimal.NewFromInt(1),
		QuantityBought: decimal.NewFromInt(3000), Price: decimal.NewFromInt(3000), Status: OrderSettled, RequestHash: "h",
		CreatedAt: time.UnixMilli(2000)}
}

func swapEntry(instructionID string, orderID int64) LedgerEntry {
	ev := outbox.Row{Kind: "ORDER_CLOSED", Source: "OFFCHAIN", AccountID: "a", Payload: []byte(`{}`)}
	return LedgerEntry{ExternalKey: "swap:a:" + instructionID, Kind: "TRADE", AccountID: "a", CreatedAt: time.UnixMilli(2000),
		Meta: []byte(fmt.Sprintf(`{"orderId":%d}`, orderID)), Event: &ev, Postings: []LedgerPosting{
			{Book: "user:a", Asset: "ETH", Amount: decimal.NewFromInt(-1)},
			{Book: "house:inventory/0", Asset: "ETH", Amount: decimal.NewFromInt(1)},
			{Book: "user:a", Asset: "USD", Amount: decimal.NewFromInt(3000)},
			{Book: "house:inventory/0", Asset: "USD", Amount: decimal.NewFromInt(-3000)},
		}}
}

// TestPostgresSwapOrderRidesWithItsEntry: a swap's order and receipt are inserted by its
// ledger entry's statement, with the ids its reads took: the swap is its reads (with
// BEGIN), the entry with the order and the receipt, and COMMIT, three round trips (five
// with the order's and the receipt's own), and writes the order, the entry, its postings,
// balances and event, and the receipt; the entry's balances of the account's book are
// answered before its statement runs.
func TestPostgresSwapOrderRidesWithItsEntry(t *testing.T) {
	ctx := RowLocked(context.Background())
	env := newStashEnv(t)
	p := env.p
	var (
		orderID int64
		entry   LedgerEntry
	)
	before := p.RoundTrips()
	require.NoError(t, p.InTx(ctx, func(tx Tx) error {
		r, err := tx.TraderReadsLocking(ctx, "a", "OFFCHAIN", "user:a", OrderKindSwap, "i1", env.claim)
		if err != nil {
			return err
		}
		if r.OrderID != 0 {
			return fmt.Errorf("an order before the swap: %d", r.OrderID)
		}
		if orderID, err = tx.CreateOffchainOrder(ctx, swapOrder("i1")); err != nil {
			return err
		}
		if entry, err = tx.InsertLedgerEntry(ctx, swapEntry("i1", orderID)); err != nil {
			return err
		}
		return tx.InsertReceipt(ctx, StoredReceipt{AccountID: "a", Seq: 1, EntryID: entry.ID, Kind: "TRADE", Reference: "i1",
			CreatedAt: time.UnixMilli(2000), Body: []byte(`{}`), Hash: common.BigToHash(big.NewInt(1))})
	}))
	require.Equal(t, int64(3), p.RoundTrips()-before, "round trips: the reads with BEGIN, the order, entry and receipt, COMMIT")
	receipts, err := p.ReceiptsAfter(ctx, "a", 0, 10)
	require.NoError(t, err)
	require.Len(t, receipts, 1)
	require.Equal(t, entry.ID, receipts[0].EntryID, "the receipt of the entry, with the id its reads took")
	o, err := p.OffchainOrder(ctx, "a", OrderKindSwap, "i1")
	require.NoError(t, err)
	require.Equal(t, orderID, o.ID, "the order has the id its reads took")
	require.True(t, o.QuantityBought.Equal(decimal.NewFromInt(3000)) && o.Status == OrderSettled, "order: %+v", o)
	require.Equal(t, decimal.NewFromInt(6).String(), entry.Balances["user:a"]["ETH"].String())
	got, err := p.LedgerEntryByKey(ctx, "swap:a:i1")
	require.NoError(t, err)
	require.Len(t, got.Postings, 4)
	require.Equal(t, entry.ID, got.ID, "the entry has the id its reads took")
	bal, err := p.LedgerBalance(ctx, "user:a", "USD")
	require.NoError(t, err)
	require.Equal(t, "3000", bal.String())
	events, err := p.Events(ctx, 0, 10)
	require.NoError(t, err)
	kinds := []string{}
	for _, e := range events {
		kinds = append(kinds, string(e.Kind))
	}
	require.Contains(t, kinds, "ORDER_CLOSED", "the entry's event")

	// Another swap whose order is sent before its entry, by another statement of the
	// unit: the unit reads its order.
	require.NoError(t, p.InTx(ctx, func(tx Tx) error {
		if _, err := tx.TraderReadsLocking(ctx, "a", "OFFCHAIN", "user:a", OrderKindSwap, "i2", env.claim); err != nil {
			return err
		}
		if orderID, err = tx.CreateOffchainOrder(ctx, swapOrder("i2")); err != nil {
			return err
		}
		o, err := tx.OffchainOrder(ctx, "a", OrderKindSwap, "i2")
		if err != nil {
			return err
		}
		if o.ID != orderID {
			return fmt.Errorf("order read back: got %d, want %d", o.ID, orderID)
		}
		return nil
	}))
	o, err = p.OffchainOrder(ctx, "a", OrderKindSwap, "i2")
	require.NoError(t, err)
	require.Equal(t, orderID, o.ID, "an order kept back and then sent on its own")

	// A unit that ends with its order kept back sends it before its commit.
	require.NoError(t, p.InTx(ctx, func(tx Tx) error {
		if _, err := tx.TraderReadsLocking(ctx, "a", "OFFCHAIN", "user:a", OrderKindSwap, "i3", env.claim); err != nil {
			return err
		}
		orderID, err = tx.CreateOffchainOrder(ctx, swapOrder("i3"))
		return err
	}))
	o, err = p.OffchainOrder(ctx, "a", OrderKindSwap, "i3")
	require.NoError(t, err)
	require.Equal(t, orderID, o.ID, "an order kept back until the unit's end")
}

// TestPostgresKeptBackOrderTakenMeanwhile: when another transaction inserts the order a
// swap kept back, after the swap read that there was none, the swap writes nothing of its
// own and runs again, and its second run finds that order: one order, no entry, whether
// the order was to go with the entry's statement or on its own before another statement.
func TestPostgresKeptBackOrderTakenMeanwhile(t *testing.T) {
	for _, tc := range []struct {
		name string
		// next is what the unit does after CreateOffchainOrder.
		next func(ctx context.Context, tx Tx, orderID int64) error
	}{
		{"with the entry", func(ctx context.Context, tx Tx, orderID int64) error {
			_, err := tx.InsertLedgerEntry(ctx, swapEntry("i1", orderID))
			return err
		}},
		{"before another statement", func(ctx context.Context, tx Tx, _ int64) error {
			_, err := tx.LedgerBalances(ctx, "user:a")
			return err
		}},
		{"with the entry, before a row read", func(ctx context.Context, tx Tx, orderID int64) error {
			if _, err := tx.InsertLedgerEntry(ctx, swapEntry("i1", orderID)); err != nil {
				return err
			}
			// A read of one row (QueryRowContext) sends the entry kept back, which writes
			// nothing: the unit must still run again, not go on and commit without it.
			_, err := tx.LedgerBalance(ctx, "user:a", "ETH")
			return err
		}},
		{"at the unit's end", func(context.Context, Tx, int64) error { return nil }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ctx := RowLocked(context.Background())
			env := newStashEnv(t)
			p := env.p
			runs, theirs := 0, int64(0)
			require.NoError(t, p.InTx(ctx, func(tx Tx) error {
				runs++
				r, err := tx.TraderReadsLocking(ctx, "a", "OFFCHAIN", "user:a", OrderKindSwap, "i1", env.claim)
				if err != nil {
					return err
				}
				if r.OrderID != 0 { // the second run: the order is there
					theirs = r.OrderID
					return nil
				}
				// Another transaction (a retry of the same swap) inserts the order now.
				o := swapOrder("i1")
				if _, err := p.db.ExecContext(ctx, `INSERT INTO offchain_orders (account_id, kind, instruction_id, order_type, selling_asset,
					buying_asset, amount_to_sell, status, request_hash, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)`,
					o.AccountID, o.Kind, o.InstructionID, o.OrderType, o.SellingAsset, o.BuyingAsset, "1", o.Status, o.RequestHash, int64(2000)); err != nil {
					return fmt.Errorf("the other transaction's order: %w", err)
				}
				id, err := tx.CreateOffchainOrder(ctx, o)
				if err != nil {
					return err
				}
				return tc.next(ctx, tx, id)
			}))
			require.Equal(t, 2, runs, "the unit ran again")
			o, err := p.OffchainOrder(ctx, "a", OrderKindSwap, "i1")
			require.NoError(t, err)
			require.Equal(t, theirs, o.ID, "the second run found the other transaction's order")
			_, err = p.LedgerEntryByKey(ctx, "swap:a:i1")
			require.ErrorIs(t, err, ErrNotFound, "nothing of the first run was written")
			bal, err := p.LedgerBalance(ctx, "user:a", "ETH")
			require.NoError(t, err)
			require.Equal(t, "7", bal.String())
		})
	}
}
