package chain

import (
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"

	"github.com/dtwgate/dtwgate/abi/bindings"
)

// forwarderCodeHash is the keccak of the DepositForwarder's creation code (it takes no
// constructor arguments), the CREATE2 input that makes a forwarder's address depend on
// its factory and salt only.
var forwarderCodeHash = crypto.Keccak256(common.FromHex(bindings.DepositForwarderMetaData.Bin))

// DepositSalt is the CREATE2 salt of an account's OFFCHAIN deposit forwarder, the same on
// every chain.
func DepositSalt(accountID string) common.Hash {
	return crypto.Keccak256Hash([]byte("dtwgate:offchain-deposit:" + accountID))
}

// ForwarderAddress is the address of the DepositForwarder that factory deploys with salt:
// an account's OFFCHAIN deposit address is ForwarderAddress(factory, DepositSalt(id)),
// which a trader can check against the chain's factory on their own.
func ForwarderAddress(factory common.Address, salt common.Hash) common.Address {
	return crypto.CreateAddress2(factory, salt, forwarderCodeHash)
}
