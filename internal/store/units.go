package store

import (
	"context"
	"fmt"
	"reflect"
)

// Transactor runs units of work over the whole Tx: a Store does, and so does a store
// fenced by a lease (election.Fenced).
type Transactor interface {
	InTx(ctx context.Context, fn func(tx Tx) error) error
}

// Units runs units of work that see the transaction as T: a consumer's narrow view of
// Tx, declared by the consumer (offchain.TradingTx, custody.Tx, ...). A consumer's store
// embeds Units[T] instead of taking the whole Store, so its units of work can only call
// what T lists.
type Units[T any] interface {
	// InTx runs fn in one transaction, as Store.InTx does, handing it the transaction as T.
	InTx(ctx context.Context, fn func(tx T) error) error
}

// Narrowed is a Store whose InTx hands the transaction as T. A consumer is given it
// through its own narrow store interface, so it sees only the methods that interface
// lists (the rest of Store is here only because Go cannot embed a type parameter).
type Narrowed[T any] struct {
	Store
}

// Narrow returns st with units of work that hand T, a consumer's narrow view of Tx. It
// panics when Tx does not implement T: that is a programming error, found the first time
// the consumer is built (each consumer also asserts it at compile time).
func Narrow[T any](st Store) Narrowed[T] {
	MustView[T]()
	return Narrowed[T]{Store: st}
}

// InTx runs fn in one transaction of the store, handing it the transaction as T.
func (n Narrowed[T]) InTx(ctx context.Context, fn func(tx T) error) error {
	return InTxAs(ctx, n.Store, fn)
}

// InTxAs runs fn in one unit of work of st, handing it the transaction as T; T must be
// implemented by Tx (MustView).
func InTxAs[T any](ctx context.Context, st Transactor, fn func(tx T) error) error {
	return st.InTx(ctx, func(tx Tx) error { return fn(any(tx).(T)) })
}

// MustView panics unless Tx implements T, an interface: the check behind Narrow.
func MustView[T any]() {
	want := reflect.TypeFor[T]()
	if want.Kind() != reflect.Interface || !reflect.TypeFor[Tx]().Implements(want) {
		panic(fmt.Sprintf("store: Tx does not implement %v", want))
	}
}
