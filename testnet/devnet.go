package testnet

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/google/uuid"

	"github.com/dtwgate/dtwgate/chain"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// WriteDir writes dir/devnet.json (the format of package devnet), an encrypted keystore
// per account under dir/keystores and the keystores' password in dir/password.txt (mode
// 0600). lightKDF uses light scrypt parameters, for tests only.
func (n *Network) WriteDir(dir string, lightKDF bool) (*devnet.File, error) {
	if err := os.MkdirAll(filepath.Join(dir, "keystores"), 0o700); err != nil {
		return nil, fmt.Errorf("devnet dir: %w", err)
	}
	pw := make([]byte, 16)
	if _, err := rand.Read(pw); err != nil {
		return nil, err
	}
	password := hex.EncodeToString(pw)
	d := &devnet.File{Sources: map[string]chain.Config{}, PasswordFile: "password.txt"}
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
		d.Accounts = append(d.Accounts, devnet.Account{Name: a.Name, Role: a.Role, Address: a.Address.Hex(), Keystore: rel})
	}
	d.Feeds = map[string]map[string]string{}
	for _, c := range n.Chains {
		d.Sources[c.Source] = c.Config(0)
		feeds := map[string]string{}
		for asset, addr := range c.Feeds {
			feeds[asset] = addr.Hex()
		}
		d.Feeds[c.Source] = feeds
	}
	if err := devnet.Write(dir, d); err != nil {
		return nil, err
	}
	return d, nil
}
