// Code generated via abigen V2 - DO NOT EDIT.
// This file is a generated binding and any manual changes will be lost.

package bindings

import (
	"bytes"
	"errors"
	"math/big"

	"github.com/ethereum/go-ethereum/accounts/abi"
	"github.com/ethereum/go-ethereum/accounts/abi/bind/v2"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/core/types"
)

// Reference imports to suppress errors if they are not otherwise used.
var (
	_ = bytes.Equal
	_ = errors.New
	_ = big.NewInt
	_ = common.Big1
	_ = types.BloomLookup
	_ = abi.ConvertType
)

// DTWFill is an auto generated low-level Go binding around an user-defined struct.
type DTWFill struct {
	IdAndTrader          *big.Int
	DeadlineAndSellToken *big.Int
	KindAndBuyToken      *big.Int
	SellAmount           *big.Int
	MinBuyAmount         *big.Int
	BuyAmount            *big.Int
}

// DTWOrder is an auto generated low-level Go binding around an user-defined struct.
type DTWOrder struct {
	Trader       common.Address
	SellToken    common.Address
	BuyToken     common.Address
	SellAmount   *big.Int
	MinBuyAmount *big.Int
	Deadline     uint64
	Kind         uint8
}

// DTWOrderRef is an auto generated low-level Go binding around an user-defined struct.
type DTWOrderRef struct {
	OrderId *big.Int
	Order   DTWOrder
}

// DTWSignedCancelRequest is an auto generated low-level Go binding around an user-defined struct.
type DTWSignedCancelRequest struct {
	Trader   common.Address
	OrderId  *big.Int
	Nonce    *big.Int
	Deadline uint64
}

// DTWSignedNonceInvalidation is an auto generated low-level Go binding around an user-defined struct.
type DTWSignedNonceInvalidation struct {
	Trader   common.Address
	Word     *big.Int
	Mask     *big.Int
	MinNonce *big.Int
	Nonce    *big.Int
	Deadline uint64
}

// DTWSignedOrder is an auto generated low-level Go binding around an user-defined struct.
type DTWSignedOrder struct {
	Trader       common.Address
	SellToken    common.Address
	BuyToken     common.Address
	SellAmount   *big.Int
	MinBuyAmount *big.Int
	Deadline     uint64
	Kind         uint8
	Nonce        *big.Int
}

// DTWSignedWithdrawal is an auto generated low-level Go binding around an user-defined struct.
type DTWSignedWithdrawal struct {
	Trader   common.Address
	Token    common.Address
	Amount   *big.Int
	To       common.Address
	Nonce    *big.Int
	Deadline uint64
}

// DTWMetaData contains all meta data concerning the DTW contract.
var DTWMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"AmountTooLarge\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"BadKind\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"BadSignature\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"ttl\",\"type\":\"uint256\"}],\"name\":\"BadTTL\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"BadValue\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"}],\"name\":\"BelowMinBuyAmount\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"}],\"name\":\"CancelAlreadyRequested\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"cancelAfter\",\"type\":\"uint64\"}],\"name\":\"CancelGraceNotOver\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"cancelAfter\",\"type\":\"uint64\"}],\"name\":\"CancelGraceOver\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"DeadlineNotPassed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"DeadlinePassed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint256\",\"name\":\"latest\",\"type\":\"uint256\"}],\"name\":\"DeadlineTooFar\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"available\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"IsPaused\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"minNonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"current\",\"type\":\"uint256\"}],\"name\":\"MinNonceNotRaised\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"NonceAlreadyUsed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minNonce\",\"type\":\"uint256\"}],\"name\":\"NonceBelowMinimum\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"NotAToken\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"NotListed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOperator\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"}],\"name\":\"NotOrderTrader\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOwner\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotPendingOwner\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"NothingToSweep\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Reentrancy\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SameToken\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"}],\"name\":\"UnknownOrder\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"cancelAfter\",\"type\":\"uint64\"}],\"name\":\"CancelRequested\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Deposited\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"uint32\",\"name\":\"maxOrderTTL\",\"type\":\"uint32\"}],\"name\":\"MaxOrderTTLSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"minNonce\",\"type\":\"uint256\"}],\"name\":\"MinNonceSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"NonceUsed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"word\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"mask\",\"type\":\"uint256\"}],\"name\":\"NoncesInvalidated\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"enabled\",\"type\":\"bool\"}],\"name\":\"OperatorSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"canceller\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"}],\"name\":\"OrderCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"deadlineAndSellToken\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"kindAndBuyToken\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"idAndSellAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"}],\"name\":\"OrderPlaced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"name\":\"OrderSettled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderKey\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"reason\",\"type\":\"uint8\"}],\"name\":\"OrderSkipped\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"pendingOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferStarted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"PausedSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Swept\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"listed\",\"type\":\"bool\"}],\"name\":\"TokenListed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"Withdrawn\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"CANCEL_GRACE\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"CANCEL_REQUEST_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ERC1271_GAS\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"KIND_LIMIT\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"KIND_MARKET\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"MAX_ORDER_TTL\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"NATIVE\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"NONCE_INVALIDATION_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ORDER_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SKIP_CANCEL_REQUESTED\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SKIP_CLOSED\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"SKIP_EXPIRED\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"WITHDRAWAL_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"acceptOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"b\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"cancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey_\",\"type\":\"uint256\"}],\"name\":\"cancelAfter\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"internalType\":\"structDTW.OrderRef[]\",\"name\":\"refs\",\"type\":\"tuple[]\"}],\"name\":\"cancelBatch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"delistedHeld\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"deposit\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"credited\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"depositAndPlaceOrder\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"domainSeparator\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"hashOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"invalidateNonce\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"word\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"mask\",\"type\":\"uint256\"}],\"name\":\"invalidateNonces\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"word\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"mask\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minNonce\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"}],\"internalType\":\"structDTW.SignedNonceInvalidation\",\"name\":\"n\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"invalidateNoncesSigned\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"isListed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"name\":\"isOperator\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"liabilities\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"maxOrderTTL\",\"outputs\":[{\"internalType\":\"uint32\",\"name\":\"\",\"type\":\"uint32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"}],\"name\":\"minNonce\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"nonceUsed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderKey_\",\"type\":\"uint256\"}],\"name\":\"orderHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"h\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"}],\"name\":\"orderKey\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pendingOwner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"internalType\":\"structDTW.SignedOrder\",\"name\":\"o\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"placeOrderSigned_0yx200\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"deadlineAndSellToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"kindAndBuyToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"}],\"name\":\"placeOrder_aIThfa\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"requestCancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"}],\"internalType\":\"structDTW.SignedCancelRequest\",\"name\":\"c\",\"type\":\"tuple\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"requestCancelSigned\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint32\",\"name\":\"ttl\",\"type\":\"uint32\"}],\"name\":\"setMaxOrderTTL\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"minNonce_\",\"type\":\"uint256\"}],\"name\":\"setMinNonce\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"enabled\",\"type\":\"bool\"}],\"name\":\"setOperator\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"paused_\",\"type\":\"bool\"}],\"name\":\"setPaused\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address[]\",\"name\":\"tokens\",\"type\":\"address[]\"},{\"internalType\":\"bool\",\"name\":\"listed\",\"type\":\"bool\"}],\"name\":\"setTokensListed\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"idAndTrader\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadlineAndSellToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"kindAndBuyToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"internalType\":\"structDTW.Fill[]\",\"name\":\"fills\",\"type\":\"tuple[]\"}],\"name\":\"settleBatch_Lk4000\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"idAndTrader\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"deadlineAndSellToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"kindAndBuyToken\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"internalType\":\"structDTW.Fill\",\"name\":\"fill\",\"type\":\"tuple\"}],\"name\":\"settle_dV6V10\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"surplus\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"sweep\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"withdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"}],\"internalType\":\"structDTW.SignedWithdrawal\",\"name\":\"w\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"withdrawSigned\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "DTW",
	Bin: "0x60c0806040523461016a57602081614878803803809161001f828561016e565b83398101031261016a57516001600160a01b0381169081810361016a57811561015b5763093a8000905f54906901000000000000000000600160e81b039060481b169068ffffffff0000000100600160e81b03191617175f554660805260405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f42cebeb18891199fb00fc9a5764622cb91ba0d77368512f6cbccda4dc27a8c7360408201527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a082015260a0815261010e60c08261016e565b51902060a052604051905f7f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e08180a36146d290816101a6823960805181612e4e015260a05181612e740152f35b63d92e233d60e01b5f5260045ffd5b5f80fd5b601f909101601f19168101906001600160401b0382119082101761019157604052565b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c80601714612a005780608d14612722578060a9146125745780617dcf1461222857806313f93ff4146121ed5780631647795e1461210d57806316c38b3c146120585780631731311414612014578063176d698e14611f7257806320b0afe914611da757806326dfc4271461084057806327f049851461109a5780632bce68d214611d69578063342b547c14611d2657806347e7ef2414611c0c5780634ceef0bd14611a9a5780635178a90c14611a60578063558a72971461197b578063577eb8a5146116a05780635b325cd7146116535780635c975abb146116145780635e82d71f146115ed57806369328dec1461156e5780636d70f7ae146115065780636f737257146113fe5780637356526d1461128557806379ba50971461115e5780638da5cb5b1461110b5780639f201297146110d2578063a0cf0aea1461109a578063aa99fa9814611037578063ac33fd1f14610fdf578063b01083e214610f5b578063b70e36f014610f20578063b8dc491b14610cc7578063bec984ae14610b51578063c088d68b14610aff578063c5ef2f5b14610a7f578063cd956d9414610a46578063d0ac9ddb14610a0b578063d5fee2001461094e578063d80087ad146108f6578063dd3ba81114610896578063e30c397814610845578063eade3ec914610840578063f2fde38b1461077f578063f698da251461073f578063f7888aec146106af578063f794062e14610647578063f973a209146105ef578063fc6fe8ac146102f4578063fdfd5a251461029c5763feb3d40914610255575f80fd5b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602063ffffffff5f5460081c16604051908152f35b5f80fd5b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040517f8913a3a8900551a7948042e732b51ef80c900fe2cacd50f15abedad504d69b738152f35b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760043567ffffffffffffffff811161029857366023820112156102985780600401359067ffffffffffffffff8211610298573660248360051b830101116102985761036c612b94565b73ffffffffffffffffffffffffffffffffffffffff5f5460481c1633036105c75782905f92811515935b838110156105c5576103af60248260051b840101612d1f565b83806105a6575b8061059d575b61055b5773ffffffffffffffffffffffffffffffffffffffff1690815f52600560205260405f208054878160f81c151503610427575b50506001917f4d028d2443376b23d569a2141e590b27661745f8ec8da63579e90de18a462afb6020604051898152a201610396565b7effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff16907fff000000000000000000000000000000000000000000000000000000000000008860f81b168217905561047f575b86806103f2565b83156104d8576001915f547fffffffffffffffffffffffffffffffffffffffffffffff00000000ffffffffff68ffffffff00000000006104c763ffffffff8460281c16612f2e565b60281b169116175f555b9150610478565b5f549163ffffffff8360281c169263ffffffff841461052e577fffffffffffffffffffffffffffffffffffffffffffffff00000000ffffffffff16600193840160281b68ffffffff000000000016175f556104d1565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b73ffffffffffffffffffffffffffffffffffffffff907ff0ae59ab000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b50803b156103bc565b5073ffffffffffffffffffffffffffffffffffffffff811615156103b6565b005b7f30cd7471000000000000000000000000000000000000000000000000000000005f5260045ffd5b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040517fe9e96ac7c91d3493f4bfa2153ba24ae832c4c0507e0d4e6bce42983d641379a48152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985773ffffffffffffffffffffffffffffffffffffffff610693612b2b565b165f526005602052602060405f205460f81c6040519015158152f35b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298577f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493610707612b2b565b61070f612b4e565b905f5218602052602077ffffffffffffffffffffffffffffffffffffffffffffffff60405f205416604051908152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576020610777612e4b565b604051908152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576107b6612b2b565b73ffffffffffffffffffffffffffffffffffffffff5f5460481c16908133036105c75773ffffffffffffffffffffffffffffffffffffffff1690817fffffffffffffffffffffffff000000000000000000000000000000000000000060015416176001557f38d16b8cac22d99fc7c124b9cd0de2d3fa1faef420bfe791d8c362d765e227005f80a3005b612ba3565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602073ffffffffffffffffffffffffffffffffffffffff60015416604051908152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206004358054905f526003825267ffffffffffffffff60405f2054166108ee57604051908152f35b600118610777565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040517f9ce93d4670409f2e51f751c28e35cb44217b73c0d70f127dd00c7e98cdb7d43f8152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760043567ffffffffffffffff8111610298573660238201121561029857806004013567ffffffffffffffff8111610298576024820191602436918360081b01011161029857335f52600260205260ff60405f205416905f5b8181106109de57005b80610a05846109f06001948689612e0e565b3560206109fe85888b612e0e565b0190613f6a565b016109d5565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060405162093a808152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060405160038152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857600435335f52600460205260405f20549081811115610ad1576105c59033614365565b7f493cffcf000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576004355f526003602052602067ffffffffffffffff60405f205416604051908152f35b3461029857610b5f36612c3a565b9060a0830167ffffffffffffffff610b7682612d6e565b164211610c9f57610c3a610b8985612d1f565b93602086013593604087013593606088013596610baa60808a013592612d6e565b67ffffffffffffffff6040519173ffffffffffffffffffffffffffffffffffffffff60208401947f9ce93d4670409f2e51f751c28e35cb44217b73c0d70f127dd00c7e98cdb7d43f86521660408401528960608401528860808401528a60a08401528460c08401521660e082015260e08152610c2861010082612d93565b51902090610c3589612d1f565b613c97565b80610c86575b505073ffffffffffffffffffffffffffffffffffffffff610c6083612d1f565b165f52600460205260405f20548111610c7557005b610c816105c592612d1f565b614365565b610c9891610c9385612d1f565b613b76565b8280610c40565b7f70f65caa000000000000000000000000000000000000000000000000000000005f5260045ffd5b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857610cfe612b2b565b610d06612b4e565b73ffffffffffffffffffffffffffffffffffffffff5f5460481c1633036105c75760ff5f5c16610ef85760017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d73ffffffffffffffffffffffffffffffffffffffff811615610ed05773ffffffffffffffffffffffffffffffffffffffff821691825f5260056020527effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60405f20541690610dc581613a21565b9082821115610ea457610e3d610dde84610e4294612e01565b8095877f7b09c29f9106defeccc9ac3b823f3aad0b470d120e5df7aed033b5c43a4bf71860405180610e348686836020909392919373ffffffffffffffffffffffffffffffffffffffff60408201951681520152565b0390a283614298565b613a21565b10610e78576020907fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d604051908152f35b507f39f1c8d9000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b847f0180603d000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b7fd92e233d000000000000000000000000000000000000000000000000000000005f5260045ffd5b7fab143c06000000000000000000000000000000000000000000000000000000005f5260045ffd5b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576105c560043533614119565b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985773ffffffffffffffffffffffffffffffffffffffff610fa7612b2b565b165f52600560205260207effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60405f205416604051908152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040517f1206d120de43cffea375d1a4ced0321f1366669e724a397713778a526667fa978152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985773ffffffffffffffffffffffffffffffffffffffff611083612b2b565b165f526004602052602060405f2054604051908152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040515f8152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060405160028152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602073ffffffffffffffffffffffffffffffffffffffff5f5460481c16604051908152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760015473ffffffffffffffffffffffffffffffffffffffff8116330361125d577fffffffffffffffffffffffff0000000000000000000000000000000000000000905f543373ffffffffffffffffffffffffffffffffffffffff8260481c167f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e05f80a37fffffff0000000000000000000000000000000000000000ffffffffffffffffff163360481b7cffffffffffffffffffffffffffffffffffffffff00000000000000000016175f5516600155005b7f1853971c000000000000000000000000000000000000000000000000000000005f5260045ffd5b346102985761129336612c3a565b919060ff5f5c16610ef85760017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d60a082019167ffffffffffffffff6112de84612d6e565b164211610c9f576113d06113ca6113c4836113bf6113d69861130261134297612d1f565b9760208401996113118b612d1f565b9960408601359a67ffffffffffffffff8c73ffffffffffffffffffffffffffffffffffffffff60608a019d8e612d1f565b61135060808c013597612d6e565b9282604051968160208901997f8913a3a8900551a7948042e732b51ef80c900fe2cacd50f15abedad504d69b738b5216604089015216606087015260808601521660a08401528460c08401521660e082015260e081526113b261010082612d93565b51902090610c3586612d1f565b612d1f565b94612d1f565b91612d1f565b92613fb4565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d005b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760043563ffffffff811690818103610298575f549073ffffffffffffffffffffffffffffffffffffffff8260481c1633036105c757821580156114fa575b6114ce57916020917fffffffffffffffffffffffffffffffffffffffffffffffffffffff00000000ff64ffffffff007fba9510efced4211dabbeb52eee80b6304fb7a34b59bbc4f560e91e7650fe47659560081b169116175f55604051908152a1005b827f14cd549e000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b5062093a80831161146b565b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985773ffffffffffffffffffffffffffffffffffffffff611552612b2b565b165f526002602052602060ff60405f2054166040519015158152f35b346102985760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576115a5612b2b565b6115ad612b71565b60ff5f5c16610ef8576113d69160017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d6024359033613fb4565b34610298576105c56115fe36612bdc565b335f52600260205260ff60405f20541691613d77565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060ff5f54166040519015158152f35b346102985760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602061077761168f612b4e565b611697612b71565b90600435613cba565b34610298577ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36016101808112610298576080136102985760e07fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7c360112610298576101643567ffffffffffffffff811161029857611723903690600401612afd565b67ffffffffffffffff611734612d57565b164211610c9f57611743612cfc565b73ffffffffffffffffffffffffffffffffffffffff80611761612c93565b169116036119325761180390611775612c93565b926024359360443590611786612d57565b67ffffffffffffffff6040519173ffffffffffffffffffffffffffffffffffffffff60208401947f1206d120de43cffea375d1a4ced0321f1366669e724a397713778a526667fa9786521660408401528860608401528460808401521660a082015260a081526117f760c082612d93565b51902090610c35612c93565b60843573ffffffffffffffffffffffffffffffffffffffff8116918282036102985760a43573ffffffffffffffffffffffffffffffffffffffff81168103610298578261184f92613cba565b90815467ffffffffffffffff6118708260e0604051816084823720866143b6565b166119065761012c67ffffffffffffffff42160167ffffffffffffffff811161052e577f531e50c4d56c7ac97229125568907dbacb0ed3c463c3418a55610a5a4028af12926001602093188555845f526003835267ffffffffffffffff60405f20921691827fffffffffffffffffffffffffffffffffffffffffffffffff000000000000000082541617905550604051908152a3005b827faa80afd6000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b73ffffffffffffffffffffffffffffffffffffffff61194f612cfc565b7f16fea117000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576119b2612b2b565b6119ba612b94565b9073ffffffffffffffffffffffffffffffffffffffff5f5460481c1633036105c75773ffffffffffffffffffffffffffffffffffffffff16908115610ed05760207f1a594081ae893ab78e67d9b9e843547318164322d32c65369d78a96172d9dc8f91835f526002825260405f20901515907fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0081541660ff8316179055604051908152a2005b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060405161012c8152f35b3461029857611aa836612bdc565b9073ffffffffffffffffffffffffffffffffffffffff611ac783612d1f565b163303611bee57611aed90611adb83612d1f565b611ae760208501612d1f565b91613cba565b80549167ffffffffffffffff611b0d8460e06040518186823720856143b6565b16611bc25761012c67ffffffffffffffff4216019267ffffffffffffffff841161052e5773ffffffffffffffffffffffffffffffffffffffff611bb77f531e50c4d56c7ac97229125568907dbacb0ed3c463c3418a55610a5a4028af12936001602094188655855f526003845267ffffffffffffffff60405f20971696877fffffffffffffffffffffffffffffffffffffffffffffffff0000000000000000825416179055612d1f565b1693604051908152a3005b507faa80afd6000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b73ffffffffffffffffffffffffffffffffffffffff61194f83612d1f565b60407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857611c3e612b2b565b60ff5f5c16610ef85760209060017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d611c7f60243582613a4d565b335f9081527f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d4938318602052604090208054820190559073ffffffffffffffffffffffffffffffffffffffff6040519183835216907f8752a472e571a816aea92eec8dae9baf628e840f4929fbcc2d155e6233ff68a7843392a37fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d604051908152f35b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602063ffffffff5f5460281c16604051908152f35b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576105c560243560043533613b76565b60c07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857611dd9612b2b565b611de1612b4e565b906084359067ffffffffffffffff82168092036102985760a43560ff81168091036102985760ff5f5c16610ef85760017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d611e4460443583613a4d565b9260405184815273ffffffffffffffffffffffffffffffffffffffff8416907f8752a472e571a816aea92eec8dae9baf628e840f4929fbcc2d155e6233ff68a760203392a3335f527f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493831860205260405f2092835494780100000000000000000000000000000000000000000000000086019687871161052e57602097611f4496558660c01c967bffffffffffffffff000000000000000000000000000000000000000033918a1c16175f527f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f358318885260643592338860405f2061377c565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d604051908152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857611fa9612b2b565b73ffffffffffffffffffffffffffffffffffffffff81165f526005602052611ff67effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff60405f20541691613a21565b8181111561200a5760209161077791612e01565b505060205f610777565b346102985760e07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060e0604051816004823720604051908152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857600435801515809103610298575f5473ffffffffffffffffffffffffffffffffffffffff8160481c1633036105c7577fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660ff8216175f556040519081527f40db37ff5c0bdc2c427fbb2078c8f24afea940abac0e3c23bb4ea3bf2da2b21290602090a1005b346102985760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610298576020612146612b2b565b60243573ffffffffffffffffffffffffffffffffffffffff82165f526004835260405f20548110918215612181575b50506040519015158152f35b6121e3925073ffffffffffffffffffffffffffffffffffffffff673fffffffffffffff911691166740000000000000001760a01b175f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f2090565b5415158280612175565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760206040516207a1208152f35b346102985760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760043567ffffffffffffffff8111610298573660238201121561029857806004013567ffffffffffffffff81116102985760c00281016024019036821161029857335f52600260205260ff60405f2054161561254c57602401905f5f5f5f945f945b80821061232257505050806122e1575b5050806122d257005b6122dd908254612e01565b9055005b61231b9133907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b82806122c9565b60c0939561232f836131ca565b94959193999092970196821561253f5773ffffffffffffffffffffffffffffffffffffffff8b1673ffffffffffffffffffffffffffffffffffffffff8216036124e9575b5073ffffffffffffffffffffffffffffffffffffffff831673ffffffffffffffffffffffffffffffffffffffff891681148015906124e1575b612485575b6123d68277ffffffffffffffffffffffffffffffffffffffffffffffff8f5416612e01565b908582106124515750508360209381937ff17448d2cd3965aaa13d7117b7f6cf3ff1033191535c87d829d8341e40985f149661244594019d019a907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b604051908152a26122b9565b8592507fdb42144d000000000000000000000000000000000000000000000000000000005f5260045260245260445260645ffd5b9750809b919b6124cd575b5050335f9081527f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d4938218602052604081209a9196879291906123b1565b6124d8908254612e01565b90558a80612490565b508c156123ac565b9a809a919a6124fe575b50505f99988c612373565b6125389133907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b8b806124f3565b50999750505050506122b9565b7f7c214f04000000000000000000000000000000000000000000000000000000005f5260045ffd5b346102985760807ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102985760043560443573ffffffffffffffffffffffffffffffffffffffff821660243582156126fa57335f527f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493821860205260405f209283549377ffffffffffffffffffffffffffffffffffffffffffffffff85168281106126c657509181602096937801000000000000000000000000000000000000000000000000610777969488030190558560c01c957bffffffffffffffff00000000000000000000000000000000000000003391891c16175f527f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f358318875260405f208260a01c9460a01c9373ffffffffffffffffffffffffffffffffffffffff60643594169188339161377c565b9050837fdb42144d000000000000000000000000000000000000000000000000000000005f5260045260245260445260645ffd5b7f1f2a2005000000000000000000000000000000000000000000000000000000005f5260045ffd5b34610298577ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360161012081126102985761010013610298576101043567ffffffffffffffff81116102985761277c903690600401612afd565b612784612c93565b61285f61278f612cb6565b92612798612cd9565b94612852606435946084359660ff6127ae612d40565b67ffffffffffffffff6127bf612d83565b9173ffffffffffffffffffffffffffffffffffffffff60e4359d81604051978160208a019a7fe9e96ac7c91d3493f4bfa2153ba24ae832c4c0507e0d4e6bce42983d641379a48c521660408a01521660608801521660808601528a60a08601528b60c08601521660e08401521661010082015288610120820152610120815261284a61014082612d93565b5190206134ee565b61285a612c93565b61353c565b156129d85773ffffffffffffffffffffffffffffffffffffffff612881612c93565b165f52600460205260405f20548084106129a957506128ff836128a2612c93565b73ffffffffffffffffffffffffffffffffffffffff673fffffffffffffff911691166740000000000000001760a01b175f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f2090565b805461297d579061077791602094673fffffffffffffff16674000000000000000179361293c8361292e612c93565b612936612cb6565b9061343e565b50612945612c93565b9261294e612cb6565b612956612cd9565b9061295f612d40565b958867ffffffffffffffff60ff612974612d83565b1698169661377c565b837f91cab504000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b837fcc209ed9000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b7f5cd5d233000000000000000000000000000000000000000000000000000000005f5260045ffd5b346102985760c07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857335f52600260205260ff60405f2054161561254c57612abf7ff17448d2cd3965aaa13d7117b7f6cf3ff1033191535c87d829d8341e40985f146020612af4612a75612f5f565b959498908293612a88888097953361343e565b5033907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b604051908152a2005b9181601f840112156102985782359167ffffffffffffffff8311610298576020838186019501011161029857565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361029857565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361029857565b6044359073ffffffffffffffffffffffffffffffffffffffff8216820361029857565b60243590811515820361029857565b34610298575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261029857602060405160018152f35b906101007ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc8301126102985760e07fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc60043593011261029857602490565b907ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc820160e081126102985760c0136102985760049160c4359067ffffffffffffffff821161029857612c8f91600401612afd565b9091565b60043573ffffffffffffffffffffffffffffffffffffffff811681036102985790565b60243573ffffffffffffffffffffffffffffffffffffffff811681036102985790565b60443573ffffffffffffffffffffffffffffffffffffffff811681036102985790565b60843573ffffffffffffffffffffffffffffffffffffffff811681036102985790565b3573ffffffffffffffffffffffffffffffffffffffff811681036102985790565b60a43567ffffffffffffffff811681036102985790565b60643567ffffffffffffffff811681036102985790565b3567ffffffffffffffff811681036102985790565b60c43560ff811681036102985790565b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff821117612dd457604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b9190820391821161052e57565b9190811015612e1e5760081b0190565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b467f000000000000000000000000000000000000000000000000000000000000000003612e96577f000000000000000000000000000000000000000000000000000000000000000090565b60405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f42cebeb18891199fb00fc9a5764622cb91ba0d77368512f6cbccda4dc27a8c7360408201527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a082015260a08152612f2860c082612d93565b51902090565b63ffffffff16801561052e577fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0190565b5f600435916024356044359173ffffffffffffffffffffffffffffffffffffffff8216926740000000000000008660a01c16151591825f1461319757865f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f20925b8397845494600186111580613190575b61314e575073ffffffffffffffffffffffffffffffffffffffff169673ffffffffffffffffffffffffffffffffffffffff84169560a01c90866130646064359761305e8c868d8c60843597889260a4359e60a01c959492909160e0969492604051968752602087015260408601526060850152608084015260a083015260c08201522090565b8d6143b6565b924211610c9f5767ffffffffffffffff831680151580613145575b6130ca575080861061309a575050906130989189614427565b565b60449250857ff901d257000000000000000000000000000000000000000000000000000000008352600452602452fd5b9a99989796505092935050508061310b5786867f7c80d354000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b919395509193807fa8ba55c5cdacfe01cdecfe7125bb00f103d7768561268c0099094739ed0da03d602060405160038152a2949392918190565b5080421161307f565b96975050509550505050807fa8ba55c5cdacfe01cdecfe7125bb00f103d7768561268c0099094739ed0da03d602060405160018152a2915f91905f905f905f90565b505f612fd8565b865f527f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f35851860205260405f2092612fc8565b80359160208201359060408301359173ffffffffffffffffffffffffffffffffffffffff8116926740000000000000008660a01c16151592835f1461340b57865f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f20935b8496855495600187111580613403575b61314e575060a073ffffffffffffffffffffffffffffffffffffffff6132db999a169889976132d573ffffffffffffffffffffffffffffffffffffffff8816998a99851c868d6060839901359c8d916080840135998a9401359d60a01c959492909160e0969492604051968752602087015260408601526060850152608084015260a083015260c08201522090565b8c6143b6565b9142116133c35767ffffffffffffffff8216801515806133ba575b61333d575080851061330e5750906130989189614427565b847ff901d257000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b9998979695505050509050600161337e5785857f7c80d354000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b919380919395507fa8ba55c5cdacfe01cdecfe7125bb00f103d7768561268c0099094739ed0da03d602060405160038152a2939291905f905f90565b508042116132f6565b50505092939495915050807fa8ba55c5cdacfe01cdecfe7125bb00f103d7768561268c0099094739ed0da03d602060405160028152a2939291905f905f90565b506001613246565b865f527f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f35851860205260405f2093613236565b91909181156126fa575f527f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493821860205260405f209081549277ffffffffffffffffffffffffffffffffffffffffffffffff8416908282106134a65750508203905560c01c90565b73ffffffffffffffffffffffffffffffffffffffff907fdb42144d000000000000000000000000000000000000000000000000000000005f521660045260245260445260645ffd5b6134f6612e4b565b906040519060208201927f190100000000000000000000000000000000000000000000000000000000000084526022830152604282015260428152612f28606282612d93565b9073ffffffffffffffffffffffffffffffffffffffff821680156137735760418514613666575b50813b1561365e578361361460845f957fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f6020996040519687948c8601997f1626ba7e000000000000000000000000000000000000000000000000000000008b5260248701526040604487015281606487015286860137898582860101520116810103017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe08101835282612d93565b51916207a120fa5f5160203d10613656575b8161362f575090565b7f1626ba7e0000000000000000000000000000000000000000000000000000000091501490565b5f9150613626565b505050505f90565b8460201161029857833590856040116102985760208501358660401015612e1e57604086013560f81c90601b8210613761575b7f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0811115938461373d575b846136e1575b505050506136d8575f613563565b50505050600190565b6020939450916080915f9360ff6040519389855216868401526040830152606082015282805260015afa156137325773ffffffffffffffffffffffffffffffffffffffff5f5116145f8080806136ca565b6040513d5f823e3d90fd5b935060ff8216601b8114908115613756575b50936136c4565b601c9150145f61374f565b90601b0160ff811161052e5790613699565b50505050505f90565b5f5497989297919460ff83166139f95773ffffffffffffffffffffffffffffffffffffffff81169473ffffffffffffffffffffffffffffffffffffffff8116938685146139d15789156126fa57428c1115610c9f5763ffffffff8160081c164201808d1161397457506001861161392f579063ffffffff8c939260281c166138a2575b9261387a868a97948c73ffffffffffffffffffffffffffffffffffffffff9c7fef1644a538db4c454d0b16665e287cc3c27893b0e8693a56d1bf5283df77e4809f9c999660809f9c998e9492909160e0969492604051968752602087015260408601526060850152608084015260a083015260c08201522090565b90556040519a60a01b178a5260a01b17602089015260c01b17604087015260608601521692a2565b909150835f52600560205260405f205460f81c1561390357855f52600560205260405f205460f81c156138d757908a916137ff565b857f5d35c429000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b837f5d35c429000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b8560ff81111561396a575060ff805b7fdfc03387000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b60ff80911661393e565b8c67ffffffffffffffff8111156139c0575067ffffffffffffffff805b7f136579e6000000000000000000000000000000000000000000000000000000005f521660045260245260445ffd5b67ffffffffffffffff809116613991565b7f201b580a000000000000000000000000000000000000000000000000000000005f5260045ffd5b7f1309a563000000000000000000000000000000000000000000000000000000005f5260045ffd5b73ffffffffffffffffffffffffffffffffffffffff8116613a4157504790565b613a4a9061447e565b90565b919073ffffffffffffffffffffffffffffffffffffffff831692835f52600560205260405f2093845460f81c15613b4b575090613a89916144fb565b917effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff81541683810180911161052e5777ffffffffffffffffffffffffffffffffffffffffffffffff8111613b23577effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff809116167fff00000000000000000000000000000000000000000000000000000000000000825416179055565b7f06250401000000000000000000000000000000000000000000000000000000005f5260045ffd5b7f5d35c429000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b90918260f81c15613bcb575b73ffffffffffffffffffffffffffffffffffffffff7f41a696ce0dbffb78931eef7ecfa24d3ab6270c8a321cc6564df24b38f16c4e4f92604092835195865260208601521692a2565b5f939293928460081b935b82811c8015613c8d5760011615613c8857674000000000000000673fffffffffffffff868317161760a01b73ffffffffffffffffffffffffffffffffffffffff8516175f9081527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260409020805415613c7e575b505b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff811461052e57600101613bd6565b600190555f613c4d565b613c4f565b5050939250613b82565b939092613ca6613cac936134ee565b8561353c565b156129d85761309891614119565b919082603f1c613d505773ffffffffffffffffffffffffffffffffffffffff67400000000000000091168360a01b17921615155f14613d2157505f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f2090565b7f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f35915f521860205260405f2090565b5050507f390905a4c367d71609f049562f4131198bc4dbbfd05ec606a1ee4acf0cef7f3590565b9190613d8281612d1f565b91613d9b6020830193613d9485612d1f565b9086613cba565b938454600181111580613f63575b613f3157613dc19060e06040518187823720876143b6565b911580613f12575b613e9c575b91613e0b7f082be4846629733421314bf0ea951af7ddf7533964d539e3257dfb5dd144587594926740000000000000006080951615159087614427565b73ffffffffffffffffffffffffffffffffffffffff613e80613e7a613e2f84612d1f565b936113bf613e3c87612d1f565b956060830135968791907f044181c4be9916ed1d7d815e346ed30f8ce4cadb3c754bdb1d7275f46401d493915f521860205260405f20908154019055565b93612d1f565b81604051941684523360208501521660408301526060820152a2565b67ffffffffffffffff82168015613eea5780421115613ebb5750613dce565b857ff5c4f8e0000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b7f2eb35430000000000000000000000000000000000000000000000000000000005f5260045ffd5b5067ffffffffffffffff613f2860a08501612d6e565b16421115613dc9565b50505050507fa8ba55c5cdacfe01cdecfe7125bb00f103d7768561268c0099094739ed0da03d602060405160018152a2565b505f613da9565b9190613f7581612d1f565b91613f876020830193613d9485612d1f565b938454600181111580613fac57613f3157613dc19060e06040518187823720876143b6565b506001613da9565b929073ffffffffffffffffffffffffffffffffffffffff8216938415610ed05761309894613fe385848461343e565b507f889d364b5102aee044ff370e2e6a836584e5618a16dce4f5b191459cf3903e58604073ffffffffffffffffffffffffffffffffffffffff80861694855f526005602052825f207effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff80825416818c169003167effffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff81167fff0000000000000000000000000000000000000000000000000000000000000083541617825515908161410c575b506140bf575b82519489865260208601521692a3614298565b5f547fffffffffffffffffffffffffffffffffffffffffffffff00000000ffffffffff68ffffffff00000000006140fe63ffffffff8460281c16612f2e565b60281b169116175f556140ac565b90505460f81c155f6140a6565b9073ffffffffffffffffffffffffffffffffffffffff821691825f52600460205260405f205480831061420c5750816141a99173ffffffffffffffffffffffffffffffffffffffff673fffffffffffffff911691166740000000000000001760a01b175f527fc6f6fa5b3c9828e9f60fb6a9d0becee6743b24402fa139f95e11b530f31080ca60205260405f2090565b80546141e0577f2af71f10069c28afc67c3752e87e0e4616a97948d33c8f404a856c0c334b3e0191600160209255604051908152a2565b507f91cab504000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b827fcc209ed9000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b3d15614293573d9067ffffffffffffffff8211612dd4576040519161428860207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184612d93565b82523d5f602084013e565b606090565b73ffffffffffffffffffffffffffffffffffffffff8116929190836142fc57505f80809381935af16142c861423b565b50156142d15750565b7f39f1c8d9000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b6040517fa9059cbb00000000000000000000000000000000000000000000000000000000602082015273ffffffffffffffffffffffffffffffffffffffff929092166024830152604480830193909352918152613098925090614360606483612d93565b6145ce565b602073ffffffffffffffffffffffffffffffffffffffff7fde197cbad7cf992561964982770e3c481b0757a900f10adc1c2515a653064f7a921692835f52600482528060405f2055604051908152a2565b91818114614420578015918215614412575b50506143e7575f52600360205267ffffffffffffffff60405f20541690565b7f40ddeab2000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b600118141590505f806143c8565b5050505f90565b9167ffffffffffffffff9190156144785760015b8355166144455750565b5f52600360205260405f207fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000008154169055565b5f61443b565b5f8060405160208101907f70a08231000000000000000000000000000000000000000000000000000000008252306024820152602481526144c0604482612d93565b5190845afa906144ce61423b565b911580156144f0575b61055b5750602081805181010312610298576020015190565b5060208251106144d7565b9080156126fa5773ffffffffffffffffffffffffffffffffffffffff8216156145c2573461459a5761458c826145876145366145919561447e565b93604051907f23b872dd000000000000000000000000000000000000000000000000000000006020830152336024830152306044830152606482015260648152614581608482612d93565b826145ce565b61447e565b612e01565b9081156126fa57565b7f0bba69fb000000000000000000000000000000000000000000000000000000005f5260045ffd5b809150340361459a5790565b90813b15614690575f816020829351910182855af16145eb61423b565b901590811561463f575b506145fd5750565b73ffffffffffffffffffffffffffffffffffffffff907f39f1c8d9000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b809150518015159182614655575b50505f6145f5565b60208210925090821561466c575b50505f8061464d565b81925090602091810103126102985760200151801590811503610298575f80614663565b73ffffffffffffffffffffffffffffffffffffffff827ff0ae59ab000000000000000000000000000000000000000000000000000000005f521660045260245ffd",
}

