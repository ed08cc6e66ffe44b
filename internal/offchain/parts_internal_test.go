package offchain

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/internal/config"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/pricing"
	"github.com/dtwgate/dtwgate/internal/store"
)

// TestSwapReceiptPartsAreItsReceipts: the receipt parts a market swap hashes beside the
// one writer (receiptParts, from its account's reads and the price) are those of the
// receipt its transaction writes, commission and all, swap after swap: the writer then
// hashes none of them again.
func TestSwapReceiptPartsAreItsReceipts(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	require.NoError(t, os.Chmod(dir, 0o700))
	st, err := store.OpenSQLite(ctx, filepath.Join(dir, "gw.db"))
	require.NoError(t, err)
	t.Cleanup(func() { require.NoError(t, st.Close()) })
	cfg := config.Default()
	cfg.DataDir = dir
	cfg.Offchain.Assets = []config.OffchainAsset{{ID: "eur", Decimals: 2, Fiat: true}, {ID: "usdc", Decimals: 6}}
	cfg.Offchain.Banks = []config.Bank{{Name: "eur-main", Asset: "eur", AccountName: "House", IBAN: "DE89370400440532013000"}}
	cfg.Offchain.InventoryLimits = map[string]string{"eur": "100000", "usdc": "100000"}
	book, err := pricing.NewBook(pricing.Config{Prices: map[string]string{"eur": "1.1", "usdc": "1"}, CommissionBps: 25})
	require.NoError(t, err)
	bal := NewBalances(cfg, st, book, nil)
	funding := NewFunding(cfg, store.Narrow[FundingTx](st), bal, nil)
	trading := NewTrading(cfg, store.Narrow[TradingTx](st), bal, book, nil)
	require.NoError(t, st.CreateAccount(ctx, store.Account{ID: "acc", CreatedAt: time.Now()}))
	ref, err := st.DepositReference(ctx, "acc", "REFPARTS", time.Now())
	require.NoError(t, err)
	_, err = funding.BookBankDeposit(ctx, BankDeposit{Reference: ref, Asset: "eur", Amount: "1000", TransferID: "t1"})
	require.NoError(t, err)
	for i := range 3 {
		req := api.SwapRequest{InstructionID: fmt.Sprintf("s%d", i), SellingAsset: "eur", BuyingAsset: "usdc", AmountToSell: "12.34"}
		o, err := trading.parseSwap("acc", req)
		require.NoError(t, err)
		reads, err := st.TraderReads(ctx, "acc", Source, ledger.UserBook("acc"), store.OrderKindSwap, req.InstructionID)
		require.NoError(t, err)
		parts := trading.receiptParts(ctx, o, reads)
		require.NotNil(t, parts)
		v, err := trading.SubmitSwap(ctx, "acc", req)
		require.NoError(t, err)
		require.NotNil(t, v.Receipt)
		require.True(t, parts.Of(v.Receipt.Receipt), "swap %d: parts hashed before are its receipt's: %+v", i, v.Receipt.Receipt)
	}
}
