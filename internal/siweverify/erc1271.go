package siweverify

import (
	"bytes"
	"context"
	"fmt"
	"math/big"
	"time"

	"github.com/ethereum/go-ethereum"
	"github.com/ethereum/go-ethereum/common"
)

// erc1271Magic is isValidSignature's selector, returned by a contract that accepts.
var erc1271Magic = []byte{0x16, 0x26, 0xba, 0x7e}

// rpcTimeout bounds each RPC call of an ERC-1271 check.
const rpcTimeout = 5 * time.Second

// ContractCaller is the part of a chain RPC client ERC-1271 needs; *ethclient.Client has it.
type ContractCaller interface {
	CodeAt(ctx context.Context, account common.Address, blockNumber *big.Int) ([]byte, error)
	CallContract(ctx context.Context, call ethereum.CallMsg, blockNumber *big.Int) ([]byte, error)
}

// ERC1271 checks contract-wallet signatures through each chain's RPC.
type ERC1271 struct {
	callers map[uint64]ContractCaller
}

var _ CodeVerifier = (*ERC1271)(nil)

// NewERC1271 returns a CodeVerifier over one RPC client per chain id. Chains without a
// client accept no contract signatures.
func NewERC1271(callers map[uint64]ContractCaller) *ERC1271 { return &ERC1271{callers: callers} }

// VerifyContractSignature implements CodeVerifier: it asks addr's isValidSignature(hash,
// sig) at the latest block when addr has code. A reverting call is a refusal; an RPC
// failure is an error.
func (e *ERC1271) VerifyContractSignature(ctx context.Context, chainID uint64, addr common.Address, hash common.Hash, sig []byte) (bool, error) {
	c, ok := e.callers[chainID]
	if !ok {
		return false, nil
	}
	ctx, cancel := context.WithTimeout(ctx, rpcTimeout)
	defer cancel()
	code, err := c.CodeAt(ctx, addr, nil)
	if err != nil {
		return false, fmt.Errorf("code of %s on chain %d: %w", addr.Hex(), chainID, err)
	}
	if len(code) == 0 {
		return false, nil
	}
	out, err := c.CallContract(ctx, ethereum.CallMsg{To: &addr, Data: packIsValidSignature(hash, sig)}, nil)
	if err != nil {
		return false, nil
	}
	return len(out) >= 4 && bytes.Equal(out[:4], erc1271Magic), nil
}

// packIsValidSignature ABI-encodes isValidSignature(bytes32 hash, bytes signature).
func packIsValidSignature(hash common.Hash, sig []byte) []byte {
	padded := (len(sig) + 31) / 32 * 32
	data := make([]byte, 0, 4+32*3+padded)
	data = append(data, erc1271Magic...)
	data = append(data, hash[:]...)
	data = append(data, common.LeftPadBytes(big.NewInt(64).Bytes(), 32)...)
	data = append(data, common.LeftPadBytes(big.NewInt(int64(len(sig))).Bytes(), 32)...)
	data = append(data, sig...)
	return append(data, make([]byte, padded-len(sig))...)
}
