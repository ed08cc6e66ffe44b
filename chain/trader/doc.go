// Package trader is the on-chain side of a DTW trader: approve and deposit, place orders
// directly or sign them (EIP-712) for the gateway to relay, withdraw directly or signed,
// get out of an order without the gateway (a cancel request, direct or signed, that
// anyone may execute after its grace period; or a cancel after the deadline), void
// signatures (by nonce, or all older ones at once with a minimum nonce), read balances,
// and verify independently, against the trader's own RPC and own record of the DTW
// contract, every return transaction and withdrawal the gateway reports.
//
// It also owns the protocol's flows, so that an embedder does not rewrite them:
// MinBuyAmount turns a price and a slippage into a market order's minimum; FindOrder and
// FindOrderByID read an order back from its OrderPlaced event; Verifier.WaitOrder and
// Verifier.WaitWithdrawal follow the gateway's report until the trader's own RPC has
// verified it, reporting each stage; CheckWithdrawalAddress applies the rule that a
// gasless withdrawal goes only to an approved address. The dtw CLI is built on them.
//
// A Trader signs with a signer.Signer and talks to one chain through a Backend such as
// *ethclient.Client. Its chain.Source is the trader's own configuration of that chain:
// chain id, DTW address, confirmation depth and tokens with their decimals. Nothing the
// gateway says replaces it.
package trader
