// Package testnet starts local anvil chains with the DTW contract and test tokens
// deployed and accounts funded, for tests, the demo and embedders' own tests. It finds the
// pinned tools that `make tools` installs under ./tools (or $DTW_TOOLS_DIR) and fails with
// a message naming that command when they are missing; it never falls back silently.
package testnet
