# dtwgate: build, test and tool installation.
#
# `make demo` and `make test` are the two set-up commands; both install the pinned
# tools they need (anvil, cast, solc from npm; a Vault dev server built from Go sources)
# into ./tools, which git ignores.

SHELL       := /bin/bash
GO          ?= go
TOOLS       := $(CURDIR)/tools
NODE_BIN    := $(TOOLS)/node_modules/.bin
TOOLS_STAMP := $(TOOLS)/.npm-installed
export DTW_TOOLS_DIR := $(TOOLS)
export PATH := $(NODE_BIN):$(TOOLS)/bin:$(PATH)

.PHONY: all build tools postgres wrk prometheus contracts test test-short test-faults bench-gas bench-settle bench-api bench-offchain bench-scale bench-push bench-reserves bench-follow demo devnet fmt vet clean

all: build

# The Vault dev server (testnet/vaultdev, its own Go module) is rebuilt only when its
# module files or sources change. A first build downloads and compiles Vault's core: minutes.
VAULT_BIN  := $(TOOLS)/bin/vault
VAULT_SRCS := $(shell find testnet/vaultdev -name '*.go' -o -name go.mod -o -name go.sum)

## tools: install pinned anvil, cast, solc and the API documents' validators (npm), build
## the Vault dev server into ./tools, and install PostgreSQL, wrk and Prometheus (Debian) when absent;
## idempotent and fast when done.
tools: $(TOOLS_STAMP) $(VAULT_BIN) postgres wrk prometheus

# PostgreSQL's server binaries (initdb, postgres) for the PostgreSQL store's tests, which
# start throwaway servers from them (internal/store/pgtest): Debian's package, pinned.
POSTGRES_PKG := postgresql-15=15.18-0+deb12u1

## postgres: install Debian's PostgreSQL server package (pinned) unless initdb is present.
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null; then exit 0; fi; \
	echo "installing PostgreSQL ($(POSTGRES_PKG), Debian package)"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
	$$SUDO apt-get install -y $(POSTGRES_PKG) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(POSTGRES_PKG); }

# wrk, the load generator of bench-api and of its smoke form: Debian's package, pinned.
WRK_PKG := wrk=4.1.0-3+b2

## wrk: install wrk (Debian's package, pinned), bench-api's load generator, unless it is present.
wrk:
	@if command -v wrk >/dev/null; then exit 0; fi; \
	echo "installing wrk ($(WRK_PKG), Debian package)"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
	$$SUDO apt-get install -y $(WRK_PKG) || { $$SUDO apt-get update && $$SUDO apt-get install -y $(WRK_PKG); }

# Prometheus and promtool, which check deploy/prometheus/alerts.yaml and run it against a
# live gateway in make test (deploy/monitoring_test.go): Debian's package, pinned.
PROMETHEUS_PKG := prometheus=2.42.0+ds-5+b6

## prometheus: install Prometheus and promtool (Debian's package, pinned) unless present.
prometheus:
	@if command -v promtool >/dev/null && command -v prometheus >/dev/null; then exit 0; fi; \
	echo "installing Prometheus ($(PROMETHEUS_PKG), Debian package)"; \
	if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO="sudo -n"; fi; \
	$$SUDO apt-get install -y --no-install-recommends $(PROMETHEUS_PKG) || { $$SUDO apt-get update && $$SUDO apt-get install -y --no-install-recommends $(PROMETHEUS_PKG); }

$(TOOLS_STAMP): package.json package-lock.json
	@mkdir -p $(TOOLS)
	@cp package.json package-lock.json $(TOOLS)/
	@cd $(TOOLS) && npm ci --no-audit --no-fund --loglevel=error
	@$(NODE_BIN)/anvil --version | head -1
	@$(NODE_BIN)/solcjs --version
	@touch $@

.PHONY: vault
## vault: build the pinned Vault dev server (KV v2 + AppRole) into ./tools/bin/vault.
vault: $(VAULT_BIN)

$(VAULT_BIN): $(VAULT_SRCS)
	@mkdir -p $(TOOLS)/bin
	@echo "building the Vault dev server from testnet/vaultdev (first build: several minutes)"
	@cd testnet/vaultdev && time $(GO) build -o $@.tmp .
	@mv $@.tmp $@
	@$@ version

## build: build the dtwgate and dtw binaries into ./bin.
build:
	$(GO) build -buildvcs=auto -o bin/ ./cmd/...

