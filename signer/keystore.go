package signer

import (
	"context"
	"crypto/ecdsa"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strings"

	"github.com/ethereum/go-ethereum/accounts/keystore"
	"github.com/ethereum/go-ethereum/common"
	"github.com/google/uuid"
)

// EnvKeystoreDir overrides dtw's keystore directory (default ~/.dtw/keystores).
const EnvKeystoreDir = "DTW_KEYSTORE_DIR"

// Scrypt holds the scrypt cost parameters used to encrypt a new keystore.
type Scrypt struct {
	N, P int
}

var (
	// StandardScrypt is geth's and Foundry's default cost: about a second and 256 MB per
	// decryption. Use it for every real key.
	StandardScrypt = Scrypt{N: keystore.StandardScryptN, P: keystore.StandardScryptP}
	// LightScrypt is geth's light cost. Use it in tests only.
	LightScrypt = Scrypt{N: keystore.LightScryptN, P: keystore.LightScryptP}
)

// DefaultKeystoreDir returns dtw's keystore directory: $DTW_KEYSTORE_DIR, else
// ~/.dtw/keystores.
func DefaultKeystoreDir() string {
	if dir := os.Getenv(EnvKeystoreDir); dir != "" {
		return dir
	}
	return filepath.Join(homeDir(), ".dtw", "keystores")
}

// FoundryKeystoreDir returns the directory where `cast wallet new` and `cast wallet
// import` keep named accounts: ~/.foundry/keystores.
func FoundryKeystoreDir() string {
	return filepath.Join(homeDir(), ".foundry", "keystores")
}

func homeDir() string {
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// OpenKeystore decrypts the keystore file at path with the password from password
// and returns a Signer over its key.
func OpenKeystore(ctx context.Context, path string, password PasswordFunc) (Signer, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%w: no file %s (check --keystore, or create one with `dtw wallet new`)", ErrKeystoreNotFound, path)
	}
	if err != nil {
		return nil, fmt.Errorf("read keystore %s: %w", path, err)
	}
	if password == nil {
		return nil, fmt.Errorf("%w for keystore %s", ErrNoPassword, path)
	}
	pass, err := password(ctx, "keystore "+path)
	if err != nil {
		return nil, err
	}
	key, err := DecryptKeystore(data, pass)
	if err != nil {
		return nil, fmt.Errorf("keystore %s: %w", path, err)
	}
	return New(newKeySigner(key)), nil
}

// DecryptKeystore decrypts a geth/Foundry keystore JSON. A wrong password gives
// ErrWrongPassword, anything that is not a keystore ErrKeyMalformed.
func DecryptKeystore(data []byte, password string) (*ecdsa.PrivateKey, error) {
	var probe map[string]json.RawMessage
	if err := json.Unmarshal(data, &probe); err != nil {
		return nil, fmt.Errorf("%w: not a keystore JSON: %v", ErrKeyMalformed, err)
	}
	key, err := keystore.DecryptKey(data, password)
	// Standard scrypt parameters allocate a 256 MiB buffer; hand it back to the OS now
	// rather than at some later collection (a gateway's RSS stayed at ~280 MB after start).
	debug.FreeOSMemory()
	switch {
	case errors.Is(err, keystore.ErrDecrypt):
		return nil, fmt.Errorf("%w (check --password-file or %s)", ErrWrongPassword, EnvPassword)
	case err != nil:
		return nil, fmt.Errorf("%w: %v", ErrKeyMalformed, err)
	}
	return key.PrivateKey, nil
}

// EncryptKeystore encrypts key into a geth keystore JSON (version 3) with password.
func EncryptKeystore(key *ecdsa.PrivateKey, password string, cost Scrypt) ([]byte, error) {
	id, err := uuid.NewRandom()
	if err != nil {
		return nil, err
	}
	k := &keystore.Key{Id: id, Address: keyAddress(key), PrivateKey: key}
	return keystore.EncryptKey(k, password, cost.N, cost.P)
}

// WriteKeystore encrypts key with password into a new file at path (mode 0600,
// parent directories 0700). It never overwrites: an existing file gives
// ErrAccountExists.
func WriteKeystore(path string, key *ecdsa.PrivateKey, password string, cost Scrypt) (common.Address, error) {
	data, err := EncryptKeystore(key, password, cost)
	if err != nil {
		return common.Address{}, fmt.Errorf("encrypt keystore: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return common.Address{}, fmt.Errorf("create keystore directory: %w", err)
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if errors.Is(err, fs.ErrExist) {
		return common.Address{}, fmt.Errorf("%w: %s (pick another name, or remove the file)", ErrAccountExists, path)
	}
	if err != nil {
		return common.Address{}, fmt.Errorf("create keystore: %w", err)
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		os.Remove(path)
		return common.Address{}, fmt.Errorf("write keystore: %w", err)
	}
	if err := f.Close(); err != nil {
		os.Remove(path)
		return common.Address{}, fmt.Errorf("write keystore: %w", err)
	}
	return keyAddress(key), nil
}

// CheckAccountName reports whether name can be a keystore file name.
func CheckAccountName(name string) error {
	if name == "" || name == "." || name == ".." || strings.ContainsAny(name, `/\`) || strings.HasPrefix(name, ".") {
		return fmt.Errorf("%w: account name %q: use letters, digits, '-' and '_', no path separators", ErrInvalidSpec, name)
	}
	return nil
}

// FindAccount returns the path of the keystore named name in the first of dirs that
// has it, as NAME or NAME.json.
func FindAccount(name string, dirs ...string) (string, error) {
	if err := CheckAccountName(name); err != nil {
		return "", err
	}
	for _, dir := range dirs {
		if dir == "" {
			continue
		}
		for _, file := range []string{name, name + ".json"} {
			path := filepath.Join(dir, file)
			if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() {
				return path, nil
			}
		}
	}
	return "", fmt.Errorf("%w: no account %q in %s (list accounts with `dtw wallet list`)", ErrKeystoreNotFound, name, strings.Join(dirs, ", "))
}

// Account is a keystore file found by ListAccounts.
type Account struct {
	// Name is the file name, which is the account name for --account.
	Name string
	// Path is the keystore file's path.
	Path string
	// Address is the address recorded in the file, zero if the file records none
	// (Foundry's keystores may omit it; decrypting reveals it).
	Address common.Address
}

// ListAccounts lists the keystore files in dirs, skipping directories that do not
// exist and files that are not keystore JSON.
func ListAccounts(dirs ...string) ([]Account, error) {
	var out []Account
	for _, dir := range dirs {
		entries, err := os.ReadDir(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("list keystores in %s: %w", dir, err)
		}
		for _, e := range entries {
			if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			path := filepath.Join(dir, e.Name())
			acct, ok := readAccount(path)
			if !ok {
				continue
			}
			out = append(out, acct)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out, nil
}

func readAccount(path string) (Account, bool) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Account{}, false
	}
	var head struct {
		Address string          `json:"address"`
		Crypto  json.RawMessage `json:"crypto"`
	}
	if json.Unmarshal(data, &head) != nil || len(head.Crypto) == 0 {
		return Account{}, false
	}
	acct := Account{Name: filepath.Base(path), Path: path}
	if common.IsHexAddress(head.Address) {
		acct.Address = common.HexToAddress(head.Address)
	}
	return acct, true
}
