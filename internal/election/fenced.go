package election

import (
	"context"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/shopspring/decimal"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Fenced is the store of the work of one lease term: the settler of a chain (its
// follower, engine, journaled sender and custody) and the OFFCHAIN limit-order matcher
// are given nothing else. Its InTx, and every write it offers, first checks the lease's
// token in the same transaction (store.Leases.CheckLease) and fails with store.ErrFenced,
// writing nothing, once the token is no longer current or the lease expired. Reads pass
// through unchecked.
//
// Fenced implements the stores of those consumers (engine.Store and
// offchain.BalancesStore; custody.Store and offchain.TradingStore through Narrow, whose
// units of work hand each its narrow Tx: internal/app checks it) and embeds nothing:
// every method is written out below, so a write added to a consumer's store does not
// compile until it is written out here, and TestFencedWrites fails until it is listed
// there as a fenced write.
//
// The sender journals a transaction before it broadcasts it, and broadcasts nothing whose
// journal insert failed; so a process that lost its lease can neither journal nor send a
// new transaction, and the new leader resumes from a journal that has everything the old
// one sent.
type Fenced struct {
	st    store.Store
	lease string
	token int64
	now   func() time.Time
}

// Fence returns st fenced by the lease term (lease, token); now is the clock of the lease
// times (nil: time.Now).
func Fence(st store.Store, lease string, token int64, now func() time.Time) *Fenced {
	if now == nil {
		now = time.Now
	}
	return &Fenced{st: st, lease: lease, token: token, now: now}
}

// Check fails with store.ErrFenced once the term's token is no longer current or its
// lease expired.
func (f *Fenced) Check(ctx context.Context) error {
	return f.InTx(ctx, func(store.Tx) error { return nil })
}

// Signer returns s fenced by the term: it signs only after Check passed, so an ex-leader
// does not ask its key (a Vault server, say) for signatures. The journal's check is what
// guarantees that nothing it signs after losing the lease is sent.
func (f *Fenced) Signer(s chain.TxSigner) chain.TxSigner { return fencedSigner{TxSigner: s, f: f} }

type fencedSigner struct {
	chain.TxSigner
	f *Fenced
}

// SignTx implements chain.TxSigner.
func (s fencedSigner) SignTx(ctx context.Context, tx *types.Transaction, chainID *big.Int) (*types.Transaction, error) {
	if err := s.f.Check(ctx); err != nil {
		return nil, err
	}
	return s.TxSigner.SignTx(ctx, tx, chainID)
}

// InTx runs fn after the lease check, in the check's transaction: every write fn makes
// through tx commits only if the term still held the lease when it began, and the check
// locks the lease row until the commit, so no other holder takes it meanwhile.
func (f *Fenced) InTx(ctx context.Context, fn func(tx store.Tx) error) error {
	return f.st.InTx(ctx, func(tx store.Tx) error {
		if err := tx.CheckLease(ctx, f.lease, f.token, f.now()); err != nil {
			return err
		}
		return fn(tx)
	})
}

// The writes: each runs in InTx, so it checks the lease in its own transaction.

// ApplyBlocks implements chain.FollowerStore: a write, fenced.
func (f *Fenced) ApplyBlocks(ctx context.Context, source string, refs []chain.BlockRef, events []dtw.Event, keep int) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.ApplyBlocks(ctx, source, refs, events, keep) })
}

// RollbackFrom implements chain.FollowerStore: a write, fenced.
func (f *Fenced) RollbackFrom(ctx context.Context, source string, number uint64) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.RollbackFrom(ctx, source, number) })
}

// InsertTx implements chain.Journal: a write, fenced.
func (f *Fenced) InsertTx(ctx context.Context, t chain.JournalTx) (id int64, err error) {
	err = f.InTx(ctx, func(tx store.Tx) error {
		id, err = tx.InsertTx(ctx, t)
		return err
	})
	return id, err
}

// SetTxState implements chain.Journal: a write, fenced.
func (f *Fenced) SetTxState(ctx context.Context, id int64, state chain.TxState, block uint64) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetTxState(ctx, id, state, block) })
}

// ReopenFrom implements chain.Journal: a write, fenced.
func (f *Fenced) ReopenFrom(ctx context.Context, source string, sender common.Address, nonce uint64) (n int64, err error) {
	err = f.InTx(ctx, func(tx store.Tx) error {
		n, err = tx.ReopenFrom(ctx, source, sender, nonce)
		return err
	})
	return n, err
}

