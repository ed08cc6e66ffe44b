// Package auth holds the gateway's credentials: bearer JWTs (HS256, bound to an account and
// to an API key generation or a wallet address), API key secret hashes (HMAC-SHA-256 under a server key) compared in constant
// time, and random identifiers, secrets, nonces and tickets.
package auth
