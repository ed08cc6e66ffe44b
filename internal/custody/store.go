package custody

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/ledger"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Store is what a Custodian reads and writes. The settler gives it a store fenced by the
// chain's lease (election.Fenced), which must fence every write added here; writes made
// through InTx are fenced by InTx.
type Store interface {
	ledger.Store
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
}
