package dtwcli

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/common/hexutil"
	"github.com/ethereum/go-ethereum/crypto"
	"github.com/ethereum/go-ethereum/signer/core/apitypes"
	"github.com/urfave/cli/v2"
	"golang.org/x/term"
)

// walletCommand is `dtw wallet`: keys in keystores and Vault, and signing with them.
func walletCommand() *cli.Command {
	return &cli.Command{
		Name:  "wallet",
		Usage: "create, import, list and use signing keys (keystores, Foundry accounts, Vault)",
		Subcommands: []*cli.Command{
			{
				Name:      "new",
				Usage:     "create a new key in an encrypted keystore",
				ArgsUsage: " ",
				Flags:     keyDestFlags(),
				Action:    walletNew,
			},
			{
				Name:      "import",
				Usage:     "encrypt an existing private key (from stdin or --private-key-file) into a keystore",
				ArgsUsage: " ",
				Flags:     append(keyDestFlags(), privateKeyFileFlag()),
				Action:    walletImport,
			},
			{
				Name:   "list",
				Usage:  "list the accounts in dtw's keystore directory and ~/.foundry/keystores",
				Flags:  storeFlags(),
				Action: walletList,
			},
			{
				Name:   "address",
				Usage:  "print the address of the signer",
				Flags:  signerFlags(),
				Action: walletAddress,
			},
			{
				Name:      "sign-message",
				Usage:     "sign MESSAGE (or stdin for -) as an EIP-191 personal message; prints the 0x signature. As in cast, a MESSAGE starting with 0x is hex bytes",
				ArgsUsage: "MESSAGE",
				Flags:     signerFlags(),
				Action:    walletSignMessage,
			},
			{
				Name:      "sign-typed-data",
				Usage:     "sign EIP-712 typed data from a JSON FILE (or stdin for -); prints the 0x signature",
				ArgsUsage: "FILE",
				Flags:     signerFlags(),
				Action:    walletSignTypedData,
			},
			{
				Name:      "vault-put",
				Usage:     "store a private key (from stdin, --private-key-file, or --new) in a Vault KV v2 secret",
				ArgsUsage: "MOUNT/data/PATH[#FIELD]",
				Flags: append(storeFlags(), privateKeyFileFlag(),
					&cli.BoolFlag{Name: "new", Usage: "generate a new key instead of reading one"}),
				Action: walletVaultPut,
			},
		},
	}
}

// keyDestFlags choose where `new` and `import` write the keystore.
func keyDestFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: flagAccount, Usage: "write the keystore as `NAME` in the keystore directory"},
		&cli.StringFlag{Name: flagKeystore, Usage: "write the keystore to `PATH`"},
		&cli.StringFlag{Name: flagPasswordFile, Usage: "read the new password from `FILE` (else $" + signer.EnvPassword + ", else a prompt)"},
	}, storeFlags()...)
}

func privateKeyFileFlag() cli.Flag {
	return &cli.StringFlag{Name: flagPrivateKeyFile, Usage: "read the hex private key from `FILE` (else stdin)"}
}

func walletNew(c *cli.Context) error {
	key, err := crypto.GenerateKey()
	if err != nil {
		return fmt.Errorf("generate key: %w", err)
	}
	return writeKeystore(c, key)
}

func walletImport(c *cli.Context) error {
	key, err := readPrivateKey(c)
	if err != nil {
		return err
	}
	return writeKeystore(c, key)
}

// writeKeystore encrypts key into the keystore that --account or --keystore names.
func writeKeystore(c *cli.Context, key *ecdsa.PrivateKey) error {
	defer signer.NewPrivateKeySigner(key).Close() // zeroes key
	path, err := keystoreDest(c)
	if err != nil {
		return err
	}
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("%w: %s (pick another name, or remove the file)", signer.ErrAccountExists, path)
	}
	password, err := newPassword(c, path)
	if err != nil {
		return err
	}
	addr, err := signer.WriteKeystore(path, key, password, signer.StandardScrypt)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "Address:  %s\nKeystore: %s\n", addr.Hex(), path)
	return nil
}

func keystoreDest(c *cli.Context) (string, error) {
	name, path := c.String(flagAccount), c.String(flagKeystore)
	switch {
	case name != "" && path != "":
		return "", usageError("pass --account NAME or --keystore PATH, not both")
	case path != "":
		return path, nil
	case name != "":
		if err := signer.CheckAccountName(name); err != nil {
			return "", usageError("--account: %v", err)
		}
		return filepath.Join(keystoreDir(c), name), nil
	}
	return "", usageError("where should the keystore go? pass --account NAME (into %s) or --keystore PATH", keystoreDir(c))
}

// newPassword reads the password of a new keystore: the file, $DTW_PASSWORD, or a
// prompt asked twice.
func newPassword(c *cli.Context, path string) (string, error) {
	if file := c.String(flagPasswordFile); file != "" {
		return signer.PasswordFile(file)(c.Context, path)
	}
	if pw, ok := os.LookupEnv(signer.EnvPassword); ok {
		return pw, nil
	}
	prompt := signer.PasswordPrompt(os.Stdin, os.Stderr)
	first, err := prompt(c.Context, "new keystore "+path)
	if err != nil {
		return "", err
	}
	again, err := prompt(c.Context, "new keystore "+path+" (again)")
	if err != nil {
		return "", err
	}
	if first != again {
		return "", usageError("the two passwords differ; try again")
	}
	return first, nil
}

