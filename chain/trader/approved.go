package trader

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
)

// ErrAddressNotApproved means a destination is not an approved withdrawal address of the
// trader's account on the chain: the gateway relays signed withdrawals only there. A
// direct withdrawal may still go to it.
var ErrAddressNotApproved = errors.New("not an approved withdrawal address")

// approved is the status of a withdrawal address an operator approved.
const approved = "APPROVED"

// WithdrawalAddressLister lists the withdrawal addresses of the logged-in account;
// *client.Client implements it.
type WithdrawalAddressLister interface {
	WithdrawalAddresses(ctx context.Context) (api.WithdrawalAddressesResponse, error)
}

// IsApprovedWithdrawalAddress reports whether addrs, the account's withdrawal addresses
// as the gateway lists them, approve `to` on source. An address must be written as the
// strict parser accepts it (one case, or EIP-55) to count.
func IsApprovedWithdrawalAddress(addrs []api.WithdrawalAddress, source string, to common.Address) bool {
	for _, wa := range addrs {
		if addr, err := chain.ParseAddress(wa.WithdrawalLocationReference); err == nil && addr == to &&
			strings.EqualFold(wa.WithdrawalLocation, source) && wa.Status == approved {
			return true
		}
	}
	return false
}

// CheckWithdrawalAddress asks the gateway for the account's withdrawal addresses and
// returns ErrAddressNotApproved unless `to` is approved on the trader's chain: check
// before signing a gasless withdrawal, which the gateway refuses otherwise. A failure to
// ask is ErrGateway.
func (t *Trader) CheckWithdrawalAddress(ctx context.Context, gw WithdrawalAddressLister, to common.Address) error {
	res, err := gw.WithdrawalAddresses(ctx)
	if err != nil {
		return gatewayError(err)
	}
	if !IsApprovedWithdrawalAddress(res.Addresses, t.src.Name, to) {
		return fmt.Errorf("%w: %s on %s", ErrAddressNotApproved, to.Hex(), t.src.Name)
	}
	return nil
}
