package testnet

import (
	"crypto/ecdsa"
	"fmt"
	"os"
	"path/filepath"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/dtwgate/dtwgate/testnet/devnet"
)

// defaultKeys are the well-known private keys of anvil's default mnemonic ("test test ...
// junk"). They are public test keys: never send real funds to them.
var defaultKeys = []string{
	"ac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
	"59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
	"5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
	"7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
	"47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
	"8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba",
	"92db14e403b83dfe3df233f83dfa3a0d7096f21ca9b0d6d6b8d88b2b4ec1564e",
	"4bbbf85ce3377467afe5d46f804f221813b2bb87f24d81f60f1fcdbf7cbf4356",
	"dbda1821b80551c9d65939329250298aa3472ba22feea921c0cf5d620ea67b97",
	"2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6",
}

// Account roles in a Network: those of the devnet file it writes.
const (
	RoleOwner    = devnet.RoleOwner
	RoleOperator = devnet.RoleOperator
	RoleTrader   = devnet.RoleTrader
)

// Account is a funded key of the network, the same on every chain.
type Account struct {
	// Name is "owner", "operator" or "traderN" (N from 1).
	Name string
	// Role is RoleOwner, RoleOperator or RoleTrader.
	Role string
	// Address is the account's address.
	Address common.Address
	// Key is the account's private key.
	Key *ecdsa.PrivateKey
}

// NewAccount returns an account for a fresh random key.
func NewAccount(name, role string) (Account, error) {
	key, err := crypto.GenerateKey()
	if err != nil {
		return Account{}, fmt.Errorf("generate key: %w", err)
	}
	return Account{Name: name, Role: role, Address: crypto.PubkeyToAddress(key.PublicKey), Key: key}, nil
}

// makeAccounts returns the owner, the operator and n traders. The first eight come from
// anvil's default keys (so every chain knows them); further traders get fresh keys.
func makeAccounts(n int) ([]Account, error) {
	var out []Account
	for i := 0; i < n+2; i++ {
		name, role := fmt.Sprintf("trader%d", i-1), RoleTrader
		switch i {
		case 0:
			name, role = RoleOwner, RoleOwner
		case 1:
			name, role = RoleOperator, RoleOperator
		}
		if i < len(defaultKeys) {
			key, err := crypto.HexToECDSA(defaultKeys[i])
			if err != nil {
				return nil, fmt.Errorf("default key %d: %w", i, err)
			}
			out = append(out, Account{Name: name, Role: role, Address: crypto.PubkeyToAddress(key.PublicKey), Key: key})
			continue
		}
		a, err := NewAccount(name, role)
		if err != nil {
			return nil, err
		}
		out = append(out, a)
	}
	return out, nil
}

// SignTypedData signs EIP-712 typed data with the account's key and returns the 65-byte
// signature with v in {27, 28}.
func (a Account) SignTypedData(td apitypes.TypedData) ([]byte, error) {
	hash, _, err := apitypes.TypedDataAndHash(td)
	if err != nil {
		return nil, fmt.Errorf("eip-712 hash: %w", err)
	}
	sig, err := crypto.Sign(hash, a.Key)
	if err != nil {
		return nil, err
	}
	sig[64] += 27
	return sig, nil
}

// KeyCopy returns a copy of the account's key, for code that wipes the key it is given
// (signers, keystore writers).
func (a Account) KeyCopy() *ecdsa.PrivateKey {
	key, err := crypto.ToECDSA(crypto.FromECDSA(a.Key))
	if err != nil {
		panic("testnet: copy key: " + err.Error())
	}
	return key
}

// Signer returns a signer.Signer over a copy of the account's key: closing it wipes the
// copy, never the account's key.
func (a Account) Signer() signer.Signer { return signer.NewPrivateKeySigner(a.KeyCopy()) }

// writeOperatorKeystore writes the chain operator's key into dir as a keystore (light
// scrypt) with its password file, for a gateway config: it returns the signer spec
// ("keystore:PATH") and the password file.
func (c *Chain) writeOperatorKeystore(dir string) (spec, passwordFile string, err error) {
	path := filepath.Join(dir, "operator.json")
	if _, err := signer.WriteKeystore(path, c.Operator.KeyCopy(), "pw", signer.LightScrypt); err != nil {
		return "", "", err
	}
	passwordFile = filepath.Join(dir, "operator.pw")
	if err := os.WriteFile(passwordFile, []byte("pw"), 0o600); err != nil {
		return "", "", err
	}
	return "keystore:" + path, passwordFile, nil
}