## contracts: compile contracts/*.sol into abi/ (ABI + bytecode) and regenerate the Go bindings.
contracts: tools
	node contracts/compile.js
	$(GO) run ./abi/gen

## test: every test (contracts on anvil, signer on Vault, gateway, end to end), and every
## benchmark, the demo, the devnet and the fault-injection suite in a smoke form (seconds,
## tiny sizes, no thresholds): each must run to its figure lines.
test: tools
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

## test-faults: the fault-injection suite at full size (internal/faults, FAULTS=full):
## three replicas on PostgreSQL and two anvil chains, 200 orders, 20 replica kills, reorgs,
## RPC cuts, lying RPCs and a PostgreSQL restart, about 10 minutes; prints orders_lost,
## double_settlements and leader_failover_max_s, and fails unless the first two are 0 and
## the last at most 3. `make test` runs a bounded form.
test-faults: tools
	FAULTS=full $(GO) test -count=1 -timeout 40m -run '^TestFaults$$' -v ./internal/faults/

## bench-gas: gas used by each DTW operation on anvil, one `gas <name> <value>` line each; fails
## above issue 27's targets, all met (settle 43,000, batch marginal 12,000, place 55,000,
## relayed order 65,000), printing `gap <name> N above its target T` for each figure above.
bench-gas: tools
	@$(GO) run ./testnet/cmd/benchgas

## bench-api: the API's hot paths against a bare net/http handler under wrk (installed from
## Debian's packages when absent): `ratio <target> X` lines, req/s, p50, p99 per target.
bench-api: tools
	@$(GO) run ./testnet/cmd/benchapi $(BENCH_API_FLAGS)

## bench-offchain: OFFCHAIN market swaps from 32 Go clients (API-key JWTs, real HTTP) on a real
## `dtwgate serve` for 10 s, every swap committed before its answer (checked by a SIGKILL and
## restart), then sequential RFQ round trips: swaps_per_second, swap_p50_ms, swap_p99_ms,
## rfq_roundtrip_p99_ms, non_2xx and the store's durability; the swaps run first on a gateway writing no
## receipts (receipts.off), then with a receipt key: receipts_throughput_cost_pct, receipts_p99_cost_ms,
## receipts_gateway_cpu_ms_per_swap, receipts_disk_bytes_per_swap (each round also says the storage
## written per swap and the units per group commit) (-compare-receipts=false skips the first run); then open-loop rounds offer both the same swaps
## at 70% of the slower one's throughput (Poisson arrivals, latency from when a swap is due):
## swap_p99_ms_at_rate, receipts_p99_cost_ms_at_rate. BENCH_OFFCHAIN_FLAGS: -duration, -rounds,
## -clients, -rfqs, -rate, -rate-fraction, -rate-rounds (0 skips the open loop), -store-sync full|normal
## (storeSync; the default is the gateway's, full), -cpuprofile FILE (the gateway's, over the swaps), -keep.
bench-offchain:
	@$(GO) run ./testnet/cmd/benchoffchain $(BENCH_OFFCHAIN_FLAGS)

## bench-scale: OFFCHAIN market swaps (POST /v2/orders, 32 Go clients with API-key JWTs over
## real HTTP, each on its own funded account, every swap durable) then GET
## /v2/order/OFFCHAIN/{instructionId} lookups of the answered swaps, for one replica on SQLite,
## one on PostgreSQL and three on PostgreSQL (clients round-robin over the replicas; lookups
## through another replica than the swap's), on fresh stores; PostgreSQL is a throwaway Debian
## server run durable (fsync, synchronous_commit on) to compare fairly with SQLite's
## synchronous=FULL, reached over its unix-domain socket as a gateway on its host should. Several replicas run at GOMAXPROCS = their share of the cores (cores /
## replicas, as docs/operating.md tells operators sharing a host). Three runs of every setup,
## the order reversed every other run; about 5 minutes. At the end one line per figure and setup,
## `NAME{store="sqlite|postgres",replicas="N"} VALUE`, NAME one of swaps_per_second,
## swap_p50_ms, swap_p99_ms, order_status_rps, order_status_p50_ms, order_status_p99_ms (and
## non_2xx, no_answer with phase="swaps|order_status"); before them `#` lines: the load
## average before and after each phase (2 cores shared by the gateways, PostgreSQL and the
## clients), CPU per request, PostgreSQL's commits, rollbacks and WAL fsyncs per request, each
## run's figures; the figure lines are the runs' medians (failure counts summed).
## BENCH_SCALE_FLAGS: -runs (3), -replica-procs (-1: the share; 0: Go's default), -swap-duration (10s), -get-duration (5s), -clients (32), -setups
## (sqlite:1,postgres:1,postgres:3), -pg-durable=false (pgtest's fsync off), -pg-transport tcp
## (127.0.0.1 instead of the socket), -keep, -pg-statements N
## (PostgreSQL's statements per swap from pg_stat_statements, the N most frequent), -cpuprofile DIR
## (the first gateway's CPU profile over the swaps, per setup).
bench-scale: postgres
	@$(GO) run ./testnet/cmd/benchscale $(BENCH_SCALE_FLAGS)

