// Package trader is the on-chain side of a DTW trader: approve and deposit, place orders
// directly or sign them (EIP-712) for the gateway to relay, withdraw directly or signed,
// cancel an expired order without the gateway (the escape hatch), read balances, and
// verify independently, against the trader's own RPC and own record of the DTW contract,
// every return transaction and withdrawal the gateway reports.
//
// A Trader signs with a signer.Signer and talks to one chain through a Backend such as
// *ethclient.Client. Its chain.Source is the trader's own configuration of that chain:
// chain id, DTW address, confirmation depth and tokens with their decimals. Nothing the
// gateway says replaces it.
package trader
