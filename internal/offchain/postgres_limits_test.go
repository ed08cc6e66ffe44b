package offchain_test

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/shopspring/decimal"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
)

// TestInventoryLimitUnderGroupsOnPostgres: 16 clients on two replicas swap eur for usdc
// at once, asking for about three times what the house may owe in usdc. Each replica
// commits its swaps in groups whose writes wait for the group's end, so a swap must read
// its house shard's balance with the earlier swaps of its group moved: no shard ever owes
// more than its part of the limit, the house sells at least most of what it may (a swap
// refused is refused for the limit, ErrNotEnoughLiquidity), and the ledger audits clean.
func TestInventoryLimitUnderGroupsOnPostgres(t *testing.T) {
	ctx := context.Background()
	const shards, limit = 4, 60
	stores, services := twoReplicas(t, func(cfg *config.Config) {
		cfg.Offchain.HouseShards = shards
		cfg.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": fmt.Sprint(limit)}
	})
	const clients, swaps = 16, 10
	for i := range clients {
		fundEUR(ctx, t, stores[0], services[0], fmt.Sprintf("acc%d", i), fmt.Sprintf("REF%d", i), "100")
	}
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		bought  = decimal.Zero
		refused int
	)
	for i := range clients {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range swaps {
				o, err := services[i%2].SubmitSwap(ctx, fmt.Sprintf("acc%d", i), api.SwapRequest{InstructionID: fmt.Sprintf("s%d", j),
					SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "1"})
				mu.Lock()
				if err != nil {
					if !assert.ErrorIs(t, err, offchain.ErrNotEnoughLiquidity, "a refused swap") {
						mu.Unlock()
						return
					}
					refused++
				} else {
					bought = bought.Add(decimal.RequireFromString(o.QuantityBought))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	require.Positive(t, refused, "the clients asked for more than the limit")
	owed := decimal.Zero
	for i := range shards {
		bal, err := stores[1].LedgerBalance(ctx, ledger.ShardBook(ledger.BookInventory, i), "usdc")
		require.NoError(t, err)
		part := decimal.NewFromInt(limit / shards)
		require.True(t, bal.GreaterThanOrEqual(part.Neg()), "shard %d owes %s usdc, more than its part %s", i, bal.Neg(), part)
		owed = owed.Sub(bal)
	}
	require.True(t, owed.LessThanOrEqual(decimal.NewFromInt(limit)), "the house owes %s usdc, more than its limit", owed)
	require.True(t, owed.GreaterThanOrEqual(decimal.NewFromInt(limit/2)), "the house sold only %s usdc of its %d", owed, limit)
	require.True(t, owed.GreaterThanOrEqual(bought), "the house's shards paid the %s usdc the swaps bought (owed %s)", bought, owed)
	require.NoError(t, ledger.Audit(ctx, stores[0]))
}
