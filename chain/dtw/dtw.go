// Package dtw models the DTW contract's orders and withdrawals: their EIP-712 typed data
// (what a trader signs for a gasless order, withdrawal, cancel request or nonce
// invalidation) and the hash an open order is stored under.
package dtw

import (
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/math"
	ethtypes "github.com/ethereum/go-ethereum/core/types"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/dtwgate/dtwgate/abi/bindings"
)

// Native is the token id of native ETH in the DTW contract.
var Native = common.Address{}

// Order kinds, as the contract numbers them.
const (
	KindMarket uint8 = 0
	KindLimit  uint8 = 1
)

// CancelGrace is how long after a trader's cancel request an operator may still settle
// the order (the contract's CANCEL_GRACE); after it anyone may cancel it.
const CancelGrace = 5 * time.Minute

// MaxOrderTTL is the longest order lifetime the contract's owner may allow (the
// contract's MAX_ORDER_TTL, also its default maxOrderTTL).
const MaxOrderTTL = 7 * 24 * time.Hour

// Reasons of OrderSkipped: why a batch left an order out.
const (
	SkipClosed          uint8 = 1 // no longer open
	SkipExpired         uint8 = 2 // its deadline has passed
	SkipCancelRequested uint8 = 3 // the grace period of its trader's cancel request is over
)

// Domain name and version of the contract's EIP-712 domain.
const (
	DomainName    = "DTW"
	DomainVersion = "1"
)

// SignedOrder is a gasless order as the trader signs it.
type SignedOrder = bindings.DTWSignedOrder

// SignedWithdrawal is a gasless withdrawal as the trader signs it.
type SignedWithdrawal = bindings.DTWSignedWithdrawal

// SignedCancelRequest is a gasless cancel request as the trader signs it.
type SignedCancelRequest = bindings.DTWSignedCancelRequest

// SignedNonceInvalidation is a gasless nonce invalidation as the trader signs it: the
// bits of Mask in bitmap word Word, and every nonce below MinNonce when it raises the
// trader's minimum.
type SignedNonceInvalidation = bindings.DTWSignedNonceInvalidation

// Order is an open order as placed (what settle and cancel take in calldata).
type Order = bindings.DTWOrder

var types = apitypes.Types{
	"EIP712Domain": {
		{Name: "name", Type: "string"},
		{Name: "version", Type: "string"},
		{Name: "chainId", Type: "uint256"},
		{Name: "verifyingContract", Type: "address"},
	},
	"Order": {
		{Name: "trader", Type: "address"},
		{Name: "sellToken", Type: "address"},
		{Name: "buyToken", Type: "address"},
		{Name: "sellAmount", Type: "uint256"},
		{Name: "minBuyAmount", Type: "uint256"},
		{Name: "deadline", Type: "uint64"},
		{Name: "kind", Type: "uint8"},
		{Name: "nonce", Type: "uint256"},
	},
	"Withdrawal": {
		{Name: "trader", Type: "address"},
		{Name: "token", Type: "address"},
		{Name: "amount", Type: "uint256"},
		{Name: "to", Type: "address"},
		{Name: "nonce", Type: "uint256"},
		{Name: "deadline", Type: "uint64"},
	},
	"CancelRequest": {
		{Name: "trader", Type: "address"},
		{Name: "orderId", Type: "uint256"},
		{Name: "nonce", Type: "uint256"},
		{Name: "deadline", Type: "uint64"},
	},
	"NonceInvalidation": {
		{Name: "trader", Type: "address"},
		{Name: "word", Type: "uint256"},
		{Name: "mask", Type: "uint256"},
		{Name: "minNonce", Type: "uint256"},
		{Name: "nonce", Type: "uint256"},
		{Name: "deadline", Type: "uint64"},
	},
}

func domain(chainID *big.Int, contract common.Address) apitypes.TypedDataDomain {
	return apitypes.TypedDataDomain{
		Name:              DomainName,
		Version:           DomainVersion,
		ChainId:           (*math.HexOrDecimal256)(new(big.Int).Set(chainID)),
		VerifyingContract: contract.Hex(),
	}
}

// OrderTypedData returns the EIP-712 typed data of a gasless order for the DTW contract
// at `contract` on chain `chainID`.
func OrderTypedData(chainID *big.Int, contract common.Address, o SignedOrder) apitypes.TypedData {
	return apitypes.TypedData{
		Types:       types,
		PrimaryType: "Order",
		Domain:      domain(chainID, contract),
		Message: apitypes.TypedDataMessage{
			"trader":       o.Trader.Hex(),
			"sellToken":    o.SellToken.Hex(),
			"buyToken":     o.BuyToken.Hex(),
			"sellAmount":   o.SellAmount.String(),
			"minBuyAmount": o.MinBuyAmount.String(),
			"deadline":     fmt.Sprint(o.Deadline),
			"kind":         fmt.Sprint(o.Kind),
			"nonce":        o.Nonce.String(),
		},
	}
}

