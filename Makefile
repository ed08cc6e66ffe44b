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

.PHONY: all build tools contracts test test-short bench-gas demo fmt vet clean

all: build

## tools: install pinned anvil, cast and solc (npm) into ./tools; idempotent and fast when done.
tools: $(TOOLS_STAMP)

$(TOOLS_STAMP): package.json package-lock.json
	@mkdir -p $(TOOLS)
	@cp package.json package-lock.json $(TOOLS)/
	@cd $(TOOLS) && npm ci --no-audit --no-fund --loglevel=error
	@$(NODE_BIN)/anvil --version | head -1
	@$(NODE_BIN)/solcjs --version
	@touch $@

## build: build the dtwgate and dtw binaries into ./bin.
build:
	$(GO) build -o bin/ ./cmd/...

## contracts: compile contracts/*.sol into abi/ (ABI + bytecode) and regenerate the Go bindings.
contracts: tools
	node contracts/compile.js
	$(GO) run ./abi/gen

## test: every test (contracts on anvil, signer on Vault, gateway, end to end).
test: tools
	$(GO) vet ./...
	$(GO) test -count=1 -timeout 30m ./...

## bench-gas: gas used by each DTW operation on anvil, one `gas <name> <value>` line each.
bench-gas: tools
	@$(GO) run ./testnet/cmd/benchgas

## demo: start a two-chain devnet (Ctrl-C stops it).
demo: tools
	$(GO) run ./cmd/dtwgate devnet --dir .devnet

fmt:
	gofmt -w $$(git ls-files '*.go')

vet:
	$(GO) vet ./...

clean:
	rm -rf bin .devnet
