package dtwcli

import (
	"context"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/dtwgate/dtwgate/signer"
	"github.com/urfave/cli/v2"
)

// Names of the signer flags shared by every command that signs.
const (
	flagKeystore          = "keystore"
	flagAccount           = "account"
	flagSigner            = "signer"
	flagPasswordFile      = "password-file"
	flagKeystoreDir       = "keystore-dir"
	flagVaultAddr         = "vault-addr"
	flagVaultNamespace    = "vault-namespace"
	flagVaultRoleID       = "vault-role-id"
	flagVaultSecretIDFile = "vault-secret-id-file"
	flagPrivateKeyFile    = "private-key-file"
)

// signerFlags select and unlock a signer. Secrets (passwords, tokens, secret ids,
// private keys) are read from files, the environment or a prompt, never from argv.
func signerFlags() []cli.Flag {
	return append([]cli.Flag{
		&cli.StringFlag{Name: flagKeystore, Usage: "keystore `PATH` (geth/Foundry JSON)", EnvVars: []string{"DTW_KEYSTORE"}},
		&cli.StringFlag{Name: flagAccount, Usage: "account `NAME` in the keystore directory or ~/.foundry/keystores", EnvVars: []string{"DTW_ACCOUNT"}},
		&cli.StringFlag{Name: flagSigner, Usage: "signer `SPEC`: keystore:PATH, account:NAME, vault:MOUNT/data/PATH#FIELD or vault-keystore:MOUNT/data/PATH#FIELD", EnvVars: []string{"DTW_SIGNER"}},
		&cli.StringFlag{Name: flagPasswordFile, Usage: "read the keystore password from `FILE` (else $" + signer.EnvPassword + ", else a prompt)", EnvVars: []string{"DTW_PASSWORD_FILE"}},
	}, storeFlags()...)
}

// storeFlags locate keystore directories and the Vault server.
func storeFlags() []cli.Flag {
	return []cli.Flag{
		&cli.StringFlag{Name: flagKeystoreDir, Usage: "dtw's keystore `DIR`", DefaultText: "~/.dtw/keystores", EnvVars: []string{signer.EnvKeystoreDir}},
		&cli.StringFlag{Name: flagVaultAddr, Usage: "Vault `URL`; the token comes from $VAULT_TOKEN", DefaultText: "$VAULT_ADDR"},
		&cli.StringFlag{Name: flagVaultNamespace, Usage: "Vault `NAMESPACE`", DefaultText: "$VAULT_NAMESPACE"},
		&cli.StringFlag{Name: flagVaultRoleID, Usage: "log in to Vault with AppRole `ROLE_ID`", DefaultText: "$" + signer.EnvVaultRoleID},
		&cli.StringFlag{Name: flagVaultSecretIDFile, Usage: "read the AppRole secret id from `FILE`", DefaultText: "$" + signer.EnvVaultSecretID},
	}
}

// keystoreDir is dtw's own keystore directory.
func keystoreDir(c *cli.Context) string {
	if dir := c.String(flagKeystoreDir); dir != "" {
		return dir
	}
	return signer.DefaultKeystoreDir()
}

// signerOptions builds the options of signer.Open from the flags.
func signerOptions(c *cli.Context) (signer.Options, error) {
	vc := signer.VaultConfig{
		Address:   c.String(flagVaultAddr),
		Namespace: c.String(flagVaultNamespace),
		RoleID:    c.String(flagVaultRoleID),
	}
	if path := c.String(flagVaultSecretIDFile); path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return signer.Options{}, usageError("read --%s: %v", flagVaultSecretIDFile, err)
		}
		vc.SecretID = strings.TrimSpace(string(b))
	}
	return signer.Options{
		KeystoreDirs: []string{keystoreDir(c), signer.FoundryKeystoreDir()},
		Password:     signer.DefaultPassword(c.String(flagPasswordFile)),
		Vault:        vc,
	}, nil
}

// signerSpec returns the spec chosen by exactly one of --keystore, --account, --signer.
func signerSpec(c *cli.Context) (string, error) {
	var specs []string
	if v := c.String(flagKeystore); v != "" {
		specs = append(specs, string(signer.KindKeystore)+":"+v)
	}
	if v := c.String(flagAccount); v != "" {
		specs = append(specs, string(signer.KindAccount)+":"+v)
	}
	if v := c.String(flagSigner); v != "" {
		specs = append(specs, v)
	}
	switch len(specs) {
	case 0:
		return "", usageError("no signer: pass --keystore PATH, --account NAME or --signer SPEC")
	case 1:
		return specs[0], nil
	default:
		return "", usageError("several signers (%s): pass only one of --keystore, --account and --signer", strings.Join(specs, ", "))
	}
}

// openSigner opens the signer the flags select. The caller closes it.
func openSigner(c *cli.Context) (signer.Signer, error) {
	spec, err := signerSpec(c)
	if err != nil {
		return nil, err
	}
	opts, err := signerOptions(c)
	if err != nil {
		return nil, err
	}
	s, err := signer.Open(c.Context, spec, opts)
	if errors.Is(err, signer.ErrInvalidSpec) {
		return nil, usageError("%v", err)
	}
	return s, err
}

// withSigner runs fn with the selected signer and closes it afterwards.
func withSigner(c *cli.Context, fn func(ctx context.Context, s signer.Signer) error) error {
	s, err := openSigner(c)
	if err != nil {
		return err
	}
	defer s.Close()
	return fn(c.Context, s)
}

// usageError is an error that exits with ExitUsage.
func usageError(format string, args ...interface{}) error {
	return cli.Exit(fmt.Sprintf(format, args...), ExitUsage)
}
