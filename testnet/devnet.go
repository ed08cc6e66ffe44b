package testnet

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
)

// DevnetFile is the name of the file Network.WriteDir writes.
const DevnetFile = "devnet.json"

// Devnet is the content of devnet.json: what a gateway or a trader needs to use the
// network.
type Devnet struct {
	// Sources maps a source name to its chain.
	Sources map[string]DevnetChain `json:"sources"`
	// Accounts are the funded accounts, the same on every chain.
	Accounts []DevnetAccount `json:"accounts"`
	// PasswordFile holds the password of every keystore, relative to the directory.
	PasswordFile string `json:"passwordFile"`
}

// DevnetChain describes one chain of a devnet.
type DevnetChain struct {
	ChainID    uint64        `json:"chainId"`
	RPCURL     string        `json:"rpcUrl"`
	DTW        string        `json:"dtw"`
	StartBlock uint64        `json:"startBlock"`
	Tokens     []DevnetToken `json:"tokens"`
}

// DevnetToken describes one asset of a chain.
type DevnetToken struct {
	Symbol   string `json:"symbol"`
	Address  string `json:"address"`
	Decimals uint8  `json:"decimals"`
	Kind     string `json:"kind"`
}

// DevnetAccount describes a funded account and its encrypted keystore.
type DevnetAccount struct {
	Name     string `json:"name"`
	Role     string `json:"role"`
	Address  string `json:"address"`
	Keystore string `json:"keystore"`
}

// WriteDir writes dir/devnet.json, an encrypted keystore per account under dir/keystores
// and the keystores' password in dir/password.txt (mode 0600). lightKDF uses light scrypt
// parameters, for tests only.
func (n *Network) WriteDir(dir string, lightKDF bool) (*Devnet, error) {
	if err := os.MkdirAll(filepath.Join(dir, "keystores"), 0o700); err != nil {
		return nil, fmt.Errorf("devnet dir: %w", err)
	}
	pw := make([]byte, 16)
	if _, err := rand.Read(pw); err != nil {
		return nil, err
	}
	password := hex.EncodeToString(pw)
	d := &Devnet{Sources: map[string]DevnetChain{}, PasswordFile: "password.txt"}
	if err := os.WriteFile(filepath.Join(dir, d.PasswordFile), []byte(password+"\n"), 0o600); err != nil {
		return nil, fmt.Errorf("password file: %w", err)
	}
	scryptN, scryptP := keystore.StandardScryptN, keystore.StandardScryptP
	if lightKDF {
		scryptN, scryptP = keystore.LightScryptN, keystore.LightScryptP
	}
	for _, a := range n.Accounts {
		id, err := uuid.NewRandom()
		if err != nil {
			return nil, err
		}
		blob, err := keystore.EncryptKey(&keystore.Key{Id: id, Address: a.Address, PrivateKey: a.Key}, password, scryptN, scryptP)
		if err != nil {
			return nil, fmt.Errorf("encrypt %s: %w", a.Name, err)
		}
		rel := filepath.Join("keystores", a.Name+".json")
		if err := os.WriteFile(filepath.Join(dir, rel), blob, 0o600); err != nil {
			return nil, fmt.Errorf("keystore %s: %w", a.Name, err)
		}
		d.Accounts = append(d.Accounts, DevnetAccount{Name: a.Name, Role: a.Role, Address: a.Address.Hex(), Keystore: rel})
	}
	for _, c := range n.Chains {
		dc := DevnetChain{ChainID: c.ChainID.Uint64(), RPCURL: c.RPCURL, DTW: c.DTW.Hex(), StartBlock: c.DeployBlock}
		for _, t := range c.Tokens {
			dc.Tokens = append(dc.Tokens, DevnetToken{Symbol: t.Symbol, Address: t.Address.Hex(), Decimals: t.Decimals, Kind: t.Kind})
		}
		d.Sources[c.Source] = dc
	}
	blob, err := json.MarshalIndent(d, "", "  ")
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(dir, DevnetFile), append(blob, '\n'), 0o644); err != nil {
		return nil, fmt.Errorf("write %s: %w", DevnetFile, err)
	}
	return d, nil
}

// ReadDevnet reads dir/devnet.json.
func ReadDevnet(dir string) (*Devnet, error) {
	blob, err := os.ReadFile(filepath.Join(dir, DevnetFile))
	if err != nil {
		return nil, fmt.Errorf("read devnet: %w", err)
	}
	var d Devnet
	if err := json.Unmarshal(blob, &d); err != nil {
		return nil, fmt.Errorf("parse %s: %w", DevnetFile, err)
	}
	return &d, nil
}

// Address returns the address of a named account of the devnet.
func (d *Devnet) Address(name string) (common.Address, bool) {
	for _, a := range d.Accounts {
		if a.Name == name {
			return common.HexToAddress(a.Address), true
		}
	}
	return common.Address{}, false
}