// readPrivateKey reads a hex private key from --private-key-file, else stdin (with a
// no-echo prompt on a terminal). Keys never come from argv.
func readPrivateKey(c *cli.Context) (*ecdsa.PrivateKey, error) {
	var raw []byte
	var err error
	switch path := c.String(flagPrivateKeyFile); {
	case path != "":
		raw, err = os.ReadFile(path)
	case term.IsTerminal(int(os.Stdin.Fd())):
		fmt.Fprint(os.Stderr, "Private key (hex): ")
		raw, err = term.ReadPassword(int(os.Stdin.Fd()))
		fmt.Fprintln(os.Stderr)
	default:
		raw, err = io.ReadAll(io.LimitReader(c.App.Reader, 4096))
	}
	if err != nil {
		return nil, fmt.Errorf("read private key: %w", err)
	}
	defer clear(raw)
	key, err := signer.ParsePrivateKey(raw)
	if err != nil {
		return nil, fmt.Errorf("%w (give 64 hex digits, optionally 0x-prefixed, on stdin or in --%s)", err, flagPrivateKeyFile)
	}
	return key, nil
}

func walletList(c *cli.Context) error {
	dirs := []string{keystoreDir(c), signer.FoundryKeystoreDir()}
	accts, err := signer.ListAccounts(dirs...)
	if err != nil {
		return err
	}
	if len(accts) == 0 {
		fmt.Fprintf(c.App.ErrWriter, "no keystores in %s or %s; create one with `dtw wallet new --account NAME`\n", dirs[0], dirs[1])
		return nil
	}
	w := tabwriter.NewWriter(c.App.Writer, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "NAME\tADDRESS\tKEYSTORE")
	for _, a := range accts {
		addr := "(in the encrypted file)"
		if a.Address != (common.Address{}) {
			addr = a.Address.Hex()
		}
		fmt.Fprintf(w, "%s\t%s\t%s\n", a.Name, addr, a.Path)
	}
	return w.Flush()
}

func walletAddress(c *cli.Context) error {
	return withSigner(c, func(_ context.Context, s signer.Signer) error {
		fmt.Fprintln(c.App.Writer, s.Address().Hex())
		return nil
	})
}

func walletSignMessage(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("sign-message takes one MESSAGE argument (- reads stdin), got %d", c.NArg())
	}
	msg, err := argOrStdin(c, c.Args().First())
	if err != nil {
		return err
	}
	if hexMsg, ok := bytes.CutPrefix(msg, []byte("0x")); ok { // cast's rule, so signatures verify there
		if msg, err = hex.DecodeString(string(hexMsg)); err != nil {
			return usageError("MESSAGE starts with 0x but is not hex (%v): sign text without the 0x prefix", err)
		}
	}
	return printSignature(c, func(ctx context.Context, s signer.Signer) ([]byte, error) {
		return s.SignMessage(ctx, msg)
	})
}

func walletSignTypedData(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("sign-typed-data takes one FILE argument (- reads stdin), got %d", c.NArg())
	}
	raw, err := readFileOrStdin(c, c.Args().First())
	if err != nil {
		return err
	}
	var td apitypes.TypedData
	if err := json.Unmarshal(raw, &td); err != nil {
		return usageError("%s is not EIP-712 typed data JSON (types, primaryType, domain, message): %v", c.Args().First(), err)
	}
	return printSignature(c, func(ctx context.Context, s signer.Signer) ([]byte, error) {
		return s.SignTypedData(ctx, td)
	})
}

// printSignature signs with the selected signer and prints the 0x signature.
func printSignature(c *cli.Context, sign func(context.Context, signer.Signer) ([]byte, error)) error {
	return withSigner(c, func(ctx context.Context, s signer.Signer) error {
		sig, err := sign(ctx, s)
		if err != nil {
			return err
		}
		fmt.Fprintln(c.App.Writer, hexutil.Encode(sig))
		return nil
	})
}

func walletVaultPut(c *cli.Context) error {
	if c.NArg() != 1 {
		return usageError("vault-put takes one MOUNT/data/PATH[#FIELD] argument, e.g. secret/data/traders/alice#private_key")
	}
	secret, err := signer.ParseVaultSecret(c.Args().First(), signer.DefaultKeyField)
	if err != nil {
		return usageError("vault-put %s: %v", c.Args().First(), err)
	}
	var key *ecdsa.PrivateKey
	if c.Bool("new") {
		if c.String(flagPrivateKeyFile) != "" {
			return usageError("pass --new or --%s, not both", flagPrivateKeyFile)
		}
		key, err = crypto.GenerateKey()
	} else {
		key, err = readPrivateKey(c)
	}
	if err != nil {
		return err
	}
	defer signer.NewPrivateKeySigner(key).Close() // zeroes key
	opts, err := signerOptions(c)
	if err != nil {
		return err
	}
	addr, err := signer.PutVaultKey(c.Context, opts.Vault, secret, key)
	if err != nil {
		return err
	}
	fmt.Fprintf(c.App.Writer, "Address: %s\nSigner:  vault:%s\n", addr.Hex(), secret)
	return nil
}

// argOrStdin returns arg, or stdin when arg is "-".
func argOrStdin(c *cli.Context, arg string) ([]byte, error) {
	if arg != "-" {
		return []byte(arg), nil
	}
	return readFileOrStdin(c, arg)
}

// readFileOrStdin reads the file at path, or stdin when path is "-".
func readFileOrStdin(c *cli.Context, path string) ([]byte, error) {
	if path == "-" {
		b, err := io.ReadAll(c.App.Reader)
		if err != nil {
			return nil, fmt.Errorf("read stdin: %w", err)
		}
		return b, nil
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, usageError("read %s: %v", path, err)
	}
	return b, nil
}
