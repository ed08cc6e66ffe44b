package api

import "github.com/dtwgate/dtwgate/api/receipt"

// Order types of on-chain orders.
const (
	OrderTypeMarket = "MARKET"
	OrderTypeLimit  = "LIMIT"
)

// Order statuses of on-chain orders. PENDING: placed, not yet at the confirmation depth;
// OPEN: confirmed, waiting for settlement; SETTLED and CANCELLED: closed by a return
// transaction that the gateway checked against the chain.
const (
	StatusPending   = "PENDING"
	StatusOpen      = "OPEN"
	StatusSettled   = "SETTLED"
	StatusCancelled = "CANCELLED"
	StatusFailed    = "FAILED"
	// StatusCompleted: a withdrawal whose transaction reached the confirmation depth.
	StatusCompleted = "COMPLETED"
)

// AssetsResponse is the body of GET /v2/assets/{source}.
type AssetsResponse struct {
	Assets []string `json:"assets"`
}

// TokenInfo is one token of an asset.
type TokenInfo struct {
	// Token is the token's ticker.
	Token string `json:"token"`
	// TokenAddress is the token contract; the zero address for native ETH.
	TokenAddress string `json:"tokenAddress"`
	// Decimals is an integer as a string.
	Decimals string `json:"decimals"`
}

// TokenInfoResponse describes one asset.
type TokenInfoResponse struct {
	Asset  string      `json:"asset"`
	Tokens []TokenInfo `json:"tokens"`
}

// TokenInformationResponse is the body of GET /v2/assets/{source}/token-information.
type TokenInformationResponse struct {
	TokenInfoResponses []TokenInfoResponse `json:"tokenInfoResponses"`
}

// DepositAddress is where to deposit on a chain: the DTW contract.
type DepositAddress struct {
	Address                 string `json:"address"`
	DepositAddressReference string `json:"depositAddressReference"`
	DepositLocation         string `json:"depositLocation"`
}

// DepositAddressesResponse is the body of GET /v2/deposit-addresses.
type DepositAddressesResponse struct {
	Addresses []DepositAddress `json:"addresses"`
}

// WithdrawalAddress is a withdrawal destination of the account.
type WithdrawalAddress struct {
	ID                          string `json:"id"`
	WithdrawalLocation          string `json:"withdrawalLocation"`
	WithdrawalLocationReference string `json:"withdrawalLocationReference"`
	// Status is PENDING until an operator approves the address, then APPROVED.
	Status string `json:"status"`
}

// WithdrawalAddressesResponse is the body of GET /v2/withdrawal-addresses.
type WithdrawalAddressesResponse struct {
	Addresses []WithdrawalAddress `json:"addresses"`
}

// FundLocation is a chain where funds can be deposited and withdrawn.
type FundLocation struct {
	Location   string `json:"location"`
	ChainID    string `json:"chainId"`
	DTWAddress string `json:"dtwAddress"`
	// Kind is FundLocationBank for a bank of the OFFCHAIN venue ("" for a chain).
	Kind string `json:"kind,omitempty"`
	// Asset is the currency a bank holds.
	Asset string `json:"asset,omitempty"`
}

// FundLocationBank is the Kind of a bank fund location.
const FundLocationBank = "BANK"

// FundLocationsResponse is the body of GET /v2/fund-locations.
type FundLocationsResponse struct {
	FundLocations []FundLocation `json:"fundLocations"`
}

// SignedOrderRequest is the body of POST /v2/order: a gasless order the trader signed as
// EIP-712 typed data (domain "DTW", version "1", the chain's id and DTW address) for the
// gateway to relay. Amounts are decimal strings in the assets' units; the signed typed
// data carries them in base units.
type SignedOrderRequest struct {
	Source string `json:"source"`
	// Trader is the signing wallet; it must belong to the caller's account.
	Trader string `json:"trader"`
	// SellingAsset and BuyingAsset are asset ids or token addresses.
	SellingAsset string `json:"sellingAsset"`
	BuyingAsset  string `json:"buyingAsset"`
	AmountToSell string `json:"amountToSell"`
	// LimitAmountToReceive is the least accepted (the order's minBuyAmount).
	LimitAmountToReceive string `json:"limitAmountToReceive"`
	// OrderType is MARKET (default) or LIMIT.
	OrderType string `json:"orderType"`
	// Deadline is a unix time in seconds.
	Deadline string `json:"deadline"`
	// Nonce is the signature nonce, a decimal integer.
	Nonce string `json:"nonce"`
	// Signature is the 65-byte EIP-712 signature, 0x hex.
	Signature string `json:"signature"`
}

