package custody

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/offchain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Store is what a Custodian reads and writes. The settler gives it a store fenced by the
// chain's lease (election.Fenced), which must fence every write added here; writes made
// through InTx are fenced by InTx.
type Store interface {
	ledger.Reader
	DepositAddresses(ctx context.Context, source string) ([]store.DepositAddress, error)
	SetForwarderDeployed(ctx context.Context, source string, address common.Address, at time.Time) error
	CustodyCursor(ctx context.Context, source string) (block uint64, hash common.Hash, ok bool, err error)
	SweepsDue(ctx context.Context, source string, limit int) ([]store.Sweep, error)
	ClearSweep(ctx context.Context, source string, address, token common.Address) error
	JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error)
	TxsAtNonce(ctx context.Context, source string, sender common.Address, nonce uint64) ([]chain.JournalTx, error)
	OffchainWithdrawalsByStatus(ctx context.Context, kind, location, status string, limit int) ([]store.OffchainWithdrawal, error)
	CustodyDepositsFrom(ctx context.Context, source string, from uint64) ([]store.CustodyDeposit, error)
	MissingCustodyDeposits(ctx context.Context, source string) ([]store.CustodyDeposit, error)
	CustodyBlocks(ctx context.Context, source string, below uint64, limit int) ([]chain.BlockRef, error)
	CustodyReorgOf(ctx context.Context, source string) (store.CustodyReorg, error)
	CustodyRescanOf(ctx context.Context, source string) (store.CustodyRescan, error)
	OffchainWithdrawalsAfter(ctx context.Context, kind, location, status string, after store.WithdrawalPosition, limit int) ([]store.OffchainWithdrawal, error)
	SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error
	store.Units[Tx]
}

// Tx is what a unit of work of a Custodian reads and writes: the custody rows (cursor,
// deposits, reorgs, sweeps), and withdrawals and the ledger (offchain.WithdrawalTx).
type Tx interface {
	offchain.WithdrawalTx
	SetCustodyCursor(ctx context.Context, source string, block uint64, hash common.Hash) error
	MarkSweep(ctx context.Context, s store.Sweep) error
	SetSweepRef(ctx context.Context, source, ref string, marks []store.Sweep) error
	ClearSweepRef(ctx context.Context, source, ref string) (int64, error)
	RetrySweepRef(ctx context.Context, source, ref string, retryAt time.Time) (int64, error)
	PutCustodyDeposit(ctx context.Context, d store.CustodyDeposit) error
	CustodyDepositOf(ctx context.Context, d store.CustodyDeposit) (store.CustodyDeposit, error)
	CustodyLedgerKeyUsed(ctx context.Context, source, key string) (bool, error)
	SetCustodyDepositSeen(ctx context.Context, d store.CustodyDeposit) error
	PutCustodyReorg(ctx context.Context, r store.CustodyReorg) error
	DeleteCustodyReorg(ctx context.Context, source string) error
	DeleteCustodyRescan(ctx context.Context, r store.CustodyRescan) error
}

var _ Tx = store.Tx(nil)

// AddressesStore is what Addresses reads and writes: the accounts' deposit addresses.
type AddressesStore interface {
	DepositAddressOf(ctx context.Context, source, accountID string) (store.DepositAddress, error)
	PutDepositAddress(ctx context.Context, a store.DepositAddress) error
}