// WithdrawalTypedData returns the EIP-712 typed data of a gasless withdrawal.
func WithdrawalTypedData(chainID *big.Int, contract common.Address, w SignedWithdrawal) apitypes.TypedData {
	return apitypes.TypedData{
		Types:       types,
		PrimaryType: "Withdrawal",
		Domain:      domain(chainID, contract),
		Message: apitypes.TypedDataMessage{
			"trader":   w.Trader.Hex(),
			"token":    w.Token.Hex(),
			"amount":   w.Amount.String(),
			"to":       w.To.Hex(),
			"nonce":    w.Nonce.String(),
			"deadline": fmt.Sprint(w.Deadline),
		},
	}
}

// CancelRequestTypedData returns the EIP-712 typed data of a gasless cancel request.
func CancelRequestTypedData(chainID *big.Int, contract common.Address, c SignedCancelRequest) apitypes.TypedData {
	return apitypes.TypedData{
		Types:       types,
		PrimaryType: "CancelRequest",
		Domain:      domain(chainID, contract),
		Message: apitypes.TypedDataMessage{
			"trader":   c.Trader.Hex(),
			"orderId":  c.OrderId.String(),
			"nonce":    c.Nonce.String(),
			"deadline": fmt.Sprint(c.Deadline),
		},
	}
}

// NonceInvalidationTypedData returns the EIP-712 typed data of a gasless nonce
// invalidation.
func NonceInvalidationTypedData(chainID *big.Int, contract common.Address, n SignedNonceInvalidation) apitypes.TypedData {
	return apitypes.TypedData{
		Types:       types,
		PrimaryType: "NonceInvalidation",
		Domain:      domain(chainID, contract),
		Message: apitypes.TypedDataMessage{
			"trader":   n.Trader.Hex(),
			"word":     n.Word.String(),
			"mask":     n.Mask.String(),
			"minNonce": n.MinNonce.String(),
			"nonce":    n.Nonce.String(),
			"deadline": fmt.Sprint(n.Deadline),
		},
	}
}

// NonceBit returns the bitmap word of a signature nonce and the mask of its bit, as
// invalidateNonces takes them.
func NonceBit(nonce *big.Int) (word, mask *big.Int) {
	word = new(big.Int).Rsh(nonce, 8)
	mask = new(big.Int).Lsh(big.NewInt(1), uint(new(big.Int).And(nonce, big.NewInt(0xff)).Uint64()))
	return word, mask
}

// Digest returns the EIP-712 digest of typed data: the hash a trader's key signs.
func Digest(td apitypes.TypedData) (common.Hash, error) {
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return common.Hash{}, fmt.Errorf("eip-712 hash: %w", err)
	}
	return common.BytesToHash(hash), nil
}

// OrderHash returns the hash the contract stores for an open order:
// keccak256(abi.encode(order)).
func OrderHash(o Order) common.Hash {
	word := func(b []byte) []byte { return common.LeftPadBytes(b, 32) }
	var enc []byte
	enc = append(enc, word(o.Trader.Bytes())...)
	enc = append(enc, word(o.SellToken.Bytes())...)
	enc = append(enc, word(o.BuyToken.Bytes())...)
	enc = append(enc, word(o.SellAmount.Bytes())...)
	enc = append(enc, word(o.MinBuyAmount.Bytes())...)
	enc = append(enc, word(new(big.Int).SetUint64(o.Deadline).Bytes())...)
	enc = append(enc, word([]byte{o.Kind})...)
	return crypto.Keccak256Hash(enc)
}

// Fill is one settlement as settle and settleBatch take it: the order's fields packed into
// six words (PackFill builds it).
type Fill = bindings.DTWFill

// PackFill packs the settlement of open order orderID (an id the contract numbered, so
// below 2**64) for buyAmount of its buy token: the id, the deadline and the kind ride in
// the high 96 bits of the trader, sell token and buy token words, which spares settle's
// calldata some 100 zero bytes.
func PackFill(orderID *big.Int, o Order, buyAmount *big.Int) Fill {
	return Fill{
		IdAndTrader:          high(orderID, o.Trader),
		DeadlineAndSellToken: high(new(big.Int).SetUint64(o.Deadline), o.SellToken),
		KindAndBuyToken:      high(big.NewInt(int64(o.Kind)), o.BuyToken),
		SellAmount:           o.SellAmount,
		MinBuyAmount:         o.MinBuyAmount,
		BuyAmount:            buyAmount,
	}
}

// PackPlaceOrder returns the calldata of placeOrder: an order from the caller's free
// balance, its deadline and kind packed above the token addresses as in a Fill (two
// calldata words fewer than one word each).
func PackPlaceOrder(sellToken, buyToken common.Address, sellAmount, minBuyAmount *big.Int, deadline uint64, kind uint8) []byte {
	return bindings.NewDTW().PackPlaceOrder(
		high(new(big.Int).SetUint64(deadline), sellToken), high(big.NewInt(int64(kind)), buyToken), sellAmount, minBuyAmount)
}

