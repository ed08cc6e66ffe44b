// Package signer signs Ethereum transactions, EIP-191 messages, EIP-712 typed data and
// Sign-In with Ethereum (EIP-4361) messages with a key held in a local keystore or in
// HashiCorp Vault.
//
// Callers see only the Signer interface. Every backend reduces to a DigestSigner (an
// address and a function that signs a 32-byte digest); New wraps one into a Signer, so
// a backend that signs inside a remote service (a Vault plugin, an HSM) is added by
// implementing DigestSigner, without touching callers.
//
// A signer is chosen by a spec string shared by the CLI and the config files (see
// ParseSpec), and opened with Open.
package signer