## bench-push: how fast the gateway pushes events, on a gateway built in the bench's process
## (real HTTP and sockets on loopback), the load average at start and end: ws_fanout_p50/p99/
## max_ms and ws_fanout_cpu_us_per_delivery, from just before a PRICE event's write (its commit
## and fsync included) to its receipt by each of 1,000 and then 5,000 websockets subscribed to
## one pair; webhook_delivery_p50/p99/max_ms,
## from an OFFCHAIN deposit's commit to its signed delivery's arrival at a local receiver (100
## subscriptions, 2,000 deposits at 200/s). BENCH_PUSH_FLAGS: -only PREFIX (one figure),
## -ws-clients N,N..., -ws-changes, -wh-subs, -wh-events, -wh-rate, -cpuprofile FILE (FILE-N:
## ws_fanout's timed changes at N sockets, samples labelled side=gateway or side=clients).
bench-push:
	@$(GO) run ./testnet/cmd/benchpush $(BENCH_PUSH_FLAGS)

## bench-reserves: the proof of reserves at exchange scale: 1,000,000 synthetic accounts x 4
## assets built into one Merkle sum tree per asset and the statement signed, then 10,000
## inclusion proofs served; prints reserves_build_s (wall) and reserves_build_cpu_s,
## reserves_peak_rss_mib, reserves_proof_p50_ms and reserves_proof_p99_ms, and whether the
## targets (under 60 s, under 1 GiB, proofs under 5 ms) were met. BENCH_RESERVES_FLAGS:
## -accounts, -assets, -proofs.
bench-reserves:
	@$(GO) run ./testnet/cmd/benchreserves $(BENCH_RESERVES_FLAGS)

## bench-follow: follower catch-up after a long time down on a busy chain: 100,000 DTW events over
## 1,000 blocks, generated on anvil (batched, many to a block; several minutes), then a fresh follower
## from block 0 to the head on a new SQLite store; prints follow_events_per_second, follow_seconds,
## follow_peak_heap_mib and follow_peak_rss_mib. BENCH_FOLLOW_FLAGS: -events, -blocks, -max-range,
## -cpuprofile FILE, -keep.
bench-follow: tools
	@$(GO) run ./testnet/cmd/benchfollow $(BENCH_FOLLOW_FLAGS)

## demo: the whole system on this machine: a two-chain devnet, the gateway, a Vault dev
## server and a scripted trader session with the dtw CLI (SIWE with a keystore and with a
## Vault signer, deposit, gasless and direct orders settled and independently verified, a
## withdrawal); stops everything it started.
demo: tools
	$(GO) run ./internal/demo

## devnet: start a two-chain devnet in ./.devnet until Ctrl-C (for trying the CLI by hand).
devnet: tools
	$(GO) run ./cmd/dtwgate devnet --dir .devnet

fmt:
	gofmt -w $$(git ls-files '*.go')

vet:
	$(GO) vet ./...

clean:
	rm -rf bin .devnet

## bench-settle: the settlement engine (its defaults) on a chain with 1 s blocks and depth 1: 10,000 resting limit
## orders, then market orders at 20/s for a minute from 20 traders, sent without waiting for receipts; prints
## orders_per_minute, blocks_to_settle_median and _max, gas_per_order, settle_transactions and batch_size_median
## and _max, with the load average; fails below 1,000 orders a minute or above a median of 1 block.
## BENCH_SETTLE_FLAGS: -targets=false, -traders, -rate, -duration, -resting, -cpuprofile FILE.
bench-settle: tools
	@$(GO) run ./testnet/cmd/benchsettle $(BENCH_SETTLE_FLAGS)