// PutOrderReturn implements engine.Store: a write, fenced.
func (f *Fenced) PutOrderReturn(ctx context.Context, r store.OrderReturn) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutOrderReturn(ctx, r) })
}

// FailRelayRequest implements engine.Store: a write, fenced.
func (f *Fenced) FailRelayRequest(ctx context.Context, id int64, from, reason string) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.FailRelayRequest(ctx, id, from, reason) })
}

// PutSettlerHead implements engine.Store: a write, fenced.
func (f *Fenced) PutSettlerHead(ctx context.Context, h store.SettlerHead) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutSettlerHead(ctx, h) })
}

// PutInventory implements engine.Store: a write, fenced.
func (f *Fenced) PutInventory(ctx context.Context, inv store.Inventory) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutInventory(ctx, inv) })
}

// SetForwarderDeployed implements custody.Store: a write, fenced.
func (f *Fenced) SetForwarderDeployed(ctx context.Context, source string, address common.Address, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetForwarderDeployed(ctx, source, address, at) })
}

// ClearSweep implements custody.Store: a write, fenced.
func (f *Fenced) ClearSweep(ctx context.Context, source string, address, token common.Address) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.ClearSweep(ctx, source, address, token) })
}

// SetOffchainWithdrawalStatus implements custody.Store: a write, fenced.
func (f *Fenced) SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error {
		return tx.SetOffchainWithdrawalStatus(ctx, accountID, instructionID, from, to, txHash, reason, at)
	})
}

// SetAccountSetting implements offchain.BalancesStore: a write, fenced.
func (f *Fenced) SetAccountSetting(ctx context.Context, accountID, settingType, value string, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetAccountSetting(ctx, accountID, settingType, value, at) })
}

// The reads pass through: a read of an ex-leader changes nothing.

// RecentBlocks implements chain.FollowerStore: a read, not fenced.
func (f *Fenced) RecentBlocks(ctx context.Context, source string, n int) ([]chain.BlockRef, error) {
	return f.st.RecentBlocks(ctx, source, n)
}

// OpenTxs implements chain.Journal: a read, not fenced.
func (f *Fenced) OpenTxs(ctx context.Context, source string, sender common.Address) ([]chain.JournalTx, error) {
	return f.st.OpenTxs(ctx, source, sender)
}

// MaxNonce implements chain.Journal: a read, not fenced.
func (f *Fenced) MaxNonce(ctx context.Context, source string, sender common.Address) (nonce uint64, ok bool, err error) {
	return f.st.MaxNonce(ctx, source, sender)
}

// OpenOrders implements engine.Store: a read, not fenced.
func (f *Fenced) OpenOrders(ctx context.Context, source string) ([]dtw.Event, error) {
	return f.st.OpenOrders(ctx, source)
}

// OpenCancelRequests implements engine.Store: a read, not fenced.
func (f *Fenced) OpenCancelRequests(ctx context.Context, source string) ([]dtw.Event, error) {
	return f.st.OpenCancelRequests(ctx, source)
}

// Order implements engine.Store: a read, not fenced.
func (f *Fenced) Order(ctx context.Context, source string, orderID uint64) (store.ChainOrder, error) {
	return f.st.Order(ctx, source, orderID)
}

// UncheckedCloses implements engine.Store: a read, not fenced.
func (f *Fenced) UncheckedCloses(ctx context.Context, source string) ([]dtw.Event, error) {
	return f.st.UncheckedCloses(ctx, source)
}

// RelayByNonce implements engine.Store: a read, not fenced.
func (f *Fenced) RelayByNonce(ctx context.Context, source string, trader common.Address, nonce string) (store.Relay, error) {
	return f.st.RelayByNonce(ctx, source, trader, nonce)
}

// PendingRelayRequests implements engine.Store: a read, not fenced.
func (f *Fenced) PendingRelayRequests(ctx context.Context, source string, limit int) ([]store.Relay, error) {
	return f.st.PendingRelayRequests(ctx, source, limit)
}

// DepositAddresses implements custody.Store: a read, not fenced.
func (f *Fenced) DepositAddresses(ctx context.Context, source string) ([]store.DepositAddress, error) {
	return f.st.DepositAddresses(ctx, source)
}

// CustodyCursor implements custody.Store: a read, not fenced.
func (f *Fenced) CustodyCursor(ctx context.Context, source string) (block uint64, hash common.Hash, ok bool, err error) {
	return f.st.CustodyCursor(ctx, source)
}

