// Package devnet is the format of devnet.json, the description of a local network that
// `dtwgate devnet` (through testnet.Network.WriteDir) writes next to the accounts'
// encrypted keystores: each chain's RPC, DTW contract and tokens, price feeds, and the
// funded accounts. The gateway's and dtw's configuration are built from it. It is its
// own package, apart from the harness that starts the chains, so that the binaries can
// read the file without linking test code.
package devnet

import (
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"

	"github.com/ethereum/go-ethereum/common"

	"github.com/dtwgate/dtwgate/chain"
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
	// Sources maps a source name to its chain, in the chain's one configuration form.
	Sources map[string]chain.Config `json:"sources"`
	// Accounts are the funded accounts, the same on every chain.
	Accounts []Account `json:"accounts"`
	// PasswordFile holds the password of every keystore, relative to the directory.
	PasswordFile string `json:"passwordFile"`
	// Feeds maps a source name to its price feeds (DevnetAggregator contracts, whose
	// owner is the owner account) by lower-case asset id. Absent in files written before
	// the devnet had feeds.
	Feeds map[string]map[string]string `json:"feeds,omitempty"`
	// Deprecated lists, after Read, the old keys the file used (for a warning).
	Deprecated []string `json:"-"`
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

// legacyChain is a source of devnet.json as files written before chain.Config state it:
// rpcUrl and dtw instead of rpcUrls and dtwAddress (tokens' kind is ignored).
type legacyChain struct {
	chain.Config
	RPCURL string `json:"rpcUrl"`
	DTW    string `json:"dtw"`
}

// Read reads dir/devnet.json. Old keys still work; f.Deprecated names them.
func Read(dir string) (*File, error) {
	blob, err := os.ReadFile(filepath.Join(dir, FileName))
	if err != nil {
		return nil, fmt.Errorf("read devnet: %w", err)
	}
	var raw struct {
		File
		Sources map[string]legacyChain `json:"sources"`
	}
	if err := json.Unmarshal(blob, &raw); err != nil {
		return nil, fmt.Errorf("parse %s: %w", FileName, err)
	}
	f := raw.File
	f.Sources = make(map[string]chain.Config, len(raw.Sources))
	for _, name := range slices.Sorted(maps.Keys(raw.Sources)) {
		c := raw.Sources[name]
		if c.Source == "" {
			c.Source = name
		}
		if c.RPCURL != "" {
			if len(c.RPCURLs) == 0 {
				c.RPCURLs = []string{c.RPCURL}
			}
			f.Deprecated = append(f.Deprecated, fmt.Sprintf("sources.%s.rpcUrl is now rpcUrls", name))
		}
		if c.DTW != "" {
			if c.DTWAddress == "" {
				c.DTWAddress = c.DTW
			}
			f.Deprecated = append(f.Deprecated, fmt.Sprintf("sources.%s.dtw is now dtwAddress", name))
		}
		f.Sources[name] = c.Config
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

// Account returns the first account of a role.
func (f *File) Account(role string) (Account, bool) {
	for _, a := range f.Accounts {
		if a.Role == role {
			return a, true
		}
	}
	return Account{}, false
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
