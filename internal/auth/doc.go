// Package auth holds the gateway's credentials: bearer JWTs (HS256, bound to an account and
// to an API key generation or a wallet address), slow secret hashes compared in constant
// time, and random identifiers, secrets, nonces and tickets.
package auth