// DTW is an auto generated Go binding around an Ethereum contract.
type DTW struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *DTW) GetABI() abi.ABI {
	return c.abi
}

// NewDTW creates a new instance of DTW.
func NewDTW() *DTW {
	parsed, err := DTWMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &DTW{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *DTW) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address owner_) returns()
func (dTW *DTW) PackConstructor(owner_ common.Address) []byte {
	enc, err := dTW.abi.Pack("", owner_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackCANCELGRACE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5178a90c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CANCEL_GRACE() view returns(uint64)
func (dTW *DTW) PackCANCELGRACE() []byte {
	enc, err := dTW.abi.Pack("CANCEL_GRACE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCANCELGRACE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5178a90c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CANCEL_GRACE() view returns(uint64)
func (dTW *DTW) TryPackCANCELGRACE() ([]byte, error) {
	return dTW.abi.Pack("CANCEL_GRACE")
}

// UnpackCANCELGRACE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5178a90c.
//
// Solidity: function CANCEL_GRACE() view returns(uint64)
func (dTW *DTW) UnpackCANCELGRACE(data []byte) (uint64, error) {
	out, err := dTW.abi.Unpack("CANCEL_GRACE", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackCANCELREQUESTTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac33fd1f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function CANCEL_REQUEST_TYPEHASH() view returns(bytes32)
func (dTW *DTW) PackCANCELREQUESTTYPEHASH() []byte {
	enc, err := dTW.abi.Pack("CANCEL_REQUEST_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCANCELREQUESTTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xac33fd1f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function CANCEL_REQUEST_TYPEHASH() view returns(bytes32)
func (dTW *DTW) TryPackCANCELREQUESTTYPEHASH() ([]byte, error) {
	return dTW.abi.Pack("CANCEL_REQUEST_TYPEHASH")
}

// UnpackCANCELREQUESTTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xac33fd1f.
//
// Solidity: function CANCEL_REQUEST_TYPEHASH() view returns(bytes32)
func (dTW *DTW) UnpackCANCELREQUESTTYPEHASH(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("CANCEL_REQUEST_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackERC1271GAS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13f93ff4.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function ERC1271_GAS() view returns(uint256)
func (dTW *DTW) PackERC1271GAS() []byte {
	enc, err := dTW.abi.Pack("ERC1271_GAS")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackERC1271GAS is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x13f93ff4.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function ERC1271_GAS() view returns(uint256)
func (dTW *DTW) TryPackERC1271GAS() ([]byte, error) {
	return dTW.abi.Pack("ERC1271_GAS")
}

// UnpackERC1271GAS is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x13f93ff4.
//
// Solidity: function ERC1271_GAS() view returns(uint256)
func (dTW *DTW) UnpackERC1271GAS(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("ERC1271_GAS", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackKINDLIMIT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeade3ec9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function KIND_LIMIT() view returns(uint8)
func (dTW *DTW) PackKINDLIMIT() []byte {
	enc, err := dTW.abi.Pack("KIND_LIMIT")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackKINDLIMIT is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xeade3ec9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function KIND_LIMIT() view returns(uint8)
func (dTW *DTW) TryPackKINDLIMIT() ([]byte, error) {
	return dTW.abi.Pack("KIND_LIMIT")
}

// UnpackKINDLIMIT is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xeade3ec9.
//
// Solidity: function KIND_LIMIT() view returns(uint8)
func (dTW *DTW) UnpackKINDLIMIT(data []byte) (uint8, error) {
	out, err := dTW.abi.Unpack("KIND_LIMIT", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackKINDMARKET is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x27f04985.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function KIND_MARKET() view returns(uint8)
func (dTW *DTW) PackKINDMARKET() []byte {
	enc, err := dTW.abi.Pack("KIND_MARKET")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackKINDMARKET is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x27f04985.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function KIND_MARKET() view returns(uint8)
func (dTW *DTW) TryPackKINDMARKET() ([]byte, error) {
	return dTW.abi.Pack("KIND_MARKET")
}

// UnpackKINDMARKET is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x27f04985.
//
// Solidity: function KIND_MARKET() view returns(uint8)
func (dTW *DTW) UnpackKINDMARKET(data []byte) (uint8, error) {
	out, err := dTW.abi.Unpack("KIND_MARKET", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMAXORDERTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd0ac9ddb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function MAX_ORDER_TTL() view returns(uint32)
func (dTW *DTW) PackMAXORDERTTL() []byte {
	enc, err := dTW.abi.Pack("MAX_ORDER_TTL")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMAXORDERTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd0ac9ddb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function MAX_ORDER_TTL() view returns(uint32)
func (dTW *DTW) TryPackMAXORDERTTL() ([]byte, error) {
	return dTW.abi.Pack("MAX_ORDER_TTL")
}

// UnpackMAXORDERTTL is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd0ac9ddb.
//
// Solidity: function MAX_ORDER_TTL() view returns(uint32)
func (dTW *DTW) UnpackMAXORDERTTL(data []byte) (uint32, error) {
	out, err := dTW.abi.Unpack("MAX_ORDER_TTL", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackNATIVE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cf0aea.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function NATIVE() view returns(address)
func (dTW *DTW) PackNATIVE() []byte {
	enc, err := dTW.abi.Pack("NATIVE")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNATIVE is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa0cf0aea.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function NATIVE() view returns(address)
func (dTW *DTW) TryPackNATIVE() ([]byte, error) {
	return dTW.abi.Pack("NATIVE")
}

// UnpackNATIVE is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa0cf0aea.
//
// Solidity: function NATIVE() view returns(address)
func (dTW *DTW) UnpackNATIVE(data []byte) (common.Address, error) {
	out, err := dTW.abi.Unpack("NATIVE", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackNONCEINVALIDATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd80087ad.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function NONCE_INVALIDATION_TYPEHASH() view returns(bytes32)
func (dTW *DTW) PackNONCEINVALIDATIONTYPEHASH() []byte {
	enc, err := dTW.abi.Pack("NONCE_INVALIDATION_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNONCEINVALIDATIONTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd80087ad.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function NONCE_INVALIDATION_TYPEHASH() view returns(bytes32)
func (dTW *DTW) TryPackNONCEINVALIDATIONTYPEHASH() ([]byte, error) {
	return dTW.abi.Pack("NONCE_INVALIDATION_TYPEHASH")
}

// UnpackNONCEINVALIDATIONTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xd80087ad.
//
// Solidity: function NONCE_INVALIDATION_TYPEHASH() view returns(bytes32)
func (dTW *DTW) UnpackNONCEINVALIDATIONTYPEHASH(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("NONCE_INVALIDATION_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackORDERTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf973a209.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (dTW *DTW) PackORDERTYPEHASH() []byte {
	enc, err := dTW.abi.Pack("ORDER_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackORDERTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf973a209.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (dTW *DTW) TryPackORDERTYPEHASH() ([]byte, error) {
	return dTW.abi.Pack("ORDER_TYPEHASH")
}

// UnpackORDERTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf973a209.
//
// Solidity: function ORDER_TYPEHASH() view returns(bytes32)
func (dTW *DTW) UnpackORDERTYPEHASH(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("ORDER_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackSKIPCANCELREQUESTED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcd956d94.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SKIP_CANCEL_REQUESTED() view returns(uint8)
func (dTW *DTW) PackSKIPCANCELREQUESTED() []byte {
	enc, err := dTW.abi.Pack("SKIP_CANCEL_REQUESTED")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSKIPCANCELREQUESTED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcd956d94.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SKIP_CANCEL_REQUESTED() view returns(uint8)
func (dTW *DTW) TryPackSKIPCANCELREQUESTED() ([]byte, error) {
	return dTW.abi.Pack("SKIP_CANCEL_REQUESTED")
}

// UnpackSKIPCANCELREQUESTED is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xcd956d94.
//
// Solidity: function SKIP_CANCEL_REQUESTED() view returns(uint8)
func (dTW *DTW) UnpackSKIPCANCELREQUESTED(data []byte) (uint8, error) {
	out, err := dTW.abi.Unpack("SKIP_CANCEL_REQUESTED", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackSKIPCLOSED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x26dfc427.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SKIP_CLOSED() view returns(uint8)
func (dTW *DTW) PackSKIPCLOSED() []byte {
	enc, err := dTW.abi.Pack("SKIP_CLOSED")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSKIPCLOSED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x26dfc427.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SKIP_CLOSED() view returns(uint8)
func (dTW *DTW) TryPackSKIPCLOSED() ([]byte, error) {
	return dTW.abi.Pack("SKIP_CLOSED")
}

// UnpackSKIPCLOSED is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x26dfc427.
//
// Solidity: function SKIP_CLOSED() view returns(uint8)
func (dTW *DTW) UnpackSKIPCLOSED(data []byte) (uint8, error) {
	out, err := dTW.abi.Unpack("SKIP_CLOSED", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackSKIPEXPIRED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9f201297.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function SKIP_EXPIRED() view returns(uint8)
func (dTW *DTW) PackSKIPEXPIRED() []byte {
	enc, err := dTW.abi.Pack("SKIP_EXPIRED")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSKIPEXPIRED is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9f201297.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function SKIP_EXPIRED() view returns(uint8)
func (dTW *DTW) TryPackSKIPEXPIRED() ([]byte, error) {
	return dTW.abi.Pack("SKIP_EXPIRED")
}

// UnpackSKIPEXPIRED is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9f201297.
//
// Solidity: function SKIP_EXPIRED() view returns(uint8)
func (dTW *DTW) UnpackSKIPEXPIRED(data []byte) (uint8, error) {
	out, err := dTW.abi.Unpack("SKIP_EXPIRED", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackWITHDRAWALTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfdfd5a25.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function WITHDRAWAL_TYPEHASH() view returns(bytes32)
func (dTW *DTW) PackWITHDRAWALTYPEHASH() []byte {
	enc, err := dTW.abi.Pack("WITHDRAWAL_TYPEHASH")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWITHDRAWALTYPEHASH is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfdfd5a25.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function WITHDRAWAL_TYPEHASH() view returns(bytes32)
func (dTW *DTW) TryPackWITHDRAWALTYPEHASH() ([]byte, error) {
	return dTW.abi.Pack("WITHDRAWAL_TYPEHASH")
}

// UnpackWITHDRAWALTYPEHASH is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfdfd5a25.
//
// Solidity: function WITHDRAWAL_TYPEHASH() view returns(bytes32)
func (dTW *DTW) UnpackWITHDRAWALTYPEHASH(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("WITHDRAWAL_TYPEHASH", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackAcceptOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x79ba5097.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function acceptOwnership() returns()
func (dTW *DTW) PackAcceptOwnership() []byte {
	enc, err := dTW.abi.Pack("acceptOwnership")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAcceptOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x79ba5097.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function acceptOwnership() returns()
func (dTW *DTW) TryPackAcceptOwnership() ([]byte, error) {
	return dTW.abi.Pack("acceptOwnership")
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf7888aec.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address trader, address token) view returns(uint256 b)
func (dTW *DTW) PackBalanceOf(trader common.Address, token common.Address) []byte {
	enc, err := dTW.abi.Pack("balanceOf", trader, token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf7888aec.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address trader, address token) view returns(uint256 b)
func (dTW *DTW) TryPackBalanceOf(trader common.Address, token common.Address) ([]byte, error) {
	return dTW.abi.Pack("balanceOf", trader, token)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf7888aec.
//
// Solidity: function balanceOf(address trader, address token) view returns(uint256 b)
func (dTW *DTW) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e82d71f.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancel(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order) returns()
func (dTW *DTW) PackCancel(orderId *big.Int, order DTWOrder) []byte {
	enc, err := dTW.abi.Pack("cancel", orderId, order)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5e82d71f.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cancel(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order) returns()
func (dTW *DTW) TryPackCancel(orderId *big.Int, order DTWOrder) ([]byte, error) {
	return dTW.abi.Pack("cancel", orderId, order)
}

// PackCancelAfter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc088d68b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancelAfter(uint256 orderKey_) view returns(uint64)
func (dTW *DTW) PackCancelAfter(orderKey *big.Int) []byte {
	enc, err := dTW.abi.Pack("cancelAfter", orderKey)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCancelAfter is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc088d68b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cancelAfter(uint256 orderKey_) view returns(uint64)
func (dTW *DTW) TryPackCancelAfter(orderKey *big.Int) ([]byte, error) {
	return dTW.abi.Pack("cancelAfter", orderKey)
}

// UnpackCancelAfter is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xc088d68b.
//
// Solidity: function cancelAfter(uint256 orderKey_) view returns(uint64)
func (dTW *DTW) UnpackCancelAfter(data []byte) (uint64, error) {
	out, err := dTW.abi.Unpack("cancelAfter", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
	return out0, nil
}

// PackCancelBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd5fee200.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function cancelBatch((uint256,(address,address,address,uint256,uint256,uint64,uint8))[] refs) returns()
func (dTW *DTW) PackCancelBatch(refs []DTWOrderRef) []byte {
	enc, err := dTW.abi.Pack("cancelBatch", refs)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackCancelBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xd5fee200.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function cancelBatch((uint256,(address,address,address,uint256,uint256,uint64,uint8))[] refs) returns()
func (dTW *DTW) TryPackCancelBatch(refs []DTWOrderRef) ([]byte, error) {
	return dTW.abi.Pack("cancelBatch", refs)
}

// PackDelistedHeld is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x342b547c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function delistedHeld() view returns(uint32)
func (dTW *DTW) PackDelistedHeld() []byte {
	enc, err := dTW.abi.Pack("delistedHeld")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDelistedHeld is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x342b547c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function delistedHeld() view returns(uint32)
func (dTW *DTW) TryPackDelistedHeld() ([]byte, error) {
	return dTW.abi.Pack("delistedHeld")
}

// UnpackDelistedHeld is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x342b547c.
//
// Solidity: function delistedHeld() view returns(uint32)
func (dTW *DTW) UnpackDelistedHeld(data []byte) (uint32, error) {
	out, err := dTW.abi.Unpack("delistedHeld", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x47e7ef24.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deposit(address token, uint256 amount) payable returns(uint256 credited)
func (dTW *DTW) PackDeposit(token common.Address, amount *big.Int) []byte {
	enc, err := dTW.abi.Pack("deposit", token, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeposit is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x47e7ef24.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deposit(address token, uint256 amount) payable returns(uint256 credited)
func (dTW *DTW) TryPackDeposit(token common.Address, amount *big.Int) ([]byte, error) {
	return dTW.abi.Pack("deposit", token, amount)
}

// UnpackDeposit is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x47e7ef24.
//
// Solidity: function deposit(address token, uint256 amount) payable returns(uint256 credited)
func (dTW *DTW) UnpackDeposit(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("deposit", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDepositAndPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x20b0afe9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function depositAndPlaceOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) payable returns(uint256 orderId)
func (dTW *DTW) PackDepositAndPlaceOrder(sellToken common.Address, buyToken common.Address, sellAmount *big.Int, minBuyAmount *big.Int, deadline uint64, kind uint8) []byte {
	enc, err := dTW.abi.Pack("depositAndPlaceOrder", sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDepositAndPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x20b0afe9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function depositAndPlaceOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) payable returns(uint256 orderId)
func (dTW *DTW) TryPackDepositAndPlaceOrder(sellToken common.Address, buyToken common.Address, sellAmount *big.Int, minBuyAmount *big.Int, deadline uint64, kind uint8) ([]byte, error) {
	return dTW.abi.Pack("depositAndPlaceOrder", sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind)
}

// UnpackDepositAndPlaceOrder is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x20b0afe9.
//
// Solidity: function depositAndPlaceOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) payable returns(uint256 orderId)
func (dTW *DTW) UnpackDepositAndPlaceOrder(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("depositAndPlaceOrder", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDomainSeparator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf698da25.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (dTW *DTW) PackDomainSeparator() []byte {
	enc, err := dTW.abi.Pack("domainSeparator")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDomainSeparator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf698da25.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (dTW *DTW) TryPackDomainSeparator() ([]byte, error) {
	return dTW.abi.Pack("domainSeparator")
}

// UnpackDomainSeparator is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf698da25.
//
// Solidity: function domainSeparator() view returns(bytes32)
func (dTW *DTW) UnpackDomainSeparator(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("domainSeparator", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackHashOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x17313114.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function hashOrder((address,address,address,uint256,uint256,uint64,uint8) order) pure returns(bytes32)
func (dTW *DTW) PackHashOrder(order DTWOrder) []byte {
	enc, err := dTW.abi.Pack("hashOrder", order)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackHashOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x17313114.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function hashOrder((address,address,address,uint256,uint256,uint64,uint8) order) pure returns(bytes32)
func (dTW *DTW) TryPackHashOrder(order DTWOrder) ([]byte, error) {
	return dTW.abi.Pack("hashOrder", order)
}

// UnpackHashOrder is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x17313114.
//
// Solidity: function hashOrder((address,address,address,uint256,uint256,uint64,uint8) order) pure returns(bytes32)
func (dTW *DTW) UnpackHashOrder(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("hashOrder", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackInvalidateNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb70e36f0.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function invalidateNonce(uint256 nonce) returns()
func (dTW *DTW) PackInvalidateNonce(nonce *big.Int) []byte {
	enc, err := dTW.abi.Pack("invalidateNonce", nonce)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInvalidateNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb70e36f0.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function invalidateNonce(uint256 nonce) returns()
func (dTW *DTW) TryPackInvalidateNonce(nonce *big.Int) ([]byte, error) {
	return dTW.abi.Pack("invalidateNonce", nonce)
}

// PackInvalidateNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2bce68d2.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function invalidateNonces(uint256 word, uint256 mask) returns()
func (dTW *DTW) PackInvalidateNonces(word *big.Int, mask *big.Int) []byte {
	enc, err := dTW.abi.Pack("invalidateNonces", word, mask)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInvalidateNonces is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2bce68d2.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function invalidateNonces(uint256 word, uint256 mask) returns()
func (dTW *DTW) TryPackInvalidateNonces(word *big.Int, mask *big.Int) ([]byte, error) {
	return dTW.abi.Pack("invalidateNonces", word, mask)
}

// PackInvalidateNoncesSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbec984ae.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function invalidateNoncesSigned((address,uint256,uint256,uint256,uint256,uint64) n, bytes signature) returns()
func (dTW *DTW) PackInvalidateNoncesSigned(n DTWSignedNonceInvalidation, signature []byte) []byte {
	enc, err := dTW.abi.Pack("invalidateNoncesSigned", n, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackInvalidateNoncesSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xbec984ae.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function invalidateNoncesSigned((address,uint256,uint256,uint256,uint256,uint64) n, bytes signature) returns()
func (dTW *DTW) TryPackInvalidateNoncesSigned(n DTWSignedNonceInvalidation, signature []byte) ([]byte, error) {
	return dTW.abi.Pack("invalidateNoncesSigned", n, signature)
}

// PackIsListed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf794062e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isListed(address token) view returns(bool)
func (dTW *DTW) PackIsListed(token common.Address) []byte {
	enc, err := dTW.abi.Pack("isListed", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsListed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf794062e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isListed(address token) view returns(bool)
func (dTW *DTW) TryPackIsListed(token common.Address) ([]byte, error) {
	return dTW.abi.Pack("isListed", token)
}

// UnpackIsListed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf794062e.
//
// Solidity: function isListed(address token) view returns(bool)
func (dTW *DTW) UnpackIsListed(data []byte) (bool, error) {
	out, err := dTW.abi.Unpack("isListed", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackIsOperator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6d70f7ae.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isOperator(address operator) view returns(bool)
func (dTW *DTW) PackIsOperator(operator common.Address) []byte {
	enc, err := dTW.abi.Pack("isOperator", operator)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsOperator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6d70f7ae.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isOperator(address operator) view returns(bool)
func (dTW *DTW) TryPackIsOperator(operator common.Address) ([]byte, error) {
	return dTW.abi.Pack("isOperator", operator)
}

// UnpackIsOperator is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x6d70f7ae.
//
// Solidity: function isOperator(address operator) view returns(bool)
func (dTW *DTW) UnpackIsOperator(data []byte) (bool, error) {
	out, err := dTW.abi.Unpack("isOperator", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackLiabilities is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb01083e2.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function liabilities(address token) view returns(uint256)
func (dTW *DTW) PackLiabilities(token common.Address) []byte {
	enc, err := dTW.abi.Pack("liabilities", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLiabilities is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb01083e2.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function liabilities(address token) view returns(uint256)
func (dTW *DTW) TryPackLiabilities(token common.Address) ([]byte, error) {
	return dTW.abi.Pack("liabilities", token)
}

// UnpackLiabilities is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb01083e2.
//
// Solidity: function liabilities(address token) view returns(uint256)
func (dTW *DTW) UnpackLiabilities(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("liabilities", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMaxOrderTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfeb3d409.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function maxOrderTTL() view returns(uint32)
func (dTW *DTW) PackMaxOrderTTL() []byte {
	enc, err := dTW.abi.Pack("maxOrderTTL")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMaxOrderTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfeb3d409.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function maxOrderTTL() view returns(uint32)
func (dTW *DTW) TryPackMaxOrderTTL() ([]byte, error) {
	return dTW.abi.Pack("maxOrderTTL")
}

// UnpackMaxOrderTTL is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfeb3d409.
//
// Solidity: function maxOrderTTL() view returns(uint32)
func (dTW *DTW) UnpackMaxOrderTTL(data []byte) (uint32, error) {
	out, err := dTW.abi.Unpack("maxOrderTTL", data)
	if err != nil {
		return *new(uint32), err
	}
	out0 := *abi.ConvertType(out[0], new(uint32)).(*uint32)
	return out0, nil
}

// PackMinNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaa99fa98.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function minNonce(address trader) view returns(uint256)
func (dTW *DTW) PackMinNonce(trader common.Address) []byte {
	enc, err := dTW.abi.Pack("minNonce", trader)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMinNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xaa99fa98.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function minNonce(address trader) view returns(uint256)
func (dTW *DTW) TryPackMinNonce(trader common.Address) ([]byte, error) {
	return dTW.abi.Pack("minNonce", trader)
}

// UnpackMinNonce is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xaa99fa98.
//
// Solidity: function minNonce(address trader) view returns(uint256)
func (dTW *DTW) UnpackMinNonce(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("minNonce", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackNonceUsed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1647795e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nonceUsed(address trader, uint256 nonce) view returns(bool)
func (dTW *DTW) PackNonceUsed(trader common.Address, nonce *big.Int) []byte {
	enc, err := dTW.abi.Pack("nonceUsed", trader, nonce)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNonceUsed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1647795e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nonceUsed(address trader, uint256 nonce) view returns(bool)
func (dTW *DTW) TryPackNonceUsed(trader common.Address, nonce *big.Int) ([]byte, error) {
	return dTW.abi.Pack("nonceUsed", trader, nonce)
}

// UnpackNonceUsed is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1647795e.
//
// Solidity: function nonceUsed(address trader, uint256 nonce) view returns(bool)
func (dTW *DTW) UnpackNonceUsed(data []byte) (bool, error) {
	out, err := dTW.abi.Unpack("nonceUsed", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackOrderHash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd3ba811.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function orderHash(uint256 orderKey_) view returns(bytes32 h)
func (dTW *DTW) PackOrderHash(orderKey *big.Int) []byte {
	enc, err := dTW.abi.Pack("orderHash", orderKey)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOrderHash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd3ba811.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function orderHash(uint256 orderKey_) view returns(bytes32 h)
func (dTW *DTW) TryPackOrderHash(orderKey *big.Int) ([]byte, error) {
	return dTW.abi.Pack("orderHash", orderKey)
}

// UnpackOrderHash is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd3ba811.
//
// Solidity: function orderHash(uint256 orderKey_) view returns(bytes32 h)
func (dTW *DTW) UnpackOrderHash(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("orderHash", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
	return out0, nil
}

// PackOrderKey is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b325cd7.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function orderKey(uint256 orderId, address trader, address sellToken) pure returns(uint256)
func (dTW *DTW) PackOrderKey(orderId *big.Int, trader common.Address, sellToken common.Address) []byte {
	enc, err := dTW.abi.Pack("orderKey", orderId, trader, sellToken)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOrderKey is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5b325cd7.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function orderKey(uint256 orderId, address trader, address sellToken) pure returns(uint256)
func (dTW *DTW) TryPackOrderKey(orderId *big.Int, trader common.Address, sellToken common.Address) ([]byte, error) {
	return dTW.abi.Pack("orderKey", orderId, trader, sellToken)
}

// UnpackOrderKey is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5b325cd7.
//
// Solidity: function orderKey(uint256 orderId, address trader, address sellToken) pure returns(uint256)
func (dTW *DTW) UnpackOrderKey(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("orderKey", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (dTW *DTW) PackOwner() []byte {
	enc, err := dTW.abi.Pack("owner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function owner() view returns(address)
func (dTW *DTW) TryPackOwner() ([]byte, error) {
	return dTW.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (dTW *DTW) UnpackOwner(data []byte) (common.Address, error) {
	out, err := dTW.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5c975abb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function paused() view returns(bool)
func (dTW *DTW) PackPaused() []byte {
	enc, err := dTW.abi.Pack("paused")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5c975abb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function paused() view returns(bool)
func (dTW *DTW) TryPackPaused() ([]byte, error) {
	return dTW.abi.Pack("paused")
}

// UnpackPaused is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x5c975abb.
//
// Solidity: function paused() view returns(bool)
func (dTW *DTW) UnpackPaused(data []byte) (bool, error) {
	out, err := dTW.abi.Unpack("paused", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackPendingOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe30c3978.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function pendingOwner() view returns(address)
func (dTW *DTW) PackPendingOwner() []byte {
	enc, err := dTW.abi.Pack("pendingOwner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPendingOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xe30c3978.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function pendingOwner() view returns(address)
func (dTW *DTW) TryPackPendingOwner() ([]byte, error) {
	return dTW.abi.Pack("pendingOwner")
}

// UnpackPendingOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xe30c3978.
//
// Solidity: function pendingOwner() view returns(address)
func (dTW *DTW) UnpackPendingOwner(data []byte) (common.Address, error) {
	out, err := dTW.abi.Unpack("pendingOwner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackPlaceOrderSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0000008d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function placeOrderSigned_0yx200((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) PackPlaceOrderSigned(o DTWSignedOrder, signature []byte) []byte {
	enc, err := dTW.abi.Pack("placeOrderSigned_0yx200", o, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPlaceOrderSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0000008d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function placeOrderSigned_0yx200((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) TryPackPlaceOrderSigned(o DTWSignedOrder, signature []byte) ([]byte, error) {
	return dTW.abi.Pack("placeOrderSigned_0yx200", o, signature)
}

// UnpackPlaceOrderSigned is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0000008d.
//
// Solidity: function placeOrderSigned_0yx200((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) UnpackPlaceOrderSigned(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("placeOrderSigned_0yx200", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x000000a9.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function placeOrder_aIThfa(uint256 deadlineAndSellToken, uint256 kindAndBuyToken, uint256 sellAmount, uint256 minBuyAmount) returns(uint256 orderId)
func (dTW *DTW) PackPlaceOrder(deadlineAndSellToken *big.Int, kindAndBuyToken *big.Int, sellAmount *big.Int, minBuyAmount *big.Int) []byte {
	enc, err := dTW.abi.Pack("placeOrder_aIThfa", deadlineAndSellToken, kindAndBuyToken, sellAmount, minBuyAmount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x000000a9.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function placeOrder_aIThfa(uint256 deadlineAndSellToken, uint256 kindAndBuyToken, uint256 sellAmount, uint256 minBuyAmount) returns(uint256 orderId)
func (dTW *DTW) TryPackPlaceOrder(deadlineAndSellToken *big.Int, kindAndBuyToken *big.Int, sellAmount *big.Int, minBuyAmount *big.Int) ([]byte, error) {
	return dTW.abi.Pack("placeOrder_aIThfa", deadlineAndSellToken, kindAndBuyToken, sellAmount, minBuyAmount)
}

// UnpackPlaceOrder is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x000000a9.
//
// Solidity: function placeOrder_aIThfa(uint256 deadlineAndSellToken, uint256 kindAndBuyToken, uint256 sellAmount, uint256 minBuyAmount) returns(uint256 orderId)
func (dTW *DTW) UnpackPlaceOrder(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("placeOrder_aIThfa", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackRequestCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ceef0bd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestCancel(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order) returns()
func (dTW *DTW) PackRequestCancel(orderId *big.Int, order DTWOrder) []byte {
	enc, err := dTW.abi.Pack("requestCancel", orderId, order)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestCancel is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4ceef0bd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestCancel(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order) returns()
func (dTW *DTW) TryPackRequestCancel(orderId *big.Int, order DTWOrder) ([]byte, error) {
	return dTW.abi.Pack("requestCancel", orderId, order)
}

// PackRequestCancelSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x577eb8a5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function requestCancelSigned((address,uint256,uint256,uint64) c, (address,address,address,uint256,uint256,uint64,uint8) order, bytes signature) returns()
func (dTW *DTW) PackRequestCancelSigned(c DTWSignedCancelRequest, order DTWOrder, signature []byte) []byte {
	enc, err := dTW.abi.Pack("requestCancelSigned", c, order, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackRequestCancelSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x577eb8a5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function requestCancelSigned((address,uint256,uint256,uint64) c, (address,address,address,uint256,uint256,uint64,uint8) order, bytes signature) returns()
func (dTW *DTW) TryPackRequestCancelSigned(c DTWSignedCancelRequest, order DTWOrder, signature []byte) ([]byte, error) {
	return dTW.abi.Pack("requestCancelSigned", c, order, signature)
}

// PackSetMaxOrderTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6f737257.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setMaxOrderTTL(uint32 ttl) returns()
func (dTW *DTW) PackSetMaxOrderTTL(ttl uint32) []byte {
	enc, err := dTW.abi.Pack("setMaxOrderTTL", ttl)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetMaxOrderTTL is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6f737257.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setMaxOrderTTL(uint32 ttl) returns()
func (dTW *DTW) TryPackSetMaxOrderTTL(ttl uint32) ([]byte, error) {
	return dTW.abi.Pack("setMaxOrderTTL", ttl)
}

// PackSetMinNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc5ef2f5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setMinNonce(uint256 minNonce_) returns()
func (dTW *DTW) PackSetMinNonce(minNonce *big.Int) []byte {
	enc, err := dTW.abi.Pack("setMinNonce", minNonce)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetMinNonce is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xc5ef2f5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setMinNonce(uint256 minNonce_) returns()
func (dTW *DTW) TryPackSetMinNonce(minNonce *big.Int) ([]byte, error) {
	return dTW.abi.Pack("setMinNonce", minNonce)
}

// PackSetOperator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x558a7297.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setOperator(address operator, bool enabled) returns()
func (dTW *DTW) PackSetOperator(operator common.Address, enabled bool) []byte {
	enc, err := dTW.abi.Pack("setOperator", operator, enabled)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetOperator is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x558a7297.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setOperator(address operator, bool enabled) returns()
func (dTW *DTW) TryPackSetOperator(operator common.Address, enabled bool) ([]byte, error) {
	return dTW.abi.Pack("setOperator", operator, enabled)
}

// PackSetPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16c38b3c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setPaused(bool paused_) returns()
func (dTW *DTW) PackSetPaused(paused bool) []byte {
	enc, err := dTW.abi.Pack("setPaused", paused)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetPaused is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x16c38b3c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setPaused(bool paused_) returns()
func (dTW *DTW) TryPackSetPaused(paused bool) ([]byte, error) {
	return dTW.abi.Pack("setPaused", paused)
}

// PackSetTokensListed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfc6fe8ac.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setTokensListed(address[] tokens, bool listed) returns()
func (dTW *DTW) PackSetTokensListed(tokens []common.Address, listed bool) []byte {
	enc, err := dTW.abi.Pack("setTokensListed", tokens, listed)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetTokensListed is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfc6fe8ac.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setTokensListed(address[] tokens, bool listed) returns()
func (dTW *DTW) TryPackSetTokensListed(tokens []common.Address, listed bool) ([]byte, error) {
	return dTW.abi.Pack("setTokensListed", tokens, listed)
}

// PackSettleBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x00007dcf.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settleBatch_Lk4000((uint256,uint256,uint256,uint256,uint256,uint256)[] fills) returns()
func (dTW *DTW) PackSettleBatch(fills []DTWFill) []byte {
	enc, err := dTW.abi.Pack("settleBatch_Lk4000", fills)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettleBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x00007dcf.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settleBatch_Lk4000((uint256,uint256,uint256,uint256,uint256,uint256)[] fills) returns()
func (dTW *DTW) TryPackSettleBatch(fills []DTWFill) ([]byte, error) {
	return dTW.abi.Pack("settleBatch_Lk4000", fills)
}

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x00000017.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle_dV6V10((uint256,uint256,uint256,uint256,uint256,uint256) fill) returns()
func (dTW *DTW) PackSettle(fill DTWFill) []byte {
	enc, err := dTW.abi.Pack("settle_dV6V10", fill)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x00000017.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle_dV6V10((uint256,uint256,uint256,uint256,uint256,uint256) fill) returns()
func (dTW *DTW) TryPackSettle(fill DTWFill) ([]byte, error) {
	return dTW.abi.Pack("settle_dV6V10", fill)
}

// PackSurplus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x176d698e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function surplus(address token) view returns(uint256)
func (dTW *DTW) PackSurplus(token common.Address) []byte {
	enc, err := dTW.abi.Pack("surplus", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSurplus is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x176d698e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function surplus(address token) view returns(uint256)
func (dTW *DTW) TryPackSurplus(token common.Address) ([]byte, error) {
	return dTW.abi.Pack("surplus", token)
}

// UnpackSurplus is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x176d698e.
//
// Solidity: function surplus(address token) view returns(uint256)
func (dTW *DTW) UnpackSurplus(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("surplus", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb8dc491b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function sweep(address token, address to) returns(uint256 amount)
func (dTW *DTW) PackSweep(token common.Address, to common.Address) []byte {
	enc, err := dTW.abi.Pack("sweep", token, to)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb8dc491b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function sweep(address token, address to) returns(uint256 amount)
func (dTW *DTW) TryPackSweep(token common.Address, to common.Address) ([]byte, error) {
	return dTW.abi.Pack("sweep", token, to)
}

// UnpackSweep is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb8dc491b.
//
// Solidity: function sweep(address token, address to) returns(uint256 amount)
func (dTW *DTW) UnpackSweep(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("sweep", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (dTW *DTW) PackTransferOwnership(newOwner common.Address) []byte {
	enc, err := dTW.abi.Pack("transferOwnership", newOwner)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferOwnership is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xf2fde38b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferOwnership(address newOwner) returns()
func (dTW *DTW) TryPackTransferOwnership(newOwner common.Address) ([]byte, error) {
	return dTW.abi.Pack("transferOwnership", newOwner)
}

// PackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x69328dec.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function withdraw(address token, uint256 amount, address to) returns()
func (dTW *DTW) PackWithdraw(token common.Address, amount *big.Int, to common.Address) []byte {
	enc, err := dTW.abi.Pack("withdraw", token, amount, to)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWithdraw is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x69328dec.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function withdraw(address token, uint256 amount, address to) returns()
func (dTW *DTW) TryPackWithdraw(token common.Address, amount *big.Int, to common.Address) ([]byte, error) {
	return dTW.abi.Pack("withdraw", token, amount, to)
}

// PackWithdrawSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7356526d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function withdrawSigned((address,address,uint256,address,uint256,uint64) w, bytes signature) returns()
func (dTW *DTW) PackWithdrawSigned(w DTWSignedWithdrawal, signature []byte) []byte {
	enc, err := dTW.abi.Pack("withdrawSigned", w, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackWithdrawSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7356526d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function withdrawSigned((address,address,uint256,address,uint256,uint64) w, bytes signature) returns()
func (dTW *DTW) TryPackWithdrawSigned(w DTWSignedWithdrawal, signature []byte) ([]byte, error) {
	return dTW.abi.Pack("withdrawSigned", w, signature)
}

// DTWCancelRequested represents a CancelRequested event raised by the DTW contract.
type DTWCancelRequested struct {
	OrderKey    *big.Int
	Trader      common.Address
	CancelAfter uint64
	Raw         *types.Log // Blockchain specific contextual infos
}

const DTWCancelRequestedEventName = "CancelRequested"

// ContractEventName returns the user-defined event name.
func (DTWCancelRequested) ContractEventName() string {
	return DTWCancelRequestedEventName
}

// UnpackCancelRequestedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event CancelRequested(uint256 indexed orderKey, address indexed trader, uint64 cancelAfter)
func (dTW *DTW) UnpackCancelRequestedEvent(log *types.Log) (*DTWCancelRequested, error) {
	event := "CancelRequested"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWCancelRequested)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWDeposited represents a Deposited event raised by the DTW contract.
type DTWDeposited struct {
	Trader common.Address
	Token  common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWDepositedEventName = "Deposited"

// ContractEventName returns the user-defined event name.
func (DTWDeposited) ContractEventName() string {
	return DTWDepositedEventName
}

// UnpackDepositedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Deposited(address indexed trader, address indexed token, uint256 amount)
func (dTW *DTW) UnpackDepositedEvent(log *types.Log) (*DTWDeposited, error) {
	event := "Deposited"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWDeposited)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWMaxOrderTTLSet represents a MaxOrderTTLSet event raised by the DTW contract.
type DTWMaxOrderTTLSet struct {
	MaxOrderTTL uint32
	Raw         *types.Log // Blockchain specific contextual infos
}

const DTWMaxOrderTTLSetEventName = "MaxOrderTTLSet"

// ContractEventName returns the user-defined event name.
func (DTWMaxOrderTTLSet) ContractEventName() string {
	return DTWMaxOrderTTLSetEventName
}

// UnpackMaxOrderTTLSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event MaxOrderTTLSet(uint32 maxOrderTTL)
func (dTW *DTW) UnpackMaxOrderTTLSetEvent(log *types.Log) (*DTWMaxOrderTTLSet, error) {
	event := "MaxOrderTTLSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWMaxOrderTTLSet)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWMinNonceSet represents a MinNonceSet event raised by the DTW contract.
type DTWMinNonceSet struct {
	Trader   common.Address
	MinNonce *big.Int
	Raw      *types.Log // Blockchain specific contextual infos
}

const DTWMinNonceSetEventName = "MinNonceSet"

// ContractEventName returns the user-defined event name.
func (DTWMinNonceSet) ContractEventName() string {
	return DTWMinNonceSetEventName
}

// UnpackMinNonceSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event MinNonceSet(address indexed trader, uint256 minNonce)
func (dTW *DTW) UnpackMinNonceSetEvent(log *types.Log) (*DTWMinNonceSet, error) {
	event := "MinNonceSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWMinNonceSet)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWNonceUsed represents a NonceUsed event raised by the DTW contract.
type DTWNonceUsed struct {
	Trader common.Address
	Nonce  *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWNonceUsedEventName = "NonceUsed"

// ContractEventName returns the user-defined event name.
func (DTWNonceUsed) ContractEventName() string {
	return DTWNonceUsedEventName
}

// UnpackNonceUsedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event NonceUsed(address indexed trader, uint256 nonce)
func (dTW *DTW) UnpackNonceUsedEvent(log *types.Log) (*DTWNonceUsed, error) {
	event := "NonceUsed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWNonceUsed)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWNoncesInvalidated represents a NoncesInvalidated event raised by the DTW contract.
type DTWNoncesInvalidated struct {
	Trader common.Address
	Word   *big.Int
	Mask   *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWNoncesInvalidatedEventName = "NoncesInvalidated"

// ContractEventName returns the user-defined event name.
func (DTWNoncesInvalidated) ContractEventName() string {
	return DTWNoncesInvalidatedEventName
}

// UnpackNoncesInvalidatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event NoncesInvalidated(address indexed trader, uint256 word, uint256 mask)
func (dTW *DTW) UnpackNoncesInvalidatedEvent(log *types.Log) (*DTWNoncesInvalidated, error) {
	event := "NoncesInvalidated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWNoncesInvalidated)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOperatorSet represents a OperatorSet event raised by the DTW contract.
type DTWOperatorSet struct {
	Operator common.Address
	Enabled  bool
	Raw      *types.Log // Blockchain specific contextual infos
}

const DTWOperatorSetEventName = "OperatorSet"

// ContractEventName returns the user-defined event name.
func (DTWOperatorSet) ContractEventName() string {
	return DTWOperatorSetEventName
}

// UnpackOperatorSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OperatorSet(address indexed operator, bool enabled)
func (dTW *DTW) UnpackOperatorSetEvent(log *types.Log) (*DTWOperatorSet, error) {
	event := "OperatorSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOperatorSet)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOrderCancelled represents a OrderCancelled event raised by the DTW contract.
type DTWOrderCancelled struct {
	OrderKey   *big.Int
	Trader     common.Address
	Canceller  common.Address
	SellToken  common.Address
	SellAmount *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const DTWOrderCancelledEventName = "OrderCancelled"

// ContractEventName returns the user-defined event name.
func (DTWOrderCancelled) ContractEventName() string {
	return DTWOrderCancelledEventName
}

// UnpackOrderCancelledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderCancelled(uint256 indexed orderKey, address trader, address canceller, address sellToken, uint256 sellAmount)
func (dTW *DTW) UnpackOrderCancelledEvent(log *types.Log) (*DTWOrderCancelled, error) {
	event := "OrderCancelled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOrderCancelled)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOrderPlaced represents a OrderPlaced event raised by the DTW contract.
type DTWOrderPlaced struct {
	Trader               common.Address
	DeadlineAndSellToken *big.Int
	KindAndBuyToken      *big.Int
	IdAndSellAmount      *big.Int
	MinBuyAmount         *big.Int
	Raw                  *types.Log // Blockchain specific contextual infos
}

const DTWOrderPlacedEventName = "OrderPlaced"

// ContractEventName returns the user-defined event name.
func (DTWOrderPlaced) ContractEventName() string {
	return DTWOrderPlacedEventName
}

// UnpackOrderPlacedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderPlaced(address indexed trader, uint256 deadlineAndSellToken, uint256 kindAndBuyToken, uint256 idAndSellAmount, uint256 minBuyAmount)
func (dTW *DTW) UnpackOrderPlacedEvent(log *types.Log) (*DTWOrderPlaced, error) {
	event := "OrderPlaced"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOrderPlaced)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOrderSettled represents a OrderSettled event raised by the DTW contract.
type DTWOrderSettled struct {
	OrderKey  *big.Int
	BuyAmount *big.Int
	Raw       *types.Log // Blockchain specific contextual infos
}

const DTWOrderSettledEventName = "OrderSettled"

// ContractEventName returns the user-defined event name.
func (DTWOrderSettled) ContractEventName() string {
	return DTWOrderSettledEventName
}

// UnpackOrderSettledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderSettled(uint256 indexed orderKey, uint256 buyAmount)
func (dTW *DTW) UnpackOrderSettledEvent(log *types.Log) (*DTWOrderSettled, error) {
	event := "OrderSettled"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOrderSettled)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOrderSkipped represents a OrderSkipped event raised by the DTW contract.
type DTWOrderSkipped struct {
	OrderKey *big.Int
	Reason   uint8
	Raw      *types.Log // Blockchain specific contextual infos
}

const DTWOrderSkippedEventName = "OrderSkipped"

// ContractEventName returns the user-defined event name.
func (DTWOrderSkipped) ContractEventName() string {
	return DTWOrderSkippedEventName
}

// UnpackOrderSkippedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderSkipped(uint256 indexed orderKey, uint8 reason)
func (dTW *DTW) UnpackOrderSkippedEvent(log *types.Log) (*DTWOrderSkipped, error) {
	event := "OrderSkipped"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOrderSkipped)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOwnershipTransferStarted represents a OwnershipTransferStarted event raised by the DTW contract.
type DTWOwnershipTransferStarted struct {
	Owner        common.Address
	PendingOwner common.Address
	Raw          *types.Log // Blockchain specific contextual infos
}

const DTWOwnershipTransferStartedEventName = "OwnershipTransferStarted"

// ContractEventName returns the user-defined event name.
func (DTWOwnershipTransferStarted) ContractEventName() string {
	return DTWOwnershipTransferStartedEventName
}

// UnpackOwnershipTransferStartedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferStarted(address indexed owner, address indexed pendingOwner)
func (dTW *DTW) UnpackOwnershipTransferStartedEvent(log *types.Log) (*DTWOwnershipTransferStarted, error) {
	event := "OwnershipTransferStarted"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOwnershipTransferStarted)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWOwnershipTransferred represents a OwnershipTransferred event raised by the DTW contract.
type DTWOwnershipTransferred struct {
	PreviousOwner common.Address
	NewOwner      common.Address
	Raw           *types.Log // Blockchain specific contextual infos
}

const DTWOwnershipTransferredEventName = "OwnershipTransferred"

// ContractEventName returns the user-defined event name.
func (DTWOwnershipTransferred) ContractEventName() string {
	return DTWOwnershipTransferredEventName
}

// UnpackOwnershipTransferredEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)
func (dTW *DTW) UnpackOwnershipTransferredEvent(log *types.Log) (*DTWOwnershipTransferred, error) {
	event := "OwnershipTransferred"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWOwnershipTransferred)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWPausedSet represents a PausedSet event raised by the DTW contract.
type DTWPausedSet struct {
	Paused bool
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWPausedSetEventName = "PausedSet"

// ContractEventName returns the user-defined event name.
func (DTWPausedSet) ContractEventName() string {
	return DTWPausedSetEventName
}

// UnpackPausedSetEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event PausedSet(bool paused)
func (dTW *DTW) UnpackPausedSetEvent(log *types.Log) (*DTWPausedSet, error) {
	event := "PausedSet"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWPausedSet)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWSwept represents a Swept event raised by the DTW contract.
type DTWSwept struct {
	Token  common.Address
	To     common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWSweptEventName = "Swept"

// ContractEventName returns the user-defined event name.
func (DTWSwept) ContractEventName() string {
	return DTWSweptEventName
}

// UnpackSweptEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Swept(address indexed token, address to, uint256 amount)
func (dTW *DTW) UnpackSweptEvent(log *types.Log) (*DTWSwept, error) {
	event := "Swept"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWSwept)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWTokenListed represents a TokenListed event raised by the DTW contract.
type DTWTokenListed struct {
	Token  common.Address
	Listed bool
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWTokenListedEventName = "TokenListed"

// ContractEventName returns the user-defined event name.
func (DTWTokenListed) ContractEventName() string {
	return DTWTokenListedEventName
}

// UnpackTokenListedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event TokenListed(address indexed token, bool listed)
func (dTW *DTW) UnpackTokenListedEvent(log *types.Log) (*DTWTokenListed, error) {
	event := "TokenListed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWTokenListed)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DTWWithdrawn represents a Withdrawn event raised by the DTW contract.
type DTWWithdrawn struct {
	Trader common.Address
	Token  common.Address
	Amount *big.Int
	To     common.Address
	Raw    *types.Log // Blockchain specific contextual infos
}

const DTWWithdrawnEventName = "Withdrawn"

// ContractEventName returns the user-defined event name.
func (DTWWithdrawn) ContractEventName() string {
	return DTWWithdrawnEventName
}

// UnpackWithdrawnEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Withdrawn(address indexed trader, address indexed token, uint256 amount, address to)
func (dTW *DTW) UnpackWithdrawnEvent(log *types.Log) (*DTWWithdrawn, error) {
	event := "Withdrawn"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != dTW.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DTWWithdrawn)
	if len(log.Data) > 0 {
		if err := dTW.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range dTW.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (dTW *DTW) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], dTW.abi.Errors["AmountTooLarge"].ID.Bytes()[:4]) {
		return dTW.UnpackAmountTooLargeError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadKind"].ID.Bytes()[:4]) {
		return dTW.UnpackBadKindError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadSignature"].ID.Bytes()[:4]) {
		return dTW.UnpackBadSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadTTL"].ID.Bytes()[:4]) {
		return dTW.UnpackBadTTLError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadValue"].ID.Bytes()[:4]) {
		return dTW.UnpackBadValueError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BelowMinBuyAmount"].ID.Bytes()[:4]) {
		return dTW.UnpackBelowMinBuyAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["CancelAlreadyRequested"].ID.Bytes()[:4]) {
		return dTW.UnpackCancelAlreadyRequestedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["CancelGraceNotOver"].ID.Bytes()[:4]) {
		return dTW.UnpackCancelGraceNotOverError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["CancelGraceOver"].ID.Bytes()[:4]) {
		return dTW.UnpackCancelGraceOverError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["DeadlineNotPassed"].ID.Bytes()[:4]) {
		return dTW.UnpackDeadlineNotPassedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["DeadlinePassed"].ID.Bytes()[:4]) {
		return dTW.UnpackDeadlinePassedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["DeadlineTooFar"].ID.Bytes()[:4]) {
		return dTW.UnpackDeadlineTooFarError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["InsufficientBalance"].ID.Bytes()[:4]) {
		return dTW.UnpackInsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["IsPaused"].ID.Bytes()[:4]) {
		return dTW.UnpackIsPausedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["MinNonceNotRaised"].ID.Bytes()[:4]) {
		return dTW.UnpackMinNonceNotRaisedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NonceAlreadyUsed"].ID.Bytes()[:4]) {
		return dTW.UnpackNonceAlreadyUsedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NonceBelowMinimum"].ID.Bytes()[:4]) {
		return dTW.UnpackNonceBelowMinimumError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotAToken"].ID.Bytes()[:4]) {
		return dTW.UnpackNotATokenError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotListed"].ID.Bytes()[:4]) {
		return dTW.UnpackNotListedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotOperator"].ID.Bytes()[:4]) {
		return dTW.UnpackNotOperatorError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotOrderTrader"].ID.Bytes()[:4]) {
		return dTW.UnpackNotOrderTraderError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotOwner"].ID.Bytes()[:4]) {
		return dTW.UnpackNotOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotPendingOwner"].ID.Bytes()[:4]) {
		return dTW.UnpackNotPendingOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NothingToSweep"].ID.Bytes()[:4]) {
		return dTW.UnpackNothingToSweepError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["Reentrancy"].ID.Bytes()[:4]) {
		return dTW.UnpackReentrancyError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["SameToken"].ID.Bytes()[:4]) {
		return dTW.UnpackSameTokenError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["TransferFailed"].ID.Bytes()[:4]) {
		return dTW.UnpackTransferFailedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["UnknownOrder"].ID.Bytes()[:4]) {
		return dTW.UnpackUnknownOrderError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["ZeroAddress"].ID.Bytes()[:4]) {
		return dTW.UnpackZeroAddressError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["ZeroAmount"].ID.Bytes()[:4]) {
		return dTW.UnpackZeroAmountError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// DTWAmountTooLarge represents a AmountTooLarge error raised by the DTW contract.
type DTWAmountTooLarge struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error AmountTooLarge()
func DTWAmountTooLargeErrorID() common.Hash {
	return common.HexToHash("0x06250401c072295744520da9e60a3a29ab28ceb9fda5d792222d5242d22e8a44")
}

// UnpackAmountTooLargeError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error AmountTooLarge()
func (dTW *DTW) UnpackAmountTooLargeError(raw []byte) (*DTWAmountTooLarge, error) {
	out := new(DTWAmountTooLarge)
	if err := dTW.abi.UnpackIntoInterface(out, "AmountTooLarge", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWBadKind represents a BadKind error raised by the DTW contract.
type DTWBadKind struct {
	Kind uint8
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BadKind(uint8 kind)
func DTWBadKindErrorID() common.Hash {
	return common.HexToHash("0xdfc03387cd0954383590214b37ff2382020510831b1add1a928434df7243c494")
}

// UnpackBadKindError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BadKind(uint8 kind)
func (dTW *DTW) UnpackBadKindError(raw []byte) (*DTWBadKind, error) {
	out := new(DTWBadKind)
	if err := dTW.abi.UnpackIntoInterface(out, "BadKind", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWBadSignature represents a BadSignature error raised by the DTW contract.
type DTWBadSignature struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BadSignature()
func DTWBadSignatureErrorID() common.Hash {
	return common.HexToHash("0x5cd5d2335541c4f2ed05fbe44f397e8b79f8e2333157122d2dab06e378ef7685")
}

// UnpackBadSignatureError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BadSignature()
func (dTW *DTW) UnpackBadSignatureError(raw []byte) (*DTWBadSignature, error) {
	out := new(DTWBadSignature)
	if err := dTW.abi.UnpackIntoInterface(out, "BadSignature", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWBadTTL represents a BadTTL error raised by the DTW contract.
type DTWBadTTL struct {
	Ttl *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BadTTL(uint256 ttl)
func DTWBadTTLErrorID() common.Hash {
	return common.HexToHash("0x14cd549e3ed87f64f47b227ddeb34b2b9f7a3c974dde842d88a23d4b5df35f81")
}

// UnpackBadTTLError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BadTTL(uint256 ttl)
func (dTW *DTW) UnpackBadTTLError(raw []byte) (*DTWBadTTL, error) {
	out := new(DTWBadTTL)
	if err := dTW.abi.UnpackIntoInterface(out, "BadTTL", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWBadValue represents a BadValue error raised by the DTW contract.
type DTWBadValue struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BadValue()
func DTWBadValueErrorID() common.Hash {
	return common.HexToHash("0x0bba69fbe222b1d016f3544ef6d7d291c985b588459c59343070fa1c424f6962")
}

// UnpackBadValueError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BadValue()
func (dTW *DTW) UnpackBadValueError(raw []byte) (*DTWBadValue, error) {
	out := new(DTWBadValue)
	if err := dTW.abi.UnpackIntoInterface(out, "BadValue", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWBelowMinBuyAmount represents a BelowMinBuyAmount error raised by the DTW contract.
type DTWBelowMinBuyAmount struct {
	BuyAmount    *big.Int
	MinBuyAmount *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error BelowMinBuyAmount(uint256 buyAmount, uint256 minBuyAmount)
func DTWBelowMinBuyAmountErrorID() common.Hash {
	return common.HexToHash("0xf901d257e55e9901fd51568ff858814577d336e4bdcf7107cf1b5f248151ca57")
}

// UnpackBelowMinBuyAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error BelowMinBuyAmount(uint256 buyAmount, uint256 minBuyAmount)
func (dTW *DTW) UnpackBelowMinBuyAmountError(raw []byte) (*DTWBelowMinBuyAmount, error) {
	out := new(DTWBelowMinBuyAmount)
	if err := dTW.abi.UnpackIntoInterface(out, "BelowMinBuyAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWCancelAlreadyRequested represents a CancelAlreadyRequested error raised by the DTW contract.
type DTWCancelAlreadyRequested struct {
	OrderKey *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CancelAlreadyRequested(uint256 orderKey)
func DTWCancelAlreadyRequestedErrorID() common.Hash {
	return common.HexToHash("0xaa80afd626d3901d2075ccaa1a7887ab7d6960ee996512c1035afc532274ecf1")
}

// UnpackCancelAlreadyRequestedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CancelAlreadyRequested(uint256 orderKey)
func (dTW *DTW) UnpackCancelAlreadyRequestedError(raw []byte) (*DTWCancelAlreadyRequested, error) {
	out := new(DTWCancelAlreadyRequested)
	if err := dTW.abi.UnpackIntoInterface(out, "CancelAlreadyRequested", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWCancelGraceNotOver represents a CancelGraceNotOver error raised by the DTW contract.
type DTWCancelGraceNotOver struct {
	OrderKey    *big.Int
	CancelAfter uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CancelGraceNotOver(uint256 orderKey, uint64 cancelAfter)
func DTWCancelGraceNotOverErrorID() common.Hash {
	return common.HexToHash("0xf5c4f8e0fea4b8881327ee9dfb0361a236cd46c31e170afe79da7a3e6be11a68")
}

// UnpackCancelGraceNotOverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CancelGraceNotOver(uint256 orderKey, uint64 cancelAfter)
func (dTW *DTW) UnpackCancelGraceNotOverError(raw []byte) (*DTWCancelGraceNotOver, error) {
	out := new(DTWCancelGraceNotOver)
	if err := dTW.abi.UnpackIntoInterface(out, "CancelGraceNotOver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWCancelGraceOver represents a CancelGraceOver error raised by the DTW contract.
type DTWCancelGraceOver struct {
	OrderKey    *big.Int
	CancelAfter uint64
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error CancelGraceOver(uint256 orderKey, uint64 cancelAfter)
func DTWCancelGraceOverErrorID() common.Hash {
	return common.HexToHash("0x7c80d35425a8a5e4ba686fdd622331ffcdba28078ee6a9614b23967acfe06b08")
}

// UnpackCancelGraceOverError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error CancelGraceOver(uint256 orderKey, uint64 cancelAfter)
func (dTW *DTW) UnpackCancelGraceOverError(raw []byte) (*DTWCancelGraceOver, error) {
	out := new(DTWCancelGraceOver)
	if err := dTW.abi.UnpackIntoInterface(out, "CancelGraceOver", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWDeadlineNotPassed represents a DeadlineNotPassed error raised by the DTW contract.
type DTWDeadlineNotPassed struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error DeadlineNotPassed()
func DTWDeadlineNotPassedErrorID() common.Hash {
	return common.HexToHash("0x2eb354304beb0bd68470e9139623dee081cf0ada63afba1b4d19277aa276f9c9")
}

// UnpackDeadlineNotPassedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error DeadlineNotPassed()
func (dTW *DTW) UnpackDeadlineNotPassedError(raw []byte) (*DTWDeadlineNotPassed, error) {
	out := new(DTWDeadlineNotPassed)
	if err := dTW.abi.UnpackIntoInterface(out, "DeadlineNotPassed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWDeadlinePassed represents a DeadlinePassed error raised by the DTW contract.
type DTWDeadlinePassed struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error DeadlinePassed()
func DTWDeadlinePassedErrorID() common.Hash {
	return common.HexToHash("0x70f65caac7c09036bde4bbed5e995a002d66fa61e6f109973be165cfef0a86ce")
}

// UnpackDeadlinePassedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error DeadlinePassed()
func (dTW *DTW) UnpackDeadlinePassedError(raw []byte) (*DTWDeadlinePassed, error) {
	out := new(DTWDeadlinePassed)
	if err := dTW.abi.UnpackIntoInterface(out, "DeadlinePassed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWDeadlineTooFar represents a DeadlineTooFar error raised by the DTW contract.
type DTWDeadlineTooFar struct {
	Deadline uint64
	Latest   *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error DeadlineTooFar(uint64 deadline, uint256 latest)
func DTWDeadlineTooFarErrorID() common.Hash {
	return common.HexToHash("0x136579e6708497e2e93446e1272753929979efd9296a388acde5779bccc371da")
}

// UnpackDeadlineTooFarError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error DeadlineTooFar(uint64 deadline, uint256 latest)
func (dTW *DTW) UnpackDeadlineTooFarError(raw []byte) (*DTWDeadlineTooFar, error) {
	out := new(DTWDeadlineTooFar)
	if err := dTW.abi.UnpackIntoInterface(out, "DeadlineTooFar", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWInsufficientBalance represents a InsufficientBalance error raised by the DTW contract.
type DTWInsufficientBalance struct {
	Token     common.Address
	Available *big.Int
	Needed    *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error InsufficientBalance(address token, uint256 available, uint256 needed)
func DTWInsufficientBalanceErrorID() common.Hash {
	return common.HexToHash("0xdb42144d928cd19733b9dfeead8bc02ed403845c274e06a6eee0944fb25ca5c4")
}

// UnpackInsufficientBalanceError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error InsufficientBalance(address token, uint256 available, uint256 needed)
func (dTW *DTW) UnpackInsufficientBalanceError(raw []byte) (*DTWInsufficientBalance, error) {
	out := new(DTWInsufficientBalance)
	if err := dTW.abi.UnpackIntoInterface(out, "InsufficientBalance", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWIsPaused represents a IsPaused error raised by the DTW contract.
type DTWIsPaused struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error IsPaused()
func DTWIsPausedErrorID() common.Hash {
	return common.HexToHash("0x1309a5639731e6b91c4aa19095f23eee07602ba240a393e2b5ccbf71a8e2952f")
}

// UnpackIsPausedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error IsPaused()
func (dTW *DTW) UnpackIsPausedError(raw []byte) (*DTWIsPaused, error) {
	out := new(DTWIsPaused)
	if err := dTW.abi.UnpackIntoInterface(out, "IsPaused", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWMinNonceNotRaised represents a MinNonceNotRaised error raised by the DTW contract.
type DTWMinNonceNotRaised struct {
	MinNonce *big.Int
	Current  *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error MinNonceNotRaised(uint256 minNonce, uint256 current)
func DTWMinNonceNotRaisedErrorID() common.Hash {
	return common.HexToHash("0x493cffcfaa9d3ea2f77118154fad591e05f623a3ab6589918fc33db178e72a4d")
}

// UnpackMinNonceNotRaisedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error MinNonceNotRaised(uint256 minNonce, uint256 current)
func (dTW *DTW) UnpackMinNonceNotRaisedError(raw []byte) (*DTWMinNonceNotRaised, error) {
	out := new(DTWMinNonceNotRaised)
	if err := dTW.abi.UnpackIntoInterface(out, "MinNonceNotRaised", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNonceAlreadyUsed represents a NonceAlreadyUsed error raised by the DTW contract.
type DTWNonceAlreadyUsed struct {
	Nonce *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NonceAlreadyUsed(uint256 nonce)
func DTWNonceAlreadyUsedErrorID() common.Hash {
	return common.HexToHash("0x91cab504cb32f3bbf1da8827bf7256179a4db9409d3fcc6967531479c3f81162")
}

// UnpackNonceAlreadyUsedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NonceAlreadyUsed(uint256 nonce)
func (dTW *DTW) UnpackNonceAlreadyUsedError(raw []byte) (*DTWNonceAlreadyUsed, error) {
	out := new(DTWNonceAlreadyUsed)
	if err := dTW.abi.UnpackIntoInterface(out, "NonceAlreadyUsed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNonceBelowMinimum represents a NonceBelowMinimum error raised by the DTW contract.
type DTWNonceBelowMinimum struct {
	Nonce    *big.Int
	MinNonce *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NonceBelowMinimum(uint256 nonce, uint256 minNonce)
func DTWNonceBelowMinimumErrorID() common.Hash {
	return common.HexToHash("0xcc209ed92b3b49c6f620adb59e907448dde68685817ea51db80a75d7180c98d9")
}

// UnpackNonceBelowMinimumError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NonceBelowMinimum(uint256 nonce, uint256 minNonce)
func (dTW *DTW) UnpackNonceBelowMinimumError(raw []byte) (*DTWNonceBelowMinimum, error) {
	out := new(DTWNonceBelowMinimum)
	if err := dTW.abi.UnpackIntoInterface(out, "NonceBelowMinimum", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotAToken represents a NotAToken error raised by the DTW contract.
type DTWNotAToken struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotAToken(address token)
func DTWNotATokenErrorID() common.Hash {
	return common.HexToHash("0xf0ae59ab2305e450b7994c131d4d487b62eef4fac72f3b690bc790b01afd51f5")
}

// UnpackNotATokenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotAToken(address token)
func (dTW *DTW) UnpackNotATokenError(raw []byte) (*DTWNotAToken, error) {
	out := new(DTWNotAToken)
	if err := dTW.abi.UnpackIntoInterface(out, "NotAToken", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotListed represents a NotListed error raised by the DTW contract.
type DTWNotListed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotListed(address token)
func DTWNotListedErrorID() common.Hash {
	return common.HexToHash("0x5d35c42925f643c6c2edbae62e0ff8799b4b08d376fc0a31da9a4b2972aa653e")
}

// UnpackNotListedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotListed(address token)
func (dTW *DTW) UnpackNotListedError(raw []byte) (*DTWNotListed, error) {
	out := new(DTWNotListed)
	if err := dTW.abi.UnpackIntoInterface(out, "NotListed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotOperator represents a NotOperator error raised by the DTW contract.
type DTWNotOperator struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotOperator()
func DTWNotOperatorErrorID() common.Hash {
	return common.HexToHash("0x7c214f0474e418b49066b523b4b4fdaaeed28f6f33b3f87920010fb4856b27c9")
}

// UnpackNotOperatorError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotOperator()
func (dTW *DTW) UnpackNotOperatorError(raw []byte) (*DTWNotOperator, error) {
	out := new(DTWNotOperator)
	if err := dTW.abi.UnpackIntoInterface(out, "NotOperator", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotOrderTrader represents a NotOrderTrader error raised by the DTW contract.
type DTWNotOrderTrader struct {
	Trader common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotOrderTrader(address trader)
func DTWNotOrderTraderErrorID() common.Hash {
	return common.HexToHash("0x16fea1176466c825793900546443a2649e28dbd0d6424b97e726faef4cac4e8c")
}

// UnpackNotOrderTraderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotOrderTrader(address trader)
func (dTW *DTW) UnpackNotOrderTraderError(raw []byte) (*DTWNotOrderTrader, error) {
	out := new(DTWNotOrderTrader)
	if err := dTW.abi.UnpackIntoInterface(out, "NotOrderTrader", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotOwner represents a NotOwner error raised by the DTW contract.
type DTWNotOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotOwner()
func DTWNotOwnerErrorID() common.Hash {
	return common.HexToHash("0x30cd74712f59d478562d48e2d35de830db72c60a63dd08ae59199eec990b5bc4")
}

// UnpackNotOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotOwner()
func (dTW *DTW) UnpackNotOwnerError(raw []byte) (*DTWNotOwner, error) {
	out := new(DTWNotOwner)
	if err := dTW.abi.UnpackIntoInterface(out, "NotOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNotPendingOwner represents a NotPendingOwner error raised by the DTW contract.
type DTWNotPendingOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotPendingOwner()
func DTWNotPendingOwnerErrorID() common.Hash {
	return common.HexToHash("0x1853971cac2844d8fedc34d0d65cff78483e8a606ad8448df68a3af766d8a29d")
}

// UnpackNotPendingOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotPendingOwner()
func (dTW *DTW) UnpackNotPendingOwnerError(raw []byte) (*DTWNotPendingOwner, error) {
	out := new(DTWNotPendingOwner)
	if err := dTW.abi.UnpackIntoInterface(out, "NotPendingOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWNothingToSweep represents a NothingToSweep error raised by the DTW contract.
type DTWNothingToSweep struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NothingToSweep(address token)
func DTWNothingToSweepErrorID() common.Hash {
	return common.HexToHash("0x0180603df0d2f8ce31dc7fed95c49357c035e86408cf13af8d904594ed4d67a3")
}

// UnpackNothingToSweepError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NothingToSweep(address token)
func (dTW *DTW) UnpackNothingToSweepError(raw []byte) (*DTWNothingToSweep, error) {
	out := new(DTWNothingToSweep)
	if err := dTW.abi.UnpackIntoInterface(out, "NothingToSweep", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWReentrancy represents a Reentrancy error raised by the DTW contract.
type DTWReentrancy struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error Reentrancy()
func DTWReentrancyErrorID() common.Hash {
	return common.HexToHash("0xab143c06c9772d69bbbc9f2fe74acd02f810e93b099f3d1dac8448ac9ae35991")
}

// UnpackReentrancyError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error Reentrancy()
func (dTW *DTW) UnpackReentrancyError(raw []byte) (*DTWReentrancy, error) {
	out := new(DTWReentrancy)
	if err := dTW.abi.UnpackIntoInterface(out, "Reentrancy", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWSameToken represents a SameToken error raised by the DTW contract.
type DTWSameToken struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SameToken()
func DTWSameTokenErrorID() common.Hash {
	return common.HexToHash("0x201b580a822b46f47433ab241b0489c2311db5148e49f18d2ac4d72b0f6bb951")
}

// UnpackSameTokenError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SameToken()
func (dTW *DTW) UnpackSameTokenError(raw []byte) (*DTWSameToken, error) {
	out := new(DTWSameToken)
	if err := dTW.abi.UnpackIntoInterface(out, "SameToken", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWTransferFailed represents a TransferFailed error raised by the DTW contract.
type DTWTransferFailed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error TransferFailed(address token)
func DTWTransferFailedErrorID() common.Hash {
	return common.HexToHash("0x39f1c8d9a08940175dbc82f15840b953aa855264e371e68f3e5d5cb38c445fa0")
}

// UnpackTransferFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error TransferFailed(address token)
func (dTW *DTW) UnpackTransferFailedError(raw []byte) (*DTWTransferFailed, error) {
	out := new(DTWTransferFailed)
	if err := dTW.abi.UnpackIntoInterface(out, "TransferFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWUnknownOrder represents a UnknownOrder error raised by the DTW contract.
type DTWUnknownOrder struct {
	OrderKey *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownOrder(uint256 orderKey)
func DTWUnknownOrderErrorID() common.Hash {
	return common.HexToHash("0x40ddeab2f6af4f0aff74c3813ec8ddf75e28bbd22193a4f365bece4f1f503f58")
}

// UnpackUnknownOrderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownOrder(uint256 orderKey)
func (dTW *DTW) UnpackUnknownOrderError(raw []byte) (*DTWUnknownOrder, error) {
	out := new(DTWUnknownOrder)
	if err := dTW.abi.UnpackIntoInterface(out, "UnknownOrder", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWZeroAddress represents a ZeroAddress error raised by the DTW contract.
type DTWZeroAddress struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAddress()
func DTWZeroAddressErrorID() common.Hash {
	return common.HexToHash("0xd92e233df2717d4a40030e20904abd27b68fcbeede117eaaccbbdac9618c8c73")
}

// UnpackZeroAddressError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAddress()
func (dTW *DTW) UnpackZeroAddressError(raw []byte) (*DTWZeroAddress, error) {
	out := new(DTWZeroAddress)
	if err := dTW.abi.UnpackIntoInterface(out, "ZeroAddress", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DTWZeroAmount represents a ZeroAmount error raised by the DTW contract.
type DTWZeroAmount struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroAmount()
func DTWZeroAmountErrorID() common.Hash {
	return common.HexToHash("0x1f2a2005cb66a8e145327e8814e243a0996aec9bfe1e15a495778b1236dbd485")
}

// UnpackZeroAmountError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroAmount()
func (dTW *DTW) UnpackZeroAmountError(raw []byte) (*DTWZeroAmount, error) {
	out := new(DTWZeroAmount)
	if err := dTW.abi.UnpackIntoInterface(out, "ZeroAmount", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositForwarderMetaData contains all meta data concerning the DepositForwarder contract.
var DepositForwarderMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"OutOfGas\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SweepFailed\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Received\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Swept\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"sweep\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"treasury\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	ID:  "DepositForwarder",
	Bin: "0x60a080604052346100db576361d027b360e01b8152602081600481335afa9081156100fa575f9161008b575b506080524761005a575b6040516104af9081610106823960805181818160aa0152818161022f01526103ae0152f35b5f7f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f88525874602047604051908152a2610035565b905060203d6020116100f3575b601f8101601f191682016001600160401b038111838210176100df576020918391604052810103126100db57516001600160a01b03811681036100db575f61002b565b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b503d610098565b6040513d5f823e3d90fdfe60806040526004361015610046575b3615610018575f80fd5b6040513481527f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f8852587460203392a2005b5f3560e01c806301681a62146100d2576361d027b30361000e57346100ce575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce57602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b5f80fd5b346100ce5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce5760043573ffffffffffffffffffffffffffffffffffffffff811681036100ce5761012c6020916101ff565b604051908152f35b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761017557604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b3d156101fa573d9067ffffffffffffffff821161017557604051916101ef60207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184610134565b82523d5f602084013e565b606090565b905a9173ffffffffffffffffffffffffffffffffffffffff811690816102f15750479283156102ea575f808080877f00000000000000000000000000000000000000000000000000000000000000005af16102586101a2565b505b1561028c57507fc36b5179cb9c303b200074996eab2b3473eac370fdd7eba3bec636fe351096966020604051858152a2565b603f5a910410156102c2577f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b7f77ebef4d000000000000000000000000000000000000000000000000000000005f5260045ffd5b505f925050565b925f8060405160208101907f70a0823100000000000000000000000000000000000000000000000000000000825230602482015260248152610334604482610134565b5190875afa906103426101a2565b911580156104a4575b61046c57506020818051810103126100ce57602001519283156102ea575a905f8060405160208101907fa9059cbb00000000000000000000000000000000000000000000000000000000825273ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000166024820152886044820152604481526103e8606482610134565b519082855af1906103f76101a2565b82158061045f575b6102c25782610410575b505061025a565b8051919250816104275750503b15155b5f80610409565b60208210159250908261043c575b5050610420565b81925090602091810103126100ce576020015180151581036100ce575f80610435565b505a603f850410156103ff565b9050603f5a910410156102c2577f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b50602082511061034b56",
}

// DepositForwarder is an auto generated Go binding around an Ethereum contract.
type DepositForwarder struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *DepositForwarder) GetABI() abi.ABI {
	return c.abi
}

// NewDepositForwarder creates a new instance of DepositForwarder.
func NewDepositForwarder() *DepositForwarder {
	parsed, err := DepositForwarderMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &DepositForwarder{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *DepositForwarder) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01681a62.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function sweep(address token) returns(uint256 amount)
func (depositForwarder *DepositForwarder) PackSweep(token common.Address) []byte {
	enc, err := depositForwarder.abi.Pack("sweep", token)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x01681a62.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function sweep(address token) returns(uint256 amount)
func (depositForwarder *DepositForwarder) TryPackSweep(token common.Address) ([]byte, error) {
	return depositForwarder.abi.Pack("sweep", token)
}

// UnpackSweep is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x01681a62.
//
// Solidity: function sweep(address token) returns(uint256 amount)
func (depositForwarder *DepositForwarder) UnpackSweep(data []byte) (*big.Int, error) {
	out, err := depositForwarder.abi.Unpack("sweep", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTreasury is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x61d027b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function treasury() view returns(address)
func (depositForwarder *DepositForwarder) PackTreasury() []byte {
	enc, err := depositForwarder.abi.Pack("treasury")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTreasury is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x61d027b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function treasury() view returns(address)
func (depositForwarder *DepositForwarder) TryPackTreasury() ([]byte, error) {
	return depositForwarder.abi.Pack("treasury")
}

// UnpackTreasury is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x61d027b3.
//
// Solidity: function treasury() view returns(address)
func (depositForwarder *DepositForwarder) UnpackTreasury(data []byte) (common.Address, error) {
	out, err := depositForwarder.abi.Unpack("treasury", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// DepositForwarderReceived represents a Received event raised by the DepositForwarder contract.
type DepositForwarderReceived struct {
	From   common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DepositForwarderReceivedEventName = "Received"

// ContractEventName returns the user-defined event name.
func (DepositForwarderReceived) ContractEventName() string {
	return DepositForwarderReceivedEventName
}

// UnpackReceivedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Received(address indexed from, uint256 amount)
func (depositForwarder *DepositForwarder) UnpackReceivedEvent(log *types.Log) (*DepositForwarderReceived, error) {
	event := "Received"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositForwarder.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositForwarderReceived)
	if len(log.Data) > 0 {
		if err := depositForwarder.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range depositForwarder.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// DepositForwarderSwept represents a Swept event raised by the DepositForwarder contract.
type DepositForwarderSwept struct {
	Token  common.Address
	Amount *big.Int
	Raw    *types.Log // Blockchain specific contextual infos
}

const DepositForwarderSweptEventName = "Swept"

// ContractEventName returns the user-defined event name.
func (DepositForwarderSwept) ContractEventName() string {
	return DepositForwarderSweptEventName
}

// UnpackSweptEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Swept(address indexed token, uint256 amount)
func (depositForwarder *DepositForwarder) UnpackSweptEvent(log *types.Log) (*DepositForwarderSwept, error) {
	event := "Swept"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositForwarder.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositForwarderSwept)
	if len(log.Data) > 0 {
		if err := depositForwarder.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range depositForwarder.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (depositForwarder *DepositForwarder) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], depositForwarder.abi.Errors["OutOfGas"].ID.Bytes()[:4]) {
		return depositForwarder.UnpackOutOfGasError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositForwarder.abi.Errors["SweepFailed"].ID.Bytes()[:4]) {
		return depositForwarder.UnpackSweepFailedError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// DepositForwarderOutOfGas represents a OutOfGas error raised by the DepositForwarder contract.
type DepositForwarderOutOfGas struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OutOfGas()
func DepositForwarderOutOfGasErrorID() common.Hash {
	return common.HexToHash("0x77ebef4d460014cfc45ab055292b3a8f4a7c9e9ab42973e79fdaff6b27233461")
}

// UnpackOutOfGasError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OutOfGas()
func (depositForwarder *DepositForwarder) UnpackOutOfGasError(raw []byte) (*DepositForwarderOutOfGas, error) {
	out := new(DepositForwarderOutOfGas)
	if err := depositForwarder.abi.UnpackIntoInterface(out, "OutOfGas", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositForwarderSweepFailed represents a SweepFailed error raised by the DepositForwarder contract.
type DepositForwarderSweepFailed struct {
	Token common.Address
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error SweepFailed(address token)
func DepositForwarderSweepFailedErrorID() common.Hash {
	return common.HexToHash("0x1498aba0859d105413ffdb6791df1321d9f674df3649e8a6f46433cfd1176616")
}

// UnpackSweepFailedError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error SweepFailed(address token)
func (depositForwarder *DepositForwarder) UnpackSweepFailedError(raw []byte) (*DepositForwarderSweepFailed, error) {
	out := new(DepositForwarderSweepFailed)
	if err := depositForwarder.abi.UnpackIntoInterface(out, "SweepFailed", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositForwarderFactoryMetaData contains all meta data concerning the DepositForwarderFactory contract.
var DepositForwarderFactoryMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"treasury_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"OutOfGas\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroTreasury\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"forwarder\",\"type\":\"address\"}],\"name\":\"ForwarderDeployed\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"bytes32[]\",\"name\":\"salts\",\"type\":\"bytes32[]\"}],\"name\":\"deploy\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"salt\",\"type\":\"bytes32\"}],\"name\":\"forwarderAddress\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32[]\",\"name\":\"salts\",\"type\":\"bytes32[]\"},{\"internalType\":\"address[]\",\"name\":\"tokens\",\"type\":\"address[]\"}],\"name\":\"sweep\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"treasury\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "DepositForwarderFactory",
	Bin: "0x60a034607a57601f610c7238819003918201601f19168301916001600160401b03831184841017607e57808492602094604052833981010312607a57516001600160a01b038116808203607a5715606b57608052604051610bdf90816100938239608051816103500152f35b639c707f9560e01b5f5260045ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c80630d8e654d146103e757806335cf31931461037457806361d027b31461030657636260d51514610045575f80fd5b346102fa5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102fa5760043567ffffffffffffffff81116102fa57610094903690600401610441565b60243567ffffffffffffffff81116102fa576100b4903690600401610441565b925f5b8381106100c057005b6100d46100ce828685610541565b3561057e565b73ffffffffffffffffffffffffffffffffffffffff165f5b8681106100fd5750506001016100b7565b5a610109828988610541565b3573ffffffffffffffffffffffffffffffffffffffff81168091036102fa57604051907f01681a6200000000000000000000000000000000000000000000000000000000825260048201526020816024815f885af190816102d4575b506102cb573d156102c3573d9067ffffffffffffffff821161029657604051916101b760207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184610472565b82523d5f602084013e5b603f5a91041090811591610207575b506101df576001905b016100ec565b7f77ebef4d000000000000000000000000000000000000000000000000000000005f5260045ffd5b809150516004811080159182610222575b505090505f6101d0565b7fffffffff00000000000000000000000000000000000000000000000000000000925060207f77ebef4d000000000000000000000000000000000000000000000000000000009401519083821692610281575b50501614805f80610218565b839250829060040360031b1b16165f80610275565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b6060906101c1565b506001906101d9565b6020813d82116102fe575b816102ec60209383610472565b810103126102fa5751610165565b5f80fd5b3d91506102df565b346102fa575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102fa57602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346102fa5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102fa5760043567ffffffffffffffff81116102fa576103c3903690600401610441565b905f5b8281106103cf57005b806103e06100ce6001938686610541565b50016103c6565b346102fa5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126102fa5760206104236004356104b3565b73ffffffffffffffffffffffffffffffffffffffff60405191168152f35b9181601f840112156102fa5782359167ffffffffffffffff83116102fa576020808501948460051b0101116102fa57565b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761029657604052565b73ffffffffffffffffffffffffffffffffffffffff906105b56040516104dc6020830182610472565b818152602081019161062a83395190206040519060208201927fff0000000000000000000000000000000000000000000000000000000000000084523060601b6021840152603583015260558201526055815261053a607582610472565b5190201690565b91908110156105515760051b0190565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b90610588826104b3565b803b61060f57506040516105b5908181019181831067ffffffffffffffff841117610296578492829161062a833903905ff5918215610604577fc75affcba1d4fa1f80e2799acc97a2d0a6c6b2f316f10d5f44d91fe6f46997b260208473ffffffffffffffffffffffffffffffffffffffff60405191168152a2565b6040513d5f823e3d90fd5b73ffffffffffffffffffffffffffffffffffffffff16915056fe60a080604052346100db576361d027b360e01b8152602081600481335afa9081156100fa575f9161008b575b506080524761005a575b6040516104af9081610106823960805181818160aa0152818161022f01526103ae0152f35b5f7f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f88525874602047604051908152a2610035565b905060203d6020116100f3575b601f8101601f191682016001600160401b038111838210176100df576020918391604052810103126100db57516001600160a01b03811681036100db575f61002b565b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b503d610098565b6040513d5f823e3d90fdfe60806040526004361015610046575b3615610018575f80fd5b6040513481527f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f8852587460203392a2005b5f3560e01c806301681a62146100d2576361d027b30361000e57346100ce575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce57602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b5f80fd5b346100ce5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce5760043573ffffffffffffffffffffffffffffffffffffffff811681036100ce5761012c6020916101ff565b604051908152f35b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761017557604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b3d156101fa573d9067ffffffffffffffff821161017557604051916101ef60207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184610134565b82523d5f602084013e565b606090565b905a9173ffffffffffffffffffffffffffffffffffffffff811690816102f15750479283156102ea575f808080877f00000000000000000000000000000000000000000000000000000000000000005af16102586101a2565b505b1561028c57507fc36b5179cb9c303b200074996eab2b3473eac370fdd7eba3bec636fe351096966020604051858152a2565b603f5a910410156102c2577f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b7f77ebef4d000000000000000000000000000000000000000000000000000000005f5260045ffd5b505f925050565b925f8060405160208101907f70a0823100000000000000000000000000000000000000000000000000000000825230602482015260248152610334604482610134565b5190875afa906103426101a2565b911580156104a4575b61046c57506020818051810103126100ce57602001519283156102ea575a905f8060405160208101907fa9059cbb00000000000000000000000000000000000000000000000000000000825273ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000166024820152886044820152604481526103e8606482610134565b519082855af1906103f76101a2565b82158061045f575b6102c25782610410575b505061025a565b8051919250816104275750503b15155b5f80610409565b60208210159250908261043c575b5050610420565b81925090602091810103126100ce576020015180151581036100ce575f80610435565b505a603f850410156103ff565b9050603f5a910410156102c2577f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b50602082511061034b56",
}

// DepositForwarderFactory is an auto generated Go binding around an Ethereum contract.
type DepositForwarderFactory struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *DepositForwarderFactory) GetABI() abi.ABI {
	return c.abi
}

// NewDepositForwarderFactory creates a new instance of DepositForwarderFactory.
func NewDepositForwarderFactory() *DepositForwarderFactory {
	parsed, err := DepositForwarderFactoryMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &DepositForwarderFactory{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *DepositForwarderFactory) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address treasury_) returns()
func (depositForwarderFactory *DepositForwarderFactory) PackConstructor(treasury_ common.Address) []byte {
	enc, err := depositForwarderFactory.abi.Pack("", treasury_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDeploy is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x35cf3193.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function deploy(bytes32[] salts) returns()
func (depositForwarderFactory *DepositForwarderFactory) PackDeploy(salts [][32]byte) []byte {
	enc, err := depositForwarderFactory.abi.Pack("deploy", salts)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDeploy is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x35cf3193.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function deploy(bytes32[] salts) returns()
func (depositForwarderFactory *DepositForwarderFactory) TryPackDeploy(salts [][32]byte) ([]byte, error) {
	return depositForwarderFactory.abi.Pack("deploy", salts)
}

// PackForwarderAddress is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d8e654d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function forwarderAddress(bytes32 salt) view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) PackForwarderAddress(salt [32]byte) []byte {
	enc, err := depositForwarderFactory.abi.Pack("forwarderAddress", salt)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackForwarderAddress is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x0d8e654d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function forwarderAddress(bytes32 salt) view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) TryPackForwarderAddress(salt [32]byte) ([]byte, error) {
	return depositForwarderFactory.abi.Pack("forwarderAddress", salt)
}

// UnpackForwarderAddress is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x0d8e654d.
//
// Solidity: function forwarderAddress(bytes32 salt) view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) UnpackForwarderAddress(data []byte) (common.Address, error) {
	out, err := depositForwarderFactory.abi.Unpack("forwarderAddress", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6260d515.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function sweep(bytes32[] salts, address[] tokens) returns()
func (depositForwarderFactory *DepositForwarderFactory) PackSweep(salts [][32]byte, tokens []common.Address) []byte {
	enc, err := depositForwarderFactory.abi.Pack("sweep", salts, tokens)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSweep is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x6260d515.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function sweep(bytes32[] salts, address[] tokens) returns()
func (depositForwarderFactory *DepositForwarderFactory) TryPackSweep(salts [][32]byte, tokens []common.Address) ([]byte, error) {
	return depositForwarderFactory.abi.Pack("sweep", salts, tokens)
}

// PackTreasury is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x61d027b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function treasury() view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) PackTreasury() []byte {
	enc, err := depositForwarderFactory.abi.Pack("treasury")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTreasury is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x61d027b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function treasury() view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) TryPackTreasury() ([]byte, error) {
	return depositForwarderFactory.abi.Pack("treasury")
}

// UnpackTreasury is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x61d027b3.
//
// Solidity: function treasury() view returns(address)
func (depositForwarderFactory *DepositForwarderFactory) UnpackTreasury(data []byte) (common.Address, error) {
	out, err := depositForwarderFactory.abi.Unpack("treasury", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// DepositForwarderFactoryForwarderDeployed represents a ForwarderDeployed event raised by the DepositForwarderFactory contract.
type DepositForwarderFactoryForwarderDeployed struct {
	Salt      [32]byte
	Forwarder common.Address
	Raw       *types.Log // Blockchain specific contextual infos
}

const DepositForwarderFactoryForwarderDeployedEventName = "ForwarderDeployed"

// ContractEventName returns the user-defined event name.
func (DepositForwarderFactoryForwarderDeployed) ContractEventName() string {
	return DepositForwarderFactoryForwarderDeployedEventName
}

// UnpackForwarderDeployedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event ForwarderDeployed(bytes32 indexed salt, address forwarder)
func (depositForwarderFactory *DepositForwarderFactory) UnpackForwarderDeployedEvent(log *types.Log) (*DepositForwarderFactoryForwarderDeployed, error) {
	event := "ForwarderDeployed"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != depositForwarderFactory.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DepositForwarderFactoryForwarderDeployed)
	if len(log.Data) > 0 {
		if err := depositForwarderFactory.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range depositForwarderFactory.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (depositForwarderFactory *DepositForwarderFactory) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], depositForwarderFactory.abi.Errors["OutOfGas"].ID.Bytes()[:4]) {
		return depositForwarderFactory.UnpackOutOfGasError(raw[4:])
	}
	if bytes.Equal(raw[:4], depositForwarderFactory.abi.Errors["ZeroTreasury"].ID.Bytes()[:4]) {
		return depositForwarderFactory.UnpackZeroTreasuryError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// DepositForwarderFactoryOutOfGas represents a OutOfGas error raised by the DepositForwarderFactory contract.
type DepositForwarderFactoryOutOfGas struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error OutOfGas()
func DepositForwarderFactoryOutOfGasErrorID() common.Hash {
	return common.HexToHash("0x77ebef4d460014cfc45ab055292b3a8f4a7c9e9ab42973e79fdaff6b27233461")
}

// UnpackOutOfGasError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error OutOfGas()
func (depositForwarderFactory *DepositForwarderFactory) UnpackOutOfGasError(raw []byte) (*DepositForwarderFactoryOutOfGas, error) {
	out := new(DepositForwarderFactoryOutOfGas)
	if err := depositForwarderFactory.abi.UnpackIntoInterface(out, "OutOfGas", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DepositForwarderFactoryZeroTreasury represents a ZeroTreasury error raised by the DepositForwarderFactory contract.
type DepositForwarderFactoryZeroTreasury struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error ZeroTreasury()
func DepositForwarderFactoryZeroTreasuryErrorID() common.Hash {
	return common.HexToHash("0x9c707f95a60e29fbb6fe20c99fbc90862c186af5d0555754856ae2e4cf5593cd")
}

// UnpackZeroTreasuryError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error ZeroTreasury()
func (depositForwarderFactory *DepositForwarderFactory) UnpackZeroTreasuryError(raw []byte) (*DepositForwarderFactoryZeroTreasury, error) {
	out := new(DepositForwarderFactoryZeroTreasury)
	if err := depositForwarderFactory.abi.UnpackIntoInterface(out, "ZeroTreasury", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DevnetAggregatorMetaData contains all meta data concerning the DevnetAggregator contract.
var DevnetAggregatorMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"string\",\"name\":\"description_\",\"type\":\"string\"},{\"internalType\":\"int256\",\"name\":\"initialAnswer\",\"type\":\"int256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[],\"name\":\"NoDataPresent\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOwner\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"int256\",\"name\":\"current\",\"type\":\"int256\"},{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"roundId\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"updatedAt\",\"type\":\"uint256\"}],\"name\":\"AnswerUpdated\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"description\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint80\",\"name\":\"roundId\",\"type\":\"uint80\"}],\"name\":\"getRoundData\",\"outputs\":[{\"internalType\":\"uint80\",\"name\":\"roundId_\",\"type\":\"uint80\"},{\"internalType\":\"int256\",\"name\":\"answer\",\"type\":\"int256\"},{\"internalType\":\"uint256\",\"name\":\"startedAt\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"updatedAt\",\"type\":\"uint256\"},{\"internalType\":\"uint80\",\"name\":\"answeredInRound\",\"type\":\"uint80\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"latestRound\",\"outputs\":[{\"internalType\":\"uint80\",\"name\":\"\",\"type\":\"uint80\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"latestRoundData\",\"outputs\":[{\"internalType\":\"uint80\",\"name\":\"roundId\",\"type\":\"uint80\"},{\"internalType\":\"int256\",\"name\":\"answer\",\"type\":\"int256\"},{\"internalType\":\"uint256\",\"name\":\"startedAt\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"updatedAt\",\"type\":\"uint256\"},{\"internalType\":\"uint80\",\"name\":\"answeredInRound\",\"type\":\"uint80\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"int256\",\"name\":\"answer\",\"type\":\"int256\"}],\"name\":\"setAnswer\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"version\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"pure\",\"type\":\"function\"}]",
	ID:  "DevnetAggregator",
	Bin: "0x60c06040523461030657610a37803803806100198161030a565b9283398101906060818303126103065780519060ff821682036103065760208101516001600160401b0381116103065781019083601f830112156103065781516001600160401b0381116101e95761007a601f8201601f191660200161030a565b9481865260208285010111610306576020815f9282604096018389015e8601015201513360805260a09190915281516001600160401b0381116101e9575f54600181811c911680156102fc575b60208210146102e857601f811161027b575b50602092601f821160011461021c57928192935f92610211575b50508160011b915f199060031b1c1916175f555b6001805491906001600160501b038084169091019081116101fd576001600160501b03166001600160501b0319929092168217600155604080519081018181106001600160401b038211176101e95760405281815260016020820191818060401b0342168352845f52600260205260405f2090518155019060018060401b0390511660018060401b03198254161790557f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f6020604051428152a3604051610707908161033082396080518181816101970152610343015260a051816106410152f35b634e487b7160e01b5f52604160045260245ffd5b634e487b7160e01b5f52601160045260245ffd5b015190505f806100f3565b601f198216935f8052805f20915f5b868110610263575083600195961061024b575b505050811b015f55610107565b01515f1960f88460031b161c191690555f808061023e565b9192602060018192868501518155019401920161022b565b818111156100d9575f8052601f820160051c7f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563602084106102e0575b81601f9101920160051c03905f5b8281106102d35750506100d9565b5f828201556001016102c5565b5f91506102b7565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100c7565b5f80fd5b6040519190601f01601f191682016001600160401b038111838210176101e95760405256fe6080806040526004361015610012575f80fd5b5f3560e01c908163313ce5671461060c5750806354fd4d50146105d3578063668a0f021461058c5780637284e416146103675780638da5cb5b146102f957806399213cd81461014e5780639a6fc8f5146100fd5763feaf968c14610074575f80fd5b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f9576100f56100bc69ffffffffffffffffffff60015416610681565b6040805169ffffffffffffffffffff968716815260208101959095528401929092526060830152909116608082015290819060a0820190565b0390f35b5f80fd5b346100f95760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760043569ffffffffffffffffffff811681036100f9576100bc6100f591610681565b346100f95760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760043573ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001633036102d15760015490600169ffffffffffffffffffff8316019169ffffffffffffffffffff83116102a45769ffffffffffffffffffff7fffffffffffffffffffffffffffffffffffffffffffff000000000000000000009316928391161760015560405161022581610665565b81815267ffffffffffffffff600160208301928242168452855f52600260205260405f2090518155019151167fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000008254161790557f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f6020604051428152a3005b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b7f30cd7471000000000000000000000000000000000000000000000000000000005f5260045ffd5b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f9576040515f905f548060011c9260018216938415610584575b602081108514610557578084526020840194849381156105005750600114610488575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761045b5760409182527fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8351948593602085525180918160208701528686015e5f85828601015201168101030190f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b8183106104e457505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06103d0565b60209193508060019154838588010152019101909183926104b0565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016865250151560051b820160200190507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06103d0565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b607f166103ad565b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602069ffffffffffffffffffff60015416604051908152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602060405160048152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760209060ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b6040810190811067ffffffffffffffff82111761045b57604052565b9069ffffffffffffffffffff82165f52600260205260405f209167ffffffffffffffff6001604051946106b386610665565b80548652015416926020810193808552156106df5767ffffffffffffffff905193511690809392829190565b7fbb258700000000000000000000000000000000000000000000000000000000005f5260045ffd",
}

// DevnetAggregator is an auto generated Go binding around an Ethereum contract.
type DevnetAggregator struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *DevnetAggregator) GetABI() abi.ABI {
	return c.abi
}

// NewDevnetAggregator creates a new instance of DevnetAggregator.
func NewDevnetAggregator() *DevnetAggregator {
	parsed, err := DevnetAggregatorMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &DevnetAggregator{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *DevnetAggregator) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(uint8 decimals_, string description_, int256 initialAnswer) returns()
func (devnetAggregator *DevnetAggregator) PackConstructor(decimals_ uint8, description_ string, initialAnswer *big.Int) []byte {
	enc, err := devnetAggregator.abi.Pack("", decimals_, description_, initialAnswer)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (devnetAggregator *DevnetAggregator) PackDecimals() []byte {
	enc, err := devnetAggregator.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (devnetAggregator *DevnetAggregator) TryPackDecimals() ([]byte, error) {
	return devnetAggregator.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (devnetAggregator *DevnetAggregator) UnpackDecimals(data []byte) (uint8, error) {
	out, err := devnetAggregator.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackDescription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7284e416.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function description() view returns(string)
func (devnetAggregator *DevnetAggregator) PackDescription() []byte {
	enc, err := devnetAggregator.abi.Pack("description")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDescription is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x7284e416.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function description() view returns(string)
func (devnetAggregator *DevnetAggregator) TryPackDescription() ([]byte, error) {
	return devnetAggregator.abi.Pack("description")
}

// UnpackDescription is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x7284e416.
//
// Solidity: function description() view returns(string)
func (devnetAggregator *DevnetAggregator) UnpackDescription(data []byte) (string, error) {
	out, err := devnetAggregator.abi.Unpack("description", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackGetRoundData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9a6fc8f5.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function getRoundData(uint80 roundId) view returns(uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) PackGetRoundData(roundId *big.Int) []byte {
	enc, err := devnetAggregator.abi.Pack("getRoundData", roundId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackGetRoundData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x9a6fc8f5.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function getRoundData(uint80 roundId) view returns(uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) TryPackGetRoundData(roundId *big.Int) ([]byte, error) {
	return devnetAggregator.abi.Pack("getRoundData", roundId)
}

// GetRoundDataOutput serves as a container for the return parameters of contract
// method GetRoundData.
type GetRoundDataOutput struct {
	RoundId         *big.Int
	Answer          *big.Int
	StartedAt       *big.Int
	UpdatedAt       *big.Int
	AnsweredInRound *big.Int
}

// UnpackGetRoundData is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x9a6fc8f5.
//
// Solidity: function getRoundData(uint80 roundId) view returns(uint80 roundId_, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) UnpackGetRoundData(data []byte) (GetRoundDataOutput, error) {
	out, err := devnetAggregator.abi.Unpack("getRoundData", data)
	outstruct := new(GetRoundDataOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.RoundId = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.Answer = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	outstruct.StartedAt = abi.ConvertType(out[2], new(big.Int)).(*big.Int)
	outstruct.UpdatedAt = abi.ConvertType(out[3], new(big.Int)).(*big.Int)
	outstruct.AnsweredInRound = abi.ConvertType(out[4], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackLatestRound is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x668a0f02.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function latestRound() view returns(uint80)
func (devnetAggregator *DevnetAggregator) PackLatestRound() []byte {
	enc, err := devnetAggregator.abi.Pack("latestRound")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLatestRound is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x668a0f02.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function latestRound() view returns(uint80)
func (devnetAggregator *DevnetAggregator) TryPackLatestRound() ([]byte, error) {
	return devnetAggregator.abi.Pack("latestRound")
}

// UnpackLatestRound is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x668a0f02.
//
// Solidity: function latestRound() view returns(uint80)
func (devnetAggregator *DevnetAggregator) UnpackLatestRound(data []byte) (*big.Int, error) {
	out, err := devnetAggregator.abi.Unpack("latestRound", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackLatestRoundData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfeaf968c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function latestRoundData() view returns(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) PackLatestRoundData() []byte {
	enc, err := devnetAggregator.abi.Pack("latestRoundData")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLatestRoundData is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xfeaf968c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function latestRoundData() view returns(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) TryPackLatestRoundData() ([]byte, error) {
	return devnetAggregator.abi.Pack("latestRoundData")
}

// LatestRoundDataOutput serves as a container for the return parameters of contract
// method LatestRoundData.
type LatestRoundDataOutput struct {
	RoundId         *big.Int
	Answer          *big.Int
	StartedAt       *big.Int
	UpdatedAt       *big.Int
	AnsweredInRound *big.Int
}

// UnpackLatestRoundData is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xfeaf968c.
//
// Solidity: function latestRoundData() view returns(uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
func (devnetAggregator *DevnetAggregator) UnpackLatestRoundData(data []byte) (LatestRoundDataOutput, error) {
	out, err := devnetAggregator.abi.Unpack("latestRoundData", data)
	outstruct := new(LatestRoundDataOutput)
	if err != nil {
		return *outstruct, err
	}
	outstruct.RoundId = abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	outstruct.Answer = abi.ConvertType(out[1], new(big.Int)).(*big.Int)
	outstruct.StartedAt = abi.ConvertType(out[2], new(big.Int)).(*big.Int)
	outstruct.UpdatedAt = abi.ConvertType(out[3], new(big.Int)).(*big.Int)
	outstruct.AnsweredInRound = abi.ConvertType(out[4], new(big.Int)).(*big.Int)
	return *outstruct, nil
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (devnetAggregator *DevnetAggregator) PackOwner() []byte {
	enc, err := devnetAggregator.abi.Pack("owner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function owner() view returns(address)
func (devnetAggregator *DevnetAggregator) TryPackOwner() ([]byte, error) {
	return devnetAggregator.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (devnetAggregator *DevnetAggregator) UnpackOwner(data []byte) (common.Address, error) {
	out, err := devnetAggregator.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// PackSetAnswer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x99213cd8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function setAnswer(int256 answer) returns()
func (devnetAggregator *DevnetAggregator) PackSetAnswer(answer *big.Int) []byte {
	enc, err := devnetAggregator.abi.Pack("setAnswer", answer)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSetAnswer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x99213cd8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function setAnswer(int256 answer) returns()
func (devnetAggregator *DevnetAggregator) TryPackSetAnswer(answer *big.Int) ([]byte, error) {
	return devnetAggregator.abi.Pack("setAnswer", answer)
}

// PackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function version() pure returns(uint256)
func (devnetAggregator *DevnetAggregator) PackVersion() []byte {
	enc, err := devnetAggregator.abi.Pack("version")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackVersion is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x54fd4d50.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function version() pure returns(uint256)
func (devnetAggregator *DevnetAggregator) TryPackVersion() ([]byte, error) {
	return devnetAggregator.abi.Pack("version")
}

// UnpackVersion is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x54fd4d50.
//
// Solidity: function version() pure returns(uint256)
func (devnetAggregator *DevnetAggregator) UnpackVersion(data []byte) (*big.Int, error) {
	out, err := devnetAggregator.abi.Unpack("version", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// DevnetAggregatorAnswerUpdated represents a AnswerUpdated event raised by the DevnetAggregator contract.
type DevnetAggregatorAnswerUpdated struct {
	Current   *big.Int
	RoundId   *big.Int
	UpdatedAt *big.Int
	Raw       *types.Log // Blockchain specific contextual infos
}

const DevnetAggregatorAnswerUpdatedEventName = "AnswerUpdated"

// ContractEventName returns the user-defined event name.
func (DevnetAggregatorAnswerUpdated) ContractEventName() string {
	return DevnetAggregatorAnswerUpdatedEventName
}

// UnpackAnswerUpdatedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt)
func (devnetAggregator *DevnetAggregator) UnpackAnswerUpdatedEvent(log *types.Log) (*DevnetAggregatorAnswerUpdated, error) {
	event := "AnswerUpdated"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != devnetAggregator.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(DevnetAggregatorAnswerUpdated)
	if len(log.Data) > 0 {
		if err := devnetAggregator.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range devnetAggregator.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// UnpackError attempts to decode the provided error data using user-defined
// error definitions.
func (devnetAggregator *DevnetAggregator) UnpackError(raw []byte) (any, error) {
	if bytes.Equal(raw[:4], devnetAggregator.abi.Errors["NoDataPresent"].ID.Bytes()[:4]) {
		return devnetAggregator.UnpackNoDataPresentError(raw[4:])
	}
	if bytes.Equal(raw[:4], devnetAggregator.abi.Errors["NotOwner"].ID.Bytes()[:4]) {
		return devnetAggregator.UnpackNotOwnerError(raw[4:])
	}
	return nil, errors.New("Unknown error")
}

// DevnetAggregatorNoDataPresent represents a NoDataPresent error raised by the DevnetAggregator contract.
type DevnetAggregatorNoDataPresent struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NoDataPresent()
func DevnetAggregatorNoDataPresentErrorID() common.Hash {
	return common.HexToHash("0xbb258700699f4449978821f51700c766295ef133e7bb6177607142c8d88db786")
}

// UnpackNoDataPresentError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NoDataPresent()
func (devnetAggregator *DevnetAggregator) UnpackNoDataPresentError(raw []byte) (*DevnetAggregatorNoDataPresent, error) {
	out := new(DevnetAggregatorNoDataPresent)
	if err := devnetAggregator.abi.UnpackIntoInterface(out, "NoDataPresent", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// DevnetAggregatorNotOwner represents a NotOwner error raised by the DevnetAggregator contract.
type DevnetAggregatorNotOwner struct {
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error NotOwner()
func DevnetAggregatorNotOwnerErrorID() common.Hash {
	return common.HexToHash("0x30cd74712f59d478562d48e2d35de830db72c60a63dd08ae59199eec990b5bc4")
}

// UnpackNotOwnerError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error NotOwner()
func (devnetAggregator *DevnetAggregator) UnpackNotOwnerError(raw []byte) (*DevnetAggregatorNotOwner, error) {
	out := new(DevnetAggregatorNotOwner)
	if err := devnetAggregator.abi.UnpackIntoInterface(out, "NotOwner", raw); err != nil {
		return nil, err
	}
	return out, nil
}

// FeeTokenMetaData contains all meta data concerning the FeeToken contract.
var FeeTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"feeBps_\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"feeBps\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "FeeToken",
	Bin: "0x60c06040523461039457610f038038038061001981610398565b9283398101906080818303126103945780516001600160401b03811161039457826100459183016103bd565b602082015190926001600160401b038211610394576100659183016103bd565b9060408101519060ff82168203610394576060015183519091906001600160401b03811161029d575f54600181811c9116801561038a575b602082101461027f57601f811161031d575b50602094601f82116001146102bc579481929394955f926102b1575b50508160011b915f199060031b1c1916175f555b82516001600160401b03811161029d57600154600181811c91168015610293575b602082101461027f57601f8111610211575b506020601f82116001146101ae57819293945f926101a3575b50508160011b915f199060031b1c1916176001555b6080526127108110156101785760a052604051610af4908161040f8239608051816104a6015260a0518181816104ff01526109950152f35b60405162461bcd60e51b815260206004820152600360248201526266656560e81b6044820152606490fd5b015190505f8061012b565b601f1982169060015f52805f20915f5b8181106101f9575095836001959697106101e1575b505050811b01600155610140565b01515f1960f88460031b161c191690555f80806101d3565b9192602060018192868b0151815501940192016101be565b818111156101125760015f52601f820160051c7fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf660208410610277575b81601f9101920160051c03905f5b82811061026a575050610112565b5f8282015560010161025c565b5f915061024e565b634e487b7160e01b5f52602260045260245ffd5b90607f1690610100565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100cb565b601f198216955f8052805f20915f5b888110610305575083600195969798106102ed575b505050811b015f556100df565b01515f1960f88460031b161c191690555f80806102e0565b919260206001819286850151815501940192016102cb565b818111156100af575f8052601f820160051c7f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e56360208410610382575b81601f9101920160051c03905f5b8281106103755750506100af565b5f82820155600101610367565b5f9150610359565b90607f169061009d565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761029d57604052565b81601f82011215610394578051906001600160401b03821161029d576103ec601f8301601f1916602001610398565b928284526020838301011161039457815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde0314610761578063095ea7b3146106be57806318160ddd1461068357806323b872dd1461052257806324a9d853146104ca578063313ce5671461046f57806340c10f19146103c957806370a082311461036657806395d89b4114610171578063a9059cbb146101225763dd62ed3e14610092575f80fd5b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576100c96108dc565b73ffffffffffffffffffffffffffffffffffffffff6100e66108ff565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5761016661015c6108dc565b6024359033610969565b602060405160018152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576040515f600154908160011c6001831692831561035c575b60208210841461032f5781855284939081156102cf5750600114610255575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761022857604082905281906102249082610894565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b8183106102b357505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101d6565b602091935080600191548385880101520191019091839261027f565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101d6565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101b7565b3461011e5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5773ffffffffffffffffffffffffffffffffffffffff6103b26108dc565b165f526003602052602060405f2054604051908152f35b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576104006108dc565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff6024359461044986600254610922565b60025516938484526003825260408420610464828254610922565b9055604051908152a3005b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e57602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5760206040517f00000000000000000000000000000000000000000000000000000000000000008152f35b3461011e5760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576105596108dc565b6105616108ff565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff85036105de575b506101669350610969565b838510610625576105f2846101669661095c565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2055846105d3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576020600254604051908152f35b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576106f56108dc565b73ffffffffffffffffffffffffffffffffffffffff60243591335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3602060405160018152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576040515f5f54908160011c6001831692831561088a575b60208210841461032f5781855284939081156102cf5750600114610812575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761022857604082905281906102249082610894565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061086e57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101d6565b602091935080600191548385880101520191019091839261083a565b90607f16906107a6565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011e57565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011e57565b9190820180921161092f57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b9190820391821161092f57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f205410610a96577f000000000000000000000000000000000000000000000000000000000000000080840290848204148415171561092f577fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef6020610a586127108694048097855f526003845260405f20610a0882825461095c565b905573ffffffffffffffffffffffffffffffffffffffff610a29838361095c565b971696875f5260038552610a4260405f20918254610922565b9055610a508260025461095c565b60025561095c565b604051908152a381610a68575050565b7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60205f93604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
}

// FeeToken is an auto generated Go binding around an Ethereum contract.
type FeeToken struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *FeeToken) GetABI() abi.ABI {
	return c.abi
}

// NewFeeToken creates a new instance of FeeToken.
func NewFeeToken() *FeeToken {
	parsed, err := FeeTokenMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &FeeToken{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *FeeToken) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string symbol_, uint8 decimals_, uint256 feeBps_) returns()
func (feeToken *FeeToken) PackConstructor(name_ string, symbol_ string, decimals_ uint8, feeBps_ *big.Int) []byte {
	enc, err := feeToken.abi.Pack("", name_, symbol_, decimals_, feeBps_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (feeToken *FeeToken) PackAllowance(arg0 common.Address, arg1 common.Address) []byte {
	enc, err := feeToken.abi.Pack("allowance", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (feeToken *FeeToken) TryPackAllowance(arg0 common.Address, arg1 common.Address) ([]byte, error) {
	return feeToken.abi.Pack("allowance", arg0, arg1)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (feeToken *FeeToken) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := feeToken.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (feeToken *FeeToken) PackApprove(spender common.Address, amount *big.Int) []byte {
	enc, err := feeToken.abi.Pack("approve", spender, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (feeToken *FeeToken) TryPackApprove(spender common.Address, amount *big.Int) ([]byte, error) {
	return feeToken.abi.Pack("approve", spender, amount)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (feeToken *FeeToken) UnpackApprove(data []byte) (bool, error) {
	out, err := feeToken.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (feeToken *FeeToken) PackBalanceOf(arg0 common.Address) []byte {
	enc, err := feeToken.abi.Pack("balanceOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (feeToken *FeeToken) TryPackBalanceOf(arg0 common.Address) ([]byte, error) {
	return feeToken.abi.Pack("balanceOf", arg0)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (feeToken *FeeToken) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := feeToken.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (feeToken *FeeToken) PackDecimals() []byte {
	enc, err := feeToken.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (feeToken *FeeToken) TryPackDecimals() ([]byte, error) {
	return feeToken.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (feeToken *FeeToken) UnpackDecimals(data []byte) (uint8, error) {
	out, err := feeToken.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackFeeBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x24a9d853.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function feeBps() view returns(uint256)
func (feeToken *FeeToken) PackFeeBps() []byte {
	enc, err := feeToken.abi.Pack("feeBps")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackFeeBps is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x24a9d853.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function feeBps() view returns(uint256)
func (feeToken *FeeToken) TryPackFeeBps() ([]byte, error) {
	return feeToken.abi.Pack("feeBps")
}

// UnpackFeeBps is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x24a9d853.
//
// Solidity: function feeBps() view returns(uint256)
func (feeToken *FeeToken) UnpackFeeBps(data []byte) (*big.Int, error) {
	out, err := feeToken.abi.Unpack("feeBps", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (feeToken *FeeToken) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := feeToken.abi.Pack("mint", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (feeToken *FeeToken) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return feeToken.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (feeToken *FeeToken) PackName() []byte {
	enc, err := feeToken.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (feeToken *FeeToken) TryPackName() ([]byte, error) {
	return feeToken.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (feeToken *FeeToken) UnpackName(data []byte) (string, error) {
	out, err := feeToken.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (feeToken *FeeToken) PackSymbol() []byte {
	enc, err := feeToken.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (feeToken *FeeToken) TryPackSymbol() ([]byte, error) {
	return feeToken.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (feeToken *FeeToken) UnpackSymbol(data []byte) (string, error) {
	out, err := feeToken.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (feeToken *FeeToken) PackTotalSupply() []byte {
	enc, err := feeToken.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (feeToken *FeeToken) TryPackTotalSupply() ([]byte, error) {
	return feeToken.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (feeToken *FeeToken) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := feeToken.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) PackTransfer(to common.Address, amount *big.Int) []byte {
	enc, err := feeToken.abi.Pack("transfer", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) TryPackTransfer(to common.Address, amount *big.Int) ([]byte, error) {
	return feeToken.abi.Pack("transfer", to, amount)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) UnpackTransfer(data []byte) (bool, error) {
	out, err := feeToken.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) PackTransferFrom(from common.Address, to common.Address, amount *big.Int) []byte {
	enc, err := feeToken.abi.Pack("transferFrom", from, to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) TryPackTransferFrom(from common.Address, to common.Address, amount *big.Int) ([]byte, error) {
	return feeToken.abi.Pack("transferFrom", from, to, amount)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (feeToken *FeeToken) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := feeToken.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// FeeTokenApproval represents a Approval event raised by the FeeToken contract.
type FeeTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const FeeTokenApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (FeeTokenApproval) ContractEventName() string {
	return FeeTokenApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (feeToken *FeeToken) UnpackApprovalEvent(log *types.Log) (*FeeTokenApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != feeToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FeeTokenApproval)
	if len(log.Data) > 0 {
		if err := feeToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range feeToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// FeeTokenTransfer represents a Transfer event raised by the FeeToken contract.
type FeeTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const FeeTokenTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (FeeTokenTransfer) ContractEventName() string {
	return FeeTokenTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (feeToken *FeeToken) UnpackTransferEvent(log *types.Log) (*FeeTokenTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != feeToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(FeeTokenTransfer)
	if len(log.Data) > 0 {
		if err := feeToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range feeToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// GreedyWalletMetaData contains all meta data concerning the GreedyWallet contract.
var GreedyWalletMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"loops_\",\"type\":\"bool\"},{\"internalType\":\"uint256\",\"name\":\"padding_\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"name\":\"isValidSignature\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"loops\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"padding\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"}]",
	ID:  "GreedyWallet",
	Bin: "0x60c03461008257601f6102ad38819003918201601f19168301916001600160401b0383118484101761008657808492604094855283398101031261008257805190811515820361008257602001519060805260a052604051610212908161009b823960805181818161013d0152610164015260a05181818160e0015261018a0152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c80631374df0b146100b05780631626ba7e1461003f5763938b9ceb1461003a575f80fd5b610108565b346100ac5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ac5760243567ffffffffffffffff81116100ac57366023820112156100ac57806004013567ffffffffffffffff81116100ac573691016024011115610162575b5f80fd5b346100ac575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ac577f000000000000000000000000000000000000000000000000000000000000000060805260206080f35b346100ac575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ac5760206040517f000000000000000000000000000000000000000000000000000000000000000015158152f35b7f0000000000000000000000000000000000000000000000000000000000000000610207575b7f0000000000000000000000000000000000000000000000000000000000000000602081018091116101da577f1626ba7e000000000000000000000000000000000000000000000000000000005f525ff35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b5b5a6102085761018856",
}

// GreedyWallet is an auto generated Go binding around an Ethereum contract.
type GreedyWallet struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *GreedyWallet) GetABI() abi.ABI {
	return c.abi
}

// NewGreedyWallet creates a new instance of GreedyWallet.
func NewGreedyWallet() *GreedyWallet {
	parsed, err := GreedyWalletMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &GreedyWallet{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *GreedyWallet) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(bool loops_, uint256 padding_) returns()
func (greedyWallet *GreedyWallet) PackConstructor(loops_ bool, padding_ *big.Int) []byte {
	enc, err := greedyWallet.abi.Pack("", loops_, padding_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackIsValidSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1626ba7e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isValidSignature(bytes32 , bytes ) view returns(bytes4)
func (greedyWallet *GreedyWallet) PackIsValidSignature(arg0 [32]byte, arg1 []byte) []byte {
	enc, err := greedyWallet.abi.Pack("isValidSignature", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsValidSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1626ba7e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isValidSignature(bytes32 , bytes ) view returns(bytes4)
func (greedyWallet *GreedyWallet) TryPackIsValidSignature(arg0 [32]byte, arg1 []byte) ([]byte, error) {
	return greedyWallet.abi.Pack("isValidSignature", arg0, arg1)
}

// UnpackIsValidSignature is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1626ba7e.
//
// Solidity: function isValidSignature(bytes32 , bytes ) view returns(bytes4)
func (greedyWallet *GreedyWallet) UnpackIsValidSignature(data []byte) ([4]byte, error) {
	out, err := greedyWallet.abi.Unpack("isValidSignature", data)
	if err != nil {
		return *new([4]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)
	return out0, nil
}

// PackLoops is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x938b9ceb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function loops() view returns(bool)
func (greedyWallet *GreedyWallet) PackLoops() []byte {
	enc, err := greedyWallet.abi.Pack("loops")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackLoops is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x938b9ceb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function loops() view returns(bool)
func (greedyWallet *GreedyWallet) TryPackLoops() ([]byte, error) {
	return greedyWallet.abi.Pack("loops")
}

// UnpackLoops is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x938b9ceb.
//
// Solidity: function loops() view returns(bool)
func (greedyWallet *GreedyWallet) UnpackLoops(data []byte) (bool, error) {
	out, err := greedyWallet.abi.Unpack("loops", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackPadding is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1374df0b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function padding() view returns(uint256)
func (greedyWallet *GreedyWallet) PackPadding() []byte {
	enc, err := greedyWallet.abi.Pack("padding")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPadding is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1374df0b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function padding() view returns(uint256)
func (greedyWallet *GreedyWallet) TryPackPadding() ([]byte, error) {
	return greedyWallet.abi.Pack("padding")
}

// UnpackPadding is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1374df0b.
//
// Solidity: function padding() view returns(uint256)
func (greedyWallet *GreedyWallet) UnpackPadding(data []byte) (*big.Int, error) {
	out, err := greedyWallet.abi.Unpack("padding", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// NoReturnTokenMetaData contains all meta data concerning the NoReturnToken contract.
var NoReturnTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "NoReturnToken",
	Bin: "0x60a06040523461034157610e4d8038038061001981610345565b9283398101906060818303126103415780516001600160401b038111610341578261004591830161036a565b60208201519092906001600160401b0381116103415760409161006991840161036a565b91015160ff811681036103415782516001600160401b03811161024a575f54600181811c91168015610337575b602082101461022c57601f81116102ca575b506020601f821160011461026957819293945f9261025e575b50508160011b915f199060031b1c1916175f555b81516001600160401b03811161024a57600154600181811c91168015610240575b602082101461022c57601f81116101be575b50602092601f821160011461015d57928192935f92610152575b50508160011b915f199060031b1c1916176001555b608052604051610a9190816103bc8239608051816104920152f35b015190505f80610122565b601f1982169360015f52805f20915f5b8681106101a6575083600195961061018e575b505050811b01600155610137565b01515f1960f88460031b161c191690555f8080610180565b9192602060018192868501518155019401920161016d565b818111156101085760015f52601f820160051c7fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf660208410610224575b81601f9101920160051c03905f5b828110610217575050610108565b5f82820155600101610209565b5f91506101fb565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100f6565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100c1565b601f198216905f8052805f20915f5b8181106102b25750958360019596971061029a575b505050811b015f556100d5565b01515f1960f88460031b161c191690555f808061028d565b9192602060018192868b015181550194019201610278565b818111156100a8575f8052601f820160051c7f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5636020841061032f575b81601f9101920160051c03905f5b8281106103225750506100a8565b5f82820155600101610314565b5f9150610306565b90607f1690610096565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761024a57604052565b81601f82011215610341578051906001600160401b03821161024a57610399601f8301601f1916602001610345565b928284526020838301011161034157815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde031461078d578063095ea7b31461065257806318160ddd1461061757806323b872dd146104b6578063313ce5671461045b57806340c10f19146103b557806370a082311461035257806395d89b411461015d578063a9059cbb146101175763dd62ed3e14610087575f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576100be610908565b73ffffffffffffffffffffffffffffffffffffffff6100db61092b565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135761015b610151610908565b6024359033610995565b005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f600154908160011c60018316928315610348575b60208210841461031b5781855284939081156102bb5750600114610241575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff821181831017610214576040829052819061021090826108c0565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b81831061029f57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101c2565b602091935080600191548385880101520191019091839261026b565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101c2565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101a3565b346101135760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135773ffffffffffffffffffffffffffffffffffffffff61039e610908565b165f526003602052602060405f2054604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576103ec610908565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff602435946104358660025461094e565b6002551693848452600382526040842061045082825461094e565b9055604051908152a3005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101135760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576104ed610908565b6104f561092b565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8503610572575b5061015b9350610995565b8385106105b9576105868461015b96610988565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f205584610567565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576020600254604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357610689610908565b6024359081158015610759575b156106fb5773ffffffffffffffffffffffffffffffffffffffff90335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3005b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601560248201527f617070726f76652066726f6d206e6f6e2d7a65726f00000000000000000000006044820152fd5b50335f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff82165f5260205260405f205415610696565b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f5f54908160011c600183169283156108b6575b60208210841461031b5781855284939081156102bb575060011461083e575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff821181831017610214576040829052819061021090826108c0565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061089a57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101c2565b6020919350806001915483858801015201910190918392610866565b90607f16906107d2565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b9190820180921161095b57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b9190820391821161095b57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f205410610a3357602073ffffffffffffffffffffffffffffffffffffffff7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92845f526003835260405f20610a0e878254610988565b90551693845f526003825260405f20610a2882825461094e565b9055604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
}

// NoReturnToken is an auto generated Go binding around an Ethereum contract.
type NoReturnToken struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *NoReturnToken) GetABI() abi.ABI {
	return c.abi
}

// NewNoReturnToken creates a new instance of NoReturnToken.
func NewNoReturnToken() *NoReturnToken {
	parsed, err := NoReturnTokenMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &NoReturnToken{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *NoReturnToken) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string symbol_, uint8 decimals_) returns()
func (noReturnToken *NoReturnToken) PackConstructor(name_ string, symbol_ string, decimals_ uint8) []byte {
	enc, err := noReturnToken.abi.Pack("", name_, symbol_, decimals_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (noReturnToken *NoReturnToken) PackAllowance(arg0 common.Address, arg1 common.Address) []byte {
	enc, err := noReturnToken.abi.Pack("allowance", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (noReturnToken *NoReturnToken) TryPackAllowance(arg0 common.Address, arg1 common.Address) ([]byte, error) {
	return noReturnToken.abi.Pack("allowance", arg0, arg1)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (noReturnToken *NoReturnToken) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := noReturnToken.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 amount) returns()
func (noReturnToken *NoReturnToken) PackApprove(spender common.Address, amount *big.Int) []byte {
	enc, err := noReturnToken.abi.Pack("approve", spender, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 amount) returns()
func (noReturnToken *NoReturnToken) TryPackApprove(spender common.Address, amount *big.Int) ([]byte, error) {
	return noReturnToken.abi.Pack("approve", spender, amount)
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (noReturnToken *NoReturnToken) PackBalanceOf(arg0 common.Address) []byte {
	enc, err := noReturnToken.abi.Pack("balanceOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (noReturnToken *NoReturnToken) TryPackBalanceOf(arg0 common.Address) ([]byte, error) {
	return noReturnToken.abi.Pack("balanceOf", arg0)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (noReturnToken *NoReturnToken) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := noReturnToken.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (noReturnToken *NoReturnToken) PackDecimals() []byte {
	enc, err := noReturnToken.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (noReturnToken *NoReturnToken) TryPackDecimals() ([]byte, error) {
	return noReturnToken.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (noReturnToken *NoReturnToken) UnpackDecimals(data []byte) (uint8, error) {
	out, err := noReturnToken.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := noReturnToken.abi.Pack("mint", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return noReturnToken.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (noReturnToken *NoReturnToken) PackName() []byte {
	enc, err := noReturnToken.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (noReturnToken *NoReturnToken) TryPackName() ([]byte, error) {
	return noReturnToken.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (noReturnToken *NoReturnToken) UnpackName(data []byte) (string, error) {
	out, err := noReturnToken.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (noReturnToken *NoReturnToken) PackSymbol() []byte {
	enc, err := noReturnToken.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (noReturnToken *NoReturnToken) TryPackSymbol() ([]byte, error) {
	return noReturnToken.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (noReturnToken *NoReturnToken) UnpackSymbol(data []byte) (string, error) {
	out, err := noReturnToken.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (noReturnToken *NoReturnToken) PackTotalSupply() []byte {
	enc, err := noReturnToken.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (noReturnToken *NoReturnToken) TryPackTotalSupply() ([]byte, error) {
	return noReturnToken.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (noReturnToken *NoReturnToken) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := noReturnToken.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) PackTransfer(to common.Address, amount *big.Int) []byte {
	enc, err := noReturnToken.abi.Pack("transfer", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) TryPackTransfer(to common.Address, amount *big.Int) ([]byte, error) {
	return noReturnToken.abi.Pack("transfer", to, amount)
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) PackTransferFrom(from common.Address, to common.Address, amount *big.Int) []byte {
	enc, err := noReturnToken.abi.Pack("transferFrom", from, to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns()
func (noReturnToken *NoReturnToken) TryPackTransferFrom(from common.Address, to common.Address, amount *big.Int) ([]byte, error) {
	return noReturnToken.abi.Pack("transferFrom", from, to, amount)
}

// NoReturnTokenApproval represents a Approval event raised by the NoReturnToken contract.
type NoReturnTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const NoReturnTokenApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (NoReturnTokenApproval) ContractEventName() string {
	return NoReturnTokenApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (noReturnToken *NoReturnToken) UnpackApprovalEvent(log *types.Log) (*NoReturnTokenApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != noReturnToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(NoReturnTokenApproval)
	if len(log.Data) > 0 {
		if err := noReturnToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range noReturnToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// NoReturnTokenTransfer represents a Transfer event raised by the NoReturnToken contract.
type NoReturnTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const NoReturnTokenTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (NoReturnTokenTransfer) ContractEventName() string {
	return NoReturnTokenTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (noReturnToken *NoReturnToken) UnpackTransferEvent(log *types.Log) (*NoReturnTokenTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != noReturnToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(NoReturnTokenTransfer)
	if len(log.Data) > 0 {
		if err := noReturnToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range noReturnToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// OwnerWalletMetaData contains all meta data concerning the OwnerWallet contract.
var OwnerWalletMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"target\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"},{\"internalType\":\"bytes\",\"name\":\"data\",\"type\":\"bytes\"}],\"name\":\"execute\",\"outputs\":[{\"internalType\":\"bytes\",\"name\":\"\",\"type\":\"bytes\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bytes32\",\"name\":\"hash\",\"type\":\"bytes32\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"isValidSignature\",\"outputs\":[{\"internalType\":\"bytes4\",\"name\":\"\",\"type\":\"bytes4\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	ID:  "OwnerWallet",
	Bin: "0x60a034607457601f6106a038819003918201601f19168301916001600160401b03831184841017607857808492602094604052833981010312607457516001600160a01b0381168103607457608052604051610613908161008d823960805181818161014c0152818161023f01526104b20152f35b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe6080604052600436101561001a575b3615610018575f80fd5b005b5f3560e01c80631626ba7e146100495780638da5cb5b146100445763b61d27f60361000e576101b8565b610102565b346100d05760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100d05760243567ffffffffffffffff81116100d0576100a661009d60209236906004016100d4565b906004356103e8565b7fffffffff0000000000000000000000000000000000000000000000000000000060405191168152f35b5f80fd5b9181601f840112156100d05782359167ffffffffffffffff83116100d057602083818601950101116100d057565b346100d0575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100d057602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b346100d05760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100d05760043573ffffffffffffffffffffffffffffffffffffffff811681036100d05760443567ffffffffffffffff81116100d0576102279036906004016100d4565b9173ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001633036102aa575f92839261027860405180938193610566565b0391602435905af16102886105a0565b90156102a25761029e9060405191829182610170565b0390f35b602081519101fd5b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600560248201527f6f776e65720000000000000000000000000000000000000000000000000000006044820152fd5b906020116100d05790602090565b906040116100d05760200190602090565b359060208110610335575090565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff9060200360031b1b1690565b90604010156103715760400190565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b60ff601b9116019060ff82116103b057565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b6040513d5f823e3d90fd5b916041810361053f576020928261045261044c61042661041261040c875f99610308565b90610327565b9561042061040c8287610316565b94610362565b357fff000000000000000000000000000000000000000000000000000000000000001690565b60f81c90565b92601b60ff851610610528575b9061048a91604051948594859094939260ff6060936080840197845216602083015260408201520152565b838052039060015afa15610523575f5173ffffffffffffffffffffffffffffffffffffffff807f0000000000000000000000000000000000000000000000000000000000000000169116145f146104ff577f1626ba7e0000000000000000000000000000000000000000000000000000000090565b7fffffffff0000000000000000000000000000000000000000000000000000000090565b6103dd565b929061053661048a9261039e565b9390915061045f565b5050507fffffffff0000000000000000000000000000000000000000000000000000000090565b908092918237015f815290565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b3d1561060e573d9067ffffffffffffffff821161060957604051917fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0603f81601f8401160116830183811067ffffffffffffffff8211176106095760405282523d5f602084013e565b610573565b60609056",
}

// OwnerWallet is an auto generated Go binding around an Ethereum contract.
type OwnerWallet struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *OwnerWallet) GetABI() abi.ABI {
	return c.abi
}

// NewOwnerWallet creates a new instance of OwnerWallet.
func NewOwnerWallet() *OwnerWallet {
	parsed, err := OwnerWalletMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &OwnerWallet{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *OwnerWallet) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(address owner_) returns()
func (ownerWallet *OwnerWallet) PackConstructor(owner_ common.Address) []byte {
	enc, err := ownerWallet.abi.Pack("", owner_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackExecute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb61d27f6.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function execute(address target, uint256 value, bytes data) returns(bytes)
func (ownerWallet *OwnerWallet) PackExecute(target common.Address, value *big.Int, data []byte) []byte {
	enc, err := ownerWallet.abi.Pack("execute", target, value, data)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackExecute is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xb61d27f6.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function execute(address target, uint256 value, bytes data) returns(bytes)
func (ownerWallet *OwnerWallet) TryPackExecute(target common.Address, value *big.Int, data []byte) ([]byte, error) {
	return ownerWallet.abi.Pack("execute", target, value, data)
}

// UnpackExecute is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xb61d27f6.
//
// Solidity: function execute(address target, uint256 value, bytes data) returns(bytes)
func (ownerWallet *OwnerWallet) UnpackExecute(data []byte) ([]byte, error) {
	out, err := ownerWallet.abi.Unpack("execute", data)
	if err != nil {
		return *new([]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([]byte)).(*[]byte)
	return out0, nil
}

// PackIsValidSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1626ba7e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function isValidSignature(bytes32 hash, bytes signature) view returns(bytes4)
func (ownerWallet *OwnerWallet) PackIsValidSignature(hash [32]byte, signature []byte) []byte {
	enc, err := ownerWallet.abi.Pack("isValidSignature", hash, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackIsValidSignature is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x1626ba7e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function isValidSignature(bytes32 hash, bytes signature) view returns(bytes4)
func (ownerWallet *OwnerWallet) TryPackIsValidSignature(hash [32]byte, signature []byte) ([]byte, error) {
	return ownerWallet.abi.Pack("isValidSignature", hash, signature)
}

// UnpackIsValidSignature is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x1626ba7e.
//
// Solidity: function isValidSignature(bytes32 hash, bytes signature) view returns(bytes4)
func (ownerWallet *OwnerWallet) UnpackIsValidSignature(data []byte) ([4]byte, error) {
	out, err := ownerWallet.abi.Unpack("isValidSignature", data)
	if err != nil {
		return *new([4]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([4]byte)).(*[4]byte)
	return out0, nil
}

// PackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function owner() view returns(address)
func (ownerWallet *OwnerWallet) PackOwner() []byte {
	enc, err := ownerWallet.abi.Pack("owner")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOwner is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x8da5cb5b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function owner() view returns(address)
func (ownerWallet *OwnerWallet) TryPackOwner() ([]byte, error) {
	return ownerWallet.abi.Pack("owner")
}

// UnpackOwner is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x8da5cb5b.
//
// Solidity: function owner() view returns(address)
func (ownerWallet *OwnerWallet) UnpackOwner(data []byte) (common.Address, error) {
	out, err := ownerWallet.abi.Unpack("owner", data)
	if err != nil {
		return *new(common.Address), err
	}
	out0 := *abi.ConvertType(out[0], new(common.Address)).(*common.Address)
	return out0, nil
}

// TestTokenMetaData contains all meta data concerning the TestToken contract.
var TestTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "TestToken",
	Bin: "0x60a06040523461034157610dbe8038038061001981610345565b9283398101906060818303126103415780516001600160401b038111610341578261004591830161036a565b60208201519092906001600160401b0381116103415760409161006991840161036a565b91015160ff811681036103415782516001600160401b03811161024a575f54600181811c91168015610337575b602082101461022c57601f81116102ca575b506020601f821160011461026957819293945f9261025e575b50508160011b915f199060031b1c1916175f555b81516001600160401b03811161024a57600154600181811c91168015610240575b602082101461022c57601f81116101be575b50602092601f821160011461015d57928192935f92610152575b50508160011b915f199060031b1c1916176001555b608052604051610a0290816103bc82396080518161049b0152f35b015190505f80610122565b601f1982169360015f52805f20915f5b8681106101a6575083600195961061018e575b505050811b01600155610137565b01515f1960f88460031b161c191690555f8080610180565b9192602060018192868501518155019401920161016d565b818111156101085760015f52601f820160051c7fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf660208410610224575b81601f9101920160051c03905f5b828110610217575050610108565b5f82820155600101610209565b5f91506101fb565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100f6565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100c1565b601f198216905f8052805f20915f5b8181106102b25750958360019596971061029a575b505050811b015f556100d5565b01515f1960f88460031b161c191690555f808061028d565b9192602060018192868b015181550194019201610278565b818111156100a8575f8052601f820160051c7f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5636020841061032f575b81601f9101920160051c03905f5b8281106103225750506100a8565b5f82820155600101610314565b5f9150610306565b90607f1690610096565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761024a57604052565b81601f82011215610341578051906001600160401b03821161024a57610399601f8301601f1916602001610345565b928284526020838301011161034157815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde03146106fe578063095ea7b31461065b57806318160ddd1461062057806323b872dd146104bf578063313ce5671461046457806340c10f19146103be57806370a082311461035b57806395d89b4114610166578063a9059cbb146101175763dd62ed3e14610087575f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576100be610879565b73ffffffffffffffffffffffffffffffffffffffff6100db61089c565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135761015b610151610879565b6024359033610906565b602060405160018152f35b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f600154908160011c60018316928315610351575b6020821084146103245781855284939081156102c4575060011461024a575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761021d57604082905281906102199082610831565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b8183106102a857505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101cb565b6020919350806001915483858801015201910190918392610274565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101cb565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101ac565b346101135760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135773ffffffffffffffffffffffffffffffffffffffff6103a7610879565b165f526003602052602060405f2054604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576103f5610879565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff6024359461043e866002546108bf565b600255169384845260038252604084206104598282546108bf565b9055604051908152a3005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101135760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576104f6610879565b6104fe61089c565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff850361057b575b5061015b9350610906565b8385106105c25761058f8461015b966108f9565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f205584610570565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576020600254604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357610692610879565b73ffffffffffffffffffffffffffffffffffffffff60243591335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3602060405160018152f35b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f5f54908160011c60018316928315610827575b6020821084146103245781855284939081156102c457506001146107af575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761021d57604082905281906102199082610831565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061080b57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101cb565b60209193508060019154838588010152019101909183926107d7565b90607f1690610743565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b919082018092116108cc57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b919082039182116108cc57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f2054106109a457602073ffffffffffffffffffffffffffffffffffffffff7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92845f526003835260405f2061097f8782546108f9565b90551693845f526003825260405f206109998282546108bf565b9055604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
}

// TestToken is an auto generated Go binding around an Ethereum contract.
type TestToken struct {
	abi abi.ABI
}

// GetABI returns the ABI associated with this contract binding.
func (c *TestToken) GetABI() abi.ABI {
	return c.abi
}

// NewTestToken creates a new instance of TestToken.
func NewTestToken() *TestToken {
	parsed, err := TestTokenMetaData.ParseABI()
	if err != nil {
		panic(errors.New("invalid ABI: " + err.Error()))
	}
	return &TestToken{abi: *parsed}
}

// Instance creates a wrapper for a deployed contract instance at the given address.
// Use this to create the instance object passed to abigen v2 library functions Call, Transact, etc.
func (c *TestToken) Instance(backend bind.ContractBackend, addr common.Address) *bind.BoundContract {
	return bind.NewBoundContract(addr, c.abi, backend, backend, backend)
}

// PackConstructor is the Go binding used to pack the parameters required for
// contract deployment.
//
// Solidity: constructor(string name_, string symbol_, uint8 decimals_) returns()
func (testToken *TestToken) PackConstructor(name_ string, symbol_ string, decimals_ uint8) []byte {
	enc, err := testToken.abi.Pack("", name_, symbol_, decimals_)
	if err != nil {
		panic(err)
	}
	return enc
}

// PackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testToken *TestToken) PackAllowance(arg0 common.Address, arg1 common.Address) []byte {
	enc, err := testToken.abi.Pack("allowance", arg0, arg1)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackAllowance is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd62ed3e.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testToken *TestToken) TryPackAllowance(arg0 common.Address, arg1 common.Address) ([]byte, error) {
	return testToken.abi.Pack("allowance", arg0, arg1)
}

// UnpackAllowance is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd62ed3e.
//
// Solidity: function allowance(address , address ) view returns(uint256)
func (testToken *TestToken) UnpackAllowance(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("allowance", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (testToken *TestToken) PackApprove(spender common.Address, amount *big.Int) []byte {
	enc, err := testToken.abi.Pack("approve", spender, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackApprove is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x095ea7b3.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (testToken *TestToken) TryPackApprove(spender common.Address, amount *big.Int) ([]byte, error) {
	return testToken.abi.Pack("approve", spender, amount)
}

// UnpackApprove is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x095ea7b3.
//
// Solidity: function approve(address spender, uint256 amount) returns(bool)
func (testToken *TestToken) UnpackApprove(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("approve", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testToken *TestToken) PackBalanceOf(arg0 common.Address) []byte {
	enc, err := testToken.abi.Pack("balanceOf", arg0)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackBalanceOf is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x70a08231.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testToken *TestToken) TryPackBalanceOf(arg0 common.Address) ([]byte, error) {
	return testToken.abi.Pack("balanceOf", arg0)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x70a08231.
//
// Solidity: function balanceOf(address ) view returns(uint256)
func (testToken *TestToken) UnpackBalanceOf(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("balanceOf", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) PackDecimals() []byte {
	enc, err := testToken.abi.Pack("decimals")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackDecimals is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x313ce567.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) TryPackDecimals() ([]byte, error) {
	return testToken.abi.Pack("decimals")
}

// UnpackDecimals is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x313ce567.
//
// Solidity: function decimals() view returns(uint8)
func (testToken *TestToken) UnpackDecimals(data []byte) (uint8, error) {
	out, err := testToken.abi.Unpack("decimals", data)
	if err != nil {
		return *new(uint8), err
	}
	out0 := *abi.ConvertType(out[0], new(uint8)).(*uint8)
	return out0, nil
}

// PackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (testToken *TestToken) PackMint(to common.Address, amount *big.Int) []byte {
	enc, err := testToken.abi.Pack("mint", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackMint is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x40c10f19.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function mint(address to, uint256 amount) returns()
func (testToken *TestToken) TryPackMint(to common.Address, amount *big.Int) ([]byte, error) {
	return testToken.abi.Pack("mint", to, amount)
}

// PackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) PackName() []byte {
	enc, err := testToken.abi.Pack("name")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackName is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x06fdde03.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) TryPackName() ([]byte, error) {
	return testToken.abi.Pack("name")
}

// UnpackName is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x06fdde03.
//
// Solidity: function name() view returns(string)
func (testToken *TestToken) UnpackName(data []byte) (string, error) {
	out, err := testToken.abi.Unpack("name", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) PackSymbol() []byte {
	enc, err := testToken.abi.Pack("symbol")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSymbol is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x95d89b41.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) TryPackSymbol() ([]byte, error) {
	return testToken.abi.Pack("symbol")
}

// UnpackSymbol is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x95d89b41.
//
// Solidity: function symbol() view returns(string)
func (testToken *TestToken) UnpackSymbol(data []byte) (string, error) {
	out, err := testToken.abi.Unpack("symbol", data)
	if err != nil {
		return *new(string), err
	}
	out0 := *abi.ConvertType(out[0], new(string)).(*string)
	return out0, nil
}

// PackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) PackTotalSupply() []byte {
	enc, err := testToken.abi.Pack("totalSupply")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTotalSupply is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x18160ddd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) TryPackTotalSupply() ([]byte, error) {
	return testToken.abi.Pack("totalSupply")
}

// UnpackTotalSupply is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x18160ddd.
//
// Solidity: function totalSupply() view returns(uint256)
func (testToken *TestToken) UnpackTotalSupply(data []byte) (*big.Int, error) {
	out, err := testToken.abi.Unpack("totalSupply", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (testToken *TestToken) PackTransfer(to common.Address, amount *big.Int) []byte {
	enc, err := testToken.abi.Pack("transfer", to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransfer is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xa9059cbb.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (testToken *TestToken) TryPackTransfer(to common.Address, amount *big.Int) ([]byte, error) {
	return testToken.abi.Pack("transfer", to, amount)
}

// UnpackTransfer is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xa9059cbb.
//
// Solidity: function transfer(address to, uint256 amount) returns(bool)
func (testToken *TestToken) UnpackTransfer(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("transfer", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// PackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (testToken *TestToken) PackTransferFrom(from common.Address, to common.Address, amount *big.Int) []byte {
	enc, err := testToken.abi.Pack("transferFrom", from, to, amount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackTransferFrom is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x23b872dd.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (testToken *TestToken) TryPackTransferFrom(from common.Address, to common.Address, amount *big.Int) ([]byte, error) {
	return testToken.abi.Pack("transferFrom", from, to, amount)
}

// UnpackTransferFrom is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x23b872dd.
//
// Solidity: function transferFrom(address from, address to, uint256 amount) returns(bool)
func (testToken *TestToken) UnpackTransferFrom(data []byte) (bool, error) {
	out, err := testToken.abi.Unpack("transferFrom", data)
	if err != nil {
		return *new(bool), err
	}
	out0 := *abi.ConvertType(out[0], new(bool)).(*bool)
	return out0, nil
}

// TestTokenApproval represents a Approval event raised by the TestToken contract.
type TestTokenApproval struct {
	Owner   common.Address
	Spender common.Address
	Value   *big.Int
	Raw     *types.Log // Blockchain specific contextual infos
}

const TestTokenApprovalEventName = "Approval"

// ContractEventName returns the user-defined event name.
func (TestTokenApproval) ContractEventName() string {
	return TestTokenApprovalEventName
}

// UnpackApprovalEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Approval(address indexed owner, address indexed spender, uint256 value)
func (testToken *TestToken) UnpackApprovalEvent(log *types.Log) (*TestTokenApproval, error) {
	event := "Approval"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestTokenApproval)
	if len(log.Data) > 0 {
		if err := testToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}

// TestTokenTransfer represents a Transfer event raised by the TestToken contract.
type TestTokenTransfer struct {
	From  common.Address
	To    common.Address
	Value *big.Int
	Raw   *types.Log // Blockchain specific contextual infos
}

const TestTokenTransferEventName = "Transfer"

// ContractEventName returns the user-defined event name.
func (TestTokenTransfer) ContractEventName() string {
	return TestTokenTransferEventName
}

// UnpackTransferEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event Transfer(address indexed from, address indexed to, uint256 value)
func (testToken *TestToken) UnpackTransferEvent(log *types.Log) (*TestTokenTransfer, error) {
	event := "Transfer"
	if len(log.Topics) == 0 {
		return nil, bind.ErrNoEventSignature
	}
	if log.Topics[0] != testToken.abi.Events[event].ID {
		return nil, bind.ErrEventSignatureMismatch
	}
	out := new(TestTokenTransfer)
	if len(log.Data) > 0 {
		if err := testToken.abi.UnpackIntoInterface(out, event, log.Data); err != nil {
			return nil, err
		}
	}
	var indexed abi.Arguments
	for _, arg := range testToken.abi.Events[event].Inputs {
		if arg.Indexed {
			indexed = append(indexed, arg)
		}
	}
	if err := abi.ParseTopics(out, indexed, log.Topics[1:]); err != nil {
		return nil, err
	}
	out.Raw = log
	return out, nil
}
