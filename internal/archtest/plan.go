// Package archtest holds the package plan of the module: every package's layer, lowest
// first, and a test that `go list -deps` shows no package importing one of a higher
// layer. A package may import packages of its own layer and of the layers below it.
// The plan is a table, one line per package, so the docs can quote it.
package archtest

import "strings"

// Layers names the layers, lowest first; a package's layer is its index here.
var Layers = []string{
	"wire",     // 0: wire types, ABI, signing, helpers with no project imports
	"chain",    // 1: talking to chains, SIWE, the API client
	"infra",    // 2: config, pricing, the store, metrics, the chain harness
	"core",     // 3: one concept each over the store: ledger, venues, access, election, engine
	"services", // 4: the venues' services and what reads the outbox
	"http",     // 5: the HTTP service, which only wires what it is given
	"root",     // 6: the composition root
	"commands", // 7: CLI commands and the demo
	"mains",    // 8: the binaries' main packages
}

// Package is one line of the plan.
type Package struct {
	// Path is the import path below the module, e.g. "internal/gateway".
	Path string
	// Layer is the package's index in Layers.
	Layer int
	// Role says in a few words what the package is.
	Role string
}

// Exempt reports whether a package is outside the plan: the benchmark commands are
// top-level mains that may import any layer.
func Exempt(path string) bool {
	for _, p := range []string{"testnet/cmd/bench", "internal/engine/benchsettle", "cmd/bench"} {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// Plan is every package of the module but the exempt ones, by layer.
var Plan = []Package{
	{"abi", 0, "compiled DTW contract artifacts"},
	{"abi/bindings", 0, "generated Go bindings of the contracts"},
	{"abi/gen", 0, "command that regenerates abi/bindings"},
	{"contracts", 0, "Solidity sources of the DTW contract and test tokens"},
	{"api", 0, "wire types, error codes, permissions, paths, OpenAPI and AsyncAPI documents"},
	{"api/webhook", 0, "signing and verifying webhook deliveries"},
	{"api/receipt", 0, "EIP-712 receipts of ledger movements and their hash chain"},
	{"signer", 0, "keystore and Vault signers, SIWE messages"},
	{"cmd", 0, "parent folder of the binaries (no code)"},
	{"internal/archtest", 0, "this package plan and its test"},
	{"internal/auth", 0, "JWTs, API key secret hashes, random ids"},
	{"internal/echo", 0, "bounds what error messages repeat of their input"},
	{"internal/clihelp", 0, "every help text of a urfave/cli app, for the tests that check them"},
	{"internal/version", 0, "the binaries' --version and /readyz's build, from the Go build info"},
	{"internal/errs", 0, "the one error vocabulary: each kind of failure the interface has a code for"},
	{"internal/faults", 0, "fault injection: RPC proxy, replica balancer, reorgs"},
	{"internal/ratelimit", 0, "keyed token buckets"},

	{"chain/dtw", 1, "DTW orders and withdrawals as EIP-712 typed data"},
	{"chain", 1, "chain registry, event follower, journaled sender, receipt checks"},
	{"chain/trader", 1, "the trader's on-chain side and independent verification"},
	{"api/client", 1, "typed Go client of the REST API"},
	{"api/reserves", 1, "proof of reserves: Merkle sum trees, proofs, holdings read on chain"},
	{"testnet/devnet", 1, "the devnet.json format"},
	{"internal/siweverify", 1, "strict Sign-In with Ethereum verification"},
	{"internal/siwetest", 1, "SIWE messages for tests"},

	{"internal/config", 2, "the gateway's configuration and its Check"},
	{"internal/receiptkey", 2, "opens the receipt key and lists the keys to publish"},
	{"internal/pricing", 2, "price book and on-chain price feeds"},
	{"internal/outbox", 2, "the event kinds, their payloads and Write, the one way an event is written"},
	{"internal/store", 2, "SQLite and PostgreSQL stores, one interface per concept"},
	{"internal/store/pgtest", 2, "throwaway PostgreSQL server for tests"},
	{"internal/store/storetest", 2, "the stores' conformance suite"},
	{"internal/metrics", 2, "Prometheus implementations of the consumers' Metricer interfaces"},
	{"testnet", 2, "anvil chains, contracts and Vault for tests, the demo and embedders"},
	{"testnet/liar", 2, "a JSON-RPC endpoint that lies about receipts, logs, blocks or its head, for tests"},
	{"testnet/benchkit", 2, "plumbing the process benchmarks share"},
	{"testnet/benchkit/smoke", 2, "smoke form of every benchmark in make test"},

	{"internal/ledger", 3, "the OFFCHAIN double-entry ledger"},
	{"internal/venue", 3, "resolves a source to its venue, once"},
	{"internal/access", 3, "callers resolved from memory: keys, wallets, whitelist"},
	{"internal/accounts", 3, "API keys: issue, rotate, list, check"},
	{"internal/election", 3, "leases and the fenced store of the settler's work"},
	{"internal/engine", 3, "the settlement engine of one chain"},
	{"internal/market", 3, "market data: prices, estimates, commission"},
	{"internal/push", 3, "the websocket hub over the outbox"},
	{"internal/probe", 3, "/healthz, /readyz and /metrics of every process"},

	{"internal/offchain", 4, "the OFFCHAIN venue: balances, funding, withdrawals, trading"},
	{"internal/offchain/offchaintest", 4, "the OFFCHAIN services over one store, for tests"},
	{"internal/onchain", 4, "the chains' venues: assets, relays, status, history"},
	{"internal/activity", 4, "outbox events as account activity"},
	{"internal/custody", 4, "OFFCHAIN custody on chains: deposit addresses, sweeps, payouts"},
	{"internal/inventory", 2, "the operator's inventory bands: DTW inventory and treasury reports and rebalancing moves"},
	{"internal/webhooks", 4, "webhook subscriptions and their durable delivery"},
	{"internal/solvency", 4, "proof of reserves: snapshots published and their proofs served"},

	{"internal/gateway", 5, "HTTP: route table, handlers, auth checks, errors"},

	{"internal/app", 6, "the composition root: builds every service once, runs the roles"},

	{"internal/gatewaycmd", 7, "dtwgate commands: serve, admin, devnet"},
	{"internal/dtwcli", 7, "dtw commands"},
	{"internal/demo", 7, "make demo"},
	{"internal/gatewaytest", 7, "runs the real dtwgate binary for end-to-end tests"},
	{"deploy", 7, "Prometheus alert rules and the Grafana dashboard, with their tests (no Go code)"},

	{"cmd/dtw", 8, "the dtw binary"},
	{"cmd/dtwgate", 8, "the dtwgate binary"},
}