// high packs a word as `v << 160 | a`, as a Fill and placeOrder take their id, deadline
// and kind.
func high(v *big.Int, a common.Address) *big.Int {
	return new(big.Int).Or(new(big.Int).Lsh(v, 160), new(big.Int).SetBytes(a.Bytes()))
}

// OrderFromEvent returns the order an OrderPlaced event describes, as settle and cancel
// take it. The event packs the deadline and the kind above the token addresses, as a Fill
// does (the contract emits them within uint64 and uint8).
func OrderFromEvent(ev *bindings.DTWOrderPlaced) Order {
	deadline, sell := splitHigh(ev.DeadlineAndSellToken)
	kind, buy := splitHigh(ev.KindAndBuyToken)
	return Order{
		Trader: ev.Trader, SellToken: sell, BuyToken: buy,
		SellAmount: new(big.Int).And(ev.IdAndSellAmount, sellAmountMask), MinBuyAmount: ev.MinBuyAmount, Deadline: deadline, Kind: uint8(kind),
	}
}

// ordersSeed is the contract's ORDERS_SEED, keccak256("DTW.orders").
var ordersSeed = crypto.Keccak256Hash([]byte("DTW.orders")).Big()

// relayedID is the id bit of a relayed order (the contract's RELAYED_ID).
const relayedID = 62

// OrderKey returns the key of trader's order orderID selling sellToken, as the contract's
// orderKey: keccak256(abi.encode(orderID << 160 | trader, w)), w = sellToken ^ ORDERS_SEED
// for an order placed directly, ^ORDERS_SEED for a relayed one (id bit 62 set). The key
// is unique forever and what OrderSettled, OrderCancelled, CancelRequested and
// OrderSkipped name an order by.
func OrderKey(orderID *big.Int, trader, sellToken common.Address) *big.Int {
	if orderID.Sign() < 0 || orderID.BitLen() > 63 {
		return new(big.Int).Set(ordersSeed)
	}
	idAndTrader := high(orderID, trader)
	var w *big.Int
	if orderID.Bit(relayedID) == 1 {
		w = new(big.Int).Xor(ordersSeed, new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)))
	} else {
		w = new(big.Int).Xor(ordersSeed, new(big.Int).SetBytes(sellToken.Bytes()))
	}
	return crypto.Keccak256Hash(common.BigToHash(idAndTrader).Bytes(), common.BigToHash(w).Bytes()).Big()
}

// KeyOf returns the key of order o whose on-chain id is id, as a hash (OrderKey of its
// trader and sell token): what the events that close it name it by.
func KeyOf(id *big.Int, o Order) common.Hash {
	return common.BigToHash(OrderKey(id, o.Trader, o.SellToken))
}

// sellAmountMask keeps the sell amount of OrderPlaced's `orderId << 192 | sellAmount`.
var sellAmountMask = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 192), big.NewInt(1))

// OrderIDFromEvent returns the per-trader order id an OrderPlaced event carries above its
// sell amount: the id a Fill, cancel and requestCancel take with the order.
func OrderIDFromEvent(ev *bindings.DTWOrderPlaced) *big.Int {
	return new(big.Int).Rsh(ev.IdAndSellAmount, 192)
}

// splitHigh splits a word packed as `high << 160 | address`; a nil word gives zeros.
func splitHigh(w *big.Int) (uint64, common.Address) {
	if w == nil {
		return 0, common.Address{}
	}
	return new(big.Int).Rsh(w, 160).Uint64(), common.BigToAddress(w)
}

// SkippedOrders returns the orders that a settle or cancel batch of the DTW contract at
// `contract` skipped in a transaction's logs (OrderSkipped), by key, with their reasons.
func SkippedOrders(contract common.Address, logs []*ethtypes.Log) map[common.Hash]uint8 {
	c := bindings.NewDTW()
	out := map[common.Hash]uint8{}
	for _, l := range logs {
		if l.Address != contract {
			continue
		}
		if ev, err := c.UnpackOrderSkippedEvent(l); err == nil {
			out[common.BigToHash(ev.OrderKey)] = ev.Reason
		}
	}
	return out
}

// PlacedOrders returns the orders that the DTW contract at `contract` placed in a
// transaction's logs, in log order.
func PlacedOrders(contract common.Address, logs []*ethtypes.Log) []*bindings.DTWOrderPlaced {
	c := bindings.NewDTW()
	var out []*bindings.DTWOrderPlaced
	for _, l := range logs {
		if l.Address != contract {
			continue
		}
		if ev, err := c.UnpackOrderPlacedEvent(l); err == nil {
			out = append(out, ev)
		}
	}
	return out
}
