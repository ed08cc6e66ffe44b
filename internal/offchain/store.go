package offchain

import (
	"context"
	"time"

	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Each service of the package declares the store it uses, and the transaction its units
// of work see: a service cannot reach a table it does not list here. The settler's
// limit-order matcher runs a Trading (and its Balances) on a store fenced by its lease
// (election.Fenced), which must fence every write added to those two; writes made
// through InTx are fenced by InTx.

// BalancesStore is what Balances reads and writes: the ledger's balances and holds, the
// account's valuation asset and credit settings, and its deposit and withdrawal entries.
type BalancesStore interface {
	ledger.Reader
	GetAccount(ctx context.Context, id string) (store.Account, error)
	AccountSettings(ctx context.Context, accountID string) (map[string]string, error)
	SetAccountSetting(ctx context.Context, accountID, settingType, value string, at time.Time) error
	LedgerEntries(ctx context.Context, q store.LedgerQuery) ([]store.LedgerEntry, error)
	ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]store.StoredReceipt, error)
}

// WithdrawalTx is what CompleteTx and ReleaseTx change inside the caller's transaction:
// the withdrawal's status and the ledger.
type WithdrawalTx interface {
	ledger.Tx
	SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error
}

// FundingTx is what a unit of work of Funding reads and writes.
type FundingTx interface {
	WithdrawalTx
	OffchainWithdrawal(ctx context.Context, accountID, instructionID string) (store.OffchainWithdrawal, error)
	CreateOffchainWithdrawal(ctx context.Context, w store.OffchainWithdrawal) error
	JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error)
}

// FundingStore is what Funding reads, and its units of work.
type FundingStore interface {
	ledger.Reader
	GetAccount(ctx context.Context, id string) (store.Account, error)
	AccountByDepositReference(ctx context.Context, ref string) (string, error)
	LedgerEntryByKey(ctx context.Context, key string) (store.LedgerEntry, error)
	WithdrawalAddresses(ctx context.Context, accountID string) ([]store.WithdrawalAddress, error)
	OffchainWithdrawal(ctx context.Context, accountID, instructionID string) (store.OffchainWithdrawal, error)
	store.Units[FundingTx]
}

// TradingTx is what a unit of work of Trading reads and writes: orders, quotes, the
// introducer's share of a commission, and the ledger.
type TradingTx interface {
	ledger.Tx
	TryLockHouseShardBalance(ctx context.Context, shard int, book, asset string) (bool, decimal.Decimal, error)
	LastHouseShard() (int, bool)
	LockHouseShard(ctx context.Context, shard int) error
	HouseBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	GetAccount(ctx context.Context, id string) (store.Account, error)
	AccountSettings(ctx context.Context, accountID string) (map[string]string, error)
	AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error)
	OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (store.OffchainOrder, error)
	TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (store.TraderReads, error)
	TraderReadsLocking(ctx context.Context, accountID, source, book, kind, instructionID string, claim store.HouseClaim) (store.TraderReads, error)
	CreateOffchainOrder(ctx context.Context, o store.OffchainOrder) (int64, error)
	FillOffchainOrder(ctx context.Context, id int64, sold, bought, price, commission decimal.Decimal, at time.Time) error
	CancelOffchainOrder(ctx context.Context, id int64, reason string, at time.Time) error
	Quote(ctx context.Context, accountID, instructionID string) (store.RFQQuote, error)
	CreateQuote(ctx context.Context, q store.RFQQuote) error
	ActionQuote(ctx context.Context, accountID, instructionID string, orderID int64, at time.Time) error
	ActiveIntroducer(ctx context.Context, clientID string) (store.IntroducerRelationship, error)
	AddIntroducerRevenue(ctx context.Context, r store.IntroducerRevenue) error
}

// TradingStore is what Trading reads, and its units of work.
type TradingStore interface {
	ledger.Reader
	HouseBalance(ctx context.Context, book, asset string) (decimal.Decimal, error)
	OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (store.OffchainOrder, error)
	OffchainOrderByID(ctx context.Context, accountID string, id int64) (store.OffchainOrder, error)
	OffchainOrderHistory(ctx context.Context, q store.OrderHistoryQuery) ([]store.OffchainOrder, error)
	OpenLimitOrders(ctx context.Context, afterID int64, limit int) ([]store.OffchainOrder, error)
	Quote(ctx context.Context, accountID, instructionID string) (store.RFQQuote, error)
	AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error)
	TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (store.TraderReads, error)
	SingleWriter() bool
	ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]store.StoredReceipt, error)
	store.Units[TradingTx]
}

// IntroducersStore is what Introducers reads and writes: commissions and introducer
// relationships and revenue.
type IntroducersStore interface {
	GetAccount(ctx context.Context, id string) (store.Account, error)
	SetAccountCommission(ctx context.Context, c store.AccountCommission) error
	PutIntroducer(ctx context.Context, r store.IntroducerRelationship) error
	IntroducerRelationships(ctx context.Context, accountID string) ([]store.IntroducerRelationship, error)
	IntroducerRevenues(ctx context.Context, q store.RevenueQuery) ([]store.IntroducerRevenue, error)
}

var (
	_ FundingTx = store.Tx(nil)
	_ TradingTx = store.Tx(nil)
)