// SignedWithdrawalRequest is the body of POST /v2/withdrawals: a gasless withdrawal the
// trader signed as EIP-712 typed data, to an approved withdrawal address.
type SignedWithdrawalRequest struct {
	Source string `json:"source"`
	Trader string `json:"trader"`
	Asset  string `json:"asset"`
	Amount string `json:"amount"`
	// To is the destination; it must be an approved withdrawal address of the account.
	To       string `json:"to"`
	Nonce    string `json:"nonce"`
	Deadline string `json:"deadline"`
	// Signature is the 65-byte EIP-712 signature, 0x hex.
	Signature string `json:"signature"`
}

// SignedCancelRequest is the body of POST /v2/order-cancel-requests: a gasless request
// to cancel an open on-chain order of the trader's, signed as EIP-712 typed data
// (CancelRequest). The gateway relays it and honours it (cancels the order) within the
// contract's grace period; after that period anyone may cancel the order on-chain.
type SignedCancelRequest struct {
	Source string `json:"source"`
	// Trader is the signing wallet, the order's trader; it must belong to the caller's
	// account.
	Trader string `json:"trader"`
	// OrderID is the order's on-chain id, a decimal integer: the id the trader signs
	// (the order status's onchainOrderId, not the gateway's orderId).
	OrderID  string `json:"orderId"`
	Nonce    string `json:"nonce"`
	Deadline string `json:"deadline"`
	// Signature is the 65-byte EIP-712 signature, 0x hex.
	Signature string `json:"signature"`
}

// SignedNonceInvalidationRequest is the body of POST /v2/nonce-invalidations: a gasless
// invalidation of the trader's signature nonces, signed as EIP-712 typed data
// (NonceInvalidation): the nonces whose bits are set in Mask within bitmap word Word
// (nonces Word*256 to Word*256+255), and every nonce below MinNonce when it raises the
// trader's minimum. All numbers are decimal integers.
type SignedNonceInvalidationRequest struct {
	Source   string `json:"source"`
	Trader   string `json:"trader"`
	Word     string `json:"word"`
	Mask     string `json:"mask"`
	MinNonce string `json:"minNonce"`
	// Nonce is the invalidation's own signature nonce.
	Nonce    string `json:"nonce"`
	Deadline string `json:"deadline"`
	// Signature is the 65-byte EIP-712 signature, 0x hex.
	Signature string `json:"signature"`
}

// SubmitResponse answers a relayed order or withdrawal.
type SubmitResponse struct {
	// InstructionID is the relay transaction's hash.
	InstructionID string `json:"instructionId"`
	OrderSource   string `json:"orderSource"`
	Status        string `json:"status"`
}

