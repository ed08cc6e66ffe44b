// Package custody is the OFFCHAIN venue's crypto custody on chains: each account's own
// deposit address per chain (a DepositForwarder at its CREATE2 address, handed out before
// it is deployed), deposits to it credited to the account's OFFCHAIN balance at the
// confirmation depth exactly once, sweeps of the forwarders to the treasury, and the
// payment of OFFCHAIN crypto withdrawals from the treasury through the chain's journaled
// sender.
//
// The API side (Addresses) only computes and records addresses. Everything that reads the
// chain or sends transactions runs in the settler, one Custodian per chain, as a job of
// the chain's engine round.
package custody

import (
	"context"
	"errors"
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/internal/store"
)

// ReferencePrefix starts the depositAddressReference of an OFFCHAIN deposit address
// ("offchain:<accountId>"); a chain's DTW contract has "chain:<chainId>".
const ReferencePrefix = "offchain:"

// Addresses hands out accounts' OFFCHAIN deposit addresses (the API side): it computes an
// account's forwarder address on every chain with a deposit factory and records it, so
// the settler deploys the forwarder and watches it.
type Addresses struct {
	st      AddressesStore
	sources []*chain.Source
	now     func() time.Time
}

// NewAddresses returns the deposit addresses of the sources that have a DepositFactory.
func NewAddresses(sources []*chain.Source, st AddressesStore) *Addresses {
	a := &Addresses{st: st, now: time.Now}
	for _, s := range sources {
		if s.DepositFactory != (common.Address{}) {
			a.sources = append(a.sources, s)
		}
	}
	return a
}

// DepositAddresses returns an account's deposit address on every chain with a deposit
// factory, recording the ones it hands out for the first time.
func (a *Addresses) DepositAddresses(ctx context.Context, accountID string) ([]api.DepositAddress, error) {
	out := make([]api.DepositAddress, 0, len(a.sources))
	for _, src := range a.sources {
		addr, err := a.st.DepositAddressOf(ctx, src.Name, accountID)
		if errors.Is(err, store.ErrNotFound) {
			salt := chain.DepositSalt(accountID)
			addr = store.DepositAddress{Source: src.Name, AccountID: accountID, Salt: salt,
				Address: chain.ForwarderAddress(src.DepositFactory, salt), CreatedAt: a.now()}
			err = a.st.PutDepositAddress(ctx, addr)
		}
		if err != nil {
			return nil, err
		}
		out = append(out, api.DepositAddress{Address: addr.Address.Hex(), DepositAddressReference: ReferencePrefix + accountID,
			DepositLocation: src.Name})
	}
	return out, nil
}
