// Package client is a typed Go client for the dtwgate REST API: authentication (API key or
// Sign-In with Ethereum through any signer.Signer), API keys, on-chain assets, addresses,
// orders, withdrawals, account history, market data and webhook subscriptions (a
// receiver verifies their deliveries with package api/webhook).
//
// Start from DefaultConfig, overlay the environment with ReadEnvironment, set an
// Authenticator, and call New. Every method takes a context first and is safe for
// concurrent use. Errors from the gateway are *Error values carrying the HTTP status and
// the interface's code; test them with IsCode or errors.As.
//
// The client logs in on first use, caches the bearer JWT, logs in again shortly before
// the token expires and once when a request is answered 401. It retries idempotent
// requests (GETs) on network errors and 5xx answers with bounded exponential backoff.
// A POST that timed out may have been carried out, so POSTs are retried only where a
// repeat is defined to answer the first: an OFFCHAIN swap or quote request, named by its
// instructionId (Swap, RequestQuote). ActionQuote is never retried.
package client