// OrderStatus is the on-chain-id form of an order's status (GET
// /v3/order-status/{source}/{orderId}), also returned by GET /v2/order/{source}/{instructionId}.
type OrderStatus struct {
	// InstructionID is the hash of the transaction that placed the order.
	InstructionID string `json:"instructionId"`
	// ReturnTxID is the settle or cancel transaction, once checked; null before.
	ReturnTxID  *string `json:"returnTxId"`
	OrderSource string  `json:"orderSource"`
	// OrderID is the gateway's id of the order on its source: on a chain, numbered by the
	// gateway as it follows the chain (stable once the placement is at the confirmation
	// depth).
	OrderID string `json:"orderId"`
	// OnchainOrderID is an on-chain order's id on the DTW contract (absent for OFFCHAIN
	// orders): counted per trader and sell token for an order placed directly, 2^62 +
	// nonce for a relayed one. Cancelling the order on-chain, or signing a cancel
	// request, takes it; the events that close the order name its OrderKey.
	OnchainOrderID string `json:"onchainOrderId,omitempty"`
	// OrderKey is an on-chain order's key on the DTW contract, 0x hex (absent for
	// OFFCHAIN orders): keccak256(abi.encode(onchainOrderId << 160 | trader, w)).
	OrderKey       string `json:"orderKey,omitempty"`
	Trader         string `json:"trader"`
	SellingAsset   string `json:"sellingAsset"`
	BuyingAsset    string `json:"buyingAsset"`
	QuantitySold   string `json:"quantitySold"`
	QuantityBought string `json:"quantityBought"`
	LimitAmount    string `json:"limitAmount"`
	// AmountToSell and LimitAmountToReceive repeat the order in the instruction-id form.
	AmountToSell         string `json:"amountToSell"`
	LimitAmountToReceive string `json:"limitAmountToReceive"`
	OrderType            string `json:"orderType"`
	Deadline             string `json:"deadline"`
	Status               string `json:"status"`
	TimestampMillis      string `json:"timestampMillis"`
	// Confirmations of the placement, and of the return transaction ("0" before it).
	Confirmations         string `json:"confirmations"`
	ReturnTxConfirmations string `json:"returnTxConfirmations"`
	// Type is SWAP or RFQ for OFFCHAIN orders (absent for on-chain orders).
	Type string `json:"type,omitempty"`
	// Price is buying per selling after commission, once filled (OFFCHAIN).
	Price string `json:"price,omitempty"`
	// Commission is what the fill paid, in the buying asset (OFFCHAIN).
	Commission string `json:"commission,omitempty"`
	// Reason says why an OFFCHAIN order closed unfilled (e.g. its limit expired), or why
	// a relayed on-chain order is FAILED: its transaction reverted or was dropped; no order
	// was placed and its nonce may be signed again.
	Reason string `json:"reason,omitempty"`
	// Receipt is the account's signed receipt of the fill (OFFCHAIN, once filled): see
	// api/receipt and GET /v3/receipts. Its signature is "0x" until the receipt key
	// signed it.
	Receipt *receipt.Signed `json:"receipt,omitempty"`
}

// WithdrawalStatus is the body of GET /v2/withdrawals/{instructionId}.
type WithdrawalStatus struct {
	InstructionID   string `json:"instructionId"`
	Source          string `json:"source"`
	Trader          string `json:"trader"`
	Asset           string `json:"asset"`
	Amount          string `json:"amount"`
	To              string `json:"to"`
	Status          string `json:"status"`
	TransactionHash string `json:"transactionHash"`
	Confirmations   string `json:"confirmations"`
	TimestampMillis string `json:"timestampMillis"`
	// Reason says why a relayed withdrawal is FAILED: its transaction reverted or was
	// dropped; nothing was withdrawn and its nonce may be signed again.
	Reason string `json:"reason,omitempty"`
}

// ActivityReference ties a withdrawal to its transaction.
type ActivityReference struct {
	InstructionID    string `json:"instructionId"`
	TransactionHash  string `json:"transactionHash"`
	ActivityLocation string `json:"activityLocation"`
}

// AccountActivity is a deposit or a withdrawal.
type AccountActivity struct {
	Asset           string             `json:"asset"`
	Amount          string             `json:"amount"`
	TimestampMillis string             `json:"timestampMillis"`
	Reference       *ActivityReference `json:"reference,omitempty"`
}

// ActivityPage is the body of GET /v3/deposits and GET /v3/withdrawals.
type ActivityPage struct {
	User         string            `json:"user"`
	OrderSource  string            `json:"orderSource"`
	ActivityType string            `json:"activityType"`
	Transactions []AccountActivity `json:"transactions"`
	BeforeCursor string            `json:"beforeCursor"`
	AfterCursor  string            `json:"afterCursor"`
	HasMore      bool              `json:"hasMore"`
}

// PriceResponse is the body of GET /v2/price/{sellingAsset}/{buyingAsset}.
type PriceResponse struct {
	Price string `json:"price"`
}

// BatchPrice is one element of GET /v2/prices.
type BatchPrice struct {
	Assets string `json:"assets"`
	Price  string `json:"price"`
}

// PricesResponse is the body of GET /v2/prices.
type PricesResponse struct {
	Prices []BatchPrice `json:"prices"`
}

// QuantityEstimateResponse is the body of GET /v2/quantity-estimate.
type QuantityEstimateResponse struct {
	SellingAsset     string `json:"sellingAsset"`
	BuyingAsset      string `json:"buyingAsset"`
	SellingAmount    string `json:"sellingAmount"`
	QuantityEstimate string `json:"quantityEstimate"`
}

// CommissionRateResponse is the body of GET /v2/commission-rate/{source}.
type CommissionRateResponse struct {
	BuyingAsset  string `json:"buyingAsset"`
	SellingAsset string `json:"sellingAsset"`
	Commission   string `json:"commission"`
}