// SweepsDue implements custody.Store: a read, not fenced.
func (f *Fenced) SweepsDue(ctx context.Context, source string, limit int) ([]store.Sweep, error) {
	return f.st.SweepsDue(ctx, source, limit)
}

// JournalRef implements custody.Store: a read, not fenced.
func (f *Fenced) JournalRef(ctx context.Context, source, ref string) (chain.JournalTx, error) {
	return f.st.JournalRef(ctx, source, ref)
}

// TxsAtNonce implements custody.Store: a read, not fenced.
func (f *Fenced) TxsAtNonce(ctx context.Context, source string, sender common.Address, nonce uint64) ([]chain.JournalTx, error) {
	return f.st.TxsAtNonce(ctx, source, sender, nonce)
}

// RelaysToFail implements engine.Store: a read, not fenced.
func (f *Fenced) RelaysToFail(ctx context.Context, source string) ([]store.RelayFailure, error) {
	return f.st.RelaysToFail(ctx, source)
}

// CustodyDepositsFrom implements custody.Store: a read, not fenced.
func (f *Fenced) CustodyDepositsFrom(ctx context.Context, source string, from uint64) ([]store.CustodyDeposit, error) {
	return f.st.CustodyDepositsFrom(ctx, source, from)
}

// MissingCustodyDeposits implements custody.Store: a read, not fenced.
func (f *Fenced) MissingCustodyDeposits(ctx context.Context, source string) ([]store.CustodyDeposit, error) {
	return f.st.MissingCustodyDeposits(ctx, source)
}

// CustodyBlocks implements custody.Store: a read, not fenced.
func (f *Fenced) CustodyBlocks(ctx context.Context, source string, below uint64, limit int) ([]chain.BlockRef, error) {
	return f.st.CustodyBlocks(ctx, source, below, limit)
}

// CustodyReorgOf implements custody.Store: a read, not fenced.
func (f *Fenced) CustodyReorgOf(ctx context.Context, source string) (store.CustodyReorg, error) {
	return f.st.CustodyReorgOf(ctx, source)
}

// CustodyRescanOf implements custody.Store: a read, not fenced.
func (f *Fenced) CustodyRescanOf(ctx context.Context, source string) (store.CustodyRescan, error) {
	return f.st.CustodyRescanOf(ctx, source)
}

// OffchainWithdrawalsAfter implements custody.Store: a read, not fenced.
func (f *Fenced) OffchainWithdrawalsAfter(ctx context.Context, kind, location, status string, after store.WithdrawalPosition, limit int) ([]store.OffchainWithdrawal, error) {
	return f.st.OffchainWithdrawalsAfter(ctx, kind, location, status, after, limit)
}

// OffchainWithdrawalsByStatus implements custody.Store: a read, not fenced.
func (f *Fenced) OffchainWithdrawalsByStatus(ctx context.Context, kind, location, status string, limit int) ([]store.OffchainWithdrawal, error) {
	return f.st.OffchainWithdrawalsByStatus(ctx, kind, location, status, limit)
}

// LedgerBalances implements ledger.Store: a read, not fenced.
func (f *Fenced) LedgerBalances(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return f.st.LedgerBalances(ctx, book)
}

// HeldAmounts implements ledger.Store: a read, not fenced.
func (f *Fenced) HeldAmounts(ctx context.Context, book string) (map[string]decimal.Decimal, error) {
	return f.st.HeldAmounts(ctx, book)
}

// LedgerBook implements ledger.Store: a read, not fenced.
func (f *Fenced) LedgerBook(ctx context.Context, book string) (balances, held map[string]decimal.Decimal, err error) {
	return f.st.LedgerBook(ctx, book)
}

// AccountSettings implements offchain.BalancesStore: a read, not fenced.
func (f *Fenced) AccountSettings(ctx context.Context, accountID string) (map[string]string, error) {
	return f.st.AccountSettings(ctx, accountID)
}

// GetAccount implements offchain.BalancesStore: a read, not fenced.
func (f *Fenced) GetAccount(ctx context.Context, id string) (store.Account, error) {
	return f.st.GetAccount(ctx, id)
}

// HouseBalance implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) HouseBalance(ctx context.Context, book, asset string) (decimal.Decimal, error) {
	return f.st.HouseBalance(ctx, book, asset)
}

// LedgerEntries implements offchain.BalancesStore: a read, not fenced.
func (f *Fenced) LedgerEntries(ctx context.Context, q store.LedgerQuery) ([]store.LedgerEntry, error) {
	return f.st.LedgerEntries(ctx, q)
}

