package offchain

import (
	"context"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Store is what a Service reads and writes. The settler's limit-order matcher runs a
// Service on a store fenced by its lease (election.Fenced), which must fence every write
// added here; writes made through InTx are fenced by InTx.
type Store interface {
	ledger.Store
	store.OffchainAccounts
	GetAccount(ctx context.Context, id string) (store.Account, error)
	WithdrawalAddresses(ctx context.Context, accountID string) ([]store.WithdrawalAddress, error)
	LedgerBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	LedgerEntries(ctx context.Context, q store.LedgerQuery) ([]store.LedgerEntry, error)
	LedgerEntryByKey(ctx context.Context, key string) (store.LedgerEntry, error)
	OffchainWithdrawal(ctx context.Context, accountID, instructionID string) (store.OffchainWithdrawal, error)
	OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (store.OffchainOrder, error)
	OffchainOrderByID(ctx context.Context, accountID string, id int64) (store.OffchainOrder, error)
	OffchainOrderHistory(ctx context.Context, q store.OrderHistoryQuery) ([]store.OffchainOrder, error)
	OpenLimitOrders(ctx context.Context, afterID int64, limit int) ([]store.OffchainOrder, error)
	Quote(ctx context.Context, accountID, instructionID string) (store.RFQQuote, error)
	AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error)
	SetAccountCommission(ctx context.Context, c store.AccountCommission) error
	IntroducerRelationships(ctx context.Context, accountID string) ([]store.IntroducerRelationship, error)
	IntroducerRevenues(ctx context.Context, q store.RevenueQuery) ([]store.IntroducerRevenue, error)
	PutIntroducer(ctx context.Context, r store.IntroducerRelationship) error
}
