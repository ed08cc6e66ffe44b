// Package chain holds the gateway's and the trader's code that talks to chains: the
// chain registry, the DTW event follower, the transaction sender with its journal, and
// receipt verification. Subpackage dtw holds the DTW contract's typed data and events.
package chain
