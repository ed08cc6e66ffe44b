package offchain_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestRandomSwapsInGroupsOnPostgres attacks the swap path where PostgreSQL's group
// commit keeps a group's writes back for one statement at its end: 12 workers on two
// replicas swap at random between eur and usdc for 6 accounts (so an account's swaps
// often share a group), some for more than the account has (refused, rolled back inside a
// group of successful ones), some under a tight usdc inventory limit, and some retried at
// once on the other replica with the same instructionId (an order taken meanwhile). At
// the end: every answered order is one order and one trade, with one receipt; every
// account's receipts run 1..n, each chained to the one before, and its balances are what
// its trades and deposit left (never negative); no house shard owes more than its part of
// the limit; the ledger audits clean. DTW_PG_SWAPS_SEED replays a run's choices (not its
// interleaving).
func TestRandomSwapsInGroupsOnPostgres(t *testing.T) {
	ctx := context.Background()
	seed := testSeed(t, "DTW_PG_SWAPS_SEED") // its choices, not its interleaving
	const shards, usdcLimit = 3, 300
	stores, services := twoReplicas(t, func(cfg *config.Config) {
		cfg.Offchain.HouseShards = shards
		cfg.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": fmt.Sprint(usdcLimit)}
	})
	const accounts, workers, steps = 6, 12, 25
	for i := range accounts {
		fundEUR(ctx, t, stores[0], services[0], fmt.Sprintf("acc%d", i), fmt.Sprintf("REF%d", i), "200")
	}
	type answer struct {
		acct, id string
		order    api.OrderStatus
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		answers []answer
	)
	for w := range workers {
		rng := rand.New(rand.NewPCG(seed, uint64(w)))
		wg.Add(1)
		go func() {
			defer wg.Done()
			for step := range steps {
				acct := fmt.Sprintf("acc%d", rng.IntN(accounts))
				req := api.SwapRequest{InstructionID: fmt.Sprintf("w%d-%d", w, step), SellingAsset: "eur", BuyingAsset: "usdc",
					AmountToSell: strconv.Itoa(1 + rng.IntN(60))}
				if rng.IntN(3) == 0 {
					req.SellingAsset, req.BuyingAsset, req.AmountToSell = "usdc", "eur", strconv.Itoa(1+rng.IntN(40))
				}
				tries := 1
				if rng.IntN(4) == 0 {
					tries = 2 // a retry racing its first try, on the other replica
				}
				var rw sync.WaitGroup
				for k := range tries {
					rw.Add(1)
					go func() {
						defer rw.Done()
						o, err := services[(w+k)%2].SubmitSwap(ctx, acct, req)
						if err != nil {
							if !errors.Is(err, offchain.ErrInsufficientFunds) && !errors.Is(err, offchain.ErrNotEnoughLiquidity) {
								t.Errorf("%s's swap %s: %v", acct, req.InstructionID, err)
							}
							return
						}
						mu.Lock()
						answers = append(answers, answer{acct, req.InstructionID, o})
						mu.Unlock()
					}()
				}
				rw.Wait()
			}
		}()
	}
	wg.Wait()
	require.False(t, t.Failed())

	st := stores[1]
	orders := map[string]string{}
	for _, a := range answers {
		key := a.acct + "/" + a.id
		if id, ok := orders[key]; ok {
			require.Equal(t, id, a.order.OrderID, "a retried swap %s answers one order", key)
			continue
		}
		orders[key] = a.order.OrderID
		o, err := st.OffchainOrder(ctx, a.acct, store.OrderKindSwap, a.id)
		require.NoError(t, err, "answered swap %s", key)
		require.Equal(t, a.order.OrderID, strconv.FormatInt(o.ID, 10))
	}
	require.NotEmpty(t, orders)
	for i := range accounts {
		acct := fmt.Sprintf("acc%d", i)
		trades, err := st.LedgerEntries(ctx, store.LedgerQuery{AccountID: acct, Kinds: []string{ledger.KindTrade}, Limit: 1000})
		require.NoError(t, err)
		receipts, err := st.ReceiptsAfter(ctx, acct, 0, 1000)
		require.NoError(t, err)
		byEntry := map[int64]bool{}
		for j, r := range receipts {
			require.Equal(t, uint64(j+1), r.Seq, "%s's receipt %d", acct, j)
			if j > 0 {
				require.Equal(t, receipts[j-1].Hash, r.Prev, "%s's receipt %d chains to the one before", acct, r.Seq)
			}
			byEntry[r.EntryID] = true
		}
		for _, e := range trades {
			require.True(t, byEntry[e.ID], "%s's trade %s has its receipt", acct, e.ExternalKey)
		}
		for _, asset := range []string{"eur", "usdc"} {
			bal, err := st.LedgerBalance(ctx, ledger.UserBook(acct), asset)
			require.NoError(t, err)
			require.False(t, bal.IsNegative(), "%s's %s: %s", acct, asset, bal)
		}
	}
	for i := range shards {
		bal, err := st.LedgerBalance(ctx, ledger.ShardBook(ledger.BookInventory, i), "usdc")
		require.NoError(t, err)
		require.True(t, bal.GreaterThanOrEqual(decimal.NewFromInt(usdcLimit/shards).Neg()), "shard %d owes %s usdc", i, bal.Neg())
	}
	require.NoError(t, ledger.Audit(ctx, stores[0]))
	t.Logf("%d swaps answered, %d orders", len(answers), len(orders))
}
