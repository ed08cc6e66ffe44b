// Package store persists the gateway's state, one interface per concept: Accounts (accounts,
// API keys, wallets), Access (SIWE whitelist, nonces, websocket tickets), ChainEvents (the
// follower's events and checked return transactions), chain.Journal (signed transactions),
// Relays, WithdrawalAddresses, Outbox (the rows of package outbox's events), SettlerStore
// (what the settlers tell the API processes), Webhooks (subscriptions and their durable
// deliveries), Leases (who runs the work that runs once per store, and the fencing of its
// writes), SigningKeys (the JWT keys every replica shares) and ServerKeys (the other keys
// they share: the API key secrets' hashing key). Store composes them with a
// unit of work, InTx, whose Tx offers the same interfaces on one transaction. SQLite (the
// embedded default) and Postgres (shared by replicas) implement Store, Open picks one;
// package storetest checks any implementation.
package store

import (
	"context"
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/internal/errs"
)

// Sentinel errors of every Store implementation.
var (
	// ErrNotFound means the row does not exist, or (for a consume) is used or expired.
	ErrNotFound = errs.Private(errs.ErrNotFound, "not found")
	// ErrConflict means a unique value already exists.
	ErrConflict = errors.New("already exists")
)

// Account is a user of the gateway. API keys and wallet addresses belong to accounts.
type Account struct {
	// ID identifies the account.
	ID string
	// ParentID is the account that owns this sub-account, "" for a top-level account.
	ParentID string
	// Label names the account for its owner ("" when none was given).
	Label string
	// AccountAsset is the asset the account is valued in, e.g. "usd" ("usd" when empty).
	AccountAsset string
	// CreatedAt is when the account was created.
	CreatedAt time.Time
}

// APIKey is a stored API key. The secret is kept only as a keyed hash.
type APIKey struct {
	// ID is the public key id.
	ID string
	// AccountID owns the key.
	AccountID string
	// Label is the owner's name for the key.
	Label string
	// Permissions are the key's permission names (api.Permission values, converted by the
	// caller: the store does not interpret them).
	Permissions []string
	// SecretHash is the encoded hash of the secret (see auth.Secrets).
	SecretHash string
	// Generation counts rotations; tokens carry it so that a rotation revokes them.
	Generation int64
	// CreatedAt is the creation time.
	CreatedAt time.Time
	// RotatedAt is the last rotation time, zero if never rotated.
	RotatedAt time.Time
}

// Wallet links an on-chain address to an account.
type Wallet struct {
	// Address is the wallet address.
	Address common.Address
	// AccountID owns the address.
	AccountID string
	// LinkedAt is when the link was made.
	LinkedAt time.Time
}

// WhitelistEntry is an address allowed to sign in with Ethereum.
type WhitelistEntry struct {
	// Address is the whitelisted address.
	Address common.Address
	// AddedAt is when it was added.
	AddedAt time.Time
}

// Ticket is a single-use websocket credential.
type Ticket struct {
	// Hash is the SHA-256 of the ticket string; the string itself is never stored.
	Hash string
	// AccountID is the account the ticket acts for.
	AccountID string
	// APIKeyID is the key the ticket was issued from.
	APIKeyID string
	// Generation is the key's generation at issue.
	Generation int64
	// ExpiresAt ends the ticket's validity.
	ExpiresAt time.Time
}

// Store is the gateway's persistence: every concept's interface, a unit of work (InTx)
// that commits changes of several concepts together, and the wake-up of event readers.
// All methods are safe for concurrent use, including from several processes on the same
// database (the serve and admin commands, an API and a settler process).
type Store interface {
	Tx
	// InTx runs fn in one transaction: the changes fn makes through tx commit together
	// when fn returns nil, and none of them when it returns an error (returned as is).
	// fn may run more than once (PostgreSQL runs a transaction that lost a serialization
	// conflict again), so it must not act outside tx; and after a method of tx failed with
	// a database error, fn must return (PostgreSQL refuses the transaction's further
	// statements), as it does after ErrConflict except where a method says otherwise.
	InTx(ctx context.Context, fn func(tx Tx) error) error
	// EventsNotify returns a channel that is closed after the next commit, in this
	// process, that wrote events. Readers take the channel, then read Events, then wait
	// on it. On SQLite other processes' commits do not close it: a reader that must see
	// them polls Events as well. On PostgreSQL they do (LISTEN/NOTIFY), soon after they
	// commit: a process whose readers wait on the channel counts as reading events, and
	// the other processes then notify at most 20 ms apart (from their next notification
	// on; until then at most 250 ms apart, so readers poll as well).
	EventsNotify() <-chan struct{}
	// EventsNotifyBackground is EventsNotify for a job that needs other processes'
	// commits only eventually (the receipt signer): waiting on it does not count as
	// reading events, so on PostgreSQL other processes' commits close it at most 250 ms
	// apart under load, unless a reader of this process waits too.
	EventsNotifyBackground() <-chan struct{}
	// AccessNotify returns a channel that is closed after the next commit, in this
	// process, that changed access (an outbox.AccessChanged event). A cache of callers takes it
	// before reading the store and drops what it read once it is closed; changes made by
	// other processes it learns from AccessEpoch (on PostgreSQL they close it too).
	AccessNotify() <-chan struct{}
	// RelaysNotify returns a channel that is closed after the next commit that moved a
	// relay (requested, sent, confirmed or failed it): in this process, and on PostgreSQL
	// in any (LISTEN/NOTIFY), and on SQLite in any process on the same database (a bell
	// file beside it, rung after such commits, is watched). A waiter takes the channel, then reads its relay, then
	// waits on it: it needs no timer to see the settler's answer.
	RelaysNotify() <-chan struct{}
	// Ping checks the database is reachable.
	Ping(ctx context.Context) error
	// Close releases the database.
	Close() error
}

