// Package contracts holds the Solidity sources of the DTW contract and its test tokens; its tests run the compiled contracts on anvil.
package contracts
