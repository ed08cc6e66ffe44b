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
	OrderId   *big.Int
	Order     DTWOrder
	BuyAmount *big.Int
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
	ABI: "[{\"inputs\":[{\"internalType\":\"address\",\"name\":\"owner_\",\"type\":\"address\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"BadKind\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"BadSignature\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"BadValue\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"}],\"name\":\"BelowMinBuyAmount\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"DeadlineNotPassed\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"DeadlinePassed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"available\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"needed\",\"type\":\"uint256\"}],\"name\":\"InsufficientBalance\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"IsPaused\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"NonceAlreadyUsed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"NotAToken\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOperator\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotOwner\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"NotPendingOwner\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"Reentrancy\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"SameToken\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"TransferFailed\",\"type\":\"error\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"UnknownOrder\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAddress\",\"type\":\"error\"},{\"inputs\":[],\"name\":\"ZeroAmount\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Deposited\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"NonceUsed\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"enabled\",\"type\":\"bool\"}],\"name\":\"OperatorSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"canceller\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"}],\"name\":\"OrderCancelled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"indexed\":false,\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"OrderPlaced\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"name\":\"OrderSettled\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"pendingOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferStarted\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"previousOwner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"OwnershipTransferred\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":false,\"internalType\":\"bool\",\"name\":\"paused\",\"type\":\"bool\"}],\"name\":\"PausedSet\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"indexed\":false,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"Withdrawn\",\"type\":\"event\"},{\"inputs\":[],\"name\":\"KIND_LIMIT\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"KIND_MARKET\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"NATIVE\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"ORDER_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"WITHDRAWAL_TYPEHASH\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"acceptOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"cancel\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"internalType\":\"structDTW.OrderRef[]\",\"name\":\"refs\",\"type\":\"tuple[]\"}],\"name\":\"cancelBatch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"deposit\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"credited\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"depositAndPlaceOrder\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"payable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"domainSeparator\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"}],\"name\":\"hashOrder\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"pure\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"invalidateNonce\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"}],\"name\":\"isOperator\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"nextOrderId\",\"outputs\":[{\"internalType\":\"uint64\",\"name\":\"\",\"type\":\"uint64\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"name\":\"nonceUsed\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"name\":\"orderHash\",\"outputs\":[{\"internalType\":\"bytes32\",\"name\":\"\",\"type\":\"bytes32\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"owner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"paused\",\"outputs\":[{\"internalType\":\"bool\",\"name\":\"\",\"type\":\"bool\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"pendingOwner\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"name\":\"placeOrder\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"}],\"internalType\":\"structDTW.SignedOrder\",\"name\":\"o\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"placeOrderSigned\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"operator\",\"type\":\"address\"},{\"internalType\":\"bool\",\"name\":\"enabled\",\"type\":\"bool\"}],\"name\":\"setOperator\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"bool\",\"name\":\"paused_\",\"type\":\"bool\"}],\"name\":\"setPaused\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"},{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"name\":\"settle\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"uint256\",\"name\":\"orderId\",\"type\":\"uint256\"},{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"sellToken\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"buyToken\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"sellAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint256\",\"name\":\"minBuyAmount\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"},{\"internalType\":\"uint8\",\"name\":\"kind\",\"type\":\"uint8\"}],\"internalType\":\"structDTW.Order\",\"name\":\"order\",\"type\":\"tuple\"},{\"internalType\":\"uint256\",\"name\":\"buyAmount\",\"type\":\"uint256\"}],\"internalType\":\"structDTW.Fill[]\",\"name\":\"fills\",\"type\":\"tuple[]\"}],\"name\":\"settleBatch\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"newOwner\",\"type\":\"address\"}],\"name\":\"transferOwnership\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"}],\"name\":\"withdraw\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"components\":[{\"internalType\":\"address\",\"name\":\"trader\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"nonce\",\"type\":\"uint256\"},{\"internalType\":\"uint64\",\"name\":\"deadline\",\"type\":\"uint64\"}],\"internalType\":\"structDTW.SignedWithdrawal\",\"name\":\"w\",\"type\":\"tuple\"},{\"internalType\":\"bytes\",\"name\":\"signature\",\"type\":\"bytes\"}],\"name\":\"withdrawSigned\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "DTW",
	Bin: "0x60c0806040523461015157602081612b2a803803809161001f8285610155565b83398101031261015157516001600160a01b0381169081900361015157801561014257600160a81b816bffffff0000000000000000ff60a01b5f541617175f554660805260405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f42cebeb18891199fb00fc9a5764622cb91ba0d77368512f6cbccda4dc27a8c7360408201527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a082015260a081526100f560c082610155565b51902060a052604051905f7f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e08180a361299d908161018d823960805181611c3c015260a05181611c620152f35b63d92e233d60e01b5f5260045ffd5b5f80fd5b601f909101601f19168101906001600160401b0382119082101761017857604052565b634e487b7160e01b5f52604160045260245ffdfe6080806040526004361015610012575f80fd5b5f3560e01c9081631647795e146118ba5750806316c38b3c146117f057806317313114146116ef57806320b0afe9146115ea57806327f04985146108cc5780632a58b330146115a35780633b2d3ed81461152657806347e7ef241461140a5780634c8fa78c146111ed578063558a7297146110e25780635c975abb146110a05780635e82d71f14610f1f5780635f17439b14610d2057806369328dec14610c895780636d70f7ae14610c215780637356526d14610a3657806379ba5097146109545780638da5cb5b14610904578063a0cf0aea146108cc578063b70e36f01461088f578063cff26a4d146106b3578063d5fee200146104b6578063dd3ba8111461046e578063e30c39781461041d578063eade3ec9146103e4578063f2fde38b146102fe578063f698da25146102be578063f7888aec1461021a578063f973a209146101c25763fdfd5a2514610166575f80fd5b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760206040517f8913a3a8900551a7948042e732b51ef80c900fe2cacd50f15abedad504d69b738152f35b5f80fd5b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760206040517fe9e96ac7c91d3493f4bfa2153ba24ae832c4c0507e0d4e6bce42983d641379a48152f35b346101be5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57610251611933565b6024359073ffffffffffffffffffffffffffffffffffffffff821682036101be5773ffffffffffffffffffffffffffffffffffffffff165f52600360205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760206102f6611c39565b604051908152f35b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57610335611933565b73ffffffffffffffffffffffffffffffffffffffff5f5416908133036103bc5773ffffffffffffffffffffffffffffffffffffffff1690817fffffffffffffffffffffffff000000000000000000000000000000000000000060015416176001557f38d16b8cac22d99fc7c124b9cd0de2d3fa1faef420bfe791d8c362d765e227005f80a3005b7f30cd7471000000000000000000000000000000000000000000000000000000005f5260045ffd5b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57602060405160018152f35b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57602073ffffffffffffffffffffffffffffffffffffffff60015416604051908152f35b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be576004355f526004602052602060405f2054604051908152f35b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760043567ffffffffffffffff81116101be57366023820112156101be57806004013567ffffffffffffffff81116101be576024820191602436918360081b0101116101be57335f52600260205260ff60405f2054165f9015905b82811061054857005b610553818486611c29565b3590610560818587611c29565b6020810161056e818561262a565b8480610694575b61066c576001937f082be4846629733421314bf0ea951af7ddf7533964d539e3257dfb5dd144587561066361061a61061460808701359573ffffffffffffffffffffffffffffffffffffffff6105ca82611bf8565b165f5260036020526040805f2098019773ffffffffffffffffffffffffffffffffffffffff6105f88a611bf8565b165f5260205260405f2061060d888254611ac8565b9055611bf8565b95611bf8565b9360405191829173ffffffffffffffffffffffffffffffffffffffff33981696836020909392919373ffffffffffffffffffffffffffffffffffffffff60408201951681520152565b0390a40161053f565b7f2eb35430000000000000000000000000000000000000000000000000000000005f5260045ffd5b5067ffffffffffffffff6106aa60c08401611b57565b16421115610575565b346101be577ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360161012081126101be57610100136101be576101043567ffffffffffffffff81116101be576102f660ff6107146020933690600401611a10565b91906107f2610721611b6c565b9361072a611b8f565b92610733611bd5565b606435966084359587610744611b40565b67ffffffffffffffff610755611c19565b9173ffffffffffffffffffffffffffffffffffffffff60e435978160405197602082908a019a7fe9e96ac7c91d3493f4bfa2153ba24ae832c4c0507e0d4e6bce42983d641379a48c521660408a01521660608801521660808601528c60a08601528a60c08601521660e0840152166101008201528261012082015261012081526107e161014082611a87565b519020906107ed611b6c565b61231d565b61080c836107fe611b6c565b610806611b8f565b906120c3565b67ffffffffffffffff61081d611b6c565b93610826611b8f565b9261082f611bd5565b9173ffffffffffffffffffffffffffffffffffffffff61084d611b40565b9381610857611c19565b97816040519b6108668d611a3e565b168b52168b8a0152166040880152606087015260808601521660a08401521660c0820152611e1b565b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be576108ca600435336123b1565b005b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760206040515f8152f35b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57602073ffffffffffffffffffffffffffffffffffffffff5f5416604051908152f35b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760015473ffffffffffffffffffffffffffffffffffffffff81163303610a0e577fffffffffffffffffffffffff0000000000000000000000000000000000000000905f543373ffffffffffffffffffffffffffffffffffffffff82167f8be0079c531659141344cd1fd0a4f28419497f9722a3daafe3b4186f6b6457e05f80a3821633175f5516600155005b7f1853971c000000000000000000000000000000000000000000000000000000005f5260045ffd5b346101be577ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360160e081126101be5760c0136101be5760c43567ffffffffffffffff81116101be57610a8d903690600401611a10565b9060ff5f5c16610bf95760017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d67ffffffffffffffff610ad1611b40565b164211610bd157610b8a610ba992610ae7611b6c565b92610af0611b8f565b60443594610afc611bb2565b9167ffffffffffffffff6084359373ffffffffffffffffffffffffffffffffffffffff610b27611b40565b9181604051958160208801987f8913a3a8900551a7948042e732b51ef80c900fe2cacd50f15abedad504d69b738a521660408801521660608601528a60808601521660a08401528460c08401521660e082015260e081526107e161010082611a87565b610b92611b6c565b90610b9b611b8f565b610ba3611bb2565b926121f0565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d005b7f70f65caa000000000000000000000000000000000000000000000000000000005f5260045ffd5b7fab143c06000000000000000000000000000000000000000000000000000000005f5260045ffd5b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5773ffffffffffffffffffffffffffffffffffffffff610c6d611933565b165f526002602052602060ff60405f2054166040519015158152f35b346101be5760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57610cc0611933565b60443573ffffffffffffffffffffffffffffffffffffffff811681036101be5760ff5f5c16610bf957610ba99160017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d60243590336121f0565b346101be576101207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760043560e07fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc3601126101be576101043590335f52600260205260ff60405f20541615610ef757610da260248261262a565b60c43567ffffffffffffffff8116908181036101be57504211610bd15760a435808310610ec857506064359073ffffffffffffffffffffffffffffffffffffffff8216928383036101be57610df88184336120c3565b608435335f52600360205260405f20946044359473ffffffffffffffffffffffffffffffffffffffff8616968787036101be57875f5260205260405f20610e40848254611ac8565b90556024359573ffffffffffffffffffffffffffffffffffffffff8716968781036101be57875f52600360205260405f20845f5260205260405f20610e86878254611ac8565b90555050506040519586526020860152604085015260608401527fb53a2953aeb964b120b4e1e7f51f34ce7d09fd0cc18aa5e1b737671ea10de08a60803394a4005b827ff901d257000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b7f7c214f04000000000000000000000000000000000000000000000000000000005f5260045ffd5b346101be576101007ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760043560e07fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffdc3601126101be57335f52600260205260ff60405f205416610f9760248361262a565b1580611080575b61066c57608435906024359073ffffffffffffffffffffffffffffffffffffffff8216918281036101be57825f52600360205260405f206044359473ffffffffffffffffffffffffffffffffffffffff861686036101be577f082be4846629733421314bf0ea951af7ddf7533964d539e3257dfb5dd14458759261107b9273ffffffffffffffffffffffffffffffffffffffff88165f5260205260405f20611047838254611ac8565b9055506040519182913397836020909392919373ffffffffffffffffffffffffffffffffffffffff60408201951681520152565b0390a4005b5060c43567ffffffffffffffff8116908181036101be5750421115610f9e565b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57602060ff5f5460a01c166040519015158152f35b346101be5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57611119611933565b602435908115158092036101be5773ffffffffffffffffffffffffffffffffffffffff5f541633036103bc5773ffffffffffffffffffffffffffffffffffffffff169081156111c55760207f1a594081ae893ab78e67d9b9e843547318164322d32c65369d78a96172d9dc8f91835f526002825260405f207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0081541660ff8316179055604051908152a2005b7fd92e233d000000000000000000000000000000000000000000000000000000005f5260045ffd5b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5760043567ffffffffffffffff81116101be57366023820112156101be57806004013567ffffffffffffffff81116101be5760248201916024369161012084020101116101be57335f52600260205260ff60405f20541615610ef757905f915b80831061128457005b61128f838284611b02565b359261129c818385611b02565b602081016101006112ae848688611b02565b0135956112bb828261262a565b67ffffffffffffffff6112d060c08501611b57565b164211610bd15760a0830135968781106113da576001959697506060840192611302826112fc86611bf8565b336120c3565b73ffffffffffffffffffffffffffffffffffffffff61137d610614611377608089013594335f5260036020526040805f209a0199856113408c611bf8565b165f5260205260405f20611355878254611ac8565b90558461136182611bf8565b165f52600360205260405f20856105f88b611bf8565b97611bf8565b8160405196168652166020850152604084015260608301527fb53a2953aeb964b120b4e1e7f51f34ce7d09fd0cc18aa5e1b737671ea10de08a608073ffffffffffffffffffffffffffffffffffffffff33951693a401919061127b565b87907ff901d257000000000000000000000000000000000000000000000000000000005f5260045260245260445ffd5b60407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be5761143c611933565b60ff5f5c16610bf95760209060017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d61147d60243582611d1c565b90335f526003835260405f2073ffffffffffffffffffffffffffffffffffffffff82165f52835260405f206114b3838254611ac8565b905573ffffffffffffffffffffffffffffffffffffffff6040519183835216907f8752a472e571a816aea92eec8dae9baf628e840f4929fbcc2d155e6233ff68a7843392a37fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d604051908152f35b346101be5760206102f673ffffffffffffffffffffffffffffffffffffffff60ff67ffffffffffffffff61155936611977565b959497909361156c848a959495336120c3565b816040519961157a8b611a3e565b338b52168b8a0152166040880152606087015260808601521660a08401521660c0820152611e1b565b346101be575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be57602067ffffffffffffffff5f5460a81c16604051908152f35b6115f336611977565b909491939260ff5f5c16610bf9576020956116c19560ff9473ffffffffffffffffffffffffffffffffffffffff8061165d67ffffffffffffffff9660017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c16175f5d84611d1c565b921697886040518481527f8752a472e571a816aea92eec8dae9baf628e840f4929fbcc2d155e6233ff68a78d3392a3604051986116998a611a3e565b338a528b8a0152166040880152606087015260808601521660a08401521660c0820152611e1b565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff005f5c165f5d604051908152f35b346101be5760e07ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be576040516020810160043573ffffffffffffffffffffffffffffffffffffffff81168091036101be57815260243573ffffffffffffffffffffffffffffffffffffffff81168091036101be57604083015260443573ffffffffffffffffffffffffffffffffffffffff81168091036101be576060830152606435608083015260843560a083015260a43567ffffffffffffffff81168091036101be5760c083015260c4359160ff83168093036101be5760209260e082015260e081526117e561010082611a87565b519020604051908152f35b346101be5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be576004358015158091036101be575f5473ffffffffffffffffffffffffffffffffffffffff811633036103bc57816020917fffffffffffffffffffffff00ffffffffffffffffffffffffffffffffffffffff74ff00000000000000000000000000000000000000007f40db37ff5c0bdc2c427fbb2078c8f24afea940abac0e3c23bb4ea3bf2da2b2129560a01b169116175f55604051908152a1005b346101be5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101be576020906118f4611933565b73ffffffffffffffffffffffffffffffffffffffff60243591165f526005835260405f208160081c5f528352600160ff60405f205492161b1615158152f35b6004359073ffffffffffffffffffffffffffffffffffffffff821682036101be57565b359073ffffffffffffffffffffffffffffffffffffffff821682036101be57565b7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc60c09101126101be5760043573ffffffffffffffffffffffffffffffffffffffff811681036101be579060243573ffffffffffffffffffffffffffffffffffffffff811681036101be5790604435906064359060843567ffffffffffffffff811681036101be579060a43560ff811681036101be5790565b9181601f840112156101be5782359167ffffffffffffffff83116101be57602083818601950101116101be57565b60e0810190811067ffffffffffffffff821117611a5a57604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff821117611a5a57604052565b91908201809211611ad557565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b9190811015611b1357610120020190565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b60a43567ffffffffffffffff811681036101be5790565b3567ffffffffffffffff811681036101be5790565b60043573ffffffffffffffffffffffffffffffffffffffff811681036101be5790565b60243573ffffffffffffffffffffffffffffffffffffffff811681036101be5790565b60643573ffffffffffffffffffffffffffffffffffffffff811681036101be5790565b60443573ffffffffffffffffffffffffffffffffffffffff811681036101be5790565b3573ffffffffffffffffffffffffffffffffffffffff811681036101be5790565b60c43560ff811681036101be5790565b9190811015611b135760081b0190565b467f000000000000000000000000000000000000000000000000000000000000000003611c84577f000000000000000000000000000000000000000000000000000000000000000090565b60405160208101907f8b73c3c69bb8fe3d512ecc4cf759cc79239f7b179b0ffacaa9a75d522b39400f82527f42cebeb18891199fb00fc9a5764622cb91ba0d77368512f6cbccda4dc27a8c7360408201527fc89efdaa54c0f20c7adf612882df0950f5a951637e0307cdcb4c672f298b8bc660608201524660808201523060a082015260a08152611d1660c082611a87565b51902090565b9190918215611dbf5773ffffffffffffffffffffffffffffffffffffffff811615611e0f5734611de75780611da7611d56611dac93612467565b94604051907f23b872dd000000000000000000000000000000000000000000000000000000006020830152336024830152306044830152606482015260648152611da1608482611a87565b82612526565b612467565b91808303838111611ad5579214611dbf57565b7f1f2a2005000000000000000000000000000000000000000000000000000000005f5260045ffd5b7f0bba69fb000000000000000000000000000000000000000000000000000000005f5260045ffd5b5090803403611de75790565b905f5460ff8160a01c1661209b57602083019073ffffffffffffffffffffffffffffffffffffffff825116604085019073ffffffffffffffffffffffffffffffffffffffff82511614612073576080850194855115611dbf5760a0810167ffffffffffffffff815116421015610bd15760c082019060ff8251166001811161204857508460a81c67ffffffffffffffff169788956001870160a81b7cffffffffffffffff00000000000000000000000000000000000000000016907fffffff0000000000000000ffffffffffffffffffffffffffffffffffffffffff16175f556040519360208501815173ffffffffffffffffffffffffffffffffffffffff168152885173ffffffffffffffffffffffffffffffffffffffff166040870152865173ffffffffffffffffffffffffffffffffffffffff166060870152606082019586516080820152835160a0820152845167ffffffffffffffff1660c0820152855160ff1660e082015260e08152611f9561010082611a87565b519020875f52600460205260405f20555173ffffffffffffffffffffffffffffffffffffffff16965173ffffffffffffffffffffffffffffffffffffffff16945173ffffffffffffffffffffffffffffffffffffffff1693519051915167ffffffffffffffff16925160ff1693604051958652602086015260408501526060840152608083015260a082015260c07f2aa03335d64200cc514f32fc1526962cc5f5fef7e3f78ec041802baa447cfc1191a3565b7fdfc03387000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b7f201b580a000000000000000000000000000000000000000000000000000000005f5260045ffd5b7f1309a563000000000000000000000000000000000000000000000000000000005f5260045ffd5b9190918115611dbf5773ffffffffffffffffffffffffffffffffffffffff1691825f52600360205260405f2073ffffffffffffffffffffffffffffffffffffffff82165f5260205260405f205492828410612149575f52600360205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f5260205260405f2091039055565b5073ffffffffffffffffffffffffffffffffffffffff83917fdb42144d000000000000000000000000000000000000000000000000000000005f521660045260245260445260645ffd5b3d156121eb573d9067ffffffffffffffff8211611a5a57604051916121e060207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184611a87565b82523d5f602084013e565b606090565b929073ffffffffffffffffffffffffffffffffffffffff82169384156111c55773ffffffffffffffffffffffffffffffffffffffff946122318584846120c3565b7f889d364b5102aee044ff370e2e6a836584e5618a16dce4f5b191459cf3903e58604087851697889482519489865260208601521692a3836122b257505f80809381935af161227e612193565b50156122875750565b7f39f1c8d9000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b6040517fa9059cbb00000000000000000000000000000000000000000000000000000000602082015273ffffffffffffffffffffffffffffffffffffffff92909216602483015260448083019390935291815261231b925090612316606483611a87565b612526565b565b93909261237b9261232c611c39565b906040519060208201927f190100000000000000000000000000000000000000000000000000000000000084526022830152604282015260428152612372606282611a87565b51902085612768565b156123895761231b916123b1565b7f5cd5d233000000000000000000000000000000000000000000000000000000005f5260045ffd5b9073ffffffffffffffffffffffffffffffffffffffff600160ff83161b921691825f52600560205260405f208260081c90815f5260205260405f20549082821661243b57917f2af71f10069c28afc67c3752e87e0e4616a97948d33c8f404a856c0c334b3e019391602093865f526005855260405f20905f5284521760405f2055604051908152a2565b837f91cab504000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b5f8060405160208101907f70a08231000000000000000000000000000000000000000000000000000000008252306024820152602481526124a9604482611a87565b5190845afa906124b7612193565b9115801561251b575b6124d957506020818051810103126101be576020015190565b73ffffffffffffffffffffffffffffffffffffffff907ff0ae59ab000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b5060208251106124c0565b90813b156125e8575f816020829351910182855af1612543612193565b9015908115612597575b506125555750565b73ffffffffffffffffffffffffffffffffffffffff907f39f1c8d9000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b8091505180151591826125ad575b50505f61254d565b6020821092509082156125c4575b50505f806125a5565b81925090602091810103126101be57602001518015908115036101be575f806125bb565b73ffffffffffffffffffffffffffffffffffffffff827ff0ae59ab000000000000000000000000000000000000000000000000000000005f521660045260245ffd5b90815f52600460205260405f20548015918215612682575b5050612657575f5260046020525f6040812055565b7f40ddeab2000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b909150604051602081019173ffffffffffffffffffffffffffffffffffffffff6126ab82611956565b16835273ffffffffffffffffffffffffffffffffffffffff6126cf60208301611956565b16604083015273ffffffffffffffffffffffffffffffffffffffff6126f660408301611956565b16606083015260608101356080830152608081013560a083015260a08101359067ffffffffffffffff821682036101be5767ffffffffffffffff60c0921682840152013560ff811681036101be5760ff1660e082015260e0815261275c61010082611a87565b51902014155f80612642565b92919073ffffffffffffffffffffffffffffffffffffffff841693841561284a57803b61289057506041830361288857826020116101be57813591836040116101be5760208101359360401015611b13576040013560f81c90601b8210612876575b7f7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a084118015612853575b61284a576020935f9360ff60809460405194855216868401526040830152606082015282805260015afa1561283f5773ffffffffffffffffffffffffffffffffffffffff5f51161490565b6040513d5f823e3d90fd5b50505050505f90565b5060ff8216601b811415908161286a575b506127f4565b601c915014155f612864565b90601b0160ff8111611ad557906127ca565b505050505f90565b915f94509261293c608486957fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8560405196879460208601997f1626ba7e000000000000000000000000000000000000000000000000000000008b5260248701526040604487015281606487015286860137898582860101520116810103017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe08101835282611a87565b51915afa612948612193565b8161298f575b81612957575090565b90506020818051810103126101be57602001517f1626ba7e000000000000000000000000000000000000000000000000000000001490565b90506020815110159061294e56",
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
// Solidity: function balanceOf(address trader, address token) view returns(uint256)
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
// Solidity: function balanceOf(address trader, address token) view returns(uint256)
func (dTW *DTW) TryPackBalanceOf(trader common.Address, token common.Address) ([]byte, error) {
	return dTW.abi.Pack("balanceOf", trader, token)
}

