package trader

import (
	"context"
	"crypto/rand"
	"fmt"
	"math/big"
	"strconv"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"

	"github.com/dtwgate/dtwgate/api"
	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/chain/dtw"
)

// maxNonce bounds random signature nonces: uint256.
var maxNonce = new(big.Int).Lsh(big.NewInt(1), 256)

// RandomNonce returns a fresh random signature nonce. Random nonces need no coordination
// between devices that sign for one trader, but a minimum nonce cannot void them in bulk;
// NewNonce's can, and it is what the signing methods pick.
func RandomNonce() (*big.Int, error) {
	n, err := rand.Int(rand.Reader, maxNonce)
	if err != nil {
		return nil, fmt.Errorf("random nonce: %w", err)
	}
	return n, nil
}

// SignedOrder is a gasless order: what the trader signed, the signature, and the body
// of POST /v2/order.
type SignedOrder struct {
	Order     dtw.SignedOrder
	Signature []byte
	Request   api.SignedOrderRequest
}

// SignedWithdrawal is a gasless withdrawal: what the trader signed, the signature, and
// the body of POST /v2/withdrawals.
type SignedWithdrawal struct {
	Withdrawal dtw.SignedWithdrawal
	Signature  []byte
	Request    api.SignedWithdrawalRequest
}

// assetRef names an asset on the wire by its token address, so that the gateway cannot
// read the trader's asset ids as other tokens than those signed.
func assetRef(a chain.Asset) string { return a.Address.Hex() }

func decimalString(a chain.Asset, units *big.Int) string { return a.FromBaseUnits(units).String() }

// SignOrder signs a gasless order as EIP-712 typed data for the configured DTW contract
// and chain. nonce nil picks NewNonce. Nothing is sent: submit Request with
// client.SubmitOrder, or relay Order and Signature on-chain from any account.
func (t *Trader) SignOrder(ctx context.Context, p OrderParams, nonce *big.Int) (*SignedOrder, error) {
	if err := t.check(ctx, &p); err != nil {
		return nil, fmt.Errorf("sign order: %w", err)
	}
	if nonce == nil {
		var err error
		if nonce, err = NewNonce(); err != nil {
			return nil, err
		}
	}
	o := dtw.SignedOrder{
		Trader: t.Address(), SellToken: p.Sell.Address, BuyToken: p.Buy.Address,
		SellAmount: p.SellAmount, MinBuyAmount: p.MinBuyAmount, Deadline: uint64(p.Deadline.Unix()), Kind: p.Kind, Nonce: nonce,
	}
	sig, err := t.signer.SignTypedData(ctx, dtw.OrderTypedData(t.chainID, t.src.DTW, o))
	if err != nil {
		return nil, fmt.Errorf("sign order: %w", err)
	}
	orderType := api.OrderTypeMarket
	if p.Kind == dtw.KindLimit {
		orderType = api.OrderTypeLimit
	}
	return &SignedOrder{Order: o, Signature: sig, Request: api.SignedOrderRequest{
		Source: t.src.Name, Trader: o.Trader.Hex(),
		SellingAsset: assetRef(p.Sell), BuyingAsset: assetRef(p.Buy),
		AmountToSell: decimalString(p.Sell, p.SellAmount), LimitAmountToReceive: decimalString(p.Buy, p.MinBuyAmount),
		OrderType: orderType, Deadline: strconv.FormatUint(o.Deadline, 10), Nonce: nonce.String(),
		Signature: hexutil.Encode(sig),
	}}, nil
}

// WithdrawalParams are the trader's choices for a gasless withdrawal.
type WithdrawalParams struct {
	// Asset is the asset, from the trader's configuration.
	Asset chain.Asset
	// Amount is in the asset's base units.
	Amount *big.Int
	// To receives the funds; the gateway relays only to an approved withdrawal address.
	To common.Address
	// Deadline is when the signature lapses; zero means Options.OrderTTL after the latest
	// block.
	Deadline time.Time
	// Nonce nil picks NewNonce.
	Nonce *big.Int
}

// SignWithdrawal signs a gasless withdrawal as EIP-712 typed data. Nothing is sent:
// submit Request with client.SubmitWithdrawal.
func (t *Trader) SignWithdrawal(ctx context.Context, p WithdrawalParams) (*SignedWithdrawal, error) {
	if err := positive(p.Amount); err != nil {
		return nil, fmt.Errorf("sign withdrawal: %w", err)
	}
	if p.To == (common.Address{}) {
		return nil, fmt.Errorf("sign withdrawal: no destination address")
	}
	deadline, nonce, err := t.signedFields(ctx, p.Deadline, p.Nonce)
	if err != nil {
		return nil, err
	}
	w := dtw.SignedWithdrawal{Trader: t.Address(), Token: p.Asset.Address, Amount: p.Amount, To: p.To, Nonce: nonce, Deadline: deadline}
	sig, err := t.signer.SignTypedData(ctx, dtw.WithdrawalTypedData(t.chainID, t.src.DTW, w))
	if err != nil {
		return nil, fmt.Errorf("sign withdrawal: %w", err)
	}
	return &SignedWithdrawal{Withdrawal: w, Signature: sig, Request: api.SignedWithdrawalRequest{
		Source: t.src.Name, Trader: w.Trader.Hex(), Asset: assetRef(p.Asset), Amount: decimalString(p.Asset, p.Amount),
		To: p.To.Hex(), Nonce: nonce.String(), Deadline: strconv.FormatUint(w.Deadline, 10), Signature: hexutil.Encode(sig),
	}}, nil
}
