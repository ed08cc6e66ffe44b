package signer

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/hashicorp/vault/api"
)

// Environment variables of the Vault connection beyond the Vault CLI's own
// (VAULT_ADDR, VAULT_TOKEN, VAULT_NAMESPACE, VAULT_CACERT, VAULT_CLIENT_CERT, ...,
// which api.DefaultConfig and api.NewClient read).
const (
	// EnvVaultRoleID is the AppRole role id; when set, dtw logs in with AppRole.
	EnvVaultRoleID = "VAULT_ROLE_ID"
	// EnvVaultSecretID is the AppRole secret id.
	EnvVaultSecretID = "VAULT_SECRET_ID"
)

// DefaultAppRoleMount is where the AppRole auth method is usually mounted.
const DefaultAppRoleMount = "approle"

// VaultConfig configures the connection to Vault. Empty fields fall back to the
// environment exactly as the Vault CLI reads it.
type VaultConfig struct {
	// Address is the server URL. Default: $VAULT_ADDR, else https://127.0.0.1:8200.
	Address string
	// Token authenticates requests. Default: $VAULT_TOKEN. Ignored when RoleID is set.
	Token string
	// Namespace is the Vault Enterprise namespace. Default: $VAULT_NAMESPACE.
	Namespace string
	// RoleID and SecretID log in with AppRole instead of a token. Default:
	// $VAULT_ROLE_ID and $VAULT_SECRET_ID.
	RoleID, SecretID string
	// AppRoleMount is the AppRole auth mount. Default: "approle".
	AppRoleMount string
	// Client, when set, is used as it is and every other field is ignored.
	Client *api.Client
}

// NewVaultClient returns an authenticated Vault client for cfg. With an AppRole role
// id it logs in first.
func NewVaultClient(ctx context.Context, cfg VaultConfig) (*api.Client, error) {
	if cfg.Client != nil {
		return cfg.Client, nil
	}
	conf := api.DefaultConfig() // reads VAULT_ADDR, VAULT_CACERT, VAULT_SKIP_VERIFY, ...
	if conf.Error != nil {
		return nil, fmt.Errorf("vault config from environment: %w", conf.Error)
	}
	if cfg.Address != "" {
		conf.Address = cfg.Address
	}
	client, err := api.NewClient(conf) // reads VAULT_TOKEN, VAULT_NAMESPACE
	if err != nil {
		return nil, fmt.Errorf("vault client: %w", err)
	}
	if cfg.Namespace != "" {
		client.SetNamespace(cfg.Namespace)
	}
	if cfg.Token != "" {
		client.SetToken(cfg.Token)
	}
	roleID, secretID := firstNonEmpty(cfg.RoleID, os.Getenv(EnvVaultRoleID)), firstNonEmpty(cfg.SecretID, os.Getenv(EnvVaultSecretID))
	if roleID == "" {
		if client.Token() == "" {
			return nil, fmt.Errorf("%w: no Vault token: set VAULT_TOKEN, or VAULT_ROLE_ID and VAULT_SECRET_ID for AppRole", ErrPermissionDenied)
		}
		return client, nil
	}
	if err := appRoleLogin(ctx, client, firstNonEmpty(cfg.AppRoleMount, DefaultAppRoleMount), roleID, secretID); err != nil {
		return nil, err
	}
	return client, nil
}

func appRoleLogin(ctx context.Context, client *api.Client, mount, roleID, secretID string) error {
	client.ClearToken()
	secret, err := client.Logical().WriteWithContext(ctx, "auth/"+mount+"/login", map[string]interface{}{
		"role_id":   roleID,
		"secret_id": secretID,
	})
	if err != nil {
		return vaultError(client, "approle login", err, "check the role id and secret id (VAULT_ROLE_ID, VAULT_SECRET_ID) and the auth mount")
	}
	if secret == nil || secret.Auth == nil || secret.Auth.ClientToken == "" {
		return fmt.Errorf("%w: approle login at %s returned no token", ErrPermissionDenied, client.Address())
	}
	client.SetToken(secret.Auth.ClientToken)
	return nil
}

// vaultError maps a Vault client error to the package's sentinel errors, naming the
// operation, the server and how to fix it.
func vaultError(client *api.Client, op string, err error, permissionHint string) error {
	addr := client.Address()
	var re *api.ResponseError
	switch {
	case errors.As(err, &re) && re.StatusCode == 503 && mentions(re.Errors, "sealed"):
		return fmt.Errorf("%w: %s at %s: unseal it (`vault operator unseal`)", ErrVaultSealed, op, addr)
	case errors.As(err, &re) && (re.StatusCode == 403 || (re.StatusCode == 400 && mentions(re.Errors, "invalid"))):
		return fmt.Errorf("%w: %s at %s: %s: %s", ErrPermissionDenied, op, addr, vaultMessages(re.Errors), permissionHint)
	case errors.Is(err, api.ErrSecretNotFound) || (errors.As(err, &re) && re.StatusCode == 404):
		return fmt.Errorf("%w: %s at %s", ErrSecretMissing, op, addr)
	case isNetworkError(err):
		return fmt.Errorf("%w: %s at %s: %v: check VAULT_ADDR and that the server runs", ErrVaultUnreachable, op, addr, err)
	}
	return fmt.Errorf("%s at %s: %w", op, addr, err)
}

func isNetworkError(err error) bool {
	var ue *url.Error
	var ne net.Error
	var oe *net.OpError
	return errors.As(err, &ue) || errors.As(err, &ne) || errors.As(err, &oe) ||
		strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "giving up after")
}

// vaultMessages flattens Vault's multi-error texts ("1 error occurred:\n\t* permission
// denied\n\n") into one line.
func vaultMessages(errs []string) string {
	var parts []string
	for _, e := range errs {
		for _, line := range strings.Split(e, "\n") {
			line = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(line), "*"))
			if line == "" || strings.HasSuffix(line, "occurred:") {
				continue
			}
			parts = append(parts, line)
		}
	}
	return strings.Join(parts, "; ")
}

func mentions(msgs []string, word string) bool {
	for _, m := range msgs {
		if strings.Contains(strings.ToLower(m), word) {
			return true
		}
	}
	return false
}

func firstNonEmpty(vals ...string) string {
	for _, v := range vals {
		if v != "" {
			return v
		}
	}
	return ""
}
