package outbox

import (
	"time"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/api/receipt"
)

// The payload types' JSON is stored in the events table: rename no field.

// ChainActivity is the payload of a chain's Deposit and Withdrawal. Amounts are base-unit
// decimal strings.
type ChainActivity struct {
	Source      string         `json:"source"`
	TxHash      common.Hash    `json:"txHash"`
	BlockNumber uint64         `json:"blockNumber"`
	BlockHash   common.Hash    `json:"blockHash"`
	LogIndex    uint           `json:"logIndex"`
	BlockTime   uint64         `json:"blockTime"`
	Trader      common.Address `json:"trader"`
	Token       common.Address `json:"token"`
	Amount      string         `json:"amount"`
	// To is a withdrawal's destination.
	To *common.Address `json:"to,omitempty"`
	// Removed marks the compensating event of a change a reorg removed.
	Removed bool `json:"removed,omitempty"`
}

// LedgerActivity is the payload of a ledger's Deposit and Withdrawal (an OFFCHAIN
// deposit or withdrawal entry). Amounts are decimal strings in the asset's unit.
type LedgerActivity struct {
	Source   string `json:"source"`
	Asset    string `json:"asset"`
	Amount   string `json:"amount"`
	Location string `json:"location"`
	// InstructionID is a withdrawal's instruction id.
	InstructionID string `json:"instructionId,omitempty"`
	// TxHash is the chain transaction or the bank's transfer reference, "" when none.
	TxHash string `json:"transactionHash,omitempty"`
	// Receipt is the account's receipt of the movement, as the ledger wrote it in the
	// same transaction: hashed and chained, its signature ("0x" here) on GET
	// /v3/receipts once the receipt key signed it. Nil when receipts are off.
	Receipt *receipt.Signed `json:"receipt,omitempty"`
}

// OrderClosed is the payload of OrderSettled and OrderCancelled.
type OrderClosed struct {
	Source  string `json:"source"`
	OrderID uint64 `json:"orderId"`
	// Status is the order's status: SETTLED or CANCELLED.
	Status string `json:"status"`
	// TxHash is the checked return transaction, zero off a chain.
	TxHash      common.Hash `json:"txHash"`
	BlockNumber uint64      `json:"blockNumber"`
	// BuyAmount is what a settled order bought, "" for a cancel.
	BuyAmount string `json:"buyAmount,omitempty"`
	Removed   bool   `json:"removed,omitempty"`
}

// WithdrawalAddress is the payload of WithdrawalAddressStatus: an address and its new
// status.
type WithdrawalAddress struct {
	ID      string         `json:"id"`
	Source  string         `json:"source"`
	Address common.Address `json:"address"`
	// Status is PENDING or APPROVED.
	Status string `json:"status"`
}

// AccessChange is the payload of AccessChanged.
type AccessChange struct {
	// What changed: "api_key", "wallet" or "whitelist".
	What string `json:"what"`
	// APIKeyID or Address names the changed key or address.
	APIKeyID string         `json:"apiKeyId,omitempty"`
	Address  common.Address `json:"address,omitempty"`
}

// PriceChange is the payload of Price.
type PriceChange struct {
	// Asset is the asset id the feed prices, e.g. "eth".
	Asset string `json:"asset"`
	// Price is the feed's new answer scaled by its decimals: a decimal string in the
	// feeds' common unit (that of pricing.prices, e.g. USD), e.g. "3100".
	Price string `json:"price"`
	// UpdatedAt is when the feed's round was updated, by the feed's chain clock.
	UpdatedAt time.Time `json:"updatedAt"`
}

func (ChainActivity) kinds() []Kind     { return []Kind{Deposit, Withdrawal} }
func (LedgerActivity) kinds() []Kind    { return []Kind{Deposit, Withdrawal} }
func (OrderClosed) kinds() []Kind       { return []Kind{OrderSettled, OrderCancelled} }
func (WithdrawalAddress) kinds() []Kind { return []Kind{WithdrawalAddressStatus} }
func (AccessChange) kinds() []Kind      { return []Kind{AccessChanged} }
func (PriceChange) kinds() []Kind       { return []Kind{Price} }
