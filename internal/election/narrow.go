package election

import (
	"context"

	"github.com/dtwgate/dtwgate/internal/store"
)

// Narrowed is a fenced store whose InTx hands the transaction as T, a consumer's narrow
// view of store.Tx (custody.Tx, offchain.TradingTx): the settler's work is given it
// through the consumer's store interface. Its units of work check the lease as
// Fenced.InTx does.
type Narrowed[T any] struct {
	*Fenced
}

// Narrow returns f with units of work that hand T; it panics when store.Tx does not
// implement T (store.MustView).
func Narrow[T any](f *Fenced) Narrowed[T] {
	store.MustView[T]()
	return Narrowed[T]{Fenced: f}
}

// InTx runs fn after the lease check, in the check's transaction (Fenced.InTx), handing
// it the transaction as T.
func (n Narrowed[T]) InTx(ctx context.Context, fn func(tx T) error) error {
	return store.InTxAs(ctx, n.Fenced, fn)
}