// Tx is what a unit of work changes and reads: each concept's interface, bound to one
// transaction by InTx. A Tx is not safe for concurrent use and is invalid once InTx's fn
// has returned.
type Tx interface {
	Accounts
	Access
	ChainStore
	SettlerStore
	Outbox
	Ledger
	Receipts
	OffchainWithdrawals
	OffchainAccounts
	ChainBalances
	Custody
	Trading
	Introducers
	Webhooks
	Leases
	SigningKeys
	ServerKeys
	InventoryMoves
	Reserves
}

// Accounts owns accounts, their API keys and their linked wallet addresses.
type Accounts interface {
	// CreateAccount inserts an account; a sub-account's parent must exist and be a
	// top-level account (ErrNotFound otherwise).
	CreateAccount(ctx context.Context, a Account) error
	// GetAccount returns an account, or ErrNotFound.
	GetAccount(ctx context.Context, id string) (Account, error)
	// SubAccounts returns an account's sub-accounts, oldest first.
	SubAccounts(ctx context.Context, parentID string) ([]Account, error)
	// DepositReference returns an account's deposit reference, recording newRef as it
	// when the account has none yet (ErrNotFound for an unknown account; ErrConflict when
	// newRef is another account's: draw another).
	DepositReference(ctx context.Context, accountID, newRef string, at time.Time) (string, error)
	// CreateAccountWithKey inserts an account and its first key atomically.
	CreateAccountWithKey(ctx context.Context, a Account, k APIKey) error
	// CreateAPIKey inserts a key for an existing account (ErrNotFound if it does not exist).
	CreateAPIKey(ctx context.Context, k APIKey) error
	// GetAPIKey returns a key by id.
	GetAPIKey(ctx context.Context, id string) (APIKey, error)
	// ListAPIKeys returns an account's keys, oldest first.
	ListAPIKeys(ctx context.Context, accountID string) ([]APIKey, error)
	// RotateAPIKey replaces the secret hash of the account's key and bumps its generation;
	// ErrNotFound when the key is absent or belongs to another account.
	RotateAPIKey(ctx context.Context, accountID, keyID, secretHash string, at time.Time) (APIKey, error)
	// ReplaceSecretHash swaps a key's stored hash for another of the same secret (a format
	// upgrade) if it is still oldHash; ErrNotFound when the key is gone or was rotated.
	ReplaceSecretHash(ctx context.Context, keyID, oldHash, newHash string) error

	// WalletAccount returns the account an address is linked to.
	WalletAccount(ctx context.Context, addr common.Address) (string, error)
	// EnsureWalletAccount returns the account linked to addr, creating account newID and
	// the link atomically when there is none.
	EnsureWalletAccount(ctx context.Context, addr common.Address, newID string, at time.Time) (string, error)
	// LinkWallet links addr to an existing account; ErrConflict if addr is linked elsewhere.
	LinkWallet(ctx context.Context, accountID string, addr common.Address, at time.Time) error
	// ListWallets returns an account's addresses.
	ListWallets(ctx context.Context, accountID string) ([]Wallet, error)
}

// Access owns what signing in consumes: the SIWE whitelist, single-use SIWE nonces and
// single-use websocket tickets.
type Access interface {
	// AddWhitelist whitelists addr; adding an address twice is not an error.
	AddWhitelist(ctx context.Context, addr common.Address, at time.Time) error
	// RemoveWhitelist removes addr; ErrNotFound if it was not whitelisted.
	RemoveWhitelist(ctx context.Context, addr common.Address) error
	// IsWhitelisted reports whether addr may sign in.
	IsWhitelisted(ctx context.Context, addr common.Address) (bool, error)
	// ListWhitelist returns the whitelist ordered by address.
	ListWhitelist(ctx context.Context) ([]WhitelistEntry, error)
	// AccessEpoch returns the id of the newest outbox.AccessChanged event (0 when none): it
	// changes with every committed access change, from any process.
	AccessEpoch(ctx context.Context) (int64, error)

	// UseNonce records that a login used a SIWE nonce valid until expires (at is now: a
	// record expired at at is taken over, and expired records are pruned now and then);
	// ErrConflict when the nonce was used before. Exactly one of concurrent users of the
	// same nonce succeeds. (Nonces are issued without a write: auth.Nonces.)
	UseNonce(ctx context.Context, nonce string, expires, at time.Time) error

	// CreateTicket records a websocket ticket, and prunes expired ones.
	CreateTicket(ctx context.Context, t Ticket, at time.Time) error
	// ConsumeTicket deletes and returns a ticket; ErrNotFound when unknown or expired.
	ConsumeTicket(ctx context.Context, hash string, at time.Time) (Ticket, error)
}
