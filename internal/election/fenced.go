package election

import (
	"context"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
	"github.com/dtwgate/dtwgate/internal/store"
)

// Fenced is a store.Store for the work of one lease term: InTx, and every write that the
// settler of a chain (follower, engine, sender, custody) and the OFFCHAIN matcher make
// outside InTx, first check the lease's token in the same transaction
// (store.Leases.CheckLease) and fail with store.ErrFenced, writing nothing, once the token
// is no longer current or the lease expired. Reads, and the writes of other concepts (the
// API's), pass through unchecked.
//
// The sender journals a transaction before it broadcasts it, and broadcasts nothing whose
// journal insert failed; so a process that lost its lease can neither journal nor send a
// new transaction, and the new leader resumes from a journal that has everything the old
// one sent.
type Fenced struct {
	store.Store
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
	return &Fenced{Store: st, lease: lease, token: token, now: now}
}

var _ store.Store = (*Fenced)(nil)

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

// InTx implements store.Store: fn runs after the lease check, in its transaction.
func (f *Fenced) InTx(ctx context.Context, fn func(tx store.Tx) error) error {
	return f.Store.InTx(ctx, func(tx store.Tx) error {
		if err := tx.CheckLease(ctx, f.lease, f.token, f.now()); err != nil {
			return err
		}
		return fn(tx)
	})
}

// InsertTx implements chain.Journal.
func (f *Fenced) InsertTx(ctx context.Context, t chain.JournalTx) (id int64, err error) {
	err = f.InTx(ctx, func(tx store.Tx) error {
		id, err = tx.InsertTx(ctx, t)
		return err
	})
	return id, err
}

// SetTxState implements chain.Journal.
func (f *Fenced) SetTxState(ctx context.Context, id int64, state chain.TxState, block uint64) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetTxState(ctx, id, state, block) })
}

// ReopenFrom implements chain.Journal.
func (f *Fenced) ReopenFrom(ctx context.Context, source string, sender common.Address, nonce uint64) (n int64, err error) {
	err = f.InTx(ctx, func(tx store.Tx) error {
		n, err = tx.ReopenFrom(ctx, source, sender, nonce)
		return err
	})
	return n, err
}

// ApplyBlocks implements chain.FollowerStore.
func (f *Fenced) ApplyBlocks(ctx context.Context, source string, refs []chain.BlockRef, events []dtw.Event, keep int) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.ApplyBlocks(ctx, source, refs, events, keep) })
}

// RollbackFrom implements chain.FollowerStore.
func (f *Fenced) RollbackFrom(ctx context.Context, source string, number uint64) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.RollbackFrom(ctx, source, number) })
}

// PutOrderReturn implements store.ChainEvents.
func (f *Fenced) PutOrderReturn(ctx context.Context, r store.OrderReturn) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutOrderReturn(ctx, r) })
}

// PutSettlerHead implements store.SettlerStore.
func (f *Fenced) PutSettlerHead(ctx context.Context, h store.SettlerHead) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutSettlerHead(ctx, h) })
}

// PutInventory implements store.SettlerStore.
func (f *Fenced) PutInventory(ctx context.Context, inv store.Inventory) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.PutInventory(ctx, inv) })
}

// FailRelayRequest implements store.SettlerStore.
func (f *Fenced) FailRelayRequest(ctx context.Context, id int64, reason string) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.FailRelayRequest(ctx, id, reason) })
}

// SetForwarderDeployed implements store.Custody.
func (f *Fenced) SetForwarderDeployed(ctx context.Context, source string, address common.Address, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetForwarderDeployed(ctx, source, address, at) })
}

// SetCustodyCursor implements store.Custody.
func (f *Fenced) SetCustodyCursor(ctx context.Context, source string, block uint64, hash common.Hash) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.SetCustodyCursor(ctx, source, block, hash) })
}

// MarkSweep implements store.Custody.
func (f *Fenced) MarkSweep(ctx context.Context, s store.Sweep) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.MarkSweep(ctx, s) })
}

// ClearSweep implements store.Custody.
func (f *Fenced) ClearSweep(ctx context.Context, source string, address, token common.Address) error {
	return f.InTx(ctx, func(tx store.Tx) error { return tx.ClearSweep(ctx, source, address, token) })
}

// SetOffchainWithdrawalStatus implements store.OffchainWithdrawals.
func (f *Fenced) SetOffchainWithdrawalStatus(ctx context.Context, accountID, instructionID, from, to, txHash, reason string, at time.Time) error {
	return f.InTx(ctx, func(tx store.Tx) error {
		return tx.SetOffchainWithdrawalStatus(ctx, accountID, instructionID, from, to, txHash, reason, at)
	})
}
