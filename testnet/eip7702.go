package testnet

import (
	"context"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
	"github.com/holiman/uint256"
)

// Delegate sends an EIP-7702 SetCode transaction from sponsor that delegates the
// authority's account to the code at delegate (the zero address clears the delegation);
// the authority's key signs the authorization. The transaction calls the sponsor itself, so
// no code runs. Afterwards the authority is an EOA with 23 bytes of code, 0xef0100
// followed by delegate.
func (c *Chain) Delegate(ctx context.Context, authority Account, delegate common.Address, sponsor Account) (*types.Receipt, error) {
	authNonce, err := c.Client.PendingNonceAt(ctx, authority.Address)
	if err != nil {
		return nil, fmt.Errorf("authority nonce: %w", err)
	}
	auth := types.SetCodeAuthorization{ChainID: *uint256.MustFromBig(c.ChainID), Address: delegate, Nonce: authNonce}
	if auth, err = types.SignSetCode(authority.Key, auth); err != nil {
		return nil, fmt.Errorf("sign authorization: %w", err)
	}
	nonce, err := c.Client.PendingNonceAt(ctx, sponsor.Address)
	if err != nil {
		return nil, fmt.Errorf("sponsor nonce: %w", err)
	}
	tip, feeCap, err := harnessFees.Fees(ctx, c.Client)
	if err != nil {
		return nil, fmt.Errorf("fees: %w", err)
	}
	tx, err := types.SignNewTx(sponsor.Key, types.LatestSignerForChainID(c.ChainID), &types.SetCodeTx{
		ChainID: uint256.MustFromBig(c.ChainID), Nonce: nonce, GasTipCap: uint256.MustFromBig(tip), GasFeeCap: uint256.MustFromBig(feeCap),
		Gas: 100_000, To: sponsor.Address, Value: new(uint256.Int), AuthList: []types.SetCodeAuthorization{auth},
	})
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	if err := c.Client.SendTransaction(ctx, tx); err != nil {
		return nil, fmt.Errorf("send: %w", err)
	}
	return c.WaitReceipt(ctx, tx.Hash())
}
