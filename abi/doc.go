// Package abi holds the DTW contract's compiled artifacts (artifacts/*.abi and *.bin,
// produced by contracts/compile.js with the pinned solc) and, in package bindings, the Go
// bindings generated from them with go-ethereum's abigen v2. `make contracts` rebuilds
// both; TestArtifactsUpToDate in abi/gen fails when the committed files differ from a
// fresh build.
package abi