// OffchainOrder implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) OffchainOrder(ctx context.Context, accountID, kind, instructionID string) (store.OffchainOrder, error) {
	return f.st.OffchainOrder(ctx, accountID, kind, instructionID)
}

// OffchainOrderByID implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) OffchainOrderByID(ctx context.Context, accountID string, id int64) (store.OffchainOrder, error) {
	return f.st.OffchainOrderByID(ctx, accountID, id)
}

// ReceiptsAfter implements offchain.BalancesStore: a read, not fenced.
func (f *Fenced) ReceiptsAfter(ctx context.Context, accountID string, after uint64, limit int) ([]store.StoredReceipt, error) {
	return f.st.ReceiptsAfter(ctx, accountID, after, limit)
}

// ReceiptsOfEntries implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) ReceiptsOfEntries(ctx context.Context, accountID string, keys []string) (map[string]store.StoredReceipt, error) {
	return f.st.ReceiptsOfEntries(ctx, accountID, keys)
}

// OffchainOrderHistory implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) OffchainOrderHistory(ctx context.Context, q store.OrderHistoryQuery) ([]store.OffchainOrder, error) {
	return f.st.OffchainOrderHistory(ctx, q)
}

// OpenLimitOrders implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) OpenLimitOrders(ctx context.Context, afterID int64, limit int) ([]store.OffchainOrder, error) {
	return f.st.OpenLimitOrders(ctx, afterID, limit)
}

// Quote implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) Quote(ctx context.Context, accountID, instructionID string) (store.RFQQuote, error) {
	return f.st.Quote(ctx, accountID, instructionID)
}

// TraderReads implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) TraderReads(ctx context.Context, accountID, source, book, kind, instructionID string) (store.TraderReads, error) {
	return f.st.TraderReads(ctx, accountID, source, book, kind, instructionID)
}

// SingleWriter implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) SingleWriter() bool { return f.st.SingleWriter() }

// AccountCommissions implements offchain.TradingStore: a read, not fenced.
func (f *Fenced) AccountCommissions(ctx context.Context, accountID, source string) ([]store.AccountCommission, error) {
	return f.st.AccountCommissions(ctx, accountID, source)
}

// OpenInventoryMoves implements inventory.Store: a read.
func (f *Fenced) OpenInventoryMoves(ctx context.Context, source string) ([]store.InventoryMove, error) {
	return f.st.OpenInventoryMoves(ctx, source)
}

// AddInventoryMove implements inventory.Store: a write, fenced.
func (f *Fenced) AddInventoryMove(ctx context.Context, m store.InventoryMove) (int64, error) {
	var id int64
	err := f.InTx(ctx, func(tx store.Tx) error {
		var err error
		id, err = tx.AddInventoryMove(ctx, m)
		return err
	})
	return id, err
}

// SetInventoryMove implements inventory.Store: a write, fenced.
func (f *Fenced) SetInventoryMove(ctx context.Context, id int64, state, txHash, errText string, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetInventoryMove(ctx, id, state, txHash, errText, at) })
}

// PutInventoryPlaces implements inventory.Store: a write, fenced.
func (f *Fenced) PutInventoryPlaces(ctx context.Context, source string, places []store.InventoryPlace) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutInventoryPlaces(ctx, source, places) })
}

// BookBalancesAt implements solvency.Store: a read.
func (f *Fenced) BookBalancesAt(ctx context.Context, prefix string, fn func(book, asset string, balance decimal.Decimal) error) (int64, error) {
	return f.st.BookBalancesAt(ctx, prefix, fn)
}

// LatestReservesSnapshot implements solvency.Store: a read.
func (f *Fenced) LatestReservesSnapshot(ctx context.Context) (store.ReservesSnapshot, error) {
	return f.st.LatestReservesSnapshot(ctx)
}

// ReservesBalances implements solvency.Store: a read.
func (f *Fenced) ReservesBalances(ctx context.Context, snapshotID int64) ([]store.ReservesAssetBalances, error) {
	return f.st.ReservesBalances(ctx, snapshotID)
}

// PutReservesSnapshot implements solvency.Store: a write, fenced.
func (f *Fenced) PutReservesSnapshot(ctx context.Context, s store.ReservesSnapshot, balances []store.ReservesAssetBalances, keep int) (int64, error) {
	var id int64
	err := f.InTx(ctx, func(tx store.Tx) error {
		var err error
		id, err = tx.PutReservesSnapshot(ctx, s, balances, keep)
		return err
	})
	return id, err
}
