// Package devnet is the format of devnet.json, the description of a local network that
// `dtwgate devnet` (through testnet.Network.WriteDir) writes next to the accounts'
// encrypted keystores: each chain's RPC, DTW contract and tokens, and the funded accounts.
// The gateway's and dtw's configuration are built from it. It is its own package, apart
// from the harness that starts the chains, so that the binaries can read the file without
// linking test code.
package devnet

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
)

// FileName is the name of the file in a devnet directory.
const FileName = "devnet.json"

// Account roles of a devnet.
const (
	RoleOwner    = "owner"
	RoleOperator = "operator"
	RoleTrader   = "trader"
)

// File is the content of devnet.json: what a gateway or a trader needs to use the network.
type File struct {
	// Sources maps a source name to its chain.
	Sources map[string]Chain `json:"sources"`
	// Accounts are the funded accounts, the same on every chain.
	Accounts []Account `json:"accounts"`
	// PasswordFile holds the password of every keystore, relative to the directory.
	PasswordFile string `json:"passwordFile"`
}

// Chain describes one chain of a devnet.
type Chain struct {
	// ChainID is the chain's EIP-155 id.
	ChainID uint64 `json:"chainId"`
	// RPCURL is the chain's JSON-RPC endpoint.
	RPCURL string `json:"rpcUrl"`
	// DTW is the 0x address of the DTW contract.
	DTW string `json:"dtw"`
	// StartBlock is the block the DTW contract was deployed in.
	StartBlock uint64 `json:"startBlock"`
	// Tokens are the chain's assets, native ETH first.
	Tokens []Token `json:"tokens"`
}

// Token describes one asset of a chain.
type Token struct {
	// Symbol is the token's symbol, such as DAI.
	Symbol string `json:"symbol"`
	// Address is the token's 0x address (the zero address for native ETH).
	Address string `json:"address"`
	// Decimals is the number of decimals of the token's base unit.
	Decimals uint8 `json:"decimals"`
	// Kind is the token's behaviour in the test network (plain ERC-20, no return value,
	// fee on transfer, native).
	Kind string `json:"kind"`
}

// Account describes a funded account and its encrypted keystore.
type Account struct {
	// Name is "owner", "operator" or "traderN".
	Name string `json:"name"`
	// Role is RoleOwner, RoleOperator or RoleTrader.
	Role string `json:"role"`
	// Address is the account's 0x address.
	Address string `json:"address"`
	// Keystore is the account's encrypted keystore, relative to the directory.
	Keystore string `json:"keystore"`
}

// Read reads dir/devnet.json.
func Read(dir string) (*File, error) {
	blob, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		return nil, fmt.Errorf("read devnet: %w", err)
	}
	var f File
	if err := json.Unmarshal(blob, &f); err != nil {
		return nil, fmt.Errorf("parse %s: %w", FileName, err)
	}
	return &f, nil
}

// Write writes f to dir/devnet.json. The file names no secret: the keystores it lists are
// encrypted, and the password file is written apart with mode 0600.
func Write(dir string, f *File) error {
	blob, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, FileName), append(blob, '\n'), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", FileName, err)
	}
	return nil
}

// Address returns the address of a named account of the devnet.
func (f *File) Address(name string) (common.Address, bool) {
	for _, a := range f.Accounts {
		if a.Name == name {
			return common.HexToAddress(a.Address), true
		}
	}
	return common.Address{}, false
}
