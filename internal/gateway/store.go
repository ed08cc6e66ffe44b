package gateway

import (
	"context"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/store"
)

// SignInTx is what a first sign-in of a wallet changes in one unit of work: its nonce,
// and its account.
type SignInTx interface {
	UseNonce(ctx context.Context, nonce string, expires, at time.Time) error
	EnsureWalletAccount(ctx context.Context, addr common.Address, newID string, at time.Time) (string, error)
}

var _ SignInTx = store.Tx(nil)

// Store is what the handlers read and write themselves: sign-in nonces, websocket
// tickets, what a websocket's caller is, and the store's health and leases for /readyz.
// Every other table is a service's, behind its own store.
type Store interface {
	UseNonce(ctx context.Context, nonce string, expires, at time.Time) error
	CreateTicket(ctx context.Context, t store.Ticket, at time.Time) error
	ConsumeTicket(ctx context.Context, hash string, at time.Time) (store.Ticket, error)
	GetAPIKey(ctx context.Context, id string) (store.APIKey, error)
	IsWhitelisted(ctx context.Context, addr common.Address) (bool, error)
	WalletAccount(ctx context.Context, addr common.Address) (string, error)
	Ping(ctx context.Context) error
	Leases(ctx context.Context) ([]store.Lease, error)
	InventoryPlaces(ctx context.Context) ([]store.InventoryPlace, error)
	store.Units[SignInTx]
}
