package signer

import (
	"context"
	"crypto/ecdsa"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/ethereum/go-ethereum/common"
	"github.com/ethereum/go-ethereum/crypto"
)

// The Vault backends read key material from a KV v2 secret once, keep it only in this
// process's memory and zero it on Close. Vault's Transit engine cannot sign
// secp256k1; a backend that signs inside Vault (an Ethereum signing plugin) would
// implement DigestSigner over the plugin's sign endpoint and be returned by New,
// so callers, which only see Signer, stay unchanged.

// OpenVault reads a hex private key from the field of a KV v2 secret and returns a
// Signer over it.
func OpenVault(ctx context.Context, cfg VaultConfig, secret VaultSecret) (Signer, error) {
	fields, err := readFields(ctx, cfg, secret, secret.Field)
	if err != nil {
		return nil, err
	}
	defer zeroFields(fields)
	key, err := ParsePrivateKey(fields[0])
	if err != nil {
		return nil, fmt.Errorf("vault secret %s: %w (store a 64-hex-digit key with `dtw wallet vault-put`)", secret, err)
	}
	return New(newKeySigner(key)), nil
}

// OpenVaultKeystore reads a keystore JSON from the field of a KV v2 secret and its
// password from passwordField of the same secret, and returns a Signer over the key.
func OpenVaultKeystore(ctx context.Context, cfg VaultConfig, secret VaultSecret, passwordField string) (Signer, error) {
	fields, err := readFields(ctx, cfg, secret, secret.Field, passwordField)
	if err != nil {
		return nil, err
	}
	defer zeroFields(fields)
	key, err := DecryptKeystore(fields[0], string(fields[1]))
	if err != nil {
		return nil, fmt.Errorf("vault secret %s: %w", secret, err)
	}
	return New(newKeySigner(key)), nil
}

// PutVaultKey stores key as hex in the field of a KV v2 secret (creating a new
// version) and returns its address. Other fields of the secret are replaced.
func PutVaultKey(ctx context.Context, cfg VaultConfig, secret VaultSecret, key *ecdsa.PrivateKey) (common.Address, error) {
	client, err := NewVaultClient(ctx, cfg)
	if err != nil {
		return common.Address{}, err
	}
	b := crypto.FromECDSA(key)
	defer zeroBytes(b)
	_, err = client.KVv2(secret.Mount).Put(ctx, secret.Path, map[string]interface{}{
		secret.Field: hex.EncodeToString(b),
	})
	if err != nil {
		return common.Address{}, vaultError(client, "write "+secret.Mount+"/data/"+secret.Path, err,
			"the token's policy needs create and update on "+secret.Mount+"/data/"+secret.Path)
	}
	return keyAddress(key), nil
}

// readFields logs in, reads the secret and returns copies of the named string
// fields, which the caller zeroes.
func readFields(ctx context.Context, cfg VaultConfig, secret VaultSecret, names ...string) ([][]byte, error) {
	client, err := NewVaultClient(ctx, cfg)
	if err != nil {
		return nil, err
	}
	path := secret.Mount + "/data/" + secret.Path
	kv, err := client.KVv2(secret.Mount).Get(ctx, secret.Path)
	if err != nil {
		err = vaultError(client, "read "+path, err, "the token's policy needs read on "+path)
		if errors.Is(err, ErrSecretMissing) {
			err = fmt.Errorf("%w (store a key there with `dtw wallet vault-put`)", err)
		}
		return nil, err
	}
	if kv == nil || kv.Data == nil {
		return nil, fmt.Errorf("%w: read %s at %s: no data (deleted?)", ErrSecretMissing, path, client.Address())
	}
	fields := make([][]byte, 0, len(names))
	for _, name := range names {
		v, ok := kv.Data[name]
		if !ok {
			zeroFields(fields)
			return nil, fmt.Errorf("%w: secret %s has no field %q", ErrSecretMissing, path, name)
		}
		s, ok := v.(string)
		if !ok {
			zeroFields(fields)
			return nil, fmt.Errorf("%w: field %q of secret %s is a %T, want a string", ErrKeyMalformed, name, path, v)
		}
		fields = append(fields, []byte(s))
	}
	return fields, nil
}

func zeroFields(fields [][]byte) {
	for _, f := range fields {
		zeroBytes(f)
	}
}