// UnpackBalanceOf is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xf7888aec.
//
// Solidity: function balanceOf(address trader, address token) view returns(uint256)
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

// PackNextOrderId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2a58b330.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function nextOrderId() view returns(uint64)
func (dTW *DTW) PackNextOrderId() []byte {
	enc, err := dTW.abi.Pack("nextOrderId")
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackNextOrderId is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x2a58b330.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function nextOrderId() view returns(uint64)
func (dTW *DTW) TryPackNextOrderId() ([]byte, error) {
	return dTW.abi.Pack("nextOrderId")
}

// UnpackNextOrderId is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x2a58b330.
//
// Solidity: function nextOrderId() view returns(uint64)
func (dTW *DTW) UnpackNextOrderId(data []byte) (uint64, error) {
	out, err := dTW.abi.Unpack("nextOrderId", data)
	if err != nil {
		return *new(uint64), err
	}
	out0 := *abi.ConvertType(out[0], new(uint64)).(*uint64)
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
// Solidity: function orderHash(uint256 orderId) view returns(bytes32)
func (dTW *DTW) PackOrderHash(orderId *big.Int) []byte {
	enc, err := dTW.abi.Pack("orderHash", orderId)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackOrderHash is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xdd3ba811.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function orderHash(uint256 orderId) view returns(bytes32)
func (dTW *DTW) TryPackOrderHash(orderId *big.Int) ([]byte, error) {
	return dTW.abi.Pack("orderHash", orderId)
}

// UnpackOrderHash is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xdd3ba811.
//
// Solidity: function orderHash(uint256 orderId) view returns(bytes32)
func (dTW *DTW) UnpackOrderHash(data []byte) ([32]byte, error) {
	out, err := dTW.abi.Unpack("orderHash", data)
	if err != nil {
		return *new([32]byte), err
	}
	out0 := *abi.ConvertType(out[0], new([32]byte)).(*[32]byte)
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

// PackPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3b2d3ed8.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function placeOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) returns(uint256 orderId)
func (dTW *DTW) PackPlaceOrder(sellToken common.Address, buyToken common.Address, sellAmount *big.Int, minBuyAmount *big.Int, deadline uint64, kind uint8) []byte {
	enc, err := dTW.abi.Pack("placeOrder", sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPlaceOrder is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x3b2d3ed8.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function placeOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) returns(uint256 orderId)
func (dTW *DTW) TryPackPlaceOrder(sellToken common.Address, buyToken common.Address, sellAmount *big.Int, minBuyAmount *big.Int, deadline uint64, kind uint8) ([]byte, error) {
	return dTW.abi.Pack("placeOrder", sellToken, buyToken, sellAmount, minBuyAmount, deadline, kind)
}

// UnpackPlaceOrder is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0x3b2d3ed8.
//
// Solidity: function placeOrder(address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind) returns(uint256 orderId)
func (dTW *DTW) UnpackPlaceOrder(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("placeOrder", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
}

// PackPlaceOrderSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcff26a4d.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function placeOrderSigned((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) PackPlaceOrderSigned(o DTWSignedOrder, signature []byte) []byte {
	enc, err := dTW.abi.Pack("placeOrderSigned", o, signature)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackPlaceOrderSigned is the Go binding used to pack the parameters required for calling
// the contract method with ID 0xcff26a4d.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function placeOrderSigned((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) TryPackPlaceOrderSigned(o DTWSignedOrder, signature []byte) ([]byte, error) {
	return dTW.abi.Pack("placeOrderSigned", o, signature)
}

// UnpackPlaceOrderSigned is the Go binding that unpacks the parameters returned
// from invoking the contract method with ID 0xcff26a4d.
//
// Solidity: function placeOrderSigned((address,address,address,uint256,uint256,uint64,uint8,uint256) o, bytes signature) returns(uint256 orderId)
func (dTW *DTW) UnpackPlaceOrderSigned(data []byte) (*big.Int, error) {
	out, err := dTW.abi.Unpack("placeOrderSigned", data)
	if err != nil {
		return new(big.Int), err
	}
	out0 := abi.ConvertType(out[0], new(big.Int)).(*big.Int)
	return out0, nil
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

// PackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5f17439b.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settle(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order, uint256 buyAmount) returns()
func (dTW *DTW) PackSettle(orderId *big.Int, order DTWOrder, buyAmount *big.Int) []byte {
	enc, err := dTW.abi.Pack("settle", orderId, order, buyAmount)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettle is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x5f17439b.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settle(uint256 orderId, (address,address,address,uint256,uint256,uint64,uint8) order, uint256 buyAmount) returns()
func (dTW *DTW) TryPackSettle(orderId *big.Int, order DTWOrder, buyAmount *big.Int) ([]byte, error) {
	return dTW.abi.Pack("settle", orderId, order, buyAmount)
}

// PackSettleBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c8fa78c.  This method will panic if any
// invalid/nil inputs are passed.
//
// Solidity: function settleBatch((uint256,(address,address,address,uint256,uint256,uint64,uint8),uint256)[] fills) returns()
func (dTW *DTW) PackSettleBatch(fills []DTWFill) []byte {
	enc, err := dTW.abi.Pack("settleBatch", fills)
	if err != nil {
		panic(err)
	}
	return enc
}

// TryPackSettleBatch is the Go binding used to pack the parameters required for calling
// the contract method with ID 0x4c8fa78c.  This method will return an error
// if any inputs are invalid/nil.
//
// Solidity: function settleBatch((uint256,(address,address,address,uint256,uint256,uint64,uint8),uint256)[] fills) returns()
func (dTW *DTW) TryPackSettleBatch(fills []DTWFill) ([]byte, error) {
	return dTW.abi.Pack("settleBatch", fills)
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
	OrderId    *big.Int
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
// Solidity: event OrderCancelled(uint256 indexed orderId, address indexed trader, address indexed canceller, address sellToken, uint256 sellAmount)
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
	OrderId      *big.Int
	Trader       common.Address
	SellToken    common.Address
	BuyToken     common.Address
	SellAmount   *big.Int
	MinBuyAmount *big.Int
	Deadline     uint64
	Kind         uint8
	Raw          *types.Log // Blockchain specific contextual infos
}

const DTWOrderPlacedEventName = "OrderPlaced"

// ContractEventName returns the user-defined event name.
func (DTWOrderPlaced) ContractEventName() string {
	return DTWOrderPlacedEventName
}

// UnpackOrderPlacedEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderPlaced(uint256 indexed orderId, address indexed trader, address sellToken, address buyToken, uint256 sellAmount, uint256 minBuyAmount, uint64 deadline, uint8 kind)
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
	OrderId    *big.Int
	Trader     common.Address
	Operator   common.Address
	SellToken  common.Address
	BuyToken   common.Address
	SellAmount *big.Int
	BuyAmount  *big.Int
	Raw        *types.Log // Blockchain specific contextual infos
}

const DTWOrderSettledEventName = "OrderSettled"

// ContractEventName returns the user-defined event name.
func (DTWOrderSettled) ContractEventName() string {
	return DTWOrderSettledEventName
}

// UnpackOrderSettledEvent is the Go binding that unpacks the event data emitted
// by contract.
//
// Solidity: event OrderSettled(uint256 indexed orderId, address indexed trader, address indexed operator, address sellToken, address buyToken, uint256 sellAmount, uint256 buyAmount)
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
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadKind"].ID.Bytes()[:4]) {
		return dTW.UnpackBadKindError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadSignature"].ID.Bytes()[:4]) {
		return dTW.UnpackBadSignatureError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BadValue"].ID.Bytes()[:4]) {
		return dTW.UnpackBadValueError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["BelowMinBuyAmount"].ID.Bytes()[:4]) {
		return dTW.UnpackBelowMinBuyAmountError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["DeadlineNotPassed"].ID.Bytes()[:4]) {
		return dTW.UnpackDeadlineNotPassedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["DeadlinePassed"].ID.Bytes()[:4]) {
		return dTW.UnpackDeadlinePassedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["InsufficientBalance"].ID.Bytes()[:4]) {
		return dTW.UnpackInsufficientBalanceError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["IsPaused"].ID.Bytes()[:4]) {
		return dTW.UnpackIsPausedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NonceAlreadyUsed"].ID.Bytes()[:4]) {
		return dTW.UnpackNonceAlreadyUsedError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotAToken"].ID.Bytes()[:4]) {
		return dTW.UnpackNotATokenError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotOperator"].ID.Bytes()[:4]) {
		return dTW.UnpackNotOperatorError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotOwner"].ID.Bytes()[:4]) {
		return dTW.UnpackNotOwnerError(raw[4:])
	}
	if bytes.Equal(raw[:4], dTW.abi.Errors["NotPendingOwner"].ID.Bytes()[:4]) {
		return dTW.UnpackNotPendingOwnerError(raw[4:])
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
	OrderId *big.Int
}

// ErrorID returns the hash of canonical representation of the error's signature.
//
// Solidity: error UnknownOrder(uint256 orderId)
func DTWUnknownOrderErrorID() common.Hash {
	return common.HexToHash("0x40ddeab2f6af4f0aff74c3813ec8ddf75e28bbd22193a4f365bece4f1f503f58")
}

// UnpackUnknownOrderError is the Go binding used to decode the provided
// error data into the corresponding Go error struct.
//
// Solidity: error UnknownOrder(uint256 orderId)
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
	ABI: "[{\"inputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"SweepFailed\",\"type\":\"error\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Received\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"Swept\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"token\",\"type\":\"address\"}],\"name\":\"sweep\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"treasury\",\"outputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"stateMutability\":\"payable\",\"type\":\"receive\"}]",
	ID:  "DepositForwarder",
	Bin: "0x60a080604052346100db576361d027b360e01b8152602081600481335afa9081156100fa575f9161008b575b506080524761005a575b6040516104209081610106823960805181818160aa0152818161022d015261034a0152f35b5f7f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f88525874602047604051908152a2610035565b905060203d6020116100f3575b601f8101601f191682016001600160401b038111838210176100df576020918391604052810103126100db57516001600160a01b03811681036100db575f61002b565b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b503d610098565b6040513d5f823e3d90fdfe60806040526004361015610046575b3615610018575f80fd5b6040513481527f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f8852587460203392a2005b5f3560e01c806301681a62146100d2576361d027b30361000e57346100ce575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce57602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b5f80fd5b346100ce5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce5760043573ffffffffffffffffffffffffffffffffffffffff811681036100ce5761012c6020916101ff565b604051908152f35b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761017557604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b3d156101fa573d9067ffffffffffffffff821161017557604051916101ef60207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184610134565b82523d5f602084013e565b606090565b73ffffffffffffffffffffffffffffffffffffffff81169190826102ba5750479182156102b4575f808080867f00000000000000000000000000000000000000000000000000000000000000005af16102566101a2565b505b15610289577fc36b5179cb9c303b200074996eab2b3473eac370fdd7eba3bec636fe351096966020604051858152a2565b7f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b505f9150565b91604051927f70a08231000000000000000000000000000000000000000000000000000000008452306004850152602084602481855afa938415610415575f946103e1575b5083156103da575f8060405160208101907fa9059cbb00000000000000000000000000000000000000000000000000000000825273ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016602482015287604482015260448152610384606482610134565b519082855af1906103936101a2565b826103a0575b5050610258565b809192505180155f146103ba5750503b15155b5f80610399565b81925090602091810103126100ce576020015180151581146103b3575f80fd5b505f925050565b9093506020813d60201161040d575b816103fd60209383610134565b810103126100ce5751925f6102ff565b3d91506103f0565b6040513d5f823e3d90fd",
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
	if bytes.Equal(raw[:4], depositForwarder.abi.Errors["SweepFailed"].ID.Bytes()[:4]) {
		return depositForwarder.UnpackSweepFailedError(raw[4:])
	}
	return nil, errors.New("Unknown error")
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
	Bin: "0x60a034607a57601f610aec38819003918201601f19168301916001600160401b03831184841017607e57808492602094604052833981010312607a57516001600160a01b038116808203607a5715606b57608052604051610a59908161009382396080518161022c0152f35b639c707f9560e01b5f5260045ffd5b5f80fd5b634e487b7160e01b5f52604160045260245ffdfe60806040526004361015610011575f80fd5b5f3560e01c80630d8e654d146102c357806335cf31931461025057806361d027b3146101e257636260d51514610045575f80fd5b346101d65760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101d65760043567ffffffffffffffff81116101d65761009490369060040161031d565b60243567ffffffffffffffff81116101d6576100b490369060040161031d565b925f5b8381106100c057005b6100d46100ce82868561044a565b35610487565b73ffffffffffffffffffffffffffffffffffffffff165f5b8681106100fd5750506001016100b7565b5a61010982898861044a565b3573ffffffffffffffffffffffffffffffffffffffff81168091036101d657604051907f01681a6200000000000000000000000000000000000000000000000000000000825260048201526020816024815f885af190816101b0575b506101a757603f5a9104101561017f576001905b016100ec565b7f77ebef4d000000000000000000000000000000000000000000000000000000005f5260045ffd5b50600190610179565b6020813d82116101da575b816101c86020938361034e565b810103126101d65751610165565b5f80fd5b3d91506101bb565b346101d6575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101d657602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101d65760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101d65760043567ffffffffffffffff81116101d65761029f90369060040161031d565b905f5b8281106102ab57005b806102bc6100ce600193868661044a565b50016102a2565b346101d65760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101d65760206102ff6004356103bc565b73ffffffffffffffffffffffffffffffffffffffff60405191168152f35b9181601f840112156101d65782359167ffffffffffffffff83116101d6576020808501948460051b0101116101d657565b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761038f57604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b73ffffffffffffffffffffffffffffffffffffffff906105266040516103e5602083018261034e565b818152602081019161053383395190206040519060208201927fff0000000000000000000000000000000000000000000000000000000000000084523060601b6021840152603583015260558201526055815261044360758261034e565b5190201690565b919081101561045a5760051b0190565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52603260045260245ffd5b90610491826103bc565b803b6105185750604051610526908181019181831067ffffffffffffffff84111761038f5784928291610533833903905ff591821561050d577fc75affcba1d4fa1f80e2799acc97a2d0a6c6b2f316f10d5f44d91fe6f46997b260208473ffffffffffffffffffffffffffffffffffffffff60405191168152a2565b6040513d5f823e3d90fd5b73ffffffffffffffffffffffffffffffffffffffff16915056fe60a080604052346100db576361d027b360e01b8152602081600481335afa9081156100fa575f9161008b575b506080524761005a575b6040516104209081610106823960805181818160aa0152818161022d015261034a0152f35b5f7f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f88525874602047604051908152a2610035565b905060203d6020116100f3575b601f8101601f191682016001600160401b038111838210176100df576020918391604052810103126100db57516001600160a01b03811681036100db575f61002b565b5f80fd5b634e487b7160e01b5f52604160045260245ffd5b503d610098565b6040513d5f823e3d90fdfe60806040526004361015610046575b3615610018575f80fd5b6040513481527f88a5966d370b9919b20f3e2c13ff65706f196a4e32cc2c12bf57088f8852587460203392a2005b5f3560e01c806301681a62146100d2576361d027b30361000e57346100ce575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce57602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b5f80fd5b346100ce5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100ce5760043573ffffffffffffffffffffffffffffffffffffffff811681036100ce5761012c6020916101ff565b604051908152f35b90601f7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0910116810190811067ffffffffffffffff82111761017557604052565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b3d156101fa573d9067ffffffffffffffff821161017557604051916101ef60207fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8401160184610134565b82523d5f602084013e565b606090565b73ffffffffffffffffffffffffffffffffffffffff81169190826102ba5750479182156102b4575f808080867f00000000000000000000000000000000000000000000000000000000000000005af16102566101a2565b505b15610289577fc36b5179cb9c303b200074996eab2b3473eac370fdd7eba3bec636fe351096966020604051858152a2565b7f1498aba0000000000000000000000000000000000000000000000000000000005f5260045260245ffd5b505f9150565b91604051927f70a08231000000000000000000000000000000000000000000000000000000008452306004850152602084602481855afa938415610415575f946103e1575b5083156103da575f8060405160208101907fa9059cbb00000000000000000000000000000000000000000000000000000000825273ffffffffffffffffffffffffffffffffffffffff7f000000000000000000000000000000000000000000000000000000000000000016602482015287604482015260448152610384606482610134565b519082855af1906103936101a2565b826103a0575b5050610258565b809192505180155f146103ba5750503b15155b5f80610399565b81925090602091810103126100ce576020015180151581146103b3575f80fd5b505f925050565b9093506020813d60201161040d575b816103fd60209383610134565b810103126100ce5751925f6102ff565b3d91506103f0565b6040513d5f823e3d90fd",
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
	Bin: "0x60c0604052346102fb57610a2c80380380610019816102ff565b9283398101906060818303126102fb5780519060ff821682036102fb5760208101516001600160401b0381116102fb5781019083601f830112156102fb5781516001600160401b0381116101e95761007a601f8201601f19166020016102ff565b94818652602082850101116102fb576020815f9282604096018389015e8601015201513360805260a09190915281516001600160401b0381116101e9575f54600181811c911680156102f1575b60208210146102dd57601f811161027b575b50602092601f821160011461021c57928192935f92610211575b50508160011b915f199060031b1c1916175f555b6001805491906001600160501b038084169091019081116101fd576001600160501b03166001600160501b0319929092168217600155604080519081018181106001600160401b038211176101e95760405281815260016020820191818060401b0342168352845f52600260205260405f2090518155019060018060401b0390511660018060401b03198254161790557f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f6020604051428152a3604051610707908161032582396080518181816101970152610343015260a051816106410152f35b634e487b7160e01b5f52604160045260245ffd5b634e487b7160e01b5f52601160045260245ffd5b015190505f806100f3565b601f198216935f8052805f20915f5b868110610263575083600195961061024b575b505050811b015f55610107565b01515f1960f88460031b161c191690555f808061023e565b9192602060018192868501518155019401920161022b565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c810191602084106102d3575b601f0160051c01905b8181106102c857506100d9565b5f81556001016102bb565b90915081906102b2565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100c7565b5f80fd5b6040519190601f01601f191682016001600160401b038111838210176101e95760405256fe6080806040526004361015610012575f80fd5b5f3560e01c908163313ce5671461060c5750806354fd4d50146105d3578063668a0f021461058c5780637284e416146103675780638da5cb5b146102f957806399213cd81461014e5780639a6fc8f5146100fd5763feaf968c14610074575f80fd5b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f9576100f56100bc69ffffffffffffffffffff60015416610681565b6040805169ffffffffffffffffffff968716815260208101959095528401929092526060830152909116608082015290819060a0820190565b0390f35b5f80fd5b346100f95760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760043569ffffffffffffffffffff811681036100f9576100bc6100f591610681565b346100f95760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760043573ffffffffffffffffffffffffffffffffffffffff7f00000000000000000000000000000000000000000000000000000000000000001633036102d15760015490600169ffffffffffffffffffff8316019169ffffffffffffffffffff83116102a45769ffffffffffffffffffff7fffffffffffffffffffffffffffffffffffffffffffff000000000000000000009316928391161760015560405161022581610665565b81815267ffffffffffffffff600160208301928242168452855f52600260205260405f2090518155019151167fffffffffffffffffffffffffffffffffffffffffffffffff00000000000000008254161790557f0559884fd3a460db3073b7fc896cc77986f16e378210ded43186175bf646fc5f6020604051428152a3005b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b7f30cd7471000000000000000000000000000000000000000000000000000000005f5260045ffd5b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602060405173ffffffffffffffffffffffffffffffffffffffff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f9576040515f905f548060011c9260018216938415610584575b602081108514610557578084526020840194849381156105005750600114610488575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761045b5760409182527fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f8351948593602085525180918160208701528686015e5f85828601015201168101030190f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b8183106104e457505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06103d0565b60209193508060019154838588010152019101909183926104b0565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff0016865250151560051b820160200190507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06103d0565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b607f166103ad565b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602069ffffffffffffffffffff60015416604051908152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f957602060405160048152f35b346100f9575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126100f95760209060ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b6040810190811067ffffffffffffffff82111761045b57604052565b9069ffffffffffffffffffff82165f52600260205260405f209167ffffffffffffffff6001604051946106b386610665565b80548652015416926020810193808552156106df5767ffffffffffffffff905193511690809392829190565b7fbb258700000000000000000000000000000000000000000000000000000000005f5260045ffd",
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
	Bin: "0x60c06040523461037e57610eed8038038061001981610382565b92833981019060808183031261037e5780516001600160401b03811161037e57826100459183016103a7565b602082015190926001600160401b03821161037e576100659183016103a7565b9060408101519060ff8216820361037e576060015183519091906001600160401b038111610292575f54600181811c91168015610374575b602082101461027457601f8111610312575b50602094601f82116001146102b1579481929394955f926102a6575b50508160011b915f199060031b1c1916175f555b82516001600160401b03811161029257600154600181811c91168015610288575b602082101461027457601f8111610211575b506020601f82116001146101ae57819293945f926101a3575b50508160011b915f199060031b1c1916176001555b6080526127108110156101785760a052604051610af490816103f98239608051816104a6015260a0518181816104ff01526109950152f35b60405162461bcd60e51b815260206004820152600360248201526266656560e81b6044820152606490fd5b015190505f8061012b565b601f1982169060015f52805f20915f5b8181106101f9575095836001959697106101e1575b505050811b01600155610140565b01515f1960f88460031b161c191690555f80806101d3565b9192602060018192868b0151815501940192016101be565b60015f527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f830160051c8101916020841061026a575b601f0160051c01905b81811061025f5750610112565b5f8155600101610252565b9091508190610249565b634e487b7160e01b5f52602260045260245ffd5b90607f1690610100565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100cb565b601f198216955f8052805f20915f5b8881106102fa575083600195969798106102e2575b505050811b015f556100df565b01515f1960f88460031b161c191690555f80806102d5565b919260206001819286850151815501940192016102c0565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c8101916020841061036a575b601f0160051c01905b81811061035f57506100af565b5f8155600101610352565b9091508190610349565b90607f169061009d565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761029257604052565b81601f8201121561037e578051906001600160401b038211610292576103d6601f8301601f1916602001610382565b928284526020838301011161037e57815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde0314610761578063095ea7b3146106be57806318160ddd1461068357806323b872dd1461052257806324a9d853146104ca578063313ce5671461046f57806340c10f19146103c957806370a082311461036657806395d89b4114610171578063a9059cbb146101225763dd62ed3e14610092575f80fd5b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576100c96108dc565b73ffffffffffffffffffffffffffffffffffffffff6100e66108ff565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5761016661015c6108dc565b6024359033610969565b602060405160018152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576040515f600154908160011c6001831692831561035c575b60208210841461032f5781855284939081156102cf5750600114610255575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761022857604082905281906102249082610894565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b8183106102b357505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101d6565b602091935080600191548385880101520191019091839261027f565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101d6565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101b7565b3461011e5760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5773ffffffffffffffffffffffffffffffffffffffff6103b26108dc565b165f526003602052602060405f2054604051908152f35b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576104006108dc565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff6024359461044986600254610922565b60025516938484526003825260408420610464828254610922565b9055604051908152a3005b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e57602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e5760206040517f00000000000000000000000000000000000000000000000000000000000000008152f35b3461011e5760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576105596108dc565b6105616108ff565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff85036105de575b506101669350610969565b838510610625576105f2846101669661095c565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2055846105d3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576020600254604051908152f35b3461011e5760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576106f56108dc565b73ffffffffffffffffffffffffffffffffffffffff60243591335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3602060405160018152f35b3461011e575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011e576040515f5f54908160011c6001831692831561088a575b60208210841461032f5781855284939081156102cf5750600114610812575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761022857604082905281906102249082610894565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061086e57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101d6565b602091935080600191548385880101520191019091839261083a565b90607f16906107a6565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011e57565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011e57565b9190820180921161092f57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b9190820391821161092f57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f205410610a96577f000000000000000000000000000000000000000000000000000000000000000080840290848204148415171561092f577fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef6020610a586127108694048097855f526003845260405f20610a0882825461095c565b905573ffffffffffffffffffffffffffffffffffffffff610a29838361095c565b971696875f5260038552610a4260405f20918254610922565b9055610a508260025461095c565b60025561095c565b604051908152a381610a68575050565b7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef60205f93604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
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

// NoReturnTokenMetaData contains all meta data concerning the NoReturnToken contract.
var NoReturnTokenMetaData = bind.MetaData{
	ABI: "[{\"inputs\":[{\"internalType\":\"string\",\"name\":\"name_\",\"type\":\"string\"},{\"internalType\":\"string\",\"name\":\"symbol_\",\"type\":\"string\"},{\"internalType\":\"uint8\",\"name\":\"decimals_\",\"type\":\"uint8\"}],\"stateMutability\":\"nonpayable\",\"type\":\"constructor\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"owner\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Approval\",\"type\":\"event\"},{\"anonymous\":false,\"inputs\":[{\"indexed\":true,\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"indexed\":true,\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"indexed\":false,\"internalType\":\"uint256\",\"name\":\"value\",\"type\":\"uint256\"}],\"name\":\"Transfer\",\"type\":\"event\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"allowance\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"spender\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"approve\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"\",\"type\":\"address\"}],\"name\":\"balanceOf\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"decimals\",\"outputs\":[{\"internalType\":\"uint8\",\"name\":\"\",\"type\":\"uint8\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"mint\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"name\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"symbol\",\"outputs\":[{\"internalType\":\"string\",\"name\":\"\",\"type\":\"string\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[],\"name\":\"totalSupply\",\"outputs\":[{\"internalType\":\"uint256\",\"name\":\"\",\"type\":\"uint256\"}],\"stateMutability\":\"view\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transfer\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"},{\"inputs\":[{\"internalType\":\"address\",\"name\":\"from\",\"type\":\"address\"},{\"internalType\":\"address\",\"name\":\"to\",\"type\":\"address\"},{\"internalType\":\"uint256\",\"name\":\"amount\",\"type\":\"uint256\"}],\"name\":\"transferFrom\",\"outputs\":[],\"stateMutability\":\"nonpayable\",\"type\":\"function\"}]",
	ID:  "NoReturnToken",
	Bin: "0x60a06040523461032b57610e37803803806100198161032f565b92833981019060608183031261032b5780516001600160401b03811161032b5782610045918301610354565b60208201519092906001600160401b03811161032b57604091610069918401610354565b91015160ff8116810361032b5782516001600160401b03811161023f575f54600181811c91168015610321575b602082101461022157601f81116102bf575b506020601f821160011461025e57819293945f92610253575b50508160011b915f199060031b1c1916175f555b81516001600160401b03811161023f57600154600181811c91168015610235575b602082101461022157601f81116101be575b50602092601f821160011461015d57928192935f92610152575b50508160011b915f199060031b1c1916176001555b608052604051610a9190816103a68239608051816104920152f35b015190505f80610122565b601f1982169360015f52805f20915f5b8681106101a6575083600195961061018e575b505050811b01600155610137565b01515f1960f88460031b161c191690555f8080610180565b9192602060018192868501518155019401920161016d565b60015f527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f830160051c81019160208410610217575b601f0160051c01905b81811061020c5750610108565b5f81556001016101ff565b90915081906101f6565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100f6565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100c1565b601f198216905f8052805f20915f5b8181106102a75750958360019596971061028f575b505050811b015f556100d5565b01515f1960f88460031b161c191690555f8080610282565b9192602060018192868b01518155019401920161026d565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c81019160208410610317575b601f0160051c01905b81811061030c57506100a8565b5f81556001016102ff565b90915081906102f6565b90607f1690610096565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761023f57604052565b81601f8201121561032b578051906001600160401b03821161023f57610383601f8301601f191660200161032f565b928284526020838301011161032b57815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde031461078d578063095ea7b31461065257806318160ddd1461061757806323b872dd146104b6578063313ce5671461045b57806340c10f19146103b557806370a082311461035257806395d89b411461015d578063a9059cbb146101175763dd62ed3e14610087575f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576100be610908565b73ffffffffffffffffffffffffffffffffffffffff6100db61092b565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135761015b610151610908565b6024359033610995565b005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f600154908160011c60018316928315610348575b60208210841461031b5781855284939081156102bb5750600114610241575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff821181831017610214576040829052819061021090826108c0565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b81831061029f57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101c2565b602091935080600191548385880101520191019091839261026b565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101c2565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101a3565b346101135760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135773ffffffffffffffffffffffffffffffffffffffff61039e610908565b165f526003602052602060405f2054604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576103ec610908565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff602435946104358660025461094e565b6002551693848452600382526040842061045082825461094e565b9055604051908152a3005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101135760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576104ed610908565b6104f561092b565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff8503610572575b5061015b9350610995565b8385106105b9576105868461015b96610988565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f205584610567565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576020600254604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357610689610908565b6024359081158015610759575b156106fb5773ffffffffffffffffffffffffffffffffffffffff90335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3005b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152601560248201527f617070726f76652066726f6d206e6f6e2d7a65726f00000000000000000000006044820152fd5b50335f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff82165f5260205260405f205415610696565b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f5f54908160011c600183169283156108b6575b60208210841461031b5781855284939081156102bb575060011461083e575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff821181831017610214576040829052819061021090826108c0565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061089a57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101c2565b6020919350806001915483858801015201910190918392610866565b90607f16906107d2565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b9190820180921161095b57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b9190820391821161095b57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f205410610a3357602073ffffffffffffffffffffffffffffffffffffffff7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92845f526003835260405f20610a0e878254610988565b90551693845f526003825260405f20610a2882825461094e565b9055604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
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
	Bin: "0x60a06040523461032b57610da8803803806100198161032f565b92833981019060608183031261032b5780516001600160401b03811161032b5782610045918301610354565b60208201519092906001600160401b03811161032b57604091610069918401610354565b91015160ff8116810361032b5782516001600160401b03811161023f575f54600181811c91168015610321575b602082101461022157601f81116102bf575b506020601f821160011461025e57819293945f92610253575b50508160011b915f199060031b1c1916175f555b81516001600160401b03811161023f57600154600181811c91168015610235575b602082101461022157601f81116101be575b50602092601f821160011461015d57928192935f92610152575b50508160011b915f199060031b1c1916176001555b608052604051610a0290816103a682396080518161049b0152f35b015190505f80610122565b601f1982169360015f52805f20915f5b8681106101a6575083600195961061018e575b505050811b01600155610137565b01515f1960f88460031b161c191690555f8080610180565b9192602060018192868501518155019401920161016d565b60015f527fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf6601f830160051c81019160208410610217575b601f0160051c01905b81811061020c5750610108565b5f81556001016101ff565b90915081906101f6565b634e487b7160e01b5f52602260045260245ffd5b90607f16906100f6565b634e487b7160e01b5f52604160045260245ffd5b015190505f806100c1565b601f198216905f8052805f20915f5b8181106102a75750958360019596971061028f575b505050811b015f556100d5565b01515f1960f88460031b161c191690555f8080610282565b9192602060018192868b01518155019401920161026d565b5f80527f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e563601f830160051c81019160208410610317575b601f0160051c01905b81811061030c57506100a8565b5f81556001016102ff565b90915081906102f6565b90607f1690610096565b5f80fd5b6040519190601f01601f191682016001600160401b0381118382101761023f57604052565b81601f8201121561032b578051906001600160401b03821161023f57610383601f8301601f191660200161032f565b928284526020838301011161032b57815f9260208093018386015e830101529056fe60806040526004361015610011575f80fd5b5f3560e01c806306fdde03146106fe578063095ea7b31461065b57806318160ddd1461062057806323b872dd146104bf578063313ce5671461046457806340c10f19146103be57806370a082311461035b57806395d89b4114610166578063a9059cbb146101175763dd62ed3e14610087575f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576100be610879565b73ffffffffffffffffffffffffffffffffffffffff6100db61089c565b91165f52600460205273ffffffffffffffffffffffffffffffffffffffff60405f2091165f52602052602060405f2054604051908152f35b5f80fd5b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135761015b610151610879565b6024359033610906565b602060405160018152f35b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f600154908160011c60018316928315610351575b6020821084146103245781855284939081156102c4575060011461024a575b5003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761021d57604082905281906102199082610831565b0390f35b7f4e487b71000000000000000000000000000000000000000000000000000000005f52604160045260245ffd5b60015f90815291507fb10e2d527612073b26eecdfd717e6a320cf44b4afac2b0732d9fcbe2b7fa0cf65b8183106102a857505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101cb565b6020919350806001915483858801015201910190918392610274565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff001660208581019190915291151560051b840190910191507fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe090506101cb565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52602260045260245ffd5b90607f16906101ac565b346101135760207ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc3601126101135773ffffffffffffffffffffffffffffffffffffffff6103a7610879565b165f526003602052602060405f2054604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576103f5610879565b5f7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef602073ffffffffffffffffffffffffffffffffffffffff6024359461043e866002546108bf565b600255169384845260038252604084206104598282546108bf565b9055604051908152a3005b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357602060405160ff7f0000000000000000000000000000000000000000000000000000000000000000168152f35b346101135760607ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576104f6610879565b6104fe61089c565b6044359073ffffffffffffffffffffffffffffffffffffffff831692835f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f2054937fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff850361057b575b5061015b9350610906565b8385106105c25761058f8461015b966108f9565b905f52600460205260405f2073ffffffffffffffffffffffffffffffffffffffff33165f5260205260405f205584610570565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600960248201527f616c6c6f77616e636500000000000000000000000000000000000000000000006044820152fd5b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576020600254604051908152f35b346101135760407ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc36011261011357610692610879565b73ffffffffffffffffffffffffffffffffffffffff60243591335f52600460205260405f208282165f526020528260405f205560405192835216907f8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b92560203392a3602060405160018152f35b34610113575f7ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffc360112610113576040515f5f54908160011c60018316928315610827575b6020821084146103245781855284939081156102c457506001146107af575003601f017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe01681019067ffffffffffffffff82118183101761021d57604082905281906102199082610831565b5f80805291507f290decd9548b62a8d60345a988386fc84ba6bc95484008f6362f93160ef3e5635b81831061080b57505081016020017fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe06101cb565b60209193508060019154838588010152019101909183926107d7565b90607f1690610743565b7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffe0601f602060409481855280519182918282880152018686015e5f8582860101520116010190565b6004359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b6024359073ffffffffffffffffffffffffffffffffffffffff8216820361011357565b919082018092116108cc57565b7f4e487b71000000000000000000000000000000000000000000000000000000005f52601160045260245ffd5b919082039182116108cc57565b73ffffffffffffffffffffffffffffffffffffffff1690815f5260036020528260405f2054106109a457602073ffffffffffffffffffffffffffffffffffffffff7fddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef92845f526003835260405f2061097f8782546108f9565b90551693845f526003825260405f206109998282546108bf565b9055604051908152a3565b60646040517f08c379a000000000000000000000000000000000000000000000000000000000815260206004820152600760248201527f62616c616e6365000000000000000000000000000000000000000000000000006044820152fd",
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
